package linalg

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/hulltopics/hull/internal/parallel"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// CSR is a sparse matrix in compressed sparse row form: the nonzeros of row
// i are Val[RowPtr[i]:RowPtr[i+1]], in the columns ColIdx[RowPtr[i]:RowPtr[i+1]].
// Explicitly stored zeros are allowed. The products and Transpose check
// only the lengths of the slices (O(1)); RandomizedSVD validates the whole
// structure. A CSR must not be modified while a method is using it; its
// methods never modify it and are safe for concurrent use.
type CSR struct {
	Rows, Cols int
	RowPtr     []int64   // len Rows+1, RowPtr[0] = 0, non-decreasing
	ColIdx     []int32   // column of each nonzero, increasing within a row
	Val        []float64 // value of each nonzero, len RowPtr[Rows]
}

// nnz returns the number of stored entries.
func (a *CSR) nnz() int64 { return a.RowPtr[a.Rows] }

// checkShape panics unless a's slices have consistent lengths. It is O(1);
// validate checks the full structure.
func (a *CSR) checkShape(op string) {
	if a.Rows < 0 || a.Cols < 0 || len(a.RowPtr) != a.Rows+1 {
		panic(fmt.Sprintf("linalg: CSR.%s: %dx%d matrix with len(RowPtr) = %d", op, a.Rows, a.Cols, len(a.RowPtr)))
	}
	if n := a.RowPtr[a.Rows]; int64(len(a.ColIdx)) != n || int64(len(a.Val)) != n {
		panic(fmt.Sprintf("linalg: CSR.%s: RowPtr[Rows] = %d, len(ColIdx) = %d, len(Val) = %d", op, n, len(a.ColIdx), len(a.Val)))
	}
}

// validate reports whether a is a well-formed CSR matrix with finite values,
// in O(Rows + nnz).
func (a *CSR) validate() error {
	if a.Rows < 0 || a.Cols < 0 || a.Cols > math.MaxInt32+1 {
		return fmt.Errorf("linalg: invalid CSR shape %dx%d", a.Rows, a.Cols)
	}
	if len(a.RowPtr) != a.Rows+1 || a.RowPtr[0] != 0 {
		return errors.New("linalg: CSR RowPtr must have length Rows+1 and start at 0")
	}
	if n := a.RowPtr[a.Rows]; int64(len(a.ColIdx)) != n || int64(len(a.Val)) != n {
		return fmt.Errorf("linalg: CSR has RowPtr[Rows] = %d but %d column indices and %d values", n, len(a.ColIdx), len(a.Val))
	}
	for i := 0; i < a.Rows; i++ {
		if a.RowPtr[i+1] < a.RowPtr[i] {
			return fmt.Errorf("linalg: CSR RowPtr decreases at row %d", i)
		}
	}
	for i := 0; i < a.Rows; i++ {
		lo, hi := a.RowPtr[i], a.RowPtr[i+1]
		prev := int32(-1)
		for p := lo; p < hi; p++ {
			c := a.ColIdx[p]
			if c <= prev || int(c) >= a.Cols {
				return fmt.Errorf("linalg: CSR row %d: column %d out of range or not increasing", i, c)
			}
			prev = c
			if v := a.Val[p]; math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("linalg: CSR entry (%d, %d) is %v", i, c, v)
			}
		}
	}
	return nil
}

// rowGrain is the number of rows a goroutine takes at a time. It affects
// scheduling only: every output row is computed by one goroutine in a fixed
// order.
func rowGrain(rows, threads int) int {
	return max(16, min(1024, rows/(8*parallel.Threads(threads))))
}

// MulDense sets dst = A B using up to threads goroutines (threads <= 0: one
// per CPU). A is Rows x Cols, b must be Cols x k and dst Rows x k; an empty
// dst is resized to Rows x k. MulDense panics on any other shapes and when
// dst shares backing storage with b.
//
// Each row of dst is accumulated by one goroutine over the row's nonzeros
// in column order, so the result is bit-identical for every thread count.
// It takes O(nnz k) time.
func (a *CSR) MulDense(dst, b *mat.Dense, threads int) {
	bm, dm, k := a.mulOperands("MulDense", dst, b)
	_ = parallel.For(context.Background(), a.Rows, rowGrain(a.Rows, threads), threads, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			row := dm.Data[i*dm.Stride:][:k]
			clear(row)
			for p := a.RowPtr[i]; p < a.RowPtr[i+1]; p++ {
				axpy(a.Val[p], bm.Data[int(a.ColIdx[p])*bm.Stride:][:k], row)
			}
		}
	}, nil)
}

// mulOperands checks the shapes of dst = A B for the method op, resizes an
// empty dst to Rows x k, and returns the raw b and dst and k. It panics as
// MulDense documents.
func (a *CSR) mulOperands(op string, dst, b *mat.Dense) (bm, dm blas64.General, k int) {
	a.checkShape(op)
	br, k := b.Dims()
	if dst.IsEmpty() && br == a.Cols {
		dst.ReuseAs(a.Rows, k)
	}
	if dr, dc := dst.Dims(); br != a.Cols || dr != a.Rows || dc != k {
		panic(fmt.Sprintf("linalg: CSR.%s: A is %dx%d, b %dx%d, dst %dx%d", op, a.Rows, a.Cols, br, k, dr, dc))
	}
	bm, dm = b.RawMatrix(), dst.RawMatrix()
	if sameArray(bm.Data, dm.Data) {
		panic("linalg: CSR." + op + ": dst shares storage with b")
	}
	return bm, dm, k
}

// TMulDense sets dst = A^T B using up to threads goroutines (threads <= 0:
// one per CPU). A is Rows x Cols, b must be Rows x k and dst Cols x k; an
// empty dst is resized to Cols x k. TMulDense panics on any other shapes and
// when dst shares backing storage with b.
//
// TMulDense builds the transpose of A (O(nnz) time, 12 bytes per nonzero)
// and multiplies by it, so each row of dst is summed over the rows of A in
// increasing order by one goroutine: the result is bit-identical for every
// thread count, and equal to that of the serial loop over the nonzeros of A
// in storage order. Callers multiplying by A^T repeatedly should call
// Transpose once and use MulDense. It takes O(nnz k) time.
func (a *CSR) TMulDense(dst, b *mat.Dense, threads int) {
	a.checkShape("TMulDense")
	br, k := b.Dims()
	if dst.IsEmpty() && br == a.Rows {
		dst.ReuseAs(a.Cols, k)
	}
	if dr, dc := dst.Dims(); br != a.Rows || dr != a.Cols || dc != k {
		panic(fmt.Sprintf("linalg: CSR.TMulDense: A is %dx%d, b %dx%d, dst %dx%d", a.Rows, a.Cols, br, k, dr, dc))
	}
	a.transpose(threads).MulDense(dst, b, threads)
}

// Transpose returns A^T as a new CSR matrix sharing no memory with a. It
// panics when Rows exceeds math.MaxInt32+1, the largest column count a CSR
// can index. It takes O(Rows + Cols + nnz) time and uses one goroutine per
// CPU; the result does not depend on their number.
func (a *CSR) Transpose() *CSR { return a.transpose(0) }

// transposeMinNNZ is the fewest nonzeros per row block that transpose hands
// to a goroutine.
const transposeMinNNZ = 1 << 16

// transpose is Transpose on up to threads goroutines. The rows of a are cut
// into nb contiguous blocks; block b's entries of column c go right after
// those of blocks 0..b-1, so the output is the same for every nb.
func (a *CSR) transpose(threads int) *CSR {
	a.checkShape("Transpose")
	if a.Rows > math.MaxInt32+1 {
		panic(fmt.Sprintf("linalg: CSR.Transpose: %d rows do not fit int32 column indices", a.Rows))
	}
	nnz := a.nnz()
	t := &CSR{Rows: a.Cols, Cols: a.Rows, RowPtr: make([]int64, a.Cols+1), ColIdx: make([]int32, nnz), Val: make([]float64, nnz)}
	// The counts take nb*Cols words: keep them below one word per nonzero.
	nb := int(min(int64(parallel.Threads(threads)), int64(a.Rows), max(1, nnz/transposeMinNNZ), max(1, nnz/int64(max(1, a.Cols)))))
	nb = max(1, nb)
	bounds := make([]int, nb+1) // row blocks with about nnz/nb entries each
	for b := 1; b < nb; b++ {
		target := nnz * int64(b) / int64(nb)
		lo, hi := bounds[b-1], a.Rows
		for lo < hi { // first row whose start is >= target
			mid := int(uint(lo+hi) >> 1)
			if a.RowPtr[mid] < target {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		bounds[b] = lo
	}
	bounds[nb] = a.Rows
	next := make([]int64, nb*a.Cols) // per block: count, then insertion point
	blocks := func(fn func(b int, next []int64)) {
		_ = parallel.For(context.Background(), nb, 1, threads, func(lo, hi int) {
			for b := lo; b < hi; b++ {
				fn(b, next[b*a.Cols:(b+1)*a.Cols])
			}
		}, nil)
	}
	blocks(func(b int, cnt []int64) {
		for _, c := range a.ColIdx[a.RowPtr[bounds[b]]:a.RowPtr[bounds[b+1]]] {
			cnt[c]++
		}
	})
	pos := int64(0)
	for c := 0; c < a.Cols; c++ {
		t.RowPtr[c] = pos
		for b := 0; b < nb; b++ {
			n := next[b*a.Cols+c]
			next[b*a.Cols+c] = pos
			pos += n
		}
	}
	t.RowPtr[a.Cols] = pos
	blocks(func(b int, at []int64) {
		for i := bounds[b]; i < bounds[b+1]; i++ {
			for p := a.RowPtr[i]; p < a.RowPtr[i+1]; p++ {
				q := at[a.ColIdx[p]]
				at[a.ColIdx[p]] = q + 1
				t.ColIdx[q] = int32(i)
				t.Val[q] = a.Val[p]
			}
		}
	})
	return t
}

// axpy sets y += alpha x; len(y) must be at least len(x). gonum's assembly
// kernel is about 20% faster than a Go loop at the widths we use (k+p ~ 30).
func axpy(alpha float64, x, y []float64) {
	floats.AddScaled(y[:len(x)], alpha, x)
}

// sameArray reports whether a and b are slices of the same array (gonum's
// own overlap test, without unsafe).
func sameArray(a, b []float64) bool {
	return cap(a) > 0 && cap(b) > 0 && &a[:cap(a)][cap(a)-1] == &b[:cap(b)][cap(b)-1]
}
