package projection

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/options"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/refine"
)

// Method is the novel-word detection of a fit; it is also the model's
// Algorithm and the "hull fit --algo" name.
type Method string

// The three detections of the paper's section 4.1.
const (
	RP      Method = "rp"      // random projections, Algorithm 2
	DDP     Method = "ddp"     // data-dependent projections, Algorithm 1 (agnostic form, section 6.1)
	Binning Method = "binning" // random projections with binning, Algorithm 3
)

// Defaults of the Options fields (see the package documentation for their
// sources).
const (
	// DefaultProjectionsPerTopic is P/K for RP: P = 50 K random
	// directions.
	DefaultProjectionsPerTopic = 50
	// DefaultMinHitsFraction sets RP's default MinHits: a word must be hit
	// by at least this fraction of the 2P/K hits a topic's novel words
	// receive on average (5 hits with the default P), and by 2.
	DefaultMinHitsFraction = 0.05
	// DefaultFar is DDP's |J_i| as a fraction of the other candidates:
	// each word is compared with the farthest half of them.
	DefaultFar = 0.5
	// DefaultTopFraction is DDP's default cut: the words scoring at least
	// half the K-th highest score are declared novel.
	DefaultTopFraction = 0.5
	// DefaultBinsPerTopic is B/K for Binning: B = 50 K bins, as many
	// random directions as RP's.
	DefaultBinsPerTopic = 50
	// DefaultMinBinDocs caps the default B so that each bin holds at least
	// this many documents (B <= D / 20).
	DefaultMinBinDocs = 20
	// DefaultThresholdFraction sets the default clustering threshold d/2
	// as a fraction of the typical distance between novel words of
	// different topics (see Options.Threshold).
	DefaultThresholdFraction = 0.25
	// DefaultTolerance is the KKT-gap tolerance of each word's solve in
	// Algorithm 5 (the value of RecoverL2).
	DefaultTolerance = 1e-5
	// DefaultMaxIter bounds the exponentiated-gradient iterations per word.
	DefaultMaxIter = 1000
	// RaisedMinDFFraction is the candidate floor of the second fit, as a
	// fraction of the documents, when the automatic floor's topics are
	// noisy (see Options.NoRaise): on KOS, NIPS and Reuters it gives the
	// three methods distinct topics where the automatic floor collapses
	// them (docs/BENCHMARKS.md, "Every geometric learner on real text").
	RaisedMinDFFraction = 0.1
)

// Options are the parameters of the projection learners. The zero value of
// each field selects its documented default.
type Options struct {
	// Settings are the run settings. The seed drives the split, the random
	// directions and the bins (the only random choices); results do not
	// depend on Threads; the memory bound applies to EstimateBytes and to
	// the distances between the novel words.
	learner.Settings
	// Auto refines the topics by EM when they are noisy (package refine;
	// the zero value never does, the registered default of "hull fit"
	// does), after the raised floor's second fit (NoRaise).
	refine.Auto
	// Method selects the novel-word detection; default RP.
	Method Method
	// MinDF is the least number of documents a word must occur in to be
	// a novel-word candidate: rare words have noisy, spiky rows that look
	// like extreme points. 0 selects corpus.AutoMinDF(D) (1% of the
	// documents, at least 5 and at most 100), lowered as far as needed
	// when fewer than K words pass it; 1 lets every word (of both halves)
	// be a candidate, as the paper does (the floor is hull's addition).
	MinDF int
	// NoRaise keeps the fit at the automatic floor whatever its topics.
	// Without it, when MinDF is 0 and the topics are noisy
	// (learner.TopicsNoisy) or one dominates (learner.DominantWeight: a
	// weight above 0.3 and 3 / K), the signs of rare words taken as novel
	// on real text (on KOS, K = 20, RP and Binning give the largest topic
	// 0.44 and 0.71 of the weight, the dominant topic of 70% and 83% of the
	// documents), Fit fits again with the floor at RaisedMinDFFraction
	// of the documents and keeps that fit (Params["min_df_chosen"] =
	// "raised", the first fit's figures beside it as paper_*). Planted
	// topics are distinct and keep the first fit; so does a raised floor
	// that leaves fewer than K candidates.
	NoRaise bool
	// Projections is RP's number of random directions P; default
	// DefaultProjectionsPerTopic * K.
	Projections int
	// Cooccurrence makes RP project the rows of E = D X~' X~^T (points of
	// R^V) instead of the rows of X~ (points of R^D, Algorithm 2 as
	// printed); see the package documentation.
	Cooccurrence bool
	// MinHits is the least number of projections (as argmax or argmin)
	// that must hit a word for RP to declare it novel. 0 selects
	// max(2, ceil(DefaultMinHitsFraction 2P/K)), lowered as far as needed
	// to keep K words; 1 is Algorithm 2 as printed, which keeps every word
	// hit (the floor is hull's addition; see the package documentation,
	// Departures, for its effect).
	MinHits int
	// Bins is Binning's number of bins B; default min(DefaultBinsPerTopic
	// K, D / DefaultMinBinDocs), at least 1 and at most the number of
	// documents.
	Bins int
	// Far is DDP's |J_i|, the number of candidates each word is compared
	// with (the farthest ones), as a fraction of the other candidates, in
	// (0, 1]; default DefaultFar.
	Far float64
	// Top is the number of words DDP declares novel (the highest scores),
	// at most the number of candidates; 0 selects the K highest and every
	// other word scoring at least TopFraction times the K-th highest.
	Top int
	// TopFraction is the fraction of the K-th highest DDP score a word
	// must reach to be declared novel when Top is 0; default
	// DefaultTopFraction.
	TopFraction float64
	// Threshold is d/2, the distance at or below which two novel words are
	// joined by an edge of the clustering graph (Algorithm 4) and within
	// which the selection of Algorithm 3 skips a word, on the scale of
	// dist(i, j) = E_ii - E_ij - E_ji + E_jj. 0 selects ThresholdFraction
	// times the median, over the K novel words of largest weight, of the
	// distance to the farthest novel word.
	Threshold float64
	// ThresholdFraction is the fraction of the automatic threshold;
	// default DefaultThresholdFraction. With Threshold set, binning
	// ignores it, while rp's and ddp's spectral clustering, when the
	// threshold graph does not give K groups, still scales its affinities
	// by it.
	ThresholdFraction float64
	// Tolerance is the KKT-gap tolerance of each word's simplex solve in
	// Algorithm 5 (the objective is scaled so that it is relative);
	// default DefaultTolerance.
	Tolerance float64
	// MaxIter bounds the exponentiated-gradient iterations per word;
	// default DefaultMaxIter.
	MaxIter int
}

// Learner learns topics by novel words found with projections. Create it
// with New; the zero value is the learner New(Options{}) makes.
type Learner struct {
	opts Options
	made bool // by New; see ready
}

// ready returns l, or for a Learner declared rather than made by New the one
// New(Options{}) makes: the zero value fits with the defaults.
func (l *Learner) ready() *Learner {
	return options.Made(l, l.made, func() (*Learner, error) { return New(Options{}) })
}

var _ learner.Learner = (*Learner)(nil)

// New validates opts, fills in the defaults that do not depend on K or the
// corpus and returns a Learner. An option out of range gives a
// *learner.OptionError naming the field and, as the learner, the method
// ("rp", "ddp" or "binning"; "projection" for an unknown Method).
func New(opts Options) (*Learner, error) {
	if opts.Method == "" {
		opts.Method = RP
	}
	if opts.Far == 0 {
		opts.Far = DefaultFar
	}
	if opts.TopFraction == 0 {
		opts.TopFraction = DefaultTopFraction
	}
	if opts.ThresholdFraction == 0 {
		opts.ThresholdFraction = DefaultThresholdFraction
	}
	if opts.Tolerance == 0 {
		opts.Tolerance = DefaultTolerance
	}
	if opts.MaxIter == 0 {
		opts.MaxIter = DefaultMaxIter
	}
	finite := func(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
	if opts.Method != RP && opts.Method != DDP && opts.Method != Binning {
		return nil, &learner.OptionError{Learner: "projection", Field: "Method", Value: opts.Method, Want: "rp, ddp or binning"}
	}
	name := string(opts.Method) // the registered name
	bad := func(field string, value any, want string) error {
		return &learner.OptionError{Learner: name, Field: field, Value: value, Want: want}
	}
	switch {
	case opts.MinDF < 0:
		return nil, bad("MinDF", opts.MinDF, ">= 0")
	case opts.Projections < 0:
		return nil, bad("Projections", opts.Projections, ">= 0")
	case opts.MinHits < 0:
		return nil, bad("MinHits", opts.MinHits, ">= 0")
	case opts.Bins < 0:
		return nil, bad("Bins", opts.Bins, ">= 0")
	case !(opts.Far > 0 && opts.Far <= 1):
		return nil, bad("Far", opts.Far, fmt.Sprintf("in [0, 1] (0: the default, %g)", DefaultFar))
	case opts.Top < 0:
		return nil, bad("Top", opts.Top, ">= 0")
	case !(opts.TopFraction > 0 && opts.TopFraction <= 1):
		return nil, bad("TopFraction", opts.TopFraction, fmt.Sprintf("a fraction in [0, 1] of the K-th highest score (0: the default, %g; above 1 it would keep the K highest, as 1 does)", DefaultTopFraction))
	case !(opts.Threshold >= 0) || !finite(opts.Threshold):
		return nil, bad("Threshold", opts.Threshold, "a finite number >= 0")
	case !(opts.ThresholdFraction > 0) || !finite(opts.ThresholdFraction):
		return nil, bad("ThresholdFraction", opts.ThresholdFraction, fmt.Sprintf("a finite number >= 0 (0: the default, %g)", DefaultThresholdFraction))
	case !(opts.Tolerance > 0) || !finite(opts.Tolerance):
		return nil, bad("Tolerance", opts.Tolerance, fmt.Sprintf("a finite number >= 0 (0: the default, %g)", DefaultTolerance))
	case opts.MaxIter < 0:
		return nil, bad("MaxIter", opts.MaxIter, fmt.Sprintf(">= 0 (0: the default, %d)", DefaultMaxIter))
	}
	if err := opts.Auto.Validate(name); err != nil {
		return nil, err
	}
	if err := opts.Settings.Validate(name); err != nil {
		return nil, err
	}
	return &Learner{opts: opts, made: true}, nil
}

// Options returns the learner's options with the defaults that do not
// depend on K filled in.
func (l *Learner) Options() Options { return l.ready().opts }

// checkK refuses the options that cannot fit k topics whatever the
// corpus: DDP's Top, the novel words declared, below K, one per topic at
// least (refused after every word was scored). The registry's CheckK.
func (o *Options) checkK(k int) error {
	if o.Method == DDP && o.Top > 0 && o.Top < k {
		return &learner.OptionError{Learner: string(o.Method), Field: "Top", Value: o.Top,
			Want: fmt.Sprintf(">= K = %d novel words, one per topic at least (0: those scoring at least TopFraction of the K-th highest)", k)}
	}
	return nil
}

// withK returns o with the defaults that depend on k and on c filled in.
func (o Options) withK(c *corpus.Corpus, k int) Options {
	if o.Projections == 0 {
		o.Projections = DefaultProjectionsPerTopic * k
	}
	if o.Bins == 0 {
		o.Bins = min(DefaultBinsPerTopic*k, c.NumDocs()/DefaultMinBinDocs)
	}
	o.Bins = max(1, min(o.Bins, c.NumDocs()))
	return o
}

// minHits returns RP's hit floor for k topics: MinHits or its default.
func (o Options) minHits(k int) int {
	if o.MinHits > 0 {
		return o.MinHits
	}
	return max(2, int(math.Ceil(DefaultMinHitsFraction*float64(2*o.Projections)/float64(k))))
}

// rpBlock is the number of random directions RP projects on at a time.
func rpBlock(docs int) int { return max(1, min(64, (8<<20)/max(1, docs))) }

// EstimateBytes returns the working memory Fit needs for c and k topics
// with the learner's options: the package's EstimateBytes. It makes the
// learner a learner.Estimator.
func (l *Learner) EstimateBytes(c *corpus.Corpus, k int) int64 {
	return EstimateBytes(c, k, l.ready().opts)
}

// EstimateBytes returns the working memory Fit needs for c and k topics
// with opts, the corpus aside. The split keeps the tokens of half one (4
// bytes per nonzero) and X~ and X~' (12 bytes per nonzero of either half:
// a nonzero of count n lands in both halves with probability 1 -
// 2^(1-n), about), a few vectors per document and per word; beside them,
// the peak is the largest of: the split's second transpose (12 bytes per
// nonzero of half two) with each goroutine's tokens of a document (8
// bytes per token of the longest, the slice grown by append), the
// detection's buffers (RP: one block of
// directions, the documents' projections and the words', and X~^T with
// Cooccurrence; DDP: the candidates' rows of both halves by document and
// four candidate-length rows per goroutine; Binning: per-goroutine
// accumulators), the clustering's (the novel words' rows by document and
// the s x s matrices of their distances, two, or four with the spectral
// fallback of RP and DDP; s is at most 2P/MinHits for RP, B for Binning,
// Top for DDP or a guess of 5K when Top is 0: Fit checks again with the
// words found) and the topics' (the representatives' rows over the
// documents, D x K twice, and four V x K matrices). A word's rows are
// counted with the average nonzeros of a candidate (those in at least
// MinDF documents).
func EstimateBytes(c *corpus.Corpus, k int, opts Options) int64 {
	o := opts.withK(c, k)
	v, d, nnz, kk, th := int64(c.NumWords()), int64(c.NumDocs()), c.NNZ(), int64(k), int64(o.ThreadCount())
	halves := 0.0 // the expected nonzeros of both halves
	for _, n := range c.Counts {
		halves += 2 - math.Ldexp(1, 1-int(n))
	}
	both := int64(halves)
	minDF := o.MinDF
	if minDF == 0 {
		minDF = corpus.AutoMinDF(c.NumDocs())
	}
	var cands, candNNZ int64
	for _, n := range c.DocFreq() {
		if n >= minDF {
			cands, candNNZ = cands+1, candNNZ+int64(n)
		}
	}
	if cands < kk { // Fit lowers the automatic threshold: count every word
		cands, candNNZ = v, nnz
	}
	candRows := both * candNNZ / max(nnz, 1) // the candidates' nonzeros in both halves
	kept := 4*nnz + 12*both + 12*d + 8*8*v
	_, longest := c.LongestDoc()
	split := 6*both + 16*d + 8*int64(longest)*th
	var detect, s int64
	squares := int64(4) // distance matrices of s x s
	switch o.Method {
	case DDP:
		detect = 12*candRows + 16*d + 4*8*cands*th
		s = int64(o.Top)
		if s == 0 {
			s = 5 * kk // a guess; cluster checks again with the words found
		}
	case Binning:
		detect = 20 * v * th
		s, squares = int64(o.Bins), 2
	default:
		dim := d
		if o.Cooccurrence {
			dim = v
			detect = 6*both + 8*d // X~^T
		}
		pb := min(int64(o.Projections), int64(rpBlock(int(max(d, dim)))))
		detect += 8 * pb * (dim + d + v)
		// each novel word takes MinHits of the 2P hits
		s = max(kk, 2*int64(o.Projections)/int64(o.minHits(k)))
	}
	s = min(s, cands)
	cluster := 12*candRows*s/max(cands, 1) + 16*d + squares*8*s*s
	topics := 2*8*d*kk + 4*8*v*kk + 24*v
	return max(kept+max(split, detect, cluster, topics), o.Auto.EstimateBytes(c, k))
}

// Fit learns k topics from c: the split into two halves, the novel words
// (by Options.Method), their clustering into k groups and the topics by
// Algorithm 5; then, unless NoRaise or MinDF is set, the same at a raised
// candidate floor when the topics are noisy (see Options.NoRaise). It
// fails for k < 1 or k > V, when no document has two tokens, when fewer
// than k words pass the candidate threshold or are found novel (these
// three wrapping learner.ErrTooFewWords), and with a *learner.MemoryError when
// EstimateBytes, or then the distances between the novel words, exceed
// MaxMemory.
func (l *Learner) Fit(ctx context.Context, c *corpus.Corpus, k int) (*model.Model, error) {
	l = l.ready()
	if err := learner.CheckCorpus(c); err != nil {
		return nil, err
	}
	if c.NumWords() == 0 || c.NumDocs() == 0 {
		return nil, fmt.Errorf("projection: empty corpus")
	}
	switch {
	case k < 1:
		return nil, fmt.Errorf("projection: K = %d topics: want 1 <= K <= V", k)
	case k > c.NumWords():
		return nil, fmt.Errorf("projection: K = %d topics for %d words: want 1 <= K <= V: %w", k, c.NumWords(), learner.ErrTooFewWords)
	}
	if err := l.opts.checkK(k); err != nil {
		return nil, err
	}
	o := l.opts.withK(c, k)
	// The estimate counts the automatic floor's candidates, a superset of
	// the raised floor's: it covers both fits.
	if err := o.Settings.CheckMemory(fmt.Sprintf("projection: the %s pipeline for %d words, %d documents and K = %d", o.Method, c.NumWords(), c.NumDocs(), k),
		EstimateBytes(c, k, l.opts)); err != nil {
		return nil, err
	}
	m, err := fitOnce(ctx, c, k, o)
	if err == nil && !o.NoRaise && o.MinDF == 0 {
		m, err = raise(ctx, c, k, o, m)
	}
	if err != nil {
		return nil, err
	}
	if err := o.Auto.Apply(ctx, c, m, o.Settings); err != nil {
		return nil, err
	}
	return m, nil
}

// raise judges m, the fit at the automatic floor, and fits again at the
// raised floor when its topics are noisy (Options.NoRaise). The model
// kept records the choice and, when raised, the first fit's figures and
// timings (prefixed "paper ").
func raise(ctx context.Context, c *corpus.Corpus, k int, o Options, m *model.Model) (*model.Model, error) {
	noisy, distinct, pairs := learner.TopicsNoisy(m)
	_, _, largest := learner.TopicsConcentrated(m)
	floor := int(math.Ceil(RaisedMinDFFraction * float64(c.NumDocs())))
	paperFloor, _ := m.Param("min_df")
	dominant := learner.DominantWeight(largest, k)
	if !noisy && !dominant || floor <= int(paperFloor) {
		m.Params["min_df_chosen"] = "auto"
		return m, nil
	}
	o.Settings.Logf("projection: at the automatic floor (%d documents) the topics are noisy (%d distinct top words, %d near-duplicate pairs, the largest topic %.0f%%): fitting again with the floor at %d documents (%.0f%%)",
		int(paperFloor), distinct, pairs, 100*largest, floor, 100*RaisedMinDFFraction)
	timings := learner.FirstFitTimings(m.Provenance.Timings)
	// The first model stays (K x V, beside the fit's O(nnz) working memory)
	// for when the raised floor leaves too few candidates.
	raised := o
	raised.MinDF = floor
	r, err := fitOnce(ctx, c, k, raised)
	if errors.Is(err, learner.ErrTooFewWords) {
		o.Settings.Logf("projection: the raised floor leaves too few words (%v): keeping the automatic floor's topics", err)
		m.Params["min_df_chosen"] = "auto (raised floor too high)"
		return m, nil
	}
	if err != nil {
		return nil, err
	}
	r.Params["min_df_chosen"] = "raised"
	r.Params["paper_min_df"] = int(paperFloor)
	r.Params["paper_distinct_words"], r.Params["paper_near_duplicate_pairs"] = distinct, pairs
	r.Params["paper_largest_topic_weight"] = math.Round(largest*1e4) / 1e4
	r.Provenance.Timings = append(timings, r.Provenance.Timings...)
	return r, nil
}

// fitOnce is Fit at the candidate floor of o, whose memory was checked.
func fitOnce(ctx context.Context, c *corpus.Corpus, k int, o Options) (*model.Model, error) {
	f := &fit{o: &o, c: c, k: k, params: map[string]any{"method": string(o.Method)}}
	var err error
	f.timings, err = learner.RunStages(ctx, []learner.Stage{
		{Name: "split", Run: f.split},
		{Name: "novel words", Run: f.detect},
		{Name: "clustering", Run: f.cluster},
		{Name: "topics", Run: f.topics},
	})
	if err != nil {
		return nil, err
	}
	return f.model(), nil
}

// fit holds the state of one Fit call, stage by stage.
type fit struct {
	o *Options
	c *corpus.Corpus
	k int

	h     *halves
	minDF int   // the candidate threshold used
	cands []int // novel-word candidates: word indices, increasing

	novel  []int     // words found novel (detection order: see each method)
	weight []float64 // per novel word: how strongly it was found (hits, score, wins)

	clusters   [][]int // per topic, the novel words of its cluster
	topicWords [][]int // the same, nearest the cluster average first
	anchors    []int   // per topic, the member nearest the cluster average
	sizes      []int   // per topic, the number of words of its cluster

	topicsV [][]float64
	pz      []float64
	params  map[string]any
	timings []model.Timing
}

func (f *fit) split(ctx context.Context) error {
	h, err := splitCorpus(ctx, f.c, f.o.Seed, f.o.Threads, f.o.Progress)
	if err != nil {
		return err
	}
	f.h = h
	f.params["docs_used"] = len(h.docs)
	f.params["docs_skipped"] = f.c.NumDocs() - len(h.docs)
	f.cands, err = f.candidates()
	return err
}

// candidates returns the words that may be novel: those in at least MinDF
// documents (corpus.AutoMinDF when 0) that occur in both halves. When the
// automatic threshold leaves fewer than k words it is lowered as far as
// needed; a threshold the caller chose is kept and reported.
func (f *fit) candidates() ([]int, error) {
	df := f.c.DocFreq()
	pick := func(t int) []int {
		var out []int
		for w, n := range df {
			if n >= t && f.h.sum[w] > 0 && f.h.sumP[w] > 0 {
				out = append(out, w)
			}
		}
		return out
	}
	t := f.o.MinDF
	auto := t == 0
	if auto {
		t = corpus.AutoMinDF(len(f.h.docs))
	}
	cands := pick(t)
	for auto && len(cands) < f.k && t > 1 {
		t--
		cands = pick(t)
	}
	f.minDF = t
	f.params["min_df"] = t
	f.params["candidates"] = len(cands)
	if len(cands) < f.k {
		if auto {
			return nil, fmt.Errorf("projection: only %d words occur in both halves of the split documents, fewer than K = %d: %w", len(cands), f.k, learner.ErrTooFewWords)
		}
		return nil, fmt.Errorf("projection: only %d words occur in >= MinDF = %d documents and in both halves, fewer than K = %d: %w",
			len(cands), t, f.k, learner.ErrTooFewWords)
	}
	return cands, nil
}

func (f *fit) detect(ctx context.Context) error {
	switch f.o.Method {
	case DDP:
		return f.detectDDP(ctx)
	case Binning:
		return f.detectBinning(ctx)
	}
	return f.detectRP(ctx)
}

// model assembles the fitted model.
func (f *fit) model() *model.Model {
	return &model.Model{
		Algorithm:    string(f.o.Method),
		Params:       f.params,
		K:            f.k,
		Vocab:        f.c.Vocab,
		Topics:       f.topicsV,
		TopicWeights: f.pz,
		Anchors:      f.anchors,
		TopicWords:   f.topicWords,
		ClusterSizes: f.sizes,
		Provenance:   f.o.Settings.Provenance(f.c, f.timings),
	}
}
