package learner

import (
	"math"

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
// figures it used.
func TopicsNoisy(m *model.Model) (noisy bool, distinct, nearDuplicatePairs int) {
	distinct, nearDuplicatePairs = m.TopWordOverlap(NoisyTopWords)
	pairs := m.K * (m.K - 1) / 2
	slots := m.K * min(NoisyTopWords, len(m.Vocab))
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
