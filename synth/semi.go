package synth

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/model"
)

// Semi generates a semi-synthetic corpus: documents drawn as by LDA from
// the topics of a given model, typically one learned from a real corpus,
// so that the corpus has the vocabulary and topic shapes of real data
// while its true model is known (Arora et al. 2013, section 5; the TSVD
// paper, section 4.2). Each document's weights are drawn from a symmetric
// Dirichlet(Alpha), default 0.03 as in Arora et al.
type Semi struct {
	// Model supplies the topics and the vocabulary; it must be valid
	// (model.Validate). Required.
	Model *model.Model
	// Docs is the number of documents. Default 1000.
	Docs int
	// DocLength is the number of tokens of every document; with Poisson
	// the mean length. Default 100.
	DocLength int
	// Poisson draws each document's length from Poisson(DocLength),
	// raised to 2 if below.
	Poisson bool
	// Alpha is the parameter of the symmetric Dirichlet of document-topic
	// weights. Default 0.03.
	Alpha float64
}

// DefaultSemiAlpha is the default Semi.Alpha.
const DefaultSemiAlpha = 0.03

// Generate draws the documents from rng and returns the corpus and the
// true model: the model's topics (copied, each renormalised to sum to 1
// exactly) and vocabulary, Alpha, TopicWeights (the mean document
// weights) and Params, with "source_algorithm" and "source_input_digest"
// from the model. Time O(KV + Docs*(K + DocLength*log K)).
func (g Semi) Generate(rng *rand.Rand) (*corpus.Corpus, *model.Model, error) {
	return g.generate(rng, nil)
}

// generate is Generate, calling record (if not nil) with each document's
// weights.
func (g Semi) generate(rng *rand.Rand, record func(d int, theta []float64)) (*corpus.Corpus, *model.Model, error) {
	if g.Model == nil {
		return nil, nil, errors.New("synth: Semi needs a Model")
	}
	if err := g.Model.Validate(); err != nil {
		return nil, nil, fmt.Errorf("synth: Semi: %w", err)
	}
	if g.Alpha == 0 {
		g.Alpha = DefaultSemiAlpha
	}
	lda, err := LDA{K: g.Model.K, V: len(g.Model.Vocab), Docs: g.Docs, DocLength: g.DocLength, Poisson: g.Poisson, Alpha: g.Alpha}.withDefaults()
	if err != nil {
		return nil, nil, err
	}
	topics := make([][]float64, lda.K)
	for k, row := range g.Model.Topics {
		topics[k] = slices.Clone(row)
		normalise(topics[k])
	}
	c, weights := lda.documents(rng, slices.Clone(g.Model.Vocab), topics, record)
	params := map[string]any{
		"generator": "semi", "k": lda.K, "v": lda.V, "docs": lda.Docs, "doc_length": lda.DocLength,
		"poisson": lda.Poisson, "alpha": lda.Alpha,
		"source_algorithm": g.Model.Algorithm, "source_input_digest": g.Model.Provenance.InputDigest,
	}
	return c, lda.truth(c, topics, weights, params), nil
}
