package lda

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/synth"
)

func fitVB(t testing.TB, c *corpus.Corpus, k int, o VBOptions) *model.Model {
	t.Helper()
	l, err := NewVB(o)
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

// Variational EM recovers the topics of an easy LDA corpus from lda-c's
// random start and, closer, from the anchor topics; the symmetric alpha
// estimate lands near the generating 0.1.
func TestVBRecoversTopics(t *testing.T) {
	if testing.Short() {
		t.Skip("an accuracy test: run without -short (the race job runs the parallel code in the thread tests)")
	}
	c, truth := easyCorpus(t, 1)
	for _, tc := range []struct {
		init          Init
		maxMean, maxL float64
	}{{InitRandom, 0.12, 0.2}, {InitAnchor, 0.08, 0.1}} {
		m := fitVB(t, c, truth.K, VBOptions{Settings: learner.Settings{Seed: 1}, Init: tc.init})
		rec := recovery(t, m, truth)
		t.Logf("%s: mean l1 %.4f, max %.4f, alpha %.4f, %v iterations, bound %.4f", tc.init, rec.Mean, rec.Max, m.Alpha[0],
			m.Params["iterations_run"], m.Params["bound_per_token"])
		if rec.Mean > tc.maxMean || rec.Max > tc.maxL {
			t.Errorf("%s: mean l1 %.4f, max %.4f; want <= %v and %v", tc.init, rec.Mean, rec.Max, tc.maxMean, tc.maxL)
		}
		if a := m.Alpha[0]; a < 0.07 || a > 0.13 || m.Alpha[5] != a {
			t.Errorf("%s: alpha %v, want symmetric near 0.1", tc.init, m.Alpha)
		}
		if m.Algorithm != "vb" || m.Params["converged"] != true {
			t.Errorf("%s: params %v", tc.init, m.Params)
		}
	}
}

// The model does not depend on the threads, and the random start on the
// seed.
func TestVBSameModelForAnyThreads(t *testing.T) {
	c, truth := easyCorpus(t, 2)
	fit := func(threads int) (*model.Model, []float64) {
		var bounds []float64
		m := fitVB(t, c, truth.K, VBOptions{Settings: learner.Settings{Seed: 3, Threads: threads}, Iterations: 5, AlphaMode: AlphaAsymmetric,
			Bound: func(_ int, b float64) { bounds = append(bounds, b) }})
		if m.Provenance.Threads != threads || m.Provenance.Seed != 3 || m.Provenance.InputDigest != c.Digest() {
			t.Errorf("threads %d: provenance %+v", threads, m.Provenance)
		}
		return m, bounds
	}
	first, firstBounds := fit(1)
	for _, threads := range []int{2, 5} {
		m, bounds := fit(threads)
		if !reflect.DeepEqual(m.Topics, first.Topics) || !reflect.DeepEqual(m.Alpha, first.Alpha) ||
			!reflect.DeepEqual(bounds, firstBounds) || !reflect.DeepEqual(m.Params, first.Params) {
			t.Errorf("threads %d differs from threads 1", threads)
		}
	}
	if m := fitVB(t, c, truth.K, VBOptions{Settings: learner.Settings{Seed: 4}, Iterations: 5}); reflect.DeepEqual(m.Topics, first.Topics) {
		t.Error("seeds 3 and 4 give the same model")
	}
	// From the true topics the warm starts begin early: they too give
	// the same model on any number of threads.
	var warm *model.Model
	for _, threads := range []int{1, 3} {
		m := fitVB(t, c, truth.K, VBOptions{Settings: learner.Settings{Seed: 3, Threads: threads}, Iterations: 8, Init: InitAnchor, InitModel: truth})
		if m.Params["warm_from"].(int) < 2 {
			t.Fatalf("no warm start in 8 iterations: params %v", m.Params)
		}
		if warm == nil {
			warm = m
		} else if !reflect.DeepEqual(m.Topics, warm.Topics) || !reflect.DeepEqual(m.Alpha, warm.Alpha) || !reflect.DeepEqual(m.Params, warm.Params) {
			t.Errorf("warm starts: threads %d differs from threads 1", threads)
		}
	}
}

// With the E-steps run to convergence, the bound never falls from one EM
// iteration to the next (both steps maximise it), and the hook sees
// every value.
func TestVBBoundRises(t *testing.T) {
	if testing.Short() {
		t.Skip("an accuracy test: run without -short (the race job runs the parallel code in the thread tests)")
	}
	c, truth := easyCorpus(t, 3)
	var hooked []float64
	last := 0
	m := fitVB(t, c, truth.K, VBOptions{
		Settings: learner.Settings{Seed: 1, Progress: func(stage string, done, total int) {
			if stage != VBStage || total != 12 || done < last {
				t.Errorf("progress %s %d/%d after %d", stage, done, total, last)
			}
			last = done
		}},
		Iterations:      12,
		EStepIterations: 1000,
		EStepTolerance:  1e-9,
		AlphaMode:       AlphaAsymmetric,
		Bound:           func(it int, b float64) { hooked = append(hooked, b) },
	})
	trace := hooked
	if len(trace) != 12 || m.Params["bound_per_token"] != trace[len(trace)-1] || last != 12 {
		t.Fatalf("bound_per_token %v, hook %v, progress to %d", m.Params["bound_per_token"], trace, last)
	}
	for i := 1; i < len(trace); i++ {
		if trace[i] < trace[i-1]-1e-9*math.Abs(trace[i-1]) {
			t.Errorf("bound falls at iteration %d: %v", i+1, trace)
		}
	}
	t.Logf("bound per token %.5f", trace)
}

// The asymmetric estimate moves alpha towards the generating asymmetric
// alpha; AlphaFixed keeps it.
func TestVBAlphaModes(t *testing.T) {
	want := []float64{1, 0.5, 0.25, 0.12}
	c, truth := asymmetricCorpus(t, want, 300, 1500, 80, 8)
	m := fitVB(t, c, truth.K, VBOptions{Settings: learner.Settings{Seed: 2}, AlphaMode: AlphaAsymmetric, Init: InitAnchor, AlphaSum: 1.2})
	rec := recovery(t, m, truth)
	got := make([]float64, len(want))
	for j, k := range rec.Match {
		got[j] = m.Alpha[k]
	}
	t.Logf("alpha %.3f (truth %v), mean l1 %.3f", got, want, rec.Mean)
	if d, d0 := normalisedL1(got, want), normalisedL1([]float64{1, 1, 1, 1}, want); d > d0/3 {
		t.Errorf("shape of alpha %.3f is %.3f from the truth (l1), the symmetric start %.3f", got, d, d0)
	}
	for j := 1; j < len(got); j++ {
		if got[j] >= got[j-1] {
			t.Errorf("alpha %.3f out of the truth's order", got)
			break
		}
	}
	fixed := fitVB(t, c, truth.K, VBOptions{Settings: learner.Settings{Seed: 2}, AlphaMode: AlphaFixed, AlphaSum: 1.2, Iterations: 3})
	for _, a := range fixed.Alpha {
		if a != 0.3 {
			t.Errorf("AlphaFixed: alpha %v", fixed.Alpha)
			break
		}
	}
}

func TestVBCancel(t *testing.T) {
	c, truth := easyCorpus(t, 4)
	ctx, cancel := context.WithCancel(context.Background())
	l, _ := NewVB(VBOptions{
		Settings: learner.Settings{Progress: func(_ string, done, _ int) {
			if done == 2 {
				cancel()
			}
		}},
	})
	if _, err := l.Fit(ctx, c, truth.K); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v", err)
	}
}

func TestVBErrors(t *testing.T) {
	for _, tc := range []struct {
		o     VBOptions
		field string
	}{
		{VBOptions{Iterations: -1}, "Iterations"},
		{VBOptions{Tolerance: -1}, "Tolerance"},
		{VBOptions{EStepIterations: -1}, "EStepIterations"},
		{VBOptions{EStepTolerance: math.NaN()}, "EStepTolerance"},
		{VBOptions{AlphaSum: -0.1}, "AlphaSum"},
		{VBOptions{Eta: math.Inf(1)}, "Eta"},
		{VBOptions{Eta: 1e308}, "Eta"}, // V x Eta overflowed: topics of zeros
		{VBOptions{AlphaMode: "newton"}, "AlphaMode"},
		{VBOptions{Settings: learner.Settings{Threads: -3}}, "Threads"},
		{VBOptions{Init: "seeded"}, "Init"},
		{VBOptions{InitModel: &model.Model{}}, "Init"},
		{VBOptions{BatchSize: -1}, "BatchSize"},
		{VBOptions{Kappa: 0.5}, "Kappa"},
		{VBOptions{Kappa: 1.1}, "Kappa"},
		{VBOptions{Tau0: -1}, "Tau0"},
		{VBOptions{Tau0: math.Inf(1)}, "Tau0"},
	} {
		_, err := NewVB(tc.o)
		var oe *learner.OptionError
		if !errors.As(err, &oe) || oe.Learner != "vb" || oe.Field != tc.field {
			t.Errorf("%+v: err = %v, want a *learner.OptionError of vb for %s", tc.o, err, tc.field)
		}
	}
	c, _ := easyCorpus(t, 5)
	l, _ := NewVB(VBOptions{})
	if _, err := l.Fit(context.Background(), c, 0); err == nil {
		t.Error("K = 0: no error")
	}
	l, _ = NewVB(VBOptions{Settings: learner.Settings{MaxMemory: 100}})
	var me *learner.MemoryError
	if _, err := l.Fit(context.Background(), c, 3); !errors.As(err, &me) {
		t.Errorf("MaxMemory 100: err = %v, want a *learner.MemoryError", err)
	}
	v := slices.Clone(c.Vocab)
	v[1] = "other"
	l, _ = NewVB(VBOptions{Init: InitAnchor, InitModel: &model.Model{K: 3, Vocab: v, Topics: make([][]float64, 3)}})
	if _, err := l.Fit(context.Background(), c, 3); !errors.Is(err, model.ErrVocabMismatch) {
		t.Errorf("InitModel on another vocabulary: err = %v, want model.ErrVocabMismatch", err)
	}
}

// Without the Bound hook the bound goes to Settings.Log, one line per EM
// iteration, as the command line prints it.
func TestVBLog(t *testing.T) {
	c, truth := easyCorpus(t, 6)
	var lines, want []string
	o := VBOptions{Settings: learner.Settings{Seed: 1, Log: func(line string) { lines = append(lines, line) }}, Iterations: 3}
	fitVB(t, c, truth.K, o)
	logged := lines
	lines = nil
	o.Bound = func(it int, b float64) {
		want = append(want, fmt.Sprintf("vb iteration %d: bound per token %.4f", it, b))
	}
	fitVB(t, c, truth.K, o)
	if len(lines) != 0 || len(want) != 3 || !slices.Equal(logged, want) {
		t.Errorf("log lines %q, then %q with the hook; want %q, then none", logged, lines, want)
	}
}

// runEM runs variational EM on c from the topics of init (nil: the random
// start) with setup applied to the state first, and returns the state.
func runEM(t *testing.T, c *corpus.Corpus, k int, o VBOptions, init *model.Model, setup func(*em)) *em {
	t.Helper()
	l, err := NewVB(o)
	if err != nil {
		t.Fatal(err)
	}
	opts := l.Options()
	e := newEM(c, k, &opts)
	setup(e)
	e.initLambda(init)
	if err := e.run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if !e.converged {
		t.Fatalf("no convergence in %d iterations", e.iterations)
	}
	return e
}

// Warm-started E-steps reach the fixed point of EM with lda-c's cold
// restarts: from the same start, run to convergence with tight
// tolerances, EM restarting every E-step at alpha + N/K, EM warm-started
// from its second iteration, and the default schedule (cold and loose,
// then warm and tightening) agree on the topics (l1 within 0.01 topic by
// topic), on alpha (4%) and on the bound (2e-4 relative). Not exactly:
// with alpha < 1 a document's E-step can have several local optima, and
// at the warm fixed point about 2.5% of the documents sit in another one
// than a cold E-step finds (see the package documentation).
func TestVBWarmStartSameFixedPoint(t *testing.T) {
	if testing.Short() {
		t.Skip("three fits to convergence: run without -short")
	}
	c, truth := easyCorpus(t, 1)
	o := VBOptions{Settings: learner.Settings{Seed: 1}, EStepTolerance: 1e-7, EStepIterations: 1000, Tolerance: 1e-8, Iterations: 300}
	cold := runEM(t, c, truth.K, o, truth, func(e *em) { e.first, e.explore, e.warmAt = 0, 0, 0 })
	ref := cold.model()
	for _, tc := range []struct {
		name  string
		setup func(*em)
	}{{"warm from iteration 2", func(e *em) { e.warmFrom = 2 }}, {"default schedule", func(*em) {}}} {
		e := runEM(t, c, truth.K, o, truth, tc.setup)
		m := e.model()
		l1, da := 0.0, 0.0
		for k := range ref.Topics {
			l1 = max(l1, normalisedL1(ref.Topics[k], m.Topics[k]))
			da = max(da, math.Abs(m.Alpha[k]-ref.Alpha[k])/ref.Alpha[k])
		}
		db := math.Abs(e.last-cold.last) / math.Abs(cold.last)
		t.Logf("%s (warm from %d): %d iterations, %.1f updates per document in the last; cold: %d, %.1f; topics %.4f apart (l1), alpha %.4f, bound %.2g",
			tc.name, e.warmFrom, e.iterations, e.updates, cold.iterations, cold.updates, l1, da, db)
		if l1 > 0.01 || da > 0.04 || db > 2e-4 || e.warmFrom < 2 {
			t.Errorf("%s: topics %.4f apart (l1), alpha %.4f, bound %.2g (relative); warm from %d", tc.name, l1, da, db, e.warmFrom)
		}
	}
}

// The online variant recovers the planted topics of an easy LDA corpus
// (5 mini-batches of 240 documents per pass), counts mini-batches as
// progress and records its parameters.
func TestVBOnlineRecoversTopics(t *testing.T) {
	if testing.Short() {
		t.Skip("an accuracy test: run without -short (TestVBOnlineSameModelForAnyThreads runs the parallel code)")
	}
	c, truth := easyCorpus(t, 1)
	last, total := 0, 0
	m := fitVB(t, c, truth.K, VBOptions{
		Settings: learner.Settings{Seed: 1, Progress: func(stage string, done, tot int) {
			if stage != VBStage || done < last || total != 0 && tot != total {
				t.Errorf("progress %s %d/%d after %d/%d", stage, done, tot, last, total)
			}
			last, total = done, tot
		}},
		Online: true, BatchSize: 256,
	})
	rec := recovery(t, m, truth)
	t.Logf("online: mean l1 %.4f, max %.4f, alpha %.4f, %v passes, %v mini-batches, bound %.4f", rec.Mean, rec.Max, m.Alpha[0],
		m.Params["iterations_run"], m.Params["mini_batches"], m.Params["bound_per_token"])
	if rec.Mean > 0.12 || rec.Max > 0.2 {
		t.Errorf("mean l1 %.4f, max %.4f; want <= 0.12 and 0.2", rec.Mean, rec.Max)
	}
	passes := m.Params["iterations_run"].(int)
	if m.Params["online"] != true || m.Params["converged"] != true || m.Params["mini_batches"] != 5*passes || m.Params["batch_size"] != 256 ||
		m.Params["kappa"] != DefaultVBKappa || m.Params["tau0"] != 0.0 {
		t.Errorf("params %v", m.Params)
	}
	if total != 5*DefaultVBIterations || last != total {
		t.Errorf("progress to %d of %d, want %d", last, total, 5*DefaultVBIterations)
	}
}

// The online variant's model depends on the seed, never on the threads.
func TestVBOnlineSameModelForAnyThreads(t *testing.T) {
	c, truth := easyCorpus(t, 2)
	fit := func(threads int, seed uint64) (*model.Model, []float64) {
		var bounds []float64
		m := fitVB(t, c, truth.K, VBOptions{Settings: learner.Settings{Seed: seed, Threads: threads}, Iterations: 2, AlphaMode: AlphaAsymmetric,
			Online: true, BatchSize: 150, Tau0: 4, Kappa: 0.6, Bound: func(_ int, b float64) { bounds = append(bounds, b) }})
		return m, bounds
	}
	first, firstBounds := fit(1, 3)
	for _, threads := range []int{2, 5} {
		m, bounds := fit(threads, 3)
		if !reflect.DeepEqual(m.Topics, first.Topics) || !reflect.DeepEqual(m.Alpha, first.Alpha) || !reflect.DeepEqual(m.TopicWeights, first.TopicWeights) ||
			!reflect.DeepEqual(bounds, firstBounds) || !reflect.DeepEqual(m.Params, first.Params) {
			t.Errorf("threads %d differs from threads 1", threads)
		}
	}
	if m, _ := fit(2, 4); reflect.DeepEqual(m.Topics, first.Topics) {
		t.Error("seeds 3 and 4 give the same model")
	}
	if len(firstBounds) != 2 || first.Params["mini_batches"] != 16 {
		t.Errorf("bounds %v, params %v", firstBounds, first.Params)
	}
}

// Params["warm_from"] names an iteration that ran, or 0: when the bound
// settled at the last iteration, it named the next one, which never ran.
func TestVBWarmFromRan(t *testing.T) {
	c, _, err := synth.LDA{K: 5, V: 200, Docs: 300, DocLength: 50, Alpha: 0.1, Beta: 0.1}.Generate(rand.New(rand.NewPCG(3, 3)))
	if err != nil {
		t.Fatal(err)
	}
	warm := 0
	for n := 2; n <= 16; n++ {
		m := fitVB(t, c, 5, VBOptions{Settings: learner.Settings{Seed: 1}, Iterations: n})
		ran, from := m.Params["iterations_run"].(int), m.Params["warm_from"].(int)
		if from > ran {
			t.Errorf("%d iterations: warm_from %d after %d iterations run", n, from, ran)
		}
		warm = max(warm, from)
	}
	if warm == 0 {
		t.Error("no fit of up to 16 iterations started warm: the test no longer reaches the case")
	}
}

// TestVBWantsSayZeroIsTheDefault: the options whose 0 takes the default
// say so when refused, not "> 0" or "positive", which 0 seemed to break.
func TestVBWantsSayZeroIsTheDefault(t *testing.T) {
	for _, tc := range []struct {
		o    VBOptions
		want string
	}{
		{VBOptions{Iterations: -1}, ">= 0 (0: the default, "},
		{VBOptions{Tolerance: -1}, "a finite number >= 0 (0: the default, "},
		{VBOptions{EStepIterations: -1}, ">= 0 (0: the default, "},
		{VBOptions{EStepTolerance: -1}, "a finite number >= 0 (0: the default, "},
		{VBOptions{AlphaSum: -1}, ">= 0, at most "},
		{VBOptions{Eta: -1}, ">= 0, at most "},
		{VBOptions{BatchSize: -1}, ">= 0 (0: the default, 1024)"},
		{VBOptions{Kappa: 2}, "in (0.5, 1] (0: the default, "},
	} {
		_, err := NewVB(tc.o)
		var oe *learner.OptionError
		if !errors.As(err, &oe) || !strings.HasPrefix(oe.Want, tc.want) {
			t.Errorf("%+v: %v, want %q", tc.o, err, tc.want)
		}
	}
}
