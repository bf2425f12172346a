package synth

import (
	"fmt"
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
// Defaults are the paper's: K = 6, p = 2000, p0 = 20 (1% anchor words per
// topic), and its Experiment 1's n = 500, N = 2000 and a0 = 0.2. The
// document weights are not Dirichlet, so the true model has no Alpha.
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
	// Default 0.2; accepts Zero.
	PureFraction float64
}

// Defaults of the Ke fields.
const (
	DefaultKeK               = 6
	DefaultKeV               = 2000
	DefaultKeDocs            = 500
	DefaultKeDocLength       = 2000
	DefaultKeAnchorsPerTopic = 20
	DefaultKePureFraction    = 0.2
)

// Generate draws the topics, then the documents, all from rng, and
// returns the corpus and the true model: Topics, TopicWeights (the mean
// document weights), Anchors (the first anchor word of each topic) and
// Params, with "pure_docs" the number of pure documents. Time O(KV +
// Docs*(K + DocLength*log K)).
func (g Ke) Generate(rng *rand.Rand) (*corpus.Corpus, *model.Model, error) {
	return g.generate(rng, nil)
}

// generate is Generate, calling record (if not nil) with each document's
// weights.
func (g Ke) generate(rng *rand.Rand, record func(d int, theta []float64)) (*corpus.Corpus, *model.Model, error) {
	g, err := g.withDefaults()
	if err != nil {
		return nil, nil, err
	}
	topics := g.topics(rng)
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
	c, drawn := drawDocuments(rng, wordNames(g.V), topics, g.Docs, g.DocLength, length, weights, record)
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

// withDefaults returns g with zero fields set to their defaults, or an
// error for an invalid field.
func (g Ke) withDefaults() (Ke, error) {
	for _, err := range []error{
		intField("K", &g.K, DefaultKeK, 1),
		intField("V", &g.V, DefaultKeV, 1),
		intField("Docs", &g.Docs, DefaultKeDocs, 1),
		intField("DocLength", &g.DocLength, DefaultKeDocLength, minDocLength),
		intField("AnchorsPerTopic", &g.AnchorsPerTopic, DefaultKeAnchorsPerTopic, 1),
		floatField("PureFraction", &g.PureFraction, DefaultKePureFraction, true, 0, 1),
	} {
		if err != nil {
			return g, err
		}
	}
	if g.K*g.AnchorsPerTopic > g.V {
		return g, fmt.Errorf("synth: %d topics x %d anchor words exceed V = %d", g.K, g.AnchorsPerTopic, g.V)
	}
	return g, nil
}

// pureDocs returns the number of pure documents, round(n*a0).
func (g Ke) pureDocs() int { return int(math.Round(float64(g.Docs) * g.PureFraction)) }

// topics draws the K x V topic matrix of step 1.
func (g Ke) topics(rng *rand.Rand) [][]float64 {
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
	}
	return topics
}
