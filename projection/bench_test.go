package projection

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/synth"
)

// benchFit fits k topics to a shared corpus (skipped when ../shared/data
// is absent). Reading is outside the timed loop; the stage times of the
// last fit are reported as metrics.
func benchFit(b *testing.B, path string, k int, o Options) {
	if _, err := os.Stat(path); err != nil {
		b.Skipf("shared data not present: %v", err)
	}
	c, err := corpus.ReadFile(path, corpus.ReadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	l, err := New(o)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		m, err := l.Fit(context.Background(), c, k)
		if err != nil {
			b.Fatal(err)
		}
		for _, t := range m.Provenance.Timings {
			b.ReportMetric(t.Seconds*1000, "ms-"+strings.ReplaceAll(t.Stage, " ", "-"))
		}
	}
}

const (
	kosPath  = "../../shared/data/kos/docword.kos.txt.gz"
	nipsPath = "../../shared/data/nips/docword.nips.txt.gz"
)

func BenchmarkFitRPKOS20(b *testing.B) {
	benchFit(b, kosPath, 20, Options{Settings: learner.Settings{Seed: 1}})
}
func BenchmarkFitRPNIPS50(b *testing.B) {
	benchFit(b, nipsPath, 50, Options{Settings: learner.Settings{Seed: 1}})
}
func BenchmarkFitDDPKOS20(b *testing.B) {
	benchFit(b, kosPath, 20, Options{Settings: learner.Settings{Seed: 1}, Method: DDP})
}
func BenchmarkFitBinningKOS20(b *testing.B) {
	benchFit(b, kosPath, 20, Options{Settings: learner.Settings{Seed: 1}, Method: Binning})
}

// BenchmarkScaling fits RP (K = 10) to separable corpora in the style of
// section 6.2 (V = 500, one novel word per topic) of D documents of N
// tokens: D grows at N = 100, then N at D = 10,000. Generating the corpus
// is outside the timed loop.
func BenchmarkScaling(b *testing.B) {
	type size struct{ d, n int }
	var sizes []size
	for _, d := range []int{5000, 10000, 20000, 40000} {
		sizes = append(sizes, size{d, 100})
	}
	for _, n := range []int{50, 200, 400} {
		sizes = append(sizes, size{10000, n})
	}
	for _, sz := range sizes {
		b.Run(fmt.Sprintf("D=%d/N=%d", sz.d, sz.n), func(b *testing.B) {
			g := synth.Separable{LDA: synth.LDA{K: 10, V: 500, Docs: sz.d, DocLength: sz.n, Alpha: 0.1, Beta: 0.1}, AnchorsPerTopic: 1, Style: synth.SeparableDing}
			c, _, err := g.Generate(rand.New(rand.NewPCG(1, 2)))
			if err != nil {
				b.Fatal(err)
			}
			l, err := New(Options{Settings: learner.Settings{Seed: 1}})
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				m, err := l.Fit(context.Background(), c, 10)
				if err != nil {
					b.Fatal(err)
				}
				for _, t := range m.Provenance.Timings {
					b.ReportMetric(t.Seconds*1000, "ms-"+strings.ReplaceAll(t.Stage, " ", "-"))
				}
			}
			b.ReportMetric(float64(c.NNZ()), "nnz")
		})
	}
}
