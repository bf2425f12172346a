package cooc

import (
	"context"
	"fmt"

	"github.com/hulltopics/hull/internal/parallel"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// Source is Q as the anchor learners read it: rows, row sums and products.
// An *Operator computes them from the documents; the Source of a dense
// *Matrix (from Compute, or from merged Stats) reads them from Q itself.
type Source interface {
	// NumWords is V.
	NumWords() int
	// Docs is M, the number of documents of 2 or more tokens.
	Docs() int
	// Row sets dst (length V) to row i of Q.
	Row(i int, dst []float64)
	// RowSums returns p(w), the row sums of Q.
	RowSums() []float64
	// RowCost is the work of Row(i), on the scale of SqRowNormsCost.
	RowCost(i int) int64
	// Mul sets dst = Q b for V x K matrices.
	Mul(ctx context.Context, dst, b *mat.Dense) error
	// MulVec sets dst = Q x.
	MulVec(ctx context.Context, dst, x []float64) error
	// QuadForm sets dst = b^T Q b (K x K) for a V x K matrix b.
	QuadForm(ctx context.Context, dst, b *mat.Dense) error
	// SqRowNorms returns the squared norm of every row of Q; progress, if
	// non-nil, receives the rows done.
	SqRowNorms(ctx context.Context, progress func(done int)) ([]float64, error)
	// SqRowNormsCost is the work of SqRowNorms.
	SqRowNormsCost() int64
}

var (
	_ Source = (*Operator)(nil)
	_ Source = denseSource{}
)

// Source returns m as a Source using up to threads goroutines. Its
// products are gonum's dense ones (O(V^2 K)), whose sums do not depend on
// the thread count; its rows are views of m.
func (m *Matrix) Source(threads int) Source { return denseSource{m, threads} }

type denseSource struct {
	m       *Matrix
	threads int
}

func (s denseSource) NumWords() int            { return s.m.V }
func (s denseSource) Docs() int                { return s.m.Docs }
func (s denseSource) Row(i int, dst []float64) { copy(dst, s.m.Row(i)) }
func (s denseSource) RowSums() []float64       { return s.m.RowSums() }
func (s denseSource) RowCost(int) int64        { return int64(s.m.V) }
func (s denseSource) SqRowNormsCost() int64    { return int64(s.m.V) * int64(s.m.V) }
func (s denseSource) dense() *mat.Dense        { return mat.NewDense(s.m.V, s.m.V, s.m.Data) }
func (s denseSource) general() blas64.General  { return s.dense().RawMatrix() }

// check panics when an operand has r rows where Q has V.
func (s denseSource) check(what string, r int) {
	if r != s.m.V {
		panic(fmt.Sprintf("cooc: dense %s with %d rows, V = %d", what, r, s.m.V))
	}
}

func (s denseSource) Mul(ctx context.Context, dst, b *mat.Dense) error {
	r, _ := b.Dims()
	s.check("Mul", r)
	blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, s.general(), b.RawMatrix(), 0, dst.RawMatrix())
	return ctx.Err()
}

func (s denseSource) MulVec(ctx context.Context, dst, x []float64) error {
	s.check("MulVec", len(x))
	blas64.Gemv(blas.NoTrans, 1, s.general(), blas64.Vector{N: len(x), Inc: 1, Data: x}, 0, blas64.Vector{N: len(dst), Inc: 1, Data: dst})
	return ctx.Err()
}

func (s denseSource) QuadForm(ctx context.Context, dst, b *mat.Dense) error {
	r, k := b.Dims()
	s.check("QuadForm", r)
	qb := mat.NewDense(r, k, nil)
	if err := s.Mul(ctx, qb, b); err != nil {
		return err
	}
	dst.Mul(b.T(), qb)
	return ctx.Err()
}

func (s denseSource) SqRowNorms(ctx context.Context, progress func(done int)) ([]float64, error) {
	v := s.m.V
	norms := make([]float64, v)
	err := parallel.For(ctx, v, rowGrain(v), s.threads, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			row := s.m.Row(i)
			norms[i] = blas64.Dot(blas64.Vector{N: v, Inc: 1, Data: row}, blas64.Vector{N: v, Inc: 1, Data: row})
		}
	}, progress)
	return norms, err
}
