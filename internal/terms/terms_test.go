package terms

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// Sort orders by word with each count beside its word; Compact sums a
// repeated word's counts, saturating at MaxInt32, and keeps sorted input
// as it is.
func TestSortAndCompact(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var scratch []uint64
	for range 200 {
		n := rng.IntN(40)
		words, counts := make([]int32, n), make([]int32, n)
		want := map[int32]int64{}
		for i := range words {
			words[i], counts[i] = int32(rng.IntN(30)), 1+int32(rng.IntN(1000))
			want[words[i]] += int64(counts[i])
		}
		w, c := slices.Clone(words), slices.Clone(counts)
		scratch = Sort(w, c, scratch)
		if !slices.IsSorted(w) {
			t.Fatalf("Sort: %v not sorted", w)
		}
		got := map[int32]int64{}
		for i := range w {
			got[w[i]] += int64(c[i])
		}
		if len(got) != len(want) {
			t.Fatalf("Sort lost words: %v, want %v", got, want)
		}
		for k, v := range want {
			if got[k] != v {
				t.Fatalf("Sort: word %d has %d, want %d", k, got[k], v)
			}
		}
		var m int
		m, _, scratch = Compact(words, counts, scratch)
		if m != len(want) || !slices.IsSorted(words[:m]) {
			t.Fatalf("Compact: %d words %v, want %d sorted", m, words[:m], len(want))
		}
		for i := range m {
			if int64(counts[i]) != want[words[i]] || (i > 0 && words[i] == words[i-1]) {
				t.Fatalf("Compact: word %d count %d, want %d once", words[i], counts[i], want[words[i]])
			}
		}
	}
	words, counts := []int32{7, 3, 7}, []int32{math.MaxInt32, 5, 1}
	n, overflow, _ := Compact(words, counts, nil)
	if n != 2 || overflow != 7 || counts[1] != math.MaxInt32 || words[0] != 3 {
		t.Errorf("overflow: n %d, overflow %d, %v %v", n, overflow, words, counts)
	}
}
