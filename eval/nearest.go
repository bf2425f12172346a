package eval

import (
	"errors"
	"math"

	"github.com/hulltopics/hull/model"
)

// Nearest is the result of NearestTopics: for each learned topic, the true
// topic it is nearest to on the words that tell the true topics apart.
// Slices are indexed by learned topic.
type Nearest struct {
	// Topic holds the nearest true topic of each learned topic, -1 for a
	// learned topic with no probability on the distinguishing words.
	Topic []int
	// Cos holds the cosine similarity, on the distinguishing words only, of
	// each learned topic and its nearest true topic, in [0, 1].
	Cos []float64
	// CosMean is the mean of Cos.
	CosMean float64
	// Words is the number of distinguishing words: those whose
	// probability is not the same in every true topic.
	Words int
	// Found lists the distinct true topics that are the nearest of some
	// learned topic, in increasing order; Distinct is len(Found), between
	// 0 and min(learned K, true K).
	Found    []int
	Distinct int
}

// sameTolerance is the relative difference below which a word's
// probabilities in two true topics count as the same.
const sameTolerance = 1e-9

// NearestTopics restricts the topics of learned and of truth to the
// distinguishing words, those whose probability differs between some two
// true topics (relative difference above 1e-9; words are aligned by their
// strings, a word missing from a model having probability 0 there), and
// returns, for each learned topic, the true topic of highest cosine
// similarity on those words, and how many distinct true topics are found
// so.
//
// It answers "which true topics does the model find" when every true topic
// carries the same shared part, whose split between the topics is not
// identifiable: in the Swimmer truth (synth.Swimmer) each of the 16 limb
// topics holds a quarter of the torso and background, the same in all 16.
// A learned topic that holds one limb position with another share of the
// shared part is below cosine 0.9 of its true topic (the bare limb
// segments are at 0.82), so that RecoveredAt's count at 0.9 reports none
// of 16 distinct limb positions. On the distinguishing words, the 128
// limb pixels, the shared part is gone, and each learned topic's nearest
// true topic is, nearly, the limb position holding the largest share of
// its limb-pixel mass (the truth keeps a quarter of the background on the
// other positions' pixels). Unlike RecoveredAt it matches nothing one to
// one: Distinct counts the true topics that at least one learned topic is
// nearest to, and Cos says how clean each is (1 when a learned topic's
// distinguishing mass is proportional to its true topic's; 0.35 for a copy
// of the mean Swimmer image, whose Distinct is 1).
//
// The models may have different numbers of topics. It returns an error if
// either model fails Validate, if the vocabularies have no word in common
// or if no word distinguishes the true topics (a truth of one topic, or of
// identical topics). O(K K' W + K' V) for W distinguishing words.
func NearestTopics(learned, truth *model.Model) (Nearest, error) {
	l, t, err := alignTopics(learned, truth, false)
	if err != nil {
		return Nearest{}, err
	}
	var words []int
	for w := range t[0] {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, row := range t {
			lo, hi = min(lo, row[w]), max(hi, row[w])
		}
		if hi-lo > sameTolerance*hi {
			words = append(words, w)
		}
	}
	if len(words) == 0 {
		return Nearest{}, errors.New("eval: no word has different probabilities in two true topics: nothing tells them apart")
	}
	restrict := func(rows [][]float64) [][]float64 {
		out := make([][]float64, len(rows))
		for k, row := range rows {
			out[k] = make([]float64, len(words))
			for i, w := range words {
				out[k][i] = row[w]
			}
		}
		return out
	}
	lw, tw := restrict(l), restrict(t)
	n := Nearest{Topic: make([]int, len(lw)), Cos: make([]float64, len(lw)), Words: len(words), Found: []int{}}
	found := make([]bool, len(tw))
	for k, x := range lw {
		n.Topic[k] = -1
		for j, y := range tw {
			if c := cosine(x, y); c > n.Cos[k] {
				n.Topic[k], n.Cos[k] = j, c
			}
		}
		if j := n.Topic[k]; j >= 0 {
			found[j] = true
		}
	}
	for j, f := range found {
		if f {
			n.Found = append(n.Found, j)
		}
	}
	n.Distinct = len(n.Found)
	n.CosMean = mean(n.Cos)
	return n, nil
}
