package simplex

import (
	"math"
	"math/rand/v2"
	"testing"
)

// randomRegression returns A = T T^T and b = T q for K random sparse rows
// T over v coordinates and a target q mixing a few of them plus noise:
// the form RecoverL2 solves, with solutions on a face of the simplex.
func randomRegression(rng *rand.Rand, k, v int) (a, b []float64) {
	t := make([][]float64, k)
	for i := range t {
		t[i] = make([]float64, v)
		for j := range t[i] {
			if rng.Float64() < 0.3 {
				t[i][j] = rng.Float64()
			}
		}
	}
	q := make([]float64, v)
	for n := 0; n < 1+rng.IntN(k); n++ {
		w, i := rng.Float64(), rng.IntN(k)
		for j := range q {
			q[j] += w * t[i][j]
		}
	}
	for j := range q {
		q[j] += 0.05 * rng.NormFloat64()
	}
	return gram(t, q)
}

// ActiveSet reaches the minimum EG approaches: on random regressions its
// value is never above EG's at a tight tolerance, its KKT gap is below
// the tolerance, and the two points agree to EG's accuracy.
func TestActiveSetMatchesEG(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var ws ActiveSetWorkspace
	for trial := 0; trial < 60; trial++ {
		k := 2 + rng.IntN(30)
		a, b := randomRegression(rng, k, 3*k+rng.IntN(40))
		q := NewQuadratic(a, b)
		xe := uniform(k)
		re := EG(q, xe, Settings{Tol: 1e-11, MaxIter: 100000}, nil)
		xa := make([]float64, k)
		ra := ActiveSet(q, xa, Settings{Tol: 1e-12, MaxIter: 1000}, &ws)
		if !ra.Converged && !ra.Stalled {
			t.Fatalf("trial %d (K=%d): active set did not converge: %+v", trial, k, ra)
		}
		checkOnSimplex(t, trial, xa)
		if ra.Value > re.Value+1e-12*math.Max(1, math.Abs(re.Value)) {
			t.Errorf("trial %d (K=%d): active set %v above EG %v", trial, k, ra.Value, re.Value)
		}
		if re.Converged {
			for i := range xa {
				if math.Abs(xa[i]-xe[i]) > 1e-4 {
					t.Errorf("trial %d (K=%d): x[%d] = %v, EG %v", trial, k, i, xa[i], xe[i])
					break
				}
			}
		}
		if f := q.Eval(xa, nil); math.Abs(f-ra.Value) > 1e-12*math.Max(1, math.Abs(f)) {
			t.Errorf("trial %d: Value %v, f(x) = %v", trial, ra.Value, f)
		}
	}
}

// The interior and boundary cases of the EG tests, exactly.
func TestActiveSetExactSolutions(t *testing.T) {
	a := []float64{1, 0, 0, 1}
	for _, tc := range []struct {
		b, want []float64
	}{
		{[]float64{1.2, -0.2}, []float64{1, 0}},    // minimiser of ||x - c||^2 outside: a vertex
		{[]float64{0.7, 0.3}, []float64{0.7, 0.3}}, // inside
		{[]float64{0.2, 0.2}, []float64{0.5, 0.5}}, // off the plane sum x = 1
	} {
		x := make([]float64, 2)
		r := ActiveSet(NewQuadratic(a, tc.b), x, Settings{Tol: 1e-14, MaxIter: 10}, nil)
		if !r.Converged || math.Abs(x[0]-tc.want[0]) > 1e-15 || math.Abs(x[1]-tc.want[1]) > 1e-15 {
			t.Errorf("b = %v: x = %v (%+v), want %v", tc.b, x, r, tc.want)
		}
	}
}

// A singular A (a repeated row of T) makes ActiveSet fall back to EG,
// which still converges.
func TestActiveSetFallsBackOnSingularHessian(t *testing.T) {
	a := []float64{1, 1, 0, 1, 1, 0, 0, 0, 1} // T rows e1, e1, e2
	b := []float64{0.5, 0.5, 0.5}
	x := make([]float64, 3)
	r := ActiveSet(NewQuadratic(a, b), x, Settings{Tol: 1e-9, MaxIter: 100000}, nil)
	if !r.Converged || math.Abs(x[0]+x[1]-0.5) > 1e-4 || math.Abs(x[2]-0.5) > 1e-4 {
		t.Errorf("x = %v (%+v), want x0 + x1 = x2 = 0.5", x, r)
	}
}

func BenchmarkActiveSet(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	const k = 100
	a, bv := randomRegression(rng, k, 400)
	q := NewQuadratic(a, bv)
	x := make([]float64, k)
	var ws ActiveSetWorkspace
	for b.Loop() {
		ActiveSet(q, x, Settings{Tol: 1e-5, MaxIter: 1000}, &ws)
	}
}

// checkOnSimplex fails the test unless x is a point of the simplex:
// non-negative entries summing to 1 within 1e-12.
func checkOnSimplex(t *testing.T, trial int, x []float64) {
	t.Helper()
	sum := 0.0
	for _, v := range x {
		if v < 0 {
			t.Fatalf("trial %d: negative entry %v", trial, v)
		}
		sum += v
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Fatalf("trial %d: sums to %v", trial, sum)
	}
}

// On an ill-conditioned quadratic (the rows of T nearly alike, as the
// anchor rows of Q-bar on the clean Swimmer corpus) a KKT gap below a
// loose tolerance can sit far from the minimum: ActiveSet runs to the
// minimum whatever s.Tol, which only decides Converged.
func TestActiveSetIgnoresLooseTolerance(t *testing.T) {
	const k, n, eps = 6, 40, 1e-3
	rng := rand.New(rand.NewPCG(4, 5))
	common := make([]float64, n)
	for j := range common {
		common[j] = rng.Float64()
	}
	rows := make([][]float64, k)
	for i := range rows {
		rows[i] = make([]float64, n)
		for j := range rows[i] {
			rows[i][j] = common[j] + eps*rng.NormFloat64()
		}
	}
	want := []float64{0.5, 0.3, 0.2, 0, 0, 0}
	q := make([]float64, n)
	for i, w := range want {
		for j := range q {
			q[j] += w * rows[i][j]
		}
	}
	a, b := gram(rows, q)
	x := make([]float64, k)
	r := ActiveSet(NewQuadratic(a, b), x, Settings{Tol: 1e-3, MaxIter: 100}, nil)
	for i := range want {
		if math.Abs(x[i]-want[i]) > 1e-6 {
			t.Fatalf("x = %v, want %v (gap %g, %d iterations)", x, want, r.Gap, r.Iter)
		}
	}
	if !r.Converged {
		t.Errorf("gap %g: not converged at Tol 1e-3", r.Gap)
	}
}
