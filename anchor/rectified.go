package anchor

import (
	"context"
	"fmt"
	"slices"

	"github.com/hulltopics/hull/cooc"
	"github.com/hulltopics/hull/internal/parallel"
	"github.com/hulltopics/hull/learner"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// block is the rectified co-occurrence matrix of the most frequent words.
type block struct {
	words []int      // the word of each local index, by decreasing document frequency
	x     *symMatrix // the rectified block, summing to 1
	mass  float64    // the share of Q's mass in the block before rectification
	rs    []float64  // row sums of x
}

// blockWords returns the n words of highest document frequency among
// those with p(w) > 0 (ties by index), in that order.
func blockWords(df []int, p []float64, n int) []int {
	var words []int
	for w := range df {
		if p[w] > 0 {
			words = append(words, w)
		}
	}
	slices.SortStableFunc(words, func(a, b int) int { return df[b] - df[a] })
	return words[:min(n, len(words))]
}

// newBlock fills the dense block of Q over words, row by row from the
// operator, and scales it to sum 1.
func newBlock(ctx context.Context, op cooc.Source, words []int, threads int) (*block, error) {
	n, v := len(words), op.NumWords()
	x := &symMatrix{n: n, data: make([]float64, n*n)}
	err := parallel.For(ctx, n, 8, threads, func(lo, hi int) {
		row := make([]float64, v)
		for i := lo; i < hi; i++ {
			op.Row(words[i], row)
			xi := x.row(i)
			for j, w := range words {
				xi[j] = row[w]
			}
		}
	}, nil)
	if err != nil {
		return nil, err
	}
	// Q is symmetric up to rounding; make the block exactly so.
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			m := (x.data[i*n+j] + x.data[j*n+i]) / 2
			x.data[i*n+j], x.data[j*n+i] = m, m
		}
	}
	s := sumRows(x)
	if !(s > 0) {
		return nil, fmt.Errorf("anchor: the %d most frequent words never co-occur", n)
	}
	for i := range x.data {
		x.data[i] /= s
	}
	return &block{words: words, x: x, mass: s}, nil
}

// rowSums sets b.rs.
func (b *block) rowSums() {
	b.rs = make([]float64, b.x.n)
	for i := range b.rs {
		for _, v := range b.x.row(i) {
			b.rs[i] += v
		}
	}
}

// blockSpace is the rows of the rectified block normalised to sum 1, the
// points FastAnchorWords searches (Lee et al. 2015, Algorithm 1 on the
// rectified C).
type blockSpace struct {
	b       *block
	threads int
}

func (s *blockSpace) size() int { return s.b.x.n }

func (s *blockSpace) point(i int) []float64 {
	out := append([]float64(nil), s.b.x.row(i)...)
	if s.b.rs[i] > 0 {
		for j := range out {
			out[j] /= s.b.rs[i]
		}
	}
	return out
}

func (s *blockSpace) sqNorms(ctx context.Context, words []int, threads int, progress func(done int)) ([]float64, error) {
	norms := make([]float64, len(words))
	err := parallel.For(ctx, len(words), 64, threads, func(lo, hi int) {
		for c := lo; c < hi; c++ {
			i := words[c]
			r := s.b.x.row(i)
			if s.b.rs[i] > 0 {
				norms[c] = floats.Dot(r, r) / (s.b.rs[i] * s.b.rs[i])
			}
		}
	}, progress)
	return norms, err
}

func (s *blockSpace) dots(ctx context.Context, dst, vec []float64) error {
	return parallel.For(ctx, s.b.x.n, 64, s.threads, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			dst[i] = 0
			if s.b.rs[i] > 0 {
				dst[i] = floats.Dot(s.b.x.row(i), vec) / s.b.rs[i]
			}
		}
	}, nil)
}

// recoverRectified is RecoverL2 (Algorithm 3) against the rectified anchor
// rows, for every word of the vocabulary. On the scale of Q, the anchor
// rows over the block's words are G_k = m x_{s_k} / p(s_k) (m the block's
// mass); every word i satisfies Qbar_{i,N} = sum_k p(z = k | w = i) G_k on
// the block's columns N, so C_i = p(z | w = i) minimises
// ||Qbar_{i,N} - C_i G||^2 over the simplex: for a word of the block its
// rectified row m x_i / p(i) stands for Qbar_{i,N}; for any other word its
// row of Q restricted to N, whose products with G come from the operator
// in O(nnz K).
func recoverRectified(ctx context.Context, sp *qbarSpace, b *block, anchors []int, o *Options, progress learner.Progress) (*mat.Dense, solveStats, error) {
	v, k, n := sp.size(), len(anchors), b.x.n
	gl := mat.NewDense(n, k, nil) // G^T
	for m, row := range anchorRows(sp, b, anchors) {
		gl.SetCol(m, row)
	}
	g := mat.NewDense(v, k, nil)
	for j, w := range b.words {
		g.SetRow(w, gl.RawRowView(j))
	}
	y := mat.NewDense(v, k, nil)
	if err := sp.op.Mul(ctx, y, g); err != nil {
		return nil, solveStats{}, err
	}
	for i := 0; i < v; i++ {
		row := y.RawRowView(i)
		for m := range row {
			row[m] *= sp.invP[i]
		}
	}
	yl := mat.NewDense(n, k, nil)
	if err := mulBlock(ctx, yl, b.x, gl, o.Threads); err != nil {
		return nil, solveStats{}, err
	}
	for j, w := range b.words {
		row := yl.RawRowView(j)
		for m := range row {
			row[m] *= b.mass * sp.invP[w]
		}
		y.SetRow(w, row)
	}
	var gram mat.Dense
	gram.Mul(gl.T(), gl)
	return solveL2(ctx, y, &gram, sp.invP, o, progress)
}

// anchorRows returns G, the anchors' rectified rows on the scale of Q-bar
// (K rows over the block's words): G_k = m x_{s_k} / p(s_k).
func anchorRows(sp *qbarSpace, b *block, anchors []int) [][]float64 {
	g := make([][]float64, len(anchors))
	for m, a := range anchors {
		f := b.mass * sp.invP[b.words[a]]
		g[m] = make([]float64, b.x.n)
		for j, x := range b.x.row(a) {
			g[m][j] = f * x
		}
	}
	return g
}

// recoverRectifiedKL is RecoverKL (Algorithm 3) against the rectified
// anchor rows G: for every word i, C_i minimises the divergence of C_i G
// from Qbar_{i,N} over the simplex, Qbar_{i,N} being the rectified row m
// x_i / p(i) for a word of the block and the row of Q-bar restricted to
// the block's words for any other (see recoverRectified). Neither those
// rows nor G's sum to 1, so the divergence is the generalised one,
// sum_j q_j log(q_j / p_j) - q_j + p_j (klNewton with lin): zero where
// C_i G = Qbar_{i,N}, as the separable model has it. The plain KL
// divergence's sum_j q_j log(q_j / p_j) would fall as every p_j grows:
// its minimiser favours the anchors whose rows have the largest sums and
// can give a topic no mass at all. Each word is solved by simplex.Newton
// from recoverRectified's solution, as recoverKL does from RecoverL2's.
func recoverRectifiedKL(ctx context.Context, sp *qbarSpace, b *block, anchors []int, o *Options, progress learner.Progress) (*mat.Dense, solveStats, error) {
	c, _, err := recoverRectified(ctx, sp, b, anchors, o, nil)
	if err != nil {
		return nil, solveStats{}, err
	}
	v, n := sp.size(), b.x.n
	g := anchorRows(sp, b, anchors)
	lin := make([]float64, len(g))
	for m, gm := range g {
		lin[m] = floats.Sum(gm)
	}
	local := make([]int, v)
	for i := range local {
		local[i] = -1
	}
	for j, w := range b.words {
		local[w] = j
	}
	row := func(i int, q, full []float64) {
		if j := local[i]; j >= 0 {
			f := b.mass * sp.invP[i]
			for c, x := range b.x.row(j) {
				q[c] = f * x
			}
			return
		}
		sp.row(i, full)
		for c, w := range b.words {
			q[c] = full[w]
		}
	}
	st, err := solveKL(ctx, c, klRows{n: n, invP: sp.invP, row: row, t: g, lin: lin}, o, progress)
	return c, st, err
}

// diagonalCovariance is the topic-topic matrix of Lee et al. 2015
// (section 5, "diagonal recovery"): under separability C_SS = B_S A B_S^T
// with B_S diagonal, so A_kl = C_{s_k s_l} / (B_{s_k k} B_{s_l l}), on the
// scale of Q; it is returned normalised to sum 1. It is non-negative
// because the rectified C is.
func diagonalCovariance(b *block, anchors []int, topics [][]float64) (*mat.Dense, error) {
	k := len(anchors)
	a := mat.NewDense(k, k, nil)
	d := make([]float64, k)
	for m, s := range anchors {
		d[m] = topics[m][b.words[s]]
		if !(d[m] > 0) {
			return nil, fmt.Errorf("anchor: topic %d gives its anchor word no probability", m)
		}
	}
	total := 0.0
	for r, sr := range anchors {
		for c, sc := range anchors {
			x := b.mass * b.x.data[sr*b.x.n+sc] / (d[r] * d[c])
			a.Set(r, c, x)
			total += x
		}
	}
	if !(total > 0) {
		return nil, fmt.Errorf("anchor: the anchor words never co-occur")
	}
	a.Scale(1/total, a)
	return a, nil
}
