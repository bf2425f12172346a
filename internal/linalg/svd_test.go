package linalg

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// planted returns a sparse rows x cols matrix with k planted blocks of
// decreasing strength over sparse noise of standard deviation noise: its k
// leading singular values are separated from each other and, the more so
// the smaller noise is, from the rest.
func planted(rows, cols, k int, fill, noise float64, seed uint64) *CSR {
	rng := rand.New(rand.NewPCG(seed, 3))
	a := &CSR{Rows: rows, Cols: cols, RowPtr: make([]int64, rows+1)}
	for i := 0; i < rows; i++ {
		for j := 0; j < cols; j++ {
			g := i % k
			switch {
			case j%k == g && rng.Float64() < fill:
				a.ColIdx = append(a.ColIdx, int32(j))
				a.Val = append(a.Val, (1-0.1*float64(g))*(3+0.3*rng.NormFloat64()))
			case rng.Float64() < 0.05:
				a.ColIdx = append(a.ColIdx, int32(j))
				a.Val = append(a.Val, noise*rng.NormFloat64())
			}
		}
		a.RowPtr[i+1] = int64(len(a.Val))
	}
	return a
}

// exactSVD returns gonum's full SVD of a.
func exactSVD(t *testing.T, a *CSR) (u *mat.Dense, s []float64, v *mat.Dense) {
	var svd mat.SVD
	if !svd.Factorize(toDense(a), mat.SVDThin) {
		t.Fatal("gonum SVD failed")
	}
	u, v = new(mat.Dense), new(mat.Dense)
	svd.UTo(u)
	svd.VTo(v)
	return u, svd.Values(nil), v
}

// checkSVD compares the randomized factors with the exact ones: singular
// values within relTol, and |u_i . u_i'| and |v_i . v_i'| within vecTol of 1.
func checkSVD(t *testing.T, name string, a *CSR, k int, o SVDOptions, relTol, vecTol float64) {
	t.Helper()
	u, s, v, err := RandomizedSVD(a, k, o)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	ue, se, ve := exactSVD(t, a)
	if r, c := u.Dims(); r != a.Rows || c != k {
		t.Fatalf("%s: u is %dx%d", name, r, c)
	}
	if r, c := v.Dims(); r != a.Cols || c != k {
		t.Fatalf("%s: v is %dx%d", name, r, c)
	}
	if len(s) != k {
		t.Fatalf("%s: %d singular values", name, len(s))
	}
	for i := 0; i < k; i++ {
		if d := math.Abs(s[i]-se[i]) / se[i]; d > relTol {
			t.Errorf("%s: s[%d] = %v, exact %v (relative error %g)", name, i, s[i], se[i], d)
		}
		if i > 0 && s[i] > s[i-1] {
			t.Errorf("%s: singular values not descending: %v", name, s)
		}
		du := math.Abs(mat.Dot(u.ColView(i), ue.ColView(i)))
		dv := math.Abs(mat.Dot(v.ColView(i), ve.ColView(i)))
		if math.Abs(du-1) > vecTol || math.Abs(dv-1) > vecTol {
			t.Errorf("%s: vector %d: |u.u'| = %v, |v.v'| = %v", name, i, du, dv)
		}
	}
	// u^T A v = diag(s) and the columns are orthonormal.
	var av, uav, utu, vtv mat.Dense
	a.MulDense(&av, v, 1)
	uav.Mul(u.T(), &av)
	utu.Mul(u.T(), u)
	vtv.Mul(v.T(), v)
	for i := 0; i < k; i++ {
		for j := 0; j < k; j++ {
			want, id := 0.0, 0.0
			if i == j {
				want, id = s[i], 1
			}
			if math.Abs(uav.At(i, j)-want) > 1e-8*s[0] || math.Abs(utu.At(i, j)-id) > 1e-12 || math.Abs(vtv.At(i, j)-id) > 1e-12 {
				t.Fatalf("%s: u^T A v or orthonormality off at (%d, %d): %v %v %v", name, i, j, uav.At(i, j), utu.At(i, j), vtv.At(i, j))
			}
		}
	}
	// Sign convention: the largest entry of each u_i is positive.
	for i := 0; i < k; i++ {
		col := mat.Col(nil, i, u)
		lo, hi := floats.Min(col), floats.Max(col)
		if -lo > hi {
			t.Errorf("%s: u_%d has its largest-magnitude entry negative", name, i)
		}
	}
}

func TestRandomizedSVDMatchesExact(t *testing.T) {
	a := planted(300, 200, 5, 0.9, 0.2, 1)
	_, se, _ := exactSVD(t, a)
	t.Logf("planted: leading singular values %.4g, s6/s5 = %.3g, s16/s5 = %.3g", se[:7], se[5]/se[4], se[15]/se[4])
	checkSVD(t, "planted 300x200", a, 5, SVDOptions{Seed: 1}, 1e-8, 1e-8)
	checkSVD(t, "planted 200x300", a.Transpose(), 5, SVDOptions{Seed: 2, Threads: 2}, 1e-8, 1e-8)
	checkSVD(t, "planted k=3", a, 3, SVDOptions{Seed: 3}, 1e-8, 1e-8)
	// Tall enough that products with A^T scatter (CSR.scatters).
	tall := planted(500, 200, 5, 0.9, 0.2, 5)
	if !tall.scatters() {
		t.Fatal("the tall test matrix does not take the scatter path")
	}
	checkSVD(t, "planted 500x200", tall, 5, SVDOptions{Seed: 6}, 1e-8, 1e-8)
	checkSVD(t, "planted 200x500", tall.Transpose(), 5, SVDOptions{Seed: 6}, 1e-8, 1e-8)
	// When k+p covers min(Rows, Cols) the factorisation is exact.
	r := randCSR(60, 25, 0.3, 9)
	checkSVD(t, "exact 60x25", r, 25, SVDOptions{Seed: 4}, 1e-10, 1e-6)
	checkSVD(t, "exact 25x60", r.Transpose(), 20, SVDOptions{Seed: 4}, 1e-10, 1e-6)
	checkSVD(t, "1x1", &CSR{Rows: 1, Cols: 1, RowPtr: []int64{0, 1}, ColIdx: []int32{0}, Val: []float64{-2}}, 1, SVDOptions{}, 0, 0)
}

// With a weaker gap the power iterations matter: the estimates are lower
// bounds (s_i(Q^T A) <= s_i(A)), and q = 4 is far closer than q = 0.
func TestRandomizedSVDPowerIterations(t *testing.T) {
	a := planted(300, 200, 5, 0.5, 0.5, 2)
	_, se, _ := exactSVD(t, a)
	t.Logf("s16/s5 = %.3g", se[15]/se[4])
	worst := func(o SVDOptions) float64 {
		_, s, _, err := RandomizedSVD(a, 5, o)
		if err != nil {
			t.Fatal(err)
		}
		e := 0.0
		for i := range s {
			if s[i] > se[i]*(1+1e-12) {
				t.Errorf("%+v: s[%d] = %v exceeds the exact %v", o, i, s[i], se[i])
			}
			e = math.Max(e, (se[i]-s[i])/se[i])
		}
		return e
	}
	e0, e00, e4 := worst(SVDOptions{PowerIters: -1, Seed: 5}), worst(SVDOptions{PowerIters: -1, Oversample: -1, Seed: 5}), worst(SVDOptions{Seed: 5})
	t.Logf("worst relative error: q=0 p=0 %.2g, q=0 p=10 %.2g, q=4 p=10 %.2g", e00, e0, e4)
	if !(e4 < 1e-3 && e4 < e0/100) {
		t.Errorf("q = 4 is not clearly better than q = 0: %g vs %g", e4, e0)
	}
}

func TestRandomizedSVDThreadIndependent(t *testing.T) {
	// Large enough that the transpose is split and the QR runs in parallel;
	// and tall (or wide) enough that products with A^T (or A) scatter.
	for _, a := range []*CSR{randCSR(3000, 2000, 0.02, 3), randCSR(6000, 500, 0.05, 4), randCSR(500, 6000, 0.05, 4)} {
		u1, s1, v1, err := RandomizedSVD(a, 8, SVDOptions{Seed: 7, Threads: 1, PowerIters: 2})
		if err != nil {
			t.Fatal(err)
		}
		for _, threads := range []int{2, 3, 0} {
			u, s, v, err := RandomizedSVD(a, 8, SVDOptions{Seed: 7, Threads: threads, PowerIters: 2})
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(s) != fmt.Sprint(s1) || !bitEqual(u, u1) || !bitEqual(v, v1) {
				t.Fatalf("%dx%d, threads=%d: result differs from threads=1", a.Rows, a.Cols, threads)
			}
		}
	}
	a := randCSR(5000, 800, 0.05, 3)
	_, s1, _, _ := RandomizedSVD(a, 8, SVDOptions{Seed: 7, PowerIters: 2})
	_, s2, _, _ := RandomizedSVD(a, 8, SVDOptions{Seed: 8, PowerIters: 2})
	if fmt.Sprint(s2) == fmt.Sprint(s1) {
		t.Error("a different seed gave bit-identical singular values")
	}
}

func TestRandomizedSVDErrors(t *testing.T) {
	a := randCSR(10, 6, 0.5, 1)
	for _, k := range []int{-1, 0, 7} {
		if _, _, _, err := RandomizedSVD(a, k, SVDOptions{}); err == nil {
			t.Errorf("k = %d: no error", k)
		}
	}
	for name, bad := range map[string]*CSR{
		"short RowPtr":   {Rows: 2, Cols: 2, RowPtr: []int64{0, 1}, ColIdx: []int32{0}, Val: []float64{1}},
		"col range":      {Rows: 1, Cols: 2, RowPtr: []int64{0, 1}, ColIdx: []int32{2}, Val: []float64{1}},
		"col order":      {Rows: 1, Cols: 3, RowPtr: []int64{0, 2}, ColIdx: []int32{1, 0}, Val: []float64{1, 1}},
		"duplicate col":  {Rows: 1, Cols: 3, RowPtr: []int64{0, 2}, ColIdx: []int32{1, 1}, Val: []float64{1, 1}},
		"NaN":            {Rows: 1, Cols: 1, RowPtr: []int64{0, 1}, ColIdx: []int32{0}, Val: []float64{math.NaN()}},
		"Inf":            {Rows: 1, Cols: 1, RowPtr: []int64{0, 1}, ColIdx: []int32{0}, Val: []float64{math.Inf(1)}},
		"RowPtr decline": {Rows: 2, Cols: 2, RowPtr: []int64{0, 2, 1}, ColIdx: []int32{0}, Val: []float64{1}},
		"short Val":      {Rows: 1, Cols: 2, RowPtr: []int64{0, 2}, ColIdx: []int32{0, 1}, Val: []float64{1}},
	} {
		if _, _, _, err := RandomizedSVD(bad, 1, SVDOptions{}); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func BenchmarkRandomizedSVD(b *testing.B) {
	a := randCSR(10000, 3000, 0.01, 1)
	for _, threads := range []int{1, 0} {
		b.Run(fmt.Sprintf("10000x3000_1pct_k20_threads%d", threads), func(b *testing.B) {
			for b.Loop() {
				if _, _, _, err := RandomizedSVD(a, 20, SVDOptions{Seed: 1, Threads: threads}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestRandomizedSVDRankDeficient: a matrix of rank 2 asked for k = 100
// singular triplets (TSVD's thresholded matrix when only two words reach
// their thresholds, at K = 100). The subspace iteration then orthonormalises
// columns of rounding residue, which shrink at every product towards the
// underflow threshold; before orthonormalize scaled them as dlarfg does,
// they turned into NaN and the dense SVD "did not converge" (seeds 1 and
// 2). The two singular values must be exact and the others zero.
func TestRandomizedSVDRankDeficient(t *testing.T) {
	rows, cols := 158, 15000
	a := &CSR{Rows: rows, Cols: cols, RowPtr: make([]int64, rows+1)}
	want := [2]float64{}
	for r := 0; r < rows; r++ {
		w, c := int32(1728), 0
		if r%5 < 2 {
			w, c = 9853, 1
		}
		v := math.Sqrt(float64(3 + r%3))
		a.ColIdx = append(a.ColIdx, w)
		a.Val = append(a.Val, v)
		a.RowPtr[r+1] = int64(len(a.Val))
		want[c] += v * v
	}
	for seed := uint64(1); seed <= 3; seed++ {
		u, s, v, err := RandomizedSVD(a, 100, SVDOptions{Seed: seed})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if math.Abs(s[0]-math.Sqrt(want[0])) > 1e-12*s[0] || math.Abs(s[1]-math.Sqrt(want[1])) > 1e-12*s[0] {
			t.Errorf("seed %d: s[:2] = %v, want sqrt of %v", seed, s[:2], want)
		}
		if s[2] > 1e-12*s[0] {
			t.Errorf("seed %d: s[2] = %g, want 0 (rank 2)", seed, s[2])
		}
		for _, m := range []*mat.Dense{u, v} {
			var g mat.Dense
			g.Mul(m.T(), m)
			for i := 0; i < 100; i++ {
				g.Set(i, i, g.At(i, i)-1)
			}
			if e := mat.Norm(&g, math.Inf(1)); !(e < 1e-10) {
				t.Errorf("seed %d: columns not orthonormal (%g)", seed, e)
			}
		}
	}
}

// TransposedRandomizedSVD of A^T is RandomizedSVD of A, bit for bit, for
// a wide, a tall and a square-ish A.
func TestTransposedRandomizedSVD(t *testing.T) {
	for _, a := range []*CSR{randCSR(300, 2000, 0.05, 1), randCSR(2000, 300, 0.05, 2), randCSR(700, 500, 0.05, 3)} {
		o := SVDOptions{Seed: 4, PowerIters: 2}
		u1, s1, v1, err := RandomizedSVD(a, 6, o)
		if err != nil {
			t.Fatal(err)
		}
		u2, s2, v2, err := TransposedRandomizedSVD(a.Transpose(), 6, o)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(s1) != fmt.Sprint(s2) || !bitEqual(u1, u2) || !bitEqual(v1, v2) {
			t.Errorf("%dx%d: TransposedRandomizedSVD differs from RandomizedSVD", a.Rows, a.Cols)
		}
	}
	if _, _, _, err := TransposedRandomizedSVD(&CSR{Rows: 1, Cols: 1, RowPtr: []int64{0, 1}, ColIdx: []int32{3}, Val: []float64{1}}, 1, SVDOptions{}); err == nil {
		t.Error("a malformed matrix: no error")
	}
}

// TestRandomizedSVDContext: a done context stops the power iterations
// (20,000 of them ran on after a cancel) and the call returns its error.
func TestRandomizedSVDContext(t *testing.T) {
	a := planted(60, 40, 3, 0.5, 0.5, 2)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, _, err := RandomizedSVD(a, 3, SVDOptions{PowerIters: 20000, Context: ctx}); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled context: %v", err)
	}
	// Without power iterations, the products after them stop too.
	if _, _, _, err := RandomizedSVD(a, 3, SVDOptions{PowerIters: -1, Context: ctx}); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled context, no power iteration: %v", err)
	}
}
