package tsvd

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/synth"
)

// dominant generates a corpus meeting the paper's assumptions (section 3.1):
// synth.NewDominant's, with docs documents of docLength tokens.
func dominant(t testing.TB, docs, docLength int, seed uint64) (*corpus.Corpus, *model.Model) {
	t.Helper()
	g := synth.NewDominant()
	g.Docs, g.DocLength = docs, docLength
	c, truth, err := g.Generate(rand.New(rand.NewPCG(seed, 2)))
	if err != nil {
		t.Fatal(err)
	}
	return c, truth
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

// TSVD recovers the topics of dominant-admixture corpora with catchwords:
// mean l1 about 0.18 on these corpora (0.17-0.19 over seeds), max about
// 0.2. Without its catchwords (topics from cluster means, or catchwords
// that are not) the mean is 0.39-0.46, and a topic lost by the clustering
// costs about 1.5 in the max. Each learned topic's catchwords are mostly
// the planted catchwords of its true topic, and the dominant topics agree
// with the truth's.
func TestDominantRecovery(t *testing.T) {
	for _, noSplit := range []bool{false, true} {
		c, truth := dominant(t, 3000, 300, 1)
		m := fitModel(t, c, 10, Options{Settings: learner.Settings{Seed: 1}, NoSplit: noSplit})
		rec, err := eval.L1Recovery(m, truth)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("no split %v: mean l1 %.4f, max %.4f, cluster sizes %v, timings %v", noSplit, rec.Mean, rec.Max, m.ClusterSizes, m.Provenance.Timings)
		if rec.Mean > 0.25 || rec.Max > 0.35 {
			t.Errorf("no split %v: mean l1 %.4f, max %.4f; want <= 0.25 and <= 0.35", noSplit, rec.Mean, rec.Max)
		}
		if fb, ok := m.Param("fallback_topics"); !ok || fb != 0 {
			t.Errorf("no split %v: %v topics fell back, sources %v", noSplit, m.Params["fallback_topics"], m.TopicSource)
		}
		// Catchwords: planted ones are w0 ... w99, ten per true topic.
		// They are found, and no other topic's; the other catchwords are
		// ordinary words frequent in one topic only (the Dirichlet(0.1)
		// share of each topic makes many).
		cw := m.TopicWords
		for j, l := range rec.Match {
			own, other := 0, 0
			for _, w := range cw[l] {
				switch i, _ := strconv.Atoi(strings.TrimPrefix(m.Vocab[w], "w")); {
				case i/10 == j:
					own++
				case i < 100:
					other++
				}
			}
			if own < 8 || other > 0 {
				t.Errorf("no split %v: topic %d (true %d) has %d of its 10 planted catchwords and %d of other topics: %v", noSplit, l, j, own, other, cw[l])
			}
		}
		// Dominant topics against the truth's (its VB weights' argmax).
		theta, err := infer.Infer(context.Background(), truth, c, infer.Options{})
		if err != nil {
			t.Fatal(err)
		}
		dom := m.DominantTopic
		if len(dom) != c.NumDocs() {
			t.Fatalf("dominant_topic has %d entries for %d documents", len(dom), c.NumDocs())
		}
		agree := 0
		for d, row := range theta {
			top := 0
			for j, w := range row {
				if w > row[top] {
					top = j
				}
			}
			if dom[d] == rec.Match[top] {
				agree++
			}
		}
		if share := float64(agree) / float64(len(theta)); share < 0.75 {
			t.Errorf("no split %v: %.3f of the dominant topics agree with the truth's, want >= 0.75", noSplit, share)
		}
	}
}

// The model is the same, bit for bit, for any number of threads.
func TestThreadsBitForBit(t *testing.T) {
	c, _ := dominant(t, 1500, 200, 2)
	var first []byte
	for _, threads := range []int{1, 2, 7} {
		m := fitModel(t, c, 10, Options{Settings: learner.Settings{Seed: 3, Threads: threads}})
		if m.Provenance.Threads != threads {
			t.Errorf("threads %d: provenance records %d", threads, m.Provenance.Threads)
		}
		m.Provenance.Timings, m.Provenance.Threads = nil, 0
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

// checkTopics fails unless every topic is a finite distribution.
func checkTopics(t *testing.T, m *model.Model) {
	t.Helper()
	for l, row := range m.Topics {
		s := 0.0
		for _, x := range row {
			if math.IsNaN(x) || math.IsInf(x, 0) || x < 0 {
				t.Fatalf("topic %d holds %v", l, x)
			}
			s += x
		}
		if math.Abs(s-1) > 1e-9 {
			t.Fatalf("topic %d sums to %v", l, s)
		}
	}
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
}

// repeated builds a corpus of copies of a few documents over words a..z:
// docs[i] repeated times[i] times.
func repeated(docs []map[string]int32, times []int) *corpus.Corpus {
	vocab := make([]string, 26)
	for i := range vocab {
		vocab[i] = string(rune('a' + i))
	}
	b := corpus.NewBuilder(vocab)
	n := 0
	for i, doc := range docs {
		for range times[i] {
			for w, cnt := range doc {
				j, _ := b.WordIndex(w)
				b.Add(j, cnt)
			}
			n++
			b.EndDoc(strconv.Itoa(n))
		}
	}
	return b.Corpus()
}

// A corpus of two kinds of documents, each repeated, asked for K = 4
// topics: the projection has two distinct points, so two clusters never
// exist. Every topic is returned, finite, and the fallbacks are recorded.
func TestFallbackEmptyClusters(t *testing.T) {
	c := repeated([]map[string]int32{
		{"a": 30, "b": 20, "c": 10, "d": 5},
		{"e": 30, "f": 20, "g": 10, "h": 5},
	}, []int{40, 40})
	for _, noSplit := range []bool{false, true} {
		m := fitModel(t, c, 4, Options{Settings: learner.Settings{Seed: 1}, NoSplit: noSplit})
		checkTopics(t, m)
		src := m.TopicSource
		fb, _ := m.Param("fallback_topics")
		t.Logf("no split %v: sources %v, fallback %v, sizes %v, catchwords %v", noSplit, src, fb, m.ClusterSizes, m.TopicWords)
		if m.Params["kmeans_clusters"] != 2 {
			t.Errorf("kmeans_clusters %v, want 2", m.Params["kmeans_clusters"])
		}
		corpusMean := 0
		for _, s := range src {
			if s == SourceCorpusMean {
				corpusMean++
			}
		}
		if corpusMean != 2 || fb != 2 {
			t.Errorf("sources %v, fallback %v: want two corpus-mean fallbacks", src, fb)
		}
		// The two real clusters give the two document kinds exactly.
		kinds := [][]float64{
			kind(m.Vocab, map[string]float64{"a": 30, "b": 20, "c": 10, "d": 5}),
			kind(m.Vocab, map[string]float64{"e": 30, "f": 20, "g": 10, "h": 5}),
		}
		found := 0
		for l, row := range m.Topics {
			if src[l] == SourceCorpusMean {
				continue
			}
			for _, want := range kinds {
				d := 0.0
				for i := range row {
					d += math.Abs(row[i] - want[i])
				}
				if d < 1e-9 {
					found++
				}
			}
		}
		if found != 2 {
			t.Errorf("topics %v: %d of the two document kinds found", m.Topics, found)
		}
		dom := m.DominantTopic
		for d := 1; d < 40; d++ {
			if dom[d] != dom[0] || dom[40+d] != dom[40] || dom[0] == dom[40] || dom[0] < 0 {
				t.Fatalf("dominant topics %v", dom)
			}
		}
	}
}

func kind(vocab []string, counts map[string]float64) []float64 {
	row := make([]float64, len(vocab))
	s := 0.0
	for _, x := range counts {
		s += x
	}
	for i, w := range vocab {
		row[i] = counts[w] / s
	}
	return row
}

// With no catchword at all (gamma so large that none qualifies and a
// catchword floor above every frequency), every topic falls back to its
// cluster's mean document.
func TestFallbackNoCatchwords(t *testing.T) {
	c, _ := dominant(t, 1000, 200, 3)
	m := fitModel(t, c, 10, Options{Settings: learner.Settings{Seed: 1}, CatchwordFloor: 1})
	checkTopics(t, m)
	if len(m.TopicSource) != 10 {
		t.Fatalf("topic sources %v, want 10", m.TopicSource)
	}
	for l, s := range m.TopicSource {
		if s != SourceClusterMean {
			t.Errorf("topic %d source %q, want %q", l, s, SourceClusterMean)
		}
	}
	if fb, _ := m.Param("fallback_topics"); fb != 10 {
		t.Errorf("fallback topics %v, want 10", m.Params["fallback_topics"])
	}
	for l, ws := range m.TopicWords {
		if len(ws) != 0 {
			t.Errorf("topic %d has catchwords %v above a floor of 1", l, ws)
		}
	}
}

// The fallback chain of step 6 on a hand-made state: a topic with
// catchwords, one whose cluster has documents but no catchword, one whose
// cluster was emptied by Lloyd (its centre is left) and one that never had
// a centre.
func TestFallbackChain(t *testing.T) {
	c := repeated([]map[string]int32{
		{"a": 3, "b": 1}, {"c": 2, "d": 2}, {"e": 1, "f": 1},
	}, []int{3, 3, 2})
	k := 4
	all := []int{0, 1, 2, 3, 4, 5, 6, 7}
	cut, bval := cuts(make([]int32, c.NumWords()), make([]int32, c.NumWords()), false)
	for i := range cut {
		cut[i], bval[i] = 1, 1
	}
	b := thresholded(c, all, cut, bval, meanLength(c))
	o := Options{TopFraction: 0.5, NoSplit: true}
	f := &fit{o: &o, c: c, k: k, first: all, second: all, cut: cut, bval: bval, mbar: meanLength(c), b: b, retained: all, params: map[string]any{}}
	// Clusters at the start: documents 0-2, 3-5, 6-7; then Lloyd "moves"
	// documents 6-7 to cluster 1, leaving cluster 2 empty with its centre.
	f.cen = newCentres(b, []int{0, 0, 0, 1, 1, 1, 2, 2}, k)
	f.labels = []int{0, 0, 0, 1, 1, 1, 1, 1}
	f.catch = [][]int{{0}, nil, nil, nil} // "a" is topic 0's catchword
	if err := f.topics(context.Background()); err != nil {
		t.Fatal(err)
	}
	want := []string{SourceCatchwords, SourceClusterMean, SourceCentroid, SourceCorpusMean}
	m := f.model()
	got := m.TopicSource
	if len(got) != len(want) {
		t.Fatalf("sources %v, want %v", got, want)
	}
	for l := range want {
		if got[l] != want[l] {
			t.Errorf("topic %d: source %q, want %q", l, got[l], want[l])
		}
	}
	checkTopics(t, m)
	// topic 0: the top floor(0.5*8/2) = 2 documents by frequency of "a":
	// two copies of document kind 0, whose distribution is (3/4, 1/4).
	if a, bb := m.Topics[0][0], m.Topics[0][1]; math.Abs(a-0.75) > 1e-12 || math.Abs(bb-0.25) > 1e-12 {
		t.Errorf("topic 0 = %v", m.Topics[0][:6])
	}
	// topic 2: the centre of documents 6-7 in B, sqrt(1) on e and f.
	if e, ff := m.Topics[2][4], m.Topics[2][5]; e != 0.5 || ff != 0.5 {
		t.Errorf("topic 2 = %v", m.Topics[2][:6])
	}
	if fb, _ := m.Param("fallback_topics"); fb != 3 {
		t.Errorf("fallback topics %v, want 3", m.Params["fallback_topics"])
	}
	if tw := m.TopicWords; len(tw) != k || len(tw[0]) != 1 || tw[0][0] != 0 || tw[1] == nil || len(tw[1]) != 0 {
		t.Errorf("topic words %v, want [[0] [] [] []]", tw)
	}
}

// wordThreshold follows step 2a literally.
func TestWordThreshold(t *testing.T) {
	for _, tc := range []struct {
		vals  []int32 // decreasing
		s     int
		above int
		tie   float64
		want  int32
	}{
		{[]int32{9, 7, 5, 5, 3}, 100, 3, 10, 4},   // 3rd highest is 5: zeta = 4 (#{>4} = 4 >= 3, #{=4} = 0)
		{[]int32{9, 7, 5, 4, 4, 4}, 100, 3, 2, 3}, // #{=4} = 3 > 2: lowered to 3
		{[]int32{9, 7, 5, 4, 4, 4, 3, 3, 3}, 100, 3, 2, 2},
		{[]int32{9, 7}, 100, 3, 10, 0},           // fewer than 3 documents hold the word
		{[]int32{2, 1, 1, 1, 1}, 100, 2, 1.5, 0}, // #{=1} = 4 too many, zeta = 0 unusable
		{[]int32{6, 6, 6, 6}, 100, 2, 10, 5},     // ties above the cut are kept
	} {
		if got := wordThreshold(tc.vals, tc.s, tc.above, tc.tie); got != tc.want {
			t.Errorf("wordThreshold(%v, above %d, tie %v) = %d, want %d", tc.vals, tc.above, tc.tie, got, tc.want)
		}
	}
}

// Documents of different lengths are compared on the count scale of the
// mean length: a word at 10% of a 50-token document and at 10% of a
// 150-token document both count 10 on the scale of m = 100.
func TestCountScale(t *testing.T) {
	if got := countScale(100, 5, 50); got != 10 {
		t.Errorf("countScale(100, 5, 50) = %d", got)
	}
	if got := countScale(100, 15, 150); got != 10 {
		t.Errorf("countScale(100, 15, 150) = %d", got)
	}
	if got := countScale(1000, 7, 1000); got != 7 {
		t.Errorf("countScale(1000, 7, 1000) = %d", got)
	}
}

// Catchwords on a hand-made corpus: g(i, l) is the Rank-th highest
// frequency of word i in cluster l.
func TestCatchwords(t *testing.T) {
	// Cluster 0: documents 0-2; cluster 1: documents 3-5; document 6 left out.
	c := repeated([]map[string]int32{
		{"a": 5, "b": 5}, {"a": 4, "b": 6}, {"a": 3, "c": 7},
		{"b": 5, "c": 5}, {"b": 4, "d": 6}, {"a": 1, "d": 9},
		{"a": 10},
	}, []int{1, 1, 1, 1, 1, 1, 1})
	labels := []int{0, 0, 0, 1, 1, 1, -1}
	// Rank 2: g(a,0) = 0.4, g(a,1) = 0 (one document); g(b,0) = 0.5,
	// g(b,1) = 0.4; g(c,0) = 0, g(c,1) = 0 (one document each);
	// g(d,1) = 0.6.
	sets, err := Catchwords(context.Background(), c, labels, 2, CatchwordOptions{Rank: 2, Gamma: 1.1})
	if err != nil {
		t.Fatal(err)
	}
	want := [][]int{{1, 0}, {3}} // b (0.5 > 1.1*0.4) before a (0.4), then d
	if len(sets[0]) != 2 || sets[0][0] != want[0][0] || sets[0][1] != want[0][1] || len(sets[1]) != 1 || sets[1][0] != 3 {
		t.Errorf("catchwords %v, want %v", sets, want)
	}
	// gamma 1.3: b no longer qualifies (0.5 < 1.3 * 0.4).
	sets, _ = Catchwords(context.Background(), c, labels, 2, CatchwordOptions{Rank: 2, Gamma: 1.3})
	if len(sets[0]) != 1 || sets[0][0] != 0 {
		t.Errorf("gamma 1.3: catchwords %v", sets)
	}
	// A floor of 0.45 keeps d (0.6) and b (0.5) only.
	sets, _ = Catchwords(context.Background(), c, labels, 2, CatchwordOptions{Rank: 2, Gamma: 1.1, Floor: 0.45})
	if len(sets[0]) != 1 || sets[0][0] != 1 || len(sets[1]) != 1 {
		t.Errorf("floor: catchwords %v", sets)
	}
	for _, tc := range []struct {
		labels []int
		o      CatchwordOptions
		want   string
	}{
		{labels[:3], CatchwordOptions{Rank: 1, Gamma: 1}, "labels"},
		{[]int{0, 0, 0, 2, 1, 1, -1}, CatchwordOptions{Rank: 1, Gamma: 1}, "label 2"},
		{labels, CatchwordOptions{Rank: 0, Gamma: 1}, "Rank"},
		{labels, CatchwordOptions{Rank: 1, Gamma: 0}, "Gamma"},
		{labels, CatchwordOptions{Rank: 1, Gamma: 1, Floor: -1}, "Floor"},
	} {
		if _, err := Catchwords(context.Background(), c, tc.labels, 2, tc.o); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Catchwords(%v, %+v): error %v, want one mentioning %q", tc.labels, tc.o, err, tc.want)
		}
	}
}

func TestOptionErrors(t *testing.T) {
	for _, tc := range []struct {
		o    Options
		want string
	}{
		{Options{W0: -0.1}, "W0"},
		{Options{W0: 1.5}, "W0"},
		{Options{Eps: -1}, "Eps"},
		{Options{Gamma: math.NaN()}, "Gamma"},
		{Options{Eps0: -1}, "Eps0"},
		{Options{TopFraction: 2}, "TopFraction"},
		{Options{ZetaFloor: -1}, "ZetaFloor"},
		{Options{CatchwordFloor: math.Inf(1)}, "CatchwordFloor"},
		{Options{Restarts: -1}, "Restarts"},
		{Options{KMeansIter: -1}, "KMeansIter"},
		{Options{LloydIter: -1}, "LloydIter"},
		{Options{Settings: learner.Settings{Threads: -1}}, "Threads"},
		{Options{Settings: learner.Settings{MaxMemory: -1}}, "MaxMemory"},
	} {
		_, err := New(tc.o)
		var oe *learner.OptionError
		if !errors.As(err, &oe) || oe.Learner != Algorithm || oe.Field != tc.want {
			t.Errorf("New(%+v): error %v, want a *learner.OptionError of tsvd for %s", tc.o, err, tc.want)
		} else if strings.Contains(err.Error(), "--") {
			t.Errorf("New(%+v): error %q names a flag", tc.o, err)
		}
	}
	l, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	if o := l.Options(); o.Eps != DefaultEps || o.Gamma != DefaultGamma || o.Eps0 != DefaultEps0 || o.Restarts != DefaultRestarts {
		t.Errorf("defaults %+v", o)
	}
}

func TestFitErrors(t *testing.T) {
	c, _ := dominant(t, 200, 100, 4)
	l, _ := New(Options{Settings: learner.Settings{Seed: 1}})
	for _, tc := range []struct {
		k    int
		want string
	}{
		{1, "K = 1"},
		{c.NumWords(), "K ="},
		{101, "second half"},
	} {
		if _, err := l.Fit(context.Background(), c, tc.k); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("K = %d: error %v, want one mentioning %q", tc.k, err, tc.want)
		}
	}
	// No word reaches a threshold: every word is in at most one document.
	var docs []map[string]int32
	for i := range 26 {
		docs = append(docs, map[string]int32{string(rune('a' + i)): 3})
	}
	times := make([]int, 26)
	for i := range times {
		times[i] = 1
	}
	if _, err := l.Fit(context.Background(), repeated(docs, times), 2); err == nil || !strings.Contains(err.Error(), "B = 0") || !errors.Is(err, learner.ErrTooFewWords) {
		t.Errorf("B = 0: error %v, want one wrapping learner.ErrTooFewWords", err)
	}
	small, _ := New(Options{Settings: learner.Settings{MaxMemory: 1000}})
	var me *learner.MemoryError
	if _, err := small.Fit(context.Background(), c, 5); !errors.As(err, &me) {
		t.Errorf("memory limit: error %v, want a *learner.MemoryError", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := l.Fit(ctx, c, 5); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: error %v", err)
	}
}

// The stages are timed and progress reaches the end of every stage.
func TestStagesAndProgress(t *testing.T) {
	c, _ := dominant(t, 600, 200, 5)
	last := map[string][2]int{}
	m := fitModel(t, c, 10, Options{Settings: learner.Settings{Seed: 1, Progress: func(stage string, done, total int) { last[stage] = [2]int{done, total} }}})
	var stages []string
	for _, s := range m.Provenance.Timings {
		stages = append(stages, s.Stage)
	}
	if got := strings.Join(stages, ","); got != "threshold,svd,k-means,lloyd,catchwords,topics" {
		t.Errorf("stages %s", got)
	}
	for stage, p := range last {
		if p[0] != p[1] {
			t.Errorf("stage %s ended at %d of %d", stage, p[0], p[1])
		}
	}
	if m.Algorithm != Algorithm || m.Params["w0"] != 0.1 || m.Params["top_fraction"] != 0.1 || m.Params["split"] != true {
		t.Errorf("params %v", m.Params)
	}
	// The model survives a save and load, its typed results with their
	// Go types.
	var buf bytes.Buffer
	if err := model.Write(&buf, m, false); err != nil {
		t.Fatal(err)
	}
	got, err := model.Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.TopicWords, m.TopicWords) || !reflect.DeepEqual(got.DominantTopic, m.DominantTopic) ||
		!reflect.DeepEqual(got.TopicSource, m.TopicSource) || !reflect.DeepEqual(got.ClusterSizes, m.ClusterSizes) ||
		!reflect.DeepEqual(got.SingularValues, m.SingularValues) {
		t.Errorf("typed results differ after a save and load")
	}
	if got.Provenance.Threads != m.Provenance.Threads || got.Provenance.Threads < 1 {
		t.Errorf("provenance threads %d, saved %d", got.Provenance.Threads, m.Provenance.Threads)
	}
}

// Fit fills the typed results: per topic the catchwords (word indices),
// the source and the cluster size; per document the dominant topic; the K
// singular values of B. Params hold scalars only.
func TestTypedResults(t *testing.T) {
	c, _ := dominant(t, 600, 200, 5)
	m := fitModel(t, c, 10, Options{Settings: learner.Settings{Seed: 1}})
	if len(m.TopicWords) != 10 || len(m.TopicSource) != 10 || len(m.ClusterSizes) != 10 || len(m.SingularValues) != 10 {
		t.Fatalf("typed results: %d topic word lists, %d sources, %d cluster sizes, %d singular values; want 10 each",
			len(m.TopicWords), len(m.TopicSource), len(m.ClusterSizes), len(m.SingularValues))
	}
	if len(m.DominantTopic) != c.NumDocs() {
		t.Errorf("%d dominant topics for %d documents", len(m.DominantTopic), c.NumDocs())
	}
	words, sizes := 0, 0
	for l, ws := range m.TopicWords {
		if ws == nil {
			t.Errorf("topic %d: nil catchword list, want an empty one", l)
		}
		words += len(ws)
		sizes += m.ClusterSizes[l]
	}
	if n, _ := m.Param("catchword_count"); int(n) != words || words == 0 {
		t.Errorf("catchword_count %v, %d catchwords in TopicWords", m.Params["catchword_count"], words)
	}
	if n, _ := m.Param("docs_clustered"); int(n) != sizes {
		t.Errorf("docs_clustered %v, cluster sizes sum to %d", m.Params["docs_clustered"], sizes)
	}
	for i := 1; i < len(m.SingularValues); i++ {
		if m.SingularValues[i] > m.SingularValues[i-1] {
			t.Errorf("singular values %v not decreasing", m.SingularValues)
		}
	}
	for key, x := range m.Params {
		switch x.(type) {
		case nil, bool, string, float64, int, int64:
		default:
			t.Errorf("Params[%q] is a %T", key, x)
		}
	}
}

// The registry builds TSVD by name with the command line's defaults, and
// an option out of range is an *learner.OptionError whose field maps back
// to its flag.
func TestRegistered(t *testing.T) {
	spec, err := learner.Lookup(Algorithm)
	if err != nil {
		t.Fatal(err)
	}
	d := spec.Defaults().(*Options)
	if d.Eps != DefaultEps || d.Gamma != DefaultGamma || d.Eps0 != DefaultEps0 || d.W0 != 0 || d.TopFraction != 0 || d.NoSplit {
		t.Errorf("defaults %+v", d)
	}
	l, err := learner.New(Algorithm, learner.Settings{Seed: 2}, map[string]string{"tsvd-w0": "0.2", "TopFraction": "0.3", "tsvd-no-split": "true"})
	if err != nil {
		t.Fatal(err)
	}
	if o := l.(*Learner).Options(); o.W0 != 0.2 || o.TopFraction != 0.3 || !o.NoSplit || o.Seed != 2 || o.Eps != DefaultEps {
		t.Errorf("options %+v", o)
	}
	_, err = learner.New(Algorithm, learner.Settings{}, map[string]string{"tsvd-w0": "2"})
	var oe *learner.OptionError
	if !errors.As(err, &oe) || oe.Field != "W0" || spec.Flag(oe.Field) != "tsvd-w0" {
		t.Errorf("tsvd-w0 2: error %v, want an *learner.OptionError for W0", err)
	}
}

// A huge Eps0 asks for a catchword rank beyond every document: the fit is
// that of the largest rank, not of rank 1, which Go's conversion of a
// float beyond MaxInt64 gave (MinInt64 on amd64).
func TestHugeEps0(t *testing.T) {
	if got := catchwordRank(1e19, 40); got != 40 {
		t.Errorf("rank of 1e19 among 40 documents: %d, want 40", got)
	}
	if got := catchwordRank(0.2, 40); got != 1 {
		t.Errorf("rank of 0.2: %d, want 1", got)
	}
	c, _ := dominant(t, 400, 120, 4)
	fit := func(eps0 float64) []byte {
		m := fitModel(t, c, 4, Options{Eps0: eps0, Settings: learner.Settings{Seed: 1, Threads: 1}})
		b, err := json.Marshal(m.Topics)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	if large, huge, least := fit(1e6), fit(1e19), fit(1e-300); !bytes.Equal(huge, large) || bytes.Equal(huge, least) {
		t.Errorf("Eps0 1e19 gives the topics of 1e6: %v, of 1e-300: %v; want the first only", bytes.Equal(huge, large), bytes.Equal(huge, least))
	}
}

// TestLogNamesNoGoField: the fallback's log lines point to the model's
// topic_source, not to the Go field "(TopicSource)" a command line's user
// cannot look up.
func TestLogNamesNoGoField(t *testing.T) {
	c := repeated([]map[string]int32{
		{"a": 30, "b": 20, "c": 10, "d": 5},
		{"e": 30, "f": 20, "g": 10, "h": 5},
	}, []int{40, 40})
	var lines []string
	fitModel(t, c, 4, Options{Settings: learner.Settings{Seed: 1, Log: func(l string) { lines = append(lines, l) }}})
	fell := 0
	for _, l := range lines {
		if strings.Contains(l, "TopicSource") {
			t.Errorf("log line names a Go field: %q", l)
		}
		if strings.Contains(l, "topic_source") {
			fell++
		}
	}
	if fell == 0 {
		t.Errorf("no line points to topic_source: %q", lines)
	}
}

// TestWantsSayZeroIsTheDefault: the options whose 0 takes the default say
// so when refused, not "> 0" or "(0, 1]", which 0 seemed to break.
func TestWantsSayZeroIsTheDefault(t *testing.T) {
	for _, tc := range []struct {
		o    Options
		want string
	}{
		{Options{W0: -1}, "in [0, 1] (0: the default, 1/K)"},
		{Options{Eps: -1}, "a finite number >= 0 (0: the default, 1/6)"},
		{Options{Gamma: -1}, "a finite number >= 0 (0: the default, 1.1)"},
		{Options{Eps0: -1}, "a finite number >= 0 (0: the default, 1/3)"},
		{Options{TopFraction: 2}, "in [0, 1] (0: the default, 1/K)"},
	} {
		_, err := New(tc.o)
		var oe *learner.OptionError
		if !errors.As(err, &oe) || oe.Want != tc.want {
			t.Errorf("New(%+v): %v, want %q", tc.o, err, tc.want)
		}
	}
}
