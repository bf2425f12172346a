package synth

import (
	"math/rand/v2"
	"slices"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/model"
)

// WeightsGenerator is a Generator that can also return the topic weights
// it drew for each document: the "true document distribution" that the
// LDAC predictor of Wang et al. (Projector, section 6.1) needs, theta_d
// with word distribution sum_k theta_dk A_k. Every generator of this
// package (but Demo, which is not a Generator) implements it.
type WeightsGenerator interface {
	Generator
	// GenerateWeights is Generate that also returns theta: theta[d] holds
	// the K topic weights (on the simplex, topics numbered as in the true
	// model) drawn for document d of the corpus. The corpus and model are
	// those Generate returns for the same rng state: recording the weights
	// draws no random number.
	GenerateWeights(rng *rand.Rand) (*corpus.Corpus, *model.Model, [][]float64, error)
}

var (
	_ WeightsGenerator = LDA{}
	_ WeightsGenerator = Separable{}
	_ WeightsGenerator = Ke{}
	_ WeightsGenerator = Dominant{}
	_ WeightsGenerator = Correlated{}
	_ WeightsGenerator = Swimmer{}
	_ WeightsGenerator = Semi{}
)

// withWeights runs generate, recording each document's weights.
func withWeights(rng *rand.Rand, generate func(*rand.Rand, func(int, []float64)) (*corpus.Corpus, *model.Model, error)) (*corpus.Corpus, *model.Model, [][]float64, error) {
	var theta [][]float64
	c, m, err := generate(rng, func(_ int, th []float64) { theta = append(theta, slices.Clone(th)) })
	if err != nil {
		return nil, nil, nil, err
	}
	return c, m, theta, nil
}

// GenerateWeights is Generate, also returning each document's topic
// weights (see WeightsGenerator).
func (g LDA) GenerateWeights(rng *rand.Rand) (*corpus.Corpus, *model.Model, [][]float64, error) {
	return withWeights(rng, g.generate)
}

// GenerateWeights is Generate, also returning each document's topic
// weights (see WeightsGenerator).
func (s Separable) GenerateWeights(rng *rand.Rand) (*corpus.Corpus, *model.Model, [][]float64, error) {
	return withWeights(rng, s.generate)
}

// GenerateWeights is Generate, also returning each document's topic
// weights (see WeightsGenerator).
func (g Ke) GenerateWeights(rng *rand.Rand) (*corpus.Corpus, *model.Model, [][]float64, error) {
	return withWeights(rng, g.generate)
}

// GenerateWeights is Generate, also returning each document's topic
// weights (see WeightsGenerator).
func (g Dominant) GenerateWeights(rng *rand.Rand) (*corpus.Corpus, *model.Model, [][]float64, error) {
	return withWeights(rng, g.generate)
}

// GenerateWeights is Generate, also returning each document's topic
// weights (see WeightsGenerator).
func (g Correlated) GenerateWeights(rng *rand.Rand) (*corpus.Corpus, *model.Model, [][]float64, error) {
	return withWeights(rng, g.generate)
}

// GenerateWeights is Generate, also returning each document's topic
// weights (see WeightsGenerator).
func (g Swimmer) GenerateWeights(rng *rand.Rand) (*corpus.Corpus, *model.Model, [][]float64, error) {
	return withWeights(rng, g.generate)
}

// GenerateWeights is Generate, also returning each document's topic
// weights (see WeightsGenerator).
func (g Semi) GenerateWeights(rng *rand.Rand) (*corpus.Corpus, *model.Model, [][]float64, error) {
	return withWeights(rng, g.generate)
}
