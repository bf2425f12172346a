package eval

import (
	"context"
	"errors"
	"fmt"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/internal/ctxio"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
)

// SuiteOptions say which measures Measure computes: each applies when its
// input is given. The zero value measures unique words and the word
// figures of TopicHealth only.
type SuiteOptions struct {
	// Truth, if not nil, is the true model: L1Recovery and CosineRecovery
	// (which need Truth.K == K). Measure does not check that it is of the
	// model's corpus: CheckTruthCorpus does.
	Truth *model.Model
	// CountRecovered adds RecoveredAt(m, Truth, RecoveredAt), the number
	// of true topics matched at cosine >= RecoveredAt; it needs Truth. The
	// models may then have different K, and when they do, l1 and cosine
	// recovery are left out.
	CountRecovered bool
	// RecoveredAt is CountRecovered's cosine, in (0, 1]; 0 selects
	// DefaultRecoveredAt (a threshold of 0 would count every true topic).
	RecoveredAt float64
	// Heldout, if not nil, holds held-out documents on the model's
	// vocabulary (corpus.Align) for DocumentCompletion, with VB inference.
	Heldout *corpus.Corpus
	// Reference, if not nil, is a reference corpus on the model's
	// vocabulary for TopicCoherence.
	Reference *corpus.Corpus
	// Labels, if not nil, maps document ids to class labels (ReadLabels):
	// NMI and Purity of the dominant topics of the documents of Reference
	// (else Heldout) against their labels. It needs one of the two.
	Labels map[string]string
	// Top is the number of top words per topic of TopicCoherence,
	// UniqueWords and TopicHealth; 0 means DefaultTopN.
	Top int
	// Seed seeds DocumentCompletion's split and inference.
	Seed uint64
	// Threads is the number of goroutines of DocumentCompletion and
	// DominantTopics; 0 means one per CPU. The result does not depend on
	// it.
	Threads int
	// Progress, if non-nil, receives the documents done of the
	// inferences Measure runs, its longest stages on large corpora:
	// DocumentCompletion's on Heldout (stage CompletionStage), then
	// DominantTopics' on the health's documents (stage DominantStage),
	// each from 0 to its total, from one goroutine at a time.
	Progress learner.Progress
}

// The progress stages of Measure (SuiteOptions.Progress).
const (
	CompletionStage = "document completion"
	DominantStage   = "dominant topics"
)

// Measures are the measures of one model; a nil field does not apply. The
// JSON keys are those of "hull eval --json".
type Measures struct {
	// L1Mean and L1Max are the mean and largest l1 distance of
	// L1Recovery; CosineMean the mean similarity of CosineRecovery.
	L1Mean     *float64 `json:"l1_mean,omitempty"`
	L1Max      *float64 `json:"l1_max,omitempty"`
	CosineMean *float64 `json:"cosine_mean,omitempty"`
	// Perplexity is the held-out perplexity of DocumentCompletion, computed
	// as Estimator says.
	Perplexity *float64 `json:"perplexity,omitempty"`
	// HeldOutTokens and HeldOutDocs are the tokens and documents the
	// perplexity scored, SkippedDocs the documents of fewer than 2 tokens
	// it could not split, and ZeroProbTokens the held-out tokens of a
	// word no topic gives probability, scored at the floor (Perplexity's
	// fields): when they are many, the figure reflects the floor's
	// Epsilon more than the model.
	HeldOutTokens  *int64 `json:"heldout_tokens,omitempty"`
	HeldOutDocs    *int   `json:"heldout_docs,omitempty"`
	SkippedDocs    *int   `json:"skipped_docs,omitempty"`
	ZeroProbTokens *int64 `json:"zero_prob_tokens,omitempty"`
	// CoherenceUMass and CoherenceNPMI are the means over topics of
	// TopicCoherence.
	CoherenceUMass *float64 `json:"coherence_umass,omitempty"`
	CoherenceNPMI  *float64 `json:"coherence_npmi,omitempty"`
	// IncoherentTopics is the number of topics whose NPMI is below
	// learner.IncoherentNPMI (Coherence.Incoherent).
	IncoherentTopics *int `json:"incoherent_topics,omitempty"`
	// LeastTopicNPMI is the least NPMI of a topic (Coherence.LeastNPMI).
	LeastTopicNPMI *float64 `json:"least_topic_npmi,omitempty"`
	// UnseenTopWords is the number of distinct top words that occur in no
	// reference document (Coherence.UnseenWords), and SkippedUMassPairs
	// the UMass terms left out for them (Coherence.SkippedPairs): a
	// topic's UMass looks better than it is when they are not 0.
	UnseenTopWords    *int `json:"unseen_top_words,omitempty"`
	SkippedUMassPairs *int `json:"skipped_umass_pairs,omitempty"`
	// TopicNPMI holds the NPMI of each topic's top words
	// (Coherence.TopicNPMI), topic by topic.
	TopicNPMI []float64 `json:"topic_npmi,omitempty"`
	// UniqueWords is the mean of UniqueWords; it always applies.
	UniqueWords *float64 `json:"unique_words,omitempty"`
	// Recovered is RecoveredAt's Count at RecoveredThreshold (with
	// CountRecovered only).
	Recovered          *int     `json:"recovered,omitempty"`
	RecoveredThreshold *float64 `json:"recovered_threshold,omitempty"`
	// DistinctWords, NearDuplicatePairs and Collapsed are those of
	// Health; they always apply.
	DistinctWords      *int `json:"distinct_words,omitempty"`
	NearDuplicatePairs *int `json:"near_duplicate_pairs,omitempty"`
	// LargestTopicShare, RareTopics (the number of rare topics),
	// EffectiveTopics and HealthDocs (the documents with a dominant topic)
	// are those of Health, on the documents of Reference, else Heldout.
	LargestTopicShare *float64 `json:"largest_topic_share,omitempty"`
	RareTopics        *int     `json:"rare_topics,omitempty"`
	EffectiveTopics   *float64 `json:"effective_topics,omitempty"`
	HealthDocs        *int     `json:"health_docs,omitempty"`
	Collapsed         *bool    `json:"collapsed,omitempty"`
	// TooFewDocs is Health.TooFewDocs, set only when true: the documents
	// are too few to judge the topics by (their spread and coherence).
	TooFewDocs *bool `json:"too_few_docs,omitempty"`
	// NMI and Purity compare the dominant topics of the LabelledDocs
	// documents that have both a label and a dominant topic with their
	// labels (with Labels only).
	NMI          *float64 `json:"nmi,omitempty"`
	Purity       *float64 `json:"purity,omitempty"`
	LabelledDocs *int     `json:"labelled_docs,omitempty"`
	// Health holds the whole of TopicHealth's result, with its signs and
	// advice.
	Health *Health `json:"-"`
	// TrueK is the number of topics of the truth, 0 without one.
	TrueK int `json:"-"`
	// Estimator describes how Perplexity was computed (Perplexity's
	// Estimator).
	Estimator string `json:"-"`
}

// Measure computes every measure of m whose input o gives, in the order
// of the fields of Measures: recovery of o.Truth, held-out perplexity on
// o.Heldout, coherence on o.Reference, unique words, topic health (its
// document figures on the dominant topics, DominantTopics, of the
// documents of o.Reference, else of o.Heldout, when one is given) and
// agreement with o.Labels. The corpora must be on m's vocabulary. It
// returns m.Validate's error for a model that is not one and an
// *OptionError for an option out of range (Top negative, RecoveredAt
// outside [0, 1], Threads negative) before any work, the first error of
// a measure (such as a model.ErrVocabMismatch, or models
// of different K for l1 recovery without CountRecovered), and an error
// when o.Labels is given without a corpus or labels none of its
// documents. It returns ctx.Err() when ctx is done before a measure (it
// checks at its start and between the measures: recovery and the word
// figures do not look at ctx) or during one. It scores o.Truth whatever
// corpus it records: call CheckTruthCorpus first to refuse a truth of
// another corpus. o.Progress follows its inferences. Time: that of the
// measures that apply (see each).
func Measure(ctx context.Context, m *model.Model, o SuiteOptions) (*Measures, error) {
	if err := checkSuite(m, o); err != nil {
		return nil, err
	}
	var ms Measures
	for _, measure := range []func() error{
		func() error { return ms.recovery(m, o) },
		func() error { return ms.perplexity(ctx, m, o) },
		func() error { return ms.coherence(ctx, m, o) },
		func() error { return ms.health(ctx, m, o) },
	} {
		if err := ctxio.Err(ctx); err != nil { // learner.ErrNilContext for a nil ctx
			return nil, err
		}
		if err := measure(); err != nil {
			return nil, err
		}
	}
	return &ms, nil
}

// checkSuite returns Measure's errors for a model that is not one or
// options out of range.
func checkSuite(m *model.Model, o SuiteOptions) error {
	if err := m.Validate(); err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	switch {
	case o.CountRecovered && o.Truth == nil:
		return errors.New("eval: CountRecovered needs a Truth")
	case o.Top < 0:
		return &OptionError{Options: "SuiteOptions", Field: "Top", Value: o.Top, Want: ">= 1 (0: DefaultTopN)"}
	case o.CountRecovered && !(o.RecoveredAt >= 0 && o.RecoveredAt <= 1):
		return &OptionError{Options: "SuiteOptions", Field: "RecoveredAt", Value: o.RecoveredAt, Want: "a cosine in (0, 1] (0: DefaultRecoveredAt)"}
	case o.Threads < 0:
		return &OptionError{Options: "SuiteOptions", Field: "Threads", Value: o.Threads, Want: ">= 0 (0: one per CPU)"}
	}
	return nil
}

// recovery fills in the recovery of o.Truth, when given.
func (ms *Measures) recovery(m *model.Model, o SuiteOptions) error {
	t := o.Truth
	if t == nil {
		return nil
	}
	ms.TrueK = t.K
	if !o.CountRecovered || m.K == t.K {
		l1, err := L1Recovery(m, t)
		if err != nil {
			return err
		}
		cos, err := CosineRecovery(m, t)
		if err != nil {
			return err
		}
		ms.L1Mean, ms.L1Max, ms.CosineMean = &l1.Mean, &l1.Max, &cos.Mean
	}
	if o.CountRecovered {
		at := o.RecoveredAt
		if at == 0 {
			at = DefaultRecoveredAt
		}
		r, err := RecoveredAt(m, t, at)
		if err != nil {
			return err
		}
		ms.Recovered, ms.RecoveredThreshold = &r.Count, &r.Threshold
	}
	return nil
}

// perplexity fills in the held-out perplexity on o.Heldout, when given.
func (ms *Measures) perplexity(ctx context.Context, m *model.Model, o SuiteOptions) error {
	if o.Heldout == nil {
		return nil
	}
	p, err := DocumentCompletion(ctx, m, o.Heldout, PerplexityOptions{
		Infer: infer.Options{Method: infer.VB, Seed: o.Seed, Threads: o.Threads, Progress: renamed(o.Progress, CompletionStage)}, Seed: o.Seed})
	if err != nil {
		return err
	}
	ms.Perplexity, ms.Estimator = &p.Perplexity, p.Estimator
	ms.HeldOutTokens, ms.HeldOutDocs, ms.SkippedDocs, ms.ZeroProbTokens = &p.HeldOutTokens, &p.Docs, &p.SkippedDocs, &p.ZeroProbTokens
	return nil
}

// coherence fills in the coherence on o.Reference, when given.
func (ms *Measures) coherence(ctx context.Context, m *model.Model, o SuiteOptions) error {
	if o.Reference == nil {
		return nil
	}
	coh, err := TopicCoherence(ctx, m, o.Reference, o.Top)
	if err != nil {
		return err
	}
	incoherent, least := coh.Incoherent(), coh.LeastNPMI()
	ms.CoherenceUMass, ms.CoherenceNPMI, ms.IncoherentTopics, ms.LeastTopicNPMI = &coh.UMass, &coh.NPMI, &incoherent, &least
	ms.TopicNPMI = coh.TopicNPMI
	ms.UnseenTopWords, ms.SkippedUMassPairs = &coh.UnseenWords, &coh.SkippedPairs
	return nil
}

// renamed returns p reporting under stage the progress of a stage of
// another name (infer.Stage), nil for a nil p: Measure's two inferences
// are told apart.
func renamed(p learner.Progress, stage string) learner.Progress {
	if p == nil {
		return nil
	}
	return func(_ string, done, total int) { p(stage, done, total) }
}

// health fills in unique words, the figures of TopicHealth, its
// coherence from the topics' NPMI on the reference corpus when measured
// (ms.TopicNPMI), and, with o.Labels, NMI and Purity.
func (ms *Measures) health(ctx context.Context, m *model.Model, o SuiteOptions) error {
	unique, _ := UniqueWords(m, o.Top)
	ms.UniqueWords = &unique
	docs := o.Reference
	if docs == nil {
		docs = o.Heldout
	}
	if o.Labels != nil && docs == nil {
		return errors.New("eval: Labels need a Reference or Heldout corpus whose documents they label")
	}
	var dominant []int
	if docs != nil {
		var err error
		if dominant, err = dominantTopics(ctx, m, docs, o.Threads, renamed(o.Progress, DominantStage)); err != nil {
			return err
		}
	}
	h := TopicHealth(m, dominant, o.Top)
	if ms.TopicNPMI != nil {
		h.SetCoherence(m, ms.TopicNPMI)
	}
	ms.Health = &h
	ms.DistinctWords, ms.NearDuplicatePairs, ms.Collapsed = &h.DistinctWords, &h.NearDuplicatePairs, &h.Collapsed
	if h.TooFewDocs {
		ms.TooFewDocs = &h.TooFewDocs
	}
	if h.Docs > 0 {
		rare := len(h.RareTopics)
		ms.LargestTopicShare, ms.RareTopics, ms.HealthDocs = &h.LargestShare, &rare, &h.Docs
		ms.EffectiveTopics = &h.EffectiveTopics
	}
	if o.Labels == nil {
		return nil
	}
	classes, _, _ := LabelClasses(docs.DocIDs, o.Labels)
	n := 0
	for d, c := range classes {
		if c >= 0 && dominant[d] >= 0 {
			n++
		}
	}
	if n == 0 {
		return fmt.Errorf("eval: none of the %d documents (ids such as %q) has both a label and a token: do the labels' ids match the corpus's?",
			docs.NumDocs(), docs.DocIDs[:min(3, len(docs.DocIDs))])
	}
	nmi, purity := NMI(dominant, classes), Purity(dominant, classes)
	ms.NMI, ms.Purity, ms.LabelledDocs = &nmi, &purity, &n
	return nil
}
