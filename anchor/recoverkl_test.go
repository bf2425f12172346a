package anchor

import (
	"context"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
	"weak"

	"github.com/hulltopics/hull/internal/simplex"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// mixtureProblem returns K = 5 positive rows over 60 columns whose sums
// range from 0.3 to 3 (as the rectified anchor rows' do), their sums, and
// q = x^T T for a sparse x of the simplex.
func mixtureProblem() (t [][]float64, sums, x, q []float64) {
	rng := rand.New(rand.NewPCG(5, 7))
	const k, n = 5, 60
	x = []float64{0.5, 0.3, 0, 0.2, 0}
	scale := []float64{0.3, 3, 1, 0.6, 2}
	t = make([][]float64, k)
	sums = make([]float64, k)
	q = make([]float64, n)
	for m := range t {
		t[m] = make([]float64, n)
		for j := range t[m] {
			t[m][j] = rng.ExpFloat64()
		}
		floats.Scale(scale[m]/floats.Sum(t[m]), t[m])
		sums[m] = floats.Sum(t[m])
		floats.AddScaled(q, x[m], t[m])
	}
	return t, sums, x, q
}

// solveMixture minimises klNewton with the given linear term from the
// uniform point.
func solveMixture(t [][]float64, lin, q []float64) ([]float64, simplex.Result) {
	kl := &klNewton{k: len(t), lin: lin}
	covered := make([]bool, len(q))
	for j := range covered {
		covered[j] = true
	}
	kl.load(q, t, covered)
	x := make([]float64, len(t))
	for m := range x {
		x[m] = 1 / float64(len(x))
	}
	r := simplex.Newton(kl, x, simplex.Settings{Tol: 1e-12, MaxIter: 200}, nil)
	return x, r
}

// With rows that do not sum to 1 the generalised divergence is zero at
// the mixture that made q, and Newton finds it; the plain KL divergence's
// minimiser is elsewhere (it moves weight to the rows with the largest
// sums), which is why the rectified pipeline uses the generalised one.
func TestGeneralisedKLRecoversMixture(t *testing.T) {
	rows, sums, want, q := mixtureProblem()
	got, r := solveMixture(rows, sums, q)
	if !r.Converged {
		t.Fatalf("generalised: %+v", r)
	}
	if d := floats.Distance(got, want, 1); d > 1e-6 || math.Abs(r.Value) > 1e-12 {
		t.Errorf("generalised: x %v (l1 %.2g from %v), f %.3g, want 0", got, d, want, r.Value)
	}
	plain, _ := solveMixture(rows, nil, q)
	if d := floats.Distance(plain, want, 1); d < 0.1 {
		t.Errorf("plain KL's minimiser %v is within %.3g of the mixture: the fixture no longer shows its bias", plain, d)
	}
}

// The generalised divergence's gradient is its value's derivative.
func TestGeneralisedKLGradient(t *testing.T) {
	rows, sums, _, q := mixtureProblem()
	kl := &klNewton{k: len(rows), lin: sums}
	covered := make([]bool, len(q))
	for j := range covered {
		covered[j] = true
	}
	kl.load(q, rows, covered)
	x := []float64{0.1, 0.2, 0.3, 0.15, 0.25}
	kl.Value(x)
	g := make([]float64, len(x))
	kl.Gradient(g)
	const h = 1e-6
	for m := range x {
		up, down := append([]float64(nil), x...), append([]float64(nil), x...)
		up[m] += h
		down[m] -= h
		fd := (kl.Value(up) - kl.Value(down)) / (2 * h)
		if math.Abs(fd-g[m]) > 1e-6*math.Max(1, math.Abs(g[m])) {
			t.Errorf("d f / d x_%d = %.8g, finite difference %.8g", m, g[m], fd)
		}
	}
}

// solveKL leaves nothing of its problem reachable once it returns: the
// words' rows come from a closure over Q and, in the rectified pipeline,
// the dense block, which the refinement that follows must not find live.
// A sync.Pool of scratches whose New function captured the problem kept
// both through the refinement's first collection, 22% over the memory
// estimate (TestMemoryEstimate, anchor-kl at 18,000 documents).
func TestSolveKLReleasesItsProblem(t *testing.T) {
	rows, sums, _, q := mixtureProblem()
	const v = 40
	source := &q // stands for Q: what the rows are read from
	gone := weak.Make(source)
	c := mat.NewDense(v, len(rows), nil)
	invP := make([]float64, v)
	for i := range v {
		invP[i] = 1
		for m := range rows {
			c.Set(i, m, 1/float64(len(rows)))
		}
	}
	problem := klRows{n: len(q), invP: invP, t: rows, lin: sums, row: rowsOf(source)}
	o := DefaultOptions()
	o.Threads = 2
	if _, err := solveKL(context.Background(), c, problem, &o, nil); err != nil {
		t.Fatal(err)
	}
	source, problem = nil, klRows{} // now only solveKL could keep them
	runtime.GC()
	if gone.Value() != nil {
		t.Error("the rows' source is still reachable after solveKL returned and a collection ran")
	}
}

// rowsOf returns a klRows.row giving every word the row *source.
func rowsOf(source *[]float64) func(int, []float64, []float64) {
	return func(_ int, out, _ []float64) { copy(out, *source) }
}
