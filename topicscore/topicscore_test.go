package topicscore

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/synth"
)

// ke generates a corpus of the paper's section 5.1.
func ke(t testing.TB, g synth.Ke, seed uint64) (*corpus.Corpus, *model.Model) {
	t.Helper()
	c, truth, err := g.Generate(rand.New(rand.NewPCG(seed, 99)))
	if err != nil {
		t.Fatal(err)
	}
	return c, truth
}

func fitModel(t testing.TB, ctx context.Context, c *corpus.Corpus, k int, o Options) *model.Model {
	t.Helper()
	l, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	m, err := l.Fit(ctx, c, k)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	return m
}

func maxL1(t testing.TB, m, truth *model.Model) float64 {
	t.Helper()
	rec, err := eval.L1Recovery(m, truth)
	if err != nil {
		t.Fatal(err)
	}
	return rec.Max
}

// Experiment 1 of section 5.1 (K=6, p=2000, n=500, N=2000, p0=20, a0=0.2,
// m=10K): the paper reports a max-over-topics l1 error of .186 to .190.
// With and without the pre-SVD normalisation.
func TestKeDefaultsRecovery(t *testing.T) {
	c, truth := ke(t, synth.Ke{}, 1)
	for _, norm := range []bool{false, true} {
		m := fitModel(t, context.Background(), c, 6, Options{Seed: 1, Normalize: norm})
		l1 := maxL1(t, m, truth)
		t.Logf("normalize=%v: max l1 %.4f, vertex fit %.4g, k0 %v, timings %v", norm, l1, m.Params["vertex_fit"], m.Params["k0"], m.Provenance.Timings)
		if l1 >= 0.3 {
			t.Errorf("normalize=%v: max l1 %.4f, want < 0.3 (paper: about .19)", norm, l1)
		}
		if m.Algorithm != Algorithm || m.Params["m"] != 60 || m.Params["k0"] != 8 || m.Params["normalize"] != norm {
			t.Errorf("params %v", m.Params)
		}
		if v := m.Params["vertices"].([][]float64); len(v) != 6 || len(v[0]) != 5 {
			t.Errorf("vertices %d x %d, want 6 x 5", len(v), len(v[0]))
		}
		// The anchor-like words of each topic are planted anchor words of
		// the matched true topic: words k*p0 ... (k+1)*p0-1 of topic k.
		rec, _ := eval.L1Recovery(m, truth)
		for k, learned := range rec.Match {
			if a := m.Anchors[learned]; a/20 != k {
				t.Errorf("normalize=%v: topic %d's anchor is word %d, not an anchor of true topic %d", norm, learned, a, k)
			}
		}
		if names := m.Params["anchor_words"].([][]string); len(names) != 6 || len(names[0]) != AnchorWordsPerTopic {
			t.Errorf("anchor_words %v", names)
		}
	}
}

// The model is the same, bit for bit, for any number of threads.
func TestThreadsBitForBit(t *testing.T) {
	c, _ := ke(t, synth.Ke{Docs: 300}, 2)
	var first []byte
	for _, threads := range []int{1, 2, 7} {
		m := fitModel(t, context.Background(), c, 6, Options{Seed: 3, Threads: threads})
		m.Provenance.Timings = nil
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = b
		} else if !bytes.Equal(b, first) {
			t.Fatalf("threads %d: model differs from threads 1", threads)
		}
	}
}

// K = 20 (where the paper's public R code, with K0 = 1.5K, does not finish)
// is bounded: K0 = 25, C(25, 20) = 53,130 simplices, searched in about a
// second. With the paper's truncation of R the anchor words' rows are
// clipped at this K and the topics are poor; without it they are close.
func TestK20Bounded(t *testing.T) {
	c, truth := ke(t, synth.Ke{K: 20, Docs: 1000}, 3)
	for _, tc := range []struct {
		threshold, maxL1 float64
	}{{0, 2}, {math.Inf(1), 0.35}} {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		start := time.Now()
		m := fitModel(t, ctx, c, 20, Options{Seed: 1, RatioThreshold: tc.threshold})
		cancel()
		l1 := maxL1(t, m, truth)
		t.Logf("K=20, threshold %v: %v, max l1 %.3f, %v R entries truncated, timings %v", m.Params["ratio_threshold"], time.Since(start), l1, m.Params["ratios_truncated"], m.Provenance.Timings)
		if m.Params["k0"] != 25 || m.Params["simplices"] != 53130 {
			t.Errorf("k0 %v, simplices %v; want 25 and 53130", m.Params["k0"], m.Params["simplices"])
		}
		if l1 >= tc.maxL1 {
			t.Errorf("K=20, threshold %v: max l1 %.3f, want < %v", tc.threshold, l1, tc.maxL1)
		}
	}
}

// A K0 beyond the budget fails instead of running for hours.
func TestK0OverBudget(t *testing.T) {
	c, _ := ke(t, synth.Ke{Docs: 100, DocLength: 200}, 4)
	l, _ := New(Options{K0: 40, MaxSimplices: 1000})
	_, err := l.Fit(context.Background(), c, 6)
	if err == nil || !strings.Contains(err.Error(), "budget") {
		t.Fatalf("err %v, want a budget error", err)
	}
}

func TestErrors(t *testing.T) {
	c, _ := ke(t, synth.Ke{Docs: 5, V: 200, DocLength: 50, AnchorsPerTopic: 2}, 5)
	l, _ := New(Options{})
	for _, k := range []int{-1, 0, 1, 200, 201, 6} {
		if _, err := l.Fit(context.Background(), c, k); err == nil {
			t.Errorf("K=%d: no error", k)
		}
	}
	for _, o := range []Options{{M: -1}, {K0: -1}, {S: -1}, {Restarts: -1}, {KMeansIter: -1}, {Threads: -1}, {MaxSimplices: -1}} {
		if _, err := New(o); err == nil {
			t.Errorf("New(%+v): no error", o)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := l.Fit(ctx, c, 3); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled fit: err %v", err)
	}
}

// A word that never occurs gets no ratio and probability 0; S keeps the s
// largest entries of each topic.
func TestUnseenWordAndS(t *testing.T) {
	c, _ := ke(t, synth.Ke{Docs: 200, DocLength: 500}, 6)
	c.Vocab = append(append([]string(nil), c.Vocab...), "never-seen")
	m := fitModel(t, context.Background(), c, 6, Options{Seed: 1, S: 50})
	if m.Params["words_excluded"] != 1 {
		t.Errorf("words_excluded %v, want 1", m.Params["words_excluded"])
	}
	for k, row := range m.Topics {
		nz := 0
		for _, p := range row {
			if p > 0 {
				nz++
			}
		}
		if nz > 50 || row[len(row)-1] != 0 {
			t.Errorf("topic %d: %d nonzeros (want <= 50), unseen word %v", k, nz, row[len(row)-1])
		}
	}
}
