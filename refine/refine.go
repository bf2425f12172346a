package refine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/parallel"
	"github.com/hulltopics/hull/internal/special"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// The model of the refinement: Alpha is the symmetric Dirichlet parameter
// of each document's topic weights, Beta the pseudo-count added to each
// topic's expected word counts (the defaults of "hull fit --algo gibbs"
// and "--algo vb"); FoldIn E-steps with the starting topics fixed run
// before the first M-step.
const (
	Alpha  = 0.1
	Beta   = 0.01
	FoldIn = 5
)

// DefaultIterations is the most EM iterations of the learners' default
// refinement; DefaultTolerance the mean l1 move of the topics below which
// it stops early (DefaultIterations do not reach it on KOS, NIPS or
// Reuters; it ends a long refinement).
const (
	DefaultIterations = 20
	DefaultTolerance  = 1e-6
)

// Stage is the name of the refinement's stage in timings and progress.
const Stage = "refine"

// Options are the settings of a refinement.
type Options struct {
	// Settings: Threads, Progress (stage Stage, done of Iterations),
	// Log and MaxMemory (checked against EstimateBytes) apply; the
	// refinement draws nothing at random.
	learner.Settings
	// Iterations is the most EM iterations after the FoldIn E-steps: at
	// least 1 for Run; IfNoisy and Always take 0 for no refinement at all
	// (a learner's Refine = 0), and leave the model as it is.
	Iterations int
	// Tolerance stops the iterations once one moves the topics by less
	// than this mean l1 distance; 0 selects DefaultTolerance.
	Tolerance float64
}

// Result is a refinement's outcome.
type Result struct {
	// Topics are the refined topics, K x V, each summing to 1.
	Topics [][]float64
	// Weights is p(z): the expected share of the tokens of each topic.
	Weights []float64
	// Iterations is the number of EM iterations run, Change the topics'
	// mean l1 move in the last one, Converged whether it fell below the
	// tolerance. Changes holds the move of every iteration, in order.
	Iterations int
	Change     float64
	Converged  bool
	Changes    []float64

	st *state
	o  Options // with the tolerance filled in
}

// ErrNoTokens is returned for a corpus without a token.
var ErrNoTokens = errors.New("refine: the corpus has no token")

// ErrNoExplainedTokens is returned for a corpus none of whose tokens is of
// a word of positive weight in a starting topic: the documents say nothing
// of the topics, whose p(z) was 0/0 (NaN) and which all became the same.
var ErrNoExplainedTokens = errors.New("refine: no token of the corpus is of a word of positive weight in a starting topic (the topics explain none of the documents)")

// Run refines topics (K x V over c's vocabulary, each a distribution) on
// the documents of c and returns the result; topics is not modified. It
// returns an error for invalid options, the embedded learner.Settings
// included (a *learner.OptionError naming "refine"), a corpus without a
// token (ErrNoTokens) or none of a word of positive weight in a topic
// (ErrNoExplainedTokens), and rather than a result holding a number that
// is not finite.
func Run(ctx context.Context, c *corpus.Corpus, topics [][]float64, o Options) (*Result, error) {
	if err := check(c, topics, &o); err != nil {
		return nil, err
	}
	if err := o.CheckMemory(fmt.Sprintf("refine: EM for %d documents, %d words and K = %d", c.NumDocs(), c.NumWords(), len(topics)), EstimateBytes(c, len(topics))); err != nil {
		return nil, err
	}
	st := newState(c, topics, o.ThreadCount())
	for range FoldIn {
		if _, err := st.update(ctx, false); err != nil {
			return nil, err
		}
	}
	res := &Result{st: st, o: o}
	for !res.Converged && res.Iterations < o.Iterations {
		o.Progress.Report(Stage, res.Iterations, o.Iterations)
		change, err := st.update(ctx, true)
		if err != nil {
			return nil, err
		}
		res.Iterations++
		res.Change, res.Converged = change, change < o.Tolerance
		res.Changes = append(res.Changes, change)
	}
	o.Logf("%s", res.summary(o.Tolerance))
	o.Progress.Report(Stage, o.Iterations, o.Iterations)
	res.Topics, res.Weights = st.topics()
	// A valid result or an error, never NaN weights with a nil error.
	if !allFinite(res.Weights) || slices.ContainsFunc(res.Topics, func(t []float64) bool { return !allFinite(t) }) {
		return nil, errors.New("refine: the refinement gave topics or topic weights that are not finite numbers")
	}
	return res, nil
}

// summary is the refinement's one log line: how far the topics moved in
// the first and the last iteration, and whether they settled. A line per
// iteration would bury the fit's other lines under 20 of them.
func (r *Result) summary(tol float64) string {
	n, first := r.Iterations, r.Changes[0]
	end := fmt.Sprintf("the tolerance %g not reached", tol)
	if r.Converged {
		end = fmt.Sprintf("converged: below the tolerance %g", tol)
	}
	if n == 1 {
		return fmt.Sprintf("refine: 1 EM iteration: the topics moved by %.3g (mean l1; %s)", first, end)
	}
	return fmt.Sprintf("refine: %d EM iterations: the topics moved by %.3g in the first, %.3g in the last (mean l1; %s)", n, first, r.Change, end)
}

// allFinite reports whether x holds no NaN or infinity.
func allFinite(x []float64) bool {
	return !slices.ContainsFunc(x, func(v float64) bool { return math.IsNaN(v) || math.IsInf(v, 0) })
}

// check validates Run's arguments and fills in the default tolerance.
func check(c *corpus.Corpus, topics [][]float64, o *Options) error {
	if c == nil {
		return errors.New("refine: no corpus (nil)")
	}
	if err := c.Validate(); err != nil {
		return fmt.Errorf("refine: %w", err)
	}
	if err := o.Settings.Validate("refine"); err != nil {
		return err
	}
	switch {
	case len(topics) == 0:
		return errors.New("refine: no topics")
	case o.Iterations < 1:
		return &learner.OptionError{Learner: "refine", Field: "Iterations", Value: o.Iterations, Want: ">= 1"}
	case o.Tolerance < 0 || math.IsNaN(o.Tolerance) || math.IsInf(o.Tolerance, 1):
		return &learner.OptionError{Learner: "refine", Field: "Tolerance", Value: o.Tolerance, Want: "a finite number >= 0 (0: the default)"}
	case c.Tokens() == 0:
		return ErrNoTokens
	}
	if o.Tolerance == 0 {
		o.Tolerance = DefaultTolerance
	}
	explained := make([]bool, c.NumWords())
	for t, row := range topics {
		if len(row) != c.NumWords() {
			return fmt.Errorf("refine: topic %d has %d words, the corpus %d", t, len(row), c.NumWords())
		}
		for w, x := range row {
			if !(x >= 0) || math.IsInf(x, 1) {
				return fmt.Errorf("refine: topic %d has a weight %v: want finite and >= 0", t, x)
			}
			explained[w] = explained[w] || x > 0
		}
	}
	if !slices.ContainsFunc(c.Words, func(w int32) bool { return explained[w] }) {
		return ErrNoExplainedTokens
	}
	return nil
}

// EstimateBytes returns the working memory Run needs for c and k topics,
// the corpus aside (Estimate of c's sizes). c must be non-nil: a nil c
// panics.
func EstimateBytes(c *corpus.Corpus, k int) int64 {
	return Estimate(int64(c.NumWords()), int64(c.NumDocs()), c.NNZ(), int64(k))
}

// Estimate returns the working memory of a refinement of k topics over v
// words on d documents of nnz document-word entries: the word-major copy
// of the counts, its offsets and the document lengths; gamma,
// exp(E[log theta]) and the next gamma (D x K each); the starting topics,
// phi, the next phi and the result's topics (V x K each).
func Estimate(v, d, nnz, k int64) int64 {
	return 8*nnz + 8*v + 8*d + 3*8*d*k + 4*8*v*k
}

// Record sets the refinement's Params of a model: "refine" (the most
// iterations), "refine_tolerance", "refine_iterations" (run),
// "refine_converged" and "refine_change" (the last iteration's move, to
// four significant digits). A nil params records nothing (it cannot hold
// them; the zero Result records its zero figures).
func (r *Result) Record(params map[string]any) {
	if params == nil {
		return
	}
	params["refine"] = r.o.Iterations
	params["refine_tolerance"] = r.o.Tolerance
	params[model.RefineIterationsParam] = r.Iterations
	params["refine_converged"] = r.Converged
	params["refine_change"] = learner.RoundSig(r.Change, 4)
}

// Covariance returns the topic-topic matrix of the refined model: the
// mean over the documents of two or more tokens (each weighing alike, as
// in the anchor paper's Q) of E[theta theta^T] = (gamma gamma^T +
// diag(gamma)) / (g (g + 1)) under the variational posterior
// Dirichlet(gamma), g = sum_k gamma_k. A Result not returned by Run
// (the zero Result) holds no documents: an error.
func (r *Result) Covariance() (*mat.Dense, error) {
	st := r.st
	if st == nil {
		return nil, errors.New("refine: a Result not returned by Run has no documents")
	}
	k := st.k
	a := mat.NewDense(k, k, nil)
	n := 0
	for doc := range st.lens {
		if st.lens[doc] < 2 {
			continue
		}
		n++
		g := st.gamma[doc*k : (doc+1)*k]
		sum := 0.0
		for _, x := range g {
			sum += x
		}
		f := 1 / (sum * (sum + 1))
		for i := 0; i < k; i++ {
			row := a.RawRowView(i)
			floats.AddScaled(row, f*g[i], g)
			row[i] += f * g[i]
		}
	}
	if n == 0 {
		return nil, errors.New("refine: no document has two tokens")
	}
	a.Scale(1/float64(n), a)
	return a, nil
}

// state holds the parameters of the EM between iterations.
type state struct {
	c       *corpus.Corpus
	k       int
	threads int
	// the word-major copy of the counts
	offsets []int64
	docs    []int32
	counts  []int32
	phi     []float64 // V x K, word-major: phi[w*K+k] = p(w | z = k)
	gamma   []float64 // D x K: the documents' variational Dirichlet parameters
	lens    []float64 // n_d
	// The next iteration's arrays, allocated once and swapped with gamma
	// and phi: a fresh D x K and V x K per iteration is most of the
	// refinement's allocation on large corpora.
	e, nextGamma, nextPhi []float64
}

func newState(c *corpus.Corpus, topics [][]float64, threads int) *state {
	v, d, k := c.NumWords(), c.NumDocs(), len(topics)
	st := &state{c: c, k: k, threads: threads}
	st.offsets = make([]int64, v+1)
	for _, w := range c.Words {
		st.offsets[w+1]++
	}
	for w := 0; w < v; w++ {
		st.offsets[w+1] += st.offsets[w]
	}
	st.docs = make([]int32, st.offsets[v])
	st.counts = make([]int32, st.offsets[v])
	next := append([]int64(nil), st.offsets[:v]...)
	st.lens = make([]float64, d)
	for doc := 0; doc < d; doc++ {
		words, counts := c.Doc(doc)
		for q, w := range words {
			st.docs[next[w]] = int32(doc)
			st.counts[next[w]] = counts[q]
			next[w]++
			st.lens[doc] += float64(counts[q])
		}
	}
	st.phi = make([]float64, v*k)
	for m, t := range topics {
		for w, x := range t {
			st.phi[w*k+m] = x
		}
	}
	st.gamma = make([]float64, d*k)
	st.e, st.nextGamma, st.nextPhi = make([]float64, d*k), make([]float64, d*k), make([]float64, v*k)
	for doc := 0; doc < d; doc++ {
		for m := 0; m < k; m++ {
			st.gamma[doc*k+m] = Alpha + st.lens[doc]/float64(k)
		}
	}
	return st
}

// update runs one iteration, the E-step alone unless mstep (see the
// package documentation). Every sum is taken by one goroutine in a fixed
// order, so the result does not depend on the thread count. It returns
// the mean over topics of the l1 distance between the old and the new
// phi_k (0 without the M-step).
func (st *state) update(ctx context.Context, mstep bool) (float64, error) {
	e, err := st.expLogTheta(ctx)
	if err != nil {
		return 0, err
	}
	k := st.k
	newGamma := st.nextGamma
	clear(newGamma)
	err = parallel.For(ctx, len(st.lens), 64, st.threads, func(lo, hi int) {
		var direct []float64 // the shares of the words of a subnormal s, see addShares
		for doc := lo; doc < hi; doc++ {
			ed, acc := e[doc*k:(doc+1)*k], newGamma[doc*k:(doc+1)*k]
			words, counts := st.c.Doc(doc)
			subnormal := false
			for q, w := range words {
				ph := st.phi[int(w)*k : (int(w)+1)*k]
				if s := floats.Dot(ph, ed); s > 0 {
					if f := float64(counts[q]) / s; !math.IsInf(f, 1) {
						floats.AddScaled(acc, f, ph)
						continue
					}
					if !subnormal {
						direct, subnormal = zeros(direct, k), true
					}
					addShares(direct, float64(counts[q]), ph, ed)
				}
			}
			for m := range acc {
				acc[m] = Alpha + acc[m]*ed[m]
			}
			if subnormal {
				floats.Add(acc, direct)
			}
		}
	}, nil)
	if err != nil {
		return 0, err
	}
	if !mstep {
		st.gamma, st.nextGamma = newGamma, st.gamma
		return 0, nil
	}
	newPhi, err := st.mstep(ctx, e)
	if err != nil {
		return 0, err
	}
	change := 0.0
	for w := range len(st.offsets) - 1 {
		row, old := newPhi[w*k:(w+1)*k], st.phi[w*k:(w+1)*k]
		for m := range row {
			change += math.Abs(row[m] - old[m])
		}
	}
	st.gamma, st.nextGamma = newGamma, st.gamma
	st.phi, st.nextPhi = newPhi, st.phi
	return change / float64(k), nil
}

// expLogTheta returns e_dk = exp(psi(gamma_dk) - max_k psi(gamma_dk)),
// D x K: the scale cancels in the responsibilities.
func (st *state) expLogTheta(ctx context.Context) ([]float64, error) {
	k := st.k
	e := st.e
	err := parallel.For(ctx, len(st.lens), 64, st.threads, func(lo, hi int) {
		for doc := lo; doc < hi; doc++ {
			g, ed := st.gamma[doc*k:(doc+1)*k], e[doc*k:(doc+1)*k]
			top := math.Inf(-1)
			for m, x := range g {
				ed[m] = special.Digamma(x)
				top = max(top, ed[m])
			}
			for m := range ed {
				ed[m] = math.Exp(ed[m] - top)
			}
		}
	}, nil)
	return e, err
}

// mstep returns the next phi, word-major, each topic normalised: phi_wk
// ∝ Beta + phi_wk sum_d n_dw e_dk / (sum_j phi_wj e_dj).
func (st *state) mstep(ctx context.Context, e []float64) ([]float64, error) {
	k, v := st.k, len(st.offsets)-1
	newPhi := st.nextPhi
	clear(newPhi)
	err := parallel.For(ctx, v, 64, st.threads, func(lo, hi int) {
		var direct []float64 // the shares of the documents of a subnormal s, see addShares
		for w := lo; w < hi; w++ {
			ph, acc := st.phi[w*k:(w+1)*k], newPhi[w*k:(w+1)*k]
			subnormal := false
			for p := st.offsets[w]; p < st.offsets[w+1]; p++ {
				ed := e[int(st.docs[p])*k : (int(st.docs[p])+1)*k]
				if s := floats.Dot(ph, ed); s > 0 {
					if f := float64(st.counts[p]) / s; !math.IsInf(f, 1) {
						floats.AddScaled(acc, f, ed)
						continue
					}
					if !subnormal {
						direct, subnormal = zeros(direct, k), true
					}
					addShares(direct, float64(st.counts[p]), ph, ed)
				}
			}
			for m := range acc {
				acc[m] = Beta + acc[m]*ph[m]
			}
			if subnormal {
				floats.Add(acc, direct)
			}
		}
	}, nil)
	if err != nil {
		return nil, err
	}
	tot := make([]float64, k)
	for w := 0; w < v; w++ {
		floats.Add(tot, newPhi[w*k:(w+1)*k])
	}
	for w := 0; w < v; w++ {
		floats.Div(newPhi[w*k:(w+1)*k], tot)
	}
	return newPhi, nil
}

// addShares adds to dst count times the responsibilities a_j b_j / sum_i
// a_i b_i of the topics, for a word whose dot product s = sum_i a_i b_i is
// so small (subnormal) that count / s overflows: the E- and M-steps factor
// count / s out, and Inf * 0 gave NaN. The products are taken with a
// scaled by 2^900, exactly, so that their sum is a normal number; a topic
// of a_j b_j = 0 gets nothing. A word of subnormal weight in a starting
// topic (a valid model: 5e-324) reached this.
func addShares(dst []float64, count float64, a, b []float64) {
	const scale = 0x1p900
	s := 0.0
	for j, x := range a {
		if x > 0 && b[j] > 0 {
			s += x * scale * b[j]
		}
	}
	if !(s > 0) || math.IsInf(s, 1) {
		return
	}
	for j, x := range a {
		if x > 0 && b[j] > 0 {
			dst[j] += count * (x * scale * b[j] / s)
		}
	}
}

// zeros returns x, allocated if nil, with its k entries set to 0.
func zeros(x []float64, k int) []float64 {
	if x == nil {
		return make([]float64, k)
	}
	clear(x)
	return x
}

// topics returns the refined topics (K x V) and p(z), the share of the
// tokens each topic explains under the documents' weights.
func (st *state) topics() ([][]float64, []float64) {
	k, v := st.k, len(st.offsets)-1
	out := make([][]float64, k)
	for m := range out {
		out[m] = make([]float64, v)
		for w := 0; w < v; w++ {
			out[m][w] = st.phi[w*k+m]
		}
	}
	// p(z): the expected share of the tokens, sum_d (gamma_dk - Alpha).
	pz := make([]float64, k)
	for doc := range st.lens {
		for m, g := range st.gamma[doc*k : (doc+1)*k] {
			pz[m] += g - Alpha
		}
	}
	total := 0.0
	for _, x := range pz {
		total += x
	}
	for m := range pz {
		pz[m] /= total
	}
	return out, pz
}
