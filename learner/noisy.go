package learner

import (
	"errors"
	"math"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/cohere"
	"github.com/hulltopics/hull/model"
)

// The rule by which a learner that may fit twice judges its first topics
// (anchor's RectifyAuto, the projection learners' RaiseMinDF), on the
// NoisyTopWords most probable words of each topic: the topics are noisy,
// near-copies of one another, when more than NoisyPairShare of the topic
// pairs share at least half of their top words, or when the K x
// NoisyTopWords slots hold fewer than NoisyDistinctShare different words.
// On KOS, NIPS and Reuters the anchor paper's topics break both (28%, 9%
// and 18% of the pairs; 30%, 33% and 43% distinct); on the synthetic
// corpora of docs/BENCHMARKS.md the learners' topics break neither.
const (
	NoisyTopWords      = 10
	NoisyPairShare     = 0.02
	NoisyDistinctShare = 0.6
)

// TopicsNoisy reports whether m's topics are noisy by that rule, with the
// figures it used. It panics as model.Model.TopWords on a malformed m
// (the learners call it on their own topics; refine validates first).
func TopicsNoisy(m *model.Model) (noisy bool, distinct, nearDuplicatePairs int) {
	distinct, nearDuplicatePairs, slots := m.TopWordOverlap(NoisyTopWords)
	pairs := m.K * (m.K - 1) / 2
	noisy = float64(nearDuplicatePairs) > NoisyPairShare*float64(pairs) || float64(distinct) < NoisyDistinctShare*float64(slots)
	return noisy, distinct, nearDuplicatePairs
}

// RoundSig rounds x to n significant digits, for a figure in Params that
// is only read (a change, a share), not computed with.
func RoundSig(x float64, n int) float64 {
	if x == 0 || math.IsInf(x, 0) || math.IsNaN(x) {
		return x
	}
	p := math.Pow(10, float64(n)-math.Ceil(math.Log10(math.Abs(x))))
	return math.Round(x*p) / p
}

// The rule by which a learner judges its topics' weights p(z)
// (model.Model.TopicWeights): the topics are concentrated, the corpus held
// by a few of them while the others are left to a handful of documents,
// when the effective number of topics, exp(-sum_k p_k log p_k) (1 for one
// topic, K for even weights), is below ConcentratedEffectiveShare of K,
// or when the largest weight is above both DominantTopicWeight and
// DominantTopicFactor times the even share 1/K. It is the other face of
// unreadable topics on real text: a few topics near the corpus's frequent
// words take most of the documents, the others gather around noise words,
// while their top words stay distinct. Random projections on the AP news
// (K = 20) put 71% of the weight in three such topics (7.4 effective
// topics), Binning at the automatic candidate floor on KOS most of it in
// one (4.1 effective topics); refined, their documents spread over 18.7
// and 18.4 (docs/BENCHMARKS.md, "Concentrated and incoherent topics").
const (
	ConcentratedEffectiveShare = 0.5
	DominantTopicWeight        = 0.3
	DominantTopicFactor        = 3
)

// TopicsConcentrated reports whether m's topic weights are concentrated by
// that rule, with the figures it used: the effective number of topics and
// the largest weight, of the weights normalised to sum 1. A model without
// weights (len(TopicWeights) != K, or no positive weight) is never
// concentrated, and its figures are 0.
func TopicsConcentrated(m *model.Model) (concentrated bool, effective, largest float64) {
	if len(m.TopicWeights) != m.K || m.K == 0 {
		return false, 0, 0
	}
	var sum float64
	for _, w := range m.TopicWeights {
		if w > 0 {
			sum += w
		}
	}
	if !(sum > 0) || math.IsInf(sum, 1) {
		return false, 0, 0
	}
	var entropy float64
	for _, w := range m.TopicWeights {
		if w > 0 {
			p := w / sum
			entropy -= p * math.Log(p)
			largest = max(largest, p)
		}
	}
	effective = math.Exp(entropy)
	concentrated = effective < ConcentratedEffectiveShare*float64(m.K) || DominantWeight(largest, m.K)
	return concentrated, effective, largest
}

// DominantWeight reports whether one topic of k holding the share largest
// of the corpus dominates it: largest above both DominantTopicWeight and
// DominantTopicFactor / k.
func DominantWeight(largest float64, k int) bool {
	return largest > max(DominantTopicWeight, DominantTopicFactor/float64(k))
}

// The rule by which a learner judges how its topics read on the corpus it
// was fitted on: a topic is incoherent when the NPMI of its NoisyTopWords
// top words, the mean over their pairs of log(p(a,b) / (p(a) p(b))) / -log
// p(a,b) by document co-occurrence, is below IncoherentNPMI, its words
// occurring together less often than words drawn at random; the topics are
// incoherent when more than IncoherentShare of them are. It is the face of
// unreadable topics that neither near-copies nor concentrated weights show:
// words of different parts of the corpus mixed in one topic. On the four
// Classic collections taken as one corpus (K = 15) Projector's, RP's,
// TSVD's, DDP's and Binning's topics are distinct and spread, yet 4 to 11 of
// 15 are incoherent (a medical word among aerodynamics words, say); refined,
// at most 2 of 15 are, and no learner's default on KOS, NIPS, Reuters, AP,
// SLA and Classic has more than a fifth (docs/BENCHMARKS.md, "Concentrated
// and incoherent topics"). IncoherentNPMI is below 0 by a margin for words
// found in most documents, whose NPMI is near 0 with a sign that is noise:
// on the Topic-SCORE paper's simulated corpus (synth.NewKe, 500 documents)
// two of Topic-SCORE's three topics have top words in 70-80% of the
// documents and NPMI 0.023 and -0.002.
//
// The topics are also incoherent when one topic's NPMI is below
// StronglyIncoherentNPMI: its top words shun one another, a topic no user
// can read, and a sign that the fit mixed parts of the corpus. On the AP
// news (K = 20) Projector's topics pass the share rule (1 of 20 below
// IncoherentNPMI) with one topic at -0.435 and a mean NPMI of 0.105;
// refined, the mean is 0.215 (anchor's 0.231). No other default model of
// anchor and the refining learners on KOS, NIPS, Reuters, AP and Classic
// had a topic below -0.21 before this rule, nor any on the K = 100
// benchmark corpora of 30,000 and 100,000 documents one below 0. At most
// IncoherentSampleDocs documents, evenly spaced, are counted.
const (
	IncoherentNPMI         = -0.02
	IncoherentShare        = 0.25
	StronglyIncoherentNPMI = -0.25
	IncoherentSampleDocs   = 20000
)

// TopicsIncoherent reports whether the topics of m, fitted on c (the same
// vocabulary), are incoherent by that rule, with the number of incoherent
// topics and the least NPMI of a topic. Time O(nnz) for a corpus of at
// most IncoherentSampleDocs documents (a sample of them otherwise) and
// O(K NoisyTopWords^2 D) at most for the pairs; memory 4 bytes per
// occurrence of a top word in the documents counted. The error is
// TopicNPMIs'.
func TopicsIncoherent(m *model.Model, c *corpus.Corpus) (incoherent bool, count int, least float64, err error) {
	npmi, err := TopicNPMIs(m, c)
	if err != nil {
		return false, 0, 0, err
	}
	incoherent, count, least = IncoherentBy(npmi)
	return incoherent, count, least, nil
}

// IncoherentBy judges topics by TopicsIncoherent's rule from their NPMIs
// (TopicNPMIs), with the number below IncoherentNPMI and the least.
func IncoherentBy(npmi []float64) (incoherent bool, count int, least float64) {
	least = math.Inf(1)
	for _, x := range npmi {
		if x < IncoherentNPMI {
			count++
		}
		least = min(least, x)
	}
	return float64(count) > IncoherentShare*float64(len(npmi)) || least < StronglyIncoherentNPMI, count, least
}

// TopicNPMIs returns, per topic of m, the NPMI of its NoisyTopWords top
// words in the documents of c (the same vocabulary; at most
// IncoherentSampleDocs of them, evenly spaced): the figures
// TopicsIncoherent judges. It returns m.Validate's error, or
// m.CheckVocab's (a model.ErrVocabMismatch) when c is on another
// vocabulary, before any work. Time and memory as TopicsIncoherent's.
func TopicNPMIs(m *model.Model, c *corpus.Corpus) ([]float64, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	if c == nil {
		return nil, errors.New("learner: no corpus (nil) to measure the topics' coherence in")
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	if err := m.CheckVocab(c.Vocab); err != nil {
		return nil, err
	}
	top := make([][]int, m.K)
	for k := range top {
		top[k] = m.TopWords(k, NoisyTopWords)
	}
	x := cohere.New(c, top, IncoherentSampleDocs)
	npmi := make([]float64, m.K)
	for k, words := range top {
		npmi[k] = x.TopicNPMI(words)
	}
	return npmi, nil
}
