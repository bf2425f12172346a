package linalg

import (
	"testing"

	"gonum.org/v1/gonum/mat"
)

// MulDenseChunked gives MulDense's result bit for bit, whatever the
// threads, also when b spans many chunks.
func TestMulDenseChunkedMatchesMulDense(t *testing.T) {
	for _, tc := range []struct{ rows, cols, k int }{{30, 20, 3}, {200, 9000, 8}, {1, 1, 1}} {
		a := randCSR(tc.rows, tc.cols, 0.05, 3)
		b := mat.NewDense(tc.cols, tc.k, nil)
		for i := range tc.cols {
			for j := range tc.k {
				b.Set(i, j, float64((i*7+j*3)%11)-5)
			}
		}
		var want mat.Dense
		a.MulDense(&want, b, 1)
		for _, th := range []int{1, 3} {
			var got mat.Dense
			a.MulDenseChunked(&got, b, th)
			if !bitEqual(&got, &want) {
				t.Errorf("%dx%d times %dx%d, %d threads: differs from MulDense", tc.rows, tc.cols, tc.cols, tc.k, th)
			}
		}
	}
}

func TestMulDenseChunkedPanicsOnShapes(t *testing.T) {
	a := randCSR(4, 5, 0.5, 1)
	defer func() {
		if recover() == nil {
			t.Error("no panic for a 4x5 matrix times a 4x2 one")
		}
	}()
	a.MulDenseChunked(mat.NewDense(4, 2, nil), mat.NewDense(4, 2, nil), 1)
}
