package refine

import (
	"context"
	"math"
	"time"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
)

// IfNoisy refines m, a model fitted on c, in place when its topics are
// noisy by learner.TopicsNoisy's rule (near-copies of one another), and
// reports whether it did; o.Iterations = 0 leaves every model as it is
// (Params record nothing). It is the automatic refinement of the
// geometric learners: their own estimates are kept where they are
// distinct (on planted topics above all, where the refinement's smoothing
// costs accuracy), and noisy topics, which no user can read, are
// refined.
//
// m's Params record "refine" (o.Iterations) and "refined"; a refined model
// records Result.Record's figures and "unrefined_distinct_words" and
// "unrefined_near_duplicate_pairs" (learner.TopicsNoisy's figures before),
// its TopicWeights become Result.Weights and a TopicCovariance, where m
// has one, Result.Covariance; a "refine" stage is added to its timings.
// The typed results that say how the topics were found (anchor words,
// vertex words, dominant topics, clusters) are those of the fit the
// refinement started from, topic by topic: the refinement keeps the
// topics' order.
func IfNoisy(ctx context.Context, c *corpus.Corpus, m *model.Model, o Options) (bool, error) {
	if o.Iterations == 0 {
		return false, nil
	}
	if m.Params == nil {
		m.Params = map[string]any{}
	}
	m.Params["refine"] = o.Iterations
	noisy, distinct, pairs := learner.TopicsNoisy(m)
	if !noisy {
		m.Params["refined"] = false
		return false, nil
	}
	o.Logf("refine: the topics are near-copies (%d different top words of %d, %d near-duplicate pairs): refining them by EM", distinct, m.K*min(learner.NoisyTopWords, len(m.Vocab)), pairs)
	start := time.Now()
	r, err := Run(ctx, c, m.Topics, o)
	if err != nil {
		return false, err
	}
	if m.TopicCovariance != nil {
		cov, err := r.Covariance()
		if err != nil {
			return false, err
		}
		m.TopicCovariance = denseRows(cov.RawMatrix().Data, m.K)
	}
	m.Topics, m.TopicWeights = r.Topics, r.Weights
	r.Record(m.Params)
	m.Params["refined"] = true
	m.Params["unrefined_distinct_words"], m.Params["unrefined_near_duplicate_pairs"] = distinct, pairs
	m.Provenance.Timings = append(m.Provenance.Timings, model.Timing{Stage: Stage, Seconds: time.Since(start).Seconds()})
	return true, nil
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
}

// DefaultAuto returns the Auto of the learners' registered defaults.
func DefaultAuto() Auto { return Auto{Refine: DefaultIterations} }

// AutoOptions are Auto's options as the learner registry sets them by
// name; each learner that embeds Auto lists them.
var AutoOptions = []learner.Option{
	{Field: "Refine", Flag: "refine", Usage: "when the topics are near-copies (more than 2% of the topic pairs share half their top 10 words, or fewer than 60% of the top-word slots hold different words), refine them by at most this many iterations of variational EM for LDA (alpha 0.1, beta 0.01) started from them; 0: never"},
	{Field: "RefineTolerance", Flag: "refine-tol", Usage: "stop refining once an iteration moves the topics by less than this mean l1 distance (0: 1e-6)"},
}

// Validate returns an *learner.OptionError, naming learnerName, for a
// negative Refine or a RefineTolerance that is negative or not finite.
func (a Auto) Validate(learnerName string) error {
	switch {
	case a.Refine < 0:
		return &learner.OptionError{Learner: learnerName, Field: "Refine", Value: a.Refine, Want: ">= 0 (0: never refine)"}
	case a.RefineTolerance < 0 || math.IsNaN(a.RefineTolerance) || math.IsInf(a.RefineTolerance, 1):
		return &learner.OptionError{Learner: learnerName, Field: "RefineTolerance", Value: a.RefineTolerance, Want: "a finite number >= 0 (0: 1e-6)"}
	}
	return nil
}

// Apply is IfNoisy with a's iterations and tolerance and the fit's
// settings s.
func (a Auto) Apply(ctx context.Context, c *corpus.Corpus, m *model.Model, s learner.Settings) error {
	_, err := IfNoisy(ctx, c, m, Options{Settings: s, Iterations: a.Refine, Tolerance: a.RefineTolerance})
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
