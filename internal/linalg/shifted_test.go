package linalg

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// shiftedDense returns the dense a - 1 mu^T.
func shiftedDense(a *CSR, mu []float64) *mat.Dense {
	d := toDense(a)
	for i := 0; i < a.Rows; i++ {
		for j, m := range mu {
			d.Set(i, j, d.At(i, j)-m)
		}
	}
	return d
}

// colMean returns the mean of the rows of a.
func colMean(a *CSR) []float64 {
	mu := make([]float64, a.Cols)
	for p, c := range a.ColIdx {
		mu[c] += a.Val[p] / float64(a.Rows)
	}
	return mu
}

func TestShiftedProductsMatchDense(t *testing.T) {
	a := randCSR(300, 120, 0.05, 11)
	mu := colMean(a)
	mu[3] = 0 // a zero entry takes the skip path
	s, err := NewShifted(a, mu)
	if err != nil {
		t.Fatal(err)
	}
	if r, c := s.Dims(); r != 300 || c != 120 {
		t.Fatalf("Dims %d x %d", r, c)
	}
	d := shiftedDense(a, mu)
	b := randDense(120, 7, 3)
	var got, want mat.Dense
	s.MulDense(&got, b, 0)
	want.Mul(d, b)
	if e := maxAbsDiff(&got, &want); e > 1e-12 {
		t.Errorf("MulDense differs from the dense product by %g", e)
	}
	y := randDense(300, 5, 4)
	var gotT, wantT mat.Dense
	s.TMulDense(&gotT, y, 0)
	wantT.Mul(d.T(), y)
	if e := maxAbsDiff(&gotT, &wantT); e > 1e-12 {
		t.Errorf("TMulDense differs from the dense product by %g", e)
	}
	expectPanic(t, "MulDense bad shape", func() { s.MulDense(mat.NewDense(300, 7, nil), randDense(119, 7, 1), 0) })
	expectPanic(t, "TMulDense bad shape", func() { s.TMulDense(mat.NewDense(120, 5, nil), randDense(299, 5, 1), 0) })
}

// The shifted SVD equals the dense SVD of the explicitly shifted matrix:
// exactly (up to rounding) when the sketch spans everything, closely with
// enough power iterations on a matrix with a gap (centring k planted blocks
// leaves k-1 strong directions).
func TestShiftedSVDMatchesDense(t *testing.T) {
	for _, tc := range []struct {
		name         string
		a            *CSR
		k            int
		o            SVDOptions
		relTol, vTol float64
	}{
		{"full sketch", randCSR(60, 40, 0.2, 5), 6, SVDOptions{Oversample: 40, Seed: 1}, 1e-10, 1e-9},
		{"planted, q = 10", planted(600, 300, 6, 0.3, 0.3, 2), 5, SVDOptions{Seed: 3, PowerIters: 10}, 1e-6, 1e-5},
		{"wide", planted(200, 700, 5, 0.3, 0.3, 4), 4, SVDOptions{Seed: 3, PowerIters: 10}, 1e-6, 1e-5},
	} {
		a := tc.a
		mu := colMean(a)
		// A non-mean shift too: the operator does not assume centred rows.
		mu2 := append([]float64(nil), mu...)
		for j := range mu2 {
			mu2[j] *= 0.5 + 0.01*float64(j%7)
		}
		for mi, m := range [][]float64{mu, mu2} {
			name := fmt.Sprintf("%s, shift %d", tc.name, mi)
			s, err := NewShifted(a, m)
			if err != nil {
				t.Fatal(err)
			}
			u, sv, v, err := s.RandomizedSVD(tc.k, tc.o)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			var svd mat.SVD
			if !svd.Factorize(shiftedDense(a, m), mat.SVDThin) {
				t.Fatal("gonum SVD failed")
			}
			se := svd.Values(nil)
			var ue, ve mat.Dense
			svd.UTo(&ue)
			svd.VTo(&ve)
			for i := 0; i < tc.k; i++ {
				if r := math.Abs(sv[i]-se[i]) / se[0]; r > tc.relTol {
					t.Errorf("%s: sigma_%d = %v, dense %v", name, i, sv[i], se[i])
				}
				du, dv := 0.0, 0.0
				for r := 0; r < a.Rows; r++ {
					du += u.At(r, i) * ue.At(r, i)
				}
				for c := 0; c < a.Cols; c++ {
					dv += v.At(c, i) * ve.At(c, i)
				}
				if math.Abs(math.Abs(du)-1) > tc.vTol || math.Abs(math.Abs(dv)-1) > tc.vTol || du*dv < 0 {
					t.Errorf("%s: singular vectors %d: |u.u'| = %v, |v.v'| = %v", name, i, du, dv)
				}
			}
		}
	}
}

// The centred matrix has other singular values than the raw one: the
// shift is really applied (and a zero shift gives RandomizedSVD bit for
// bit).
func TestShiftedSVDZeroShiftIsRandomizedSVD(t *testing.T) {
	a := randCSR(400, 150, 0.05, 8)
	o := SVDOptions{Seed: 4, PowerIters: 2}
	u1, s1, v1, err := RandomizedSVD(a, 5, o)
	if err != nil {
		t.Fatal(err)
	}
	z, _ := NewShifted(a, make([]float64, a.Cols))
	u2, s2, v2, err := z.RandomizedSVD(5, o)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(s1) != fmt.Sprint(s2) || !bitEqual(u1, u2) || !bitEqual(v1, v2) {
		t.Error("zero shift differs from RandomizedSVD")
	}
	// Rows with a large common component: centring removes it.
	rng := rand.New(rand.NewPCG(1, 1))
	d := mat.NewDense(200, 30, nil)
	for i := 0; i < 200; i++ {
		for j := 0; j < 30; j++ {
			d.Set(i, j, 10+0.1*rng.NormFloat64())
		}
	}
	b := fromDense(d)
	_, raw, _, _ := RandomizedSVD(b, 1, SVDOptions{Seed: 1})
	c, _ := NewShifted(b, colMean(b))
	_, cen, _, _ := c.RandomizedSVD(1, SVDOptions{Seed: 1})
	if !(raw[0] > 100 && cen[0] < 5) {
		t.Errorf("sigma_1 raw %v, centred %v: want the mean removed", raw[0], cen[0])
	}
}

func TestShiftedThreadIndependent(t *testing.T) {
	a := randCSR(5000, 800, 0.05, 3)
	s, _ := NewShifted(a, colMean(a))
	u1, s1, v1, err := s.RandomizedSVD(8, SVDOptions{Seed: 7, Threads: 1, PowerIters: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, threads := range []int{2, 3, 0} {
		s, _ := NewShifted(a, colMean(a))
		u, sv, v, err := s.RandomizedSVD(8, SVDOptions{Seed: 7, Threads: threads, PowerIters: 2})
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(sv) != fmt.Sprint(s1) || !bitEqual(u, u1) || !bitEqual(v, v1) {
			t.Fatalf("threads=%d: result differs from threads=1", threads)
		}
	}
}

func TestShiftedErrors(t *testing.T) {
	a := randCSR(10, 6, 0.5, 1)
	for name, mu := range map[string][]float64{
		"short mu": make([]float64, 5),
		"long mu":  make([]float64, 7),
		"NaN mu":   {0, 0, math.NaN(), 0, 0, 0},
		"Inf mu":   {0, 0, 0, 0, 0, math.Inf(-1)},
	} {
		if _, err := NewShifted(a, mu); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	bad := &CSR{Rows: 1, Cols: 2, RowPtr: []int64{0, 1}, ColIdx: []int32{2}, Val: []float64{1}}
	if _, err := NewShifted(bad, make([]float64, 2)); err == nil {
		t.Error("malformed CSR: no error")
	}
	s, _ := NewShifted(a, make([]float64, 6))
	for _, k := range []int{-1, 0, 7} {
		if _, _, _, err := s.RandomizedSVD(k, SVDOptions{}); err == nil {
			t.Errorf("k = %d: no error", k)
		}
	}
}
