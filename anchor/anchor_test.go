package anchor

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/hulltopics/hull/cooc"
	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/synth"
)

// separable generates the test data: one planted anchor word per
// topic, Dirichlet(0.1) document weights, K=10, V=500, 100 tokens per
// document.
func separable(t testing.TB, docs int, seed uint64) (*corpus.Corpus, *model.Model) {
	t.Helper()
	g := synth.Separable{LDA: synth.LDA{K: 10, V: 500, Docs: docs, DocLength: 100, Alpha: 0.1, Beta: 0.1}, AnchorsPerTopic: 1}
	c, truth, err := g.Generate(rand.New(rand.NewPCG(seed, 7)))
	if err != nil {
		t.Fatal(err)
	}
	return c, truth
}

func fitL1(t testing.TB, c *corpus.Corpus, truth *model.Model, o Options) (float64, *model.Model) {
	t.Helper()
	l, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	m, err := l.Fit(context.Background(), c, truth.K)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	rec, err := eval.L1Recovery(m, truth)
	if err != nil {
		t.Fatal(err)
	}
	return rec.Mean, m
}

// RecoverL2's matched l1 error falls as the corpus grows and is below 0.1
// at 50,000 documents (Arora et al. 2013, Fig. 4 in small).
func TestRecoverL2ErrorFallsWithDocuments(t *testing.T) {
	sizes := []int{2000, 10000, 50000}
	if testing.Short() {
		sizes = sizes[:2]
	}
	prev := math.Inf(1)
	for _, d := range sizes {
		c, truth := separable(t, d, 1)
		l1, m := fitL1(t, c, truth, Options{})
		t.Logf("D=%d: mean l1 %.4f, anchors %v", d, l1, m.Anchors)
		if l1 >= prev {
			t.Errorf("D=%d: mean l1 %.4f did not fall from %.4f", d, l1, prev)
		}
		prev = l1
	}
	if !testing.Short() && prev >= 0.1 {
		t.Errorf("mean l1 at 50,000 documents is %.4f, want < 0.1", prev)
	}
}

// Each recovery method finds the planted anchors and a close model.
func TestMethodsRecoverPlantedTopics(t *testing.T) {
	c, truth := separable(t, 20000, 2)
	for _, tc := range []struct {
		o     Options
		maxL1 float64
	}{
		{Options{Recover: RecoverL2}, 0.2},
		{Options{Recover: RecoverKL}, 0.2},
		{Options{Recover: Original}, 0.3},
		{Options{Recover: RecoverL2, ProjectDim: 200, Seed: 3}, 0.2},
	} {
		l1, m := fitL1(t, c, truth, tc.o)
		t.Logf("%s (project %d): mean l1 %.4f", m.Algorithm, tc.o.ProjectDim, l1)
		if l1 > tc.maxL1 {
			t.Errorf("%s: mean l1 %.4f > %.2f", m.Algorithm, l1, tc.maxL1)
		}
		checkNearAnchors(t, m, truth)
		s := 0.0
		for _, p := range m.TopicWeights {
			s += p
		}
		if math.Abs(s-1) > 1e-9 || len(m.TopicCovariance) != m.K {
			t.Errorf("%s: p(z) sums to %v, R has %d rows", m.Algorithm, s, len(m.TopicCovariance))
		}
	}
}

// checkNearAnchors checks that every anchor found is, under the true
// model, almost an anchor of its own topic: p(z | w) puts at least 0.9 on
// one topic, a different one for each anchor. (With Dirichlet(0.1)
// topics many words besides the planted ones are nearly anchors.)
func checkNearAnchors(t *testing.T, m, truth *model.Model) {
	t.Helper()
	seen := map[int]bool{}
	for _, a := range m.Anchors {
		best, total := 0, 0.0
		for k := range truth.Topics {
			total += truth.Topics[k][a] * truth.TopicWeights[k]
			if truth.Topics[k][a]*truth.TopicWeights[k] > truth.Topics[best][a]*truth.TopicWeights[best] {
				best = k
			}
		}
		post := truth.Topics[best][a] * truth.TopicWeights[best] / total
		if post < 0.9 || seen[best] {
			t.Errorf("%s: anchor %s has p(z=%d | w) = %.3f (topic seen before: %v)", m.Algorithm, truth.Vocab[a], best, post, seen[best])
		}
		seen[best] = true
	}
}

// The model is bit-identical whatever the number of threads.
func TestThreadsGiveIdenticalTopics(t *testing.T) {
	c, truth := separable(t, 5000, 3)
	for _, method := range []Method{RecoverL2, RecoverKL} {
		_, m1 := fitL1(t, c, truth, Options{Recover: method, Threads: 1})
		_, m4 := fitL1(t, c, truth, Options{Recover: method, Threads: 4})
		for k := range m1.Topics {
			for i, x := range m1.Topics[k] {
				if math.Float64bits(x) != math.Float64bits(m4.Topics[k][i]) {
					t.Fatalf("%s: topic %d word %d: %v with 1 thread, %v with 4", method, k, i, x, m4.Topics[k][i])
				}
			}
		}
		for k := range m1.Anchors {
			if m1.Anchors[k] != m4.Anchors[k] {
				t.Fatalf("%s: anchors differ: %v vs %v", method, m1.Anchors, m4.Anchors)
			}
		}
	}
}

func TestFitRejectsBadK(t *testing.T) {
	c, _ := separable(t, 200, 4)
	l, _ := New(Options{})
	for _, k := range []int{-1, 0, 1, 500, 501} {
		if _, err := l.Fit(context.Background(), c, k); err == nil {
			t.Errorf("K=%d: want an error", k)
		}
	}
}

func TestFitRefusesAboveMemoryLimit(t *testing.T) {
	c, _ := separable(t, 200, 5)
	l, _ := New(Options{MaxMemory: 1 << 10})
	_, err := l.Fit(context.Background(), c, 10)
	var me *cooc.MemoryError
	if !errors.As(err, &me) {
		t.Fatalf("err = %v, want *cooc.MemoryError", err)
	}
}

func TestNewRejectsBadOptions(t *testing.T) {
	for _, o := range []Options{{Recover: "x"}, {AnchorMinDF: -1}, {ProjectDim: -2}, {Tolerance: -1}, {MaxIter: -1}, {Threads: -1}} {
		if _, err := New(o); err == nil {
			t.Errorf("New(%+v): want an error", o)
		}
	}
}

func TestFitHonoursCancellation(t *testing.T) {
	c, _ := separable(t, 2000, 6)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	l, _ := New(Options{})
	if _, err := l.Fit(ctx, c, 10); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func TestAutoMinDF(t *testing.T) {
	for d, want := range map[int]int{10: 1, 60: 3, 200: 5, 3430: 34, 50000: 100, 1e7: 100} {
		if got := AutoMinDF(d); got != want {
			t.Errorf("AutoMinDF(%d) = %d, want %d", d, got, want)
		}
	}
}
