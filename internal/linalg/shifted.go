package linalg

import (
	"context"
	"fmt"
	"math"

	"github.com/hulltopics/hull/internal/parallel"
	"gonum.org/v1/gonum/mat"
)

// operator is a Rows x Cols linear map known only through its products
// with dense blocks, what randomized subspace iteration needs. Both
// products must be bit-identical for every thread count.
type operator interface {
	dims() (rows, cols int)
	// mul sets dst = A b (b is Cols x l, dst Rows x l).
	mul(dst, b *mat.Dense, threads int)
	// tmul sets dst = A^T b (b is Rows x l, dst Cols x l).
	tmul(dst, b *mat.Dense, threads int)
}

// csrOp is a CSR matrix as an operator, given as A or as its transpose.
// The product with the transpose of whichever of A and A^T is tall
// (CSR.scatters) scatters its rows into partial sums (CSR.tmulScatter),
// reading the long dense operand in order; the other product gathers rows
// of the short one. So a tall A needs only A and a wide one only A^T; the
// other, or both for a matrix neither tall nor wide, is made on first use
// and kept.
type csrOp struct {
	a, at *CSR      // A and A^T: at least one is set
	parts []float64 // tmulScatter's partial sums
}

func (o *csrOp) dims() (int, int) {
	if o.a != nil {
		return o.a.Rows, o.a.Cols
	}
	return o.at.Cols, o.at.Rows
}

// direct returns A, made on the first call when only A^T was given.
func (o *csrOp) direct(threads int) *CSR {
	if o.a == nil {
		o.a = o.at.transpose(threads)
	}
	return o.a
}

// transposed returns A^T, made on the first call when only A was given.
func (o *csrOp) transposed(threads int) *CSR {
	if o.at == nil {
		o.at = o.a.transpose(threads)
	}
	return o.at
}

func (o *csrOp) mul(dst, b *mat.Dense, threads int) {
	if rows, cols := o.dims(); !scatters(cols, rows) {
		o.direct(threads).MulDense(dst, b, threads)
		return
	}
	at := o.transposed(threads) // A is wide: A b = (A^T)^T b, scattered
	at.tmulOperands("MulDense", dst, b)
	o.parts = at.tmulScatter(dst, b, o.parts, threads)
}

func (o *csrOp) tmul(dst, b *mat.Dense, threads int) {
	if rows, cols := o.dims(); !scatters(rows, cols) {
		o.transposed(threads).MulDense(dst, b, threads)
		return
	}
	a := o.direct(threads)
	a.tmulOperands("TMulDense", dst, b)
	o.parts = a.tmulScatter(dst, b, o.parts, threads)
}

// Shifted is the Rows x Cols matrix A - 1 mu^T: the CSR matrix A with the
// row vector Mu subtracted from every row, as when the rows of A are
// centred at their mean. It is never formed: a product with it is a sparse
// product with A and a rank-one correction,
//
//	(A - 1 mu^T) B   = A B   - 1 (mu^T B)
//	(A - 1 mu^T)^T Y = A^T Y - mu (1^T Y)
//
// which costs O(nnz l + (Rows + Cols) l) for l columns instead of the
// O(Rows Cols l) of the dense shifted matrix, and keeps A sparse.
type Shifted struct {
	op shiftedOp
}

// shiftedOp is the operator of a Shifted.
type shiftedOp struct {
	csrOp
	mu []float64
}

// NewShifted returns the matrix a - 1 mu^T. It returns an error when a is
// malformed or holds a NaN or an infinity (as RandomizedSVD), when mu does
// not have a.Cols entries, or when an entry of mu is not finite. a and mu
// are not copied and must not be modified while the Shifted is in use.
// It takes O(Rows + nnz + Cols) time.
func NewShifted(a *CSR, mu []float64) (*Shifted, error) {
	if err := a.validate(); err != nil {
		return nil, err
	}
	if len(mu) != a.Cols {
		return nil, fmt.Errorf("linalg: NewShifted: %d entries in mu for %d columns", len(mu), a.Cols)
	}
	for j, x := range mu {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, fmt.Errorf("linalg: NewShifted: mu[%d] is %v", j, x)
		}
	}
	return &Shifted{op: shiftedOp{csrOp: csrOp{a: a}, mu: mu}}, nil
}

// Dims returns the shape of the matrix, that of A.
func (s *Shifted) Dims() (rows, cols int) { return s.op.dims() }

// MulDense sets dst = (A - 1 mu^T) b using up to threads goroutines
// (threads <= 0: one per CPU). b must be Cols x l and dst Rows x l; an
// empty dst is resized. It panics on other shapes, as CSR.MulDense. The
// result is bit-identical for every thread count. It takes O(nnz l +
// (Rows + Cols) l) time.
func (s *Shifted) MulDense(dst, b *mat.Dense, threads int) { s.op.mul(dst, b, threads) }

// TMulDense sets dst = (A - 1 mu^T)^T b using up to threads goroutines.
// b must be Rows x l and dst Cols x l; an empty dst is resized. The first
// call builds and keeps the transpose of A (12 bytes per nonzero), so a
// Shifted must not be used by several goroutines at once. The result is
// bit-identical for every thread count. It takes O(nnz l + (Rows + Cols)
// l) time.
func (s *Shifted) TMulDense(dst, b *mat.Dense, threads int) { s.op.tmul(dst, b, threads) }

// RandomizedSVD returns the k leading singular triplets of A - 1 mu^T by
// the randomized subspace iteration of the package function RandomizedSVD
// (same options, sign convention, determinism and error for k), with every
// product taken through MulDense and TMulDense: the shifted matrix is never
// formed, A stays sparse. u is Rows x k, v is Cols x k. It takes
// O((2q+2)(nnz + Rows + Cols) l + (q+1)(Rows+Cols) l^2 + Cols l^2) time
// and O(nnz + (Rows+Cols) l) memory, the transpose of A included.
func (s *Shifted) RandomizedSVD(k int, o SVDOptions) (u *mat.Dense, sv []float64, v *mat.Dense, err error) {
	return randomizedSVD("Shifted.RandomizedSVD", &s.op, k, o)
}

func (o *shiftedOp) mul(dst, b *mat.Dense, threads int) {
	o.csrOp.mul(dst, b, threads) // checks the shapes
	_, l := b.Dims()
	// w = mu^T B, summed serially over the rows of b in order.
	w := make([]float64, l)
	bm := b.RawMatrix()
	for j, m := range o.mu {
		if m != 0 {
			axpy(m, bm.Data[j*bm.Stride:][:l], w)
		}
	}
	subtractRow(dst, nil, w, threads)
}

func (o *shiftedOp) tmul(dst, b *mat.Dense, threads int) {
	o.csrOp.tmul(dst, b, threads) // checks the shapes
	_, l := b.Dims()
	// w = 1^T Y, the column sums of b, summed serially over its rows.
	w := make([]float64, l)
	bm := b.RawMatrix()
	for i := 0; i < o.a.Rows; i++ {
		axpy(1, bm.Data[i*bm.Stride:][:l], w)
	}
	subtractRow(dst, o.mu, w, threads)
}

// subtractRow sets row i of dst -= c_i w, where c_i = c[i], or 1 when c is
// nil, in parallel over rows (each row by one goroutine).
func subtractRow(dst *mat.Dense, c, w []float64, threads int) {
	r, _ := dst.Dims()
	dm := dst.RawMatrix()
	_ = parallel.For(context.Background(), r, rowGrain(r, threads), threads, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			f := 1.0
			if c != nil {
				f = c[i]
			}
			if f != 0 {
				axpy(-f, w, dm.Data[i*dm.Stride:][:len(w)])
			}
		}
	}, nil)
}
