package anchor

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/hulltopics/hull/cooc"
	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/options"
	"github.com/hulltopics/hull/internal/parallel"
	"github.com/hulltopics/hull/internal/simplex"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/refine"
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

// Options are the parameters of the anchor-word learner. The zero value is
// the pipeline of Arora et al. 2013 as the paper gives it, each numeric
// field at its documented default; DefaultOptions adds the rectification
// and the refinement that "hull fit" uses.
type Options struct {
	// Settings are the run settings. The seed drives the random projection
	// and the random start of the rectification's eigensolver (the only
	// random choices); results do not depend on Threads; the memory bound
	// applies to EstimateBytes.
	learner.Settings
	// Recover selects the recovery step; default RecoverL2.
	Recover Method
	// Weighting is how much each document weighs in Q:
	// cooc.WeightDocuments, the paper's equal weight per document;
	// cooc.WeightTokens or cooc.WeightPairs weigh a document by its
	// tokens or pairs of tokens (package cooc), so that short documents,
	// whose pairs estimate their part of Q with much noise, weigh less and
	// the topics' weights are those of the tokens (docs/BENCHMARKS.md,
	// "Weighting the documents in Q"). "" (the default) is
	// WeightDocuments for Fit and, for FitStats, the weighting the
	// statistics were computed with (cooc.Stats.Weighting), which any
	// other value must equal.
	Weighting cooc.Weighting
	// AnchorMinDF is the minimum number of documents a word must occur in
	// to be an anchor candidate; rare words have noisy rows of Q-bar. 0
	// selects AutoMinDF(D).
	AnchorMinDF int
	// ProjectDim, if positive, runs FastAnchorWords on a Gaussian random
	// projection of the rows of Q-bar to this many dimensions (Algorithm 4,
	// first line). 0 (default) searches the rows themselves, which is
	// exact and, with the O(nnz) products used here, usually faster. It
	// needs Rectify = RectifyNone, or RectifyAuto with Original (which
	// never rectifies).
	ProjectDim int
	// Tolerance is the KKT-gap tolerance of each word's simplex solve
	// (supplement D.2); default 1e-5. RecoverL2's active-set solves run to
	// the minimum itself (the gap at rounding level: internal/simplex,
	// ActiveSet) whatever it is, and it only decides whether a solve
	// counts as converged (its objective is first scaled by the anchors'
	// mean squared norm, so the gap is relative); before 2026-11-27 they
	// stopped at it, which on the clean Swimmer corpus left l1 1.03 from
	// the truth where the minimum has 0.49. For RecoverKL tighter
	// tolerances cost iterations and change the recovered topics little
	// (docs/BENCHMARKS.md).
	Tolerance float64
	// MaxIter bounds the iterations of each word's solve (active-set
	// iterations for RecoverL2, projected Newton ones for RecoverKL);
	// default 1000.
	MaxIter int

	// Rectify selects the treatment of the co-occurrence matrix before the
	// anchor words are sought: RectifyNone ("" too), RectifyAP, the
	// alternating projection of Lee, Bindel and Mimno 2015 over the block
	// of the RectifyWords most frequent words (see the package
	// documentation), or RectifyAuto, which rectifies only when the paper's
	// topics are noisy. RectifyAP needs Recover = RecoverL2 or RecoverKL;
	// with Original, RectifyAuto refines noisy topics without rectifying.
	Rectify Rectifier
	// RectifyWords is N, the number of words of highest document frequency
	// whose co-occurrence block is rectified; anchors are chosen among
	// them. 0 selects min(V, max(DefaultRectifyWords, 10 K)). The block
	// costs 8 N^2 bytes.
	RectifyWords int
	// RectifyMaxIter bounds the alternating projections; 0 selects
	// DefaultRectifyMaxIter.
	RectifyMaxIter int
	// RectifyTolerance stops the alternating projection once an iteration
	// changes the block by less than this fraction of its Frobenius norm;
	// 0 selects DefaultRectifyTolerance.
	RectifyTolerance float64

	// Refine is the most EM iterations run from the recovered topics (see
	// the package documentation); 0 runs none.
	Refine int
	// RefineTolerance stops the refinement early once an iteration moves
	// the topics by less than this mean l1 distance; 0 selects
	// DefaultRefineTolerance.
	RefineTolerance float64
	// RefineAlways, with RectifyAuto, refines the topics RectifyAuto keeps
	// unrefined (the paper's, when they are distinct; recover's, when
	// refine.IfNoisy's rules pass them) whatever they are (refine.Always),
	// for a user who reads topics the rules let pass; it needs Refine > 0.
	// The other Rectify settings refine whenever Refine > 0 already.
	RefineAlways bool
}

// DefaultOptions returns the options of "hull fit --algo anchor": RecoverL2
// with RectifyAuto: the paper's pipeline, kept when its topics are
// distinct, else the co-occurrence matrix rectified by alternating
// projection and DefaultRefine EM iterations. They give readable topics on
// real text where the zero Options do not, and keep the paper's recovery
// of planted topics (docs/BENCHMARKS.md).
func DefaultOptions() Options {
	return Options{
		Recover:          RecoverL2,
		Tolerance:        1e-5,
		MaxIter:          1000,
		Rectify:          RectifyAuto,
		RectifyMaxIter:   DefaultRectifyMaxIter,
		RectifyTolerance: DefaultRectifyTolerance,
		Refine:           DefaultRefine,
		RefineTolerance:  DefaultRefineTolerance,
	}
}

// Learner learns topics by anchor words. Create it with New; the zero
// value is the learner New(Options{}) makes.
type Learner struct {
	opts Options
	made bool // by New; see ready
}

// ready returns l, or for a Learner declared rather than made by New the one
// New(Options{}) makes: the zero value fits with the defaults.
func (l *Learner) ready() *Learner {
	return options.Made(l, l.made, func() (*Learner, error) { return New(Options{}) })
}

// New validates opts, fills in defaults and returns a Learner.
func New(opts Options) (*Learner, error) {
	if opts.Recover == "" {
		opts.Recover = RecoverL2
	}
	switch opts.Recover {
	case RecoverL2, RecoverKL, Original:
	default:
		return nil, &learner.OptionError{Learner: "anchor", Field: "Recover", Value: opts.Recover, Want: "l2, kl or original"}
	}
	if opts.Tolerance == 0 {
		opts.Tolerance = 1e-5
	}
	if opts.MaxIter == 0 {
		opts.MaxIter = 1000
	}
	if opts.Rectify == "" {
		opts.Rectify = RectifyNone
	}
	if opts.RectifyMaxIter == 0 {
		opts.RectifyMaxIter = DefaultRectifyMaxIter
	}
	if opts.RectifyTolerance == 0 {
		opts.RectifyTolerance = DefaultRectifyTolerance
	}
	if opts.RefineTolerance == 0 {
		opts.RefineTolerance = DefaultRefineTolerance
	}
	name := AlgorithmName(opts.Recover) // errors name the learner registered for the method
	bad := func(field string, value any, want string) error {
		return &learner.OptionError{Learner: name, Field: field, Value: value, Want: want}
	}
	switch {
	case opts.Weighting.Check() != nil:
		return nil, bad("Weighting", opts.Weighting, "documents, tokens or pairs")
	case opts.AnchorMinDF < 0:
		return nil, bad("AnchorMinDF", opts.AnchorMinDF, ">= 0")
	case opts.ProjectDim < 0:
		return nil, bad("ProjectDim", opts.ProjectDim, ">= 0")
	case !(opts.Tolerance > 0) || math.IsInf(opts.Tolerance, 1):
		return nil, bad("Tolerance", opts.Tolerance, "a finite number >= 0 (0: the default, 1e-5)")
	case opts.MaxIter < 0:
		return nil, bad("MaxIter", opts.MaxIter, ">= 0 (0: the default, 1000)")
	case opts.Rectify != RectifyAP && opts.Rectify != RectifyNone && opts.Rectify != RectifyAuto:
		return nil, bad("Rectify", opts.Rectify, "ap, auto or none")
	case opts.Rectify == RectifyAP && opts.Recover == Original:
		return nil, bad("Rectify", opts.Rectify, "none or auto for the original recovery (its matrix inversion needs every row of Q; auto refines noisy topics without rectifying)")
	case opts.ProjectDim > 0 && (opts.Rectify == RectifyAP || opts.Rectify == RectifyAuto && opts.Recover != Original):
		return nil, bad("ProjectDim", opts.ProjectDim, "0 unless Rectify = none (the rectified block is searched exactly)")
	case opts.RectifyWords < 0:
		return nil, bad("RectifyWords", opts.RectifyWords, ">= 0")
	case opts.RectifyMaxIter < 0:
		return nil, bad("RectifyMaxIter", opts.RectifyMaxIter, fmt.Sprintf(">= 0 (0: the default, %d)", DefaultRectifyMaxIter))
	case !(opts.RectifyTolerance > 0) || math.IsInf(opts.RectifyTolerance, 1):
		return nil, bad("RectifyTolerance", opts.RectifyTolerance, fmt.Sprintf("a finite number >= 0 (0: the default, %g)", DefaultRectifyTolerance))
	case opts.Refine < 0:
		return nil, bad("Refine", opts.Refine, ">= 0 (0: never refine)")
	case !(opts.RefineTolerance > 0) || math.IsInf(opts.RefineTolerance, 1):
		// refine.Auto.Validate's words: --refine-tol says the same for every learner.
		return nil, bad("RefineTolerance", opts.RefineTolerance, "a finite number >= 0 (0: 1e-6)")
	case opts.RefineAlways && opts.Refine == 0:
		return nil, bad("RefineAlways", opts.RefineAlways, "false when Refine is 0 (no iteration to run)")
	case opts.RefineAlways && opts.Rectify != RectifyAuto:
		return nil, bad("RefineAlways", opts.RefineAlways, "false unless Rectify is auto (the other settings refine whenever Refine > 0)")
	}
	if err := opts.Settings.Validate(name); err != nil {
		return nil, err
	}
	return &Learner{opts: opts, made: true}, nil
}

// Options returns the learner's options with defaults filled in.
func (l *Learner) Options() Options { return l.ready().opts }

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

// checkDocs refuses more topics than documents. Given the documents'
// topic weights w_d, Q's expectation is A (sum_d w_d w_d^T / D) A^T
// (Arora et al. 2013, appendix D.1), of rank at most D: the diagonal
// correction can lift the sampled Q above that rank, but only with noise,
// so anchors beyond the D-th would be chosen from it. FastAnchorWords
// would spend minutes on them (K = 5,000 on Med's 1,033 documents).
func checkDocs(k, docs int) error {
	if k > docs {
		return fmt.Errorf("anchor: K = %d topics for %d documents: want K <= D (the expected co-occurrence of D documents has rank at most D; topics beyond it would be sampling noise)", k, docs)
	}
	return nil
}

// Fit learns k topics from c: Q (cooc), its rectification, FastAnchorWords,
// the recovery step, R and the EM refinement, as the options ask. It
// fails for k < 2, k >= V (wrapping learner.ErrTooFewWords) or k > D
// (the number of documents), with a
// *learner.OptionError when the fit may rectify and RectifyWords is set
// at most k, when fewer than k words pass the candidate threshold
// (wrapping learner.ErrTooFewWords), and with a *learner.MemoryError when
// EstimateBytes exceeds MaxMemory.
func (l *Learner) Fit(ctx context.Context, c *corpus.Corpus, k int) (*model.Model, error) {
	l = l.ready()
	if err := learner.CheckCorpus(c); err != nil {
		return nil, err
	}
	o := l.opts
	switch {
	case k < 2:
		return nil, fmt.Errorf("anchor: K = %d topics: want 2 <= K < V", k)
	case k >= c.NumWords():
		return nil, fmt.Errorf("anchor: K = %d topics for %d words: want 2 <= K < V: %w", k, c.NumWords(), learner.ErrTooFewWords)
	}
	if err := checkDocs(k, c.NumDocs()); err != nil {
		return nil, err
	}
	if err := o.checkK(k); err != nil {
		return nil, err
	}
	if o.Rectify == RectifyAuto {
		return l.fitAuto(ctx, c, k)
	}
	m, _, err := l.fit(ctx, corpusInput(c), k, nil)
	return m, err
}

// fit is Fit for RectifyNone and RectifyAP, with the co-occurrence
// operator op of c if it is given (nil: built in the first stage). It
// returns the operator too.
func (l *Learner) fit(ctx context.Context, in input, k int, op cooc.Source) (*model.Model, cooc.Source, error) {
	o := l.opts
	f := newFit(&o, in, k, op)
	var err error
	f.timings, err = learner.RunStages(ctx, f.stages())
	if err != nil {
		return nil, nil, err
	}
	// f.shared, not op: the parameter must not keep a shared operator live
	// through a refinement that has dropped it.
	return f.model(), f.shared, nil
}

// newFit returns the state of a fit with options o.
func newFit(o *Options, in input, k int, op cooc.Source) *fit {
	params := map[string]any{"recover": string(o.Recover), "rectify": string(o.Rectify)}
	if o.Weighting != "" && o.Weighting != cooc.WeightDocuments {
		params["weighting"] = string(o.Weighting)
	}
	return &fit{o: o, input: in, k: k, op: op, params: params}
}

// stages returns the fit's stages in order: the co-occurrence operator,
// the rectification, the anchor words, the recovery, then the refinement
// or the topic covariance.
func (f *fit) stages() []learner.Stage {
	stages := []learner.Stage{{Name: "co-occurrence", Run: f.cooccurrence}}
	if f.o.Rectify == RectifyAP {
		stages = append(stages, learner.Stage{Name: "rectify", Run: f.rectify})
	}
	stages = append(stages,
		learner.Stage{Name: "anchor words", Run: f.anchors},
		learner.Stage{Name: "recover", Run: f.recover})
	if f.o.Refine > 0 {
		return append(stages, learner.Stage{Name: "refine", Run: f.refine}) // gives R too
	}
	return append(stages, learner.Stage{Name: "topic covariance", Run: f.covariance})
}

// ScreenStage is the timed stage of RectifyAuto's RecoverL2 screen before
// the paper's RecoverKL (see paperKL); its progress shows on the
// "recover" bar.
const ScreenStage = "recover l2"

// paperKL is the paper's fit with RecoverKL for RectifyAuto, screened:
// RecoverL2's topics from the same anchors (RecoverKL's starting point)
// are judged first, and when they are noisy they stand for the paper's
// topics, which RectifyAuto then replaces, without the RecoverKL solves
// that are most of the paper fit's time (KOS, NIPS and Reuters: 75-93%).
// Otherwise RecoverKL runs from the same anchors and its own topics are
// judged. It returns the paper's model (its topic covariance left out
// when screened) and the operator.
func paperKL(ctx context.Context, in input, k int, paper Options) (*model.Model, cooc.Source, error) {
	if err := in.checkMemory(k, &paper); err != nil {
		return nil, nil, err
	}
	o := paper
	o.Recover = RecoverL2
	f := newFit(&o, in, k, nil)
	f.keepL2 = true // the screen's solution is RecoverKL's start
	stages := f.stages()
	var err error
	if f.timings, err = learner.RunStages(ctx, stages[:len(stages)-1]); err != nil {
		return nil, nil, err
	}
	f.timings[len(f.timings)-1].Stage = ScreenStage
	f.params["screened_by"] = string(RecoverL2)
	if noisy, _, _ := learner.TopicsNoisy(f.model()); noisy {
		return f.model(), f.shared, nil
	}
	o.Recover = RecoverKL
	f.params["recover"] = string(RecoverKL)
	delete(f.params, "screened_by")
	more, err := learner.RunStages(ctx, []learner.Stage{{Name: "recover", Run: f.recover}, stages[len(stages)-1]})
	if err != nil {
		return nil, nil, err
	}
	f.timings = append(f.timings, more...)
	return f.model(), f.shared, nil
}

// fitAuto is Fit with RectifyAuto: the paper's pipeline, then, when its
// topics are noisy (learner.TopicsNoisy), the rectified pipeline with refinement.
// The model records the choice and the figures behind it; its timings
// hold the stages of both fits, the first prefixed "paper ".
func (l *Learner) fitAuto(ctx context.Context, c *corpus.Corpus, k int) (*model.Model, error) {
	return l.auto(ctx, corpusInput(c), k)
}

// auto is fitAuto on either input.
func (l *Learner) auto(ctx context.Context, in input, k int) (*model.Model, error) {
	// Refuse before any work a fit whose rectified branch would not fit
	// (the estimate covers both branches), or could not run.
	if err := l.opts.checkK(k); err != nil {
		return nil, err
	}
	if err := in.checkMemory(k, &l.opts); err != nil {
		return nil, err
	}
	paper, rectified := autoOptions(l.opts)
	if paper.Recover == Original {
		return l.refineIfNoisy(ctx, in, k, paper)
	}
	var m *model.Model
	var op cooc.Source
	var err error
	if paper.Recover == RecoverKL {
		m, op, err = paperKL(ctx, in, k, paper)
	} else {
		m, op, err = (&Learner{opts: paper, made: true}).fit(ctx, in, k, nil) // checks the memory the paper's fit needs
	}
	if err != nil {
		return nil, err
	}
	noisy, distinct, pairs := learner.TopicsNoisy(m)
	if !noisy {
		m.Params["rectify"], m.Params["rectify_chosen"] = string(RectifyAuto), string(RectifyNone)
		m.Params["paper_distinct_words"], m.Params["paper_near_duplicate_pairs"] = distinct, pairs
		if l.opts.RefineAlways && in.refineDocs() != nil {
			return l.refineKept(ctx, in, m)
		}
		return m, nil
	}
	timings := learner.FirstFitTimings(m.Provenance.Timings)
	screenedBy, screened := m.Params["screened_by"]
	m = nil // its K x V topics are not needed while the second fit runs
	if err := in.checkMemory(k, &rectified); err != nil {
		return nil, err
	}
	r, _, err := (&Learner{opts: rectified, made: true}).fit(ctx, in, k, op) // the same Q: the operator is shared
	if err != nil {
		return nil, err
	}
	r.Params["rectify"], r.Params["rectify_chosen"] = string(RectifyAuto), string(RectifyAP)
	r.Params["paper_distinct_words"], r.Params["paper_near_duplicate_pairs"] = distinct, pairs
	if screened {
		r.Params["paper_recover"] = screenedBy // the paper's topics judged were RecoverL2's
	}
	r.Provenance.Timings = append(timings, r.Provenance.Timings...)
	return r, nil
}

// refineIfNoisy is RectifyAuto for the original recovery, which cannot be
// rectified: the paper's fit, its topics refined (refine.IfNoisy) when
// they are noisy, concentrated or incoherent.
func (l *Learner) refineIfNoisy(ctx context.Context, in input, k int, paper Options) (*model.Model, error) {
	m, _, err := (&Learner{opts: paper, made: true}).fit(ctx, in, k, nil)
	if err != nil {
		return nil, err
	}
	_, distinct, pairs := learner.TopicsNoisy(m)
	m.Params["rectify"], m.Params["rectify_chosen"] = string(RectifyAuto), string(RectifyNone)
	m.Params["paper_distinct_words"], m.Params["paper_near_duplicate_pairs"] = distinct, pairs
	if in.refineDocs() == nil { // statistics: fitStats has set Refine to 0 and says why
		return m, nil
	}
	return l.refineKept(ctx, in, m)
}

// refineKept refines m, a model RectifyAuto keeps from the paper's fit,
// when its topics are noisy (refine.IfNoisy), or whatever they are with
// RefineAlways (refine.Always). It returns m, or nil and the error: a
// refinement stopped half way (a cancelled context) leaves m half done.
func (l *Learner) refineKept(ctx context.Context, in input, m *model.Model) (*model.Model, error) {
	o := refine.Options{Settings: l.opts.Settings, Iterations: l.opts.Refine, Tolerance: l.opts.RefineTolerance}
	var err error
	if l.opts.RefineAlways {
		err = refine.Always(ctx, in.refineDocs(), m, o)
	} else {
		_, err = refine.IfNoisy(ctx, in.refineDocs(), m, o)
	}
	if err != nil {
		return nil, err
	}
	return m, nil
}

// autoOptions returns the options of RectifyAuto's two fits: the paper's
// pipeline (no rectification, no refinement), then the rectified one.
func autoOptions(o Options) (paper, rectified Options) {
	paper, rectified = o, o
	paper.Rectify, paper.Refine = RectifyNone, 0
	rectified.Rectify = RectifyAP
	return paper, rectified
}

// fit holds the state of one Fit call, stage by stage.
type fit struct {
	o *Options
	input
	k       int
	op      cooc.Source
	shared  cooc.Source // the operator built by this fit, returned by Learner.fit (nil after refine)
	sp      *qbarSpace
	blk     *block // the rectified block, nil without rectification
	anchorL []int  // the anchors' indices in blk
	p       []float64
	anchorW []int
	// anchorDots is Q-bar Q-bar_S^T (V x K) for the anchors S found on
	// Q-bar itself, kept from FastAnchorWords for RecoverL2.
	anchorDots *mat.Dense
	// keepL2 asks recover to keep RecoverL2's solution C in l2, where
	// paperKL's RecoverKL starts from it.
	keepL2  bool
	l2      *mat.Dense
	topics  [][]float64
	pz      []float64
	r       *mat.Dense
	params  map[string]any
	timings []model.Timing
}

func (f *fit) cooccurrence(ctx context.Context) error {
	// One step: the operator's copies of the counts (or the dense Q of
	// statistics) take O(nnz) (O(V^2)), a small part of the fit.
	f.o.Progress.Report("co-occurrence", 0, 1)
	defer f.o.Progress.Report("co-occurrence", 1, 1)
	op := f.op
	if op == nil {
		if err := f.checkMemory(f.k, f.o); err != nil {
			return err
		}
		var err error
		if op, err = f.source(ctx, f.o); err != nil {
			return err
		}
		f.shared = op
	}
	f.op, f.p = op, op.RowSums()
	f.sp = newQbarSpace(op, f.p)
	f.params["docs_used"] = op.Docs()
	f.params["docs_skipped"] = f.docs - op.Docs()
	return nil
}

func (f *fit) rectify(ctx context.Context) error {
	if err := f.o.checkK(f.k); err != nil { // the block cut by RectifyWords, not the corpus, is too small
		return err
	}
	words := blockWords(f.df, f.p, rectifyN(len(f.vocab), f.k, f.o))
	if len(words) <= f.k {
		return fmt.Errorf("anchor: only %d words co-occur with others, not more than K = %d: %w", len(words), f.k, learner.ErrTooFewWords)
	}
	b, err := newBlock(ctx, f.op, words, f.o.Threads)
	if err != nil {
		return err
	}
	rep, err := rectify(ctx, b.x, f.k, f.o)
	if err != nil {
		return err
	}
	b.rowSums()
	f.blk = b
	f.params["rectify_words"] = rep.Words
	f.params["rectify_iterations"] = rep.Iterations
	f.params["rectify_change"] = learner.RoundSig(rep.Change, 4)
	f.params["rectify_converged"] = rep.Converged
	f.params["rectify_tolerance"] = f.o.RectifyTolerance
	f.params["rectify_max_iter"] = f.o.RectifyMaxIter
	f.params["rectify_block_mass"] = learner.RoundSig(b.mass, 4)
	return nil
}

func (f *fit) anchors(ctx context.Context) error {
	cands, minDF, err := candidates(f.df, f.docs, f.p, f.k, f.o.AnchorMinDF)
	if err != nil {
		return err
	}
	f.params["anchor_min_df"] = minDF
	if f.blk != nil {
		// Anchors are rows of the rectified block: its words among the
		// candidates, by local index.
		isCand := make([]bool, len(f.vocab))
		for _, w := range cands {
			isCand[w] = true
		}
		var local []int
		for j, w := range f.blk.words {
			if isCand[w] && f.blk.rs[j] > 0 {
				local = append(local, j)
			}
		}
		f.params["anchor_candidates"] = len(local)
		if len(local) < f.k {
			return fmt.Errorf("anchor: only %d of the %d rectified words occur in >= %d documents, fewer than K = %d: %w",
				len(local), len(f.blk.words), minDF, f.k, learner.ErrTooFewWords)
		}
		f.anchorL, _, err = findAnchors(ctx, &blockSpace{b: f.blk, threads: f.o.Threads}, local, f.k, &f.o.Settings)
		if err != nil {
			return err
		}
		f.anchorW = make([]int, f.k)
		for m, j := range f.anchorL {
			f.anchorW[m] = f.blk.words[j]
		}
		return nil
	}
	f.params["anchor_candidates"] = len(cands)
	var sp rowSpace = f.sp
	if f.o.ProjectDim >= len(f.vocab) { // its V x ProjectDim matrix, for no reduction
		return &learner.OptionError{Learner: AlgorithmName(f.o.Recover), Field: "ProjectDim", Value: f.o.ProjectDim,
			Want: fmt.Sprintf("below the %d words (0: no projection)", len(f.vocab))}
	}
	if f.o.ProjectDim > 0 {
		rng := rand.New(rand.NewPCG(f.o.Seed, 0x616e63686f72)) // "anchor"
		if sp, err = newProjectedSpace(ctx, f.sp, f.o.ProjectDim, rng); err != nil {
			return err
		}
		f.params["project_dim"] = f.o.ProjectDim
	}
	var z *mat.Dense
	f.anchorW, z, err = findAnchors(ctx, sp, cands, f.k, &f.o.Settings)
	if sp == rowSpace(f.sp) {
		f.anchorDots = z // Q-bar Q-bar_S^T, RecoverL2's kernel
	}
	return err
}

func (f *fit) recover(ctx context.Context) error {
	if f.o.Recover == Original {
		f.o.Progress.Report("recover", 0, 1) // O(V K^2): one step
		defer f.o.Progress.Report("recover", 1, 1)
		topics, r, pz, err := recoverOriginal(f.op, f.anchorW)
		f.topics, f.r, f.pz = topics, r, pz
		return err
	}
	solve := recoverL2
	if f.anchorDots != nil {
		solve = func(ctx context.Context, sp *qbarSpace, anchors []int, o *Options, progress learner.Progress) (*mat.Dense, solveStats, error) {
			return solveL2(ctx, f.anchorDots, anchorGram(f.anchorDots, anchors), sp.invP, o, progress)
		}
	}
	if f.o.Recover == RecoverKL {
		solve = func(ctx context.Context, sp *qbarSpace, anchors []int, o *Options, progress learner.Progress) (*mat.Dense, solveStats, error) {
			return recoverKL(ctx, sp, anchors, f.anchorDots, f.l2, o, progress) // from RecoverL2's solution
		}
	}
	if f.blk != nil {
		rectified := recoverRectified
		if f.o.Recover == RecoverKL {
			rectified = recoverRectifiedKL
		}
		solve = func(ctx context.Context, sp *qbarSpace, _ []int, o *Options, progress learner.Progress) (*mat.Dense, solveStats, error) {
			return rectified(ctx, sp, f.blk, f.anchorL, o, progress)
		}
	}
	c, st, err := solve(ctx, f.sp, f.anchorW, f.o, f.o.Progress)
	if err != nil {
		return err
	}
	if f.keepL2 && f.o.Recover == RecoverL2 && f.blk == nil {
		f.l2 = c
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
	if f.blk != nil {
		r, err := diagonalCovariance(f.blk, f.anchorL, f.topics)
		f.r = r
		return err
	}
	r, err := topicCovariance(ctx, f.sp, f.topics)
	f.r = r
	return err
}

func (f *fit) refine(ctx context.Context) error {
	// The co-occurrence operator and the rectified block are done with:
	// let the collector have them before the refinement allocates.
	f.op, f.shared, f.sp, f.blk = nil, nil, nil, nil
	r, err := refine.Run(ctx, f.refineDocs(), f.topics, refine.Options{Settings: f.o.Settings, Iterations: f.o.Refine, Tolerance: f.o.RefineTolerance})
	if err != nil {
		return err
	}
	f.topics, f.pz = r.Topics, r.Weights
	r.Record(f.params)
	f.r, err = r.Covariance()
	return err
}

func (f *fit) model() *model.Model {
	var cov [][]float64 // none before the last stage (paperKL's screen)
	if f.r != nil {
		cov = make([][]float64, f.k)
		for a := range cov {
			cov[a] = append([]float64(nil), f.r.RawRowView(a)...)
		}
	}
	return &model.Model{
		Algorithm:       AlgorithmName(f.o.Recover),
		Params:          f.params,
		K:               f.k,
		Vocab:           f.vocab,
		Topics:          f.topics,
		TopicWeights:    f.pz,
		TopicCovariance: cov,
		Anchors:         f.anchorW,
		Provenance:      f.provenance(&f.o.Settings, f.timings),
	}
}

// candidates returns the words that may be anchors: those in at least
// minDF documents (AutoMinDF when minDF is 0) with p(w) > 0. When the
// automatic threshold leaves fewer than k words it is lowered as far as
// needed; a threshold the caller chose is kept and reported.
func candidates(df []int, docs int, p []float64, k, minDF int) ([]int, int, error) {
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
			return nil, minDF, fmt.Errorf("anchor: only %d words occur in >= AnchorMinDF = %d documents, fewer than K = %d: %w",
				len(cands), minDF, k, learner.ErrTooFewWords)
		}
		return cands, minDF, nil
	}
	for t := corpus.AutoMinDF(docs); t >= 1; t-- {
		if cands := pick(t); len(cands) >= k || t == 1 {
			if len(cands) < k {
				return nil, t, fmt.Errorf("anchor: only %d words occur in documents of 2 or more tokens, fewer than K = %d: %w", len(cands), k, learner.ErrTooFewWords)
			}
			return cands, t, nil
		}
	}
	panic("unreachable")
}

// EstimateBytes returns the working memory Fit needs for c and k topics
// under o, the corpus itself aside: the peak of the live heap, the largest
// of the stages' (within 25% of the measured peak on the corpora of
// TestMemoryEstimate). Every stage holds the co-occurrence operator (the
// word-major copy of the counts, 10 bytes a nonzero, the bulk on large
// corpora) and a few vectors per word. Beside it, the paper's pipeline
// holds the largest of: the row norms' partial sums, FastAnchorWords'
// V x K and candidates x K matrices, the recovery's (the anchors' dots,
// C and the topics, V x K each; RecoverKL adds the anchor rows and per
// goroutine the support of a row of Q-bar by the K anchors, Original a
// fourth V x K) and the covariance's (four V x K). RectifyAP holds
// instead the dense N x N block beside the subspace iteration's N x (K +
// 10) blocks or the recovery's V x K matrices. Refine drops the operator,
// then holds the EM's word-major copy of the counts (8 bytes a nonzero)
// and its D x K and V x K parameters, three and four of each. For
// RectifyAuto it is the largest of its two fits (the rectified one shares
// the paper's operator and drops it before it refines). Fit checks each
// fit's own estimate before it starts it, so the rectified fit, which
// runs only when the paper's topics are noisy, can be refused after the
// paper's.
func EstimateBytes(c *corpus.Corpus, k int, o Options) int64 {
	z := sizes{v: int64(c.NumWords()), d: int64(c.NumDocs()), nnz: c.NNZ(), cands: countCandidates(c.DocFreq(), c.NumDocs(), k, o),
		q: cooc.EstimateOperatorBytes(c), norms: cooc.EstimateSqRowNormsBytes(c, o.Threads)}
	return estimate(z, k, o)
}

// sizes are what the working memory of a fit depends on.
type sizes struct {
	v, d, nnz, cands int64
	q                int64 // Q's form: the operator over the documents, or the dense matrix
	norms            int64 // the working space of Q's row norms
}

// countCandidates returns the number of anchor candidates (at least k)
// among words of the given document frequencies.
func countCandidates(df []int, docs, k int, o Options) int64 {
	minDF := o.AnchorMinDF
	if minDF == 0 {
		minDF = corpus.AutoMinDF(docs)
	}
	var cands int64
	for _, n := range df {
		if n >= minDF {
			cands++
		}
	}
	return max(cands, int64(k))
}

// estimate is EstimateBytes for a fit of the given sizes.
func estimate(z sizes, k int, o Options) int64 {
	v, d, kk, cands := z.v, z.d, int64(k), z.cands
	th := int64(parallel.Threads(o.Threads))
	vk := 8 * v * kk // a V x K matrix
	// Q; per word p, 1/p and the document frequencies.
	op := z.q + 24*v
	// The recovery: the anchors' dots, C and the topics, and a solve's
	// result per word; RecoverKL adds the anchor rows (V x K) and its
	// goroutines each hold the support of a row of Q-bar by the K
	// anchors' entries, in float64 and in float32 for Newton's Hessian
	// (up to 12 V K bytes), and seven rows; Original holds Q_S, its
	// solution and the topics beside the anchors' dots.
	recovery := 3*vk + 32*v
	switch o.Recover {
	case RecoverKL:
		recovery += vk + th*(12*v*kk+56*v)
	case Original:
		recovery = 4 * vk
	}
	// Row norms (their partial sums, the candidates' norms and indices);
	// FastAnchorWords (the basis and the dots with it, then with the
	// anchors; per candidate the dots with the basis, residuals and
	// distances); its clean-up (G and G M^-1 beside the dots); the
	// recovery; the covariance (the anchors' dots, the topics, A and A^+T,
	// the quadratic form's 16 partial K x K sums).
	paper := op + max(z.norms+16*cands, 2*vk+8*cands*kk+24*cands,
		vk+3*8*cands*kk, recovery, 4*vk+8*16*kk*kk)
	// The dense N x N block beside: the operator's rows being copied into
	// it (one per goroutine); the subspace iteration's Z, W, Y and Y^T and
	// its per-row vectors; or the recovery's G^T and its product with the
	// block, G, Y and C over all words, and a result per word.
	n := int64(rectifyN(int(v), k, &o))
	l := min(n, kk+rectifyOversample)
	rectified := op + 8*n*n + max(8*v*th, 8*n*(2*l+2*kk+2+th), 16*n*kk+3*vk+32*v)
	var need int64
	switch {
	case o.Rectify == RectifyAuto && o.Recover == Original:
		need = paper // refined, never rectified
	case o.Rectify == RectifyAuto:
		need = max(paper, rectified)
	case o.Rectify == RectifyAP:
		need = rectified
	default:
		need = paper
	}
	if o.Refine > 0 {
		need = max(need, refine.Estimate(v, d, z.nnz, kk)+24*v) // the operator dropped; p and 1/p kept
	}
	return need
}

// EstimateBytes returns the working memory Fit needs for c and k topics
// with the learner's options: the package's EstimateBytes. It makes the
// learner a learner.Estimator.
func (l *Learner) EstimateBytes(c *corpus.Corpus, k int) int64 {
	return EstimateBytes(c, k, l.ready().opts)
}

// checkMemory refuses, before allocating, a fit above o.MaxMemory.
func checkMemory(c *corpus.Corpus, k int, o *Options) error {
	what := fmt.Sprintf("anchor: the anchor pipeline for %d words, %d documents and K = %d", c.NumWords(), c.NumDocs(), k)
	n := rectifyN(c.NumWords(), k, o)
	switch {
	case o.Recover == Original: // never rectified (checkK)
	case o.Rectify == RectifyAP:
		what += fmt.Sprintf(", rectifying the dense %d x %d co-occurrence block of the most frequent words", n, n)
	case o.Rectify == RectifyAuto:
		what += fmt.Sprintf(", with the dense %d x %d co-occurrence block of the most frequent words rectified if the paper's topics are near-copies", n, n)
	}
	return o.Settings.CheckMemory(what, EstimateBytes(c, k, *o))
}

// checkK refuses options that cannot fit k topics whatever the input: a
// RectifyWords block, where the anchors are sought, of no more words
// than K, when the fit may rectify (it failed after the paper's whole
// fit, blaming the corpus). The registry's CheckK.
func (o *Options) checkK(k int) error {
	rectifies := o.Rectify == RectifyAP || o.Rectify == RectifyAuto && o.Recover != Original
	if rectifies && o.RectifyWords > 0 && o.RectifyWords <= k {
		return &learner.OptionError{Learner: AlgorithmName(o.Recover), Field: "RectifyWords", Value: o.RectifyWords,
			Want: fmt.Sprintf("more than K = %d: the K anchors are chosen among the block's words (0: max(%d, 10 K))", k, DefaultRectifyWords)}
	}
	return nil
}

// rectifyN returns N, the size of the rectified block, for a vocabulary
// of v words.
func rectifyN(v, k int, o *Options) int {
	n := o.RectifyWords
	if n == 0 {
		n = max(DefaultRectifyWords, 10*k)
	}
	return min(n, v)
}
