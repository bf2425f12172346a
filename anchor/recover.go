package anchor

import (
	"context"
	"fmt"
	"math"

	"github.com/hulltopics/hull/internal/parallel"
	"github.com/hulltopics/hull/internal/simplex"
	"github.com/hulltopics/hull/learner"
	"gonum.org/v1/gonum/mat"
)

// solveStats summarises the per-word solves: how many hit MaxIter, how
// many stalled at float64 precision before reaching the tolerance, and
// the mean number of iterations.
type solveStats struct {
	MaxIter  int
	Stalled  int
	MeanIter float64
	MaxGap   float64
}

// recoverL2 solves, for every word i, min over the simplex of
// ||Qbar_i - C_i Qbar_S||^2 (Algorithm 3 with the squared loss). The
// objective is kernelised: it needs only Qbar_S Qbar_S^T (K x K) and
// Qbar Qbar_S^T (V x K), the latter computed through the co-occurrence
// operator in O(nnz K) (Fit takes it from FastAnchorWords instead when
// the anchors were found on Q-bar itself). Both are scaled by the mean
// squared anchor norm so that the tolerance does not depend on V. It
// returns C (V x K).
func recoverL2(ctx context.Context, sp *qbarSpace, anchors []int, o *Options, progress learner.Progress) (*mat.Dense, solveStats, error) {
	v, k := sp.size(), len(anchors)
	b := mat.NewDense(v, k, nil)
	for m, a := range anchors {
		b.SetCol(m, sp.point(a))
	}
	y := mat.NewDense(v, k, nil)
	if err := sp.op.Mul(ctx, y, b); err != nil {
		return nil, solveStats{}, err
	}
	for i := 0; i < v; i++ {
		row := y.RawRowView(i)
		for m := range row {
			row[m] *= sp.invP[i]
		}
	}
	return solveL2(ctx, y, anchorGram(y, anchors), sp.invP, o, progress)
}

// anchorGram returns the anchors' Gram matrix Qbar_S Qbar_S^T read off
// y = Qbar Qbar_S^T, made exactly symmetric.
func anchorGram(y *mat.Dense, anchors []int) *mat.Dense {
	k := len(anchors)
	gram := mat.NewDense(k, k, nil)
	for a := 0; a < k; a++ {
		for c := 0; c < k; c++ {
			gram.Set(a, c, (y.At(anchors[a], c)+y.At(anchors[c], a))/2)
		}
	}
	return gram
}

// solveL2 solves, for every word i, min over the simplex of
// c^T M c - 2 c^T y_i: the squared loss ||Qbar_i - c T||^2 with
// M = T T^T (K x K, gram) and y_i = T Qbar_i^T (row i of y), the constant
// dropped, by the active-set method (simplex.ActiveSet), M shared by all
// words. Both are scaled by K / trace(M) so that the tolerance does not
// depend on V. Words with invP 0 get C_i = 0.
func solveL2(ctx context.Context, y, gram *mat.Dense, invP []float64, o *Options, progress learner.Progress) (*mat.Dense, solveStats, error) {
	v, k := y.Dims()
	g := make([]float64, k*k)
	trace := 0.0
	for a := 0; a < k; a++ {
		for c := 0; c < k; c++ {
			g[a*k+c] = gram.At(a, c)
		}
		trace += g[a*k+a]
	}
	scale := float64(k) / trace
	for i := range g {
		g[i] *= scale
	}
	return solveWords(ctx, v, k, o, progress, invP, func() func(i int, x []float64, ws *simplex.Workspace) simplex.Result {
		bi := make([]float64, k)
		quad := simplex.NewQuadratic(g, bi)
		var as simplex.ActiveSetWorkspace
		return func(i int, x []float64, _ *simplex.Workspace) simplex.Result {
			for m, yi := range y.RawRowView(i) {
				bi[m] = yi * scale
			}
			return simplex.ActiveSet(quad, x, o.settings(), &as)
		}
	})
}

// solveWords runs one simplex solve per word in parallel and returns C.
// newSolver is called once per block of words to make a solver with its
// own scratch space; words with p(w) = 0 (in no document of two tokens)
// get C_i = 0, which gives them probability 0 in every topic.
func solveWords(ctx context.Context, v, k int, o *Options, progress learner.Progress, invP []float64,
	newSolver func() func(i int, x []float64, ws *simplex.Workspace) simplex.Result) (*mat.Dense, solveStats, error) {
	c := mat.NewDense(v, k, nil)
	results := make([]simplex.Result, v)
	progress.Report("recover", 0, v)
	err := parallel.For(ctx, v, 64, o.Threads, func(lo, hi int) {
		solve := newSolver()
		var ws simplex.Workspace
		for i := lo; i < hi; i++ {
			if invP[i] == 0 {
				results[i].Converged = true
				continue
			}
			x := c.RawRowView(i)
			for m := range x {
				x[m] = 1 / float64(k)
			}
			results[i] = solve(i, x, &ws)
		}
	}, func(done int) { progress.Report("recover", done, v) })
	return c, summarize(results), err
}

// summarize returns the statistics of the words' solves.
func summarize(results []simplex.Result) solveStats {
	var st solveStats
	for _, r := range results {
		switch {
		case r.Stalled:
			st.Stalled++
		case !r.Converged:
			st.MaxIter++
		}
		st.MeanIter += float64(r.Iter) / float64(len(results))
		st.MaxGap = math.Max(st.MaxGap, r.Gap)
	}
	return st
}

// topicsFromC applies Bayes' rule (section 3): A' = diag(p) C, p(z) the
// column sums of A', and A the columns of A' normalised. It returns the
// topics as K rows over V words and p(z).
func topicsFromC(c *mat.Dense, p []float64) ([][]float64, []float64, error) {
	v, k := c.Dims()
	pz := make([]float64, k)
	for i := 0; i < v; i++ {
		axpy(p[i], c.RawRowView(i), pz)
	}
	topics := make([][]float64, k)
	for m := range topics {
		if !(pz[m] > 0) {
			return nil, nil, fmt.Errorf("anchor: topic %d received no probability mass", m)
		}
		topics[m] = make([]float64, v)
		for i := 0; i < v; i++ {
			topics[m][i] = c.At(i, m) * p[i] / pz[m]
		}
	}
	return topics, pz, nil
}

// topicCovariance returns R = A^+ Q A^+T with A^+ = (A^T A)^-1 A^T, the
// quadratic form taken through the operator (cooc.Operator.QuadForm).
func topicCovariance(ctx context.Context, sp *qbarSpace, topics [][]float64) (*mat.Dense, error) {
	k, v := len(topics), len(topics[0])
	a := mat.NewDense(v, k, nil)
	for m, row := range topics {
		a.SetCol(m, row)
	}
	var ata, ataInv mat.Dense
	ata.Mul(a.T(), a)
	if err := ataInv.Inverse(&ata); err != nil {
		return nil, fmt.Errorf("anchor: topics are linearly dependent: %v", err)
	}
	b := mat.NewDense(v, k, nil)
	b.Mul(a, &ataInv) // A^+T
	r := mat.NewDense(k, k, nil)
	if err := sp.op.QuadForm(ctx, r, b); err != nil {
		return nil, err
	}
	return r, nil
}
