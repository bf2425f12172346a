package assign

import (
	"math"
	"math/rand/v2"
	"testing"
)

// bruteForce returns the least total cost over all permutations.
func bruteForce(cost [][]float64) float64 {
	n := len(cost)
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	best := math.Inf(1)
	var rec func(k int, sum float64)
	rec = func(k int, sum float64) {
		if k == n {
			best = min(best, sum)
			return
		}
		for i := k; i < n; i++ {
			perm[k], perm[i] = perm[i], perm[k]
			rec(k+1, sum+cost[k][perm[k]])
			perm[k], perm[i] = perm[i], perm[k]
		}
	}
	rec(0, 0)
	return best
}

func randomMatrix(rng *rand.Rand, n int, gen func() float64) [][]float64 {
	m := make([][]float64, n)
	for i := range m {
		m[i] = make([]float64, n)
		for j := range m[i] {
			m[i][j] = gen()
		}
	}
	return m
}

// checkPermutation fails t unless p is a permutation of 0..n-1.
func checkPermutation(t *testing.T, p []int, n int) {
	t.Helper()
	if len(p) != n {
		t.Fatalf("assignment has %d entries, want %d", len(p), n)
	}
	seen := make([]bool, n)
	for i, j := range p {
		if j < 0 || j >= n || seen[j] {
			t.Fatalf("assignment %v is not a permutation (row %d)", p, i)
		}
		seen[j] = true
	}
}

func TestMinCostBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	gens := map[string]func() float64{
		"uniform":  rng.Float64,
		"signed":   func() float64 { return 200*rng.Float64() - 100 },
		"integers": func() float64 { return float64(rng.IntN(4)) }, // many ties
	}
	for name, gen := range gens {
		for n := 1; n <= 7; n++ {
			for trial := 0; trial < 30; trial++ {
				cost := randomMatrix(rng, n, gen)
				p, total := MinCost(cost)
				checkPermutation(t, p, n)
				if got := sumAssigned(cost, p); got != total {
					t.Fatalf("%s n=%d: total %v but assignment sums to %v", name, n, total, got)
				}
				if want := bruteForce(cost); math.Abs(total-want) > 1e-9 {
					t.Fatalf("%s n=%d: MinCost total %v, brute force %v\n%v", name, n, total, want, cost)
				}
			}
		}
	}
}

func TestMaxWeightBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 1; n <= 7; n++ {
		for trial := 0; trial < 30; trial++ {
			w := randomMatrix(rng, n, rng.Float64)
			p, total := MaxWeight(w)
			checkPermutation(t, p, n)
			neg := randomMatrix(rng, n, func() float64 { return 0 })
			for i := range w {
				for j := range w[i] {
					neg[i][j] = -w[i][j]
				}
			}
			if want := -bruteForce(neg); math.Abs(total-want) > 1e-9 {
				t.Fatalf("n=%d: MaxWeight total %v, brute force %v", n, total, want)
			}
		}
	}
}

func TestMinCostKnown(t *testing.T) {
	cost := [][]float64{
		{4, 1, 3},
		{2, 0, 5},
		{3, 2, 2},
	}
	p, total := MinCost(cost)
	want := []int{1, 0, 2}
	for i := range want {
		if p[i] != want[i] {
			t.Fatalf("assignment %v, want %v", p, want)
		}
	}
	if total != 5 {
		t.Fatalf("total %v, want 5", total)
	}
}

func TestMinCostTies(t *testing.T) {
	for n := 1; n <= 6; n++ {
		cost := randomMatrix(nil, n, func() float64 { return 7 })
		p, total := MinCost(cost)
		checkPermutation(t, p, n)
		if total != float64(7*n) {
			t.Fatalf("n=%d: total %v, want %v", n, total, 7*n)
		}
	}
}

func TestMinCostEmpty(t *testing.T) {
	p, total := MinCost(nil)
	if len(p) != 0 || total != 0 {
		t.Fatalf("MinCost(nil) = %v, %v", p, total)
	}
	p, total = MaxWeight([][]float64{})
	if len(p) != 0 || total != 0 {
		t.Fatalf("MaxWeight(empty) = %v, %v", p, total)
	}
}

func TestMinCostDoesNotModify(t *testing.T) {
	cost := [][]float64{{1, 2}, {3, -4}}
	MinCost(cost)
	if cost[0][0] != 1 || cost[0][1] != 2 || cost[1][0] != 3 || cost[1][1] != -4 {
		t.Fatalf("input modified: %v", cost)
	}
}

func TestPanics(t *testing.T) {
	cases := map[string][][]float64{
		"ragged":     {{1, 2}, {3}},
		"non-square": {{1, 2, 3}, {4, 5, 6}},
		"NaN":        {{1, math.NaN()}, {3, 4}},
		"Inf":        {{1, 2}, {math.Inf(-1), 4}},
	}
	for name, m := range cases {
		for fname, f := range map[string]func([][]float64) ([]int, float64){"MinCost": MinCost, "MaxWeight": MaxWeight} {
			func() {
				defer func() {
					if recover() == nil {
						t.Errorf("%s(%s) did not panic", fname, name)
					}
				}()
				f(m)
			}()
		}
	}
}

func BenchmarkMinCost(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	cost := randomMatrix(rng, 100, rng.Float64)
	b.ReportAllocs()
	for b.Loop() {
		MinCost(cost)
	}
}
