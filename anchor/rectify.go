package anchor

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/hulltopics/hull/internal/parallel"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/lapack/lapack64"
	"gonum.org/v1/gonum/mat"
)

// Rectifier is the treatment of the co-occurrence matrix before the anchor
// words are sought.
type Rectifier string

// The rectifiers.
const (
	// RectifyAP is the alternating projection of Lee, Bindel and Mimno
	// 2015 (section 4): the co-occurrence matrix of the RectifyWords most
	// frequent words is projected in turn onto the rank-K positive
	// semidefinite matrices, the matrices whose entries sum to 1 and the
	// non-negative matrices, until it stops changing.
	RectifyAP Rectifier = "ap"
	// RectifyNone uses Q as it is (Arora et al. 2013).
	RectifyNone Rectifier = "none"
	// RectifyAuto runs the paper's pipeline (RectifyNone, no refinement)
	// and keeps its topics unless they look noisy (learner.TopicsNoisy: near-copies
	// of one another, as on real text, where the extreme rows of Q are
	// noise); then it fits again with RectifyAP and the Refine iterations.
	// Planted, well separated topics thus keep the paper's recovery, and
	// real text gets the rectified topics. Params["rectify_chosen"] says
	// which was kept. With RecoverKL, RecoverL2's topics from the same
	// anchors are judged first, and the paper's RecoverKL runs only when
	// they are not noisy (Params["paper_recover"] = "l2" when it did not).
	// With Original, whose matrix inversion needs every row of Q and so
	// cannot be rectified, noisy topics are refined alone
	// (refine.IfNoisy, the Refine iterations).
	RectifyAuto Rectifier = "auto"
)

// Defaults of the rectification and refinement fields of Options.
const (
	// DefaultRectifyWords is the least N of the automatic block size
	// max(DefaultRectifyWords, 10 K): the block costs 8 N^2 bytes and
	// O(N^2 K) time per alternating projection.
	DefaultRectifyWords = 1000
	// DefaultRectifyMaxIter bounds the alternating projections.
	DefaultRectifyMaxIter = 20
	// DefaultRectifyTolerance is the relative change ||C_t - C_{t-1}||_F /
	// ||C_t||_F below which the alternating projection stops.
	DefaultRectifyTolerance = 1e-2
	// DefaultRefine is the most EM iterations of DefaultOptions.
	DefaultRefine = 20
	// DefaultRefineTolerance is the mean l1 move of the topics in one EM
	// iteration below which the refinement stops. EM converges slowly
	// (KOS, K = 20: 0.019 after 20 iterations, 2e-4 after 400), so the
	// DefaultRefine iterations do not reach it; it ends a long --refine
	// once the topics have settled.
	DefaultRefineTolerance = 1e-6
)

// rectifyOversample is the number of directions beyond K that the
// subspace iteration tracks, rectifyStartPower the power steps of its
// random start, and rectifyStream the second word of its PCG seed.
const (
	rectifyOversample = 10
	rectifyStartPower = 10
	rectifyStream     = 0x7265637469667921 // "rectify!"
)

// RectifyReport describes one rectification; the model's Params record it
// under the keys given.
type RectifyReport struct {
	Words      int     // rectify_words: N, the words of the rectified block
	Iterations int     // rectify_iterations: alternating projections run
	Change     float64 // rectify_change: ||C_t - C_{t-1}||_F / ||C_t||_F at the last one
	Converged  bool    // rectify_converged: Change fell below RectifyTolerance
}

// symMatrix is a dense symmetric n x n matrix, row-major.
type symMatrix struct {
	n    int
	data []float64
}

func (m *symMatrix) row(i int) []float64 { return m.data[i*m.n : (i+1)*m.n] }

// rectify runs the alternating projection of Lee, Bindel and Mimno 2015
// (section 4) on x in place, for k topics: x must be symmetric,
// non-negative and sum to 1, and it stays so.
//
// Each iteration projects x onto the rank-k positive semidefinite matrices
// (the eigenpairs of the k largest eigenvalues, negative ones dropped),
// then onto the matrices summing to 1 (adding (1 - sum)/N^2 to every
// entry), then onto the non-negative ones (clipping at 0); it stops after
// o.RectifyMaxIter iterations or once one changes x by less than
// o.RectifyTolerance relative to its Frobenius norm. The eigenpairs come
// from subspace iteration on l = k + 10 directions: a random start seeded
// by o.Seed with 10 power steps (enough that on KOS and NIPS the anchors
// no longer depend on the seed), then one power step per iteration, warm
// from the previous iterate (which changes little from one iteration to
// the next), and a Rayleigh-Ritz step giving the eigenpairs of the current
// iterate within the subspace. The projected matrix is kept as Y Y^T
// (Y N x k) and the sum and clip are applied entry by entry as Y Y^T is
// formed, so an iteration costs O(N^2 (l + k)) time and no memory beyond
// x and a few N x l blocks. The clipped result sums to slightly more than
// 1; it is divided by its sum at the end, as the paper does.
func rectify(ctx context.Context, x *symMatrix, k int, o *Options) (RectifyReport, error) {
	n, maxIter, threads := x.n, o.RectifyMaxIter, o.Threads
	l := min(n, k+rectifyOversample)
	rep := RectifyReport{Words: n}
	z := mat.NewDense(n, l, nil)
	rng := rand.New(rand.NewPCG(o.Seed, rectifyStream))
	for i := range z.RawMatrix().Data {
		z.RawMatrix().Data[i] = rng.NormFloat64()
	}
	w := mat.NewDense(n, l, nil)
	orthonormalize(z)
	for range rectifyStartPower {
		if err := mulBlock(ctx, w, x, z, threads); err != nil {
			return rep, err
		}
		z, w = w, z
		orthonormalize(z)
	}
	y := mat.NewDense(n, k, nil)
	yt := mat.NewDense(k, n, nil)
	col := make([]float64, k)
	for it := 1; it <= maxIter; it++ {
		o.Progress.Report("rectify", it-1, maxIter)
		// W = X Z; the Ritz pairs of X in span(Z) give the projection,
		// and Z = orth(W) is the next subspace.
		if err := mulBlock(ctx, w, x, z, threads); err != nil {
			return rep, err
		}
		kept, err := ritz(y, z, w, k)
		if err != nil {
			return rep, err
		}
		z.Copy(w)
		orthonormalize(z)
		// The joint-stochastic shift: the sum of Y Y^T is |Y^T 1|^2.
		clear(col)
		for i := 0; i < n; i++ {
			axpy(1, y.RawRowView(i), col)
		}
		shift := (1 - dot(col, col)) / (float64(n) * float64(n))
		yt.Copy(y.T())
		change, norm, err := projectClip(ctx, x, y, yt, shift, threads)
		if err != nil {
			return rep, err
		}
		rep.Iterations = it
		rep.Change = math.Sqrt(change / norm)
		o.Settings.Logf("anchor: rectify iteration %d: change %.3g, %d of %d eigenvalues positive", it, rep.Change, kept, k)
		if rep.Change < o.RectifyTolerance {
			rep.Converged = true
			break
		}
	}
	o.Progress.Report("rectify", maxIter, maxIter)
	s := sumRows(x)
	for i := range x.data {
		x.data[i] /= s
	}
	return rep, ctx.Err()
}

// ritz sets y to V_k sqrt(max(lambda_k, 0)) for the k largest Ritz pairs
// (lambda, V) of X in the span of the orthonormal columns of z, given
// w = X z, so that y y^T is the rank-k PSD projection of X restricted to
// that span. It returns how many of the k eigenvalues were positive.
func ritz(y, z, w *mat.Dense, k int) (int, error) {
	_, l := z.Dims()
	var t mat.Dense
	t.Mul(z.T(), w)
	sym := mat.NewSymDense(l, nil)
	for a := 0; a < l; a++ {
		for b := a; b < l; b++ {
			sym.SetSym(a, b, (t.At(a, b)+t.At(b, a))/2)
		}
	}
	var es mat.EigenSym
	if !es.Factorize(sym, true) {
		return 0, fmt.Errorf("anchor: rectification: eigendecomposition of the %d x %d Ritz matrix failed", l, l)
	}
	vals := es.Values(nil) // ascending
	var vecs mat.Dense
	es.VectorsTo(&vecs)
	// s = the k last eigenvectors scaled by sqrt(max(lambda, 0)), largest first.
	s := mat.NewDense(l, k, nil)
	kept := 0
	for c := 0; c < k; c++ {
		j := l - 1 - c
		lam := vals[j]
		if lam <= 0 {
			continue
		}
		kept++
		f := math.Sqrt(lam)
		for a := 0; a < l; a++ {
			s.Set(a, c, vecs.At(a, j)*f)
		}
	}
	y.Mul(z, s)
	return kept, nil
}

// rowBlock is the number of rows of x one task of the dense kernels
// handles; fixed, so that results do not depend on the thread count.
const rowBlock = 32

// mulBlock sets w = x z for the dense symmetric x, in parallel over
// blocks of rows.
func mulBlock(ctx context.Context, w *mat.Dense, x *symMatrix, z *mat.Dense, threads int) error {
	n := x.n
	_, l := z.Dims()
	zr := z.RawMatrix()
	wr := w.RawMatrix()
	return parallel.For(ctx, n, rowBlock, threads, func(lo, hi int) {
		a := blas64.General{Rows: hi - lo, Cols: n, Stride: n, Data: x.data[lo*n : hi*n]}
		c := blas64.General{Rows: hi - lo, Cols: l, Stride: wr.Stride, Data: wr.Data[lo*wr.Stride : (hi-1)*wr.Stride+l]}
		blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, a, zr, 0, c)
	}, nil)
}

// projectClip sets x = max(y y^T + shift, 0) (yt is y^T) and returns the
// squared Frobenius norms of the change and of the new x, each summed row
// by row and then over rows in order.
func projectClip(ctx context.Context, x *symMatrix, y, yt *mat.Dense, shift float64, threads int) (change, norm float64, err error) {
	n := x.n
	_, k := y.Dims()
	ch := make([]float64, n)
	nm := make([]float64, n)
	err = parallel.For(ctx, n, rowBlock, threads, func(lo, hi int) {
		row := make([]float64, n)
		for i := lo; i < hi; i++ {
			for j := range row {
				row[j] = shift
			}
			yi := y.RawRowView(i)
			for c := 0; c < k; c++ {
				floats.AddScaled(row, yi[c], yt.RawRowView(c))
			}
			xi := x.row(i)
			var sc, sn float64
			for j, v := range row {
				v = max(v, 0)
				d := v - xi[j]
				sc += d * d
				sn += v * v
				xi[j] = v
			}
			ch[i], nm[i] = sc, sn
		}
	}, nil)
	for i := range ch {
		change += ch[i]
		norm += nm[i]
	}
	return change, norm, err
}

// orthonormalize replaces the tall matrix z by the thin Q factor of its
// Householder QR factorisation (LAPACK's dgeqrf and dorgqr).
func orthonormalize(z *mat.Dense) {
	_, c := z.Dims()
	a := z.RawMatrix()
	tau := make([]float64, c)
	work := make([]float64, 1)
	lapack64.Geqrf(a, tau, work, -1)
	work = make([]float64, int(work[0]))
	lapack64.Geqrf(a, tau, work, len(work))
	lapack64.Orgqr(a, tau, work[:1], -1)
	if need := int(work[0]); need > len(work) {
		work = make([]float64, need)
	}
	lapack64.Orgqr(a, tau, work, len(work))
}

// sumRows returns the sum of x's entries, row by row.
func sumRows(x *symMatrix) float64 {
	s := 0.0
	for i := 0; i < x.n; i++ {
		r := 0.0
		for _, v := range x.row(i) {
			r += v
		}
		s += r
	}
	return s
}
