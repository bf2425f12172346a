package anchor

import (
	"context"
	"fmt"
	"math"

	"github.com/hulltopics/hull/internal/parallel"
	"github.com/hulltopics/hull/learner"
	"gonum.org/v1/gonum/mat"
)

// findAnchors is FastAnchorWords (Algorithm 4) over the points of sp whose
// words are in cands: greedy Gram-Schmidt picks K points, each farthest
// from the span of those before it (the first is the farthest from the
// origin), then the clean-up pass re-chooses each anchor as the point
// farthest from the span of the other K-1. It returns word indices and
// the dots of every point with each anchor (size x K, column m for anchor
// m), which RecoverL2 reuses.
func findAnchors(ctx context.Context, sp rowSpace, cands []int, k int, set *learner.Settings) ([]int, *mat.Dense, error) {
	threads, progress := set.Threads, set.Progress
	progress.Report("row norms", 0, len(cands))
	norms, err := sp.sqNorms(ctx, cands, threads, func(done int) { progress.Report("row norms", done, len(cands)) })
	if err != nil {
		return nil, nil, err
	}
	g := greedy{sp: sp, cands: cands, norms: norms, k: k}
	if err := g.run(ctx, progress); err != nil {
		return nil, nil, err
	}
	if err := g.cleanUp(ctx, threads, progress); err != nil {
		return nil, nil, err
	}
	set.Logf("anchor: FastAnchorWords: %d candidates, %d of the %d anchors changed by the clean-up", len(cands), g.replaced, k)
	anchors := make([]int, k)
	for m, c := range g.chosen {
		anchors[m] = cands[c]
	}
	return anchors, g.anchorDots, nil
}

// greedy holds the state of Algorithm 4.
type greedy struct {
	sp     rowSpace
	cands  []int
	norms  []float64 // squared norm of each candidate's point
	k      int
	chosen []int       // candidate position of each anchor, in order
	coef   *mat.Dense  // candidates x K: point . e_b for the orthonormal basis e_b
	rtri   *mat.Dense  // K x K upper triangular: anchor_m = sum_b rtri[b][m] e_b
	basis  [][]float64 // orthonormal basis of the span of the anchors
	full   []float64   // scratch: dots of every word's point with a vector
	// basisDots holds every point's dots with e_b (size x K, column b),
	// anchorDots with each anchor: basisDots rtri, as anchor m = sum_b
	// rtri[b][m] e_b; the clean-up replaces the columns of the anchors it
	// changes.
	basisDots, anchorDots *mat.Dense
	replaced              int // anchors the clean-up changed
}

func (g *greedy) run(ctx context.Context, progress learner.Progress) error {
	g.coef = mat.NewDense(len(g.cands), g.k, nil)
	g.rtri = mat.NewDense(g.k, g.k, nil)
	g.full = make([]float64, g.sp.size())
	g.basisDots = mat.NewDense(g.sp.size(), g.k, nil)
	resid := append([]float64(nil), g.norms...)
	taken := make([]bool, len(g.cands))
	for step := 0; step < g.k; step++ {
		progress.Report("anchor words", step, 2*g.k)
		c := argmax(resid, taken)
		if c < 0 {
			return fmt.Errorf("anchor: only %d candidate words for K = %d", step, g.k)
		}
		taken[c] = true
		g.chosen = append(g.chosen, c)
		e, err := g.orthogonalise(c, step)
		if err != nil {
			return err
		}
		g.basis = append(g.basis, e)
		if err := g.dotsWith(ctx, e, step, g.coef); err != nil {
			return err
		}
		g.basisDots.SetCol(step, g.full)
		for i := range resid {
			x := g.coef.At(i, step)
			resid[i] -= x * x
		}
	}
	g.basis = nil
	g.anchorDots = mat.NewDense(g.sp.size(), g.k, nil)
	g.anchorDots.Mul(g.basisDots, g.rtri)
	g.basisDots = nil
	return nil
}

// orthogonalise returns the unit vector of candidate c's point orthogonal
// to the basis so far (Gram-Schmidt applied twice for stability) and fills
// column step of rtri.
func (g *greedy) orthogonalise(c, step int) ([]float64, error) {
	a := g.sp.point(g.cands[c])
	e := append([]float64(nil), a...)
	for pass := 0; pass < 2; pass++ {
		for _, b := range g.basis {
			axpy(-dot(e, b), b, e)
		}
	}
	for b, eb := range g.basis {
		g.rtri.Set(b, step, dot(a, eb))
	}
	n := math.Sqrt(dot(e, e))
	if n <= 1e-12*math.Sqrt(dot(a, a)) || n == 0 {
		return nil, fmt.Errorf("anchor: the candidate rows span only %d dimensions, fewer than K = %d; lower K", step, g.k)
	}
	g.rtri.Set(step, step, n)
	for i := range e {
		e[i] /= n
	}
	return e, nil
}

// dotsWith sets column col of dst to the dots of every candidate's point
// with vec.
func (g *greedy) dotsWith(ctx context.Context, vec []float64, col int, dst *mat.Dense) error {
	if err := g.sp.dots(ctx, g.full, vec); err != nil {
		return err
	}
	for i, w := range g.cands {
		dst.Set(i, col, g.full[w])
	}
	return nil
}

// cleanUp is the second loop of Algorithm 4. With G the candidates' dots
// with the anchors and M the anchors' Gram matrix, the squared distance of
// x to the span of all anchors but m is
//
//	|x|^2 - g^T M^-1 g + (M^-1 g)_m^2 / (M^-1)_mm,
//
// so each step costs O(C K^2) for C candidates plus one product to refresh
// the column of the replaced anchor.
func (g *greedy) cleanUp(ctx context.Context, threads int, progress learner.Progress) error {
	G := mat.NewDense(len(g.cands), g.k, nil)
	G.Mul(g.coef, g.rtri)
	dist := make([]float64, len(g.cands))
	var minv, s *mat.Dense // M^-1 (nil when stale) and G M^-1, kept while the anchors stay the same
	for m := 0; m < g.k; m++ {
		progress.Report("anchor words", g.k+m, 2*g.k)
		if minv == nil {
			var err error
			if minv, err = g.inverseGram(G); err != nil {
				return err
			}
			if s == nil {
				s = mat.NewDense(len(g.cands), g.k, nil)
			}
			s.Mul(G, minv)
		}
		if err := farFromOthers(ctx, G, s, minv.At(m, m), g.norms, m, threads, dist); err != nil {
			return err
		}
		c := argmax(dist, nil)
		if c == g.chosen[m] || c < 0 {
			continue
		}
		g.chosen[m] = c
		g.replaced++
		if err := g.dotsWith(ctx, g.sp.point(g.cands[c]), m, G); err != nil {
			return err
		}
		g.anchorDots.SetCol(m, g.full)
		minv = nil
	}
	progress.Report("anchor words", 2*g.k, 2*g.k)
	return nil
}

// inverseGram returns the inverse of the anchors' Gram matrix read off G.
func (g *greedy) inverseGram(G *mat.Dense) (*mat.Dense, error) {
	m := mat.NewDense(g.k, g.k, nil)
	for a, ca := range g.chosen {
		for b := range g.chosen {
			m.Set(a, b, (G.At(ca, b)+G.At(g.chosen[b], a))/2)
		}
	}
	var inv mat.Dense
	if err := inv.Inverse(m); err != nil {
		return nil, fmt.Errorf("anchor: anchor rows are (nearly) linearly dependent: %v", err)
	}
	return &inv, nil
}

// farFromOthers sets dist[i] to the squared distance of candidate i to the
// span of every anchor but m, given S = G M^-1 and mm = (M^-1)_mm.
func farFromOthers(ctx context.Context, G, s *mat.Dense, mm float64, norms []float64, m, threads int, dist []float64) error {
	return parallel.For(ctx, len(dist), 256, threads, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			si := s.RawRowView(i)
			dist[i] = norms[i] - dot(G.RawRowView(i), si) + si[m]*si[m]/mm
		}
	}, nil)
}

// argmax returns the index of the largest x[i] not marked in skip (the
// lowest such index on ties), or -1 if there is none.
func argmax(x []float64, skip []bool) int {
	best := -1
	for i, v := range x {
		if skip != nil && skip[i] {
			continue
		}
		if best < 0 || v > x[best] {
			best = i
		}
	}
	return best
}
