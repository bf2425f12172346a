package simplex

import (
	"math"
	"math/rand/v2"
	"testing"
)

// mixtureKL is f(x) = sum_j q_j log(q_j / (x^T T)_j), the RecoverKL
// objective, dense, as a test SecondOrder and Objective.
type mixtureKL struct {
	t    [][]float64 // K rows over S words
	q, p []float64
}

func (o *mixtureKL) Value(x []float64) float64 {
	clear(o.p)
	for m, xm := range x {
		for j, v := range o.t[m] {
			o.p[j] += xm * v
		}
	}
	f := 0.0
	for j, q := range o.q {
		f += q * math.Log(q/o.p[j])
	}
	return f
}

func (o *mixtureKL) Gradient(g []float64) {
	for m := range g {
		g[m] = 0
		for j, q := range o.q {
			g[m] -= q / o.p[j] * o.t[m][j]
		}
	}
}

func (o *mixtureKL) Hessian(w []int, h []float64) {
	n := len(w)
	for a, m := range w {
		for b, l := range w {
			h[a*n+b] = 0
			for j, q := range o.q {
				h[a*n+b] += q / (o.p[j] * o.p[j]) * o.t[m][j] * o.t[l][j]
			}
		}
	}
}

func (o *mixtureKL) Eval(x, g []float64) float64 {
	f := o.Value(x)
	if g != nil {
		o.Gradient(g)
	}
	return f
}

// randomMixture returns K random sparse distributions over s words and a
// target mixing a few of them with noise: the minimiser has zero entries.
func randomMixture(rng *rand.Rand, k, s int) *mixtureKL {
	o := &mixtureKL{t: make([][]float64, k), q: make([]float64, s), p: make([]float64, s)}
	for m := range o.t {
		o.t[m] = make([]float64, s)
		sum := 0.0
		for j := range o.t[m] {
			if rng.Float64() < 0.6 {
				o.t[m][j] = rng.Float64()
				sum += o.t[m][j]
			}
		}
		for j := range o.t[m] {
			o.t[m][j] /= sum
		}
	}
	sum := 0.0
	for n := 0; n < 1+rng.IntN(k); n++ {
		w, m := rng.Float64(), rng.IntN(k)
		for j := range o.q {
			o.q[j] += w * o.t[m][j]
		}
	}
	for j := range o.q {
		o.q[j] *= math.Exp(0.3 * rng.NormFloat64())
		sum += o.q[j]
	}
	// Keep only the words q puts mass on (the rest add nothing to f),
	// normalised.
	var support []int
	for j, q := range o.q {
		if q > 0 {
			support = append(support, j)
		}
	}
	q := make([]float64, len(support))
	for c, j := range support {
		q[c] = o.q[j] / sum
	}
	for m, row := range o.t {
		o.t[m] = make([]float64, len(support))
		for c, j := range support {
			o.t[m][c] = row[j]
		}
	}
	o.q, o.p = q, make([]float64, len(support))
	return o
}

// Newton reaches the minimum EG approaches, from a vertex (where f is
// infinite) or from the uniform point: its KKT gap is below the tolerance
// (which bounds its distance to the minimum), its value is not above
// EG's at a tighter tolerance by more, and it takes far fewer iterations.
func TestNewtonMatchesEG(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var ws NewtonWorkspace
	var iterN, iterE int
	for trial := 0; trial < 60; trial++ {
		k := 2 + rng.IntN(30)
		o := randomMixture(rng, k, 2*k+rng.IntN(60))
		xe := uniform(k)
		re := EG(o, xe, Settings{Tol: 1e-10, MaxIter: 200000}, nil)
		xn := make([]float64, k)
		if trial%2 == 0 {
			xn[rng.IntN(k)] = 1
		} else {
			copy(xn, uniform(k))
		}
		rn := Newton(o, xn, Settings{Tol: 1e-7, MaxIter: 1000}, &ws)
		if !rn.Converged {
			t.Fatalf("trial %d (K=%d): Newton did not converge: %+v", trial, k, rn)
		}
		checkOnSimplex(t, trial, xn)
		if rn.Value > re.Value+1e-7 {
			t.Errorf("trial %d (K=%d): Newton %v above EG %v (%+v)", trial, k, rn.Value, re.Value, re)
		}
		if f := o.Value(xn); f != rn.Value {
			t.Errorf("trial %d: Value %v, f(x) = %v", trial, rn.Value, f)
		}
		iterN += rn.Iter
		iterE += re.Iter
	}
	t.Logf("iterations: Newton %d, EG %d", iterN, iterE)
	if iterN*5 > iterE {
		t.Errorf("Newton took %d iterations, EG %d", iterN, iterE)
	}
}

// Newton leaves exact zeros where the minimum has them: a target that is
// one of the rows is recovered as that vertex.
func TestNewtonFindsVertex(t *testing.T) {
	o := &mixtureKL{
		t: [][]float64{{0.5, 0.5, 0}, {0, 0.5, 0.5}, {0.2, 0.3, 0.5}},
		q: []float64{0.2, 0.3, 0.5},
		p: make([]float64, 3),
	}
	x := uniform(3)
	r := Newton(o, x, Settings{Tol: 1e-12, MaxIter: 100}, nil)
	if !r.Converged || x[2] < 1-1e-9 || x[0] != 0 && x[0] > 1e-9 {
		t.Fatalf("x = %v (%+v), want (0, 0, 1)", x, r)
	}
}
