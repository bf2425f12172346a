package eval

import (
	"context"
	"fmt"
	"strings"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
)

// The thresholds of TopicHealth.
const (
	// NearDuplicateOverlap is the share of their top N words two topics
	// must have in common to be near-duplicates: at least half (of the
	// longer list, where a topic has fewer than N words of positive
	// weight), the rule of model.Model.TopWordOverlap, which counts them.
	NearDuplicateOverlap = 0.5
	// CollapsedPairShare is the share of topic pairs that are
	// near-duplicates above which the topics have collapsed: more than a
	// quarter of the pairs.
	CollapsedPairShare = 0.25
	// CollapsedDistinctShare is the share of the top-word slots (K x N,
	// fewer where topics have fewer words of positive weight) holding
	// different words below which the topics have collapsed:
	// fewer than 40%, each top word being among the top words of more
	// than 2.5 topics on average. On KOS (K = 20) the anchor, Topic-SCORE
	// and TSVD topics that read as near-copies hold 59 to 65 different
	// words of 200; k-means and Projector topics 94 to 100, Gibbs
	// sampling's 132 (and 297 of 500 for K = 50).
	CollapsedDistinctShare = 0.4
	// CollapsedLargestShare is the share of documents above which one
	// topic dominating them is a collapse, when it is also above twice
	// the even share 1/K (so that the rule never fires for K = 2).
	CollapsedLargestShare = learner.DominantDocShare
	// RareTopicShare is the share of documents below which a topic is
	// rare: it is the dominant topic of fewer than 0.5% of the documents.
	// Above K = 100 the threshold is half the even share, 1/(2K)
	// (Health.RareShare): at K = 300 even topics dominate 0.33% of the
	// documents each, and all would be rare.
	RareTopicShare = learner.RareTopicShare
	// CollapsedRareShare is the share of the topics above which rare
	// topics are a collapse: more than half of them.
	CollapsedRareShare = learner.RareTopicsShare
	// CollapsedEffectiveShare is the share of K below which the effective
	// number of topics of the documents (Health.EffectiveTopics) is a
	// collapse: the documents spread as over fewer than half of the
	// topics, a few near the corpus's frequent words holding most of them
	// (random projections on the AP news, K = 20, without the refinement:
	// 7.5 effective topics, where no single topic passes
	// CollapsedLargestShare). Every learner's default spreads the
	// documents of KOS, NIPS, Reuters, AP, SLA and Classic over at least
	// 0.6 K effective topics, Gibbs sampling over at least 0.84 K
	// (docs/BENCHMARKS.md, "Every geometric learner on real text").
	CollapsedEffectiveShare = learner.ConcentratedDocShare
)

// DominantIterations is the number of variational updates per document
// DominantTopics allows: infer.DominantIterations, ten times fewer than
// infer's default.
const DominantIterations = infer.DominantIterations

// Health is the result of TopicHealth: figures that tell distinct topics
// from collapsed ones, whatever the learner. The word figures always
// apply; the document figures only when dominant topics were given
// (Docs > 0).
type Health struct {
	// K is the number of topics and Top the number of top words per topic
	// compared (N, at most the vocabulary size).
	K, Top int
	// DistinctWords is the number of different words among the K x Top
	// top-word slots (fewer for topics on fewer words of positive weight):
	// K x Top for topics with disjoint top words, Top for K copies of one
	// topic.
	DistinctWords int
	// NearDuplicatePairs is the number of pairs of topics that share at
	// least NearDuplicateOverlap of their top words, out of Pairs =
	// K(K-1)/2.
	NearDuplicatePairs, Pairs int

	// Docs is the number of documents with a dominant topic, 0 when none
	// was given; the figures below apply only when it is positive.
	Docs int
	// DocShare holds, per topic, the share of the Docs documents whose
	// dominant topic it is.
	DocShare []float64
	// LargestTopic is the topic dominant in most documents (the lower one
	// on ties), -1 without documents, and LargestShare its DocShare.
	LargestTopic int
	LargestShare float64
	// EffectiveTopics is the effective number of topics of the documents,
	// exp(-sum_k s_k log s_k) over the DocShare s: K when every topic is
	// the dominant topic of as many documents, 1 when one topic is of
	// all; 0 without documents.
	EffectiveTopics float64
	// RareShare is the share of the documents below which a topic is rare,
	// min(RareTopicShare, 1/(2K)), and RareTopics lists, in increasing
	// order, the topics dominant in fewer than RareShare of them.
	RareShare  float64
	RareTopics []int
	// TooFewDocs is set when the documents are too few to judge the
	// topics by, fewer than MinDocs = learner.JudgedDocs(K): Docs,
	// when positive, or those with a token that AddCoherence measured.
	// The figures above then give no collapse sign, and NPMI no verdict
	// of incoherence (a few documents leave most pairs of top words apart
	// by chance).
	TooFewDocs bool
	MinDocs    int

	// Collapsed is set when any of Signs is: more than CollapsedPairShare
	// of the topic pairs are near-duplicates; fewer than
	// CollapsedDistinctShare of the top-word slots hold different words;
	// the largest topic dominates more than CollapsedLargestShare of the
	// documents and more than twice the even share 1/K; more than
	// CollapsedRareShare of the topics are rare; EffectiveTopics is below
	// CollapsedEffectiveShare of K.
	Collapsed bool
	// Signs describes each collapse sign found, one phrase each.
	Signs []string
	// Advice says what to try when Collapsed (see CollapseAdvice), else
	// when Incoherent (IncoherenceAdvice, set by AddCoherence), ""
	// otherwise.
	Advice string

	// NPMI holds, per topic, the NPMI of its top words in the documents
	// (learner.TopicNPMIs' learner.NoisyTopWords), nil unless
	// AddCoherence or SetCoherence set it; the figures below apply only
	// then.
	NPMI []float64
	// IncoherentTopics lists, in increasing order, the topics whose NPMI
	// is below learner.IncoherentNPMI: their top words occur together less
	// often than at random. LeastTopic is the topic of the least NPMI.
	IncoherentTopics []int
	LeastTopic       int
	// Incoherent is learner.TopicsIncoherent's verdict: more than
	// learner.IncoherentShare of the topics incoherent, or one below
	// learner.StronglyIncoherentNPMI. It is no collapse (the topics may
	// be distinct and spread), and IncoherenceAdvice says what to try.
	Incoherent bool
}

// AddCoherence measures how coherent the topics of m are in the documents
// of c (m's vocabulary; at most learner.IncoherentSampleDocs of them,
// evenly spaced): Health's NPMI, IncoherentTopics, LeastTopic and
// Incoherent, and the Advice of incoherent topics that have not
// collapsed. It returns learner.TopicNPMIs' error (c on another
// vocabulary) and leaves h as it was. Time and memory as
// learner.TopicsIncoherent's.
func (h *Health) AddCoherence(m *model.Model, c *corpus.Corpus) error {
	npmi, err := learner.TopicNPMIs(m, c)
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	h.MinDocs = learner.JudgedDocs(h.K)
	if c.NumDocs()-c.EmptyDocs() < h.MinDocs {
		h.TooFewDocs = true
	}
	h.SetCoherence(m, npmi)
	return nil
}

// SetCoherence is AddCoherence with the topics' NPMI already measured
// (npmi, one per topic of m: learner.TopicNPMIs, or Coherence.TopicNPMI
// on all the documents of a reference corpus).
func (h *Health) SetCoherence(m *model.Model, npmi []float64) {
	h.NPMI = npmi
	h.IncoherentTopics, h.LeastTopic = nil, 0
	for k, npmi := range h.NPMI {
		if npmi < learner.IncoherentNPMI {
			h.IncoherentTopics = append(h.IncoherentTopics, k)
		}
		if npmi < h.NPMI[h.LeastTopic] {
			h.LeastTopic = k
		}
	}
	h.Incoherent, _, _ = learner.IncoherentBy(h.NPMI)
	h.Incoherent = h.Incoherent && !h.TooFewDocs
	if h.Incoherent && !h.Collapsed {
		h.Advice = IncoherenceAdvice(m)
	}
}

// IncoherenceAdvice returns what to try when the topics of m are
// incoherent (Health.Incoherent), in the terms of the library as
// CollapseAdvice, from the learner that fitted m (model.Model.Algorithm),
// whether its topics were refined by EM (model.Model.Refined) and, for the
// anchor learners, the weighting of the documents in Q (Params
// "weighting"). Topics whose top words are tokens of no language (markup,
// numbers, codes, as the Classic collections' "[s15])") come from the
// corpus's preparation; otherwise the geometric learners' refinement
// (their default on incoherent topics, off with Refine 0), the anchor
// learners' weighting of documents by their pairs of tokens (on Classic
// with corpus.PruneOptions.MinDF 5: 2 incoherent topics of 15, least NPMI
// -0.360 -> none, least 0.006) and Gibbs sampling give coherent topics on
// the real corpora of docs/BENCHMARKS.md. A nil m, of no learner and no
// topics to advise on, gives "".
func IncoherenceAdvice(m *model.Model) string {
	if m == nil {
		return ""
	}
	words := "read their top words: tokens of no language (markup, numbers, codes) call for a cleaner corpus (text.Options.DropJunk, text.Options.DropNumbers, corpus.PruneOptions.MinDF); otherwise "
	gibbs := "try the gibbs learner (lda.NewGibbs): slower, but none of its topics is incoherent on the six real corpora of docs/BENCHMARKS.md"
	switch m.Algorithm {
	case "gibbs", "vb":
		return words + "run more Iterations"
	case "anchor", "anchor-kl", "recover":
		if m.Params["weighting"] != "pairs" {
			return words + "weigh the documents by their pairs of tokens (anchor.Options.Weighting = pairs), or " + gibbs
		}
	case "rp", "ddp", "binning", "kmeans", "projector", "score", "tsvd":
		if !m.Refined() {
			return words + "refine the topics by EM (refine.Auto.Refine), or " + gibbs
		}
	}
	return words + gibbs
}

// TopicHealth measures how distinct the topics of m are from their top
// topN words (DefaultTopN if topN <= 0) and, given dominant, how the
// documents spread over them. dominant holds each document's dominant
// topic, -1 for a document left out, as DominantTopics or DominantOf
// return them; nil gives the word figures only. m must be valid (see
// model.Model.Validate); TopicHealth panics if an entry of dominant is
// outside [-1, K).
//
// Time O(K V log N) to rank the words, O(K^2 N) to compare the top lists
// (with a V-sized marker) and O(D) for the document figures.
func TopicHealth(m *model.Model, dominant []int, topN int) Health {
	if topN <= 0 {
		topN = DefaultTopN
	}
	h := Health{K: m.K, LargestTopic: -1, Top: min(topN, len(m.Vocab))}
	h.Pairs = m.K * (m.K - 1) / 2
	var slots int
	h.DistinctWords, h.NearDuplicatePairs, slots = m.TopWordOverlap(h.Top)
	if h.Pairs > 0 && float64(h.NearDuplicatePairs) > CollapsedPairShare*float64(h.Pairs) {
		h.Signs = append(h.Signs, fmt.Sprintf("%d of the %d topic pairs share at least half of their top %d words (more than a quarter)",
			h.NearDuplicatePairs, h.Pairs, h.Top))
	}
	// The share is of the words listed: topics on fewer than Top words of
	// positive weight list fewer (model.Model.TopWords).
	if float64(h.DistinctWords) < CollapsedDistinctShare*float64(slots) {
		h.Signs = append(h.Signs, fmt.Sprintf("the %d top words (%d x %d at most) hold only %d different words (fewer than 40%%)",
			slots, h.K, h.Top, h.DistinctWords))
	}
	h.documentFigures(dominant)
	if h.Collapsed = len(h.Signs) > 0; h.Collapsed {
		refine := refineAdvice
		switch m.Params["refined"] {
		case false: // the rules of package refine let the topics pass
			refine = refineAlwaysAdvice
		case true: // refined already, and more iterations need not help:
			refine = "" // score on Reuters, K = 100: 40 near-duplicate pairs after 20, 52 after 200
		}
		h.Advice = collapseAdvice(m.Algorithm, refine, m.Params)
	}
	return h
}

// documentFigures fills in the document figures of h and their collapse
// signs.
func (h *Health) documentFigures(dominant []int) {
	spread, err := learner.SpreadOf(dominant, h.K)
	if err != nil {
		panic("eval: TopicHealth: " + err.Error())
	}
	if spread.Docs == 0 {
		return
	}
	h.Docs, h.DocShare, h.RareShare, h.RareTopics = spread.Docs, spread.Share, spread.RareShare, spread.Rare
	h.LargestTopic, h.LargestShare, h.EffectiveTopics = spread.Largest, spread.LargestShare, spread.Effective
	h.TooFewDocs, h.MinDocs = !spread.Judged(), learner.JudgedDocs(h.K)
	if spread.Dominated() {
		h.Signs = append(h.Signs, fmt.Sprintf("topic %d is the dominant topic of %.0f%% of the documents (more than half)",
			h.LargestTopic+1, 100*h.LargestShare))
	}
	if spread.MostlyRare() {
		h.Signs = append(h.Signs, fmt.Sprintf("%d of the %d topics are the dominant topic of fewer than %.2g%% of the documents (more than half)",
			len(h.RareTopics), h.K, 100*h.RareShare))
	}
	if spread.Narrow() {
		h.Signs = append(h.Signs, fmt.Sprintf("the documents spread over %.1f effective topics of %d (fewer than half: a few topics hold most of them)",
			h.EffectiveTopics, h.K))
	}
}

// gibbsAdvice is CollapseAdvice's advice of last resort.
const gibbsAdvice = "try the gibbs learner (lda.NewGibbs): slower, but its topics stay distinct on real text where those of the geometric learners collapse; " +
	"lda.GibbsOptions.Init = lda.InitAnchor starts it from anchor-word topics"

// CollapseAdvice returns what to try when the topics of a model fitted by
// the named learner (model.Model.Algorithm) have collapsed, in the terms
// of the library (learners by their registered names, options by their
// fields). For the LDA learners (gibbs, vb), whose topics collapse when
// words common to most documents are kept or the fit is stopped early, it
// suggests pruning and more iterations; for every other learner, Gibbs
// sampling, whose topics stay distinct on the real corpora (KOS, NIPS,
// Reuters) where those of the geometric learners collapse, after what the
// learner itself offers: the EM refinement of noisy topics (package
// refine; the geometric learners' default, which a Refine of 0 turns
// off; for recover, anchor.Options.Refine), for the projection learners a higher candidate floor (their
// default raises it to 10% of the documents when the first fit is noisy),
// for tsvd the authors' thresholds.
//
// TopicHealth gives a model that records it was not refined (Params
// "refined" false: the rules of package refine found its topics fine)
// the advice to refine them whatever the rules say (RefineAlways), and
// one that records it was refined no advice to refine; and a model of
// anchor or anchor-kl that records it was fitted without rectification
// (Params "rectify" "none": the paper's pipeline, whose topics collapse on
// real text) the advice to rectify (anchor.Options.Rectify = auto or ap)
// before Gibbs sampling.
func CollapseAdvice(algorithm string) string { return collapseAdvice(algorithm, refineAdvice, nil) }

// The advice to refine the topics, by default and to a model whose topics
// the rules let pass (on SLA, K = 50, rp's largest topic was the dominant
// topic of 38% of the documents but held 14% of the weight, before the
// rules judged the documents too; documents other than the fit's, or more
// than the rules' sample, can still tell otherwise).
const (
	refineAdvice       = "refine the topics by EM (refine.Auto.Refine: 20 iterations, as in refine.DefaultAuto and every geometric learner's DefaultOptions, turned the near-copies of score, recover, tsvd, rp, ddp and binning on KOS, NIPS and Reuters into distinct topics), or "
	refineAlwaysAdvice = "refine the topics by EM whatever they are (refine.Auto.RefineAlways: the rules of refine.Auto.Refine let these pass; they judge the topics' words and weights and a sample of at most 2,000 documents of the fit's corpus (5 K above K = 400), not necessarily the documents judged here), or "
)

// rectifyAdvice is CollapseAdvice's first advice to the anchor learners
// fitted without rectification. On KOS, K = 10, without refinement: 33
// different words among the 10 x 10 top words and 27 of the 45 topic
// pairs near-duplicates unrectified, 63 and 1 with Rectify = ap.
const rectifyAdvice = "rectify the co-occurrence matrix before choosing the anchor words (anchor.Options.Rectify = auto, as in anchor.DefaultOptions, or ap: " +
	"on KOS, K = 10, 63 different top words of 100 and 1 near-duplicate pair of topics rectified, 33 and 27 not), or "

// collapseAdvice is CollapseAdvice with refine as its advice to refine,
// which names the options of refine.Auto (the recover learner has its
// own, in anchor.Options), for a model whose Params are params.
func collapseAdvice(algorithm, refine string, params map[string]any) string {
	if algorithm == "recover" {
		refine = strings.ReplaceAll(refine, "refine.Auto.", "anchor.Options.")
	}
	switch algorithm {
	case "anchor", "anchor-kl":
		if params["rectify"] == "none" {
			return rectifyAdvice + gibbsAdvice
		}
	case "gibbs", "vb":
		return "prune words that occur in most documents (corpus.PruneOptions.MaxDF) and run more Iterations"
	case "rp", "ddp", "binning":
		return refine + "raise the novel-word candidate floor (projection.Options.MinDF: 10-20% of the documents gave healthy topics on KOS, NIPS and Reuters), or " + gibbsAdvice
	case "tsvd":
		return refine + "threshold as the authors' code does (tsvd.Options.Thresholds = authors), or " + gibbsAdvice
	case "score", "recover", "projector", "kmeans":
		return refine + gibbsAdvice
	}
	return gibbsAdvice
}

// DominantOf returns the dominant topic of each row of theta: the index of
// its largest weight (the lower one on ties), -1 for a row whose weights
// are all zero or that is empty (infer.DominantOf). Time O(D K).
func DominantOf(theta [][]float64) []int { return infer.DominantOf(theta) }

// DominantTopics returns the dominant topic of each document of c under
// m's topics, -1 for a document without tokens or whose words all have
// zero weight in every topic (infer.EmptyUnexplained): the largest of the topic
// weights that variational inference gives it (infer.DominantTopics:
// infer.VB, the prior of infer.AlphaFor, at most DominantIterations
// updates per document; deterministic, and the same for any threads, 0
// meaning one goroutine per CPU). c must be on m's vocabulary
// (corpus.Align); the error wraps model.ErrVocabMismatch otherwise, or is
// ctx.Err().
//
// This is what "hull fit" runs on its training corpus for TopicHealth.
// Time O(DominantIterations x nnz x K) at most, spread over the threads:
// about 0.2 s of one core on KOS (353,160 nonzeros) for K = 20.
func DominantTopics(ctx context.Context, m *model.Model, c *corpus.Corpus, threads int) ([]int, error) {
	return dominantTopics(ctx, m, c, threads, nil)
}

// dominantTopics is DominantTopics reporting its documents done to
// progress (stage infer.Stage; nil for none), as Measure does.
func dominantTopics(ctx context.Context, m *model.Model, c *corpus.Corpus, threads int, progress learner.Progress) ([]int, error) {
	dom, err := infer.DominantTopics(ctx, m, c, infer.Options{Threads: threads, Progress: progress})
	if err != nil {
		return nil, fmt.Errorf("eval: dominant topics: %w", err)
	}
	return dom, nil
}

// HealthSampleDocs is the most documents whose dominant topics "hull fit"
// infers for the health of the topics it prints (SampleDominantTopics),
// infer.DominantSampleDocs; the refinement's rule of concentrated
// documents (package refine) judges a tenth of them by the same rule.
const HealthSampleDocs = infer.DominantSampleDocs

// SampleDominantTopics is DominantTopics on at most n of c's documents,
// evenly spaced (documents floor(i D / n), i < n, in order): every
// document when D <= n or n <= 0 (infer.SampleDominantTopics). The others
// get -1, so that TopicHealth's document figures describe the sample. It
// returns the dominant topics and the number of documents sampled.
func SampleDominantTopics(ctx context.Context, m *model.Model, c *corpus.Corpus, n, threads int) ([]int, int, error) {
	dom, sampled, err := infer.SampleDominantTopics(ctx, m, c, n, infer.Options{Threads: threads})
	if err != nil {
		return nil, 0, fmt.Errorf("eval: dominant topics: %w", err)
	}
	return dom, sampled, nil
}

// String returns a one-line summary of the figures that apply, for logs.
func (h Health) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d distinct words among the %d x %d top words; %d of %d topic pairs near-duplicates",
		h.DistinctWords, h.K, h.Top, h.NearDuplicatePairs, h.Pairs)
	if h.Docs > 0 {
		fmt.Fprintf(&b, "; largest topic %.1f%% of %d documents; %d rare topics; %.1f effective topics", 100*h.LargestShare, h.Docs, len(h.RareTopics), h.EffectiveTopics)
	}
	if h.NPMI != nil {
		fmt.Fprintf(&b, "; %d incoherent topics, the least NPMI %.3f", len(h.IncoherentTopics), h.NPMI[h.LeastTopic])
	}
	if h.Collapsed {
		b.WriteString("; collapsed")
	}
	if h.Incoherent {
		b.WriteString("; incoherent")
	}
	return b.String()
}
