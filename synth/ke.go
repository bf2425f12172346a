package synth

import (
	"math"
	"math/rand/v2"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/model"
)

// Ke generates the simulated corpora of Ke, "A geometrical approach to
// topic model estimation" (Topic-SCORE), section 5.1, step by step:
//
//  1. The topic matrix A (p x K, here K rows of V = p words): the first
//     K*p0 words are anchor words, p0 per topic (topic k owns words
//     k*p0 ... (k+1)*p0-1), with entry 1.5/p in their topic and 0 in every
//     other topic. For each topic, the remaining p - K*p0 entries are drawn
//     independently from U(0, 1)/p. Each topic is then renormalised to sum
//     to 1 (anchors and all).
//  2. The weights W: the first round(n*a0) documents are pure, n*a0/K per
//     topic in consecutive blocks (document d < n0 is pure on topic
//     d*K/n0); every other document's weights are K iid U(0, 1) draws,
//     normalised to sum to 1.
//  3. Every document has N tokens drawn as in the pLSI model (the paper's
//     model (7)): per token a topic from W_d, then a word from that topic.
//
// NewKe returns the paper's values: K = 6, p = 2000, p0 = 20 (1% anchor
// words per topic), and its Experiment 1's n = 500, N = 2000 and a0 = 0.2.
// Zero means zero (PureFraction 0: no pure document). The document
// weights are not Dirichlet, so the true model has no Alpha.
type Ke struct {
	// K is the number of topics. Default 6.
	K int
	// V is the vocabulary size p. Default 2000.
	V int
	// Docs is the number of documents n. Default 500.
	Docs int
	// DocLength is the number of tokens N of every document. Default
	// 2000; at least 2.
	DocLength int
	// AnchorsPerTopic is p0, the number of anchor words of each topic.
	// Default 20. K*AnchorsPerTopic must not exceed V.
	AnchorsPerTopic int
	// PureFraction is a0, the fraction of pure documents, in [0, 1].
	// Default 0.2.
	PureFraction float64
}

// NewKe returns a Ke generator with the paper's values.
func NewKe() Ke {
	return Ke{K: 6, V: 2000, Docs: 500, DocLength: 2000, AnchorsPerTopic: 20, PureFraction: 0.2}
}

// Generate draws the topics, then the documents, all from rng, and
// returns the corpus and the true model: Topics, TopicWeights (the mean
// document weights), Anchors (the first anchor word of each topic) and
// Params, with "pure_docs" the number of pure documents. It returns
// Validate's error if a field is invalid. Time O(KV + Docs*(K +
// DocLength*log K)).
func (g Ke) Generate(rng *rand.Rand) (*corpus.Corpus, *model.Model, error) {
	return g.generate(rng, nil)
}

// generate is Generate, telling draw (if not nil) of each document's
// weights.
func (g Ke) generate(rng *rand.Rand, draw *drawing) (*corpus.Corpus, *model.Model, error) {
	if rng == nil {
		return nil, nil, ErrNilRand
	}
	if err := g.Validate(); err != nil {
		return nil, nil, err
	}
	if err := checkSize(g.size()); err != nil {
		return nil, nil, err
	}
	topics, err := g.topics(rng, draw)
	if err != nil {
		return nil, nil, err
	}
	pure := g.pureDocs()
	weights := func(rng *rand.Rand, d int, theta []float64) {
		if d < pure {
			clear(theta)
			theta[d*g.K/pure] = 1
			return
		}
		for k := range theta {
			theta[k] = uniform(rng)
		}
		normalise(theta)
	}
	length := func(*rand.Rand) int { return g.DocLength }
	c, drawn, err := drawDocuments(rng, wordNames(g.V), topics, g.Docs, g.DocLength, length, weights, draw)
	if err != nil {
		return nil, nil, err
	}
	m := truthModel(c, topics, drawn, nil, map[string]any{
		"generator": "ke", "k": g.K, "v": g.V, "docs": g.Docs, "doc_length": g.DocLength,
		"anchors_per_topic": g.AnchorsPerTopic, "pure_fraction": g.PureFraction, "pure_docs": pure,
	})
	m.Anchors = make([]int, g.K)
	for k := range m.Anchors {
		m.Anchors[k] = k * g.AnchorsPerTopic
	}
	return c, m, nil
}

// Validate returns an *OptionError for the first field out of range: K,
// V, Docs and AnchorsPerTopic must be positive, DocLength at least 2,
// PureFraction in [0, 1] and K*AnchorsPerTopic at most V.
func (g Ke) Validate() error {
	c := check{generator: "ke"}
	c.atLeast("K", g.K, 1)
	c.atLeast("V", g.V, 1)
	c.atLeast("Docs", g.Docs, 1)
	c.atLeast("DocLength", g.DocLength, minDocLength)
	c.atLeast("AnchorsPerTopic", g.AnchorsPerTopic, 1)
	c.in("PureFraction", g.PureFraction, 0, 1, false)
	// K*AnchorsPerTopic <= V, without the product, which wrapped around.
	c.require(g.K >= 1 && g.AnchorsPerTopic <= g.V/g.K, "AnchorsPerTopic", g.AnchorsPerTopic, "at most V/K = %g", float64(g.V)/float64(g.K))
	return c.err
}

// pureDocs returns the number of pure documents, round(n*a0).
func (g Ke) pureDocs() int { return int(math.Round(float64(g.Docs) * g.PureFraction)) }

// topics draws the K x V topic matrix of step 1.
func (g Ke) topics(rng *rand.Rand, draw *drawing) ([][]float64, error) {
	p := float64(g.V)
	first := g.K * g.AnchorsPerTopic
	topics := make([][]float64, g.K)
	for k := range topics {
		row := make([]float64, g.V)
		for i := k * g.AnchorsPerTopic; i < (k+1)*g.AnchorsPerTopic; i++ {
			row[i] = 1.5 / p
		}
		for i := first; i < g.V; i++ {
			row[i] = uniform(rng) / p
		}
		normalise(row)
		topics[k] = row
		if err := draw.topic(k, g.K); err != nil {
			return nil, err
		}
	}
	return topics, nil
}
