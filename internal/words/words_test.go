package words

import "testing"

func TestProblem(t *testing.T) {
	for w, want := range map[string]string{
		"word": "", "wörd": "", "日本語": "", "\ufffd": "", `a"b`: "",
		"": "is empty", "b\xff": "is not valid UTF-8", "a b": "contains white space",
		"a\tb": "contains white space", "line\n": "contains white space", "nb\u00a0sp": "contains white space",
		"ideo\u3000graphic": "contains white space", "nul\x00": "contains a NUL byte",
	} {
		if got := Problem(w); got != want {
			t.Errorf("Problem(%q) = %q, want %q", w, got, want)
		}
	}
}
