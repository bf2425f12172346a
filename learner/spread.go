package learner

import (
	"fmt"
	"math"
)

// The rule by which the documents judge topics, from each document's
// dominant topic (infer.DominantTopics): the topics are concentrated on
// the documents when one topic is the dominant topic of more than
// DominantDocShare of them and of more than twice the even share 1/K (so
// that the rule never fires for K = 2), when more than RareTopicsShare of
// the topics are rare, the dominant topic of fewer than RareTopicShare of
// the documents (half the even share, 1/(2K), above K = 100: at K = 300
// even topics dominate 0.33% of the documents each), or when the documents
// spread over fewer than ConcentratedDocShare K effective topics. It is
// the health of eval.TopicHealth's documents, and the refinement's rule of
// concentrated documents (package refine): topic weights p(z) can look
// spread while the documents are not (random projections on the SLA
// abstracts, K = 50: the largest topic held 14% of the weight and was the
// dominant topic of 37.5% of the documents, 19.2 effective topics of 50).
//
// The rule judges at least JudgedDocs(K) documents, SpreadDocsPerTopic K
// and at least SpreadMinDocs, and says nothing of fewer: a few documents
// fall on a few topics by chance. Of documents each drawn at random from
// K even topics, K of them break the rule in 29% of 4,000 draws at K = 5
// and 14% at K = 20; 5 K of them in 0.6%, 1.5% and 0.1% at K = 3, 4 and
// 5, in none from K = 6 on; 50 of them in none at K = 3 to 5
// (TestSpreadChanceFiring logs these, of 4,000 seeded draws each).
const (
	DominantDocShare     = 0.5
	RareTopicShare       = 0.005
	RareTopicsShare      = 0.5
	ConcentratedDocShare = 0.5
	SpreadDocsPerTopic   = 5
	SpreadMinDocs        = 50
)

// JudgedDocs returns the fewest documents the rule judges K topics on:
// SpreadDocsPerTopic K, and at least SpreadMinDocs.
func JudgedDocs(k int) int { return max(SpreadDocsPerTopic*k, SpreadMinDocs) }

// Spread is how documents spread over K topics by their dominant topics:
// the figures of the rule above.
type Spread struct {
	// K is the number of topics; Docs the number of documents with a
	// dominant topic (>= 0). The figures below are zero when Docs is 0.
	K, Docs int
	// Share holds, per topic, the share of the Docs documents whose
	// dominant topic it is.
	Share []float64
	// Largest is the topic dominant in most documents (the lower one on
	// ties), -1 without documents, and LargestShare its Share.
	Largest      int
	LargestShare float64
	// Effective is the effective number of topics of the documents,
	// exp(-sum_k s_k log s_k) over the Share s: K when every topic is the
	// dominant topic of as many documents, 1 when one topic is of all.
	Effective float64
	// RareShare is the share below which a topic is rare,
	// min(RareTopicShare, 1/(2K)); Rare lists the rare topics in
	// increasing order.
	RareShare float64
	Rare      []int
}

// SpreadOf returns the spread of the documents whose dominant topics, in
// [0, k), are dominant; -1 leaves a document out. It returns an error
// naming the first document whose entry is outside [-1, k). Time O(D + k).
func SpreadOf(dominant []int, k int) (Spread, error) {
	if k < 1 {
		return Spread{}, fmt.Errorf("learner: SpreadOf: k = %d topics, want >= 1", k)
	}
	s := Spread{K: k, Largest: -1}
	count := make([]int, k)
	for d, t := range dominant {
		if t < -1 || t >= k {
			return Spread{}, fmt.Errorf("dominant topic of document %d is %d, outside [-1,%d)", d, t, k)
		}
		if t >= 0 {
			count[t]++
			s.Docs++
		}
	}
	if s.Docs == 0 {
		return s, nil
	}
	s.Share = make([]float64, k)
	s.RareShare = math.Min(RareTopicShare, 0.5/float64(k))
	s.Largest = 0
	var entropy float64
	for t, n := range count {
		s.Share[t] = float64(n) / float64(s.Docs)
		if n > count[s.Largest] {
			s.Largest = t
		}
		if s.Share[t] < s.RareShare {
			s.Rare = append(s.Rare, t)
		}
		if n > 0 {
			entropy -= s.Share[t] * math.Log(s.Share[t])
		}
	}
	s.LargestShare = s.Share[s.Largest]
	s.Effective = math.Exp(entropy)
	return s, nil
}

// Dominated reports whether one topic is the dominant topic of more than
// DominantDocShare of the documents and of more than twice the even share.
func (s Spread) Dominated() bool {
	return s.Judged() && s.LargestShare > DominantDocShare && s.LargestShare > 2/float64(s.K)
}

// MostlyRare reports whether more than RareTopicsShare of the topics are
// rare.
func (s Spread) MostlyRare() bool {
	return s.Judged() && float64(len(s.Rare)) > RareTopicsShare*float64(s.K)
}

// Narrow reports whether the documents spread over fewer than
// ConcentratedDocShare K effective topics.
func (s Spread) Narrow() bool {
	return s.Judged() && s.Effective < ConcentratedDocShare*float64(s.K)
}

// Judged reports whether the documents are enough for the rule: at least
// JudgedDocs(K). Dominated, MostlyRare and Narrow are false otherwise.
func (s Spread) Judged() bool {
	return s.Docs > 0 && s.Docs >= JudgedDocs(s.K)
}

// Concentrated reports whether the rule finds the topics concentrated on
// the documents: Dominated, MostlyRare or Narrow.
func (s Spread) Concentrated() bool { return s.Dominated() || s.MostlyRare() || s.Narrow() }
