package linalg

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// randCSR returns a rows x cols matrix whose entries are nonzero with
// probability density, standard normal when nonzero.
func randCSR(rows, cols int, density float64, seed uint64) *CSR {
	rng := rand.New(rand.NewPCG(seed, 7))
	a := &CSR{Rows: rows, Cols: cols, RowPtr: make([]int64, rows+1)}
	for i := 0; i < rows; i++ {
		for j := 0; j < cols; j++ {
			if rng.Float64() < density {
				a.ColIdx = append(a.ColIdx, int32(j))
				a.Val = append(a.Val, rng.NormFloat64())
			}
		}
		a.RowPtr[i+1] = int64(len(a.Val))
	}
	return a
}

// toDense expands a.
func toDense(a *CSR) *mat.Dense {
	d := mat.NewDense(a.Rows, a.Cols, nil)
	for i := 0; i < a.Rows; i++ {
		for p := a.RowPtr[i]; p < a.RowPtr[i+1]; p++ {
			d.Set(i, int(a.ColIdx[p]), a.Val[p])
		}
	}
	return d
}

// fromDense compresses the nonzeros of d.
func fromDense(d mat.Matrix) *CSR {
	r, c := d.Dims()
	a := &CSR{Rows: r, Cols: c, RowPtr: make([]int64, r+1)}
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			if v := d.At(i, j); v != 0 {
				a.ColIdx = append(a.ColIdx, int32(j))
				a.Val = append(a.Val, v)
			}
		}
		a.RowPtr[i+1] = int64(len(a.Val))
	}
	return a
}

func bitEqual(a, b *mat.Dense) bool {
	ar, ac := a.Dims()
	br, bc := b.Dims()
	if ar != br || ac != bc {
		return false
	}
	for i := 0; i < ar; i++ {
		for j := 0; j < ac; j++ {
			if math.Float64bits(a.At(i, j)) != math.Float64bits(b.At(i, j)) {
				return false
			}
		}
	}
	return true
}

func maxAbsDiff(a, b mat.Matrix) float64 {
	r, c := a.Dims()
	m := 0.0
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			m = math.Max(m, math.Abs(a.At(i, j)-b.At(i, j)))
		}
	}
	return m
}

func TestMulDenseMatchesDense(t *testing.T) {
	for _, tc := range []struct {
		rows, cols, k int
		density       float64
	}{
		{1, 1, 1, 1}, {7, 3, 2, 0.5}, {40, 25, 5, 0.1}, {25, 40, 3, 0.3}, {300, 200, 17, 0.02}, {50, 60, 4, 0},
	} {
		a := randCSR(tc.rows, tc.cols, tc.density, uint64(tc.rows))
		ad := toDense(a)
		// b and the expected products are views with a stride wider than
		// their width, to exercise strides.
		bIn := randDense(tc.cols, tc.k+3, 2).Slice(0, tc.cols, 1, 1+tc.k).(*mat.Dense)
		bT := randDense(tc.rows, tc.k+2, 3).Slice(0, tc.rows, 2, 2+tc.k).(*mat.Dense)
		var want, wantT mat.Dense
		want.Mul(ad, bIn)
		wantT.Mul(ad.T(), bT)
		for _, threads := range []int{1, 3} {
			got := mat.NewDense(tc.rows, tc.k+1, nil).Slice(0, tc.rows, 1, 1+tc.k).(*mat.Dense)
			got.Set(0, 0, math.NaN()) // dst is overwritten, not accumulated into
			a.MulDense(got, bIn, threads)
			if d := maxAbsDiff(got, &want); d > 1e-12 {
				t.Errorf("%dx%d k=%d threads=%d: MulDense differs by %g", tc.rows, tc.cols, tc.k, threads, d)
			}
			var gotT mat.Dense // empty dst is resized
			a.TMulDense(&gotT, bT, threads)
			if d := maxAbsDiff(&gotT, &wantT); d > 1e-12 {
				t.Errorf("%dx%d k=%d threads=%d: TMulDense differs by %g", tc.rows, tc.cols, tc.k, threads, d)
			}
		}
	}
}

func TestTransposeMatchesDense(t *testing.T) {
	for _, tc := range []struct {
		rows, cols int
		density    float64
	}{{1, 1, 1}, {5, 9, 0.3}, {30, 2, 0.5}, {2, 30, 0.5}, {40, 40, 0}, {1500, 400, 0.3}} {
		a := randCSR(tc.rows, tc.cols, tc.density, 11)
		for _, threads := range []int{1, 2, 5} {
			at := a.transpose(threads)
			if err := at.validate(); err != nil {
				t.Fatalf("%dx%d: transpose is malformed: %v", tc.rows, tc.cols, err)
			}
			if !bitEqual(toDense(at), mat.DenseCopyOf(toDense(a).T())) {
				t.Fatalf("%dx%d threads=%d: transpose differs from the dense transpose", tc.rows, tc.cols, threads)
			}
			att := at.transpose(threads)
			if fmt.Sprint(att) != fmt.Sprint(a) {
				t.Fatalf("%dx%d threads=%d: transposing twice does not give a back", tc.rows, tc.cols, threads)
			}
		}
	}
}

// The products are bit-identical for every thread count, and TMulDense
// equals the serial sum over the nonzeros of A in storage order.
func TestProductsThreadIndependent(t *testing.T) {
	a := randCSR(3000, 700, 0.1, 5) // ~210,000 nonzeros: transpose splits the rows
	b := randDense(700, 12, 1)
	bt := randDense(3000, 12, 2)
	serialT := mat.NewDense(700, 12, nil)
	for i := 0; i < a.Rows; i++ {
		for p := a.RowPtr[i]; p < a.RowPtr[i+1]; p++ {
			axpy(a.Val[p], bt.RawRowView(i), serialT.RawRowView(int(a.ColIdx[p])))
		}
	}
	var ref, refT mat.Dense
	a.MulDense(&ref, b, 1)
	a.TMulDense(&refT, bt, 1)
	if !bitEqual(&refT, serialT) {
		t.Fatal("TMulDense differs from the serial loop")
	}
	for _, threads := range []int{2, 3, 8, 0} {
		var got, gotT mat.Dense
		a.MulDense(&got, b, threads)
		a.TMulDense(&gotT, bt, threads)
		if !bitEqual(&got, &ref) || !bitEqual(&gotT, &refT) {
			t.Fatalf("threads=%d: products differ from threads=1", threads)
		}
		if fmt.Sprint(a.transpose(threads)) != fmt.Sprint(a.transpose(1)) {
			t.Fatalf("threads=%d: transpose differs from threads=1", threads)
		}
	}
}

// The scatter product of a tall A^T equals the serial loop within
// rounding and is bit-identical for every thread count.
func TestTMulScatter(t *testing.T) {
	a := randCSR(4000, 300, 0.05, 6)
	if !a.scatters() {
		t.Fatal("the test matrix does not take the scatter path")
	}
	b := randDense(4000, 9, 3)
	serial := mat.NewDense(300, 9, nil)
	for i := 0; i < a.Rows; i++ {
		for p := a.RowPtr[i]; p < a.RowPtr[i+1]; p++ {
			axpy(a.Val[p], b.RawRowView(i), serial.RawRowView(int(a.ColIdx[p])))
		}
	}
	ref := mat.NewDense(300, 9, nil)
	parts := a.tmulScatter(ref, b, nil, 1)
	if e := maxAbsDiff(ref, serial); e > 1e-12 {
		t.Errorf("tmulScatter differs from the serial loop by %g", e)
	}
	for _, threads := range []int{2, 3, 8, 0} {
		got := mat.NewDense(300, 9, nil)
		parts = a.tmulScatter(got, b, parts, threads) // reused scratch, too
		if !bitEqual(got, ref) {
			t.Fatalf("threads=%d: tmulScatter differs from threads=1", threads)
		}
	}
	if randCSR(300, 4000, 0.05, 6).scatters() {
		t.Error("a wide matrix takes the scatter path")
	}
}

func expectPanic(t *testing.T, name string, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Errorf("%s: no panic", name)
		}
	}()
	f()
}

func TestProductsPanicOnBadShapes(t *testing.T) {
	a := randCSR(6, 4, 0.5, 1)
	expectPanic(t, "MulDense b rows", func() { a.MulDense(mat.NewDense(6, 2, nil), mat.NewDense(5, 2, nil), 1) })
	expectPanic(t, "MulDense dst rows", func() { a.MulDense(mat.NewDense(5, 2, nil), mat.NewDense(4, 2, nil), 1) })
	expectPanic(t, "MulDense dst cols", func() { a.MulDense(mat.NewDense(6, 3, nil), mat.NewDense(4, 2, nil), 1) })
	expectPanic(t, "TMulDense b rows", func() { a.TMulDense(mat.NewDense(4, 2, nil), mat.NewDense(4, 2, nil), 1) })
	expectPanic(t, "TMulDense dst", func() { a.TMulDense(mat.NewDense(6, 2, nil), mat.NewDense(6, 2, nil), 1) })
	sq := randCSR(4, 4, 0.5, 1)
	b := mat.NewDense(4, 4, nil)
	expectPanic(t, "MulDense aliased", func() { sq.MulDense(b, b, 1) })
	expectPanic(t, "MulDense overlapping view", func() { sq.MulDense(b.Slice(0, 4, 0, 2).(*mat.Dense), b.Slice(0, 4, 2, 4).(*mat.Dense), 1) })
	bad := &CSR{Rows: 3, Cols: 3, RowPtr: []int64{0, 1}}
	expectPanic(t, "malformed RowPtr", func() { bad.MulDense(mat.NewDense(3, 1, nil), mat.NewDense(3, 1, nil), 1) })
}
