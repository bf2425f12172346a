package simplex

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// linearSO is f = c^T x: convex, with a Hessian of zeros.
type linearSO struct{ c []float64 }

func (o *linearSO) Value(x []float64) float64 {
	s := 0.0
	for i, v := range x {
		s += o.c[i] * v
	}
	return s
}
func (o *linearSO) Gradient(g []float64)         { copy(g, o.c) }
func (o *linearSO) Hessian(w []int, h []float64) { clear(h[:len(w)*len(w)]) }

// partLinear is f = 3 x0 + x1 + 2 x2 + 5 x3 + 10 x3^2, whose Hessian is 0
// on the working set {0, 1, 2} of e_0; its minimum is e_1, f = 1.
type partLinear struct{ x []float64 }

func (o *partLinear) Value(x []float64) float64 {
	o.x = append(o.x[:0], x...)
	return 3*x[0] + x[1] + 2*x[2] + 5*x[3] + 10*x[3]*x[3]
}
func (o *partLinear) Gradient(g []float64) { g[0], g[1], g[2], g[3] = 3, 1, 2, 5+20*o.x[3] }
func (o *partLinear) Hessian(w []int, h []float64) {
	n := len(w)
	clear(h[:n*n])
	for p, i := range w {
		if i == 3 {
			h[p*n+p] = 20
		}
	}
}

// Newton gave up at once (Stalled, x unchanged) where the Hessian is 0 on
// the working set, though the linear model's vertex is a large descent.
func TestNewtonZeroHessian(t *testing.T) {
	for name, tc := range map[string]struct {
		f SecondOrder
		x []float64
	}{
		"linear":        {&linearSO{c: []float64{3, 1, 2, 5}}, []float64{0.25, 0.25, 0.25, 0.25}},
		"partly linear": {&partLinear{}, []float64{1, 0, 0, 0}},
	} {
		r := Newton(tc.f, tc.x, Settings{Tol: 1e-9, MaxIter: 100}, nil)
		if !r.Converged || !slices.Equal(tc.x, []float64{0, 1, 0, 0}) || r.Value != 1 {
			t.Errorf("%s: %+v at %v, want converged at e_1, f = 1", name, r, tc.x)
		}
	}
}

// quadSO is f = x^T A x - 2 b^T x as a SecondOrder (Hessian 2A), counting
// its values.
type quadSO struct {
	q      *Quadratic
	x      []float64
	values int
}

func (o *quadSO) Value(x []float64) float64 {
	o.values++
	o.x = append(o.x[:0], x...)
	return o.q.Eval(x, nil)
}
func (o *quadSO) Gradient(g []float64) { o.q.Eval(o.x, g) }
func (o *quadSO) Hessian(w []int, h []float64) {
	n := len(w)
	for p, i := range w {
		for r, j := range w {
			h[p*n+r] = 2 * o.q.A[i*o.q.k+j]
		}
	}
}

// A step lost to rounding was accepted: Newton then repeated the same
// iteration, x and f unchanged, until MaxIter (990 iterations of about 29
// line-search trials on this quadratic with duplicate rows), neither
// Converged nor Stalled. It stalls now, at the same point.
func TestNewtonStallsWhenTheStepIsLost(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	lost := 0
	for range 200 {
		k := 1 + rng.IntN(10)
		a, b := duplicateRows(rng, k)
		start := make([]float64, k)
		start[rng.IntN(k)] = 1
		short, long := slices.Clone(start), slices.Clone(start)
		fs, fl := &quadSO{q: NewQuadratic(a, b)}, &quadSO{q: NewQuadratic(a, b)}
		rs := Newton(fs, short, Settings{Tol: 1e-9, MaxIter: 10}, nil)
		rl := Newton(fl, long, Settings{Tol: 1e-9, MaxIter: 1000}, nil)
		if !rl.Converged && !rl.Stalled {
			t.Errorf("K = %d: %+v after %d values, neither converged nor stalled", k, rl, fl.values)
		}
		if rs.Stalled && rs.Iter < 10 {
			lost++
			if !slices.Equal(short, long) || rl.Iter != rs.Iter {
				t.Errorf("K = %d: stalled at iteration %d with MaxIter 10, %+v with 1000", k, rs.Iter, rl)
			}
		}
	}
	if lost == 0 {
		t.Error("no problem stalled: the test no longer reaches the case")
	}
}

// duplicateRows returns A = T T^T and b = T q for a random T of k rows over
// 3k+2 columns in [0, 1) whose odd rows repeat the even ones: A is
// positive semidefinite and singular.
func duplicateRows(rng *rand.Rand, k int) (a, b []float64) {
	v := 3*k + 2
	t := make([][]float64, k)
	for i := range t {
		t[i] = make([]float64, v)
		for j := range t[i] {
			t[i][j] = rng.Float64()
		}
		if i%2 == 1 {
			copy(t[i], t[i-1])
		}
	}
	q := make([]float64, v)
	for j := range q {
		q[j] = rng.Float64()
	}
	return gram(t, q)
}

// gram returns A = R R^T (k x k, row-major) and b = R q for the k rows R:
// the quadratic of the least squares min ||x^T R - q||^2 on the simplex.
func gram(rows [][]float64, q []float64) (a, b []float64) {
	k := len(rows)
	a, b = make([]float64, k*k), make([]float64, k)
	for i := range rows {
		for m := range rows {
			for j := range q {
				a[i*k+m] += rows[i][j] * rows[m][j]
			}
		}
		for j := range q {
			b[i] += rows[i][j] * q[j]
		}
	}
	return a, b
}
