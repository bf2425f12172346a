package lda

import (
	"context"
	"fmt"
	"math"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/options"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
)

// Init selects the starting point of a learner.
type Init string

// The initialisations.
const (
	// InitRandom starts from random topic assignments (Gibbs) or random
	// topics (VB).
	InitRandom Init = "random"
	// InitAnchor starts from the topics of an anchor-word model (package
	// anchor), as STM does (Roberts, Stewart and Tingley, "Navigating the
	// local modes of big data", 2016): see the package documentation.
	InitAnchor Init = "anchor"
)

// Defaults shared by the learners.
const (
	// DefaultAlphaPerTopic is the default initial alpha_k: AlphaSum
	// defaults to 0.1 K, the default of package infer (and alpha_k = 0.1,
	// package synth's).
	DefaultAlphaPerTopic = 0.1
	// DefaultBeta is the default topic-word smoothing beta (Gibbs) and
	// eta (VB): MALLET's 0.01.
	DefaultBeta = 0.01
)

// Defaults of GibbsOptions.
const (
	DefaultGibbsIterations = 1000
	DefaultSavedStates     = 10
	DefaultLogEvery        = 10
	DefaultSnapshotEvery   = 50
	// DefaultGibbsShards is the default number of shards: 1,
	// exact collapsed Gibbs sampling on one goroutine (see the package
	// documentation for what more shards trade).
	DefaultGibbsShards = 1
	// MaxGibbsShards bounds Shards. A sweep runs Shards steps, each a
	// barrier and an O(Shards K) merge of the topic totals, and visits
	// every document once per step, recounting its topics (O(n_d)): its
	// time grows with the shards, about linearly beyond a few dozen, and
	// shards beyond Threads sample nothing more at once (measured in
	// docs/BENCHMARKS.md, "Gibbs sampling in shards"). 256 leaves room for
	// the largest machines' cores.
	MaxGibbsShards = 256
	// maxOptimizeBurnIn is MALLET's default burn-in before the first
	// hyperparameter optimisation.
	maxOptimizeBurnIn = 200
)

// Progress stages of Gibbs: GibbsStage counts the sweeps; GibbsInitStage
// counts the documents whose initial topics are drawn from an initial
// model (InitAnchor), each after VB inference of its topic weights.
const (
	GibbsStage     = "gibbs"
	GibbsInitStage = "gibbs-init"
)

// GibbsOptions are the parameters of the collapsed Gibbs sampler. The zero
// value of each field selects its documented default.
type GibbsOptions struct {
	// Settings are the run settings. The seed drives every random choice.
	// Threads is the number of goroutines that sample the Shards (and
	// draw the initial topics and sum the log likelihood); as for every
	// learner the model does not depend on it.
	// The memory bound applies to Gibbs.EstimateBytes (EstimateGibbsBytes,
	// plus the histograms of OptimizeInterval).
	// Log, unless LogLikelihood is set, receives the log likelihood as
	// lines "gibbs sweep 10: log likelihood per token -7.1234". Progress
	// receives the sweeps done under GibbsStage (and, with InitAnchor, the
	// anchor fit's stages and the documents under GibbsInitStage).
	learner.Settings
	// Shards is the number P of contiguous shards of documents, and of
	// groups of words, the sweeps run over, at most one per document;
	// default DefaultGibbsShards, 1: exact collapsed Gibbs sampling. With
	// more, a sweep is P steps, each sampling P blocks of documents and
	// words at once, up to Threads of them in parallel, against the shared
	// topic-word counts and their own copies of the topic totals: an
	// approximation that samples the same posterior in practice (see the
	// package documentation). The chain depends on Shards, never on
	// Threads: the same corpus, options and seed give a bit-identical
	// model on any machine. At most MaxGibbsShards, whose documentation
	// says what each shard costs a sweep.
	Shards int
	// Iterations is the number of sweeps over all tokens; default 1000.
	Iterations int
	// BurnIn is the number of sweeps before the first saved state;
	// default Iterations/2. It must be below Iterations.
	BurnIn int
	// SaveEvery is the number of sweeps between saved states, counted
	// back from the last sweep: states are saved at sweeps Iterations,
	// Iterations - SaveEvery, ... down to the first after BurnIn, and the
	// topics are the average of their estimates. Default (Iterations -
	// BurnIn) / 10, at least 1: 10 states 50 sweeps apart with the
	// defaults (the setup of Bansal et al. 2014; Arora et al. 2013 saved
	// 10 states 100 apart after 1000 of burn-in).
	SaveEvery int
	// AlphaSum is the initial total concentration sum_k alpha_k of the
	// symmetric Dirichlet prior of the documents' topic weights (alpha_k
	// = AlphaSum/K, as MALLET's --alpha); 0 selects 0.1 K at Fit. alpha
	// is optimised (and becomes asymmetric) when OptimizeInterval is
	// positive.
	AlphaSum float64
	// Beta is the symmetric Dirichlet parameter of the topics; default
	// 0.01. It is optimised when OptimizeInterval is positive.
	Beta float64
	// OptimizeInterval, if positive, optimises alpha (asymmetric) and
	// beta (symmetric) every OptimizeInterval sweeps after
	// OptimizeBurnIn, as MALLET's --optimize-interval. 0 (default): off.
	// An interval that divides no sweep after OptimizeBurnIn, up to
	// Iterations, is refused: it would change nothing.
	OptimizeInterval int
	// OptimizeBurnIn is the number of sweeps before the first
	// optimisation; default min(200, BurnIn/2) (MALLET's 200, lowered for
	// short runs so that alpha settles before the first saved state).
	OptimizeBurnIn int
	// Init selects the initial topic assignments: InitRandom (default)
	// or InitAnchor.
	Init Init
	// InitModel, with InitAnchor, supplies the topics to start from
	// instead of an anchor fit: any model of K topics on the corpus's
	// vocabulary (e.g. one fitted once and shared by several runs).
	InitModel *model.Model
	// LogEvery is the number of sweeps between evaluations of the log
	// likelihood; default 10 (as MALLET). The last sweep is always
	// evaluated.
	LogEvery int
	// LogLikelihood, if non-nil, receives log p(w, z) per token after
	// every LogEvery-th sweep (see the package documentation), instead
	// of Settings.Log.
	LogLikelihood func(iteration int, perToken float64)
	// Snapshot, if non-nil, receives after every SnapshotEvery-th sweep a
	// model of the current state alone (no averaging), e.g. to follow the
	// held-out perplexity. It runs on the sampler's goroutine, between
	// sweeps (its time counts in the stage times), and may keep the
	// model.
	Snapshot func(iteration int, m *model.Model)
	// SnapshotEvery is the number of sweeps between snapshots; default 50.
	SnapshotEvery int
}

// Gibbs learns LDA by collapsed Gibbs sampling. Create it with NewGibbs;
// the zero value is the learner NewGibbs(GibbsOptions{}) makes.
type Gibbs struct {
	opts GibbsOptions
	made bool // by NewGibbs; see ready
}

// ready returns l, or for a Gibbs declared rather than made by NewGibbs the one
// NewGibbs(GibbsOptions{}) makes: the zero value fits with the defaults.
func (l *Gibbs) ready() *Gibbs {
	return options.Made(l, l.made, func() (*Gibbs, error) { return NewGibbs(GibbsOptions{}) })
}

var _ learner.Learner = (*Gibbs)(nil)

// NewGibbs validates opts, fills in defaults and returns a Gibbs learner.
func NewGibbs(opts GibbsOptions) (*Gibbs, error) {
	o := opts
	if o.Iterations == 0 {
		o.Iterations = DefaultGibbsIterations
	}
	if o.BurnIn == 0 {
		o.BurnIn = o.Iterations / 2
	}
	if o.SaveEvery == 0 {
		o.SaveEvery = max(1, (o.Iterations-o.BurnIn)/DefaultSavedStates)
	}
	if o.Beta == 0 {
		o.Beta = DefaultBeta
	}
	if o.OptimizeBurnIn == 0 {
		o.OptimizeBurnIn = min(maxOptimizeBurnIn, o.BurnIn/2)
	}
	if o.Init == "" {
		o.Init = InitRandom
	}
	if o.LogEvery == 0 {
		o.LogEvery = DefaultLogEvery
	}
	if o.SnapshotEvery == 0 {
		o.SnapshotEvery = DefaultSnapshotEvery
	}
	if o.Shards == 0 {
		o.Shards = DefaultGibbsShards
	}
	bad := func(field string, value any, want string) error {
		return &learner.OptionError{Learner: "gibbs", Field: field, Value: value, Want: want}
	}
	switch {
	case o.Shards < 0 || o.Shards > MaxGibbsShards:
		return nil, bad("Shards", o.Shards, fmt.Sprintf("in [0, %d] (0: the default, %d): a sweep visits every document once per shard, so its time grows with the shards (on KOS a sweep is 17 times slower with 256 than with 1), and more shards than threads sample nothing more at once",
			MaxGibbsShards, DefaultGibbsShards))
	case o.Iterations < 0:
		return nil, bad("Iterations", o.Iterations, ">= 0 (0: 1000)")
	case o.BurnIn < 0 || o.BurnIn >= o.Iterations:
		return nil, bad("BurnIn", o.BurnIn, fmt.Sprintf("in [0, %d), below the iterations", o.Iterations))
	case o.SaveEvery < 0:
		return nil, bad("SaveEvery", o.SaveEvery, fmt.Sprintf(">= 0 (0: the default, %d states after the burn-in)", DefaultSavedStates))
	case !(o.AlphaSum >= 0 && o.AlphaSum <= MaxPrior):
		return nil, bad("AlphaSum", o.AlphaSum, fmt.Sprintf("positive, at most %g (0: 0.1 K)", MaxPrior))
	case !(o.Beta > 0 && o.Beta <= MaxPrior):
		return nil, bad("Beta", o.Beta, fmt.Sprintf("positive, at most %g", MaxPrior))
	case o.OptimizeInterval < 0:
		return nil, bad("OptimizeInterval", o.OptimizeInterval, ">= 0 (0: off)")
	case o.OptimizeBurnIn < 0:
		return nil, bad("OptimizeBurnIn", o.OptimizeBurnIn, ">= 0")
	case o.OptimizeInterval > 0 && o.OptimizeBurnIn >= o.Iterations:
		return nil, bad("OptimizeBurnIn", o.OptimizeBurnIn, fmt.Sprintf("below the %d iterations with OptimizeInterval set: no sweep follows it", o.Iterations))
	case o.OptimizeInterval > 0 && !optimizes(o):
		// Refused, not ignored: the option would change nothing.
		return nil, bad("OptimizeInterval", o.OptimizeInterval, fmt.Sprintf("dividing one of the %d sweeps after the first %d (the optimisation's burn-in), or 0: it divides none, so it would optimise nothing", o.Iterations, o.OptimizeBurnIn))
	case o.LogEvery < 0:
		return nil, bad("LogEvery", o.LogEvery, fmt.Sprintf(">= 0 (0: the default, %d)", DefaultLogEvery))
	case o.SnapshotEvery < 0:
		return nil, bad("SnapshotEvery", o.SnapshotEvery, fmt.Sprintf(">= 0 (0: the default, %d)", DefaultSnapshotEvery))
	}
	if err := o.Settings.Validate("gibbs"); err != nil {
		return nil, err
	}
	if err := checkInit("gibbs", o.Init, o.InitModel); err != nil {
		return nil, err
	}
	return &Gibbs{opts: o, made: true}, nil
}

// Options returns the learner's options with defaults filled in.
func (g *Gibbs) Options() GibbsOptions { return g.ready().opts }

func positiveFinite(x float64) bool { return x > 0 && !math.IsInf(x, 1) }

// MaxPrior bounds the Dirichlet priors (AlphaSum, Beta, Eta): a prior
// worth more pseudo-counts per word than any corpus holds tokens means
// nothing, and a finite one near the float64 range overflowed V x Beta
// into NaN topics with no error.
const MaxPrior = 1e6

// checkInit validates Init and InitModel of the learner name. InitAnchor
// without InitModel needs the anchor learner registered.
func checkInit(name string, init Init, m *model.Model) error {
	switch init {
	case InitRandom:
		if m != nil {
			return &learner.OptionError{Learner: name, Field: "Init", Value: init, Want: "InitAnchor when InitModel is set"}
		}
	case InitAnchor:
		if m == nil {
			if _, err := learner.Lookup(anchorLearner); err != nil {
				return anchorMissing(err)
			}
		}
	default:
		return &learner.OptionError{Learner: name, Field: "Init", Value: init, Want: "random or anchor"}
	}
	return nil
}

// EstimateBytes returns the working memory Fit needs for c and k topics
// with the learner's options: EstimateGibbsBytes, plus with
// OptimizeInterval the histograms of the optimisation. It makes the
// learner a learner.Estimator.
func (l *Gibbs) EstimateBytes(c *corpus.Corpus, k int) int64 {
	l = l.ready()
	return l.opts.estimateBytes(c, k)
}

// optimizes reports whether some sweep it of 1 to Iterations optimises
// the hyperparameters: it > OptimizeBurnIn and a multiple of
// OptimizeInterval (positive).
func optimizes(o GibbsOptions) bool {
	first := o.OptimizeBurnIn - o.OptimizeBurnIn%o.OptimizeInterval + o.OptimizeInterval
	return first > 0 && first <= o.Iterations
}

// estimateBytes is EstimateGibbsBytes plus, when o optimises the
// hyperparameters, what the optimisation holds: each sweep's nonzero
// document-topic counts, at most sum_d min(N_d, K), kept by the shards
// (8 bytes each, up to twice that with the slack of their growth) and
// copied to be sorted (8), counted as 20 bytes; the documents' lengths (4
// bytes, twice) and a histogram of the topic-word counts (8 bytes per
// count up to the largest word frequency). At K = 1000 over 2,000,000
// tokens in documents of 20, where the bound is reached, the
// optimisation's heap was 46 MB, 23 bytes per count; with K = 10 over
// documents of 86 words it is lower, as fewer topics hold a document.
func (o GibbsOptions) estimateBytes(c *corpus.Corpus, k int) int64 {
	n := EstimateGibbsBytes(c, k, o.Shards)
	if o.OptimizeInterval == 0 {
		return n
	}
	var pairs, maxFreq int64
	for d := range c.NumDocs() {
		pairs += min(int64(c.DocLen(d)), int64(k))
	}
	for _, f := range c.WordCounts() {
		maxFreq = max(maxFreq, f)
	}
	return n + 20*pairs + 8*int64(c.NumDocs()) + 8*(maxFreq+1)
}

// EstimateGibbsBytes returns the working memory Fit needs for c, k topics
// and the given number of shards (GibbsOptions.Shards; 0 for
// DefaultGibbsShards): the token topics (2 bytes each for K <= 65536) and
// the first token of each document (8 bytes), the sparse topic-word
// counts (4 or 8 bytes per nonzero, shared by the shards) with their
// offsets per word, the sum of the saved states, which the model's topics
// reuse (8 bytes per topic-word pair), and O(K) per shard. The corpus
// itself is not counted, nor, with InitAnchor, the anchor fit, which
// checks its own estimate before it allocates.
func EstimateGibbsBytes(c *corpus.Corpus, k, shards int) int64 {
	tokens := c.Tokens()
	zBytes, eBytes := int64(2), int64(4)
	if k > 1<<16 {
		zBytes = 4
	}
	var entries, maxFreq int64
	for _, n := range c.WordCounts() {
		entries += min(int64(k), n)
		maxFreq = max(maxFreq, n)
	}
	if !fitsUint32(k, maxFreq) {
		eBytes = 8
	}
	p := int64(shardCount(c, shards))
	v := int64(c.NumWords())
	return zBytes*tokens + 8*int64(c.NumDocs()) + eBytes*entries + 8*v + 8*int64(k)*v + p*int64(k)*44
}

// shardCount returns the number of shards of c for the option
// Shards: at most one per document.
func shardCount(c *corpus.Corpus, shards int) int {
	if shards == 0 {
		shards = DefaultGibbsShards
	}
	return max(1, min(shards, c.NumDocs()))
}

// Fit learns k topics from c by collapsed Gibbs sampling. It fails for k <
// 1, a corpus with no token, an InitModel that does not match c and k (on
// another vocabulary: an error wrapping model.ErrVocabMismatch), with a
// *learner.MemoryError when EstimateBytes exceeds MaxMemory, and with
// ctx.Err() when ctx is done first (checked between batches of documents).
func (g *Gibbs) Fit(ctx context.Context, c *corpus.Corpus, k int) (*model.Model, error) {
	g = g.ready()
	if err := learner.CheckCorpus(c); err != nil {
		return nil, err
	}
	o := g.opts
	if k < 1 || k > MaxTopics {
		return nil, fmt.Errorf("lda: K = %d topics, want 1 to %d", k, MaxTopics)
	}
	if c.Tokens() == 0 {
		return nil, fmt.Errorf("lda: the corpus has no token")
	}
	if err := o.Settings.CheckMemorySuggest(fmt.Sprintf("lda: Gibbs sampling of %d tokens, %d words and K = %d on %d shards", c.Tokens(), c.NumWords(), k, shardCount(c, o.Shards)),
		o.estimateBytes(c, k), "reduce the tokens (prune the vocabulary, or sample the documents), the vocabulary or K"); err != nil {
		return nil, err
	}
	f := &gibbsFit{o: &o, c: c, k: k}
	pre, err := initStages(o.Init, c, k, o.InitModel, o.Settings, &f.init)
	if err != nil {
		return nil, err
	}
	var maxFreq int64
	for _, n := range c.WordCounts() {
		maxFreq = max(maxFreq, n)
	}
	small := k <= 1<<16
	narrow := fitsUint32(k, maxFreq)
	switch {
	case small && narrow:
		return runChain[uint16, uint32](ctx, f, pre)
	case small:
		return runChain[uint16, uint64](ctx, f, pre)
	case narrow:
		return runChain[uint32, uint32](ctx, f, pre)
	default:
		return runChain[uint32, uint64](ctx, f, pre)
	}
}

// gibbsFit holds what one Fit call shares between its stages.
type gibbsFit struct {
	o    *GibbsOptions
	c    *corpus.Corpus
	k    int
	init *model.Model // the starting model of InitAnchor; nil for InitRandom
}
