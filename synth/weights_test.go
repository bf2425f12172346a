package synth

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestGenerateWeights: GenerateWeights returns the corpus and truth of
// Generate for the same seed, and one row of weights per document, on the
// simplex, whose mean is the truth's TopicWeights.
func TestGenerateWeights(t *testing.T) {
	_, src := generate(t, LDA{K: 3, V: 40, Docs: 50, DocLength: 20, Alpha: 0.1, Beta: 0.1}, 9)
	for name, g := range map[string]WeightsGenerator{
		"lda":        LDA{K: 4, V: 60, Docs: 80, DocLength: 30, Poisson: true, Alpha: 0.1, Beta: 0.1},
		"separable":  Separable{LDA: LDA{K: 4, V: 60, Docs: 80, DocLength: 30, Alpha: 0.1, Beta: 0.1}, AnchorsPerTopic: 2, Style: SeparableArora},
		"ke":         Ke{K: 3, V: 100, Docs: 60, DocLength: 50, AnchorsPerTopic: 5, PureFraction: 0.2},
		"dominant":   with(NewDominant(), func(g *Dominant) { g.K, g.V, g.Docs, g.DocLength, g.CatchwordsPerTopic = 4, 100, 80, 30, 5 }),
		"correlated": Correlated{K: 4, V: 60, Docs: 80, DocLength: 30, Beta: 0.1, Rho: 0.1, Variance: 10},
		"swimmer":    Swimmer{Docs: 40, DocLength: 50, Body: 10, Background: 1, SharedTopic: true},
		"semi":       Semi{Model: src, Docs: 70, DocLength: 30, Alpha: 0.03},
	} {
		t.Run(name, func(t *testing.T) {
			c, m, err := g.Generate(rand.New(rand.NewPCG(5, 6)))
			if err != nil {
				t.Fatal(err)
			}
			c2, m2, theta, err := g.GenerateWeights(rand.New(rand.NewPCG(5, 6)))
			if err != nil {
				t.Fatal(err)
			}
			if c.Digest() != c2.Digest() || !slices.Equal(m.TopicWeights, m2.TopicWeights) {
				t.Fatal("GenerateWeights drew another corpus than Generate")
			}
			if len(theta) != c.NumDocs() {
				t.Fatalf("%d rows of weights for %d documents", len(theta), c.NumDocs())
			}
			mean := make([]float64, m.K)
			for d, row := range theta {
				if len(row) != m.K {
					t.Fatalf("document %d: %d weights, want %d", d, len(row), m.K)
				}
				sum := 0.0
				for k, x := range row {
					if !(x >= 0) {
						t.Fatalf("document %d: weight %d is %v", d, k, x)
					}
					sum += x
					mean[k] += x / float64(len(theta))
				}
				if math.Abs(sum-1) > 1e-9 {
					t.Fatalf("document %d: weights sum to %v", d, sum)
				}
			}
			for k := range mean {
				if math.Abs(mean[k]-m.TopicWeights[k]) > 1e-9 {
					t.Fatalf("topic %d: mean weight %v, truth says %v", k, mean[k], m.TopicWeights[k])
				}
			}
		})
	}
	if _, _, _, err := with(NewLDA(), func(g *LDA) { g.K = -1 }).GenerateWeights(rand.New(rand.NewPCG(1, 1))); err == nil {
		t.Fatal("K = -1: no error")
	}
}
