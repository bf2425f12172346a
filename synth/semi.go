package synth

import (
	"context"
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
// Dirichlet(Alpha), default 0.03 as in Arora et al. NewSemi returns the
// defaults; zero means zero.
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

// NewSemi returns a Semi generator of documents from the topics of m, with
// the defaults: 1000 documents of 100 tokens, Alpha 0.03.
func NewSemi(m *model.Model) Semi { return Semi{Model: m, Docs: 1000, DocLength: 100, Alpha: 0.03} }

// Generate draws the documents from rng and returns the corpus and the
// true model: the model's topics (copied, each renormalised to sum to 1
// exactly) and vocabulary, Alpha, TopicWeights (the mean document
// weights) and Params, with "source_algorithm" and "source_input_digest"
// from the model. It returns Validate's error if a field is invalid. Time
// O(KV + Docs*(K + DocLength*log K)).
func (g Semi) Generate(rng *rand.Rand) (*corpus.Corpus, *model.Model, error) {
	return g.generate(rng, nil)
}

// generate is Generate, telling draw (if not nil) of each document's
// weights.
func (g Semi) generate(rng *rand.Rand, draw *drawing) (*corpus.Corpus, *model.Model, error) {
	if rng == nil {
		return nil, nil, ErrNilRand
	}
	if err := g.Validate(); err != nil {
		return nil, nil, err
	}
	if err := checkSize(g.size()); err != nil {
		return nil, nil, err
	}
	lda := LDA{K: g.Model.K, V: len(g.Model.Vocab), Docs: g.Docs, DocLength: g.DocLength, Poisson: g.Poisson, Alpha: g.Alpha}
	topics := make([][]float64, lda.K)
	for k, row := range g.Model.Topics {
		topics[k] = slices.Clone(row)
		normalise(topics[k])
	}
	c, weights, err := lda.documents(rng, slices.Clone(g.Model.Vocab), topics, draw)
	if err != nil {
		return nil, nil, err
	}
	params := map[string]any{
		"generator": "semi", "k": lda.K, "v": lda.V, "docs": lda.Docs, "doc_length": lda.DocLength,
		"poisson": lda.Poisson, "alpha": lda.Alpha,
		"source_algorithm": g.Model.Algorithm, "source_input_digest": g.Model.Provenance.InputDigest,
	}
	return c, lda.truth(c, topics, weights, params), nil
}

// Validate returns an error if Model is nil (an *OptionError) or fails
// model.Validate, or an *OptionError for the first other field out of
// range: Docs must be positive, DocLength at least 2 (with Poisson,
// positive) and Alpha positive.
func (g Semi) Validate() error { return g.validate("semi") }

// validate is Validate for the generator registered as name.
func (g Semi) validate(name string) error {
	c := check{generator: name}
	c.require(g.Model != nil, "Model", g.Model, "a model")
	if c.err == nil {
		if err := g.Model.Validate(); err != nil {
			return fmt.Errorf("synth: %s: %w", name, err)
		}
	}
	c.atLeast("Docs", g.Docs, 1)
	c.docLength(g.DocLength, g.Poisson)
	c.shape("Alpha", g.Alpha)
	return c.err
}

// semiFile is Semi with its model read from a file: the generator "semi"
// of the registry. It records the file in the truth's Params["model"].
type semiFile struct {
	Semi
	// ModelFile is the path of a saved model (model.Save). Required.
	ModelFile string
}

// newSemiFile loads the model of f and validates the result.
func newSemiFile(p any) (WeightsGenerator, error) {
	f := *p.(*semiFile)
	if f.ModelFile == "" {
		return nil, &OptionError{Generator: "semi", Field: "ModelFile", Value: "", Want: "a saved model, whose topics generate the documents"}
	}
	m, err := model.Load(f.ModelFile)
	if err != nil {
		return nil, err
	}
	f.Model = m
	if err := f.validate("semi"); err != nil {
		return nil, err
	}
	return f, nil
}

// Generate is Semi.Generate, recording the model's file.
func (f semiFile) Generate(rng *rand.Rand) (*corpus.Corpus, *model.Model, error) {
	return f.generate(rng, nil)
}

// GenerateWeights is Semi.GenerateWeights, recording the model's file.
func (f semiFile) GenerateWeights(rng *rand.Rand) (*corpus.Corpus, *model.Model, [][]float64, error) {
	return withWeights(context.Background(), rng, f.generate, nil)
}

// generate is Semi's, recording the model's file.
func (f semiFile) generate(rng *rand.Rand, draw *drawing) (*corpus.Corpus, *model.Model, error) {
	c, m, err := f.Semi.generate(rng, draw)
	if err == nil {
		m.Params["model"] = f.ModelFile
	}
	return c, m, err
}
