package cooc

import (
	"context"
	"fmt"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/parallel"
	"gonum.org/v1/gonum/mat"
)

// blockDocs is the number of documents whose projections Operator.Mul
// holds at once; fixed so that results do not depend on anything else.
const blockDocs = 8192

// Operator applies Q to dense matrices without forming Q:
//
//	Q B = sum_d s_d (h_d (h_d^T B) - diag(h_d) B),  s_d = 1/(M n_d (n_d-1)),
//
// in O(nnz K) time for a V x K matrix B. It is safe for concurrent use.
type Operator struct {
	c       *corpus.Corpus
	t       *wordMajor
	scale   []float64
	lens    []float64 // n_d
	diag    []float64 // diag_i = sum_d s_d h_di
	threads int
}

// NumWords returns V.
func (op *Operator) NumWords() int { return op.c.NumWords() }

// EstimateOperatorBytes returns the bytes NewOperator allocates for c.
func EstimateOperatorBytes(c *corpus.Corpus) int64 {
	return 8*c.NNZ() + 24*int64(c.NumDocs()) + 16*int64(c.NumWords())
}

// NewOperator returns the co-occurrence operator of c using up to threads
// goroutines (0: one per CPU). It fails when no document has two tokens.
func NewOperator(c *corpus.Corpus, threads int) (*Operator, error) {
	scale, lens, used := docScales(c)
	if used == 0 {
		return nil, errNoPairs
	}
	op := &Operator{c: c, t: transpose(c), scale: scale, lens: lens, diag: make([]float64, c.NumWords()), threads: threads}
	for i := range op.diag {
		for p := op.t.offsets[i]; p < op.t.offsets[i+1]; p++ {
			op.diag[i] += scale[op.t.docs[p]] * float64(op.t.counts[p])
		}
	}
	return op, nil
}

// Docs returns the number of documents used (those with 2 or more tokens).
func (op *Operator) Docs() int {
	n := 0
	for _, s := range op.scale {
		if s != 0 {
			n++
		}
	}
	return n
}

// Row sets dst to row i of Q; dst must have length V. It takes
// O(V + sum over documents d containing i of nnz_d) time, so streaming all
// rows costs what materialising Q does, without its V^2 memory.
func (op *Operator) Row(i int, dst []float64) {
	clear(dst)
	accumulateRow(op.c, op.t, op.scale, i, dst)
}

// RowSums returns p(w), the row sums of Q, in O(nnz): row i sums to
// sum_d s_d h_di (n_d - 1).
func (op *Operator) RowSums() []float64 {
	p := make([]float64, op.c.NumWords())
	for i := range p {
		for q := op.t.offsets[i]; q < op.t.offsets[i+1]; q++ {
			d := op.t.docs[q]
			p[i] += op.scale[d] * float64(op.t.counts[q]) * (op.lens[d] - 1)
		}
	}
	return p
}

// Mul sets dst = Q b. b and dst are V x K; it panics on other shapes.
// Each row of dst is summed in document order by one goroutine, so the
// result is identical for every thread count.
func (op *Operator) Mul(ctx context.Context, dst, b *mat.Dense) error {
	v := op.c.NumWords()
	br, k := b.Dims()
	if dr, dc := dst.Dims(); br != v || dr != v || dc != k {
		panic(fmt.Sprintf("cooc: Operator.Mul shapes dst %dx%d, b %dx%d, V = %d", dr, dc, br, k, v))
	}
	dst.Zero()
	cursor := append([]int64(nil), op.t.offsets[:v]...)
	u := make([]float64, min(blockDocs, op.c.NumDocs())*k)
	for lo := 0; lo < op.c.NumDocs(); lo += blockDocs {
		hi := min(lo+blockDocs, op.c.NumDocs())
		if err := op.project(ctx, b, lo, hi, u); err != nil {
			return err
		}
		if err := op.scatter(ctx, dst, lo, hi, u, cursor); err != nil {
			return err
		}
	}
	for i := 0; i < v; i++ {
		row, bi := dst.RawRowView(i), b.RawRowView(i)
		for j := range row {
			row[j] -= op.diag[i] * bi[j]
		}
	}
	return ctx.Err()
}

// project sets u[d-lo] = s_d h_d^T b for the documents [lo, hi).
func (op *Operator) project(ctx context.Context, b *mat.Dense, lo, hi int, u []float64) error {
	_, k := b.Dims()
	return parallel.For(ctx, hi-lo, 256, op.threads, func(a, z int) {
		for d := lo + a; d < lo+z; d++ {
			ud := u[(d-lo)*k : (d-lo+1)*k]
			clear(ud)
			s := op.scale[d]
			if s == 0 {
				continue
			}
			words, counts := op.c.Doc(d)
			for q, w := range words {
				f := s * float64(counts[q])
				for j, x := range b.RawRowView(int(w)) {
					ud[j] += f * x
				}
			}
		}
	}, nil)
}

// scatter adds h_di u_d to row i of dst for every document d in [lo, hi)
// containing word i, advancing cursor past those documents.
func (op *Operator) scatter(ctx context.Context, dst *mat.Dense, lo, hi int, u []float64, cursor []int64) error {
	v := op.c.NumWords()
	_, k := dst.Dims()
	return parallel.For(ctx, v, rowGrain(v), op.threads, func(a, z int) {
		for i := a; i < z; i++ {
			row := dst.RawRowView(i)
			p, end := cursor[i], op.t.offsets[i+1]
			for ; p < end && int(op.t.docs[p]) < hi; p++ {
				f := float64(op.t.counts[p])
				ud := u[(int(op.t.docs[p])-lo)*k:][:k]
				for j, x := range ud {
					row[j] += f * x
				}
			}
			cursor[i] = p
		}
	}, nil)
}
