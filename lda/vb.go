package lda

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/internal/docinfer"
	"github.com/hulltopics/hull/internal/options"
	"github.com/hulltopics/hull/internal/parallel"
	"github.com/hulltopics/hull/internal/special"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"gonum.org/v1/gonum/floats"
)

// AlphaMode selects how the variational learner estimates alpha.
type AlphaMode string

// The alpha estimates of VB.
const (
	// AlphaSymmetric estimates one alpha_k shared by all topics by
	// Newton's method, as lda-c ("estimate").
	AlphaSymmetric AlphaMode = "symmetric"
	// AlphaAsymmetric estimates every alpha_k by Minka's fixed point.
	AlphaAsymmetric AlphaMode = "asymmetric"
	// AlphaFixed keeps the initial symmetric alpha (lda-c's "fixed").
	AlphaFixed AlphaMode = "fixed"
)

// Defaults of VBOptions.
const (
	DefaultVBIterations = 100
	// DefaultVBTolerance is lda-c's EM convergence threshold on the
	// relative change of the bound.
	DefaultVBTolerance = 1e-4
	// DefaultVBBatchSize is the number of documents of a mini-batch of
	// the online variant.
	DefaultVBBatchSize = 1024
	// DefaultVBKappa is the online variant's forgetting rate kappa, as in
	// Hoffman's onlineldavb example and scikit-learn.
	DefaultVBKappa = 0.7
)

// The schedule of batch variational EM. It explores first: every E-step
// starts from alpha + N/K (a cold start, as lda-c) and runs to the loose
// tolerance VBExploreTolerance (VBFirstTolerance in the first
// VBFirstIterations, whose topics are nearly random), until an EM
// iteration raises the bound by less than the fraction VBWarmChange. It then refines: every E-step
// starts from the document's parameters of the previous iteration (a
// warm start) and the tolerance tightens tenfold every
// VBTolerancePassesPerDecade iterations down to EStepTolerance. EM is
// declared converged only at that tolerance.
const (
	VBFirstIterations          = 2
	VBFirstTolerance           = 0.03
	VBExploreTolerance         = 0.01
	VBWarmChange               = 1e-3
	VBTolerancePassesPerDecade = 2
)

// VBStage is the progress stage of the EM iterations, in iterations (with
// Online, in mini-batches).
const VBStage = "vb"

// VBOptions are the parameters of the variational learner. The zero value
// of each field selects its documented default.
type VBOptions struct {
	// Settings are the run settings. The seed drives the random
	// initialisation (the only random choice); results do not depend on
	// Threads; the memory bound applies to EstimateVBBytes. Log, unless
	// Bound is set, receives the bound after every E-step as lines "vb
	// iteration 3: bound per token -7.1234". Progress receives the EM
	// iterations done under VBStage (with Online, the mini-batches; and
	// the anchor fit's stages with InitAnchor).
	learner.Settings
	// Iterations is the largest number of EM iterations (with Online,
	// passes over the corpus); default 100.
	Iterations int
	// Tolerance stops EM once the bound improves by less than this
	// fraction in one iteration, with the E-steps at EStepTolerance;
	// default 1e-4 (lda-c's). An iteration whose bound decreases
	// (possible when E-steps stop at their cap) never stops EM.
	Tolerance float64
	// EStepIterations and EStepTolerance bound each document's E-step,
	// as infer.Options' Iterations and Tolerance bound VB inference;
	// defaults infer.DefaultIterations and infer.DefaultTolerance.
	// EStepTolerance is the tolerance the schedule ends at: the early EM
	// iterations use looser ones and start every document afresh, the
	// later ones start from the document's parameters of the previous
	// iteration (see VBExploreTolerance), and EM is not declared
	// converged before it is reached.
	EStepIterations int
	EStepTolerance  float64
	// AlphaSum is the initial total concentration sum_k alpha_k of the
	// symmetric prior of the documents' topic weights (alpha_k =
	// AlphaSum/K); 0 selects 0.1 K at Fit.
	AlphaSum float64
	// AlphaMode selects the estimate of alpha after every M-step:
	// AlphaSymmetric (default, lda-c's), AlphaAsymmetric or AlphaFixed.
	AlphaMode AlphaMode
	// Eta is the parameter of the symmetric Dirichlet prior of the topics
	// (smoothed LDA, Blei et al. 2003, section 5.4); default 0.01.
	Eta float64
	// Init selects the initial topics: InitRandom (default: lda-c's
	// random initialisation) or InitAnchor.
	Init Init
	// InitModel, with InitAnchor, supplies the initial topics instead of
	// an anchor fit.
	InitModel *model.Model
	// Bound, if non-nil, receives the evidence lower bound per token
	// after every E-step, instead of Settings.Log. With Online, it
	// receives after every pass the bound as the pass saw it (see the
	// package documentation).
	Bound func(iteration int, perToken float64)

	// Online selects online variational Bayes (Hoffman, Blei and Bach,
	// "Online learning for latent Dirichlet allocation", NIPS 2010):
	// after the E-steps of each mini-batch of BatchSize documents, lambda
	// moves towards the estimate from that mini-batch alone by the step
	// rho_t = (Tau0 + t)^-Kappa. Iterations then counts passes over the
	// corpus, and the memory holds no per-document parameter.
	Online bool
	// BatchSize is the number of documents of an online mini-batch;
	// default DefaultVBBatchSize.
	BatchSize int
	// Kappa is the online forgetting rate, in (0.5, 1] for the steps to
	// converge; default DefaultVBKappa.
	Kappa float64
	// Tau0 >= 0 slows the first online steps: mini-batch t (from 1)
	// moves lambda by (Tau0 + t)^-Kappa. Zero is a value (the first
	// step replaces the random start), and the default.
	Tau0 float64
}

// VB learns LDA by batch variational EM (Blei, Ng and Jordan 2003), as
// lda-c. Create it with NewVB; the zero value is the learner
// NewVB(VBOptions{}) makes.
type VB struct {
	opts VBOptions
	made bool // by NewVB; see ready
}

// ready returns l, or for a VB declared rather than made by NewVB the one
// NewVB(VBOptions{}) makes: the zero value fits with the defaults.
func (l *VB) ready() *VB {
	return options.Made(l, l.made, func() (*VB, error) { return NewVB(VBOptions{}) })
}

var _ learner.Learner = (*VB)(nil)

// NewVB validates opts, fills in defaults and returns a VB learner.
func NewVB(opts VBOptions) (*VB, error) {
	o := opts
	if o.Iterations == 0 {
		o.Iterations = DefaultVBIterations
	}
	if o.Tolerance == 0 {
		o.Tolerance = DefaultVBTolerance
	}
	if o.EStepIterations == 0 {
		o.EStepIterations = infer.DefaultIterations
	}
	if o.EStepTolerance == 0 {
		o.EStepTolerance = infer.DefaultTolerance
	}
	if o.AlphaMode == "" {
		o.AlphaMode = AlphaSymmetric
	}
	if o.Eta == 0 {
		o.Eta = DefaultBeta
	}
	if o.Init == "" {
		o.Init = InitRandom
	}
	if o.BatchSize == 0 {
		o.BatchSize = DefaultVBBatchSize
	}
	if o.Kappa == 0 {
		o.Kappa = DefaultVBKappa
	}
	bad := func(field string, value any, want string) error {
		return &learner.OptionError{Learner: "vb", Field: field, Value: value, Want: want}
	}
	switch {
	case o.Iterations < 0:
		return nil, bad("Iterations", o.Iterations, fmt.Sprintf(">= 0 (0: the default, %d)", DefaultVBIterations))
	case !positiveFinite(o.Tolerance):
		return nil, bad("Tolerance", o.Tolerance, fmt.Sprintf("a finite number >= 0 (0: the default, %g)", DefaultVBTolerance))
	case o.EStepIterations < 0:
		return nil, bad("EStepIterations", o.EStepIterations, fmt.Sprintf(">= 0 (0: the default, %d)", infer.DefaultIterations))
	case !positiveFinite(o.EStepTolerance):
		return nil, bad("EStepTolerance", o.EStepTolerance, fmt.Sprintf("a finite number >= 0 (0: the default, %g)", infer.DefaultTolerance))
	case !(o.AlphaSum >= 0 && o.AlphaSum <= MaxPrior):
		return nil, bad("AlphaSum", o.AlphaSum, fmt.Sprintf(">= 0, at most %g (0: the default, 0.1 K)", MaxPrior))
	case !(o.Eta > 0 && o.Eta <= MaxPrior):
		return nil, bad("Eta", o.Eta, fmt.Sprintf(">= 0, at most %g (0: the default, %g)", MaxPrior, DefaultBeta))
	case o.BatchSize < 0:
		return nil, bad("BatchSize", o.BatchSize, fmt.Sprintf(">= 0 (0: the default, %d)", DefaultVBBatchSize))
	case !(o.Kappa > 0.5 && o.Kappa <= 1):
		return nil, bad("Kappa", o.Kappa, fmt.Sprintf("in (0.5, 1] (0: the default, %v)", DefaultVBKappa))
	case !(o.Tau0 >= 0) || math.IsInf(o.Tau0, 1):
		return nil, bad("Tau0", o.Tau0, ">= 0 and finite")
	}
	switch o.AlphaMode {
	case AlphaSymmetric, AlphaAsymmetric, AlphaFixed:
	default:
		return nil, bad("AlphaMode", o.AlphaMode, "symmetric, asymmetric or fixed")
	}
	if err := o.Settings.Validate("vb"); err != nil {
		return nil, err
	}
	if err := checkInit("vb", o.Init, o.InitModel); err != nil {
		return nil, err
	}
	return &VB{opts: o, made: true}, nil
}

// Options returns the learner's options with defaults filled in.
func (l *VB) Options() VBOptions { return l.ready().opts }

// EstimateBytes returns the working memory Fit needs for c and k topics
// with the learner's options: EstimateVBBytes, or EstimateOnlineVBBytes for the online variant. It makes the
// learner a learner.Estimator.
func (l *VB) EstimateBytes(c *corpus.Corpus, k int) int64 {
	l = l.ready()
	if l.opts.Online {
		return EstimateOnlineVBBytes(c, k, l.opts.Threads, l.opts.BatchSize)
	}
	return EstimateVBBytes(c, k, l.opts.Threads)
}

// MaxTopics is the most topics Gibbs and VB fit: 2^24, far above any use,
// and low enough that their memory estimates (K times the words and the
// documents) cannot overflow and let an impossible fit through.
const MaxTopics = 1 << 24

// EstimateVBBytes returns the working memory of a batch VB fit of c with
// k topics on threads goroutines: four V x K matrices (the variational
// parameters lambda, exp(E[log beta]) word-major, the expected counts and
// the model), two D x K matrices (gamma and exp(E[log theta])) and an
// offset per document, the word-major copy of the counts (8 bytes per
// nonzero), two values per word and the per-block partial sums.
func EstimateVBBytes(c *corpus.Corpus, k, threads int) int64 {
	kv := int64(k) * int64(c.NumWords())
	d := int64(c.NumDocs())
	return 4*8*kv + 2*8*d*int64(k) + 8*d + 8*c.NNZ() + vbWorkBytes(c, k, threads, d)
}

// vbWorkBytes returns the bytes of VB's vectors per word (live, 1 byte,
// and the word-major offsets, 8), its partial sums per block of vbGrain
// of the n documents at once (8 K + 24) and its workspaces per goroutine.
func vbWorkBytes(c *corpus.Corpus, k, threads int, n int64) int64 {
	kk := int64(k)
	return 9*int64(c.NumWords()) + (8*kk+24)*(n/vbGrain+1) + int64(parallel.Threads(threads))*3*8*kk
}

// EstimateOnlineVBBytes returns the working memory of an online VB fit
// (VBOptions.Online) of c with k topics, mini-batches of batchSize
// documents (0: DefaultVBBatchSize) and threads goroutines: the four V x
// K matrices of the batch fit, but per-document state for one mini-batch
// only (two s x K matrices for mini-batches of s documents, and the
// word-major counts of the largest mini-batch, 8 bytes per nonzero:
// counted as the mean nonzeros of s documents plus four standard
// deviations of their sum), the order of the documents and the vectors of
// the batch fit.
func EstimateOnlineVBBytes(c *corpus.Corpus, k, threads, batchSize int) int64 {
	if batchSize == 0 {
		batchSize = DefaultVBBatchSize
	}
	d := int64(max(1, c.NumDocs()))
	perPass := (d + int64(batchSize) - 1) / int64(batchSize)
	s := (d + perPass - 1) / perPass // the largest mini-batch
	kv := int64(k) * int64(c.NumWords())
	mean := float64(c.NNZ()) / float64(d)
	variance := 0.0
	for i := range c.NumDocs() {
		x := float64(c.Offsets[i+1]-c.Offsets[i]) - mean
		variance += x * x / float64(d)
	}
	nnz := min(c.NNZ(), int64(float64(s)*mean+4*math.Sqrt(variance*float64(s))))
	return 4*8*kv + 2*8*s*int64(k) + 8*s + 8*nnz + 4*d + vbWorkBytes(c, k, threads, s)
}

// vbGrain is the fixed block of documents or words of the parallel loops
// whose partial sums are added in block order, so that the result does
// not depend on the threads.
const vbGrain = 64

// Fit learns k topics from c by variational EM (or online variational
// Bayes with Online). It fails for k < 1, a corpus with no token, an
// InitModel that does not match c and k (on another vocabulary: an error
// wrapping model.ErrVocabMismatch), with a *learner.MemoryError when
// EstimateVBBytes (EstimateOnlineVBBytes) exceeds MaxMemory, and with
// ctx.Err() when ctx is done first.
func (l *VB) Fit(ctx context.Context, c *corpus.Corpus, k int) (*model.Model, error) {
	l = l.ready()
	if err := learner.CheckCorpus(c); err != nil {
		return nil, err
	}
	o := l.opts
	if k < 1 || k > MaxTopics {
		return nil, fmt.Errorf("lda: K = %d topics, want 1 to %d", k, MaxTopics)
	}
	tokens := c.Tokens()
	if tokens == 0 {
		return nil, fmt.Errorf("lda: the corpus has no token")
	}
	what := fmt.Sprintf("lda: variational EM on %d documents, %d words and K = %d", c.NumDocs(), c.NumWords(), k)
	need := EstimateVBBytes(c, k, o.Threads)
	if o.Online {
		what = fmt.Sprintf("lda: online variational Bayes on %d documents, %d words and K = %d", c.NumDocs(), c.NumWords(), k)
		need = EstimateOnlineVBBytes(c, k, o.Threads, o.BatchSize)
	}
	if err := o.Settings.CheckMemory(what, need); err != nil {
		return nil, err
	}
	var init *model.Model
	pre, err := initStages(o.Init, c, k, o.InitModel, o.Settings, &init)
	if err != nil {
		return nil, err
	}
	var e *em
	var m *model.Model
	timings, err := learner.RunStages(ctx, append(pre,
		learner.Stage{Name: "init", Run: func(context.Context) error {
			e = newEM(c, k, &o)
			e.initLambda(init)
			return nil
		}},
		learner.Stage{Name: "em", Run: func(ctx context.Context) error {
			if o.Online {
				return e.runOnline(ctx)
			}
			return e.run(ctx)
		}},
		learner.Stage{Name: "topics", Run: func(context.Context) error {
			m = e.model()
			return nil
		}},
	))
	if err != nil {
		return nil, err
	}
	m.Provenance = o.Settings.Provenance(c, timings)
	return m, nil
}

// run alternates E- and M-steps until the bound converges or Iterations.
func (e *em) run(ctx context.Context) error {
	o := e.o
	prev := math.Inf(-1)
	o.Progress.Report(VBStage, 0, o.Iterations)
	for e.iterations < o.Iterations && !e.converged {
		e.iterations++
		bound, err := e.eStep(ctx)
		if err != nil {
			return err
		}
		perToken := bound / float64(e.tokens)
		e.last = perToken
		if o.Bound != nil {
			o.Bound(e.iterations, perToken)
		} else {
			o.Settings.Logf("vb iteration %d: bound per token %.4f", e.iterations, perToken)
		}
		if e.iterations > 1 {
			// Converged once the bound has settled with the E-steps at
			// their final tolerance.
			change := (bound - prev) / math.Abs(prev)
			e.converged = change >= 0 && change < o.Tolerance && e.tolerance <= o.EStepTolerance
			if e.warmFrom == 0 && change >= 0 && change < e.warmAt {
				e.warmFrom = e.iterations + 1
			}
		}
		prev = bound
		e.mStep()
		o.Progress.Report(VBStage, e.iterations, o.Iterations)
	}
	if e.iterations < o.Iterations {
		o.Progress.Report(VBStage, o.Iterations, o.Iterations)
	}
	return nil
}

// em is the state of variational EM, batch or online.
type em struct {
	o      *VBOptions
	c      *corpus.Corpus
	k, v   int
	tokens int64
	// Word-major copy of the counts: word w occurs in documents
	// wmDoc[wmStart[w]:wmStart[w+1]] with counts wmCount[...]. Online,
	// those of the current mini-batch, wmDoc holding positions in it.
	wmStart []int64
	wmDoc   []int32
	wmCount []int32

	alpha  []float64
	lambda []float64        // V x K, word-major: lambda_kw = eta + expected counts
	topics *docinfer.Topics // exp(E[log beta]), word-major, for the E-step
	live   []bool           // live[w]: word w has positive weight in some topic
	tTerm  float64          // the bound's topic terms for lambda

	// Per document (online: per position in the mini-batch).
	gamma   []float64 // D x K
	expElog []float64 // D x K: exp(E[log theta_dk] - max_j E[log theta_dj])
	offset  []float64 // D: max_j E[log theta_dj]

	stats     []float64 // V x K, word-major: expected counts of the last E-step
	ss        []float64 // sum_d E[log theta_dk] of the last E-step
	used      int       // documents with a token in the last E-step
	updates   float64   // mean E-step updates per document in the last E-step (online: pass)
	tolerance float64   // the E-step tolerance of the last E-step
	warmFrom  int       // the first EM iteration whose E-steps start from the previous gamma; 0: not yet
	explore   float64   // VBExploreTolerance
	warmAt    float64   // VBWarmChange
	first     float64   // VBFirstTolerance

	iterations int     // EM iterations (online: passes) run
	steps      int     // online: mini-batches done
	converged  bool    // whether the bound converged
	last       float64 // the bound per token after the last E-step (online: pass)
}

func newEM(c *corpus.Corpus, k int, o *VBOptions) *em {
	e := &em{o: o, c: c, k: k, v: c.NumWords(), tokens: c.Tokens()}
	e.alpha = initialAlpha(o.AlphaSum, k)
	e.stats = make([]float64, e.v*k)
	e.ss = make([]float64, k)
	e.lambda = make([]float64, k*e.v)
	e.topics = &docinfer.Topics{K: k, V: e.v, W: make([]float64, e.v*k)}
	e.live = make([]bool, e.v)
	e.first, e.explore, e.warmAt = VBFirstTolerance, VBExploreTolerance, VBWarmChange
	e.wmStart = make([]int64, e.v+1)
	n := c.NumDocs()
	if o.Online {
		n = min(n, o.BatchSize)
	} else {
		e.wmDoc = make([]int32, len(c.Words))
		e.wmCount = make([]int32, len(c.Words))
		e.index(nil)
	}
	e.gamma = make([]float64, n*k)
	e.expElog = make([]float64, n*k)
	e.offset = make([]float64, n)
	return e
}

// index sets the word-major copy of the counts of the documents docs (nil:
// the corpus; else the mini-batch, by position), by counting sort:
// documents stay in order.
func (e *em) index(docs []int32) {
	clear(e.wmStart)
	n := e.c.NumDocs()
	if docs != nil {
		n = len(docs)
	}
	doc := func(i int) int {
		if docs == nil {
			return i
		}
		return int(docs[i])
	}
	for i := range n {
		words, _ := e.c.Doc(doc(i))
		for _, w := range words {
			e.wmStart[w+1]++
		}
	}
	for w := range e.v {
		e.wmStart[w+1] += e.wmStart[w]
	}
	nnz := e.wmStart[e.v]
	if int64(cap(e.wmDoc)) < nnz {
		e.wmDoc = make([]int32, nnz)
		e.wmCount = make([]int32, nnz)
	}
	e.wmDoc, e.wmCount = e.wmDoc[:nnz], e.wmCount[:nnz]
	for i := range n {
		words, counts := e.c.Doc(doc(i))
		for q, w := range words {
			at := e.wmStart[w]
			e.wmDoc[at] = int32(i)
			e.wmCount[at] = counts[q]
			e.wmStart[w]++
		}
	}
	// wmStart[w] now holds the end of word w: shift back.
	copy(e.wmStart[1:], e.wmStart[:e.v])
	e.wmStart[0] = 0
}

// passTolerance returns the E-step tolerance of EM iteration i: the
// first iterations', then the exploring tolerance until warm starts
// begin, then tenfold tighter every VBTolerancePassesPerDecade iterations
// down to EStepTolerance.
func (e *em) passTolerance(i int) float64 {
	if i <= VBFirstIterations {
		return max(e.o.EStepTolerance, e.first)
	}
	if e.warmFrom == 0 || i < e.warmFrom {
		return max(e.o.EStepTolerance, e.explore)
	}
	return max(e.o.EStepTolerance, e.explore*math.Pow(10, -float64(i-e.warmFrom+1)/VBTolerancePassesPerDecade))
}

// initLambda sets the initial variational topics: lambda_k = eta + n_k
// beta0_k, beta0_k being init's topic k (n_k its share of the tokens by
// init's topic weights, or N/K) or, for a random start, lda-c's random
// topics, 1/V + U(0, 1) per word normalised (with n_k = N/K).
func (e *em) initLambda(init *model.Model) {
	k, v := e.k, e.v
	n := float64(e.tokens)
	rng := rand.New(rand.NewPCG(e.o.Seed^initStream, 0x7662)) // "vb"
	row := make([]float64, v)
	for t := range k {
		share := n / float64(k)
		if init != nil {
			copy(row, init.Topics[t])
			if len(init.TopicWeights) == k {
				share = n * ((1-0.01)*init.TopicWeights[t] + 0.01/float64(k))
			}
		} else {
			for w := range row {
				row[w] = 1/float64(v) + rng.Float64()
			}
		}
		normalise(row)
		for w, x := range row {
			e.lambda[w*k+t] = e.o.Eta + share*x
		}
	}
	e.setTopics(true)
}

// setTopics computes exp(E[log beta]) from lambda, word-major, and, with
// terms, the bound's topic terms
//
//	sum_k [lgamma(V eta) - V lgamma(eta) - lgamma(sum_w lambda_kw)
//	       + sum_w lgamma(lambda_kw) + (eta - lambda_kw) E[log beta_kw]].
func (e *em) setTopics(terms bool) {
	k, v, eta := e.k, e.v, e.o.Eta
	psiSum := e.topicSums()
	tsums := make([]float64, k)
	for t, s := range psiSum {
		psiSum[t] = special.Digamma(s)
		tsums[t] = lgamma(float64(v)*eta) - float64(v)*lgamma(eta) - lgamma(s)
	}
	blocks := make([]float64, (v+vbGrain-1)/vbGrain)
	parallel.For(context.Background(), v, vbGrain, e.o.Threads, func(lo, hi int) {
		s := 0.0
		for w := lo; w < hi; w++ {
			dst := e.topics.W[w*k : (w+1)*k]
			live := false
			for t, l := range e.lambda[w*k : (w+1)*k] {
				elog := special.Digamma(l) - psiSum[t]
				dst[t] = math.Exp(elog)
				live = live || dst[t] > 0
				if terms {
					s += lgamma(l) + (eta-l)*elog
				}
			}
			e.live[w] = live
		}
		blocks[lo/vbGrain] = s
	}, nil)
	if !terms {
		return
	}
	e.tTerm = floats.Sum(tsums) + floats.Sum(blocks)
}

// eStep runs the E-step of every document (vbWork.document, to the
// tolerance of the schedule, warm-started from the previous iteration's
// gamma from e.warmFrom on) and the expected counts, and returns the
// evidence lower bound at the documents' variational parameters and the
// current lambda.
func (e *em) eStep(ctx context.Context) (float64, error) {
	tol := e.passTolerance(e.iterations)
	e.tolerance = tol
	docTerms, err := e.eStepDocs(ctx, nil, tol, e.warmFrom > 0 && e.iterations >= e.warmFrom)
	if err != nil {
		return 0, err
	}
	wordTerms, err := e.expectedCounts(ctx)
	if err != nil {
		return 0, err
	}
	return e.tTerm + docTerms + wordTerms, nil
}

// eStepDocs runs the E-steps of the documents docs (nil: all; else those
// of a mini-batch, stored by position) to tolerance tol, warm-started
// when warm; it sets gamma, expElog, offset, ss, used and updates (the
// mean per document), and returns the bound's document terms
//
//	sum_d [lgamma(sum alpha) - sum_k lgamma(alpha_k) - lgamma(sum gamma_d)
//	       + sum_k (lgamma(gamma_dk) + (alpha_k - gamma_dk) E[log theta_dk])].
func (e *em) eStepDocs(ctx context.Context, docs []int32, tol float64, warm bool) (float64, error) {
	k := e.k
	n := e.c.NumDocs()
	if docs != nil {
		n = len(docs)
	}
	sumAlpha, lgAlpha := 0.0, 0.0
	for _, a := range e.alpha {
		sumAlpha += a
		lgAlpha += lgamma(a)
	}
	docBlocks := make([]float64, (n+vbGrain-1)/vbGrain)
	ssBlocks := make([]float64, len(docBlocks)*k)
	usedBlocks := make([]int, len(docBlocks))
	updBlocks := make([]int, len(docBlocks))
	newWork := func() *vbWork { return newVBWork(k) }
	err := parallel.ForWith(ctx, n, vbGrain, e.o.Threads, newWork, func(ws *vbWork, lo, hi int) {
		b := lo / vbGrain
		ss := ssBlocks[b*k : (b+1)*k]
		bound := 0.0
		for i := lo; i < hi; i++ {
			d := i
			if docs != nil {
				d = int(docs[i])
			}
			words, counts := e.c.Doc(d)
			gamma := e.gamma[i*k : (i+1)*k]
			u := ws.document(e.topics, e.live, words, counts, e.alpha, e.o.EStepIterations, tol, gamma, warm)
			updBlocks[b] += u
			ee := e.expElog[i*k : (i+1)*k]
			if u == 0 {
				clear(ee)
				continue
			}
			usedBlocks[b]++
			gSum := floats.Sum(gamma)
			psiSum := special.Digamma(gSum)
			bound += lgamma(sumAlpha) - lgAlpha - lgamma(gSum)
			for j, g := range gamma {
				el := ws.psi[j] - psiSum
				ss[j] += el
				bound += (e.alpha[j]-g)*el + lgamma(g)
			}
			copy(ee, ws.e)
			e.offset[i] = ws.top - psiSum
		}
		docBlocks[b] = bound
	}, nil)
	if err != nil {
		return 0, err
	}
	clear(e.ss)
	bound := 0.0
	e.used, e.updates = 0, 0
	for b := range docBlocks {
		bound += docBlocks[b]
		e.used += usedBlocks[b]
		e.updates += float64(updBlocks[b])
		for j := range k {
			e.ss[j] += ssBlocks[b*k+j]
		}
	}
	if e.used > 0 {
		e.updates /= float64(e.used)
	}
	return bound, nil
}

// expectedCounts sets e.stats to the expected counts sum_d c_dw phi_dwk of
// every word, from the documents' exp(E[log theta]) in e.expElog, word by
// word from the word-major copy (so that every sum is taken in a fixed
// order), and returns the bound's terms sum_dw c_dw log sum_k exp(E[log
// theta_dk] + E[log beta_kw]).
func (e *em) expectedCounts(ctx context.Context) (float64, error) {
	k, v := e.k, e.v
	wordBlocks := make([]float64, (v+vbGrain-1)/vbGrain)
	err := parallel.For(ctx, v, vbGrain, e.o.Threads, func(lo, hi int) {
		s := 0.0
		for w := lo; w < hi; w++ {
			acc := e.stats[w*k : (w+1)*k]
			clear(acc)
			if e.wmStart[w] == e.wmStart[w+1] {
				continue
			}
			row := e.topics.Word(int32(w))
			for i := e.wmStart[w]; i < e.wmStart[w+1]; i++ {
				d := int(e.wmDoc[i])
				ee := e.expElog[d*k : (d+1)*k]
				dot := floats.Dot(ee, row)
				if !(dot > 0) {
					continue
				}
				cnt := float64(e.wmCount[i])
				floats.AddScaled(acc, cnt/dot, ee)
				s += cnt * (e.offset[d] + math.Log(dot))
			}
			floats.Mul(acc, row)
		}
		wordBlocks[lo/vbGrain] = s
	}, nil)
	return floats.Sum(wordBlocks), err
}

// topicSums returns sum_w lambda_kw for every topic k, summed in word
// order.
func (e *em) topicSums() []float64 {
	sums := make([]float64, e.k)
	for w := range e.v {
		floats.Add(sums, e.lambda[w*e.k:(w+1)*e.k])
	}
	return sums
}

// mStep sets lambda = eta + the expected counts, then estimates alpha.
func (e *em) mStep() {
	for i, s := range e.stats {
		e.lambda[i] = e.o.Eta + s
	}
	e.setTopics(true)
	if next := e.alphaEstimate(); next != nil {
		copy(e.alpha, next)
	}
}

// alphaEstimate returns the estimate of alpha of AlphaMode from e.ss and
// e.used (nil for AlphaFixed or when no document was used); an estimate
// that is not positive and finite keeps the current value.
func (e *em) alphaEstimate() []float64 {
	if e.used == 0 {
		return nil
	}
	next := slices.Clone(e.alpha)
	switch e.o.AlphaMode {
	case AlphaSymmetric:
		a := symmetricAlphaNewton(floats.Sum(e.ss), e.used, e.k)
		if positiveFinite(a) {
			for j := range next {
				next[j] = a
			}
		}
	case AlphaAsymmetric:
		mean := make([]float64, e.k)
		for j, s := range e.ss {
			mean[j] = s / float64(e.used)
		}
		for j, a := range asymmetricAlphaFixedPoint(e.alpha, mean) {
			if positiveFinite(a) {
				next[j] = a
			}
		}
	default:
		return nil
	}
	return next
}

// model returns the posterior-mean topics lambda_k / sum_w lambda_kw.
// Their weights are the expected counts of the last E-step (online: lambda
// less eta).
func (e *em) model() *model.Model {
	k, v := e.k, e.v
	topics := make([][]float64, k)
	weights := make([]float64, k)
	for t := range topics {
		topics[t] = make([]float64, v)
		for w := range v {
			topics[t][w] = e.lambda[w*k+t]
		}
		normalise(topics[t])
	}
	if e.o.Online {
		for t, s := range e.topicSums() {
			weights[t] = s - float64(v)*e.o.Eta
		}
	} else {
		for w := range v {
			for t := range k {
				weights[t] += e.stats[w*k+t]
			}
		}
	}
	normalise(weights)
	params := map[string]any{
		"iterations":             e.o.Iterations,
		"iterations_run":         e.iterations,
		"converged":              e.converged,
		"tolerance":              e.o.Tolerance,
		"bound_per_token":        e.last,
		"init":                   string(e.o.Init),
		"alpha_mode":             string(e.o.AlphaMode),
		"alpha_sum_init":         sum(initialAlpha(e.o.AlphaSum, k)),
		"eta":                    e.o.Eta,
		"e_step_iterations":      e.o.EStepIterations,
		"e_step_tolerance":       e.o.EStepTolerance,
		"e_step_tolerance_start": max(e.o.EStepTolerance, e.first),
		"warm_from":              e.warmRun(),
		"mean_e_step_updates":    math.Round(e.updates*10) / 10,
		"online":                 e.o.Online,
	}
	if e.o.Online {
		params["batch_size"] = e.o.BatchSize
		params["kappa"] = e.o.Kappa
		params["tau0"] = e.o.Tau0
		params["mini_batches"] = e.steps
	}
	return &model.Model{
		Algorithm:    "vb",
		Params:       params,
		K:            k,
		Vocab:        e.c.Vocab,
		Topics:       topics,
		Alpha:        slices.Clone(e.alpha),
		TopicWeights: weights,
	}
}

// warmRun returns the first warm iteration that ran, or 0: the bound can
// settle at the last iteration, which sets warmFrom past the run.
func (e *em) warmRun() int {
	if e.warmFrom > e.iterations {
		return 0
	}
	return e.warmFrom
}
