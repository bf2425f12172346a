package simplex

import "math"

// ActiveSetWorkspace holds the scratch space of ActiveSet so that repeated
// solves of the same dimension allocate nothing. The zero value is ready
// to use.
type ActiveSetWorkspace struct {
	k      int
	free   []int     // the free set F, in the order its Cholesky factor holds it
	rest   []int     // scratch for remove
	inFree []bool    // membership of F
	chol   []float64 // lower-triangular Cholesky factor of A_FF, row-major with stride k
	ax     []float64 // A x
	g      []float64 // gradient 2 (A x - b)
	u, w   []float64 // A_FF^-1 b_F and A_FF^-1 1
	z      []float64 // the equality-constrained minimiser on F
	eg     Workspace // for the fall-back
}

func (w *ActiveSetWorkspace) resize(k int) {
	if w.k == k {
		return
	}
	w.k = k
	w.free, w.rest = make([]int, 0, k), make([]int, 0, k)
	w.inFree = make([]bool, k)
	w.chol = make([]float64, k*k)
	w.ax, w.g = make([]float64, k), make([]float64, k)
	w.u, w.w, w.z = make([]float64, k), make([]float64, k), make([]float64, k)
}

// exactGap is the KKT gap, relative to the gradient's scale, at which
// ActiveSet stops: the rounding level of the gap, not s.Tol. At a face's
// minimiser the gap is the most negative multiplier, and when A is
// ill-conditioned a multiplier small against Tol can still move x far:
// on the clean Swimmer corpus (Q-bar's 1,024 pixel rows nearly alike)
// RecoverL2 stopped at Tol = 1e-5 with l1 1.03 from the truth where the
// minimum, one to three more indices away, has 0.49. Each further
// iteration costs O(K |F|), and on KOS and NIPS the minimum is reached
// in the same number of iterations either way.
const exactGap = 1e-13

// roundingGap returns the gap below which ActiveSet stops: exactGap times
// the scale of the gradient g (lo its least entry).
func roundingGap(g []float64, lo float64) float64 {
	scale := math.Abs(lo)
	for _, x := range g {
		scale = math.Max(scale, math.Abs(x))
	}
	return exactGap * (1 + scale)
}

// singularPivot is the relative size below which a pivot of the Cholesky
// factor of A_FF counts as zero: the face's Hessian is then numerically
// singular and ActiveSet falls back to EG.
const singularPivot = 1e-13

// ActiveSet minimises the quadratic q, f(x) = x^T A x - 2 b^T x with A
// positive definite, over the simplex by a primal active-set method
// (Nocedal and Wright, Numerical Optimization, 2nd ed., Algorithm 16.3),
// and leaves the solution in x; the x passed in is ignored. It starts at
// the best vertex; each iteration minimises f on the face of the free set
// F (x_i = 0 off F, sum x = 1) by a Cholesky factor of A_FF updated as
// indices enter, and either moves there, or, when that point leaves the
// simplex, moves towards it until an index drops out of F. At a face's
// minimiser it stops once the KKT gap of EG (lambda^T x, lambda = g -
// min g) is at rounding level (exactGap), else the index of the most
// negative multiplier enters F: it reaches the minimum itself, up to
// rounding, in about as many iterations as the solution has positive
// entries, each costing O(K |F|), whatever s.Tol, which decides only
// Result.Converged (Gap < Tol) and the EG fallback's stopping.
//
// If A_FF becomes numerically singular (A only positive semidefinite, or
// very ill-conditioned) it falls back to EG from the uniform point, with
// the same settings; the Result is then EG's. s.MaxIter bounds the
// iterations. ws may be nil.
func ActiveSet(q *Quadratic, x []float64, s Settings, ws *ActiveSetWorkspace) Result {
	k := q.k
	if len(x) != k {
		panic("simplex: ActiveSet: x and b differ in length")
	}
	if ws == nil {
		ws = new(ActiveSetWorkspace)
	}
	ws.resize(k)
	a, b := q.A, q.B
	for _, i := range ws.free {
		ws.inFree[i] = false
	}
	ws.free = ws.free[:0]
	clear(x)

	// Start at the best vertex: f(e_j) = A_jj - 2 b_j.
	j0 := 0
	for j := 1; j < k; j++ {
		if a[j*k+j]-2*b[j] < a[j0*k+j0]-2*b[j0] {
			j0 = j
		}
	}
	if !ws.add(a, j0) {
		return fallback(q, x, s, ws)
	}
	x[j0] = 1
	copy(ws.ax, a[j0*k:(j0+1)*k])

	var r Result
	stationary := true // x minimises f on its face
	for ; r.Iter < s.MaxIter; r.Iter++ {
		lo := math.Inf(1)
		for i := range ws.g {
			ws.g[i] = 2 * (ws.ax[i] - b[i])
			lo = math.Min(lo, ws.g[i])
		}
		r.Gap = 0
		for _, i := range ws.free {
			r.Gap += x[i] * (ws.g[i] - lo)
		}
		if r.Gap <= roundingGap(ws.g, lo) {
			break
		}
		if stationary {
			// The index of the most negative multiplier enters F.
			enter := -1
			for i, gi := range ws.g {
				if !ws.inFree[i] && (enter < 0 || gi < ws.g[enter]) {
					enter = i
				}
			}
			if enter < 0 {
				r.Stalled = true // F is every index: x is the minimum up to rounding
				break
			}
			if !ws.add(a, enter) {
				return fallback(q, x, s, ws)
			}
		}
		ws.solveFace(b)
		// The largest step from x towards z that stays in the simplex.
		alpha, block := 1.0, -1
		for p, i := range ws.free {
			if z := ws.z[p]; z <= 0 {
				if t := x[i] / (x[i] - z); t < alpha || block < 0 {
					alpha, block = t, p
				}
			}
		}
		if block >= 0 && alpha <= 0 && stationary {
			// The entering index would leave at once: the multiplier was
			// negative only by rounding.
			r.Stalled = true
			x[ws.free[block]] = 0
			if !ws.remove(a, block) {
				return fallback(q, x, s, ws)
			}
			break
		}
		for p, i := range ws.free {
			x[i] += alpha * (ws.z[p] - x[i])
		}
		stationary = block < 0
		if !stationary {
			x[ws.free[block]] = 0
			ok := ws.remove(a, block)
			// Indices that the step took to 0 or below by rounding leave too.
			for p := len(ws.free) - 1; p >= 0 && ok; p-- {
				if x[ws.free[p]] <= 0 {
					x[ws.free[p]] = 0
					ok = ws.remove(a, p)
				}
			}
			if !ok {
				return fallback(q, x, s, ws)
			}
		}
		ws.multiply(a, x)
	}
	if r.Iter == s.MaxIter {
		lo := math.Inf(1)
		for i := range ws.g {
			ws.g[i] = 2 * (ws.ax[i] - b[i])
			lo = math.Min(lo, ws.g[i])
		}
		r.Gap = 0
		for _, i := range ws.free {
			r.Gap += x[i] * (ws.g[i] - lo)
		}
	}
	r.Converged = r.Gap < s.Tol
	r.Value = 0
	for _, i := range ws.free {
		r.Value += x[i] * (ws.ax[i] - 2*b[i])
	}
	return r
}

// fallback runs EG from the uniform point.
func fallback(q *Quadratic, x []float64, s Settings, ws *ActiveSetWorkspace) Result {
	for i := range x {
		x[i] = 1 / float64(len(x))
	}
	return EG(q, x, s, &ws.eg)
}

// add appends index j to F and its row to the Cholesky factor of A_FF. It
// returns false, leaving F as it was, when the new pivot is not
// positive beyond rounding.
func (ws *ActiveSetWorkspace) add(a []float64, j int) bool {
	k, n := ws.k, len(ws.free)
	row := ws.chol[n*k : n*k+n+1]
	// Solve L l = A_Fj by forward substitution.
	s := a[j*k+j]
	for p, i := range ws.free {
		v := a[i*k+j]
		lp := ws.chol[p*k : p*k+p]
		for c, lc := range lp {
			v -= lc * row[c]
		}
		v /= ws.chol[p*k+p]
		row[p] = v
		s -= v * v
	}
	if !(s > singularPivot*a[j*k+j]) {
		return false
	}
	row[n] = math.Sqrt(s)
	ws.free = append(ws.free, j)
	ws.inFree[j] = true
	return true
}

// remove drops the index at position p of F and refactors A_FF from
// position p on. It returns false if a pivot is no longer positive (by
// rounding: a principal submatrix of a positive definite matrix is
// positive definite); F then lacks the indices from that one on.
func (ws *ActiveSetWorkspace) remove(a []float64, p int) bool {
	ws.inFree[ws.free[p]] = false
	n := len(ws.free)
	rest := append(ws.rest[:0], ws.free[p+1:n]...)
	ws.free = ws.free[:p]
	for q, j := range rest {
		if !ws.add(a, j) {
			for _, j := range rest[q:] {
				ws.inFree[j] = false
			}
			return false
		}
	}
	return true
}

// solveFace sets z to the minimiser of f on the affine hull of the face
// of F: z = u + nu w with u = A_FF^-1 b_F, w = A_FF^-1 1 and nu chosen so
// that z sums to 1.
func (ws *ActiveSetWorkspace) solveFace(b []float64) {
	n := len(ws.free)
	for p, i := range ws.free {
		ws.u[p], ws.w[p] = b[i], 1
	}
	ws.cholSolve(ws.u[:n])
	ws.cholSolve(ws.w[:n])
	su, sw := 0.0, 0.0
	for p := 0; p < n; p++ {
		su += ws.u[p]
		sw += ws.w[p]
	}
	nu := (1 - su) / sw
	for p := 0; p < n; p++ {
		ws.z[p] = ws.u[p] + nu*ws.w[p]
	}
}

// cholSolve overwrites v with A_FF^-1 v.
func (ws *ActiveSetWorkspace) cholSolve(v []float64) {
	k, n := ws.k, len(v)
	for p := 0; p < n; p++ {
		s := v[p]
		for c, l := range ws.chol[p*k : p*k+p] {
			s -= l * v[c]
		}
		v[p] = s / ws.chol[p*k+p]
	}
	for p := n - 1; p >= 0; p-- {
		s := v[p]
		for c := p + 1; c < n; c++ {
			s -= ws.chol[c*k+p] * v[c]
		}
		v[p] = s / ws.chol[p*k+p]
	}
}

// multiply sets ax = A x from the entries of x on F.
func (ws *ActiveSetWorkspace) multiply(a, x []float64) {
	k := ws.k
	clear(ws.ax)
	for _, j := range ws.free {
		xj := x[j]
		for i, v := range a[j*k : (j+1)*k] {
			ws.ax[i] += v * xj
		}
	}
}
