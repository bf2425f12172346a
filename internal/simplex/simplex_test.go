package simplex

import (
	"math"
	"math/rand/v2"
	"testing"
)

func uniform(k int) []float64 {
	x := make([]float64, k)
	for i := range x {
		x[i] = 1 / float64(k)
	}
	return x
}

// A point inside the simplex is recovered exactly from its image: the
// minimum of ||q - x^T T||^2 is 0 at the true weights.
func TestQuadraticRecoversInteriorPoint(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const k, v = 6, 40
	T := make([][]float64, k)
	for i := range T {
		T[i] = make([]float64, v)
		for j := range T[i] {
			if rng.Float64() < 0.3 {
				T[i][j] = rng.Float64()
			}
		}
	}
	want := []float64{0.3, 0.25, 0.2, 0.15, 0.06, 0.04}
	q := make([]float64, v)
	for i := range T {
		for j := range q {
			q[j] += want[i] * T[i][j]
		}
	}
	a, b := gram(T, q)
	x := uniform(k)
	r := EG(NewQuadratic(a, b), x, Settings{Tol: 1e-8, MaxIter: 5000}, nil)
	if !r.Converged {
		t.Fatalf("not converged: %+v", r)
	}
	for i := range want {
		if math.Abs(x[i]-want[i]) > 1e-4 {
			t.Fatalf("x = %v, want %v", x, want)
		}
	}
}

// The minimiser of a quadratic whose unconstrained optimum lies outside the
// simplex is on its boundary; the KKT gap certifies it.
func TestQuadraticBoundarySolution(t *testing.T) {
	// f(x) = ||x - c||^2 - ||c||^2 with c = (1.2, -0.2): minimiser (1, 0).
	a := []float64{1, 0, 0, 1}
	b := []float64{1.2, -0.2}
	x := uniform(2)
	r := EG(NewQuadratic(a, b), x, Settings{Tol: 1e-10, MaxIter: 10000}, nil)
	if !r.Converged || x[0] < 1-1e-6 {
		t.Fatalf("x = %v, result %+v; want (1, 0)", x, r)
	}
}

func TestMaxIterStops(t *testing.T) {
	a := []float64{1, 0, 0, 1}
	b := []float64{0.9, 0.1}
	x := uniform(2)
	r := EG(NewQuadratic(a, b), x, Settings{Tol: 0, MaxIter: 3}, nil)
	if r.Iter != 3 || r.Converged {
		t.Fatalf("result %+v, want 3 iterations and not converged", r)
	}
	if math.Abs(x[0]+x[1]-1) > 1e-12 || x[0] <= 0 || x[1] <= 0 {
		t.Fatalf("iterate left the simplex: %v", x)
	}
}
