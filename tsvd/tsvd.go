package tsvd

import (
	"context"
	"fmt"
	"math"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/linalg"
	"github.com/hulltopics/hull/internal/options"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/refine"
)

// Algorithm is the model.Model Algorithm (and "hull fit --algo" name) of
// TSVD.
const Algorithm = "tsvd"

// Defaults of the Options fields, the values of the paper's section 4
// ("Implementation Details") where it gives them.
const (
	// DefaultEps is epsilon of the thresholds (step 2a): a threshold may
	// not sit on a count shared by more than 3 eps w0 s documents.
	DefaultEps = 1.0 / 6
	// DefaultGamma is gamma of the catchwords (step 5).
	DefaultGamma = 1.1
	// DefaultEps0 is epsilon_0 of the catchwords (step 5): g(i, l) is the
	// floor(eps0 w0 s / 2)-th highest frequency of word i in cluster l.
	DefaultEps0 = 1.0 / 3
	// DefaultRestarts is the number of k-means++ restarts of step 4a, the
	// best (least inertia) kept.
	DefaultRestarts = 10
	// DefaultKMeansIter bounds the iterations of each k-means restart in
	// the projection (step 4a).
	DefaultKMeansIter = 100
	// DefaultLloydIter bounds Lloyd's iterations on B (step 4b).
	DefaultLloydIter = 100
	// DefaultPowerIters is the number of power iterations of the
	// randomized SVD (step 3).
	DefaultPowerIters = 4
)

// Topic sources recorded per topic in the model's TopicSource: how each
// topic vector was obtained.
const (
	// SourceCatchwords: step 6, the average of the documents in which the
	// topic's catchwords occur most.
	SourceCatchwords = "catchwords"
	// SourceClusterMean: the topic has no catchword; the average word
	// distribution of the documents of its Lloyd cluster R_l.
	SourceClusterMean = "cluster-mean"
	// SourceCentroid: the cluster R_l is empty; its last Lloyd centre in
	// the thresholded space, normalised to sum 1.
	SourceCentroid = "centroid"
	// SourceCorpusMean: the cluster never had a document (fewer distinct
	// thresholded documents than K); the average word distribution of all
	// documents of the second half.
	SourceCorpusMean = "corpus-mean"
)

// Threshold rules of step 2 (Options.Thresholds).
const (
	// ThresholdsPaper is step 2 as printed: B_ij = sqrt(zeta_i) where
	// q_ij > zeta_i, so a word whose threshold zeta_i is 0 (too few
	// documents above any count, or the tie rule lowered it to 0) has no
	// row in B.
	ThresholdsPaper = "paper"
	// ThresholdsAuthors is step 2 as the authors' code does it: a word
	// whose threshold falls to 1 or below (here: zeta_i = 0) is kept,
	// thresholded at its least positive count t_i: B_ij = sqrt(t_i)
	// wherever q_ij >= t_i (every occurrence, at the usual t_i = 1).
	ThresholdsAuthors = "authors"
	// ThresholdsAuto is the printed rule unless it leaves B degenerate
	// (fewer than K words with a threshold above 0, or fewer than K
	// distinct documents with a word above its threshold), then the
	// authors' rule; the switch is logged and recorded in the model's
	// Params ("threshold_recovered"). When the printed rule's topics are
	// noisy (learner.TopicsNoisy: near-copies, as on real text) it fits
	// again with the authors' rule and keeps that fit if its topics have
	// fewer near-duplicate pairs (Params paper_* and authors_* hold both
	// fits' figures; on KOS and Reuters it keeps the authors', on NIPS
	// the printed).
	ThresholdsAuto = "auto"
)

// Options are the parameters of TSVD. The zero value of each field selects
// its documented default.
type Options struct {
	// Settings are the run settings. The seed drives the split, the SVD
	// and k-means (the only random choices); results do not depend on
	// Threads; the memory bound applies to EstimateBytes.
	learner.Settings
	// Auto refines the topics by EM when they are noisy (package refine;
	// the zero value never does, the registered default of "hull fit"
	// does), after ThresholdsAuto's second fit.
	refine.Auto
	// W0 is w0, the least probability of a topic being dominant, used by
	// the thresholds of step 2a (a threshold must leave at least w0 s / 2
	// documents above it) and, with Eps0, by the catchwords of step 5.
	// Default 1/K (section 4). Must be in (0, 1].
	W0 float64
	// Eps is epsilon of step 2a: the threshold zeta_i is lowered past any
	// count value held by more than 3 Eps W0 s documents. Default 1/6.
	Eps float64
	// Gamma is gamma of step 5: word i is a catchword of topic l when
	// g(i, l) > Gamma g(i, l') for every other l'. Default 1.1.
	Gamma float64
	// Eps0 is epsilon_0 of step 5: g(i, l) is the floor(Eps0 W0 s / 2)-th
	// highest frequency of word i among the documents of cluster l
	// (at least the first). Default 1/3.
	Eps0 float64
	// TopFraction is the product epsilon_0 w0 of step 6: each topic is the
	// average of the floor(TopFraction s / 2) documents (at least one) with
	// the highest total frequency of its catchwords. Default 1/K: section 4
	// reports that "the top 50% (eps0 w0 = 1/k) gave empirically better
	// results" than the eps0 = 1/3 of step 5. Must be in (0, 1].
	TopFraction float64
	// ZetaFloor is the least usable threshold of step 2b: words with
	// zeta_i < ZetaFloor are dropped from B. The paper's theory asks for
	// zeta_i >= 8 ln(20/(eps w0)) (70 at K = 50), which no real document
	// length meets; default 0, no floor, as in the authors' experiments
	// (see the package documentation).
	ZetaFloor float64
	// Thresholds is the rule of step 2 for words whose threshold zeta_i
	// is 0: ThresholdsPaper, ThresholdsAuthors or ThresholdsAuto (the
	// default, "" selects it). The authors' code keeps such words (at
	// their least count, usually every occurrence) where the printed step
	// gives them B_ij = sqrt(0) = 0; with short documents and large K
	// nearly every word is such a word (see the package documentation).
	Thresholds string
	// CatchwordFloor is the first term of the maximum of step 5b, a floor
	// on g(i, l) (a relative frequency). The paper's theory sets it to
	// 4/(m delta^2) ln(20/(eps w0)), above 1 for any real corpus; default
	// 0, no floor, as in the authors' experiments.
	CatchwordFloor float64
	// NoSplit skips step 1: thresholds are computed on all the documents
	// and steps 2b-6 run on all of them too, as the authors' public code
	// does. By default the documents are split at random (seeded) into
	// two halves A(1) and A(2) as step 1 says.
	NoSplit bool
	// Restarts is the number of k-means++ restarts of step 4a in the
	// K-dimensional projection, the one of least inertia kept. Default 10
	// (section 4).
	Restarts int
	// KMeansIter bounds the iterations of each restart of step 4a;
	// default 100.
	KMeansIter int
	// LloydIter bounds Lloyd's iterations on B (step 4b); default 100.
	// They stop earlier when no document changes cluster.
	LloydIter int
	// PowerIters is the number of power iterations of the randomized SVD
	// of step 3; default 4; negative: none.
	PowerIters int
}

// Learner learns topics by TSVD. Create it with New; the zero value is
// the learner New(Options{}) makes.
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

// New validates opts, fills in the defaults that do not depend on K and
// returns a Learner.
func New(opts Options) (*Learner, error) {
	if opts.Eps == 0 {
		opts.Eps = DefaultEps
	}
	if opts.Gamma == 0 {
		opts.Gamma = DefaultGamma
	}
	if opts.Eps0 == 0 {
		opts.Eps0 = DefaultEps0
	}
	if opts.Restarts == 0 {
		opts.Restarts = DefaultRestarts
	}
	if opts.KMeansIter == 0 {
		opts.KMeansIter = DefaultKMeansIter
	}
	if opts.LloydIter == 0 {
		opts.LloydIter = DefaultLloydIter
	}
	if opts.PowerIters == 0 {
		opts.PowerIters = DefaultPowerIters
	}
	if opts.Thresholds == "" {
		opts.Thresholds = ThresholdsAuto
	}
	finite := func(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
	bad := func(field string, value any, want string) error {
		return &learner.OptionError{Learner: Algorithm, Field: field, Value: value, Want: want}
	}
	switch {
	case !(opts.W0 >= 0 && opts.W0 <= 1):
		return nil, bad("W0", opts.W0, "in [0, 1] (0: the default, 1/K)")
	case !(opts.Eps > 0) || !finite(opts.Eps):
		return nil, bad("Eps", opts.Eps, "a finite number >= 0 (0: the default, 1/6)")
	case !(opts.Gamma > 0) || !finite(opts.Gamma):
		return nil, bad("Gamma", opts.Gamma, "a finite number >= 0 (0: the default, 1.1)")
	case !(opts.Eps0 > 0) || !finite(opts.Eps0):
		return nil, bad("Eps0", opts.Eps0, "a finite number >= 0 (0: the default, 1/3)")
	case !(opts.TopFraction >= 0 && opts.TopFraction <= 1):
		return nil, bad("TopFraction", opts.TopFraction, "in [0, 1] (0: the default, 1/K)")
	case !(opts.ZetaFloor >= 0) || !finite(opts.ZetaFloor):
		return nil, bad("ZetaFloor", opts.ZetaFloor, "a finite number >= 0")
	case !(opts.CatchwordFloor >= 0) || !finite(opts.CatchwordFloor):
		return nil, bad("CatchwordFloor", opts.CatchwordFloor, "a finite number >= 0")
	case opts.Thresholds != ThresholdsPaper && opts.Thresholds != ThresholdsAuthors && opts.Thresholds != ThresholdsAuto:
		return nil, bad("Thresholds", opts.Thresholds, fmt.Sprintf("%s, %s or %s", ThresholdsPaper, ThresholdsAuthors, ThresholdsAuto))
	case opts.Restarts < 0:
		return nil, bad("Restarts", opts.Restarts, ">= 0")
	case opts.KMeansIter < 0:
		return nil, bad("KMeansIter", opts.KMeansIter, ">= 0")
	case opts.LloydIter < 0:
		return nil, bad("LloydIter", opts.LloydIter, ">= 0")
	}
	if err := opts.Auto.Validate(Algorithm); err != nil {
		return nil, err
	}
	if err := opts.Settings.Validate(Algorithm); err != nil {
		return nil, err
	}
	return &Learner{opts: opts, made: true}, nil
}

// Options returns the learner's options with the K-independent defaults
// filled in.
func (l *Learner) Options() Options { return l.ready().opts }

// EstimateBytes returns the working memory Fit needs for c and k topics
// with the learner's options: the package's EstimateBytes. It makes the
// learner a learner.Estimator.
func (l *Learner) EstimateBytes(c *corpus.Corpus, k int) int64 {
	return EstimateBytes(c, k, l.ready().opts)
}

// EstimateBytes returns the working memory Fit needs for c and k topics
// under o, the corpus aside. B, the thresholded second half (s documents:
// half of them, or all with NoSplit), has at most the nonzeros of its
// documents, counted as their share of nnz; it takes 12 bytes a nonzero,
// 13.5 with the spare capacity append leaves (an eighth on average). The
// peak is B beside the largest of: a copy of B being appended (the
// thresholding builds B, a copy to count its distinct rows and the copy
// kept; at the last growth of its values the old array and the new are
// both live, twice 8 bytes a nonzero, beside 4 for the indices: 20 bytes
// a nonzero), the scratch of the SVD's products
// (internal/linalg.SVDScratchBytes: B's transpose, 12 bytes a nonzero, or
// partial sums when there are many more documents than words) with its
// dense (s + V) x (K + 10) blocks, or the thresholded first half being
// appended for the dominant topics (20 bytes a nonzero) with the
// projected documents, their scores, the Lloyd centres and the topics;
// plus a few values per document and per word.
func EstimateBytes(c *corpus.Corpus, k int, o Options) int64 {
	v, d, nnz, kk := int64(c.NumWords()), int64(c.NumDocs()), c.NNZ(), int64(k)
	s := d - d/2
	if o.NoSplit {
		s = d
	}
	nb := nnz * s / max(d, 1) // B's nonzeros at most
	n1 := nnz - nb            // those of the first half
	l := min(kk+10, s, v)     // the SVD's sketch: K + the default oversampling
	threshold := 20 * nb
	// B^T and its counts or partial sums, Y, its QR, Omega and A^T Q, the points
	svd := linalg.SVDScratchBytes(int(s), int(v), nb, int(l)) + 8*int64(o.ThreadCount())*v + 8*(3*s*l+2*v*l) + 8*s*kk
	topics := 20*n1 + 2*8*s*kk + 2*8*(d-s) + 2*8*v*kk // the first half, points and scores, its labels, centres and topics
	return max(27*nb/2+max(threshold, svd, topics)+8*d+16*s+12*v, o.Auto.EstimateBytes(c, k))
}

// Fit learns k topics from c by steps 1-6 of section 3.3 of the paper. It
// fails for k < 2 or k >= V (wrapping learner.ErrTooFewWords), when the
// documents clustered (the second half,
// or all of them with NoSplit) are fewer than k, when no word reaches its
// threshold (B = 0: too few documents for w0; the error wraps
// learner.ErrTooFewWords), and with a *learner.MemoryError when
// EstimateBytes exceeds MaxMemory. Every topic is returned, with the
// model's TopicSource saying how it was obtained (see the package
// documentation); no topic holds a NaN.
func (l *Learner) Fit(ctx context.Context, c *corpus.Corpus, k int) (*model.Model, error) {
	l = l.ready()
	if err := learner.CheckCorpus(c); err != nil {
		return nil, err
	}
	o := l.opts
	s := c.NumDocs()
	if !o.NoSplit {
		s = c.NumDocs() - c.NumDocs()/2
	}
	switch {
	case k < 2:
		return nil, fmt.Errorf("tsvd: K = %d topics: want 2 <= K < V", k)
	case k >= c.NumWords():
		return nil, fmt.Errorf("tsvd: K = %d topics for %d words: want 2 <= K < V: %w", k, c.NumWords(), learner.ErrTooFewWords)
	case k > s:
		return nil, fmt.Errorf("tsvd: K = %d topics for %d documents to cluster (%d in all): want K <= the documents of the second half (or NoSplit)", k, s, c.NumDocs())
	}
	if err := o.Settings.CheckMemory(fmt.Sprintf("tsvd: TSVD for %d words, %d documents and K = %d", c.NumWords(), c.NumDocs(), k), EstimateBytes(c, k, o)); err != nil {
		return nil, err
	}
	if o.W0 == 0 {
		o.W0 = 1 / float64(k)
	}
	if o.TopFraction == 0 {
		o.TopFraction = 1 / float64(k)
	}
	m, err := fitOnce(ctx, c, k, o)
	if err == nil && o.Thresholds == ThresholdsAuto && m.Params["thresholds"] == ThresholdsPaper {
		m, err = authorsIfLessNoisy(ctx, c, k, o, m)
	}
	if err != nil {
		return nil, err
	}
	if err := o.Auto.Apply(ctx, c, m, o.Settings); err != nil {
		return nil, err
	}
	return m, nil
}

// authorsIfLessNoisy is the second half of ThresholdsAuto: when m, fitted
// with the printed thresholds, has noisy topics (learner.TopicsNoisy), it
// fits again with the authors' and keeps that fit if its topics have fewer
// near-duplicate pairs. The model kept records both fits' figures.
func authorsIfLessNoisy(ctx context.Context, c *corpus.Corpus, k int, o Options, m *model.Model) (*model.Model, error) {
	noisy, distinct, pairs := learner.TopicsNoisy(m)
	if !noisy {
		return m, nil
	}
	o.Thresholds = ThresholdsAuthors
	a, err := fitOnce(ctx, c, k, o)
	if err != nil {
		return nil, err
	}
	_, aDistinct, aPairs := learner.TopicsNoisy(a)
	keep, kept := m, "printed"
	if aPairs < pairs {
		keep, kept = a, "authors'"
		keep.Params["threshold_recovered"] = true
		keep.Provenance.Timings = append(learner.FirstFitTimings(m.Provenance.Timings), keep.Provenance.Timings...)
	} else { // the time of the fit discarded is the model's too
		spent := 0.0
		for _, t := range a.Provenance.Timings {
			spent += t.Seconds
		}
		keep.Provenance.Timings = append(keep.Provenance.Timings, model.Timing{Stage: "authors' thresholds (not kept)", Seconds: spent})
	}
	o.Settings.Logf("tsvd: the printed thresholds' topics are noisy (%d distinct top words, %d near-duplicate pairs); the authors' give %d and %d: keeping the %s",
		distinct, pairs, aDistinct, aPairs, kept)
	keep.Params["paper_distinct_words"], keep.Params["paper_near_duplicate_pairs"] = distinct, pairs
	keep.Params["authors_distinct_words"], keep.Params["authors_near_duplicate_pairs"] = aDistinct, aPairs
	return keep, nil
}

// fitOnce is Fit with o's thresholds, its memory checked and its
// defaults that depend on K filled in.
func fitOnce(ctx context.Context, c *corpus.Corpus, k int, o Options) (*model.Model, error) {
	f := &fit{o: &o, c: c, k: k, params: map[string]any{
		"w0": o.W0, "eps": o.Eps, "gamma": o.Gamma, "eps0": o.Eps0, "top_fraction": o.TopFraction,
		"zeta_floor": o.ZetaFloor, "catchword_floor": o.CatchwordFloor, "split": !o.NoSplit,
	}}
	var err error
	f.timings, err = learner.RunStages(ctx, []learner.Stage{
		{Name: "threshold", Run: f.threshold},
		{Name: "svd", Run: f.svd},
		{Name: "k-means", Run: f.kmeans},
		{Name: "lloyd", Run: f.lloyd},
		{Name: "catchwords", Run: f.catchwords},
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

	first, second []int     // documents of A(1) and A(2), increasing
	mbar          float64   // mean document length m (count scale)
	cut           []int32   // per word: B keeps q_ij > cut[i] (count scale); -1: word unused (see cuts)
	bval          []float64 // per word: the value of its nonzeros in B

	b        *linalg.CSR // B^T restricted to the retained documents: rows documents, columns words
	retained []int       // position in second of each row of b
	points   []float64   // rows of b projected on the rank-K subspace, len(retained) x dim
	dim      int
	init     []int // step 4a cluster of each row of b
	clusters int   // clusters found by step 4a (K unless fewer distinct points)

	cen    *centres // Lloyd centres after step 4b
	labels []int    // cluster of each row of b after step 4b
	sizes  []int    // |R_l|, the documents of each Lloyd cluster
	catch  [][]int  // catchwords J_l

	topicsV [][]float64
	sv      []float64 // singular values of B, largest first
	source  []string  // how each topic was obtained (Source*)
	dom     []int     // dominant topic of every document, -1 for none
	params  map[string]any
	timings []model.Timing
}

// model assembles the fitted model.
func (f *fit) model() *model.Model {
	return &model.Model{
		Algorithm:      Algorithm,
		Params:         f.params,
		K:              f.k,
		Vocab:          f.c.Vocab,
		Topics:         f.topicsV,
		TopicWords:     topicWords(f.catch),
		TopicSource:    f.source,
		ClusterSizes:   f.sizes,
		DominantTopic:  f.dom,
		SingularValues: f.sv,
		Provenance:     f.o.Settings.Provenance(f.c, f.timings),
	}
}

// topicWords returns the catchwords of every topic, highest g(i, l) first,
// as the model records them: an empty list (never nil) for a topic without
// catchwords, so that the model reads back as it was written.
func topicWords(catch [][]int) [][]int {
	if catch == nil {
		return nil
	}
	out := make([][]int, len(catch))
	for l, set := range catch {
		out[l] = append([]int{}, set...)
	}
	return out
}
