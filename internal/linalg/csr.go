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
	a.tmulOperands("TMulDense", dst, b)
	a.transpose(threads).MulDense(dst, b, threads)
}

// tmulOperands checks the shapes of dst = A^T b for the method op and
// resizes an empty dst to Cols x k. It panics as TMulDense documents.
func (a *CSR) tmulOperands(op string, dst, b *mat.Dense) {
	a.checkShape(op)
	br, k := b.Dims()
	if dst.IsEmpty() && br == a.Rows {
		dst.ReuseAs(a.Cols, k)
	}
	if dr, dc := dst.Dims(); br != a.Rows || dr != a.Cols || dc != k {
		panic(fmt.Sprintf("linalg: CSR.%s: A is %dx%d, b %dx%d, dst %dx%d", op, a.Rows, a.Cols, br, k, dr, dc))
	}
	if sameArray(b.RawMatrix().Data, dst.RawMatrix().Data) {
		panic("linalg: CSR." + op + ": dst shares storage with b")
	}
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
	bounds := a.rowBlocks(nb)
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

// rowBlocks cuts the rows into nb contiguous blocks of about nnz/nb
// entries each: block b is rows bounds[b] to bounds[b+1].
func (a *CSR) rowBlocks(nb int) []int {
	nnz := a.nnz()
	bounds := make([]int, nb+1)
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
	return bounds
}

// scatterBlocks is the number of row blocks whose products tmulScatter sums
// separately. It is fixed, not the thread count, so that the result does
// not depend on the threads.
const scatterBlocks = 8

// scatters reports whether the randomized SVD takes products with A^T by
// tmulScatter rather than through a transposed copy: when A has at least
// twice as many rows as columns, so that the partial sums (scatterBlocks
// x Cols x k) take at most four times the memory of the Rows x k operand
// and the operand is large beside them (at 100,000 x 14,036 the transposed
// copy was twice as slow).
func (a *CSR) scatters() bool { return scatters(a.Rows, a.Cols) }

// scatters is CSR.scatters for a rows x cols matrix.
func scatters(rows, cols int) bool { return 2*int64(cols) <= int64(rows) }

// SVDScratchBytes returns the memory the products of RandomizedSVD (and
// Shifted.RandomizedSVD, TransposedRandomizedSVD) keep for the rows x cols
// matrix it is given, with nnz nonzeros and l = k + Oversample sketch
// columns, besides the dense blocks: a transposed copy (12 bytes a
// nonzero) unless the matrix is tall, and the scatterBlocks partial sums
// of the scattered product (min(rows, cols) x l values each) when the
// matrix or its transpose is tall (see csrOp). The transpose's counts, one
// value per column and goroutine, are not included.
func SVDScratchBytes(rows, cols int, nnz int64, l int) int64 {
	var b int64
	if !scatters(rows, cols) {
		b += 12 * nnz
	}
	if scatters(rows, cols) || scatters(cols, rows) {
		b += 8 * scatterBlocks * int64(min(rows, cols)) * int64(l)
	}
	return b
}

// tmulScatter sets dst = A^T b without a transposed copy: each of
// scatterBlocks blocks of rows (about equal nonzeros) adds a_ij b_i to row
// j of its own partial sum, in row order, and the partial sums are added
// in block order. Rows of b are read in order and the partial sums are
// small (Cols x k), where a transposed copy reads rows of b at random
// (three times faster on a 300,000 x 14,036 matrix with 55M nonzeros and
// k = 109). parts is scratch of scatterBlocks x Cols x k values, grown when
// too short and returned for the next call. The shapes are those of
// TMulDense, and the result depends on a and b only.
func (a *CSR) tmulScatter(dst, b *mat.Dense, parts []float64, threads int) []float64 {
	_, k := b.Dims()
	bm, dm := b.RawMatrix(), dst.RawMatrix()
	size := a.Cols * k
	if len(parts) < scatterBlocks*size {
		parts = make([]float64, scatterBlocks*size)
	}
	bounds := a.rowBlocks(scatterBlocks)
	_ = parallel.For(context.Background(), scatterBlocks, 1, threads, func(lo, hi int) {
		for blk := lo; blk < hi; blk++ {
			part := parts[blk*size : (blk+1)*size]
			clear(part)
			for i := bounds[blk]; i < bounds[blk+1]; i++ {
				row := bm.Data[i*bm.Stride:][:k]
				for p := a.RowPtr[i]; p < a.RowPtr[i+1]; p++ {
					axpy(a.Val[p], row, part[int(a.ColIdx[p])*k:][:k])
				}
			}
		}
	}, nil)
	_ = parallel.For(context.Background(), a.Cols, rowGrain(a.Cols, threads), threads, func(lo, hi int) {
		for j := lo; j < hi; j++ {
			row := dm.Data[j*dm.Stride:][:k]
			copy(row, parts[j*k:][:k])
			for blk := 1; blk < scatterBlocks; blk++ {
				axpy(1, parts[blk*size+j*k:][:k], row)
			}
		}
	}, nil)
	return parts
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
