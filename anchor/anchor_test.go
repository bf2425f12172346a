package anchor

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/hulltopics/hull/cooc"
	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/synth"
)

// separable generates the test data: one planted anchor word per
// topic, Dirichlet(0.1) document weights, K=10, V=500, 100 tokens per
// document.
func separable(t testing.TB, docs int, seed uint64) (*corpus.Corpus, *model.Model) {
	t.Helper()
	g := synth.Separable{LDA: synth.LDA{K: 10, V: 500, Docs: docs, DocLength: 100, Alpha: 0.1, Beta: 0.1}, AnchorsPerTopic: 1, Style: synth.SeparableArora}
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
// at 50,000 documents (Arora et al. 2013, Fig. 4 in small), for the
// paper's pipeline and for DefaultOptions (rectified and refined), which
// is no worse at any size.
func TestRecoverL2ErrorFallsWithDocuments(t *testing.T) {
	sizes := []int{2000, 10000, 50000}
	if testing.Short() {
		sizes = sizes[:2]
	}
	for _, tc := range []struct {
		name string
		o    Options
	}{{"paper", Options{}}, {"rectified", rectified()}} {
		prev := math.Inf(1)
		for _, d := range sizes {
			c, truth := separable(t, d, 1)
			l1, m := fitL1(t, c, truth, tc.o)
			t.Logf("%s, D=%d: mean l1 %.4f, anchors %v", tc.name, d, l1, m.Anchors)
			if l1 >= prev {
				t.Errorf("%s, D=%d: mean l1 %.4f did not fall from %.4f", tc.name, d, l1, prev)
			}
			if paper := map[int]float64{2000: 0.139, 10000: 0.051, 50000: 0.024}[d]; l1 > paper {
				t.Errorf("%s, D=%d: mean l1 %.4f above the paper pipeline's %.3f", tc.name, d, l1, paper)
			}
			prev = l1
		}
		if !testing.Short() && prev >= 0.1 {
			t.Errorf("%s: mean l1 at 50,000 documents is %.4f, want < 0.1", tc.name, prev)
		}
	}
}

// Each recovery method finds the planted anchors and a close model.
func TestMethodsRecoverPlantedTopics(t *testing.T) {
	if testing.Short() {
		t.Skip("accuracy on 20,000 documents: run without -short (the race job exercises the parallel code in TestThreadsGiveIdenticalTopics)")
	}
	c, truth := separable(t, 20000, 2)
	for _, tc := range []struct {
		o     Options
		maxL1 float64
	}{
		{Options{Recover: RecoverL2}, 0.2},
		{Options{Recover: RecoverKL}, 0.2},
		{Options{Recover: Original}, 0.3},
		{Options{Settings: learner.Settings{Seed: 3}, Recover: RecoverL2, ProjectDim: 200}, 0.2},
		{Options{Recover: RecoverL2, Rectify: RectifyAP}, 0.2},
		{Options{Recover: RecoverKL, Rectify: RectifyAP}, 0.2},
		{rectified(), 0.1},
		{withRecover(rectified(), RecoverKL), 0.1},
	} {
		l1, m := fitL1(t, c, truth, tc.o)
		t.Logf("%s (project %d, rectify %s, refine %d): mean l1 %.4f", m.Algorithm, tc.o.ProjectDim, tc.o.Rectify, tc.o.Refine, l1)
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

func withRecover(o Options, m Method) Options {
	o.Recover = m
	return o
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

// The model is bit-identical whatever the number of threads, rectified
// and refined or not.
func TestThreadsGiveIdenticalTopics(t *testing.T) {
	docs := 5000
	if testing.Short() {
		docs = 1000 // the same code paths, quicker under the race detector
	}
	c, truth := separable(t, docs, 3)
	for _, o := range []Options{{Recover: RecoverL2}, {Recover: RecoverKL}, rectified(), withRecover(rectified(), RecoverKL)} {
		o1, o4 := o, o
		o1.Threads, o4.Threads = 1, 4
		_, m1 := fitL1(t, c, truth, o1)
		_, m4 := fitL1(t, c, truth, o4)
		name := fmt.Sprintf("%s, rectify %q, refine %d", o.Recover, o.Rectify, o.Refine)
		for k := range m1.Topics {
			for i, x := range m1.Topics[k] {
				if math.Float64bits(x) != math.Float64bits(m4.Topics[k][i]) {
					t.Fatalf("%s: topic %d word %d: %v with 1 thread, %v with 4", name, k, i, x, m4.Topics[k][i])
				}
			}
		}
		for k := range m1.Anchors {
			if m1.Anchors[k] != m4.Anchors[k] {
				t.Fatalf("%s: anchors differ: %v vs %v", name, m1.Anchors, m4.Anchors)
			}
		}
		for a := range m1.TopicCovariance {
			for b, x := range m1.TopicCovariance[a] {
				if math.Float64bits(x) != math.Float64bits(m4.TopicCovariance[a][b]) || math.Float64bits(m1.TopicWeights[a]) != math.Float64bits(m4.TopicWeights[a]) {
					t.Fatalf("%s: p(z) or R differ", name)
				}
			}
		}
	}
}

// Blocks of 5,000 x 5,000 or 50 x 50 words: EstimateBytes counts the dense
// rectified block (8 N^2 bytes), the refusal names it, and a bound between
// the two lets the smaller block through.
func TestMemoryEstimateCountsTheRectifiedBlock(t *testing.T) {
	c, _ := separable(t, 200, 5)
	small := Options{Rectify: RectifyAP, RectifyWords: 50}
	big := Options{Rectify: RectifyAP, RectifyWords: 400}
	plain := cooc.EstimateOperatorBytes(c) // what every fit holds; the paper's pipeline adds V-space vectors instead of a block
	if d := EstimateBytes(c, 10, big) - EstimateBytes(c, 10, small); d < 8*(400*400-50*50) {
		t.Errorf("the estimate grows by %d bytes from N = 50 to 400, want at least %d", d, 8*(400*400-50*50))
	}
	if EstimateBytes(c, 10, small) <= plain {
		t.Error("rectifying adds nothing to the estimate")
	}
	limit := (EstimateBytes(c, 10, small) + EstimateBytes(c, 10, big)) / 2
	small.MaxMemory, big.MaxMemory = limit, limit
	l, _ := New(big)
	_, err := l.Fit(context.Background(), c, 10)
	var me *learner.MemoryError
	if !errors.As(err, &me) || !strings.Contains(err.Error(), "400 x 400") {
		t.Fatalf("err = %v, want a *learner.MemoryError naming the 400 x 400 block", err)
	}
	l, _ = New(small)
	if _, err := l.Fit(context.Background(), c, 10); err != nil {
		t.Fatalf("N = 50 under the bound: %v", err)
	}
}

// RectifyAuto may rectify after the paper's fit, so its estimate covers
// the rectified block: a bound that leaves the block out is refused before
// the paper's fit starts (it was checked only after that fit, the fit done
// for nothing when its topics were noisy).
func TestAutoRefusesBeforeThePaperFit(t *testing.T) {
	c, _ := separable(t, 200, 5)
	auto := DefaultOptions()
	auto.RectifyWords = 400
	paper, _ := autoOptions(auto)
	if EstimateBytes(c, 10, paper) >= EstimateBytes(c, 10, auto) {
		t.Fatalf("paper %d >= auto %d: the case needs a block larger than the paper's fit", EstimateBytes(c, 10, paper), EstimateBytes(c, 10, auto))
	}
	auto.MaxMemory = EstimateBytes(c, 10, paper) // enough for the paper's fit alone
	var stages []string
	auto.Progress = func(stage string, done, total int) { stages = append(stages, stage) }
	l, err := New(auto)
	if err != nil {
		t.Fatal(err)
	}
	_, err = l.Fit(context.Background(), c, 10)
	var me *learner.MemoryError
	if !errors.As(err, &me) || !strings.Contains(err.Error(), "400 x 400") {
		t.Fatalf("err = %v, want a *learner.MemoryError naming the 400 x 400 block", err)
	}
	if len(stages) > 0 {
		t.Errorf("refused after the stages %q ran", stages)
	}
}

// A rectified fit records what it did in the model's parameters.
func TestRectifiedModelReportsItsWork(t *testing.T) {
	c, truth := separable(t, 2000, 8)
	o := rectified()
	_, m := fitL1(t, c, truth, o)
	p := m.Params
	if p["rectify"] != "ap" || p["rectify_words"] != 500 || p["refine"] != DefaultRefine ||
		p["rectify_tolerance"] != DefaultRectifyTolerance || p["rectify_max_iter"] != DefaultRectifyMaxIter {
		t.Errorf("params %v", p)
	}
	if it := p["rectify_iterations"].(int); it < 1 || it > DefaultRectifyMaxIter || p["rectify_converged"] != (p["rectify_change"].(float64) < DefaultRectifyTolerance) {
		t.Errorf("rectify_iterations %v, rectify_change %v, rectify_converged %v", it, p["rectify_change"], p["rectify_converged"])
	}
	for _, row := range m.TopicCovariance {
		for _, x := range row {
			if x < 0 {
				t.Fatalf("topic covariance has a negative entry %g", x)
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
	l, _ := New(Options{Settings: learner.Settings{MaxMemory: 1 << 10}})
	_, err := l.Fit(context.Background(), c, 10)
	var me *learner.MemoryError
	if !errors.As(err, &me) {
		t.Fatalf("err = %v, want *learner.MemoryError", err)
	}
}

// The memory error says what the need counts: anchor's names the block it
// may rectify; recover's, which never rectifies and leaves the block out
// of its need, does not.
func TestMemoryErrorSaysWhatItCounts(t *testing.T) {
	c, _ := separable(t, 200, 5)
	for _, tc := range []struct {
		recover Method
		block   bool
	}{{RecoverL2, true}, {Original, false}} {
		o := DefaultOptions()
		o.Recover, o.MaxMemory = tc.recover, 1<<10
		l, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		_, err = l.Fit(context.Background(), c, 10)
		var me *learner.MemoryError
		if !errors.As(err, &me) || strings.Contains(me.What, "rectified") != tc.block {
			t.Errorf("%s: %v: want the rectified block named %v", tc.recover, err, tc.block)
		}
	}
}

func TestNewRejectsBadOptions(t *testing.T) {
	for _, tc := range []struct {
		o     Options
		field string
	}{
		{Options{Recover: "x"}, "Recover"},
		{Options{AnchorMinDF: -1}, "AnchorMinDF"},
		{Options{ProjectDim: -2}, "ProjectDim"},
		{Options{Tolerance: -1}, "Tolerance"},
		{Options{MaxIter: -1}, "MaxIter"},
		{Options{Settings: learner.Settings{Threads: -1}}, "Threads"},
		{Options{Rectify: "dykstra"}, "Rectify"},
		{Options{Rectify: RectifyAP, Recover: Original}, "Rectify"},
		{Options{Rectify: RectifyAP, ProjectDim: 100}, "ProjectDim"},
		{Options{RectifyWords: -1}, "RectifyWords"},
		{Options{RectifyMaxIter: -1}, "RectifyMaxIter"},
		{Options{RectifyTolerance: math.NaN()}, "RectifyTolerance"},
		{Options{RectifyTolerance: -1}, "RectifyTolerance"},
		{Options{Refine: -1}, "Refine"},
		{Options{RefineTolerance: -1}, "RefineTolerance"},
		{Options{RefineTolerance: math.Inf(1)}, "RefineTolerance"},
	} {
		_, err := New(tc.o)
		var oe *learner.OptionError
		if !errors.As(err, &oe) || oe.Field != tc.field {
			t.Errorf("New(%+v): err %v, want an OptionError on %s", tc.o, err, tc.field)
		}
	}
}

func TestFitHonoursCancellation(t *testing.T) {
	c, _ := separable(t, 2000, 6)
	for _, o := range []Options{{}, rectified()} {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		l, _ := New(o)
		if _, err := l.Fit(ctx, c, 10); !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v, want context.Canceled", err)
		}
	}
	// Cancelled from the progress callback in the middle of each stage.
	for _, stage := range []string{"rectify", "recover", "refine"} {
		ctx, cancel := context.WithCancel(context.Background())
		o := rectified()
		o.Progress = func(s string, done, total int) {
			if s == stage && done > 0 {
				cancel()
			}
		}
		l, _ := New(o)
		if m, err := l.Fit(ctx, c, 10); !errors.Is(err, context.Canceled) || m != nil {
			t.Errorf("cancelled during %s: model %v, err = %v, want none and context.Canceled", stage, m != nil, err)
		}
		cancel()
	}
	// Cancelled in the refinement of the topics RectifyAuto keeps (the
	// paper's, refined always; the original recovery's, refined always):
	// no half-refined model comes back with the error.
	for _, recover := range []Method{RecoverL2, Original} {
		ctx, cancel := context.WithCancel(context.Background())
		o := DefaultOptions()
		o.Recover, o.RefineAlways = recover, true
		o.Progress = func(s string, done, total int) {
			if s == "refine" && done > 0 {
				cancel()
			}
		}
		l, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		if m, err := l.Fit(ctx, c, 6); !errors.Is(err, context.Canceled) || m != nil {
			t.Errorf("%s, cancelled during the refinement of the kept topics: model %v, err = %v, want none and context.Canceled", recover, m != nil, err)
		}
		cancel()
	}
}

// rectified returns the default options with rectification forced on,
// whatever the paper's topics look like.
func rectified() Options {
	o := DefaultOptions()
	o.Rectify = RectifyAP
	return o
}

// The refinement stops once an iteration moves the topics by less than
// RefineTolerance, with the topics of exactly that many iterations; the
// bound on the iterations still holds.
func TestRefineStopsOnceSettled(t *testing.T) {
	c, truth := separable(t, 2000, 8)
	o := rectified()
	o.Refine, o.RefineTolerance = 1_000_000, 1e-3
	_, settled := fitL1(t, c, truth, o)
	p := settled.Params
	n, _ := p["refine_iterations"].(int)
	if p["refine_converged"] != true || n < 2 || n >= 1000 || !(p["refine_change"].(float64) < 1e-3) {
		t.Fatalf("refine_iterations %v, refine_change %v, refine_converged %v", p["refine_iterations"], p["refine_change"], p["refine_converged"])
	}
	o.Refine, o.RefineTolerance = n, 1e-300
	_, fixed := fitL1(t, c, truth, o)
	if !reflect.DeepEqual(fixed.Topics, settled.Topics) {
		t.Error("the settled topics differ from those of the same number of iterations")
	}
	if fixed.Params["refine_converged"] != false || fixed.Params["refine_iterations"] != n {
		t.Errorf("bounded run: refine_iterations %v, refine_converged %v", fixed.Params["refine_iterations"], fixed.Params["refine_converged"])
	}
}

// RectifyAuto keeps the paper's topics where they are distinct (planted
// separable topics) and rectifies where they are near-copies (KOS).
func TestRectifyAuto(t *testing.T) {
	c, truth := separable(t, 5000, 4)
	paper := Options{Recover: RecoverL2, Settings: learner.Settings{Seed: 1}}
	_, want := fitL1(t, c, truth, paper)
	auto := DefaultOptions()
	auto.Seed = 1
	_, got := fitL1(t, c, truth, auto)
	if got.Params["rectify_chosen"] != "none" || !reflect.DeepEqual(got.Topics, want.Topics) {
		t.Errorf("separable: chose %v; want the paper's topics kept", got.Params["rectify_chosen"])
	}
	if testing.Short() {
		t.Skip("the KOS half reads ../shared/data and fits twice")
	}
	kos, err := corpus.ReadFile("../../shared/data/kos/docword.kos.txt.gz", corpus.ReadOptions{})
	if err != nil {
		t.Skip(err)
	}
	l, _ := New(auto)
	m, err := l.Fit(context.Background(), kos, 20)
	if err != nil {
		t.Fatal(err)
	}
	if m.Params["rectify_chosen"] != "ap" || m.Params["refine"] == nil {
		t.Errorf("KOS: chose %v (params %v); want rectification", m.Params["rectify_chosen"], m.Params)
	}
	if n, _ := m.Param("paper_near_duplicate_pairs"); n < 20 {
		t.Errorf("KOS: the paper's topics have %v near-duplicate pairs; want many", n)
	}
	if d, _, _ := m.TopWordOverlap(10); d < 120 {
		t.Errorf("KOS: %d distinct top words after rectification; want readable topics", d)
	}
}

// RectifyAuto with RecoverKL screens the paper's topics by RecoverL2's
// from the same anchors: where those are distinct (planted topics) the
// paper's RecoverKL runs and its topics are kept, the same as the paper's
// pipeline gives; where they are near-copies (KOS) the rectified fit
// runs without the paper's RecoverKL and gives the rectified pipeline's
// topics.
func TestRectifyAutoKLScreen(t *testing.T) {
	c, truth := separable(t, 5000, 4)
	paper := Options{Recover: RecoverKL, Settings: learner.Settings{Seed: 1}}
	_, want := fitL1(t, c, truth, paper)
	auto := DefaultOptions()
	auto.Recover, auto.Seed = RecoverKL, 1
	_, got := fitL1(t, c, truth, auto)
	if got.Params["rectify_chosen"] != "none" || got.Params["screened_by"] != nil || !reflect.DeepEqual(got.Topics, want.Topics) {
		t.Errorf("separable: chose %v (params %v); want the paper's RecoverKL topics kept", got.Params["rectify_chosen"], got.Params)
	}
	stages := map[string]bool{}
	for _, tm := range got.Provenance.Timings {
		stages[tm.Stage] = true
	}
	if !stages[ScreenStage] || !stages["recover"] {
		t.Errorf("separable: stages %v; want the screen and RecoverKL", got.Provenance.Timings)
	}
	if testing.Short() {
		t.Skip("the KOS half reads ../shared/data and fits twice")
	}
	kos, err := corpus.ReadFile("../../shared/data/kos/docword.kos.txt.gz", corpus.ReadOptions{})
	if err != nil {
		t.Skip(err)
	}
	fit := func(o Options) *model.Model {
		l, _ := New(o)
		m, err := l.Fit(context.Background(), kos, 20)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	m := fit(auto)
	if m.Params["rectify_chosen"] != "ap" || m.Params["paper_recover"] != "l2" {
		t.Errorf("KOS: chose %v (params %v); want rectification after the RecoverL2 screen", m.Params["rectify_chosen"], m.Params)
	}
	for _, tm := range m.Provenance.Timings {
		if tm.Stage == "paper recover" {
			t.Errorf("KOS: the paper's RecoverKL ran (%.2f s) though the screen found its topics noisy", tm.Seconds)
		}
	}
	direct := withRecover(rectified(), RecoverKL)
	direct.Seed = 1
	if want := fit(direct); !reflect.DeepEqual(m.Topics, want.Topics) {
		t.Error("KOS: the topics differ from the rectified pipeline's")
	}
}

// TestRectifyWordsAtMostKRefused: a RectifyWords block of no more words
// than K is refused naming RectifyWords, before any stage runs, with
// rectification (it failed after the paper's whole fit under auto, saying
// that only N words co-occur in the corpus); without it, or for the
// original recovery, it changes nothing and is not checked. The
// registry's CheckK refuses it for K alone, before any corpus.
func TestRectifyWordsAtMostKRefused(t *testing.T) {
	c, _ := separable(t, 200, 5)
	for _, rect := range []Rectifier{RectifyAP, RectifyAuto} {
		var stages []string
		o := Options{Rectify: rect, RectifyWords: 10, Settings: learner.Settings{Progress: func(stage string, _, _ int) { stages = append(stages, stage) }}}
		l, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		_, err = l.Fit(context.Background(), c, 10)
		var oe *learner.OptionError
		if !errors.As(err, &oe) || oe.Field != "RectifyWords" || !strings.Contains(oe.Want, "more than K = 10") || len(stages) > 0 {
			t.Errorf("Rectify %s, RectifyWords 10, K = 10: err %v after the stages %q; want RectifyWords refused first", rect, err, stages)
		}
	}
	for _, o := range []Options{{Rectify: RectifyNone, RectifyWords: 10}, {Recover: Original, Rectify: RectifyAuto, RectifyWords: 10}} {
		if err := o.checkK(10); err != nil {
			t.Errorf("%+v: %v, want no check without rectification", o, err)
		}
	}
	spec, err := learner.Lookup("anchor")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := spec.BuildK(learner.Settings{}, map[string]string{"rectify-words": "3"}, 5); err == nil || !strings.Contains(err.Error(), "RectifyWords = 3, want more than K = 5") {
		t.Errorf("BuildK --rectify-words 3 for K = 5: %v", err)
	}
	if _, err := spec.BuildK(learner.Settings{}, map[string]string{"rectify-words": "6"}, 5); err != nil {
		t.Errorf("BuildK --rectify-words 6 for K = 5: %v", err)
	}
}

// TestRecoverHasNoSolveOptions: recover, whose matrix inversion solves
// nothing per word, has neither --tolerance nor --max-iter (accepted, they
// changed nothing), as it has none of the rectification's options.
func TestRecoverHasNoSolveOptions(t *testing.T) {
	spec, err := learner.Lookup("recover")
	if err != nil {
		t.Fatal(err)
	}
	for _, flag := range []string{"tolerance", "max-iter", "rectify-words"} {
		if _, ok := spec.Option(flag); ok {
			t.Errorf("recover has --%s", flag)
		}
	}
	for _, name := range []string{"anchor", "anchor-kl"} {
		s, _ := learner.Lookup(name)
		if _, ok := s.Option("tolerance"); !ok {
			t.Errorf("%s lost --tolerance", name)
		}
	}
}

// TestFitRefusesKAboveDocs: more topics than documents are refused at
// once, from a corpus and from its statistics: Q's expectation has rank
// at most D, so anchors beyond the D-th would be chosen from noise (K =
// 5,000 on Med's 1,033 documents ran for minutes first).
func TestFitRefusesKAboveDocs(t *testing.T) {
	c, _ := separable(t, 8, 5)
	s := cooc.NewStats(c.Vocab)
	for d := range c.NumDocs() {
		if err := s.AddDoc(c.Doc(d)); err != nil {
			t.Fatal(err)
		}
	}
	l, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	const want = "K = 9 topics for 8 documents: want K <= D"
	if _, err := l.Fit(context.Background(), c, 9); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Fit, K = 9 for 8 documents: %v", err)
	}
	if _, err := l.FitStats(context.Background(), s, 9); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("FitStats, K = 9 for 8 documents: %v", err)
	}
	if _, err := l.Fit(context.Background(), c, 8); err != nil && strings.Contains(err.Error(), "want K <= D") {
		t.Errorf("K = 8 for 8 documents refused: %v", err)
	}
}
