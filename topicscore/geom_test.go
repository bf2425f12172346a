package topicscore

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hulltopics/hull/internal/simplex"
)

// The truncation function of step 1: T(x, a) = sign(x) min(|x|, a).
func TestTruncate(t *testing.T) {
	for _, tc := range []struct{ x, a, want float64 }{
		{0.5, 2, 0.5}, {-0.5, 2, -0.5}, {3, 2, 2}, {-3, 2, -2}, {2, 2, 2}, {0, 1, 0},
		{math.Inf(1), 7.6, 7.6}, {math.Inf(-1), 7.6, -7.6},
	} {
		if got := truncate(tc.x, tc.a); got != tc.want {
			t.Errorf("T(%v, %v) = %v, want %v", tc.x, tc.a, got, tc.want)
		}
	}
	if got, want := ratioThreshold(500, 2000), math.Log(2000); got != want {
		t.Errorf("threshold(n=500, p=2000) = %v, want log 2000 = %v", got, want)
	}
	if got, want := ratioThreshold(3000, 2000), math.Log(3000); got != want {
		t.Errorf("threshold(n=3000, p=2000) = %v, want log 3000 = %v", got, want)
	}
}

// Barycentric coordinates in the triangle (0,0), (1,0), (0,1), then step
// 3's clip and renormalisation, by hand.
func TestBarycentricClipRenormalise(t *testing.T) {
	vert := [][]float64{{0, 0}, {1, 0}, {0, 1}}
	b := newBaryInverse(3)
	if !b.set(func(i int) []float64 { return vert[i] }) {
		t.Fatal("triangle reported degenerate")
	}
	for _, tc := range []struct {
		x, raw, clipped []float64
	}{
		// Inside: the coordinates are the weights, nothing to clip.
		{[]float64{0.25, 0.25}, []float64{0.5, 0.25, 0.25}, []float64{0.5, 0.25, 0.25}},
		// Beyond the edge x+y=1: (-0.5, 0.75, 0.75) -> (0, 0.75, 0.75)/1.5.
		{[]float64{0.75, 0.75}, []float64{-0.5, 0.75, 0.75}, []float64{0, 0.5, 0.5}},
		// Beyond two edges: (1.5, -0.25, -0.25) -> (1, 0, 0).
		{[]float64{-0.25, -0.25}, []float64{1.5, -0.25, -0.25}, []float64{1, 0, 0}},
		// Beyond one edge, the others positive: (0.4, 0.8, -0.2) -> (1/3, 2/3, 0).
		{[]float64{0.8, -0.2}, []float64{0.4, 0.8, -0.2}, []float64{1.0 / 3, 2.0 / 3, 0}},
	} {
		l := make([]float64, 3)
		b.coords(tc.x, l)
		if !close(l, tc.raw, 1e-12) {
			t.Errorf("coords(%v) = %v, want %v", tc.x, l, tc.raw)
		}
		clipBarycentric(l)
		if !close(l, tc.clipped, 1e-12) {
			t.Errorf("clipped coords(%v) = %v, want %v", tc.x, l, tc.clipped)
		}
	}
	// The lower bound of a point beyond the hypotenuse is its distance to
	// that line: (0.75, 0.75) is 0.5/sqrt(2) from x+y=1.
	l := make([]float64, 3)
	b.coords([]float64{0.75, 0.75}, l)
	if got, want := b.lowerBound(l), 0.5/math.Sqrt2; math.Abs(got-want) > 1e-12 {
		t.Errorf("lower bound %v, want %v", got, want)
	}
	// Three collinear points are not a simplex.
	line := [][]float64{{0, 0}, {1, 1}, {2, 2}}
	if b.set(func(i int) []float64 { return line[i] }) {
		t.Error("collinear points accepted as a simplex")
	}
}

func close(a, b []float64, tol float64) bool {
	for i := range a {
		if math.Abs(a[i]-b[i]) > tol {
			return false
		}
	}
	return len(a) == len(b)
}

// Wolfe's algorithm agrees with exponentiated gradient (internal/simplex,
// the Quadratic objective) on the distance from random points to random
// simplices, inside and outside, in dimensions 1 to 9.
func TestNearestMatchesEG(t *testing.T) {
	if testing.Short() {
		t.Skip("an accuracy test: run without -short (the race job runs the parallel code in the thread tests)")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 300; trial++ {
		k := 2 + trial%9
		dim := k - 1
		vert := make([][]float64, k)
		for i := range vert {
			vert[i] = make([]float64, dim)
			for c := range vert[i] {
				vert[i][c] = rng.NormFloat64()
			}
		}
		x := make([]float64, dim)
		for c := range x {
			x[c] = 2 * rng.NormFloat64()
		}
		got := newNearest(k, dim).dist(x, func(i int) []float64 { return vert[i] })
		// EG on ||x - sum w_i v_i||^2 = w^T G w - 2 b^T w + ||x||^2.
		g, bv := make([]float64, k*k), make([]float64, k)
		for i := 0; i < k; i++ {
			for j := 0; j < k; j++ {
				g[i*k+j] = dot(vert[i], vert[j])
			}
			bv[i] = dot(vert[i], x)
		}
		w := make([]float64, k)
		for i := range w {
			w[i] = 1 / float64(k)
		}
		r := simplex.EG(simplex.NewQuadratic(g, bv), w, simplex.Settings{Tol: 1e-13, MaxIter: 200000}, nil)
		want := math.Sqrt(math.Max(0, r.Value+dot(x, x)))
		if math.Abs(got-want) > 1e-5*(1+want) {
			t.Fatalf("trial %d (K=%d): Wolfe %v, EG %v (%+v)", trial, k, got, want, r)
		}
	}
}

// Exact distances: to a vertex, to an edge, inside.
func TestNearestExact(t *testing.T) {
	vert := [][]float64{{0, 0}, {1, 0}, {0, 1}}
	n := newNearest(3, 2)
	f := func(i int) []float64 { return vert[i] }
	for _, tc := range []struct {
		x    []float64
		want float64
	}{
		{[]float64{-1, -1}, math.Sqrt2},   // nearest vertex (0,0)
		{[]float64{0.5, -2}, 2},           // nearest edge y=0
		{[]float64{1, 1}, 1 / math.Sqrt2}, // nearest edge x+y=1
		{[]float64{2, -1}, math.Sqrt2},    // nearest vertex (1,0)
		{[]float64{0.2, 0.2}, 0},          // inside
	} {
		if got := n.dist(tc.x, f); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("dist(%v) = %v, want %v", tc.x, got, tc.want)
		}
	}
}

func TestCombinations(t *testing.T) {
	if got := binomial(25, 20); got != 53130 {
		t.Errorf("C(25,20) = %d", got)
	}
	if got := binomial(10, 0); got != 1 {
		t.Errorf("C(10,0) = %d", got)
	}
	if got := binomial(200, 100); got != maxBinomial {
		t.Errorf("C(200,100) = %d, want the cap", got)
	}
	const n, k = 9, 4
	comb := []int{0, 1, 2, 3}
	at := make([]int, k)
	rank := 0
	for {
		unrank(rank, n, at)
		if !slices.Equal(at, comb) {
			t.Fatalf("unrank(%d) = %v, want %v", rank, at, comb)
		}
		rank++
		if !nextComb(comb, n) {
			break
		}
	}
	if rank != binomial(n, k) {
		t.Fatalf("%d combinations, want %d", rank, binomial(n, k))
	}
}

// The default K0 is ceil(5K/4) while C(K0, K) stays within the budget.
func TestDefaultK0(t *testing.T) {
	for _, tc := range []struct{ k, m, want int }{
		{2, 20, 3}, {3, 30, 4}, {6, 60, 8}, {10, 100, 13}, {20, 200, 25},
		{21, 210, 26}, {50, 500, 53}, {6, 7, 7}, {6, 6, 6},
	} {
		got := DefaultK0(tc.k, tc.m, DefaultMaxSimplices)
		if got != tc.want {
			t.Errorf("DefaultK0(%d, %d) = %d, want %d", tc.k, tc.m, got, tc.want)
		}
		if binomial(got, tc.k) > DefaultMaxSimplices {
			t.Errorf("K=%d: C(%d, %d) over budget", tc.k, got, tc.k)
		}
	}
}

// Step 2b' on a hand example: the farthest pair, then the point farthest
// from the mean of those chosen.
func TestGreedy(t *testing.T) {
	pts := []float64{
		0, 0, // 0
		10, 0, // 1
		5, 1, // 2
		5, 8, // 3
		4, 5, // 4
	}
	got := greedy(pts, 5, 2, 4)
	// Farthest pair: 0 and 1 (d^2 100; 0-3 and 1-3 are 89). From their
	// mean (5, 0) the farthest is 3 (d^2 64). From the mean (5, 8/3) of
	// 0, 1, 3: 4 at d^2 1 + (7/3)^2 = 6.4 beats 2 at (5/3)^2 = 2.8.
	want := []int{0, 1, 3, 4}
	if !slices.Equal(got, want) {
		t.Fatalf("greedy = %v, want %v", got, want)
	}
}

// The exhaustive search finds a planted triangle among noisy interior
// points and gives the same answer for any number of threads.
func TestSearchPlantedSimplex(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const k, k0 = 3, 9
	pts := []float64{0, 0, 4, 0, 0, 4} // the planted triangle first
	for len(pts) < 2*k0 {
		x, y := rng.Float64()*3, rng.Float64()*3
		if x+y < 3.5 {
			pts = append(pts, x, y)
		}
	}
	var first searchResult
	for _, threads := range []int{1, 2, 5} {
		res, err := search(context.Background(), pts, k0, k, threads, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(res.subset, []int{0, 1, 2}) || res.value != 0 {
			t.Fatalf("threads %d: subset %v value %v, want [0 1 2] at 0", threads, res.subset, res.value)
		}
		if threads == 1 {
			first = res
		} else if res.degenerate != first.degenerate || res.simplices != binomial(k0, k) {
			t.Fatalf("threads %d: %+v vs %+v", threads, res, first)
		}
	}
}

// A rank-one replacement of a vertex gives the inverse a full inversion
// gives.
func TestBaryReplaceMatchesSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	const k = 12
	pts := make([][]float64, 40)
	for i := range pts {
		pts[i] = make([]float64, k-1)
		for c := range pts[i] {
			pts[i][c] = rng.NormFloat64()
		}
	}
	vert := make([][]float64, k)
	copy(vert, pts[:k])
	used := make([]int, k) // index into pts of each vertex: no point twice
	for i := range used {
		used[i] = i
	}
	up, full := newBaryInverse(k), newBaryInverse(k)
	if !up.set(func(i int) []float64 { return vert[i] }) {
		t.Fatal("degenerate start")
	}
	updated := 0
	for step := 0; step < 200; step++ {
		i := rng.IntN(k)
		p := rng.IntN(len(pts))
		for slices.Contains(used, p) {
			p = rng.IntN(len(pts))
		}
		used[i], vert[i] = p, pts[p]
		ok := up.replace(i, vert[i])
		if !ok {
			if !up.set(func(i int) []float64 { return vert[i] }) {
				t.Fatal("degenerate set")
			}
		} else {
			updated++
		}
		if !full.set(func(i int) []float64 { return vert[i] }) {
			t.Fatal("degenerate set")
		}
		for j := range full.inv {
			if math.Abs(up.inv[j]-full.inv[j]) > 1e-9*(1+math.Abs(full.inv[j])) {
				t.Fatalf("step %d: B[%d] = %v by updates, %v by inversion", step, j, up.inv[j], full.inv[j])
			}
		}
	}
	if updated < 100 {
		t.Fatalf("only %d of 200 steps used the update", updated)
	}
}
