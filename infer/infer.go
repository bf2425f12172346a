package infer

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/docinfer"
	"github.com/hulltopics/hull/internal/parallel"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"

	"gonum.org/v1/gonum/floats"
)

// Method is an inference algorithm.
type Method string

// The inference methods.
const (
	VB    Method = "vb"    // variational Bayes, the E-step of LDA
	Gibbs Method = "gibbs" // collapsed Gibbs sampling with the topics fixed
)

// Defaults of Options.
const (
	DefaultIterations = 100
	DefaultTolerance  = 1e-5
	// DefaultConcentrationPerTopic is the default total concentration
	// sum_k alpha_k of AlphaFor divided by K: the prior is worth 0.1 K
	// pseudo-tokens.
	DefaultConcentrationPerTopic = 0.1
)

// Stage is the progress stage Infer reports, in documents.
const Stage = "infer"

// Options are the parameters of Infer. The zero value of each field
// selects its documented default.
type Options struct {
	// Method is VB (default) or Gibbs.
	Method Method
	// Alpha holds the K Dirichlet parameters of the documents' topic
	// weights, all positive; nil selects AlphaFor(m, 0).
	Alpha []float64
	// Iterations is, for VB, the maximum number of updates of gamma per
	// document and, for Gibbs, the number of sweeps over the document's
	// tokens. Default 100.
	Iterations int
	// BurnIn is the number of Gibbs sweeps discarded before theta is
	// averaged; default Iterations/2 (50 with the default Iterations).
	// It must be below Iterations. VB ignores it.
	BurnIn int
	// Tolerance stops VB for a document once the mean absolute change of
	// gamma's entries in one update is below it; default 1e-5 (gamma is
	// on the scale of token counts, so this is far below one token).
	// Gibbs ignores it.
	Tolerance float64
	// Seed seeds Gibbs sampling: document d draws from a random stream of
	// its own derived from Seed and d, so its result does not depend on
	// the other documents or Threads. VB is deterministic and ignores it.
	Seed uint64
	// Threads is the number of goroutines; 0 means one per CPU. Results
	// do not depend on it.
	Threads int
	// Progress, if non-nil, receives the number of documents done under
	// the stage Stage.
	Progress learner.Progress
}

// withDefaults fills in defaults and validates o (but not Alpha).
func (o Options) withDefaults() (Options, error) {
	if o.Method == "" {
		o.Method = VB
	}
	if o.Iterations == 0 {
		o.Iterations = DefaultIterations
	}
	if o.BurnIn == 0 {
		o.BurnIn = o.Iterations / 2
	}
	if o.Tolerance == 0 {
		o.Tolerance = DefaultTolerance
	}
	switch {
	case o.Method != VB && o.Method != Gibbs:
		return o, fmt.Errorf("infer: unknown method %q (want vb or gibbs)", o.Method)
	case o.Iterations < 0:
		return o, fmt.Errorf("infer: Iterations = %d, want > 0", o.Iterations)
	case o.Method == Gibbs && (o.BurnIn < 0 || o.BurnIn >= o.Iterations):
		return o, fmt.Errorf("infer: BurnIn = %d with %d sweeps, want 0 <= BurnIn < Iterations", o.BurnIn, o.Iterations)
	case !(o.Tolerance > 0):
		return o, fmt.Errorf("infer: Tolerance = %v, want > 0", o.Tolerance)
	case o.Threads < 0:
		return o, fmt.Errorf("infer: Threads = %d, want >= 0", o.Threads)
	}
	return o, nil
}

// checkAlpha returns an error unless alpha holds k positive finite values.
func checkAlpha(alpha []float64, k int) error {
	if len(alpha) != k {
		return fmt.Errorf("infer: %d alpha values for K = %d topics", len(alpha), k)
	}
	for j, a := range alpha {
		if !(a > 0) || math.IsInf(a, 1) {
			return fmt.Errorf("infer: alpha of topic %d is %v, want positive and finite", j, a)
		}
	}
	if s := floats.Sum(alpha); math.IsInf(s, 1) {
		// The posterior normalizes by the sum: every weight came out 0.
		return fmt.Errorf("infer: the alpha values sum to %v, want a finite sum", s)
	}
	return nil
}

// topicWeightFloor is the share of the uniform distribution mixed into
// a model's topic weights p(z) by AlphaFor, so that no alpha_k is 0.
const topicWeightFloor = 0.01

// AlphaFor returns the Dirichlet parameters of the topic weights of m's
// documents with total concentration sum_k alpha_k = total:
//
//   - If m has Alpha, its shape: m.Alpha scaled to sum to total, or m.Alpha
//     itself when total <= 0 or NaN.
//   - Else, if m has TopicWeights p(z) (the anchor learners estimate them;
//     they give alpha up to scale, Arora et al. 2013, section 3), alpha_k
//     = total * ((1 - 0.01) p(z)_k + 0.01/K): p(z) with 1% of the uniform
//     distribution mixed in so that no alpha_k is 0.
//   - Else symmetric: alpha_k = total / K.
//
// total <= 0, or NaN, selects the default 0.1 K
// (DefaultConcentrationPerTopic). It makes a model with uniform or unknown
// p(z) get the symmetric alpha_k = 0.1 under which package synth
// generates documents and which is the customary value for LDA; it keeps
// the prior below one topic per token (alpha_k < 1 favours documents about
// few topics) and worth only 0.1 K pseudo-tokens (2 for K = 20), small
// beside documents of tens or hundreds of tokens, so the data decide the
// weights. Scaling the total with K keeps the prior's per-topic strength
// the same whatever K. A model without topics (nil, or K < 1) gets nil.
func AlphaFor(m *model.Model, total float64) []float64 {
	if m == nil || m.K < 1 {
		return nil
	}
	k := m.K
	if len(m.Alpha) == k && !(total > 0) {
		return append([]float64(nil), m.Alpha...)
	}
	if !(total > 0) { // NaN too: no total to scale to
		total = DefaultConcentrationPerTopic * float64(k)
	}
	shape := make([]float64, k)
	switch {
	case len(m.Alpha) == k && positiveSum(m.Alpha) > 0:
		copy(shape, m.Alpha)
	case len(m.TopicWeights) == k && positiveSum(m.TopicWeights) > 0:
		s := positiveSum(m.TopicWeights)
		for j, p := range m.TopicWeights {
			if !(p > 0) || math.IsInf(p, 1) {
				p = 0
			}
			shape[j] = (1-topicWeightFloor)*p/s + topicWeightFloor/float64(k)
		}
	default:
		for j := range shape {
			shape[j] = 1
		}
	}
	docinfer.Normalise(shape)
	for j := range shape {
		shape[j] *= total
	}
	return shape
}

// positiveSum returns the sum of the positive finite entries of x.
func positiveSum(x []float64) float64 {
	s := 0.0
	for _, v := range x {
		if v > 0 && !math.IsInf(v, 1) {
			s += v
		}
	}
	return s
}

// grain is the number of documents handed to a goroutine at a time.
const grain = 16

// Infer returns the topic weights of every document of c under the fixed
// topics of m: D rows of K weights, each summing to 1. VB gives the
// posterior mean of the variational Dirichlet, gamma / sum(gamma); Gibbs
// the average posterior mean over the sampled topic assignments. An empty
// document (or one whose words all have zero weight in every topic) gets
// alpha normalised, the prior mean.
//
// c must be on m's vocabulary: the same words in the same order (use
// corpus.Align, or Document for one document of words). Infer returns an
// error wrapping model.ErrVocabMismatch if it is not, an error if m's
// topics are malformed or o is invalid, and ctx.Err() if ctx is done first.
// Documents are processed in parallel; results do not depend on
// o.Threads.
func Infer(ctx context.Context, m *model.Model, c *corpus.Corpus, o Options) ([][]float64, error) {
	if c == nil {
		return nil, errors.New("infer: no corpus (nil)")
	}
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("infer: %w", err)
	}
	p, err := prepare(m, o)
	if err != nil {
		return nil, err
	}
	if err := m.CheckVocab(c.Vocab); err != nil {
		return nil, fmt.Errorf("infer: %w", err)
	}
	if p.o.Method == Gibbs {
		d, n := c.LongestDoc()
		if err := docinfer.CheckDocTokens(d, n, "Gibbs inference"); err != nil {
			return nil, fmt.Errorf("infer: %w", err)
		}
	}
	k, numDocs := m.K, c.NumDocs()
	theta := make([][]float64, numDocs)
	flat := make([]float64, numDocs*k)
	for d := range theta {
		theta[d] = flat[d*k : (d+1)*k : (d+1)*k]
	}
	p.o.Progress.Report(Stage, 0, numDocs)
	// Workers are reused across blocks; their content never carries over
	// from one document to the next.
	err = parallel.ForWith(ctx, numDocs, grain, p.o.Threads, p.newWorker, func(wk *worker, lo, hi int) {
		for d := lo; d < hi; d++ {
			words, counts := c.Doc(d)
			p.document(wk, d, words, counts, theta[d])
		}
	}, func(done int) { p.o.Progress.Report(Stage, done, numDocs) })
	if err != nil {
		return nil, err
	}
	return theta, nil
}

// prepared holds what the inference of any document under a model needs:
// the options with their defaults, alpha and the topics arranged word by
// word. It is read-only once made, shared by concurrent documents.
type prepared struct {
	o     Options
	alpha []float64
	t     *docinfer.Topics
	vb    docinfer.VBSettings
}

// prepare checks m (model.Validate) and o and arranges m's topics:
// O(K V).
func prepare(m *model.Model, o Options) (*prepared, error) {
	// Topics that are no distributions (a row summing to 2, a NaN) were
	// taken, and gave a better perplexity than the valid model.
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("infer: %w", err)
	}
	o, err := o.withDefaults()
	if err != nil {
		return nil, err
	}
	alpha := o.Alpha
	if alpha == nil {
		alpha = AlphaFor(m, 0)
	}
	if err := checkAlpha(alpha, m.K); err != nil {
		return nil, err
	}
	t, err := docinfer.NewTopics(m.Topics)
	if err != nil {
		return nil, fmt.Errorf("infer: %w", err)
	}
	if t.V != len(m.Vocab) {
		return nil, fmt.Errorf("infer: model has %d words but topics of %d", len(m.Vocab), t.V)
	}
	return &prepared{o: o, alpha: alpha, t: t, vb: docinfer.VBSettings{MaxIter: o.Iterations, Tolerance: o.Tolerance}}, nil
}

// worker is the scratch memory of one goroutine's documents.
type worker struct {
	ws  *docinfer.Workspace
	src *rand.PCG
	rng *rand.Rand
}

func (p *prepared) newWorker() *worker {
	src := rand.NewPCG(0, 0)
	return &worker{ws: docinfer.NewWorkspace(p.t.K), src: src, rng: rand.New(src)}
}

// document writes to theta the topic weights of document d, its sorted
// distinct words and their counts; d seeds Gibbs's random stream.
func (p *prepared) document(wk *worker, d int, words, counts []int32, theta []float64) {
	switch p.o.Method {
	case VB:
		docinfer.VBDocument(p.t, words, counts, p.alpha, p.vb, theta, wk.ws)
		docinfer.Normalise(theta)
	case Gibbs:
		wk.src.Seed(docinfer.DocSeed(p.o.Seed, d))
		docinfer.GibbsDocument(p.t, words, counts, p.alpha, p.o.Iterations, p.o.BurnIn, wk.rng, theta, wk.ws)
	}
}
