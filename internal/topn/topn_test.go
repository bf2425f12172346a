package topn

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
)

// Indices gives the first n of a stable sort by decreasing score, on
// scores with many ties, infinities and NaNs, for n from 0 to past size.
func TestIndicesIsAStableSortCut(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		size := rng.IntN(60)
		x := make([]float64, size)
		for i := range x {
			switch rng.IntN(10) {
			case 0:
				x[i] = math.NaN()
			case 1:
				x[i] = math.Inf(-1 + 2*rng.IntN(2))
			default:
				x[i] = float64(rng.IntN(8)) // ties
			}
		}
		key := func(i int) float64 {
			if math.IsNaN(x[i]) {
				return math.Inf(-1)
			}
			return x[i]
		}
		want := make([]int, size)
		for i := range want {
			want[i] = i
		}
		sort.SliceStable(want, func(a, b int) bool { return key(want[a]) > key(want[b]) })
		for _, n := range []int{-1, 0, 1, 3, size / 2, size, size + 2} {
			got := Indices(size, n, func(i int) float64 { return x[i] })
			w := want[:min(max(n, 0), size)]
			if !slices.Equal(got, w) && !(len(got) == 0 && len(w) == 0) {
				t.Fatalf("Indices(%v, %d) = %v, want %v", x, n, got, w)
			}
		}
	}
}

func ExampleIndices() {
	x := []float64{0.1, 0.4, 0.2, 0.4, 0.05}
	fmt.Println(Indices(len(x), 3, func(i int) float64 { return x[i] }))
	// Output: [1 3 2]
}
