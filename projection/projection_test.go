package projection

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/synth"
	"gonum.org/v1/gonum/mat"
)

// The test corpus: separable topics in the style of the paper's section
// 6.2 (synth.SeparableDing), two planted novel words per topic (words
// 0..11), 8,000 documents of 200 tokens. Generated once.
const (
	testK       = 6
	testAnchors = 2
)

var (
	sepOnce  sync.Once
	sepC     *corpus.Corpus
	sepTruth *model.Model
)

func separable(t testing.TB) (*corpus.Corpus, *model.Model) {
	t.Helper()
	sepOnce.Do(func() {
		g := synth.Separable{LDA: synth.LDA{K: testK, V: 200, Docs: 8000, DocLength: 200, Alpha: 0.1, Beta: 0.1}, AnchorsPerTopic: testAnchors, Style: synth.SeparableDing}
		c, truth, err := g.Generate(rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatal(err)
		}
		sepC, sepTruth = c, truth
	})
	return sepC, sepTruth
}

func fitModel(t testing.TB, c *corpus.Corpus, k int, o Options) *model.Model {
	t.Helper()
	l, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	m, err := l.Fit(context.Background(), c, k)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	return m
}

// Each detection recovers the planted topics (matched mean l1 error well
// below that of topics drawn at random, about 1.2), and each topic's
// cluster of novel words holds planted novel words of its true topic.
func TestRecoversSeparableTopics(t *testing.T) {
	if testing.Short() {
		t.Skip("an accuracy test: run without -short (the race job runs the parallel code in the thread tests)")
	}
	c, truth := separable(t)
	for _, tc := range []struct {
		method Method
		maxL1  float64
	}{
		{RP, 0.1},
		{DDP, 0.1},
		{Binning, 0.1},
	} {
		t.Run(string(tc.method), func(t *testing.T) {
			m := fitModel(t, c, testK, Options{Settings: learner.Settings{Seed: 1}, Method: tc.method})
			rec, err := eval.L1Recovery(m, truth)
			if err != nil {
				t.Fatal(err)
			}
			if rec.Mean > tc.maxL1 {
				t.Errorf("mean l1 %.3f, want <= %v (%v)", rec.Mean, tc.maxL1, m.Params["clustering"])
			}
			if m.Algorithm != string(tc.method) || len(m.Anchors) != testK || len(m.TopicWeights) != testK {
				t.Fatalf("algorithm %q, %d anchors, %d topic weights", m.Algorithm, len(m.Anchors), len(m.TopicWeights))
			}
			// Each cluster holds planted novel words of one true topic only,
			// the topic matched to it, and its anchor, the cluster's first
			// word, is planted or nearly so (a word of that topic mostly).
			if len(m.TopicWords) != testK || len(m.ClusterSizes) != testK {
				t.Fatalf("%d topic word lists, %d cluster sizes for K = %d", len(m.TopicWords), len(m.ClusterSizes), testK)
			}
			for k, cl := range m.TopicWords {
				j := slices.Index(rec.Match, k)
				var topics []int
				for _, w := range cl {
					var i int
					if _, err := fmt.Sscanf(m.Vocab[w], "w%d", &i); err != nil {
						t.Fatal(err)
					}
					if i < testK*testAnchors && !slices.Contains(topics, i/testAnchors) {
						topics = append(topics, i/testAnchors)
					}
				}
				if !slices.Equal(topics, []int{j}) {
					t.Errorf("topic %d (true topic %d): cluster %v holds planted words of topics %v", k, j, cl, topics)
				}
				if len(cl) == 0 || cl[0] != m.Anchors[k] || m.ClusterSizes[k] != len(cl) {
					t.Errorf("topic %d: cluster %v, anchor %d, size %d", k, cl, m.Anchors[k], m.ClusterSizes[k])
				}
				if a := m.Anchors[k]; truth.Topics[j][a] < 0.5*sum(column(truth.Topics, a)) {
					t.Errorf("topic %d: anchor w%d is not mostly of true topic %d", k, a, j)
				}
			}
			if w := sum(m.TopicWeights); math.Abs(w-1) > 1e-9 {
				t.Errorf("topic weights sum to %v", w)
			}
			for _, key := range []string{"method", "min_df", "candidates", "novel_words", "threshold", "clustering", "docs_used", "mean_iterations"} {
				if _, ok := m.Params[key]; !ok {
					t.Errorf("Params lacks %q", key)
				}
			}
			for _, key := range []string{"clusters", "cluster_sizes", "anchor_words"} {
				if _, ok := m.Params[key]; ok {
					t.Errorf("Params has %q, a typed field now", key)
				}
			}
			// The typed results survive Write and Read with their Go types.
			var buf bytes.Buffer
			if err := model.Write(&buf, m, false); err != nil {
				t.Fatal(err)
			}
			got, err := model.Read(&buf)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got.TopicWords, m.TopicWords) || !reflect.DeepEqual(got.ClusterSizes, m.ClusterSizes) || !slices.Equal(got.Anchors, m.Anchors) {
				t.Errorf("after Write and Read: topic words %v, sizes %v, anchors %v", got.TopicWords, got.ClusterSizes, got.Anchors)
			}
		})
	}
}

// The topic weights estimate the documents' mean topic shares.
func TestTopicWeights(t *testing.T) {
	c, truth := separable(t)
	m := fitModel(t, c, testK, Options{Settings: learner.Settings{Seed: 1}, Method: DDP})
	rec, _ := eval.L1Recovery(m, truth)
	for j, k := range rec.Match {
		if d := math.Abs(m.TopicWeights[k] - truth.TopicWeights[j]); d > 0.03 {
			t.Errorf("topic %d: weight %.3f, true %.3f", j, m.TopicWeights[k], truth.TopicWeights[j])
		}
	}
}

// With the co-occurrence projections RP finds the planted words too.
func TestRPCooccurrence(t *testing.T) {
	c, truth := separable(t)
	m := fitModel(t, c, testK, Options{Settings: learner.Settings{Seed: 1}, Cooccurrence: true})
	rec, _ := eval.L1Recovery(m, truth)
	if rec.Mean > 0.1 {
		t.Errorf("mean l1 %.3f", rec.Mean)
	}
}

// A threshold too small (every novel word its own component) or too large
// (one component) falls back to exactly K topics, and says so. The
// spectral fallback weighs the graph on the automatic threshold's scale,
// not on the threshold given, so that it recovers the topics from either
// (l1 0.043 from both; the selection by weight it replaced reached 0.054
// from too large a threshold and 0.665 from too small a one).
func TestClusteringFallback(t *testing.T) {
	if testing.Short() {
		t.Skip("an accuracy test: run without -short (the race job runs the parallel code in the thread tests)")
	}
	c, truth := separable(t)
	for _, tc := range []struct {
		name      string
		threshold float64
		want      string
	}{
		{"too small", 1e-9, OutcomeFallback + " ("},
		{"too large", 1e9, OutcomeFallback + " (1 components)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := fitModel(t, c, testK, Options{Settings: learner.Settings{Seed: 1}, Method: DDP, Threshold: tc.threshold})
			got := m.Params["clustering"].(string)
			if !strings.HasPrefix(got, tc.want) || m.K != testK || len(m.Topics) != testK {
				t.Fatalf("clustering %q, K %d: want %q..., K %d", got, m.K, tc.want, testK)
			}
			if n := m.Params["components"].(int); n == testK {
				t.Fatalf("%d components: no fallback was needed", n)
			}
			rec, _ := eval.L1Recovery(m, truth)
			if rec.Mean > 0.1 {
				t.Errorf("mean l1 %.3f after the fallback", rec.Mean)
			}
		})
	}
	m := fitModel(t, c, testK, Options{Settings: learner.Settings{Seed: 1}, Method: DDP})
	if got := m.Params["clustering"]; got != OutcomeComponents {
		t.Errorf("default threshold: clustering %q, want %q", got, OutcomeComponents)
	}
}

// column returns entry i of every row.
func column(rows [][]float64, i int) []float64 {
	out := make([]float64, len(rows))
	for k, r := range rows {
		out[k] = r[i]
	}
	return out
}

func sum(x []float64) float64 {
	s := 0.0
	for _, v := range x {
		s += v
	}
	return s
}

// The same seed gives the same model bit for bit whatever the thread count.
func TestThreadIndependent(t *testing.T) {
	c, _ := separable(t)
	for _, method := range []Method{RP, DDP, Binning} {
		var first []byte
		for _, th := range []int{1, 3} {
			m := fitModel(t, c, testK, Options{Settings: learner.Settings{Seed: 7, Threads: th}, Method: method})
			if m.Provenance.Threads != th {
				t.Errorf("%s: provenance records %d threads, want %d", method, m.Provenance.Threads, th)
			}
			m.Provenance.Timings, m.Provenance.Threads = nil, 0 // the rest must not depend on them
			b, err := json.Marshal(m)
			if err != nil {
				t.Fatal(err)
			}
			if first == nil {
				first = b
			} else if string(b) != string(first) {
				t.Errorf("%s: model differs between 1 and 3 threads", method)
			}
		}
	}
}

// A small corpus: three topics over disjoint word ranges (0-8, 9-17,
// 18-26) plus three shared words (27-29); words 30 and 31 never occur.
func smallCorpus(docs int) *corpus.Corpus {
	rng := rand.New(rand.NewPCG(3, 4))
	vocab := make([]string, 32)
	for i := range vocab {
		vocab[i] = "w" + string(rune('a'+i%26)) + string(rune('a'+i/26))
	}
	c := &corpus.Corpus{Vocab: vocab, Offsets: []int64{0}}
	for d := range docs {
		topic := d % 3
		var toks []int32
		for range 40 {
			if rng.IntN(4) == 0 {
				toks = append(toks, int32(27+rng.IntN(3)))
			} else {
				toks = append(toks, int32(topic*9+rng.IntN(9)))
			}
		}
		corpus.AppendTokens(c, "d", toks)
	}
	return c
}

func TestBadInput(t *testing.T) {
	c := smallCorpus(300)
	l, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	oneToken := &corpus.Corpus{Vocab: []string{"a", "b"}, Offsets: []int64{0}}
	corpus.AppendTokens(oneToken, "d0", []int32{0})
	corpus.AppendTokens(oneToken, "d1", []int32{1})
	for _, tc := range []struct {
		name string
		c    *corpus.Corpus
		k    int
		want string
	}{
		{"K = 0", c, 0, "K = 0"},
		{"K < 0", c, -2, "K = -2"},
		{"K > V", c, 33, "K = 33"},
		{"nil corpus", nil, 2, "no corpus (nil)"},
		{"no documents", &corpus.Corpus{Vocab: []string{"a"}, Offsets: []int64{0}}, 1, "empty corpus"},
		{"no words", &corpus.Corpus{Offsets: []int64{0, 0}, DocIDs: []string{"d"}}, 1, "the corpus has no word"},
		{"documents of one token", oneToken, 1, "2 or more tokens"},
		{"K above the candidates", c, 31, "fewer than K"},
	} {
		if _, err := l.Fit(ctx, tc.c, tc.k); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err %v, want one mentioning %q", tc.name, err, tc.want)
		}
	}
	for _, tc := range []struct {
		o       Options
		learner string
		field   string
	}{
		{Options{Method: "pca"}, "projection", "Method"}, {Options{MinDF: -1}, "rp", "MinDF"},
		{Options{Projections: -1}, "rp", "Projections"}, {Options{MinHits: -1}, "rp", "MinHits"},
		{Options{Method: Binning, Bins: -1}, "binning", "Bins"}, {Options{Method: DDP, Far: 1.5}, "ddp", "Far"},
		{Options{Far: -0.1}, "rp", "Far"}, {Options{Top: -1}, "rp", "Top"}, {Options{TopFraction: -1}, "rp", "TopFraction"}, {Options{TopFraction: 5}, "rp", "TopFraction"},
		{Options{Threshold: -1}, "rp", "Threshold"}, {Options{Threshold: math.NaN()}, "rp", "Threshold"},
		{Options{ThresholdFraction: math.Inf(1)}, "rp", "ThresholdFraction"}, {Options{Tolerance: -1}, "rp", "Tolerance"},
		{Options{MaxIter: -1}, "rp", "MaxIter"}, {Options{Settings: learner.Settings{Threads: -1}}, "rp", "Threads"},
		{Options{Settings: learner.Settings{MaxMemory: -1}}, "rp", "MaxMemory"},
	} {
		_, err := New(tc.o)
		var oe *learner.OptionError
		if !errors.As(err, &oe) || oe.Learner != tc.learner || oe.Field != tc.field {
			t.Errorf("New(%+v): err %v, want a *learner.OptionError for %s.%s", tc.o, err, tc.learner, tc.field)
		} else if strings.Contains(err.Error(), "--") {
			t.Errorf("New(%+v): %q names a flag", tc.o, err)
		}
	}
	// A user's candidate floor above every word, and too few projections:
	// errors wrapping ErrTooFewWords that name the field, not a flag.
	for _, tc := range []struct {
		o    Options
		want string
	}{
		{Options{MinDF: 100000}, "MinDF = 100000"},
		{Options{Projections: 1}, "Projections"},
	} {
		l, _ := New(tc.o)
		_, err := l.Fit(ctx, c, 3)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "--") || !errors.Is(err, learner.ErrTooFewWords) {
			t.Errorf("%+v: err %v, want one wrapping ErrTooFewWords mentioning %q", tc.o, err, tc.want)
		}
	}
	l, _ = New(Options{Settings: learner.Settings{MaxMemory: 1000}})
	var me *learner.MemoryError
	if _, err := l.Fit(ctx, c, 3); !errors.As(err, &me) {
		t.Errorf("tiny MaxMemory: err %v, want a *learner.MemoryError", err)
	}
}

// Documents of fewer than two tokens are skipped and counted; K = 1 and K
// = 3 work on a small corpus for every method.
func TestSmallCorpus(t *testing.T) {
	c := smallCorpus(300)
	corpus.AppendTokens(c, "short", []int32{0})
	for _, method := range []Method{RP, DDP, Binning} {
		for _, k := range []int{1, 3} {
			m := fitModel(t, c, k, Options{Settings: learner.Settings{Seed: 1}, Method: method})
			if m.Params["docs_skipped"] != 1 || m.Params["docs_used"] != 300 {
				t.Errorf("%s: docs used %v, skipped %v", method, m.Params["docs_used"], m.Params["docs_skipped"])
			}
			if len(m.Anchors) != k || len(m.TopicWords) != k || len(m.ClusterSizes) != k {
				t.Errorf("%s K = %d: %d anchors, %d topic word lists, %d cluster sizes", method, k, len(m.Anchors), len(m.TopicWords), len(m.ClusterSizes))
			}
			if k == 3 {
				// each topic has most of its mass in a different word range
				var ranges []int
				for tk := range 3 {
					best, bestMass := 0, 0.0
					for r := range 3 {
						if mass := sum(m.Topics[tk][r*9 : r*9+9]); mass > bestMass {
							best, bestMass = r, mass
						}
					}
					ranges = append(ranges, best)
				}
				sort.Ints(ranges)
				if !slices.Equal(ranges, []int{0, 1, 2}) {
					t.Errorf("%s: topics' top words in ranges %v", method, ranges)
				}
			}
		}
	}
}

func TestCancel(t *testing.T) {
	c, _ := separable(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	l, _ := New(Options{})
	if _, err := l.Fit(ctx, c, testK); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before: err %v", err)
	}
	for _, stage := range []string{"split", "novel words", "topics"} {
		for _, method := range []Method{RP, DDP, Binning} {
			ctx, cancel := context.WithCancel(context.Background())
			var stages []string
			l, _ := New(Options{
				Settings: learner.Settings{Progress: func(s string, done, total int) {
					if done == 0 {
						stages = append(stages, s)
					}
					if s == stage && done > 0 {
						cancel()
					}
				}},
				Method: method,
			})
			_, err := l.Fit(ctx, c, testK)
			if !errors.Is(err, context.Canceled) || stages[len(stages)-1] != stage {
				t.Errorf("%s, cancelled in %q: err %v after stages %v", method, stage, err, stages)
			}
			cancel()
		}
	}
}

// Progress reports the stages in order and the model records their times.
func TestStages(t *testing.T) {
	c := smallCorpus(300)
	var reported []string
	m := fitModel(t, c, 3, Options{
		Settings: learner.Settings{Progress: func(s string, done, total int) {
			if len(reported) == 0 || reported[len(reported)-1] != s {
				reported = append(reported, s)
			}
		}},
	})
	if got := strings.Join(reported, ","); got != "split,novel words,clustering,topics" {
		t.Errorf("progress stages %s", got)
	}
	var timed []string
	for _, s := range m.Provenance.Timings {
		timed = append(timed, s.Stage)
	}
	if got := strings.Join(timed, ","); got != "split,novel words,clustering,topics" {
		t.Errorf("timed stages %s", got)
	}
}

// The split gives each document floor(n/2) tokens in half one and the
// rest in half two, and each row of X~ and X~' sums to 1.
func TestSplit(t *testing.T) {
	c := smallCorpus(50)
	h, err := splitCorpus(context.Background(), c, 9, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	for j, d := range h.docs {
		_, counts := c.Doc(d)
		n, m := 0, 0
		for i, k := range counts {
			k1 := h.cnt1[c.Offsets[d]+int64(i)]
			if k1 < 0 || k1 > k {
				t.Fatalf("doc %d: %d of %d tokens in half one", d, k1, k)
			}
			n += int(k)
			m += int(k1)
		}
		if m != n/2 || int(h.len1[j]) != m {
			t.Fatalf("doc %d: %d of %d tokens in half one (len1 %d)", d, m, n, h.len1[j])
		}
	}
	for _, a := range []struct {
		name string
		x    []float64
		rows func(i int) []float64
	}{{"X~", h.sum, func(i int) []float64 { return h.x.Val[h.x.RowPtr[i]:h.x.RowPtr[i+1]] }},
		{"X~'", h.sumP, func(i int) []float64 { return h.xp.Val[h.xp.RowPtr[i]:h.xp.RowPtr[i+1]] }}} {
		for i := range c.NumWords() {
			if s := sum(a.rows(i)); a.x[i] > 0 && math.Abs(s-1) > 1e-12 {
				t.Errorf("%s row %d sums to %v", a.name, i, s)
			}
		}
	}
	h2, _ := splitCorpus(context.Background(), c, 9, 1, nil)
	if !slices.Equal(h.cnt1, h2.cnt1) {
		t.Error("split depends on the thread count")
	}
}

// space's E entries and distances match a dense computation.
func TestSpaceMatchesDense(t *testing.T) {
	c := smallCorpus(60)
	h, err := splitCorpus(context.Background(), c, 1, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	d := h.numDocs()
	dense := func(a int, x []float64, ptr []int64, col []int32, val []float64) []float64 {
		row := make([]float64, d)
		for p := ptr[a]; p < ptr[a+1]; p++ {
			row[col[p]] = val[p]
		}
		return row
	}
	words := []int{0, 5, 9, 13, 27}
	sp := newSpace(h, words)
	e, dist, err := sp.matrices(context.Background(), 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := len(words)
	for a, wa := range words {
		xpa := dense(wa, nil, h.xp.RowPtr, h.xp.ColIdx, h.xp.Val)
		for b, wb := range words {
			xb := dense(wb, nil, h.x.RowPtr, h.x.ColIdx, h.x.Val)
			want := 0.0
			for j := range d {
				want += xpa[j] * xb[j]
			}
			want *= float64(d)
			if math.Abs(e[a*s+b]-want) > 1e-12*math.Max(1, want) {
				t.Errorf("E[%d,%d] = %v, want %v", wa, wb, e[a*s+b], want)
			}
		}
		if got := sp.self(wa); math.Abs(got-e[a*s+a]) > 1e-12*math.Max(1, got) {
			t.Errorf("self(%d) = %v, E row gives %v", wa, got, e[a*s+a])
		}
	}
	for a := range s {
		for b := range s {
			want := e[a*s+a] - e[a*s+b] - e[b*s+a] + e[b*s+b]
			if a == b {
				want = 0
			}
			if math.Abs(dist[a*s+b]-want) > 1e-12 || dist[a*s+b] != dist[b*s+a] {
				t.Errorf("dist[%d,%d] = %v, want %v (symmetric)", a, b, dist[a*s+b], want)
			}
		}
	}
	col := make([]float64, s)
	sp.col(words[1], col)
	for a := range s {
		if math.Abs(col[a]-e[a*s+1]) > 1e-12*math.Max(1, col[a]) {
			t.Errorf("col: E[%d,%d] = %v, want %v", words[a], words[1], col[a], e[a*s+1])
		}
	}
}

func TestKthLargest(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for range 200 {
		n := 1 + rng.IntN(40)
		x := make([]float64, n)
		for i := range x {
			x[i] = float64(rng.IntN(10)) // many ties
		}
		sorted := slices.Clone(x)
		sort.Sort(sort.Reverse(sort.Float64Slice(sorted)))
		k := 1 + rng.IntN(n)
		if got := kthLargest(slices.Clone(x), k); got != sorted[k-1] {
			t.Fatalf("kthLargest(%v, %d) = %v, want %v", x, k, got, sorted[k-1])
		}
	}
}

// Hand-made distances: two tight groups and a point between them.
func TestComponentsAndGreedy(t *testing.T) {
	// points 0,1 (group A), 2,3 (group B), 4 midway
	d := [][]float64{
		{0, 1, 10, 10, 5},
		{1, 0, 10, 10, 5},
		{10, 10, 0, 1, 5},
		{10, 10, 1, 0, 5},
		{5, 5, 5, 5, 0},
	}
	s := len(d)
	dist := make([]float64, 0, s*s)
	for _, r := range d {
		dist = append(dist, r...)
	}
	if got := components(dist, s, 2); !slices.EqualFunc(got, [][]int{{0, 1}, {2, 3}, {4}}, slices.Equal) {
		t.Errorf("components at 2: %v", got)
	}
	if got := components(dist, s, 6); len(got) != 1 {
		t.Errorf("components at 6: %v", got)
	}
	// Points lighter than the weakest pick join no group.
	weight := []float64{3, 9, 8, 1, 2}
	groups, thr := greedy(dist, weight, 2, 2)
	if thr != 2 || !slices.EqualFunc(groups, [][]int{{1}, {2}}, slices.Equal) {
		t.Errorf("greedy k=2: %v at %v", groups, thr)
	}
	groups, _ = greedy(dist, []float64{8.5, 9, 8, 8, 2}, 2, 2)
	if !slices.EqualFunc(groups, [][]int{{1, 0}, {2, 3}}, slices.Equal) {
		t.Errorf("greedy k=2, heavy neighbours: %v", groups)
	}
	groups, thr = greedy(dist, weight, 3, 6) // needs a lower threshold for 3 picks
	if thr >= 5 || len(groups) != 3 || groups[0][0] != 1 || groups[1][0] != 2 || groups[2][0] != 4 {
		t.Errorf("greedy k=3: %v at %v", groups, thr)
	}
	groups, _ = greedy(dist, weight, 5, 100)
	if len(groups) != 5 {
		t.Errorf("greedy k=5: %v", groups)
	}
	weight = []float64{1, 1, 1, 1, 1}
	if got := farthestMedian(dist, weight, 5); got != 10 {
		t.Errorf("farthestMedian = %v, want 10", got)
	}
	if got := farthestMedian(dist, []float64{0, 0, 0, 0, 1}, 1); got != 5 {
		t.Errorf("farthestMedian of the heaviest = %v, want 5", got)
	}
}

// distMatrix flattens a square matrix of distances.
func distMatrix(d [][]float64) []float64 {
	out := make([]float64, 0, len(d)*len(d))
	for _, r := range d {
		out = append(out, r...)
	}
	return out
}

// The spectral fallback makes exactly K groups of all the points, whether
// the threshold graph has more components than K (two of three tight
// groups are merged, the nearer two) or fewer (a point midway chains two
// groups into one component; the groups are split, the midway point joins
// one), and K non-empty groups even when the points cannot be told apart.
func TestSpectral(t *testing.T) {
	// Three tight groups: {0, 1}, {2, 3}, {4, 5}; the last two at 3.
	three := distMatrix([][]float64{
		{0, 0.2, 10, 10, 10, 10},
		{0.2, 0, 10, 10, 10, 10},
		{10, 10, 0, 0.2, 3, 3},
		{10, 10, 0.2, 0, 3, 3},
		{10, 10, 3, 3, 0, 0.2},
		{10, 10, 3, 3, 0.2, 0},
	})
	weight := []float64{5, 4, 3, 2, 6, 1}
	if n := len(components(three, 6, 1)); n != 3 {
		t.Fatalf("%d components at threshold 1, want 3", n)
	}
	if got := spectralOf(t, three, weight, 2, 1); !slices.EqualFunc(got, [][]int{{0, 1}, {2, 3, 4, 5}}, slices.Equal) {
		t.Errorf("more components than K = 2: %v", got)
	}
	if got := spectralOf(t, three, weight, 3, 1); !slices.EqualFunc(got, [][]int{{0, 1}, {2, 3}, {4, 5}}, slices.Equal) {
		t.Errorf("K = 3: %v", got)
	}
	// Two groups chained by a point midway (distance 5 to all).
	chained := distMatrix([][]float64{
		{0, 1, 10, 10, 5},
		{1, 0, 10, 10, 5},
		{10, 10, 0, 1, 5},
		{10, 10, 1, 0, 5},
		{5, 5, 5, 5, 0},
	})
	if n := len(components(chained, 5, 6)); n != 1 {
		t.Fatalf("%d components at threshold 6, want 1", n)
	}
	got := spectralOf(t, chained, []float64{3, 9, 8, 1, 2}, 2, 1.5)
	if len(got) != 2 || len(got[0])+len(got[1]) != 5 || !slices.Contains(got[0], 1) || !slices.Contains(got[0], 0) ||
		!slices.Contains(got[1], 2) || !slices.Contains(got[1], 3) {
		t.Errorf("fewer components than K = 2: %v", got)
	}
	// Points that cannot be told apart, and as many groups as points.
	same := make([]float64, 16)
	for _, k := range []int{2, 4} {
		got := spectralOf(t, same, []float64{1, 2, 3, 4}, k, 0)
		n := 0
		for _, g := range got {
			n += len(g)
		}
		if len(got) != k || n != 4 {
			t.Errorf("identical points, K = %d: %v", k, got)
		}
	}
	if got := spectralOf(t, three, weight, 6, 1); len(got) != 6 {
		t.Errorf("K = s: %v", got)
	}
}

// spectralOf is spectral with a context that is never done.
func spectralOf(t *testing.T, dist, weight []float64, k int, sigma float64) [][]int {
	t.Helper()
	groups, err := spectral(context.Background(), dist, weight, k, sigma)
	if err != nil {
		t.Fatal(err)
	}
	return groups
}

// TestSpectralStops: the spectral fallback returns the context's error
// once it is done, from the affinities, the eigen-solve (not waited for)
// and Lloyd's steps: at K = 5000 on 1,033 documents it ran on after
// Ctrl-C until the grace timer ended hull.
func TestSpectralStops(t *testing.T) {
	const s = 400
	rng := rand.New(rand.NewPCG(3, 4))
	dist := make([]float64, s*s)
	for i := range s {
		for j := i + 1; j < s; j++ {
			dist[i*s+j] = rng.Float64()
			dist[j*s+i] = dist[i*s+j]
		}
	}
	weight := make([]float64, s)
	for i := range weight {
		weight[i] = rng.Float64()
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := spectral(ctx, dist, weight, 50, 0.5); !errors.Is(err, context.Canceled) {
		t.Errorf("spectral, cancelled: %v", err)
	}
	if _, _, err := eigenvectors(ctx, mat.NewSymDense(s, nil)); !errors.Is(err, context.Canceled) {
		t.Errorf("eigenvectors, cancelled: %v", err)
	}
	x := make([][]float64, s)
	for i := range x {
		x[i] = []float64{rng.Float64(), rng.Float64()}
	}
	if _, err := lloyd(ctx, x, byWeight(weight), 50); !errors.Is(err, context.Canceled) {
		t.Errorf("lloyd, cancelled: %v", err)
	}
}

// A point within the threshold of another group's point lies between
// groups: it is left out of its group's average, unless its group would be
// empty.
func TestBetweenLeftOut(t *testing.T) {
	dist := distMatrix([][]float64{
		{0, 0.5, 9, 9, 2},
		{0.5, 0, 9, 9, 2},
		{9, 9, 0, 0.5, 2},
		{9, 9, 0.5, 0, 2},
		{2, 2, 2, 2, 0},
	})
	for _, tc := range []struct {
		groups, want [][]int
	}{
		{[][]int{{0, 1, 4}, {2, 3}}, [][]int{{0, 1}, {2, 3}}},
		{[][]int{{0, 1}, {2, 3}, {4}}, [][]int{{0, 1}, {2, 3}, {4}}}, // 4 alone stays
		{[][]int{{0, 1}, {2, 3, 4}}, [][]int{{0, 1}, {2, 3}}},
	} {
		if got := betweenLeftOut(tc.groups, dist, 2.5); !slices.EqualFunc(got, tc.want, slices.Equal) {
			t.Errorf("%v: got %v, want %v", tc.groups, got, tc.want)
		}
	}
	// At a threshold below 2 nothing is between.
	if got := betweenLeftOut([][]int{{0, 1, 4}, {2, 3}}, dist, 1.5); !slices.EqualFunc(got, [][]int{{0, 1, 4}, {2, 3}}, slices.Equal) {
		t.Errorf("threshold 1.5: %v", got)
	}
}

// A document longer than the split can draw from (UCI counts near
// MaxInt32 on 10 words: 2e10 tokens) is refused by the memory estimate,
// which counts each goroutine's tokens of the longest document, and, with
// no limit, by the split itself, not by the runtime running out of memory
// (it did: "fatal error: out of memory" in splitCorpus).
func TestSplitRefusesHugeDocuments(t *testing.T) {
	c := &corpus.Corpus{Vocab: []string{"a", "b", "c"}, DocIDs: []string{"1", "2"},
		Offsets: []int64{0, 3, 5}, Words: []int32{0, 1, 2, 0, 1}, Counts: []int32{math.MaxInt32, math.MaxInt32, 5, 1, 2}}
	if got, least := EstimateBytes(c, 2, Options{Method: RP, Settings: learner.Settings{Threads: 2}}), int64(2*8*(2*math.MaxInt32+5)); got < least {
		t.Errorf("EstimateBytes = %d, want at least %d (two goroutines' tokens of document 0)", got, least)
	}
	_, err := splitCorpus(context.Background(), c, 1, 2, nil)
	if err == nil || !strings.Contains(err.Error(), "document 1 has 4294967299 tokens") {
		t.Errorf("splitCorpus: err = %v, want document 1's length refused", err)
	}
}
