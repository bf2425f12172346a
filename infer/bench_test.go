package infer_test

import (
	"context"
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/hulltopics/hull/anchor"
	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/internal/docinfer"
	"github.com/hulltopics/hull/model"
	"gonum.org/v1/gonum/floats"
)

const kosPath = "../../shared/data/kos/docword.kos.txt.gz"

var kos struct {
	once sync.Once
	c    *corpus.Corpus
	m    *model.Model
	err  error
}

// kosModel returns the KOS corpus and a 20-topic anchor model of it
// (skipped when ../shared/data is absent). Built once, outside the timed
// loops.
func kosModel(b *testing.B) (*corpus.Corpus, *model.Model) {
	if _, err := os.Stat(kosPath); err != nil {
		b.Skipf("shared data not present: %v", err)
	}
	kos.once.Do(func() {
		if kos.c, kos.err = corpus.ReadFile(kosPath, corpus.ReadOptions{}); kos.err != nil {
			return
		}
		l, err := anchor.New(anchor.Options{})
		if err != nil {
			kos.err = err
			return
		}
		kos.m, kos.err = l.Fit(context.Background(), kos.c, 20)
	})
	if kos.err != nil {
		b.Fatal(kos.err)
	}
	return kos.c, kos.m
}

// Infer on all 3,430 KOS documents with a 20-topic anchor model, one per
// CPU; docs/s is the throughput.
func BenchmarkInferKOS20(b *testing.B) {
	c, m := kosModel(b)
	for _, meth := range []infer.Method{infer.VB, infer.Gibbs} {
		b.Run(string(meth), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := infer.Infer(context.Background(), m, c, infer.Options{Method: meth}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(c.NumDocs())*float64(b.N)/b.Elapsed().Seconds(), "docs/s")
		})
	}
}

// The VB tolerance trades time for accuracy, on one goroutine: the mean
// updates per document, the share of documents stopped by the cap of 100
// updates, and the mean l1 distance of a document's weights from those at
// tolerance 1e-10 (up to 5000 updates) are reported as metrics.
func BenchmarkVBToleranceKOS20(b *testing.B) {
	c, m := kosModel(b)
	tp, err := docinfer.NewTopics(m.Topics)
	if err != nil {
		b.Fatal(err)
	}
	alpha := infer.AlphaFor(m, 0)
	run := func(s docinfer.VBSettings) (theta [][]float64, iters, capped float64) {
		ws := docinfer.NewWorkspace(m.K)
		theta = make([][]float64, c.NumDocs())
		for d := range theta {
			words, counts := c.Doc(d)
			theta[d] = make([]float64, m.K)
			it := docinfer.VBDocument(tp, words, counts, alpha, s, theta[d], ws)
			docinfer.Normalise(theta[d])
			iters += float64(it)
			if it == s.MaxIter {
				capped++
			}
		}
		return theta, iters / float64(len(theta)), capped / float64(len(theta))
	}
	ref, _, _ := run(docinfer.VBSettings{MaxIter: 5000, Tolerance: 1e-10})
	for _, tol := range []float64{1e-3, 1e-4, 1e-5, 1e-6} {
		b.Run(fmt.Sprintf("tol=%g", tol), func(b *testing.B) {
			var got [][]float64
			var iters, capped float64
			for b.Loop() {
				got, iters, capped = run(docinfer.VBSettings{MaxIter: infer.DefaultIterations, Tolerance: tol})
			}
			dist := 0.0
			for d := range got {
				dist += floats.Distance(got[d], ref[d], 1)
			}
			b.ReportMetric(iters, "iter/doc")
			b.ReportMetric(capped, "capped/doc")
			b.ReportMetric(dist/float64(len(got)), "mean-l1")
		})
	}
}

// Document on one KOS document of 180 tokens with a 20-topic anchor model
// (6,906 words): what a service that infers each new document as it
// arrives pays per call.
func BenchmarkDocumentKOS20(b *testing.B) {
	c, m := kosModel(b)
	tokens := infer.DocTokens(c, 0)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := infer.Document(context.Background(), m, tokens, infer.Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(tokens)), "tokens")
}

// Inferencer.Document on the document of BenchmarkDocumentKOS20, the
// Inferencer made once outside the loop: the cost of the document alone.
func BenchmarkInferencerKOS20(b *testing.B) {
	c, m := kosModel(b)
	tokens := infer.DocTokens(c, 0)
	in, err := infer.NewInferencer(m, infer.Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := in.Document(context.Background(), tokens); err != nil {
			b.Fatal(err)
		}
	}
}
