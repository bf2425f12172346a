package topicscore

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/learner"
)

// Successive projection picks the vertices of a simplex among points
// inside it.
func TestSuccessiveProjection(t *testing.T) {
	pts := []float64{
		0.2, 0.2, // interior
		0, 0, // vertex
		0.5, 0.1, // on an edge
		3, 0, // vertex
		1, 1, // interior
		0, 2, // vertex
	}
	got := successiveProjection(pts, 6, 2, 3)
	slices.Sort(got)
	if !slices.Equal(got, []int{1, 3, 5}) {
		t.Errorf("chose %v, want the vertices 1, 3, 5", got)
	}
}

// ratioCloud returns the rows of R (dim = k-1) of a simplex with vertices
// 2 e_1 .. 2 e_{k-1} and 0: anchors words per vertex near it, interior
// words inside, and outliers single words far out (rare words' ratios),
// all with a little noise; and the vertices.
func ratioCloud(k, anchors, interior, outliers int, seed uint64) (r, vert []float64) {
	dim := k - 1
	rng := rand.New(rand.NewPCG(seed, 7))
	vert = make([]float64, k*dim)
	for i := 0; i < dim; i++ {
		vert[(i+1)*dim+i] = 2
	}
	add := func(x []float64, noise float64) {
		for c := range x {
			r = append(r, x[c]+noise*rng.NormFloat64())
		}
	}
	for v := 0; v < k; v++ {
		for range anchors {
			add(vert[v*dim:v*dim+dim], 0.03)
		}
	}
	x := make([]float64, dim)
	for range interior {
		w := make([]float64, k)
		s := 0.0
		for i := range w {
			w[i] = rng.ExpFloat64()
			s += w[i]
		}
		clear(x)
		for v := 0; v < k; v++ {
			axpy(w[v]/s, vert[v*dim:v*dim+dim], x)
		}
		add(x, 0.03)
	}
	for o := range outliers {
		clear(x)
		x[o%dim] = 8 + float64(o)
		if o%2 == 1 {
			x[o%dim] = -8 - float64(o)
		}
		add(x, 0)
	}
	return r, vert
}

// vertexFit returns a fit holding the rows r of R, ready for vertices.
func vertexFit(r []float64, k int, o Options, lines *[]string) *fit {
	l, err := New(o)
	if err != nil {
		panic(err)
	}
	opts := l.Options()
	opts.Log = func(s string) { *lines = append(*lines, s) }
	words := len(r) / (k - 1)
	used := make([]int, words)
	for i := range used {
		used[i] = i
	}
	return &fit{o: &opts, k: k, used: used, r: r, params: map[string]any{}}
}

// maxVertexError returns the largest distance from a true vertex to the
// nearest estimated one.
func maxVertexError(est, truth []float64, k int) float64 {
	dim := k - 1
	worst := 0.0
	for v := 0; v < k; v++ {
		best := math.Inf(1)
		for e := 0; e < k; e++ {
			best = math.Min(best, sqDist(truth[v*dim:v*dim+dim], est[e*dim:e*dim+dim]))
		}
		worst = math.Max(worst, math.Sqrt(best))
	}
	return worst
}

// Rare words far out in R^{K-1} take k-means centres of their own, and
// the greedy 2b' picks them first: the exhaustive search then returns a
// simplex whose vertices are single words. That is reported, and auto
// recovers by successive projection on the centres of at least
// MinCentreSize words, which finds the true vertices.
func TestDegenerateVerticesRecovered(t *testing.T) {
	k := 4
	r, truth := ratioCloud(k, 30, 200, 5, 1)
	for _, search := range []string{SearchExhaustive, SearchAuto} {
		var lines []string
		f := vertexFit(r, k, Options{Settings: learner.Settings{Seed: 1}, VertexSearch: search}, &lines)
		if err := f.vertices(context.Background()); err != nil {
			t.Fatal(err)
		}
		log := strings.Join(lines, "\n")
		bad, _ := f.params["vertex_small_centres"].(int)
		t.Logf("%s: params %v\n%s", search, f.params, log)
		if !strings.Contains(log, "the simplex is degenerate") {
			t.Errorf("%s: degenerate vertex set not reported", search)
		}
		e := maxVertexError(f.vert, truth, k)
		switch search {
		case SearchExhaustive:
			if bad < 2 || f.params["vertex_search"] != SearchExhaustive || f.params["vertex_degenerate"] != true || e < 1 {
				t.Errorf("exhaustive: %d small vertices, vertex error %.3g: want the outliers picked", bad, e)
			}
		case SearchAuto:
			if f.params["vertex_recovered"] != true || f.params["vertex_search"] != SearchSP || f.params["vertex_degenerate"] != nil || bad != 0 || e > 0.1 {
				t.Errorf("auto: recovered %v, search %v, %d small vertices, vertex error %.3g", f.params["vertex_recovered"], f.params["vertex_search"], bad, e)
			}
		}
	}
}

// When the paper's K0 = ceil(5K/4) does not fit the budget of the
// exhaustive search, auto searches by successive projection instead of
// cutting K0. Within the budget it searches exhaustively, and recovers by
// successive projection if that simplex is degenerate (on this cloud the
// exhaustive search puts two vertices on one cluster): either way every
// vertex is found.
func TestAutoSearchOverBudget(t *testing.T) {
	k := 4
	r, truth := ratioCloud(k, 30, 200, 0, 2)
	for _, budget := range []int{0, 4} { // C(5, 4) = 5
		var lines []string
		f := vertexFit(r, k, Options{Settings: learner.Settings{Seed: 1}, MaxSimplices: budget}, &lines)
		if err := f.vertices(context.Background()); err != nil {
			t.Fatal(err)
		}
		e := maxVertexError(f.vert, truth, k)
		t.Logf("budget %d: params %v, vertex error %.3g, log %q", budget, f.params, e, lines)
		if e > 0.1 {
			t.Errorf("budget %d: search %v, vertex error %.3g", budget, f.params["vertex_search"], e)
		}
		switch recovered := f.params["vertex_recovered"] == true; {
		case budget == 4 && (recovered || len(lines) > 0 || f.params["vertex_search"] != SearchSP):
			t.Errorf("over the budget: search %v, recovered %v, log %q; want sp directly and no log", f.params["vertex_search"], recovered, lines)
		case budget == 0 && recovered && (f.params["vertex_degenerate"] != nil || len(lines) != 2 || f.params["vertex_search"] != SearchSP):
			t.Errorf("within the budget: recovered, but degenerate %v, search %v, log %q", f.params["vertex_degenerate"], f.params["vertex_search"], lines)
		case budget == 0 && !recovered && (f.params["vertex_degenerate"] == true || len(lines) > 0 || f.params["vertex_search"] != SearchExhaustive):
			t.Errorf("within the budget: not recovered, but degenerate %v, search %v, log %q", f.params["vertex_degenerate"], f.params["vertex_search"], lines)
		}
	}
	if _, err := New(Options{VertexSearch: "greedy"}); err == nil {
		t.Error("VertexSearch \"greedy\": no error")
	}
	if _, err := New(Options{MinCentreSize: -1}); err == nil {
		t.Error("MinCentreSize -1: no error")
	}
}
