package linalg

import (
	"context"

	"github.com/hulltopics/hull/internal/parallel"
	"gonum.org/v1/gonum/mat"
)

// chunkBytes is the size of the block of b's rows that MulDenseChunked
// keeps in cache while a row block of A sweeps it.
const chunkBytes = 256 << 10

// MulDenseChunked sets dst = A B as MulDense does, with the same result
// bit for bit, for matrices whose b does not fit the cache: it sweeps the
// columns of A (rows of b) in chunks of about 256 KiB of b, running every
// row of a block of A's rows over one chunk before the next, so that each
// chunk of b is read from the cache rather than from memory. Each output
// element still sums its row's nonzeros in column order. It takes O(nnz k
// + Rows Cols k / chunk) time and O(Rows) extra memory, and panics on the
// shapes MulDense panics on.
func (a *CSR) MulDenseChunked(dst, b *mat.Dense, threads int) {
	bm, dm, k := a.mulOperands("MulDenseChunked", dst, b)
	chunk := max(1, chunkBytes/(8*max(1, k)))
	// Each block of rows reads all of b once: few, large blocks (two per
	// goroutine) keep that traffic low.
	grain := max(16, (a.Rows+2*parallel.Threads(threads)-1)/(2*parallel.Threads(threads)))
	_ = parallel.For(context.Background(), a.Rows, grain, threads, func(lo, hi int) {
		next := make([]int64, hi-lo) // per row, the first nonzero not yet added
		for i := lo; i < hi; i++ {
			next[i-lo] = a.RowPtr[i]
			clear(dm.Data[i*dm.Stride:][:k])
		}
		for c0 := 0; c0 < a.Cols; c0 += chunk {
			c1 := int32(min(a.Cols, c0+chunk))
			for i := lo; i < hi; i++ {
				row := dm.Data[i*dm.Stride:][:k]
				p, end := next[i-lo], a.RowPtr[i+1]
				for ; p < end && a.ColIdx[p] < c1; p++ {
					axpy(a.Val[p], bm.Data[int(a.ColIdx[p])*bm.Stride:][:k], row)
				}
				next[i-lo] = p
			}
		}
	}, nil)
}
