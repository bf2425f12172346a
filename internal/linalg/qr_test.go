package linalg

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack/lapack64"
	"gonum.org/v1/gonum/mat"
)

// randDense returns an r x c matrix of standard normal entries.
func randDense(r, c int, seed uint64) *mat.Dense {
	rng := rand.New(rand.NewPCG(seed, 1))
	d := mat.NewDense(r, c, nil)
	for i := range d.RawMatrix().Data {
		d.RawMatrix().Data[i] = rng.NormFloat64()
	}
	return d
}

func TestOrthonormalize(t *testing.T) {
	for _, tc := range []struct{ n, m int }{{1, 1}, {5, 5}, {50, 7}, {5000, 6}} {
		y := randDense(tc.n, tc.m, 3)
		y0 := mat.DenseCopyOf(y)
		orthonormalize(y, 2)
		var g, r mat.Dense
		g.Mul(y.T(), y)
		for i := 0; i < tc.m; i++ {
			g.Set(i, i, g.At(i, i)-1)
		}
		if e := mat.Norm(&g, math.Inf(1)); e > 1e-13 {
			t.Errorf("%dx%d: ||Q^T Q - I|| = %g", tc.n, tc.m, e)
		}
		// Q Q^T y0 = y0: the same range.
		r.Mul(y.T(), y0)
		var back mat.Dense
		back.Mul(y, &r)
		if d := maxAbsDiff(&back, y0); d > 1e-12 {
			t.Errorf("%dx%d: range not preserved (%g)", tc.n, tc.m, d)
		}
	}
	// The result does not depend on the number of goroutines.
	y1, y3 := randDense(qrParallelMin+100, 9, 4), randDense(qrParallelMin+100, 9, 4)
	orthonormalize(y1, 1)
	orthonormalize(y3, 3)
	if !bitEqual(y1, y3) {
		t.Error("orthonormalize depends on threads")
	}
	// A rank-deficient input still gives orthonormal columns.
	y := mat.NewDense(8, 3, nil)
	for i := 0; i < 8; i++ {
		y.Set(i, 0, float64(i))
		y.Set(i, 2, 2*float64(i))
	}
	orthonormalize(y, 1)
	var g mat.Dense
	g.Mul(y.T(), y)
	if !mat.EqualApprox(&g, mat.NewDiagDense(3, []float64{1, 1, 1}), 1e-14) {
		t.Errorf("rank-deficient: Q^T Q = %v", mat.Formatted(&g))
	}
}

// lapackQ is the thin Q of gonum's LAPACK (Dgeqrf then Dorgqr), the
// alternative to orthonormalize measured in BenchmarkOrthonormalize.
func lapackQ(y *mat.Dense) {
	n, m := y.Dims()
	g := y.RawMatrix()
	tau := make([]float64, m)
	work := make([]float64, 1)
	lapack64.Geqrf(blas64.General(g), tau, work, -1)
	work = make([]float64, int(work[0]))
	lapack64.Geqrf(blas64.General(g), tau, work, len(work))
	lapack64.Orgqr(blas64.General{Rows: n, Cols: m, Stride: g.Stride, Data: g.Data}, tau, work, -1)
	work = make([]float64, int(work[0]))
	lapack64.Orgqr(blas64.General{Rows: n, Cols: m, Stride: g.Stride, Data: g.Data}, tau, work, len(work))
}

// BenchmarkOrthonormalize compares our Householder thin QR with gonum's
// LAPACK one on the tall shape RandomizedSVD meets, reporting ||Q^T Q - I||.
func BenchmarkOrthonormalize(b *testing.B) {
	y0 := randDense(20000, 30, 1)
	for _, c := range []struct {
		name string
		f    func(*mat.Dense)
	}{
		{"householder_threads1", func(y *mat.Dense) { orthonormalize(y, 1) }},
		{"householder_threads0", func(y *mat.Dense) { orthonormalize(y, 0) }},
		{"gonum_lapack", lapackQ},
	} {
		b.Run(c.name, func(b *testing.B) {
			y := mat.NewDense(20000, 30, nil)
			for b.Loop() {
				y.Copy(y0)
				c.f(y)
			}
			var g mat.Dense
			g.Mul(y.T(), y)
			for i := 0; i < 30; i++ {
				g.Set(i, i, g.At(i, i)-1)
			}
			b.ReportMetric(mat.Norm(&g, 1)*1e15, "orth-err*1e15")
		})
	}
}

// TestOrthonormalizeTinyColumn: a column whose part below the diagonal has
// a subnormal norm (what a rank-deficient matrix leaves after a few
// products of the subspace iteration) must not overflow the reflector's
// scaling 1/(alpha-beta) into Inf and NaN; LAPACK's dlarfg scales it up
// first, and so does orthonormalize.
func TestOrthonormalizeTinyColumn(t *testing.T) {
	for _, tiny := range []float64{1e-310, 1e-300, 5e-324} {
		y := mat.NewDense(4, 3, []float64{
			1, 0, 2,
			0, 0, 0,
			0, tiny, 0,
			0, tiny / 2, 1,
		})
		orthonormalize(y, 1)
		for _, v := range y.RawMatrix().Data {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Fatalf("tiny = %g: Q holds %v:\n%v", tiny, v, mat.Formatted(y))
			}
		}
		var g mat.Dense
		g.Mul(y.T(), y)
		if !mat.EqualApprox(&g, mat.NewDiagDense(3, []float64{1, 1, 1}), 1e-14) {
			t.Errorf("tiny = %g: Q^T Q = %v", tiny, mat.Formatted(&g))
		}
		// The second column is in the span of e_2 and e_3: so is Q's.
		if x := math.Abs(y.At(0, 1)) + math.Abs(y.At(1, 1)); x > 1e-14 {
			t.Errorf("tiny = %g: Q's second column %v leaves span(e_2, e_3)", tiny, mat.Col(nil, 1, y))
		}
	}
}

// thinQR's R reconstructs the matrix with its Q, is upper triangular, and
// leaves Q equal to orthonormalize's, bit for bit.
func TestThinQRFactor(t *testing.T) {
	y := randDense(5000, 12, 5)
	q, r := mat.DenseCopyOf(y), mat.NewDense(12, 12, nil)
	thinQR(q, r, 0)
	q2 := mat.DenseCopyOf(y)
	orthonormalize(q2, 0)
	if !bitEqual(q, q2) {
		t.Error("thinQR's Q differs from orthonormalize's")
	}
	for i := 0; i < 12; i++ {
		for j := 0; j < i; j++ {
			if r.At(i, j) != 0 {
				t.Fatalf("R[%d][%d] = %v below the diagonal", i, j, r.At(i, j))
			}
		}
	}
	var qr mat.Dense
	qr.Mul(q, r)
	if e := maxAbsDiff(&qr, y); e > 1e-12 {
		t.Errorf("Q R differs from y by %g", e)
	}
}
