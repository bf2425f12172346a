package anchor

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/hulltopics/hull/cooc"
	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"gonum.org/v1/gonum/mat"
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
	for _, recover := range []Method{RecoverL2, RecoverKL} {
		for _, tol := range []float64{1e-4, 1e-5, 1e-6, 1e-7, 1e-8} {
			b.Run(fmt.Sprintf("recover=%s/tol=%g", recover, tol), func(b *testing.B) {
				var l1 float64
				var m *model.Model
				for b.Loop() {
					l1, m = fitL1(b, c, truth, Options{Recover: recover, Tolerance: tol})
				}
				b.ReportMetric(l1, "l1")
				b.ReportMetric(m.Params["mean_iterations"].(float64), "iter/word")
			})
		}
	}
}

// DefaultOptions: the co-occurrence block rectified, then EM refinement.
func BenchmarkFitDefaultKOS20(b *testing.B) {
	benchFit(b, "../../shared/data/kos/docword.kos.txt.gz", 20, DefaultOptions())
}

func BenchmarkFitDefaultNIPS50(b *testing.B) {
	benchFit(b, "../../shared/data/nips/docword.nips.txt.gz", 50, DefaultOptions())
}

// The stages that issue 16 made faster, on NIPS (2,483 documents, 14,036
// words, 1.3M nonzeros) with K = 100; hull bench measures the whole
// pipeline on the 300,000-document corpora of scripts/make-bench-corpora.sh.

const nipsPath = "../../shared/data/nips/docword.nips.txt.gz"

// nipsStage reads NIPS and builds its co-occurrence operator and Q-bar
// space (skipped when ../shared/data is absent).
func nipsStage(b *testing.B) (*corpus.Corpus, *qbarSpace) {
	b.Helper()
	if _, err := os.Stat(nipsPath); err != nil {
		b.Skipf("shared data not present: %v", err)
	}
	c, err := corpus.ReadFile(nipsPath, corpus.ReadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	op, err := cooc.NewOperator(c, 0)
	if err != nil {
		b.Fatal(err)
	}
	return c, newQbarSpace(op, op.RowSums())
}

// nipsAnchors returns the K = 100 anchors of NIPS with their dots.
func nipsAnchors(b *testing.B, c *corpus.Corpus, sp *qbarSpace) ([]int, *mat.Dense) {
	b.Helper()
	cands, _, err := candidates(c.DocFreq(), c.NumDocs(), sp.op.RowSums(), 100, 0)
	if err != nil {
		b.Fatal(err)
	}
	anchors, z, err := findAnchors(context.Background(), sp, cands, 100, &learner.Settings{})
	if err != nil {
		b.Fatal(err)
	}
	return anchors, z
}

// The co-occurrence operator: the packed documents and the word-major
// positions.
func BenchmarkNewOperatorNIPS(b *testing.B) {
	c, _ := nipsStage(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := cooc.NewOperator(c, 0); err != nil {
			b.Fatal(err)
		}
	}
}

// The squared norms of every row of Q from its upper triangle, formed once.
func BenchmarkRowNormsNIPS(b *testing.B) {
	_, sp := nipsStage(b)
	for b.Loop() {
		if _, err := sp.op.SqRowNorms(context.Background(), nil); err != nil {
			b.Fatal(err)
		}
	}
}

// One product Q x, as each step of FastAnchorWords takes.
func BenchmarkMulVecNIPS(b *testing.B) {
	_, sp := nipsStage(b)
	x := make([]float64, sp.size())
	for i := range x {
		x[i] = float64(i%7) - 3
	}
	y := make([]float64, sp.size())
	for b.Loop() {
		if err := sp.op.MulVec(context.Background(), y, x); err != nil {
			b.Fatal(err)
		}
	}
}

// FastAnchorWords for K = 100, the row norms included.
func BenchmarkFastAnchorWordsNIPS100(b *testing.B) {
	c, sp := nipsStage(b)
	for b.Loop() {
		nipsAnchors(b, c, sp)
	}
}

// RecoverL2's 14,036 simplex solves by the active-set method, from the
// kernel FastAnchorWords leaves.
func BenchmarkRecoverL2NIPS100(b *testing.B) {
	c, sp := nipsStage(b)
	anchors, z := nipsAnchors(b, c, sp)
	gram := anchorGram(z, anchors)
	o := DefaultOptions()
	var st solveStats
	for b.Loop() {
		var err error
		if _, st, err = solveL2(context.Background(), z, gram, sp.invP, &o, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(st.MeanIter, "iter/word")
}

// RecoverKL's 12,419 simplex solves by projected Newton from RecoverL2's
// solution (recoverKL, that solution included), from the kernel
// FastAnchorWords leaves; the mean Newton iterations per word and the
// largest KKT gap are reported.
func BenchmarkRecoverKLNIPS100(b *testing.B) {
	c, sp := nipsStage(b)
	anchors, z := nipsAnchors(b, c, sp)
	o := DefaultOptions()
	var st solveStats
	for b.Loop() {
		var err error
		if _, st, err = recoverKL(context.Background(), sp, anchors, z, nil, &o, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(st.MeanIter, "iter/word")
	b.ReportMetric(st.MaxGap, "max-gap")
}

// R = A^+ Q A^+T as one quadratic form through the operator.
func BenchmarkTopicCovarianceNIPS100(b *testing.B) {
	c, sp := nipsStage(b)
	anchors, z := nipsAnchors(b, c, sp)
	o := DefaultOptions()
	cm, _, err := solveL2(context.Background(), z, anchorGram(z, anchors), sp.invP, &o, nil)
	if err != nil {
		b.Fatal(err)
	}
	topics, _, err := topicsFromC(cm, sp.op.RowSums())
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := topicCovariance(context.Background(), sp, topics); err != nil {
			b.Fatal(err)
		}
	}
}

// The paper's pipeline end to end at K = 100.
func BenchmarkFitNIPS100(b *testing.B) {
	benchFit(b, nipsPath, 100, Options{})
}
