package simplex

import (
	"math"

	"gonum.org/v1/gonum/floats"
)

// Objective is a differentiable function on the simplex.
type Objective interface {
	// Eval returns f(x) and, when grad is non-nil, stores the gradient of f
	// at x in grad. It must not keep x or grad.
	Eval(x, grad []float64) float64
}

// Settings control EG.
type Settings struct {
	// Tol is the KKT-gap tolerance; the solver stops when lambda^T x < Tol.
	Tol float64
	// MaxIter bounds the number of iterations.
	MaxIter int
}

// Result describes a solve.
type Result struct {
	Iter      int     // iterations taken
	Gap       float64 // final KKT gap lambda^T x
	Value     float64 // final f(x)
	Converged bool    // Gap < Tol
	// Stalled reports that the line search found no decrease measurable in
	// float64 before Gap fell below Tol: x is then as good as f's rounding
	// allows.
	Stalled bool
}

// armijo is the sufficient-decrease constant of the line search.
const armijo = 1e-4

// Workspace holds the scratch vectors of EG so that repeated solves of the
// same dimension allocate nothing. The zero value is ready to use.
type Workspace struct{ g, gn, xn []float64 }

func (w *Workspace) resize(k int) {
	if cap(w.g) < k {
		w.g, w.gn, w.xn = make([]float64, k), make([]float64, k), make([]float64, k)
	}
	w.g, w.gn, w.xn = w.g[:k], w.gn[:k], w.xn[:k]
}

// EG minimises f over the simplex starting from x, which must be a strictly
// positive point of the simplex (e.g. uniform), and leaves the solution in
// x. ws may be nil. Each line-search trial evaluates f with its gradient,
// so an accepted step needs no further evaluation.
func EG(f Objective, x []float64, s Settings, ws *Workspace) Result {
	if ws == nil {
		ws = new(Workspace)
	}
	ws.resize(len(x))
	g, gn, xn := ws.g, ws.gn, ws.xn
	fx := f.Eval(x, g)
	eta := 0.0
	var r Result
	for ; r.Iter < s.MaxIter; r.Iter++ {
		lo, hi := minMax(g)
		if r.Gap = gap(x, g, lo); r.Gap < s.Tol {
			break
		}
		if eta == 0 {
			eta = 1 / math.Max(hi-lo, 1e-300)
		}
		var fn float64
		if eta, fn = lineSearch(f, x, g, xn, gn, fx, lo, eta); eta == 0 {
			r.Stalled = true
			break
		}
		copy(x, xn)
		g, gn = gn, g
		fx = fn
		eta *= 1.2 // let the step grow again after a backtrack
	}
	if r.Iter == s.MaxIter {
		lo, _ := minMax(g)
		r.Gap = gap(x, g, lo)
	}
	r.Converged = r.Gap < s.Tol
	r.Value = fx
	return r
}

// lineSearch halves eta until the multiplicative step from x satisfies the
// Armijo condition. It returns the accepted eta (0 if none) and f at the
// new point, leaving the point in xn and its gradient in gn.
func lineSearch(f Objective, x, g, xn, gn []float64, fx, lo, eta float64) (float64, float64) {
	for try := 0; try < 60; try++ {
		step(x, g, xn, lo, eta)
		fn := f.Eval(xn, gn)
		dec := 0.0
		for k := range x {
			dec += g[k] * (xn[k] - x[k])
		}
		if dec < 0 && fn <= fx+armijo*dec {
			return eta, fn
		}
		eta /= 2
	}
	return 0, fx
}

// step sets xn = x exp(-eta (g - lo)) / Z. Shifting g by its minimum leaves
// the normalised result unchanged and keeps every exponent <= 0.
func step(x, g, xn []float64, lo, eta float64) {
	z := 0.0
	for k := range x {
		xn[k] = x[k] * math.Exp(-eta*(g[k]-lo))
		z += xn[k]
	}
	inv := 1 / z
	for k := range xn {
		xn[k] *= inv
	}
}

func minMax(g []float64) (lo, hi float64) {
	lo, hi = g[0], g[0]
	for _, v := range g[1:] {
		if v < lo {
			lo = v
		} else if v > hi {
			hi = v
		}
	}
	return lo, hi
}

func gap(x, g []float64, lo float64) float64 {
	s := 0.0
	for k := range x {
		s += x[k] * (g[k] - lo)
	}
	return s
}

// Quadratic is f(x) = x^T A x - 2 b^T x for a symmetric K x K matrix A
// (row-major, len K*K) and a K-vector b: the kernelised form of
// ||q - x^T T||^2 with A = T T^T and b = T q (RecoverL2).
type Quadratic struct {
	A []float64
	B []float64
	k int
	t []float64
}

// NewQuadratic returns the quadratic objective for A (K x K, row-major) and b.
// It panics if len(A) != len(b)^2.
func NewQuadratic(a, b []float64) *Quadratic {
	k := len(b)
	if len(a) != k*k {
		panic("simplex: NewQuadratic: A is not K x K")
	}
	return &Quadratic{A: a, B: b, k: k, t: make([]float64, k)}
}

// Eval implements Objective.
func (q *Quadratic) Eval(x, grad []float64) float64 {
	ax := q.t
	f := 0.0
	for i := 0; i < q.k; i++ {
		ax[i] = floats.Dot(q.A[i*q.k:(i+1)*q.k], x)
		f += x[i] * (ax[i] - 2*q.B[i])
	}
	if grad != nil {
		for i := range grad {
			grad[i] = 2 * (ax[i] - q.B[i])
		}
	}
	return f
}
