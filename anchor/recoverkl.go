package anchor

import (
	"context"
	"math"

	"github.com/hulltopics/hull/internal/parallel"
	"github.com/hulltopics/hull/internal/simplex"
	"github.com/hulltopics/hull/learner"
	"gonum.org/v1/gonum/blas/gonum"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// recoverKL solves, for every word i, min over the simplex of
// KL(Qbar_i || C_i Qbar_S) (Algorithm 3) by projected Newton
// (simplex.Newton) from RecoverL2's solution. dots is Qbar Qbar_S^T, the
// kernel of RecoverL2, or nil to have it computed through the operator;
// start, when not nil, is RecoverL2's solution already computed (by
// RectifyAuto's screen), which is refined in place instead. Only the
// words j with Qbar_ij > 0 enter the divergence; among them, those where
// every anchor row is 0 add the same infinite constant for every C_i and
// are left out.
func recoverKL(ctx context.Context, sp *qbarSpace, anchors []int, dots, start *mat.Dense, o *Options, progress learner.Progress) (*mat.Dense, solveStats, error) {
	c := start
	var err error
	switch {
	case c != nil:
	case dots != nil:
		c, _, err = solveL2(ctx, dots, anchorGram(dots, anchors), sp.invP, o, nil)
	default:
		c, _, err = recoverL2(ctx, sp, anchors, o, nil)
	}
	if err != nil {
		return nil, solveStats{}, err
	}
	t := make([][]float64, len(anchors))
	for m, a := range anchors {
		t[m] = sp.point(a)
	}
	row := func(i int, q, _ []float64) { sp.row(i, q) }
	st, err := solveKL(ctx, c, klRows{n: sp.size(), invP: sp.invP, row: row, t: t}, o, progress)
	return c, st, err
}

// klRows is what solveKL needs of the words' problems: row(i, q, full)
// sets q (length n) to word i's row, full being scratch of one value per
// word; T's K rows t are over the same n columns,
// words with invP 0 are skipped, and lin, when not nil, is the linear term
// of the generalised divergence (see klNewton).
type klRows struct {
	n    int
	invP []float64
	row  func(i int, q, full []float64)
	t    [][]float64
	lin  []float64
}

// solveKL refines every row C_i of c, a point of the simplex (RecoverL2's
// solution), to the minimiser of KL(Qbar_i || C_i T) by simplex.Newton,
// in parallel over words, T being the K anchor rows t. The problem is
// convex, so the start changes the iterations, not the minimum: from
// RecoverL2's solution Newton takes 3 to 8 iterations a word at K = 100
// (NIPS 7.4; the benchmark corpora 5.5 at 30,000 documents and 3.4 at
// 300,000), where EG from the uniform point took 214 on a sample of the
// 30,000. Words with invP 0 keep C_i = 0.
//
// Because the rows of Q-bar sum to 1, so does x^T T for every x of the
// simplex, and sum_j q_j log(q_j / p_j) is the divergence itself. The
// rectified pipeline's rows do not sum to 1 and pass rows.lin (see
// recoverRectifiedKL).
func solveKL(ctx context.Context, c *mat.Dense, rows klRows, o *Options, progress learner.Progress) (solveStats, error) {
	v, k := c.Dims()
	covered := make([]bool, rows.n)
	for _, tm := range rows.t {
		for j, x := range tm {
			covered[j] = covered[j] || x > 0
		}
	}
	results := make([]simplex.Result, v)
	progress.Report("recover", 0, v)
	// Each goroutine reuses one scratch: a fresh one per chunk allocated
	// the K x S profiles anew for every 16 words (1.6 GB over a KOS fit at
	// K = 20). ForWith, not a sync.Pool, whose New function would keep
	// rows.row, and through it Q and the rectified block, reachable after
	// the recovery (see parallel.ForWith).
	lin, n := rows.lin, rows.n
	newScratch := func() *klScratch {
		return &klScratch{kl: klNewton{k: k, lin: lin}, q: make([]float64, n), full: make([]float64, v)}
	}
	err := parallel.ForWith(ctx, v, 16, o.Threads, newScratch, func(sc *klScratch, lo, hi int) {
		for i := lo; i < hi; i++ {
			if rows.invP[i] == 0 {
				results[i].Converged = true
				continue
			}
			rows.row(i, sc.q, sc.full)
			sc.kl.load(sc.q, rows.t, covered)
			x := c.RawRowView(i)
			sc.kl.cover(x)
			results[i] = simplex.Newton(&sc.kl, x, o.settings(), &sc.ws)
		}
	}, func(done int) { progress.Report("recover", done, v) })
	return summarize(results), err
}

// klScratch is what one goroutine of solveKL reuses from word to word.
type klScratch struct {
	kl      klNewton
	q, full []float64
	ws      simplex.NewtonWorkspace
}

// klNewton is f(x) = KL(q || x^T T) = sum_j q_j log(q_j / p_j), p = x^T T,
// restricted to a support of S words, in the form simplex.Newton takes:
//
//	g_m = -sum_j (q_j / p_j) T_mj,  H_ml = sum_j (q_j / p_j^2) T_mj T_lj.
//
// With lin set it is the generalised divergence of nonnegative vectors
// that need not sum to 1 (Csiszar's I-divergence, the objective of Lee
// and Seung's KL NMF), sum_j q_j log(q_j / p_j) - q_j + p_j, whose sum of
// p_j over every column is x^T lin, lin_m the sum of T's row m: it adds
// lin to the gradient and nothing to the Hessian. Where T's rows sum to 1
// it is the divergence above plus a constant on the simplex.
//
// T's rows are held on the support, contiguous, so that p, g and H are
// axpys and dot products of length S.
type klNewton struct {
	k      int
	lin    []float64 // the generalised divergence's linear term, or nil
	qSum   float64   // sum_j q_j on the support, with lin
	idx    []int     // the support's words
	q      []float64 // q_j on the support
	t      []float64 // K x S, row m = T_m on the support
	t32    []float32 // t in float32, for the Hessian
	p, r   []float64 // p_j and q_j / p_j at the current point
	py     []float64 // p at the model's minimiser (MaxStep), or the Hessian's weights
	rReady bool
	z      []float32 // the Hessian's weighted rows, hessianChunk columns each
}

// hessianChunk is the number of support words the Hessian takes at a
// time: the weighted rows of the working set and T's stay in cache.
const hessianChunk = 512

// load sets the objective for the row q: its support is the words j with
// q_j > 0 that some anchor row covers.
func (o *klNewton) load(q []float64, t [][]float64, covered []bool) {
	o.idx, o.q = o.idx[:0], o.q[:0]
	for j, x := range q {
		if x > 0 && covered[j] {
			o.idx = append(o.idx, j)
			o.q = append(o.q, x)
		}
	}
	s := len(o.q)
	o.t = grow(o.t, o.k*s)
	if cap(o.t32) < o.k*s {
		o.t32 = make([]float32, o.k*s)
	}
	o.t32 = o.t32[:o.k*s]
	for m, tm := range t {
		dst, dst32 := o.t[m*s:(m+1)*s], o.t32[m*s:(m+1)*s]
		for c, j := range o.idx {
			dst[c] = tm[j]
			dst32[c] = float32(tm[j])
		}
	}
	o.p, o.r, o.py = grow(o.p, s), grow(o.r, s), grow(o.py, s)
	o.qSum = floats.Sum(o.q)
}

// grow returns a slice of length n, reusing s's array when it is large
// enough.
func grow(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	return s[:n]
}

// row returns T_m on the support.
func (o *klNewton) row(m int) []float64 {
	s := len(o.q)
	return o.t[m*s : (m+1)*s]
}

// Value implements simplex.SecondOrder.
func (o *klNewton) Value(x []float64) float64 {
	clear(o.p)
	for m, xm := range x {
		if xm != 0 {
			floats.AddScaled(o.p, xm, o.row(m))
		}
	}
	o.rReady = false
	f := 0.0
	for j, q := range o.q {
		f += q * math.Log(q/o.p[j])
	}
	if o.lin != nil {
		f += floats.Dot(x, o.lin) - o.qSum
	}
	return f
}

// MaxStep implements simplex.Bounded: the fraction-to-the-boundary rule
// of interior-point methods (Nocedal and Wright, eq. 19.9) on p, which is
// linear in x: no p_j may fall below (1 - fractionToBoundary) of its value.
// Newton's quadratic model does not see f's logarithmic barrier at p_j =
// 0; a step that takes p_j near it is accepted by the line search, and
// Newton then needs one iteration per doubling of p_j to come back.
func (o *klNewton) MaxStep(y []float64) float64 {
	clear(o.py)
	for m, ym := range y {
		if ym != 0 {
			floats.AddScaled(o.py, ym, o.row(m))
		}
	}
	alpha := 1.0
	for j, p := range o.p {
		if py := o.py[j]; py < (1-fractionToBoundary)*p {
			alpha = math.Min(alpha, fractionToBoundary*p/(p-py))
		}
	}
	return alpha
}

// ratios sets r = q / p at the current point.
func (o *klNewton) ratios() {
	if !o.rReady {
		for j, q := range o.q {
			o.r[j] = q / o.p[j]
		}
		o.rReady = true
	}
}

// Gradient implements simplex.SecondOrder.
func (o *klNewton) Gradient(grad []float64) {
	o.ratios()
	for m := range grad {
		grad[m] = -floats.Dot(o.r, o.row(m))
	}
	if o.lin != nil {
		floats.Add(grad, o.lin)
	}
}

// Hessian implements simplex.SecondOrder: sum_j (r_j / p_j) T_mj T_lj
// over m, l in w, hessianChunk support words at a time, the lower
// triangle then mirrored. The products are taken in float32 (gonum's
// Sdot, twice the lanes of Ddot), about 1e-6 relative: the Hessian only
// shapes Newton's step, while the gradient, f and the KKT gap that stops
// it are float64, so this changes the iterations, not the minimum.
func (o *klNewton) Hessian(w []int, h []float64) {
	o.ratios()
	n, s := len(w), len(o.q)
	clear(h)
	if cap(o.z) < n*hessianChunk {
		o.z = make([]float32, n*hessianChunk)
	}
	for j, r := range o.r {
		o.py[j] = r / o.p[j] // the weights q_j / p_j^2
	}
	var impl gonum.Implementation
	for lo := 0; lo < s; lo += hessianChunk {
		hi := min(lo+hessianChunk, s)
		wt := o.py[lo:hi]
		for a, m := range w {
			za := o.z[a*hessianChunk : a*hessianChunk+hi-lo]
			tm := o.row(m)[lo:hi]
			for j, v := range wt {
				za[j] = float32(v * tm[j])
			}
			for b, l := range w[:a+1] {
				h[a*n+b] += float64(impl.Sdot(hi-lo, za, 1, o.t32[l*s+lo:l*s+hi], 1))
			}
		}
	}
	for a := 0; a < n; a++ {
		for b := 0; b < a; b++ {
			h[b*n+a] = h[a*n+b]
		}
	}
}

// cover makes f(x) finite before Newton starts: RecoverL2's solution may
// put no weight on any anchor whose row covers a support word j, which
// makes p_j = 0. Anchors are added greedily, the one covering the most
// uncovered mass of q first, until every support word is covered, and
// given together the weight coverWeight, the rest scaled down.
func (o *klNewton) cover(x []float64) {
	if !math.IsInf(o.Value(x), 1) {
		return
	}
	uncovered := make([]bool, len(o.q))
	for j, p := range o.p {
		uncovered[j] = p == 0
	}
	var added []int
	score := make([]float64, o.k)
	for {
		clear(score)
		best := -1
		for m := range x {
			if x[m] > 0 {
				continue
			}
			for j, tm := range o.row(m) {
				if uncovered[j] && tm > 0 {
					score[m] += o.q[j]
				}
			}
			if score[m] > 0 && (best < 0 || score[m] > score[best]) {
				best = m
			}
		}
		if best < 0 {
			break
		}
		added = append(added, best)
		x[best] = math.SmallestNonzeroFloat64 // marks it taken
		for j, tm := range o.row(best) {
			uncovered[j] = uncovered[j] && !(tm > 0)
		}
	}
	for m := range x {
		x[m] *= 1 - coverWeight
	}
	for _, m := range added {
		x[m] = coverWeight / float64(len(added))
	}
}

// fractionToBoundary is tau of MaxStep: p_j keeps at least 1 - tau of its
// value. 0.9 (at most a tenfold fall an iteration) measured 11.6 Newton
// iterations a word on a sample of NIPS (K = 100) against 12.2 with 0.99,
// 12.7 with 0.5 and 12.7 without the rule, before the working set took
// the indices below the mean gradient.
const fractionToBoundary = 0.9

// coverWeight is the weight cover gives the anchors it adds.
const coverWeight = 0.1
