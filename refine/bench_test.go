package refine_test

import (
	"context"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/refine"
	"github.com/hulltopics/hull/synth"
)

// BenchmarkRunKOS times DefaultIterations EM iterations on KOS (K = 20,
// 353,160 nonzeros), from random topics: what the learners add to a fit
// whose topics are noisy. Run with -benchtime 3x.
func BenchmarkRunKOS(b *testing.B) {
	const path = "../../shared/data/kos/docword.kos.txt.gz"
	if _, err := os.Stat(path); err != nil {
		b.Skipf("shared data not present: %v", err)
	}
	c, err := corpus.ReadFile(path, corpus.ReadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	start := make([][]float64, 20)
	for k := range start {
		start[k] = make([]float64, c.NumWords())
		synth.SymmetricDirichlet(rng, start[k], 1)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := refine.Run(context.Background(), c, start, refine.Options{Iterations: refine.DefaultIterations}); err != nil {
			b.Fatal(err)
		}
	}
}
