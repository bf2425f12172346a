package eval

import (
	"fmt"
	"math"

	"github.com/hulltopics/hull/internal/sig"
	"github.com/hulltopics/hull/model"
)

// DefaultSigMass is the share of probability mass of the Projector
// paper's sig_topic and sig_word (Wang et al., section 4).
const DefaultSigMass = 0.8

// UniqueWords returns, for each topic of m, how many of its top topN words
// (DefaultTopN if topN <= 0) are among the top topN words of no other
// topic, and the mean of those counts over topics: the inter-topic
// similarity measure of Arora et al. (2013, section 5.1). A topic's count
// is between 0 and topN; low counts mean redundant topics. m must be valid
// (see model.Model.Validate). Time O(K V log N) to rank the words, then
// O(K N).
func UniqueWords(m *model.Model, topN int) (mean float64, perTopic []int) {
	top, _ := topWordLists(m, topN)
	topics := make(map[int]int) // word -> number of topics listing it
	for _, words := range top {
		for _, w := range words {
			topics[w]++
		}
	}
	perTopic = make([]int, len(top))
	total := 0
	for k, words := range top {
		for _, w := range words {
			if topics[w] == 1 {
				perTopic[k]++
			}
		}
		total += perTopic[k]
	}
	return float64(total) / float64(len(top)), perTopic
}

// SigWord returns the mean over the topics of m of sig_word (Wang et al.,
// Projector, section 4): the smallest number of a topic's most probable
// words whose probabilities add up to at least mass (DefaultSigMass, 0.8,
// in the paper). It measures how spread out topics are: 1 for a topic on
// one word, about mass*V for a uniform one. mass must be in (0, 1];
// SigWord panics otherwise. Time O(K V log V).
func SigWord(m *model.Model, mass float64) float64 {
	return sigMean(m.Topics, mass, "SigWord")
}

// SigTopic returns the mean over documents of sig_topic (Wang et al.,
// Projector, section 4): the smallest number of a document's heaviest
// topics whose weights add up to at least mass (DefaultSigMass, 0.8, in
// the paper), i.e. the number of significant topics of a document.
// weights holds one row of topic weights per document, such as the
// Dirichlet draws of a generator or the proportions inferred for a
// corpus; a row need not be normalised (mass is a share of the row's
// total) and rows of total 0 are left out of the mean. SigTopic returns
// NaN if no row is left, and panics if mass is outside (0, 1].
// Time O(D K log K).
func SigTopic(weights [][]float64, mass float64) float64 {
	return sigMean(weights, mass, "SigTopic")
}

// sigMean returns the mean over rows with a positive total of sig.Count.
func sigMean(rows [][]float64, mass float64, name string) float64 {
	if !(mass > 0 && mass <= 1) {
		panic(fmt.Sprintf("eval: %s: mass %v outside (0, 1]", name, mass))
	}
	sum, n := 0.0, 0
	for _, row := range rows {
		if t, ok := sig.Count(row, mass); ok {
			sum += float64(t)
			n++
		}
	}
	if n == 0 {
		return math.NaN()
	}
	return sum / float64(n)
}
