package tsvd

import (
	"context"
	"os"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/learner"
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
			b.ReportMetric(t.Seconds*1000, "ms-"+t.Stage[:min(len(t.Stage), 6)])
		}
	}
}

func BenchmarkFitNIPS50(b *testing.B) {
	benchFit(b, "../../shared/data/nips/docword.nips.txt.gz", 50, Options{Settings: learner.Settings{Seed: 1}})
}

func BenchmarkFitKOS20(b *testing.B) {
	benchFit(b, "../../shared/data/kos/docword.kos.txt.gz", 20, Options{Settings: learner.Settings{Seed: 1}})
}
