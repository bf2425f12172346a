package refine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
)

// IfNoisy refines m, a model fitted on c, in place when its topics are noisy
// by learner.TopicsNoisy's rule (near-copies of one another), concentrated
// by learner.TopicsConcentrated's (a few topics hold the corpus, the others
// a handful of documents), incoherent on c by learner.TopicsIncoherent's
// (their top words occur together less often than at random) or, when
// these three pass them, concentrated on c's documents by
// learner.Spread's rule (the dominant topics of at most CheckSampleDocs
// documents, 5 K above K = 400, evenly spaced, and none judged below
// learner.JudgedDocs(K): the rule and inference of the health "hull fit"
// prints, eval.TopicHealth, on a tenth of its sample), and reports
// whether it did; o.Iterations = 0 leaves every model as it is (Params
// record nothing). It is the automatic refinement of the geometric learners:
// their own estimates are kept where they are distinct and spread (on
// planted topics above all, where the refinement's smoothing costs
// accuracy), and topics that no user can read are refined.
//
// m's Params record "refine" (o.Iterations) and "refined"; a refined model
// records Result.Record's figures and "unrefined_distinct_words",
// "unrefined_near_duplicate_pairs" (learner.TopicsNoisy's figures before)
// and "unrefined_incoherent_topics" and "unrefined_least_npmi"
// (learner.TopicsIncoherent's) and,
// where m has topic weights, "unrefined_effective_topics" and
// "unrefined_largest_weight" (learner.TopicsConcentrated's) and, where
// the documents were judged, "unrefined_document_effective_topics",
// "unrefined_largest_document_share" and "unrefined_rare_topics"
// (learner.Spread's); its
// TopicWeights become Result.Weights and a TopicCovariance, where m
// has one, Result.Covariance; a "refine" stage is added to its timings.
// The typed results that say how the topics were found (anchor words,
// vertex words, dominant topics, clusters) are those of the fit the
// refinement started from, topic by topic: the refinement keeps the
// topics' order. Judging the documents adds a CheckStage to m's timings:
// O(20 nnz K) over the sample (docs/BENCHMARKS.md, "Concentrated
// documents").
//
// Invalid o.Settings (learner.Settings.Validate), a negative o.Iterations
// or a negative or non-finite o.Tolerance is refused with a
// *learner.OptionError naming "refine" before anything else; on any error
// (those of Run among them) m is left as it was.
func IfNoisy(ctx context.Context, c *corpus.Corpus, m *model.Model, o Options) (bool, error) {
	return refineModel(ctx, c, m, o, false)
}

// Always refines m, a model fitted on c, in place whatever its topics: it
// is IfNoisy without the rules, for a user who reads topics the rules
// pass (distinct, spread and coherent by their thresholds) and wants the
// refinement's anyway; on the real text of docs/BENCHMARKS.md it raises
// the NPMI of such topics at the cost of the EM iterations (section
// "Refining always"). m's Params record what IfNoisy records of a refined
// model and "refine_always"; o.Iterations = 0 leaves m as it is. Its
// errors are IfNoisy's, and leave m as it was.
func Always(ctx context.Context, c *corpus.Corpus, m *model.Model, o Options) error {
	_, err := refineModel(ctx, c, m, o, true)
	return err
}

// refineModel is IfNoisy, and Always when always is true.
func refineModel(ctx context.Context, c *corpus.Corpus, m *model.Model, o Options, always bool) (bool, error) {
	if m == nil {
		return false, errors.New("refine: no model (nil)")
	}
	// The options first: a negative Iterations was recorded in Params
	// when the rules passed the model, and refused only when they did not.
	if err := o.Settings.Validate("refine"); err != nil {
		return false, err
	}
	switch {
	case o.Iterations < 0:
		return false, &learner.OptionError{Learner: "refine", Field: "Iterations", Value: o.Iterations, Want: ">= 0 (0: no refinement)"}
	case o.Tolerance < 0 || math.IsNaN(o.Tolerance) || math.IsInf(o.Tolerance, 1):
		return false, &learner.OptionError{Learner: "refine", Field: "Tolerance", Value: o.Tolerance, Want: "a finite number >= 0 (0: the default)"}
	case o.Iterations == 0:
		return false, nil
	}
	// The rules read c by m's word indices: another vocabulary panicked.
	if err := m.Validate(); err != nil {
		return false, fmt.Errorf("refine: %w", err)
	}
	if c == nil {
		return false, errors.New("refine: no corpus (nil)")
	}
	if err := m.CheckVocab(c.Vocab); err != nil {
		return false, fmt.Errorf("refine: %w", err)
	}
	// m changes only once nothing can fail: Params and timings were
	// written before the errors of the rules and of the refinement.
	var timings []model.Timing
	noisy, distinct, pairs := learner.TopicsNoisy(m)
	concentrated, effective, largest := learner.TopicsConcentrated(m)
	incoherent, incoherentTopics, leastNPMI, err := learner.TopicsIncoherent(m, c)
	if err != nil {
		return false, fmt.Errorf("refine: %w", err)
	}
	var spread *learner.Spread // measured only when the other rules pass
	if !noisy && !concentrated && !incoherent && !always {
		s, check, err := documentSpread(ctx, c, m, o)
		if err != nil {
			return false, err
		}
		spread, timings = &s, append(timings, check)
	}
	switch {
	case noisy:
		o.Logf("refine: the topics are near-copies (%d different top words of %d, %d near-duplicate pairs): refining them by EM", distinct, m.K*min(learner.NoisyTopWords, len(m.Vocab)), pairs)
	case concentrated:
		o.Logf("refine: the topics are concentrated (%.1f effective topics of %d, the largest %.0f%% of the weight): refining them by EM", effective, m.K, 100*largest)
	case incoherent:
		o.Logf("refine: the topics are incoherent (the top words of %d of %d topics occur together less often than at random, the least NPMI %.3f): refining them by EM", incoherentTopics, m.K, leastNPMI)
	case spread != nil && spread.Concentrated():
		o.Logf("refine: the documents are concentrated (by the dominant topics of %d documents: %.1f effective topics of %d, the largest topic dominant in %.0f%% of them, %d rare topics): refining them by EM",
			spread.Docs, spread.Effective, m.K, 100*spread.LargestShare, len(spread.Rare))
	case always:
		o.Logf("refine: the topics are distinct, spread and coherent (%d different top words, %.1f effective topics, the least NPMI %.3f): refining them by EM as asked", distinct, effective, leastNPMI)
	default:
		params(m)["refine"] = o.Iterations
		m.Params["refined"] = false
		m.Provenance.Timings = append(m.Provenance.Timings, timings...)
		return false, nil
	}
	start := time.Now()
	r, err := Run(ctx, c, m.Topics, o)
	if err != nil {
		return false, err
	}
	cov := m.TopicCovariance
	if cov != nil {
		dense, err := r.Covariance()
		if err != nil {
			return false, err
		}
		cov = denseRows(dense.RawMatrix().Data, m.K)
	}
	m.Topics, m.TopicWeights, m.TopicCovariance = r.Topics, r.Weights, cov
	params(m)["refine"] = o.Iterations
	r.Record(m.Params)
	m.Params["refined"] = true
	if always {
		m.Params["refine_always"] = true
	}
	m.Params["unrefined_distinct_words"], m.Params["unrefined_near_duplicate_pairs"] = distinct, pairs
	m.Params["unrefined_incoherent_topics"] = incoherentTopics
	m.Params["unrefined_least_npmi"] = learner.RoundSig(leastNPMI, 3)
	if effective > 0 {
		m.Params["unrefined_effective_topics"] = learner.RoundSig(effective, 3)
		m.Params["unrefined_largest_weight"] = learner.RoundSig(largest, 3)
	}
	if spread != nil {
		m.Params["unrefined_document_effective_topics"] = learner.RoundSig(spread.Effective, 3)
		m.Params["unrefined_largest_document_share"] = learner.RoundSig(spread.LargestShare, 3)
		m.Params["unrefined_rare_topics"] = len(spread.Rare)
	}
	m.Provenance.Timings = append(append(m.Provenance.Timings, timings...), model.Timing{Stage: Stage, Seconds: time.Since(start).Seconds()})
	return true, nil
}

// params returns m.Params, made if nil.
func params(m *model.Model) map[string]any {
	if m.Params == nil {
		m.Params = map[string]any{}
	}
	return m.Params
}

// CheckStage is the timed stage of the rule of concentrated documents:
// the dominant topics of a sample of the documents.
const CheckStage = "refine check"

// CheckSampleDocs is the most documents, evenly spaced, whose dominant
// topics the rule of concentrated documents judges: a tenth of the health
// step's sample (infer.DominantSampleDocs), which took 2.9 s on the
// 30,000-document benchmark corpus at K = 100, 45% of a TSVD fit; 2,000
// documents give each of K = 100 even topics about 20, and the effective
// number of topics within a few percent. Above K = 400 the sample is
// learner.JudgedDocs(K) = 5 K documents, the fewest the rule judges.
const CheckSampleDocs = 2000

// documentSpread returns how the documents of c spread over m's topics by
// the dominant topics of at most max(CheckSampleDocs,
// learner.JudgedDocs(K)) of them, evenly spaced,
// inferred as "hull fit"'s health does (infer.SampleDominantTopics), and
// its time, the timing of stage CheckStage for m.
func documentSpread(ctx context.Context, c *corpus.Corpus, m *model.Model, o Options) (learner.Spread, model.Timing, error) {
	start := time.Now()
	var progress learner.Progress // infer's stage reported as CheckStage
	if o.Progress != nil {
		progress = func(_ string, done, total int) { o.Progress(CheckStage, done, total) }
	}
	sample := max(CheckSampleDocs, learner.JudgedDocs(m.K))
	dominant, _, err := infer.SampleDominantTopics(ctx, m, c, sample, infer.Options{Threads: o.Threads, Progress: progress})
	if err != nil {
		return learner.Spread{}, model.Timing{}, fmt.Errorf("refine: the documents' dominant topics: %w", err)
	}
	timing := model.Timing{Stage: CheckStage, Seconds: time.Since(start).Seconds()}
	spread, err := learner.SpreadOf(dominant, m.K)
	return spread, timing, err
}

// denseRows splits a k x k row-major matrix into rows.
func denseRows(x []float64, k int) [][]float64 {
	out := make([][]float64, k)
	for i := range out {
		out[i] = append([]float64(nil), x[i*k:(i+1)*k]...)
	}
	return out
}

// Auto holds the refinement options of a learner that refines its topics
// when they are noisy (IfNoisy); the learners embed it in their Options.
// The zero value refines nothing: the learners' registered defaults (what
// "hull fit" runs) set Refine to DefaultIterations.
type Auto struct {
	// Refine is the most EM iterations run from noisy topics; 0 runs
	// none, and keeps the learner's own topics whatever they are.
	Refine int
	// RefineTolerance stops the refinement once an iteration moves the
	// topics by less than this mean l1 distance; 0 selects
	// DefaultTolerance.
	RefineTolerance float64
	// RefineAlways refines the topics whatever they are (Always), not
	// only when IfNoisy's rules find them noisy; it needs Refine > 0.
	RefineAlways bool
}

// DefaultAuto returns the Auto of the learners' registered defaults.
func DefaultAuto() Auto { return Auto{Refine: DefaultIterations} }

// AutoOptions are Auto's options as the learner registry sets them by
// name; each learner that embeds Auto lists them.
var AutoOptions = []learner.Option{
	{Field: "Refine", Flag: "refine", Usage: "when the topics are near-copies (more than 2% of the topic pairs share half their top 10 words, or fewer than 60% of the top-word slots hold different words) or their weights are concentrated (fewer than K/2 effective topics, or one above 0.3 and 3/K) or more than a quarter of them are incoherent (the NPMI of their top 10 words in the documents below -0.02: they occur together less often than at random) or one is below -0.25, or else the documents concentrate on a few of them (by the dominant topics of up to 2,000 documents, 5 K above K = 400, and none judged below 5 K or 50, by the rule of the health printed after the fit: one topic dominant in more than half, more than half the topics dominant in fewer than 0.5%, or fewer than K/2 effective topics), refine them by at most this many iterations of variational EM for LDA (alpha 0.1, beta 0.01) started from them; 0: never"},
	{Field: "RefineTolerance", Flag: "refine-tol", Usage: "stop refining once an iteration moves the topics by less than this mean l1 distance (0: 1e-6)", Inert: []learner.Inert{{Field: "Refine", Value: ""}}},
	{Field: "RefineAlways", Flag: "refine-always", Usage: "refine the topics by the --refine iterations whatever they are, not only when the rules of --refine find them noisy: slower (the EM iterations), and on real text the topics' words usually occur together more (see README)"},
}

// Validate returns an *learner.OptionError, naming learnerName, for a
// negative Refine or a RefineTolerance that is negative or not finite.
func (a Auto) Validate(learnerName string) error {
	switch {
	case a.Refine < 0:
		return &learner.OptionError{Learner: learnerName, Field: "Refine", Value: a.Refine, Want: ">= 0 (0: never refine)"}
	case a.RefineTolerance < 0 || math.IsNaN(a.RefineTolerance) || math.IsInf(a.RefineTolerance, 1):
		return &learner.OptionError{Learner: learnerName, Field: "RefineTolerance", Value: a.RefineTolerance, Want: "a finite number >= 0 (0: 1e-6)"}
	case a.RefineAlways && a.Refine == 0:
		return &learner.OptionError{Learner: learnerName, Field: "RefineAlways", Value: a.RefineAlways, Want: "false when Refine is 0 (no iteration to run)"}
	}
	return nil
}

// Apply is IfNoisy, or Always when a.RefineAlways, with a's iterations
// and tolerance and the fit's settings s.
func (a Auto) Apply(ctx context.Context, c *corpus.Corpus, m *model.Model, s learner.Settings) error {
	_, err := refineModel(ctx, c, m, Options{Settings: s, Iterations: a.Refine, Tolerance: a.RefineTolerance}, a.RefineAlways)
	return err
}

// EstimateBytes returns the working memory of the refinement a may run
// for c and k topics (0 when Refine is 0): what a learner's estimate
// takes the larger of with its own fit's.
func (a Auto) EstimateBytes(c *corpus.Corpus, k int) int64 {
	if a.Refine == 0 {
		return 0
	}
	return EstimateBytes(c, k)
}
