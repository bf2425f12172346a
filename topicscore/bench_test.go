package topicscore

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/hulltopics/hull/corpus"
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
	benchCorpus(b, c, k, o)
}

func benchCorpus(b *testing.B, c *corpus.Corpus, k int, o Options) {
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

func BenchmarkFitKOS20(b *testing.B) {
	benchFit(b, "../../shared/data/kos/docword.kos.txt.gz", 20, Options{})
}

func BenchmarkFitAP10(b *testing.B) {
	benchFit(b, "../../shared/data/ap/ap.dat", 10, Options{})
}

// Scaling in D (documents) and V (vocabulary) on the paper's simulated
// corpora, K = 6, N = 200 tokens per document.
func BenchmarkFitKeScaling(b *testing.B) {
	for _, sz := range []struct{ docs, v int }{
		{1000, 2000}, {4000, 2000}, {16000, 2000}, {64000, 2000},
		{4000, 8000}, {4000, 32000},
	} {
		b.Run(fmt.Sprintf("D=%d/V=%d", sz.docs, sz.v), func(b *testing.B) {
			c, _ := ke(b, synth.Ke{K: 6, V: sz.v, Docs: sz.docs, DocLength: 200, AnchorsPerTopic: 20, PureFraction: 0.2}, 1)
			benchCorpus(b, c, 6, Options{})
		})
	}
}
