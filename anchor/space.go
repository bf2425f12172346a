package anchor

import (
	"context"
	"math/rand/v2"

	"github.com/hulltopics/hull/cooc"
	"github.com/hulltopics/hull/internal/parallel"
	"gonum.org/v1/gonum/mat"
)

// rowSpace is the set of points FastAnchorWords searches: one point per
// word, either the rows of Q-bar themselves or their random projection.
type rowSpace interface {
	// size is the number of points (words).
	size() int
	// point returns the coordinates of word i's point (a fresh slice).
	point(i int) []float64
	// sqNorms returns the squared Euclidean norm of each listed word's
	// point, reporting the words done to progress.
	sqNorms(ctx context.Context, words []int, threads int, progress func(done int)) ([]float64, error)
	// dots sets dst[i] = point(i) . vec for every word i.
	dots(ctx context.Context, dst, vec []float64) error
}

// qbarSpace holds the rows of Q-bar = diag(1/p) Q, streamed from the
// documents by the co-occurrence operator: a row costs O(V) memory and
// the work of the documents containing its word, and dot products with a
// vector cost O(nnz) rather than the O(V^2) of a dense product.
type qbarSpace struct {
	op   cooc.Source
	invP []float64 // 1/p(w), or 0 for a word in no document of 2 tokens
}

func newQbarSpace(op cooc.Source, p []float64) *qbarSpace {
	inv := make([]float64, len(p))
	for i, x := range p {
		if x > 0 {
			inv[i] = 1 / x
		}
	}
	return &qbarSpace{op: op, invP: inv}
}

func (s *qbarSpace) size() int { return len(s.invP) }

// row sets dst to row i of Q-bar.
func (s *qbarSpace) row(i int, dst []float64) {
	s.op.Row(i, dst)
	for j := range dst {
		dst[j] *= s.invP[i]
	}
}

func (s *qbarSpace) point(i int) []float64 {
	row := make([]float64, s.size())
	s.row(i, row)
	return row
}

// sqNorms streams the rows of the listed words, or, when that would cost
// more (many candidates, as on large corpora), has the operator form Q's
// upper triangle once for the norms of every row (cooc.Operator.SqRowNorms).
func (s *qbarSpace) sqNorms(ctx context.Context, words []int, threads int, progress func(done int)) ([]float64, error) {
	norms := make([]float64, len(words))
	var stream int64
	for _, w := range words {
		stream += s.op.RowCost(w) + int64(s.size())
	}
	if stream > s.op.SqRowNormsCost() {
		all, err := s.op.SqRowNorms(ctx, func(done int) {
			if progress != nil {
				progress(done * len(words) / s.size())
			}
		})
		if err != nil {
			return nil, err
		}
		for c, w := range words {
			norms[c] = all[w] * s.invP[w] * s.invP[w]
		}
		return norms, nil
	}
	err := parallel.For(ctx, len(words), 16, threads, func(lo, hi int) {
		row := make([]float64, s.size())
		for c := lo; c < hi; c++ {
			s.row(words[c], row)
			norms[c] = dot(row, row)
		}
	}, progress)
	return norms, err
}

func (s *qbarSpace) dots(ctx context.Context, dst, vec []float64) error {
	if err := s.op.MulVec(ctx, dst, vec); err != nil {
		return err
	}
	for i := range dst {
		dst[i] *= s.invP[i]
	}
	return nil
}

// projectedSpace holds the rows of Q-bar P for a V x d Gaussian matrix P
// with N(0, 1/d) entries (Algorithm 4, first line): distances between
// rows are kept within 1 +- eps for d of order log V / eps^2.
type projectedSpace struct {
	y *mat.Dense // V x d
}

func newProjectedSpace(ctx context.Context, s *qbarSpace, d int, rng *rand.Rand) (*projectedSpace, error) {
	v := s.size()
	p := mat.NewDense(v, d, nil)
	sd := 1 / sqrt(float64(d))
	for i := 0; i < v; i++ {
		row := p.RawRowView(i)
		for j := range row {
			row[j] = rng.NormFloat64() * sd
		}
	}
	y := mat.NewDense(v, d, nil)
	if err := s.op.Mul(ctx, y, p); err != nil {
		return nil, err
	}
	for i := 0; i < v; i++ {
		row := y.RawRowView(i)
		for j := range row {
			row[j] *= s.invP[i]
		}
	}
	return &projectedSpace{y: y}, nil
}

func (s *projectedSpace) size() int { v, _ := s.y.Dims(); return v }

func (s *projectedSpace) point(i int) []float64 {
	return append([]float64(nil), s.y.RawRowView(i)...)
}

func (s *projectedSpace) sqNorms(ctx context.Context, words []int, _ int, _ func(int)) ([]float64, error) {
	norms := make([]float64, len(words))
	for c, w := range words {
		norms[c] = dot(s.y.RawRowView(w), s.y.RawRowView(w))
	}
	return norms, ctx.Err()
}

func (s *projectedSpace) dots(ctx context.Context, dst, vec []float64) error {
	for i := range dst {
		dst[i] = dot(s.y.RawRowView(i), vec)
	}
	return ctx.Err()
}
