package eval

import (
	"fmt"
	"math"

	"github.com/hulltopics/hull/model"
)

// DefaultRecoveredAt is the cosine above which a true topic counts as
// recovered in Ding et al. 2013, section 6.3 style counts ("how many of
// the 16 Swimmer limb topics does a method find"): 0.9.
const DefaultRecoveredAt = 0.9

// Recovered is the result of RecoveredAt: the cosine matching of
// CosineRecovery and how many true topics it matches at a cosine of at
// least Threshold.
type Recovered struct {
	// Similarity is the maximum-weight cosine matching, indexed by true
	// topic. When the learned model has fewer topics than the truth, the
	// true topics left over have Match -1 and Cos 0 (and count in Mean
	// and Min as 0).
	Similarity
	// Threshold is the cosine a matched pair must reach.
	Threshold float64
	// Topics lists the recovered true topics, in increasing order.
	Topics []int
	// Count is len(Topics), between 0 and min(learned K, true K).
	Count int
}

// RecoveredAt matches the topics of learned to those of truth as
// CosineRecovery does (maximum total cosine similarity, words aligned by
// their strings) and counts the true topics whose matched learned topic
// has cosine similarity at least threshold. Because the matching is one to
// one, a learned topic can recover at most one true topic: two copies of
// one true topic count once.
//
// Unlike CosineRecovery, the two models may have different numbers of
// topics: the matching then pairs min(K, K') topics (it is computed on the
// cosine matrix padded with zeros to a square). It returns an error if
// threshold is not in [0, 1], if either model fails Validate or if their
// vocabularies have no word in common. Cost as CosineRecovery: O(K K' V)
// for the cosines and O(max(K, K')^3) for the matching.
func RecoveredAt(learned, truth *model.Model, threshold float64) (Recovered, error) {
	if math.IsNaN(threshold) || threshold < 0 || threshold > 1 {
		return Recovered{}, fmt.Errorf("eval: recovery threshold %v: want a cosine in [0, 1]", threshold)
	}
	l, t, err := alignTopics(learned, truth, false)
	if err != nil {
		return Recovered{}, err
	}
	r := Recovered{Similarity: cosineMatch(l, t), Threshold: threshold, Topics: []int{}}
	for i, c := range r.Cos {
		if r.Match[i] >= 0 && c >= threshold {
			r.Topics = append(r.Topics, i)
		}
	}
	r.Count = len(r.Topics)
	return r, nil
}
