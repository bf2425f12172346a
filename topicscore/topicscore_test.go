package topicscore

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/refine"
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
	if testing.Short() {
		t.Skip("an accuracy test: run without -short (the race job runs the parallel code in the thread tests)")
	}
	c, truth := ke(t, synth.NewKe(), 1)
	for _, norm := range []bool{false, true} {
		m := fitModel(t, context.Background(), c, 6, Options{Settings: learner.Settings{Seed: 1}, Normalize: norm})
		l1 := maxL1(t, m, truth)
		t.Logf("normalize=%v: max l1 %.4f, vertex fit %.4g, k0 %v, timings %v", norm, l1, m.Params["vertex_fit"], m.Params["k0"], m.Provenance.Timings)
		if l1 >= 0.3 {
			t.Errorf("normalize=%v: max l1 %.4f, want < 0.3 (paper: about .19)", norm, l1)
		}
		if m.Algorithm != Algorithm || m.Params["m"] != 60 || m.Params["k0"] != 8 || m.Params["normalize"] != norm {
			t.Errorf("params %v", m.Params)
		}
		if v := m.Simplex.Vertices; len(v) != 6 || len(v[0]) != 5 {
			t.Errorf("vertices %d x %d, want 6 x 5", len(v), len(v[0]))
		}
		// The words nearest each vertex are planted anchor words of the
		// matched true topic: words k*p0 ... (k+1)*p0-1 of topic k. Score
		// does not call them anchors.
		if m.Anchors != nil {
			t.Errorf("normalize=%v: Anchors %v, want none", norm, m.Anchors)
		}
		if tw := m.TopicWords; len(tw) != 6 || len(tw[0]) != VertexWordsPerTopic {
			t.Fatalf("topic words %v, want 6 lists of %d", tw, VertexWordsPerTopic)
		}
		rec, _ := eval.L1Recovery(m, truth)
		for k, learned := range rec.Match {
			if w := m.TopicWords[learned][0]; w/20 != k {
				t.Errorf("normalize=%v: topic %d's word nearest its vertex is word %d, not an anchor of true topic %d", norm, learned, w, k)
			}
		}
	}
}

// The model is the same, bit for bit, for any number of threads.
func TestThreadsBitForBit(t *testing.T) {
	c, _ := ke(t, synth.Ke{K: 6, V: 2000, Docs: 300, DocLength: 2000, AnchorsPerTopic: 20, PureFraction: 0.2}, 2)
	var first []byte
	for _, threads := range []int{1, 2, 7} {
		m := fitModel(t, context.Background(), c, 6, Options{Settings: learner.Settings{Seed: 3, Threads: threads}})
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

// K = 20 (where the paper's public R code, with K0 = 1.5K, does not finish)
// is bounded: K0 = 25, C(25, 20) = 53,130 simplices, searched in about a
// second. The simplex budget is what bounds the time, so the test asserts
// the count, not a clock. With the paper's truncation of R the anchor
// words' rows are clipped at this K and the topics are poor; without it
// they are close.
func TestK20Bounded(t *testing.T) {
	if testing.Short() {
		t.Skip("an accuracy test: run without -short (the race job runs the parallel code in the thread tests)")
	}
	c, truth := ke(t, synth.Ke{K: 20, V: 2000, Docs: 1000, DocLength: 2000, AnchorsPerTopic: 20, PureFraction: 0.2}, 3)
	for _, tc := range []struct {
		threshold, maxL1 float64
	}{{0, 2}, {math.Inf(1), 0.35}} {
		if testing.Short() && tc.threshold == 0 {
			continue // one K = 20 search is enough for -short (and -race, where each takes half a minute)
		}
		m := fitModel(t, context.Background(), c, 20, Options{Settings: learner.Settings{Seed: 4}, RatioThreshold: tc.threshold, VertexSearch: SearchExhaustive}) // whether every vertex is found depends on the k-means draw (about one seed in three of 1-8 loses one, before and after the rewrite of internal/kmeans); seed 4 is one that does not
		l1 := maxL1(t, m, truth)
		t.Logf("K=20, threshold %v: max l1 %.3f, %v R entries truncated, timings %v", m.Params["ratio_threshold"], l1, m.Params["ratios_truncated"], m.Provenance.Timings)
		k0, _ := m.Param("k0")
		simplices, _ := m.Param("simplices")
		if k0 != 25 || simplices != 53130 { // the budget is what bounds the time
			t.Errorf("k0 %v, simplices %v; want 25 and 53130", m.Params["k0"], m.Params["simplices"])
		}
		if l1 >= tc.maxL1 { // maxL1 2: l1 of two distributions is never above 2
			t.Errorf("K=20, threshold %v: max l1 %.3f, want < %v", tc.threshold, l1, tc.maxL1)
		}
		// A lost topic shows as two vertices on one cluster: the search
		// reports the simplex degenerate, and auto (the default) recovers
		// by successive projection (all 8 seeds find every topic there,
		// truncated or not; the exhaustive search loses one on 8 and 4).
		if lost := l1 > 1; (m.Params["vertex_degenerate"] == true) != lost {
			t.Errorf("K=20, threshold %v: max l1 %.3f but vertex_degenerate %v (distance ratio %v)", tc.threshold, l1, m.Params["vertex_degenerate"], m.Params["vertex_distance_ratio"])
		}
		auto := fitModel(t, context.Background(), c, 20, Options{Settings: learner.Settings{Seed: 4}, RatioThreshold: tc.threshold})
		if l1 := maxL1(t, auto, truth); l1 >= 0.6 {
			t.Errorf("K=20, threshold %v, auto: max l1 %.3f (search %v), want < 0.6", tc.threshold, l1, auto.Params["vertex_search"])
		}
	}
}

// A K0 beyond the budget fails instead of running for hours.
func TestK0OverBudget(t *testing.T) {
	c, _ := ke(t, synth.Ke{K: 6, V: 2000, Docs: 100, DocLength: 200, AnchorsPerTopic: 20, PureFraction: 0.2}, 4)
	l, _ := New(Options{K0: 40, MaxSimplices: 1000})
	_, err := l.Fit(context.Background(), c, 6)
	var oe *learner.OptionError
	if !errors.As(err, &oe) || oe.Field != "K0" || !strings.Contains(err.Error(), "budget") {
		t.Fatalf("err %v, want a budget error on K0", err)
	}
	// C(12, 6) = 924 and C(13, 6) = 1716: the largest K0 within 1000 is 12.
	if !strings.Contains(oe.Want, "at most 12") {
		t.Errorf("want %q, want it to name K0 = 12", oe.Want)
	}
}

func TestErrors(t *testing.T) {
	c, _ := ke(t, synth.Ke{K: 6, V: 200, Docs: 5, DocLength: 50, AnchorsPerTopic: 2, PureFraction: 0.2}, 5)
	l, _ := New(Options{})
	for _, k := range []int{-1, 0, 1, 200, 201, 6} {
		if _, err := l.Fit(context.Background(), c, k); err == nil {
			t.Errorf("K=%d: no error", k)
		}
	}
	for _, tc := range []struct {
		o     Options
		field string
	}{
		{Options{M: -1}, "M"}, {Options{K0: -1}, "K0"}, {Options{S: -1}, "S"}, {Options{Restarts: -1}, "Restarts"},
		{Options{KMeansIter: -1}, "KMeansIter"}, {Options{KMeansTol: -1}, "KMeansTol"}, {Options{MaxSimplices: -1}, "MaxSimplices"},
		{Options{RatioThreshold: -1}, "RatioThreshold"}, {Options{RatioThreshold: math.NaN()}, "RatioThreshold"},
		{Options{Settings: learner.Settings{Threads: -1}}, "Threads"}, {Options{Settings: learner.Settings{MaxMemory: -1}}, "MaxMemory"},
	} {
		_, err := New(tc.o)
		var oe *learner.OptionError
		if !errors.As(err, &oe) || oe.Learner != Algorithm || oe.Field != tc.field {
			t.Errorf("New(%+v): error %v, want a *learner.OptionError of score for %s", tc.o, err, tc.field)
		} else if strings.Contains(err.Error(), "--") {
			t.Errorf("New(%+v): error %q names a flag", tc.o, err)
		}
	}
	// M and K0 below K fail at Fit, naming the field.
	for _, tc := range []struct {
		o     Options
		field string
	}{{Options{M: 2}, "M"}, {Options{K0: 2}, "K0"}} {
		l, _ := New(tc.o)
		_, err := l.Fit(context.Background(), c, 3)
		var oe *learner.OptionError
		if !errors.As(err, &oe) || oe.Field != tc.field {
			t.Errorf("%+v, K = 3: error %v, want a *learner.OptionError for %s", tc.o, err, tc.field)
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
	c, _ := ke(t, synth.Ke{K: 6, V: 2000, Docs: 200, DocLength: 500, AnchorsPerTopic: 20, PureFraction: 0.2}, 6)
	c.Vocab = append(append([]string(nil), c.Vocab...), "never-seen")
	m := fitModel(t, context.Background(), c, 6, Options{Settings: learner.Settings{Seed: 1}, S: 50})
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

// Fit fills the typed results: the simplex of vertex hunting, the words
// nearest each vertex (not called anchors) and the singular values; they
// survive a save and load with their Go types.
func TestTypedResults(t *testing.T) {
	c, _ := ke(t, synth.Ke{K: 6, V: 2000, Docs: 300, DocLength: 2000, AnchorsPerTopic: 20, PureFraction: 0.2}, 7)
	m := fitModel(t, context.Background(), c, 6, Options{Settings: learner.Settings{Seed: 1}})
	if m.Anchors != nil {
		t.Errorf("Anchors %v, want none", m.Anchors)
	}
	if len(m.SingularValues) != 6 {
		t.Errorf("%d singular values, want 6", len(m.SingularValues))
	}
	if len(m.TopicWords) != 6 {
		t.Fatalf("%d topic word lists, want 6", len(m.TopicWords))
	}
	s := m.Simplex
	if s == nil {
		t.Fatal("no simplex")
	}
	mm, _ := m.Param("m")
	if len(s.Vertices) != 6 || len(s.Centres) != int(mm) || len(s.VertexCentres) != 6 {
		t.Errorf("simplex: %d vertices, %d centres (m = %v), %d vertex centres", len(s.Vertices), len(s.Centres), mm, len(s.VertexCentres))
	}
	for k, c := range s.VertexCentres {
		if !reflect.DeepEqual(s.Centres[c], s.Vertices[k]) {
			t.Errorf("vertex %d is not its centre %d", k, c)
		}
	}
	if len(s.Sample) != len(s.SampleWords) || len(s.Sample) < MaxRatioSample/2 || len(s.Sample[0]) != 2 {
		t.Errorf("sample: %d rows of %d coordinates, %d words", len(s.Sample), len(s.Sample[0]), len(s.SampleWords))
	}
	inSample := map[int]bool{}
	for _, w := range s.SampleWords {
		inSample[w] = true
	}
	for k, ws := range m.TopicWords {
		if len(ws) != VertexWordsPerTopic {
			t.Errorf("topic %d: %d words, want %d", k, len(ws), VertexWordsPerTopic)
		}
		for _, w := range ws {
			if !inSample[w] {
				t.Errorf("topic %d: word %d nearest its vertex is not in the sample", k, w)
			}
		}
	}
	var buf bytes.Buffer
	if err := model.Write(&buf, m, false); err != nil {
		t.Fatal(err)
	}
	got, err := model.Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Simplex, m.Simplex) || !reflect.DeepEqual(got.TopicWords, m.TopicWords) || !reflect.DeepEqual(got.SingularValues, m.SingularValues) {
		t.Errorf("typed results differ after a save and load")
	}
	for key, x := range m.Params {
		switch x.(type) {
		case nil, bool, string, float64, int, int64:
		default:
			t.Errorf("Params[%q] is a %T", key, x)
		}
	}
}

// The registry builds Topic-SCORE by name with the command line's
// defaults, and an option out of range is an *learner.OptionError whose
// field maps back to its flag.
func TestRegistered(t *testing.T) {
	spec, err := learner.Lookup(Algorithm)
	if err != nil {
		t.Fatal(err)
	}
	if d := spec.Defaults().(*Options); !reflect.DeepEqual(*d, Options{Auto: refine.DefaultAuto()}) {
		t.Errorf("defaults %+v, want the zero Options refining noisy topics", d)
	}
	l, err := learner.New(Algorithm, learner.Settings{Seed: 2}, map[string]string{"score-m": "30", "K0": "7", "normalize": "true", "score-truncate": "inf"})
	if err != nil {
		t.Fatal(err)
	}
	if o := l.(*Learner).Options(); o.M != 30 || o.K0 != 7 || !o.Normalize || !math.IsInf(o.RatioThreshold, 1) || o.Seed != 2 {
		t.Errorf("options %+v", o)
	}
	_, err = learner.New(Algorithm, learner.Settings{}, map[string]string{"score-truncate": "-1"})
	var oe *learner.OptionError
	if !errors.As(err, &oe) || oe.Field != "RatioThreshold" || spec.Flag(oe.Field) != "score-truncate" {
		t.Errorf("score-truncate -1: error %v, want an *learner.OptionError for RatioThreshold", err)
	}
}

// TestK0LoweredToM: a K0 above the k-means centres is lowered to them, and
// its budget error says so with the numbers of the centres, not C(m, K)
// as if m were the K0 given; M and K0 below K are refused by K alone, by
// the registry's CheckK (they failed after the corpus's SVD).
func TestK0LoweredToM(t *testing.T) {
	o := Options{K0: 100, MaxSimplices: DefaultMaxSimplices}
	err := o.k0Error(5, 50, 50, binomial(50, 5))
	if err == nil || !strings.Contains(err.Error(), "K0 = 100, want at most 31: it is lowered to the 50 k-means centres (Options.M), and C(50, 5) = 2118760 simplices is above the budget of 200000") {
		t.Errorf("K0 100 lowered to 50 centres: %v", err)
	}
	if err := (&Options{K0: 40}).k0Error(6, 40, 60, binomial(40, 6)); err == nil || strings.Contains(err.Error(), "lowered") {
		t.Errorf("K0 40 of 60 centres: %v", err)
	}
	spec, err := learner.Lookup(Algorithm)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ flag, want string }{
		{"score-m", "M = 1, want >= K = 5 k-means centres"},
		{"score-k0", "K0 = 3, want >= K = 5 candidate centres"},
	} {
		value := map[string]string{"score-m": "1", "score-k0": "3"}[tc.flag]
		if _, err := spec.BuildK(learner.Settings{}, map[string]string{tc.flag: value}, 5); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("--%s %s for K = 5: %v, want %q", tc.flag, value, err, tc.want)
		}
		if _, err := spec.BuildK(learner.Settings{}, map[string]string{tc.flag: "5"}, 5); err != nil {
			t.Errorf("--%s 5 for K = 5: %v", tc.flag, err)
		}
	}
}
