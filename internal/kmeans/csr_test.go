package kmeans

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/hulltopics/hull/internal/linalg"
	"gonum.org/v1/gonum/mat"
)

// sparseRays returns n sparse non-negative rows near k random sparse
// directions in dim dimensions (each row keeping about density of its
// direction's support, at a random length), as a CSR matrix and its dense
// equivalent.
func sparseRays(k, n, dim int, density float64, seed uint64) (*linalg.CSR, *mat.Dense) {
	rng := rand.New(rand.NewPCG(seed, 3))
	dirs := make([][]float64, k)
	for j := range dirs {
		dirs[j] = make([]float64, dim)
		for t := range dirs[j] {
			if rng.Float64() < 0.3 {
				dirs[j][t] = rng.Float64()
			}
		}
	}
	a := &linalg.CSR{Rows: n, Cols: dim, RowPtr: make([]int64, n+1)}
	x := mat.NewDense(n, dim, nil)
	for i := 0; i < n; i++ {
		d := dirs[i%k]
		s := 0.1 + 10*rng.Float64()
		for t, v := range d {
			if v == 0 && rng.Float64() > 0.02 || rng.Float64() > density {
				continue
			}
			v = s * (v + 0.05*rng.Float64())
			if i%7 == 0 && t%5 == 0 {
				v = 0 // an explicitly stored zero
			}
			a.ColIdx = append(a.ColIdx, int32(t))
			a.Val = append(a.Val, v)
			x.Set(i, t, v)
		}
		if a.RowPtr[i] == int64(len(a.Val)) { // keep every row nonzero
			a.ColIdx = append(a.ColIdx, int32(i%dim))
			a.Val = append(a.Val, 1)
			x.Set(i, i%dim, 1)
		}
		a.RowPtr[i+1] = int64(len(a.Val))
	}
	return a, x
}

// The sparse variant computes the same sums as the dense one, skipping only
// zero terms: same assignments, centres and inertia (bit for bit, which
// implies the documented 1e-12).
func TestCosineCSRMatchesDense(t *testing.T) {
	for _, tc := range []struct {
		k, n, dim int
		density   float64
		seed      uint64
	}{{5, 400, 60, 0.5, 1}, {7, 300, 200, 0.2, 2}, {3, 50, 9, 0.9, 3}, {1, 20, 5, 1, 4}} {
		a, x := sparseRays(tc.k, tc.n, tc.dim, tc.density, tc.seed)
		val := append([]float64(nil), a.Val...)
		o := Options{Restarts: 3, Seed: tc.seed}
		want, err := ClusterCosine(x, tc.k, o)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ClusterCosineCSR(a, tc.k, o)
		if err != nil {
			t.Fatal(err)
		}
		for i := range want.Assign {
			if got.Assign[i] != want.Assign[i] {
				t.Fatalf("%+v: point %d assigned to %d, dense %d", tc, i, got.Assign[i], want.Assign[i])
			}
		}
		for j := 0; j < tc.k; j++ {
			for c := 0; c < tc.dim; c++ {
				if d := math.Abs(got.Centers.At(j, c) - want.Centers.At(j, c)); d > 1e-12 {
					t.Fatalf("%+v: centre (%d, %d) off by %g", tc, j, c, d)
				}
			}
		}
		if math.Abs(got.Inertia-want.Inertia) > 1e-12*float64(tc.n) {
			t.Errorf("%+v: inertia %v, dense %v", tc, got.Inertia, want.Inertia)
		}
		if !identical(got, want) {
			t.Errorf("%+v: not bit-identical to the dense result", tc)
		}
		for q, v := range val {
			if a.Val[q] != v {
				t.Fatal("ClusterCosineCSR modified its input")
			}
		}
	}
}

func TestCosineCSRThreadIndependent(t *testing.T) {
	a, _ := sparseRays(8, 3000, 100, 0.3, 5)
	ref, err := ClusterCosineCSR(a, 8, Options{Restarts: 2, Seed: 9, Threads: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, threads := range []int{2, 5} {
		r, err := ClusterCosineCSR(a, 8, Options{Restarts: 2, Seed: 9, Threads: threads})
		if err != nil {
			t.Fatal(err)
		}
		if !identical(r, ref) {
			t.Fatalf("threads=%d: result differs from threads=1", threads)
		}
	}
}

func TestCosineCSRErrors(t *testing.T) {
	csr := func(rows, cols int, ptr []int64, col []int32, val []float64) *linalg.CSR {
		return &linalg.CSR{Rows: rows, Cols: cols, RowPtr: ptr, ColIdx: col, Val: val}
	}
	ok := csr(3, 2, []int64{0, 1, 2, 4}, []int32{0, 1, 0, 1}, []float64{1, 2, 1, 1})
	for _, tc := range []struct {
		name string
		a    *linalg.CSR
		k    int
		o    Options
		want string
	}{
		{"nil", nil, 1, Options{}, "no points"},
		{"no rows", csr(0, 2, []int64{0}, nil, nil), 1, Options{}, "no points"},
		{"k=0", ok, 0, Options{}, "k = 0"},
		{"negative option", ok, 2, Options{Restarts: -1}, "negative option"},
		{"k above distinct", ok, 4, Options{}, "distinct"},
		{"zero row", csr(3, 2, []int64{0, 1, 1, 2}, []int32{0, 1}, []float64{1, 1}), 2, Options{}, "point 1 is zero"},
		{"stored zero row", csr(2, 2, []int64{0, 1, 2}, []int32{0, 1}, []float64{1, 0}), 1, Options{}, "point 1 is zero"},
		{"one direction", csr(3, 2, []int64{0, 2, 4, 6}, []int32{0, 1, 0, 1, 0, 1}, []float64{1, 1, 2, 2, 4, 4}), 2, Options{}, "distinct"},
		{"NaN", csr(1, 1, []int64{0, 1}, []int32{0}, []float64{math.NaN()}), 1, Options{}, "non-finite"},
		{"Inf", csr(1, 2, []int64{0, 2}, []int32{0, 1}, []float64{1, math.Inf(1)}), 1, Options{}, "non-finite"},
		{"short RowPtr", csr(3, 2, []int64{0, 1, 2}, []int32{0, 1}, []float64{1, 1}), 1, Options{}, "RowPtr"},
		{"values", csr(1, 2, []int64{0, 2}, []int32{0, 1}, []float64{1}), 1, Options{}, "values"},
		{"decreasing", csr(2, 2, []int64{0, 2, 1}, []int32{0}, []float64{1}), 1, Options{}, "decreases"},
		{"column range", csr(1, 2, []int64{0, 1}, []int32{2}, []float64{1}), 1, Options{}, "out of range"},
		{"duplicate column", csr(1, 2, []int64{0, 2}, []int32{1, 1}, []float64{1, 1}), 1, Options{}, "not increasing"},
	} {
		_, err := ClusterCosineCSR(tc.a, tc.k, tc.o)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err %v, want one mentioning %q", tc.name, err, tc.want)
		}
	}
	if r, err := ClusterCosineCSR(ok, 3, Options{}); err != nil || len(r.Assign) != 3 {
		t.Errorf("k = n: %v", err)
	}
}

func BenchmarkClusterCosineCSR(b *testing.B) {
	a, _ := sparseRays(20, 3430, 6906, 0.05, 1)
	for b.Loop() {
		if _, err := ClusterCosineCSR(a, 20, Options{Seed: 1, Restarts: 1}); err != nil {
			b.Fatal(err)
		}
	}
}
