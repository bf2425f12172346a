package refine_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/refine"
	"github.com/hulltopics/hull/synth"
)

// planted returns an LDA corpus with sparse, distinct topics and its truth.
func planted(t *testing.T) (*corpus.Corpus, *model.Model) {
	t.Helper()
	g := synth.NewLDA()
	g.K, g.V, g.Docs, g.DocLength, g.Beta = 8, 400, 1500, 80, 0.05
	c, truth, err := synth.LDA(g).Generate(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	return c, truth
}

// blurred returns the truth's topics each mixed with one distribution
// over ten words: near-copies of one another, as a geometric learner gives
// on real text (every topic led by the same frequent words).
func blurred(truth *model.Model) [][]float64 {
	out := make([][]float64, truth.K)
	for k, tp := range truth.Topics {
		out[k] = make([]float64, len(tp))
		for w, x := range tp {
			out[k][w] = 0.3 * x
			if w < 10 {
				out[k][w] += 0.07
			}
		}
	}
	return out
}

func l1(t *testing.T, topics [][]float64, truth *model.Model) float64 {
	t.Helper()
	m := &model.Model{K: truth.K, Vocab: truth.Vocab, Topics: topics}
	r, err := eval.L1Recovery(m, truth)
	if err != nil {
		t.Fatal(err)
	}
	return r.Mean
}

// The refinement separates blurred topics: the l1 error to the planted
// topics falls to a fraction of the start's, and the result does not
// depend on the thread count, bit for bit.
func TestRunSeparatesBlurredTopics(t *testing.T) {
	c, truth := planted(t)
	start := blurred(truth)
	var first *refine.Result
	for _, threads := range []int{1, 2, 3} {
		r, err := refine.Run(context.Background(), c, start, refine.Options{Settings: learner.Settings{Threads: threads}, Iterations: 30})
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = r
			before, after := l1(t, start, truth), l1(t, r.Topics, truth)
			t.Logf("l1 %.3f -> %.3f in %d iterations", before, after, r.Iterations)
			if !(after < before/3) {
				t.Fatalf("l1 %.3f -> %.3f: want below a third", before, after)
			}
			sum := 0.0
			for _, w := range r.Weights {
				sum += w
			}
			if sum < 0.999999 || sum > 1.000001 || len(r.Weights) != truth.K {
				t.Fatalf("weights %v: want K summing to 1", r.Weights)
			}
			continue
		}
		for k := range r.Topics {
			if !slices.Equal(r.Topics[k], first.Topics[k]) {
				t.Fatalf("threads %d: topic %d differs from one thread's", threads, k)
			}
		}
		if !slices.Equal(r.Weights, first.Weights) {
			t.Fatalf("threads %d: weights differ", threads)
		}
	}
}

// Run leaves its input topics as they are.
func TestRunKeepsInput(t *testing.T) {
	c, truth := planted(t)
	start := blurred(truth)
	keep := make([][]float64, len(start))
	for k := range start {
		keep[k] = slices.Clone(start[k])
	}
	if _, err := refine.Run(context.Background(), c, start, refine.Options{Iterations: 2}); err != nil {
		t.Fatal(err)
	}
	for k := range start {
		if !slices.Equal(start[k], keep[k]) {
			t.Fatalf("topic %d modified", k)
		}
	}
}

// IfNoisy keeps distinct topics and refines near-copies, recording both.
func TestIfNoisy(t *testing.T) {
	c, truth := planted(t)
	distinct := &model.Model{K: truth.K, Vocab: truth.Vocab, Topics: truth.Topics, Params: map[string]any{}}
	done, err := refine.IfNoisy(context.Background(), c, distinct, refine.Options{Iterations: 5})
	if err != nil || done || distinct.Params["refined"] != false || !slices.Equal(distinct.Topics[0], truth.Topics[0]) {
		t.Fatalf("distinct topics: refined %v, err %v, params %v", done, err, distinct.Params)
	}
	noisy := &model.Model{K: truth.K, Vocab: truth.Vocab, Topics: blurred(truth), TopicCovariance: make([][]float64, truth.K)}
	for k := range noisy.TopicCovariance { // a placeholder the refinement replaces
		noisy.TopicCovariance[k] = make([]float64, truth.K)
		noisy.TopicCovariance[k][k] = 1 / float64(truth.K)
	}
	if n, _, _ := learner.TopicsNoisy(noisy); !n {
		t.Fatal("the blurred topics are not noisy: the test needs them to be")
	}
	done, err = refine.IfNoisy(context.Background(), c, noisy, refine.Options{Iterations: 5})
	if err != nil || !done {
		t.Fatalf("noisy topics: refined %v, err %v", done, err)
	}
	p := noisy.Params
	if p["refined"] != true || p["refine"] != 5 || p["refine_iterations"] != 5 || p["unrefined_distinct_words"] == nil || p["unrefined_near_duplicate_pairs"] == nil {
		t.Fatalf("params %v", p)
	}
	if len(noisy.TopicWeights) != truth.K || len(noisy.TopicCovariance) != truth.K || len(noisy.TopicCovariance[0]) != truth.K {
		t.Fatalf("weights %d, covariance %d rows: want K = %d", len(noisy.TopicWeights), len(noisy.TopicCovariance), truth.K)
	}
	if tm := noisy.Provenance.Timings; len(tm) != 1 || tm[0].Stage != refine.Stage {
		t.Fatalf("timings %v", tm)
	}
	// Distinct topics whose weights put most of the corpus in two of them
	// (effective number 3.08 of 8) are refined, and their weights
	// recorded; the same topics with the truth's weights are not.
	even := &model.Model{K: truth.K, Vocab: truth.Vocab, Topics: truth.Topics, TopicWeights: truth.TopicWeights}
	if done, err := refine.IfNoisy(context.Background(), c, even, refine.Options{Iterations: 5}); done || err != nil {
		t.Fatalf("the truth's weights: refined %v, err %v", done, err)
	}
	skewed := []float64{0.45, 0.45, 0.02, 0.02, 0.02, 0.02, 0.01, 0.01}
	concentrated := &model.Model{K: truth.K, Vocab: truth.Vocab, Topics: truth.Topics, TopicWeights: skewed}
	done, err = refine.IfNoisy(context.Background(), c, concentrated, refine.Options{Iterations: 5})
	if err != nil || !done {
		t.Fatalf("concentrated weights: refined %v, err %v", done, err)
	}
	if p := concentrated.Params; p["unrefined_largest_weight"] != 0.45 || p["unrefined_effective_topics"] != 3.08 || p["unrefined_near_duplicate_pairs"] != 0 {
		t.Fatalf("concentrated weights: params %v", p)
	}
	if _, eff, _ := learner.TopicsConcentrated(concentrated); eff < 0.9*float64(truth.K) {
		t.Errorf("refined weights %v: effective number %.2f of %d", concentrated.TopicWeights, eff, truth.K)
	}
	// Zero iterations: nothing done, nothing recorded.
	again := &model.Model{K: truth.K, Vocab: truth.Vocab, Topics: blurred(truth)}
	if done, err := refine.IfNoisy(context.Background(), c, again, refine.Options{}); done || err != nil || again.Params != nil {
		t.Fatalf("0 iterations: refined %v, err %v, params %v", done, err, again.Params)
	}
}

// Always refines the distinct topics IfNoisy keeps, and records that it
// was asked to; Auto.Apply does so with RefineAlways.
func TestAlways(t *testing.T) {
	c, truth := planted(t)
	kept := &model.Model{K: truth.K, Vocab: truth.Vocab, Topics: truth.Topics}
	if err := refine.Always(context.Background(), c, kept, refine.Options{}); err != nil || kept.Params != nil {
		t.Fatalf("0 iterations: err %v, params %v", err, kept.Params)
	}
	distinct := &model.Model{K: truth.K, Vocab: truth.Vocab, Topics: truth.Topics}
	if err := refine.Always(context.Background(), c, distinct, refine.Options{Iterations: 5}); err != nil {
		t.Fatal(err)
	}
	p := distinct.Params
	if p["refined"] != true || p["refine_always"] != true || p["refine_iterations"] != 5 || p["unrefined_near_duplicate_pairs"] != 0 {
		t.Fatalf("params %v", p)
	}
	if slices.Equal(distinct.Topics[0], truth.Topics[0]) {
		t.Error("the topics were not refined")
	}
	applied := &model.Model{K: truth.K, Vocab: truth.Vocab, Topics: truth.Topics}
	if err := (refine.Auto{Refine: 5, RefineAlways: true}).Apply(context.Background(), c, applied, learner.Settings{}); err != nil {
		t.Fatal(err)
	}
	if applied.Params["refine_always"] != true || !slices.Equal(applied.Topics[0], distinct.Topics[0]) {
		t.Errorf("Apply with RefineAlways: params %v, topics not Always's", applied.Params)
	}
}

func TestRunErrors(t *testing.T) {
	c, truth := planted(t)
	ok := refine.Options{Iterations: 1}
	short := [][]float64{make([]float64, 3)}
	negative := blurred(truth)
	negative[2][5] = -1
	var optErr *learner.OptionError
	var memErr *learner.MemoryError
	empty := corpus.FromTokens([][]string{{}, {}})
	for _, tc := range []struct {
		name   string
		c      *corpus.Corpus
		topics [][]float64
		o      refine.Options
		check  func(error) bool
	}{
		{"no iterations", c, truth.Topics, refine.Options{}, func(err error) bool { return errors.As(err, &optErr) && optErr.Field == "Iterations" }},
		{"negative tolerance", c, truth.Topics, refine.Options{Iterations: 1, Tolerance: -1}, func(err error) bool { return errors.As(err, &optErr) && optErr.Field == "Tolerance" }},
		{"no topics", c, nil, ok, func(err error) bool { return err != nil }},
		{"wrong vocabulary", c, short, ok, func(err error) bool { return err != nil }},
		{"negative weight", c, negative, ok, func(err error) bool { return err != nil }},
		{"no tokens", empty, [][]float64{{}}, ok, func(err error) bool { return errors.Is(err, refine.ErrNoTokens) }},
		{"memory", c, truth.Topics, refine.Options{Iterations: 1, Settings: learner.Settings{MaxMemory: 1000}}, func(err error) bool { return errors.As(err, &memErr) }},
	} {
		if _, err := refine.Run(context.Background(), tc.c, tc.topics, tc.o); !tc.check(err) {
			t.Errorf("%s: error %v", tc.name, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := refine.Run(ctx, c, truth.Topics, ok); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: error %v", err)
	}
}

func TestAutoValidate(t *testing.T) {
	var optErr *learner.OptionError
	for _, a := range []refine.Auto{{Refine: -1}, {RefineTolerance: -1}, {RefineAlways: true}} {
		if err := a.Validate("x"); !errors.As(err, &optErr) || optErr.Learner != "x" {
			t.Errorf("%+v: error %v", a, err)
		}
	}
	if err := refine.DefaultAuto().Validate("x"); err != nil {
		t.Error(err)
	}
	c, _ := planted(t)
	if n := (refine.Auto{}).EstimateBytes(c, 5); n != 0 {
		t.Errorf("no refinement estimated at %d bytes", n)
	}
	if n := refine.DefaultAuto().EstimateBytes(c, 5); n != refine.EstimateBytes(c, 5) {
		t.Errorf("estimate %d, want %d", n, refine.EstimateBytes(c, 5))
	}
}

// TestRefineRefusesAnotherVocabulary: the rules read the corpus by the
// model's word indices; a corpus on other words panicked.
func TestRefineRefusesAnotherVocabulary(t *testing.T) {
	_, truth := planted(t)
	other := corpus.FromTokens([][]string{{"x", "y", "x"}, {"y", "z"}})
	m := &model.Model{K: truth.K, Vocab: truth.Vocab, Topics: truth.Topics}
	if err := refine.Always(context.Background(), other, m, refine.Options{Iterations: 3}); !errors.Is(err, model.ErrVocabMismatch) {
		t.Errorf("Always: %v", err)
	}
	if _, err := refine.IfNoisy(context.Background(), other, m, refine.Options{Iterations: 3}); !errors.Is(err, model.ErrVocabMismatch) {
		t.Errorf("IfNoisy: %v", err)
	}
	if _, err := refine.IfNoisy(context.Background(), nil, m, refine.Options{Iterations: 3}); err == nil {
		t.Error("a nil corpus: no error")
	}
}

// themed returns a corpus of K themes over disjoint sets of ten words,
// perTheme[k] documents of 20 tokens drawn from theme k, and a model of
// the themes (uniform over their words) whose topic weights are even: its
// topics are distinct, coherent and, by their weights, spread.
func themed(perTheme []int) (*corpus.Corpus, *model.Model) {
	k := len(perTheme)
	rng := rand.New(rand.NewPCG(3, 4))
	var docs [][]string
	for theme, n := range perTheme {
		for range n {
			doc := make([]string, 20)
			for i := range doc {
				doc[i] = fmt.Sprintf("w%d_%d", theme, rng.IntN(10))
			}
			docs = append(docs, doc)
		}
	}
	c := corpus.FromTokens(docs)
	m := &model.Model{K: k, Vocab: c.Vocab, Topics: make([][]float64, k), TopicWeights: make([]float64, k)}
	for theme := range m.Topics {
		m.Topics[theme] = make([]float64, len(c.Vocab))
		for w, word := range c.Vocab {
			if strings.HasPrefix(word, fmt.Sprintf("w%d_", theme)) {
				m.Topics[theme][w] = 0.1
			}
		}
		m.TopicWeights[theme] = 1 / float64(k)
	}
	return c, m
}

// Topics distinct, coherent and spread by their weights, whose documents
// mostly fall in one of them, are refined by the rule of concentrated
// documents, on the sample and figures of eval's health; spread documents
// are not, and their check is timed.
func TestIfNoisyConcentratedDocuments(t *testing.T) {
	ctx := context.Background()
	c, m := themed([]int{170, 10, 10, 10})
	if noisy, _, _ := learner.TopicsNoisy(m); noisy {
		t.Fatal("the themes are noisy: the test needs distinct topics")
	}
	if concentrated, _, _ := learner.TopicsConcentrated(m); concentrated {
		t.Fatal("the themes' weights are concentrated: the test needs even ones")
	}
	if incoherent, _, _, err := learner.TopicsIncoherent(m, c); err != nil || incoherent {
		t.Fatalf("the themes are incoherent (%v): the test needs coherent topics", err)
	}
	health := eval.TopicHealth(m, must(eval.DominantTopics(ctx, m, c, 1)), 0)
	if !health.Collapsed {
		t.Fatalf("health %v: the test needs documents concentrated", health)
	}
	done, err := refine.IfNoisy(ctx, c, m, refine.Options{Iterations: 5})
	if err != nil || !done {
		t.Fatalf("concentrated documents: refined %v, err %v", done, err)
	}
	// 170, 10, 10, 10 of 200 documents: exp(-(0.85 ln 0.85 + 3 x 0.05 ln 0.05)) = 1.80 effective topics.
	if p := m.Params; p["unrefined_document_effective_topics"] != 1.8 || p["unrefined_largest_document_share"] != 0.85 || p["unrefined_rare_topics"] != 0 {
		t.Fatalf("params %v", p)
	}
	if tm := m.Provenance.Timings; len(tm) != 2 || tm[0].Stage != refine.CheckStage || tm[1].Stage != refine.Stage {
		t.Fatalf("timings %v", tm)
	}

	c, m = themed([]int{50, 50, 50, 50})
	done, err = refine.IfNoisy(ctx, c, m, refine.Options{Iterations: 5})
	if err != nil || done || m.Params["refined"] != false {
		t.Fatalf("spread documents: refined %v, err %v, params %v", done, err, m.Params)
	}
	if tm := m.Provenance.Timings; len(tm) != 1 || tm[0].Stage != refine.CheckStage {
		t.Fatalf("timings %v", tm)
	}
	if health := eval.TopicHealth(m, must(eval.DominantTopics(ctx, m, c, 1)), 0); health.Collapsed {
		t.Fatalf("spread documents: health %v", health)
	}
}

func must[T any](x T, err error) T {
	if err != nil {
		panic(err)
	}
	return x
}

// TestNoModel: refining no model (nil) is an error, whatever the
// iterations, not a silent nothing.
func TestNoModel(t *testing.T) {
	c := corpus.FromTokens([][]string{{"a", "b"}})
	for _, it := range []int{0, refine.DefaultIterations} {
		if err := refine.Always(context.Background(), c, nil, refine.Options{Iterations: it}); err == nil {
			t.Errorf("Always(nil model, %d iterations): no error", it)
		}
		if _, err := refine.IfNoisy(context.Background(), c, nil, refine.Options{Iterations: it}); err == nil {
			t.Errorf("IfNoisy(nil model, %d iterations): no error", it)
		}
	}
}

// A refinement logs one line, however many iterations it runs: the move
// of its first and last iterations and whether it settled.
func TestRunLogsOneLine(t *testing.T) {
	c, truth := planted(t)
	for _, tc := range []struct {
		iterations int
		tolerance  float64
		want       string
	}{
		{1, 0, "refine: 1 EM iteration: the topics moved by "},
		{5, 0, "refine: 5 EM iterations: the topics moved by "},
		{30, 0.5, "converged: below the tolerance 0.5"},
	} {
		var lines []string
		o := refine.Options{Iterations: tc.iterations, Tolerance: tc.tolerance}
		o.Log = func(line string) { lines = append(lines, line) }
		r, err := refine.Run(context.Background(), c, blurred(truth), o)
		if err != nil {
			t.Fatal(err)
		}
		if len(lines) != 1 || !strings.Contains(lines[0], tc.want) {
			t.Fatalf("%d iterations: log %q: want one line holding %q", tc.iterations, lines, tc.want)
		}
		if len(r.Changes) != r.Iterations || r.Changes[r.Iterations-1] != r.Change {
			t.Fatalf("changes %v of %d iterations, last %g", r.Changes, r.Iterations, r.Change)
		}
		if last := fmt.Sprintf("%.3g in the last", r.Change); r.Iterations > 1 && !strings.Contains(lines[0], last) {
			t.Fatalf("log %q: want %q", lines[0], last)
		}
	}
}
