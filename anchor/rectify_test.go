package anchor

import (
	"context"
	"math"
	"testing"

	"github.com/hulltopics/hull/cooc"
	"gonum.org/v1/gonum/mat"
)

// noisyBlock returns the co-occurrence block of the n most frequent words
// of a small separable corpus (300 documents: noisy enough that the rank-K
// projection has negative entries to clip).
func noisyBlock(t *testing.T, n int) *block {
	t.Helper()
	c, _ := separable(t, 300, 1)
	op, err := cooc.NewOperator(c, 0)
	if err != nil {
		t.Fatal(err)
	}
	b, err := newBlock(context.Background(), op, blockWords(c.DocFreq(), op.RowSums(), n), 0)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// eigenvalues returns the eigenvalues of the symmetric x, ascending.
func eigenvalues(t *testing.T, x *symMatrix) []float64 {
	t.Helper()
	sym := mat.NewSymDense(x.n, nil)
	for i := 0; i < x.n; i++ {
		for j := i; j < x.n; j++ {
			sym.SetSym(i, j, x.data[i*x.n+j])
		}
	}
	var es mat.EigenSym
	if !es.Factorize(sym, false) {
		t.Fatal("eigendecomposition failed")
	}
	return es.Values(nil)
}

// exactAP is the alternating projection of Lee, Bindel and Mimno 2015 with
// a full eigendecomposition per iteration, the reference for rectify.
func exactAP(t *testing.T, x *symMatrix, k, iters int) {
	n := x.n
	for range iters {
		sym := mat.NewSymDense(n, nil)
		for i := 0; i < n; i++ {
			for j := i; j < n; j++ {
				sym.SetSym(i, j, x.data[i*n+j])
			}
		}
		var es mat.EigenSym
		if !es.Factorize(sym, true) {
			t.Fatal("eigendecomposition failed")
		}
		vals := es.Values(nil)
		var vecs mat.Dense
		es.VectorsTo(&vecs)
		y := mat.NewDense(n, k, nil)
		for c := 0; c < k; c++ {
			f := math.Sqrt(math.Max(vals[n-1-c], 0))
			for a := 0; a < n; a++ {
				y.Set(a, c, vecs.At(a, n-1-c)*f)
			}
		}
		var psd mat.Dense
		psd.Mul(y, y.T())
		shift := (1 - mat.Sum(&psd)) / float64(n*n)
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				x.data[i*n+j] = math.Max(psd.At(i, j)+shift, 0)
			}
		}
	}
	s := sumRows(x)
	for i := range x.data {
		x.data[i] /= s
	}
}

func relDiff(a, b []float64) float64 {
	d, n := 0.0, 0.0
	for i := range a {
		d += (a[i] - b[i]) * (a[i] - b[i])
		n += b[i] * b[i]
	}
	return math.Sqrt(d / n)
}

// The subspace iteration gives the projections of the exact alternating
// projection: equal to rounding after one iteration, and within 1e-4
// after 20 (the warm subspace lags the moving iterate slightly).
func TestRectifyMatchesExactProjections(t *testing.T) {
	for _, tc := range []struct {
		iters int
		tol   float64
	}{{1, 1e-8}, {20, 1e-4}} {
		got, want := noisyBlock(t, 150), noisyBlock(t, 150)
		o := Options{RectifyMaxIter: tc.iters, RectifyTolerance: 1e-12}
		if _, err := rectify(context.Background(), got.x, 10, &o); err != nil {
			t.Fatal(err)
		}
		exactAP(t, want.x, 10, tc.iters)
		if d := relDiff(got.x.data, want.x.data); d > tc.tol {
			t.Errorf("%d iterations: relative Frobenius distance to the exact projections %.3g > %g", tc.iters, d, tc.tol)
		}
	}
}

// The rectified block is non-negative, symmetric and sums to 1, and it is
// rank K and positive semidefinite within the tolerance the iterations
// reach: every eigenvalue but the K largest is within 1e-6 of 0 relative
// to the largest.
func TestRectifiedBlockIsJointStochasticLowRankPSD(t *testing.T) {
	const k = 10
	b := noisyBlock(t, 150)
	before := eigenvalues(t, b.x)
	o := Options{RectifyMaxIter: 100, RectifyTolerance: 1e-12}
	rep, err := rectify(context.Background(), b.x, k, &o)
	if err != nil {
		t.Fatal(err)
	}
	n, zeros, sum := b.x.n, 0, 0.0
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			x := b.x.data[i*n+j]
			switch {
			case x < 0:
				t.Fatalf("entry (%d, %d) = %g < 0", i, j, x)
			case x == 0:
				zeros++
			case x != b.x.data[j*n+i]:
				t.Fatalf("entries (%d, %d) and (%d, %d) differ", i, j, j, i)
			}
			sum += x
		}
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Errorf("entries sum to 1 %+g", sum-1)
	}
	if zeros == 0 {
		t.Error("no entry was clipped: the test case does not exercise the non-negative projection")
	}
	ev := eigenvalues(t, b.x)
	top := ev[n-1]
	t.Logf("%d iterations, change %.3g, %d zeros; before: lambda_%d/lambda_1 = %.3g, min/lambda_1 = %.3g; after: %.3g, %.3g",
		rep.Iterations, rep.Change, zeros, k+1, before[n-1-k]/before[n-1], before[0]/before[n-1], ev[n-1-k]/top, ev[0]/top)
	if ev[n-1-k] > 1e-6*top || ev[0] < -1e-6*top {
		t.Errorf("eigenvalues beyond the %d largest are in [%.3g, %.3g] relative to the largest, want within 1e-6 of 0",
			k, ev[0]/top, ev[n-1-k]/top)
	}
}

// The alternating projection converges: the change per iteration falls
// below the tolerance, and the report says so.
func TestRectifyConverges(t *testing.T) {
	for _, tol := range []float64{1e-2, 1e-4} {
		b := noisyBlock(t, 150)
		o := Options{RectifyMaxIter: 100, RectifyTolerance: tol}
		rep, err := rectify(context.Background(), b.x, 10, &o)
		if err != nil {
			t.Fatal(err)
		}
		if !rep.Converged || rep.Change >= tol || rep.Iterations >= 100 || rep.Words != 150 {
			t.Errorf("tolerance %g: report %+v", tol, rep)
		}
	}
}
