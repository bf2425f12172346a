package anchor

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/hulltopics/hull/cooc"
	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/parallel"
	"github.com/hulltopics/hull/internal/simplex"
	"github.com/hulltopics/hull/internal/version"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"gonum.org/v1/gonum/mat"
)

// Method is the recovery step run after the anchor words are found.
type Method string

// The recovery methods of the paper.
const (
	RecoverL2 Method = "l2"       // Algorithm 3 with the squared loss (hull fit --algo anchor)
	RecoverKL Method = "kl"       // Algorithm 3 with KL divergence (--algo anchor-kl)
	Original  Method = "original" // Algorithm 2, matrix inversion (--algo recover)
)

// Options are the parameters of the anchor-word learner. The zero value of
// each field selects its documented default.
type Options struct {
	// Recover selects the recovery step; default RecoverL2.
	Recover Method
	// AnchorMinDF is the minimum number of documents a word must occur in
	// to be an anchor candidate; rare words have noisy rows of Q-bar. 0
	// selects AutoMinDF(D).
	AnchorMinDF int
	// ProjectDim, if positive, runs FastAnchorWords on a Gaussian random
	// projection of the rows of Q-bar to this many dimensions (Algorithm 4,
	// first line). 0 (default) searches the rows themselves, which is
	// exact and, with the O(nnz) products used here, usually faster.
	ProjectDim int
	// Tolerance is the KKT-gap tolerance of each word's simplex solve
	// (supplement D.2); default 1e-5. For RecoverL2 the objective is first
	// scaled by the anchors' mean squared norm, so it is relative. Tighter
	// tolerances cost iterations and change the recovered topics little
	// (docs/BENCHMARKS.md).
	Tolerance float64
	// MaxIter bounds the exponentiated-gradient iterations per word; default 1000.
	MaxIter int
	// Seed seeds the random projection (the only random choice).
	Seed uint64
	// Threads is the number of goroutines; 0 means one per CPU. Results
	// do not depend on it.
	Threads int
	// MaxMemory bounds the working memory (see EstimateBytes); Fit refuses
	// before allocating when it would be exceeded. 0 means
	// cooc.DefaultMaxMemory(), half the machine's RAM.
	MaxMemory int64
	// Progress, if non-nil, receives progress of each stage.
	Progress learner.Progress
}

// Learner learns topics by anchor words. Create it with New.
type Learner struct{ opts Options }

// New validates opts, fills in defaults and returns a Learner.
func New(opts Options) (*Learner, error) {
	if opts.Recover == "" {
		opts.Recover = RecoverL2
	}
	switch opts.Recover {
	case RecoverL2, RecoverKL, Original:
	default:
		return nil, fmt.Errorf("anchor: unknown recovery method %q (want l2, kl or original)", opts.Recover)
	}
	if opts.Tolerance == 0 {
		opts.Tolerance = 1e-5
	}
	if opts.MaxIter == 0 {
		opts.MaxIter = 1000
	}
	switch {
	case opts.AnchorMinDF < 0:
		return nil, fmt.Errorf("anchor: AnchorMinDF = %d, want >= 0", opts.AnchorMinDF)
	case opts.ProjectDim < 0:
		return nil, fmt.Errorf("anchor: ProjectDim = %d, want >= 0", opts.ProjectDim)
	case !(opts.Tolerance > 0):
		return nil, fmt.Errorf("anchor: Tolerance = %v, want > 0", opts.Tolerance)
	case opts.MaxIter < 0:
		return nil, fmt.Errorf("anchor: MaxIter = %d, want > 0", opts.MaxIter)
	case opts.Threads < 0:
		return nil, fmt.Errorf("anchor: Threads = %d, want >= 0", opts.Threads)
	}
	return &Learner{opts: opts}, nil
}

// Options returns the learner's options with defaults filled in.
func (l *Learner) Options() Options { return l.opts }

func (o *Options) settings() simplex.Settings {
	return simplex.Settings{Tol: o.Tolerance, MaxIter: o.MaxIter}
}

// AlgorithmName returns the "hull fit --algo" name of a recovery method.
func AlgorithmName(m Method) string {
	switch m {
	case RecoverKL:
		return "anchor-kl"
	case Original:
		return "recover"
	}
	return "anchor"
}

// AutoMinDF is the default anchor-candidate threshold for a corpus of d
// documents: 1% of the documents, at least 5 (or d/20 for tiny corpora)
// and at most 100, the order of the thresholds of the public
// implementations on corpora of thousands to millions of documents.
func AutoMinDF(d int) int {
	floor := min(5, max(1, d/20))
	return min(100, max(floor, d/100))
}

// Fit learns k topics from c: Q (cooc), FastAnchorWords, the recovery step
// and R. It fails for k < 2 or k >= V, when fewer than k words pass the
// candidate threshold, and with a *cooc.MemoryError when EstimateBytes
// exceeds MaxMemory.
func (l *Learner) Fit(ctx context.Context, c *corpus.Corpus, k int) (*model.Model, error) {
	o := l.opts
	if k < 2 || k >= c.NumWords() {
		return nil, fmt.Errorf("anchor: K = %d topics for %d words: want 2 <= K < V", k, c.NumWords())
	}
	f := fit{o: &o, c: c, k: k, params: map[string]any{"recover": string(o.Recover)}}
	var err error
	f.timings, err = learner.RunStages(ctx, []learner.Stage{
		{Name: "co-occurrence", Run: f.cooccurrence},
		{Name: "anchor words", Run: f.anchors},
		{Name: "recover", Run: f.recover},
		{Name: "topic covariance", Run: f.covariance},
	})
	if err != nil {
		return nil, err
	}
	return f.model(), nil
}

// fit holds the state of one Fit call, stage by stage.
type fit struct {
	o       *Options
	c       *corpus.Corpus
	k       int
	op      *cooc.Operator
	sp      *qbarSpace
	p       []float64
	anchorW []int
	topics  [][]float64
	pz      []float64
	r       *mat.Dense
	params  map[string]any
	timings []model.Timing
}

func (f *fit) cooccurrence(ctx context.Context) error {
	if err := checkMemory(f.c, f.k, f.o); err != nil {
		return err
	}
	op, err := cooc.NewOperator(f.c, f.o.Threads)
	if err != nil {
		return err
	}
	f.op, f.p = op, op.RowSums()
	f.sp = newQbarSpace(op, f.p)
	f.params["docs_used"] = op.Docs()
	f.params["docs_skipped"] = f.c.NumDocs() - op.Docs()
	return nil
}

func (f *fit) anchors(ctx context.Context) error {
	cands, minDF, err := candidates(f.c, f.p, f.k, f.o.AnchorMinDF)
	if err != nil {
		return err
	}
	f.params["anchor_min_df"] = minDF
	f.params["anchor_candidates"] = len(cands)
	var sp rowSpace = f.sp
	if f.o.ProjectDim > 0 {
		rng := rand.New(rand.NewPCG(f.o.Seed, 0x616e63686f72)) // "anchor"
		if sp, err = newProjectedSpace(ctx, f.sp, f.o.ProjectDim, rng); err != nil {
			return err
		}
		f.params["project_dim"] = f.o.ProjectDim
	}
	f.anchorW, err = findAnchors(ctx, sp, cands, f.k, f.o.Threads, f.o.Progress)
	return err
}

func (f *fit) recover(ctx context.Context) error {
	if f.o.Recover == Original {
		topics, r, pz, err := recoverOriginal(f.op, f.anchorW)
		f.topics, f.r, f.pz = topics, r, pz
		return err
	}
	solve := recoverL2
	if f.o.Recover == RecoverKL {
		solve = recoverKL
	}
	c, st, err := solve(ctx, f.sp, f.anchorW, f.o, f.o.Progress)
	if err != nil {
		return err
	}
	f.params["tolerance"] = f.o.Tolerance
	f.params["max_iter"] = f.o.MaxIter
	f.params["words_at_max_iter"] = st.MaxIter
	f.params["words_stalled"] = st.Stalled
	f.params["mean_iterations"] = math.Round(st.MeanIter*10) / 10
	f.topics, f.pz, err = topicsFromC(c, f.p)
	return err
}

func (f *fit) covariance(ctx context.Context) error {
	if f.r != nil {
		return nil // the original Recover gives R directly
	}
	r, err := topicCovariance(ctx, f.sp, f.topics)
	f.r = r
	return err
}

func (f *fit) model() *model.Model {
	cov := make([][]float64, f.k)
	for a := range cov {
		cov[a] = append([]float64(nil), f.r.RawRowView(a)...)
	}
	return &model.Model{
		Algorithm:       AlgorithmName(f.o.Recover),
		Params:          f.params,
		K:               f.k,
		Vocab:           f.c.Vocab,
		Topics:          f.topics,
		TopicWeights:    f.pz,
		TopicCovariance: cov,
		Anchors:         f.anchorW,
		Provenance: model.Provenance{
			HullVersion: version.Version,
			InputDigest: f.c.Digest(),
			Seed:        f.o.Seed,
			Docs:        f.c.NumDocs(),
			Timings:     f.timings,
		},
	}
}

// candidates returns the words that may be anchors: those in at least
// minDF documents (AutoMinDF when minDF is 0) with p(w) > 0. When the
// automatic threshold leaves fewer than k words it is lowered as far as
// needed; a threshold the caller chose is kept and reported.
func candidates(c *corpus.Corpus, p []float64, k, minDF int) ([]int, int, error) {
	df := c.DocFreq()
	pick := func(t int) []int {
		var out []int
		for w, n := range df {
			if n >= t && p[w] > 0 {
				out = append(out, w)
			}
		}
		return out
	}
	if minDF > 0 {
		cands := pick(minDF)
		if len(cands) < k {
			return nil, minDF, fmt.Errorf("anchor: only %d words occur in >= %d documents (--anchor-min-df), fewer than K = %d", len(cands), minDF, k)
		}
		return cands, minDF, nil
	}
	for t := AutoMinDF(c.NumDocs()); t >= 1; t-- {
		if cands := pick(t); len(cands) >= k || t == 1 {
			if len(cands) < k {
				return nil, t, fmt.Errorf("anchor: only %d words occur in documents of 2 or more tokens, fewer than K = %d", len(cands), k)
			}
			return cands, t, nil
		}
	}
	panic("unreachable")
}

// EstimateBytes returns the working memory Fit needs for c and k topics on
// threads goroutines: the word-major copy of the counts, a few V x K
// matrices and one row of Q-bar per goroutine. Q itself is never stored.
func EstimateBytes(c *corpus.Corpus, k, threads int) int64 {
	v := int64(c.NumWords())
	return cooc.EstimateOperatorBytes(c) + 6*8*v*int64(k) + 2*8*v*int64(parallel.Threads(threads))
}

// checkMemory refuses, before allocating, a fit above o.MaxMemory.
func checkMemory(c *corpus.Corpus, k int, o *Options) error {
	return cooc.CheckLimit(fmt.Sprintf("the anchor pipeline for %d words, %d documents and K = %d", c.NumWords(), c.NumDocs(), k),
		EstimateBytes(c, k, o.Threads), o.MaxMemory, "reduce the vocabulary (--max-vocab) or K")
}
