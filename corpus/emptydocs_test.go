package corpus

import "testing"

func TestEmptyDocs(t *testing.T) {
	for _, tc := range []struct {
		name string
		docs [][]string
		want int
	}{
		{"none", [][]string{{"a"}, {"b", "a"}}, 0},
		{"first, middle and last", [][]string{{}, {"a"}, nil, {"b"}, {}}, 3},
		{"all", [][]string{{}, {}}, 2},
		{"no document", nil, 0},
	} {
		if got := FromTokens(tc.docs).EmptyDocs(); got != tc.want {
			t.Errorf("%s: %d empty documents, want %d", tc.name, got, tc.want)
		}
	}
	// Documents emptied by aligning to a vocabulary that lacks their words.
	c, _ := Align(FromTokens([][]string{{"x", "y"}, {"a", "x"}, {"z"}}), []string{"a", "b"})
	if got := c.EmptyDocs(); got != 2 {
		t.Errorf("aligned: %d empty documents, want 2", got)
	}
}
