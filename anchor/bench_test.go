package anchor

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/model"
)

// benchFit fits k topics to a shared corpus (skipped when ../shared/data
// is absent). Reading is outside the timed loop.
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
		if _, err := l.Fit(context.Background(), c, k); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFitKOS20(b *testing.B) {
	benchFit(b, "../../shared/data/kos/docword.kos.txt.gz", 20, Options{})
}

func BenchmarkFitNIPS50(b *testing.B) {
	benchFit(b, "../../shared/data/nips/docword.nips.txt.gz", 50, Options{})
}

func BenchmarkFitKLKOS20(b *testing.B) {
	benchFit(b, "../../shared/data/kos/docword.kos.txt.gz", 20, Options{Recover: RecoverKL})
}

// The separable test corpus: 50,000 documents, K=10, V=500.
func BenchmarkFitSeparable50k(b *testing.B) {
	c, _ := separable(b, 50000, 1)
	l, _ := New(Options{})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := l.Fit(context.Background(), c, 10); err != nil {
			b.Fatal(err)
		}
	}
}

// The recovery tolerance trades time for accuracy: the l1 error against
// the truth and the mean iterations per word are reported as metrics.
func BenchmarkTolerance(b *testing.B) {
	c, truth := separable(b, 20000, 2)
	for _, tol := range []float64{1e-4, 1e-5, 1e-6, 1e-7, 1e-8} {
		b.Run(fmt.Sprintf("tol=%g", tol), func(b *testing.B) {
			var l1 float64
			var m *model.Model
			for b.Loop() {
				l1, m = fitL1(b, c, truth, Options{Tolerance: tol})
			}
			b.ReportMetric(l1, "l1")
			b.ReportMetric(m.Params["mean_iterations"].(float64), "iter/word")
		})
	}
}

// DefaultOptions: the co-occurrence block rectified, then EM refinement.
func BenchmarkFitDefaultKOS20(b *testing.B) {
	benchFit(b, "../../shared/data/kos/docword.kos.txt.gz", 20, DefaultOptions())
}

func BenchmarkFitDefaultNIPS50(b *testing.B) {
	benchFit(b, "../../shared/data/nips/docword.nips.txt.gz", 50, DefaultOptions())
}
