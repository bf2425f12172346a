package corpus

import "testing"

func TestAutoMinDF(t *testing.T) {
	for d, want := range map[int]int{10: 1, 60: 3, 200: 5, 3430: 34, 50000: 100, 1e7: 100} {
		if got := AutoMinDF(d); got != want {
			t.Errorf("AutoMinDF(%d) = %d, want %d", d, got, want)
		}
	}
}

func TestBytes(t *testing.T) {
	c := FromTokens([][]string{{"ab", "c", "ab"}, {"c"}})
	// Offsets 3 x 8, 3 nonzeros x (4 + 4), vocab "ab" "c" 2 x 16 + 3, ids "1" "2" 2 x 16 + 2.
	if got, want := c.Bytes(), int64(24+24+35+34); got != want {
		t.Errorf("Bytes() = %d, want %d", got, want)
	}
}
