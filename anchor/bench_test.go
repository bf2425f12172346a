package anchor

import (
	"context"
	"os"
	"testing"

	"github.com/hulltopics/hull/corpus"
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
