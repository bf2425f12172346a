package corpus

import "testing"

func TestAutoMinDF(t *testing.T) {
	for d, want := range map[int]int{10: 1, 60: 3, 200: 5, 3430: 34, 50000: 100, 1e7: 100} {
		if got := AutoMinDF(d); got != want {
			t.Errorf("AutoMinDF(%d) = %d, want %d", d, got, want)
		}
	}
}
