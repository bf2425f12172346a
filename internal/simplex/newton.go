package simplex

import (
	"math"
	"slices"
)

// SecondOrder is a twice-differentiable convex function on the simplex
// whose gradient and Hessian are taken at the last point it was asked the
// value of, so that one evaluation serves all three.
type SecondOrder interface {
	// Value returns f(x) (+Inf where f is not finite) and makes x the
	// current point. It must not keep x.
	Value(x []float64) float64
	// Gradient stores the gradient of f at the current point in grad.
	Gradient(grad []float64)
	// Hessian stores in h, row-major len(w) x len(w), the Hessian of f at
	// the current point restricted to the indices w.
	Hessian(w []int, h []float64)
}

// Bounded is a SecondOrder objective that limits how far a step may go:
// Newton moves from the current point at most MaxStep(y) of the way
// towards the model's minimiser y (1: all of it).
type Bounded interface {
	MaxStep(y []float64) float64
}

// NewtonWorkspace holds the scratch space of Newton so that repeated
// solves allocate nothing once the largest working set has been seen. The
// zero value is ready to use.
type NewtonWorkspace struct {
	g, xn []float64 // the gradient and the trial point
	w     []int     // the working set
	h     []float64 // the Hessian on it
	a, b  []float64 // the model: A = H/2 + damping, b = (H x - g)/2
	y     []float64 // the model's minimiser
	qp    ActiveSetWorkspace
}

func (ws *NewtonWorkspace) resize(k int) {
	if cap(ws.g) < k {
		ws.g, ws.xn, ws.y, ws.b = make([]float64, k), make([]float64, k), make([]float64, k), make([]float64, k)
		ws.w = make([]int, 0, k)
	}
	ws.g, ws.xn = ws.g[:k], ws.xn[:k]
}

// hessianDamping is added, relative to the mean diagonal, to the model's
// Hessian: it keeps A positive definite when H is singular (a word whose
// row of Q-bar has fewer nonzeros than the working set has indices),
// which only changes the step, not the minimum the KKT gap certifies.
const hessianDamping = 1e-9

// Newton minimises f over the simplex by a projected Newton method (an
// active-set sequential quadratic programming method: Nocedal and Wright,
// Numerical Optimization, 2nd ed., sections 18.1-18.3, the constraints
// being the simplex's) and leaves the solution in x, which must be a
// point of the simplex; unlike EG's start it may have zero entries (where
// f(x) is infinite it is first moved halfway to the uniform point).
//
// Each iteration takes f's gradient g at x and stops once the KKT gap of
// EG, lambda^T x (lambda = g - min g), is below s.Tol. Otherwise it takes
// f's Hessian H on the working set W (see working), minimises the
// quadratic model g^T (y - x) + (y - x)^T H (y - x) / 2 over the simplex
// restricted to W by ActiveSet, and moves towards its minimiser y by a
// backtracking Armijo line search from the full step (or from the
// fraction of it that a Bounded f allows). Near the minimum the full step
// is accepted and W is the optimal support: the iteration is then
// Newton's on the optimal face, and the gap falls quadratically. Where
// the Hessian is 0 on W (f linear there), the model's minimiser is the
// vertex of W's least gradient. Entries
// leave the support when y has them at zero, several at a time, where EG
// only shrinks them geometrically.
//
// The model only chooses the step: the stopping test is EG's, on f's own
// gradient, so the minimum reached is EG's within s.Tol, and an inexact
// Hessian (damped, or computed in lower precision) costs iterations, not
// accuracy. Each iteration costs one gradient, one Hessian on W and one
// value of f per line-search trial, plus O(|W|^3) for the model.
// s.MaxIter bounds the iterations. Stalled reports, as for EG, that the
// line search found no decrease measurable in float64, or a step that
// rounding leaves at x (or the model no descent direction), before the
// gap fell below s.Tol: near the minimum,
// a Newton step's decrease, about the gap squared over the curvature,
// falls below f's rounding for gaps of about 1e-8 on RecoverKL's rows. ws
// may be nil.
func Newton(f SecondOrder, x []float64, s Settings, ws *NewtonWorkspace) Result {
	if ws == nil {
		ws = new(NewtonWorkspace)
	}
	k := len(x)
	ws.resize(k)
	g := ws.g
	fx := f.Value(x)
	if math.IsInf(fx, 1) {
		// Halfway to the uniform point every entry is positive.
		for i := range x {
			x[i] = (x[i] + 1/float64(k)) / 2
		}
		fx = f.Value(x)
	}
	var r Result
	for ; ; r.Iter++ {
		f.Gradient(g)
		lo, _ := minMax(g)
		if r.Gap = gap(x, g, lo); r.Gap < s.Tol || r.Iter == s.MaxIter {
			break
		}
		w := ws.working(x, g)
		linear, ok := ws.model(f, x)
		if !ok {
			r.Stalled = true
			break
		}
		// The model's minimiser on W, and the step towards it.
		if linear {
			ws.vertex(g)
		} else {
			ActiveSet(NewQuadratic(ws.a, ws.b[:len(w)]), ws.y[:len(w)], Settings{Tol: s.Tol * 1e-3, MaxIter: 10 * len(w)}, &ws.qp)
		}
		dec := 0.0
		for p, i := range w {
			dec += g[i] * (ws.y[p] - x[i])
		}
		if !(dec < 0) {
			r.Stalled = true // no descent direction beyond rounding
			break
		}
		alpha := 1.0
		if b, ok := f.(Bounded); ok {
			copy(ws.xn, x)
			for p, i := range w {
				ws.xn[i] = ws.y[p]
			}
			alpha = math.Min(1, b.MaxStep(ws.xn))
		}
		fn, ok := ws.lineSearch(f, x, fx, dec, alpha)
		if !ok {
			r.Stalled = true
			f.Value(x) // the current point again
			break
		}
		copy(x, ws.xn)
		fx = fn
	}
	r.Converged = r.Gap < s.Tol
	r.Value = fx
	return r
}

// working sets ws.w to the working set of x: the support of x, then the
// indices outside it whose gradient is below x^T g, the support's mean
// (moving weight there from the support's average lowers f). Taking only
// those below the support's smallest gradient, the indices with negative
// multipliers, lets the support grow by a few indices an iteration: on
// NIPS (K = 100) 11.6 iterations a word instead of 7.4, the same as with
// every index in W, which costs more per iteration.
func (ws *NewtonWorkspace) working(x, g []float64) []int {
	mean := 0.0
	for i, xi := range x {
		mean += xi * g[i]
	}
	w := ws.w[:0]
	for i, xi := range x {
		if xi > 0 {
			w = append(w, i)
		}
	}
	for i, xi := range x {
		if xi == 0 && g[i] < mean {
			w = append(w, i)
		}
	}
	ws.w = w
	return w
}

// model sets A = H/2 (plus the damping) and b = (H x - g)/2 on the working
// set, the quadratic model in ActiveSet's form y^T A y - 2 b^T y. It
// returns linear when H is 0 on the working set (f linear there: a
// convex f's Hessian of zero trace is zero), where the model is g^T y
// alone and A is not set, and ok false if the Hessian is not finite.
func (ws *NewtonWorkspace) model(f SecondOrder, x []float64) (linear, ok bool) {
	w := ws.w
	n := len(w)
	if cap(ws.h) < n*n {
		ws.h, ws.a = make([]float64, n*n), make([]float64, n*n)
	}
	h, a := ws.h[:n*n], ws.a[:n*n]
	f.Hessian(w, h)
	trace := 0.0
	for p := 0; p < n; p++ {
		trace += h[p*n+p]
	}
	switch {
	case trace == 0:
		return true, true
	case !(trace > 0) || math.IsInf(trace, 1):
		return false, false
	}
	damp := hessianDamping * trace / float64(n)
	for p := 0; p < n; p++ {
		hx := 0.0
		for q, j := range w {
			a[p*n+q] = h[p*n+q] / 2
			hx += h[p*n+q] * x[j]
		}
		a[p*n+p] += damp / 2
		ws.b[p] = (hx + damp*x[w[p]] - ws.g[w[p]]) / 2
	}
	ws.a = a
	return false, true
}

// vertex sets ws.y to the minimiser of the linear model g^T y over the
// simplex on the working set: the vertex of its least gradient (the first
// on ties).
func (ws *NewtonWorkspace) vertex(g []float64) {
	y := ws.y[:len(ws.w)]
	clear(y)
	best := 0
	for p, i := range ws.w {
		if g[i] < g[ws.w[best]] {
			best = p
		}
	}
	y[best] = 1
}

// lineSearch halves the step from x towards the model's minimiser, from
// the full step, until the Armijo condition holds, leaving the point in
// ws.xn. It returns f there and whether a step was accepted.
func (ws *NewtonWorkspace) lineSearch(f SecondOrder, x []float64, fx, dec, alpha float64) (float64, bool) {
	w, y, xn := ws.w, ws.y, ws.xn
	for try := 0; try < 60; try++ {
		copy(xn, x)
		for p, i := range w {
			if alpha == 1 {
				xn[i] = y[p] // exact zeros where the model has them
			} else {
				xn[i] = x[i] + alpha*(y[p]-x[i])
			}
			xn[i] = math.Max(xn[i], 0)
		}
		normalise(xn)
		if slices.Equal(xn, x) {
			// The step is lost to rounding, and f with it: accepting it
			// would repeat the same iteration until MaxIter.
			return fx, false
		}
		fn := f.Value(xn)
		if fn <= fx+armijo*alpha*dec {
			return fn, true
		}
		alpha /= 2
	}
	return fx, false
}

// normalise rescales x to sum 1, undoing the rounding of a step.
func normalise(x []float64) {
	s := 0.0
	for _, v := range x {
		s += v
	}
	inv := 1 / s
	for i := range x {
		x[i] *= inv
	}
}
