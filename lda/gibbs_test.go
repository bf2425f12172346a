package lda

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"math/rand/v2"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/synth"
)

func fitGibbs(t testing.TB, c *corpus.Corpus, k int, o GibbsOptions) *model.Model {
	t.Helper()
	g, err := NewGibbs(o)
	if err != nil {
		t.Fatal(err)
	}
	m, err := g.Fit(context.Background(), c, k)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	return m
}

// Gibbs sampling recovers the topics of an easy LDA corpus, exactly (one
// shard) and in blocks over three shards.
func TestGibbsRecoversTopics(t *testing.T) {
	if testing.Short() {
		t.Skip("an accuracy test: run without -short (the race job runs the parallel code in the thread tests)")
	}
	c, truth := easyCorpus(t, 1)
	for _, shards := range []int{1, 3} {
		m := fitGibbs(t, c, truth.K, GibbsOptions{Settings: learner.Settings{Seed: 2, Threads: shards}, Shards: shards, Iterations: 150, BurnIn: 100})
		rec := recovery(t, m, truth)
		t.Logf("shards %d: mean l1 %.4f, max %.4f, ll/token %.4f", shards, rec.Mean, rec.Max, m.Params["ll_per_token"])
		if rec.Mean > 0.15 || rec.Max > 0.25 {
			t.Errorf("shards %d: mean l1 %.4f, max %.4f; want <= 0.15 and 0.25", shards, rec.Mean, rec.Max)
		}
		if m.Algorithm != "gibbs" || m.Params["saved_states"] != 10 || m.Params["save_every"] != 5 || m.Params["shards"] != shards {
			t.Errorf("params %v", m.Params)
		}
		if p := m.Provenance; p.Threads != shards || p.Seed != 2 || p.InputDigest != c.Digest() || p.Docs != c.NumDocs() || p.HullVersion == "" {
			t.Errorf("shards %d: provenance %+v", shards, p)
		}
		var stages []string
		for _, s := range m.Provenance.Timings {
			stages = append(stages, s.Stage)
		}
		if !slices.Equal(stages, []string{"init", "burn-in", "sampling", "topics"}) {
			t.Errorf("stages %v", stages)
		}
	}
}

// The same seed and shards give bit-identical models; another seed
// another one.
func TestGibbsReproducible(t *testing.T) {
	if testing.Short() {
		t.Skip("two runs of the same seed agree: run without -short (the race job runs the parallel code in the thread tests)")
	}
	c, truth := easyCorpus(t, 3)
	for _, shards := range []int{1, 3} {
		o := GibbsOptions{Settings: learner.Settings{Seed: 4, Threads: shards}, Shards: shards, Iterations: 30, OptimizeInterval: 5}
		a := fitGibbs(t, c, truth.K, o)
		b := fitGibbs(t, c, truth.K, o)
		if !reflect.DeepEqual(a.Topics, b.Topics) || !reflect.DeepEqual(a.Alpha, b.Alpha) || !reflect.DeepEqual(a.Params, b.Params) {
			t.Errorf("shards %d: two runs differ", shards)
		}
		o.Seed = 5
		if d := fitGibbs(t, c, truth.K, o); reflect.DeepEqual(a.Topics, d.Topics) {
			t.Errorf("shards %d: seeds 4 and 5 give the same model", shards)
		}
	}
}

// The model depends on the shards, never on the threads that run them:
// the same seed gives bit-identical topics, alpha, topic weights and
// parameters on 1, 2 or 4 threads, with the default single shard and
// with 2, 3 and 5 shards (as many as threads, more, and fewer); and more
// shards give another chain than one.
func TestGibbsSameModelForAnyThreads(t *testing.T) {
	c, truth := easyCorpus(t, 4)
	bits := func(m *model.Model) []uint64 {
		var b []uint64
		for _, row := range append(slices.Clone(m.Topics), m.Alpha, m.TopicWeights) {
			for _, x := range row {
				b = append(b, math.Float64bits(x))
			}
		}
		return b
	}
	var first []uint64
	for _, shards := range []int{0, 2, 3, 5} {
		var ref *model.Model
		for _, threads := range []int{1, 2, 4} {
			m := fitGibbs(t, c, truth.K, GibbsOptions{Settings: learner.Settings{Seed: 4, Threads: threads}, Shards: shards,
				Iterations: 12, BurnIn: 6, OptimizeInterval: 3, OptimizeBurnIn: 2, LogEvery: 4})
			if want := max(1, shards); m.Params["shards"] != want || m.Provenance.Threads != threads {
				t.Errorf("shards %d, threads %d: params shards %v, provenance threads %d", shards, threads, m.Params["shards"], m.Provenance.Threads)
			}
			if ref == nil {
				ref = m
				continue
			}
			if !slices.Equal(bits(m), bits(ref)) || !reflect.DeepEqual(m.Params, ref.Params) {
				t.Errorf("shards %d: threads %d and 1 give different models", shards, threads)
			}
		}
		if shards == 0 {
			first = bits(ref)
		} else if slices.Equal(bits(ref), first) {
			t.Errorf("shards %d and 1 give the same chain", shards)
		}
	}
}

// The representation of the counts does not change the chain: 32-bit
// topics with 64-bit packed counts (used for K > 65536 or very frequent
// words) give the same states as 16-bit topics with 32-bit counts.
func TestGibbsRepresentationsAgree(t *testing.T) {
	c, truth := easyCorpus(t, 5)
	run := func(newCh func(*gibbsFit) func(it int) []int) []int {
		g, err := NewGibbs(GibbsOptions{Settings: learner.Settings{Seed: 6, Threads: 2}, Shards: 2, OptimizeInterval: 2, OptimizeBurnIn: 1})
		if err != nil {
			t.Fatal(err)
		}
		step := newCh(&gibbsFit{o: &g.opts, c: c, k: truth.K})
		var z []int
		for it := 1; it <= 8; it++ {
			z = step(it)
		}
		return z
	}
	small := run(func(f *gibbsFit) func(int) []int { return stepper[uint16, uint32](t, f) })
	wide := run(func(f *gibbsFit) func(int) []int { return stepper[uint32, uint64](t, f) })
	if !slices.Equal(small, wide) {
		t.Error("uint16/uint32 and uint32/uint64 chains differ")
	}
}

// stepper returns a function running sweep it (with hyperparameter
// optimisation when due) and returning the topics.
func stepper[Z topicID, E packed](t *testing.T, f *gibbsFit) func(int) []int {
	ch, err := newChain[Z, E](context.Background(), f)
	if err != nil {
		t.Fatal(err)
	}
	return func(it int) []int {
		opt := it > f.o.OptimizeBurnIn && it%f.o.OptimizeInterval == 0
		if err := ch.sweep(context.Background(), it, true, opt); err != nil {
			t.Fatal(err)
		}
		if opt {
			ch.optimize()
		}
		checkCounts(t, ch)
		z := make([]int, len(ch.z))
		for i, x := range ch.z {
			z[i] = int(x)
		}
		return z
	}
}

// checkCounts verifies the merged counts against the topics of the
// tokens, and that every row is sorted with no stored zero.
func checkCounts[Z topicID, E packed](t *testing.T, ch *chain[Z, E]) {
	t.Helper()
	nwt := make([]int64, ch.v*ch.k)
	nt := make([]int32, ch.k)
	for d := range ch.c.NumDocs() {
		words, counts := ch.c.Doc(d)
		i := ch.tokenStart[d]
		for q, w := range words {
			for range counts[q] {
				nwt[int(w)*ch.k+int(ch.z[i])]++
				nt[ch.z[i]]++
				i++
			}
		}
	}
	if !slices.Equal(nt, ch.nt) {
		t.Fatalf("topic totals %v, recomputed %v", ch.nt, nt)
	}
	for w := range ch.v {
		row := ch.wt.row(int32(w))
		seen := 0
		for i, e := range row {
			if e == 0 {
				if slices.ContainsFunc(row[i:], func(x E) bool { return x != 0 }) {
					t.Fatalf("word %d: entry after an empty slot", w)
				}
				break
			}
			if i > 0 && row[i-1] <= e {
				t.Fatalf("word %d: row not in decreasing order", w)
			}
			if got, want := int64(e>>ch.wt.shift), nwt[w*ch.k+int(e&ch.wt.mask)]; got != want || got == 0 {
				t.Fatalf("word %d topic %d: count %d, recomputed %d", w, e&ch.wt.mask, got, want)
			}
			seen++
		}
		for j := range ch.k {
			if nwt[w*ch.k+j] != 0 {
				seen--
			}
		}
		if seen != 0 {
			t.Fatalf("word %d: row misses topics", w)
		}
	}
}

// Shards 1 (exact collapsed Gibbs) and 4 (blocks of documents and words,
// sampled against stale topic totals) sample practically the same
// posterior. Over 8 seeds each, three statistics of the final state and
// model are compared by an equivalence test: the difference of their
// means, widened by 3.3 standard errors (a 99.9% confidence interval),
// must lie within a margin: 0.015 nats for the log likelihood per token
// after 120 sweeps (0.4% of it), 0.01 for the mean l1 distance of the
// topics to the truth, 1% for the held-out perplexity by document
// completion. The test fails when the blocks bias the chain by more than
// the margin, and when the seeds spread too much to tell (the interval
// then exceeds the margin by itself). The blocks' bias is 0.002-0.003
// nats per token on 500 such documents (BenchmarkShardBias), AD-LDA's,
// which hull ran before, was 0.004: both well inside the margins.
func TestGibbsShardsAgreeInDistribution(t *testing.T) {
	if testing.Short() {
		t.Skip("16 fits")
	}
	c, truth, err := synth.LDA{K: 5, V: 200, Docs: 600, DocLength: 50, Alpha: 0.1, Beta: 0.1}.Generate(rand.New(rand.NewPCG(7, 7)))
	if err != nil {
		t.Fatal(err)
	}
	train, test, err := corpus.Split(c, 1.0/6, rand.New(rand.NewPCG(8, 8)))
	if err != nil {
		t.Fatal(err)
	}
	const seeds = 8
	run := func(shards int) (ll, l1, ppl []float64) {
		for seed := range uint64(seeds) {
			// Random starts fall into different local modes (two topics
			// merged) now and then, which makes the statistics bimodal;
			// every chain starts near the main mode instead (z drawn
			// from the true topics), so that what is compared is how the
			// chains sample.
			m := fitGibbs(t, train, truth.K, GibbsOptions{
				Settings:   learner.Settings{Seed: 100 + seed, Threads: shards},
				Shards:     shards,
				Iterations: 120,
				BurnIn:     100,
				Init:       InitAnchor,
				InitModel:  truth,
			})
			ll = append(ll, m.Params["ll_per_token"].(float64))
			l1 = append(l1, recovery(t, m, truth).Mean)
			p, err := eval.DocumentCompletion(context.Background(), m, test, eval.PerplexityOptions{Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			ppl = append(ppl, math.Log(p.Perplexity))
		}
		return ll, l1, ppl
	}
	ll1, l11, ppl1 := run(1)
	ll4, l14, ppl4 := run(4)
	for _, st := range []struct {
		name   string
		a, b   []float64
		margin float64
	}{{"ll/token", ll1, ll4, 0.015}, {"mean l1", l11, l14, 0.01}, {"log perplexity", ppl1, ppl4, 0.01}} {
		ma, sa := meanSD(st.a)
		mb, sb := meanSD(st.b)
		se := math.Sqrt((sa*sa + sb*sb) / seeds)
		t.Logf("%s: 1 shard %.5f +- %.5f, 4 shards %.5f +- %.5f: difference %.5f, 3.3 se %.5f, margin %.3f",
			st.name, ma, sa, mb, sb, ma-mb, 3.3*se, st.margin)
		if math.Abs(ma-mb)+3.3*se > st.margin {
			t.Errorf("%s: 1 and 4 shards differ by %.4f +- %.4f, beyond the margin %.3f", st.name, ma-mb, 3.3*se, st.margin)
		}
	}
}

// The sampler's optimisation of alpha moves it from symmetric to near the
// asymmetric alpha that generated the documents, and beta to near the
// parameter of the topics' Dirichlet.
func TestGibbsOptimizeAlphaFindsAsymmetricAlpha(t *testing.T) {
	if testing.Short() {
		t.Skip("an accuracy test: run without -short (the race job runs the parallel code in the thread tests)")
	}
	want := []float64{1, 0.5, 0.25, 0.12}
	c, truth := asymmetricCorpus(t, want, 300, 1500, 80, 8)
	m := fitGibbs(t, c, truth.K, GibbsOptions{Settings: learner.Settings{Seed: 9, Threads: 2}, Shards: 2, Iterations: 200, OptimizeInterval: 10, AlphaSum: 1.2})
	rec := recovery(t, m, truth)
	got := make([]float64, len(want))
	for j, k := range rec.Match {
		got[j] = m.Alpha[k]
	}
	start := []float64{1, 1, 1, 1}
	t.Logf("alpha %.3f (truth %v), beta %.4f, mean l1 %.3f", got, want, m.Params["beta"], rec.Mean)
	if d, d0 := normalisedL1(got, want), normalisedL1(start, want); d > d0/4 {
		t.Errorf("shape of alpha %.3f is %.3f from the truth (l1), the symmetric start %.3f", got, d, d0)
	}
	for j := 1; j < len(got); j++ {
		if got[j] >= got[j-1] {
			t.Errorf("alpha %.3f out of the truth's order", got)
			break
		}
	}
	sum := 0.0
	for _, a := range got {
		sum += a
	}
	if sum < 1.87*0.8 || sum > 1.87*1.2 {
		t.Errorf("alpha_0 = %.3f, truth 1.87", sum)
	}
	// Beta moves from 0.01 to near the 0.05 of the topics.
	if b := m.Params["beta"].(float64); b < 0.035 || b > 0.065 {
		t.Errorf("beta %.4f, truth 0.05", b)
	}
	if m.Params["optimizations"] != 15 { // sweeps 60, 70, ..., 200 after a burn-in of min(200, 100/2)
		t.Errorf("%v optimisations", m.Params["optimizations"])
	}
}

// The log likelihood reaches the hook every LogEvery sweeps and the last,
// rises from the random start, and is recorded in Params; snapshots come
// every SnapshotEvery sweeps; progress counts the sweeps.
func TestGibbsHooks(t *testing.T) {
	c, truth := easyCorpus(t, 10)
	var iters []int
	var lls []float64
	var snaps []int
	last := -1
	m := fitGibbs(t, c, truth.K, GibbsOptions{
		Settings: learner.Settings{Seed: 1, Progress: func(stage string, done, total int) {
			if stage != GibbsStage || total != 25 || done != last+1 {
				t.Errorf("progress %s %d/%d after %d", stage, done, total, last)
			}
			last = done
		}},
		Iterations:    25,
		BurnIn:        20,
		LogEvery:      4,
		SnapshotEvery: 10,
		LogLikelihood: func(it int, ll float64) { iters = append(iters, it); lls = append(lls, ll) },
		Snapshot: func(it int, m *model.Model) {
			if err := m.Validate(); err != nil {
				t.Error(err)
			}
			snaps = append(snaps, it)
		},
	})
	if !slices.Equal(iters, []int{4, 8, 12, 16, 20, 24, 25}) || !slices.Equal(snaps, []int{10, 20}) || last != 25 {
		t.Errorf("log likelihood at %v, snapshots at %v, progress to %d", iters, snaps, last)
	}
	if lls[len(lls)-1] <= lls[0] {
		t.Errorf("log likelihood per token %v does not rise", lls)
	}
	if got := m.Params["ll_per_token"]; got != lls[len(lls)-1] {
		t.Errorf("ll_per_token %v, hook %v", got, lls)
	}
}

// Without the LogLikelihood hook the log likelihood goes to Settings.Log,
// one line per evaluation, as the command line prints it; with the hook,
// to the hook alone.
func TestGibbsLog(t *testing.T) {
	c, truth := easyCorpus(t, 10)
	var lines, want []string
	o := GibbsOptions{Settings: learner.Settings{Seed: 1, Log: func(line string) { lines = append(lines, line) }}, Iterations: 9, LogEvery: 4}
	fitGibbs(t, c, truth.K, o)
	logged := lines
	lines = nil
	o.LogLikelihood = func(it int, ll float64) {
		want = append(want, fmt.Sprintf("gibbs sweep %d: log likelihood per token %.4f", it, ll))
	}
	fitGibbs(t, c, truth.K, o)
	if len(lines) != 0 || len(want) != 3 || !slices.Equal(logged, want) {
		t.Errorf("log lines %q, then %q with the hook; want %q, then none", logged, lines, want)
	}
}

// With InitAnchor the chain starts from the anchor topics: its first
// log likelihood is far above a random start's, and the anchor fit is
// timed as its own stage.
func TestGibbsInitAnchor(t *testing.T) {
	c, truth := easyCorpus(t, 12)
	first := func(init Init) (float64, *model.Model) {
		var ll []float64
		m := fitGibbs(t, c, truth.K, GibbsOptions{
			Settings:      learner.Settings{Seed: 1},
			Iterations:    20,
			Init:          init,
			LogEvery:      1,
			LogLikelihood: func(_ int, x float64) { ll = append(ll, x) },
		})
		return ll[0], m
	}
	random, _ := first(InitRandom)
	anchored, m := first(InitAnchor)
	t.Logf("log likelihood per token after one sweep: random %.4f, anchor %.4f", random, anchored)
	if anchored < random+0.2 {
		t.Errorf("anchor start %.4f not clearly above random %.4f", anchored, random)
	}
	if m.Params["init"] != "anchor" || m.Provenance.Timings[0].Stage != "anchor" {
		t.Errorf("init %v, first stage %v", m.Params["init"], m.Provenance.Timings[0].Stage)
	}
	if rec := recovery(t, m, truth); rec.Mean > 0.15 {
		t.Errorf("mean l1 %.3f after 20 sweeps from the anchor topics", rec.Mean)
	}
	// A given model is used as it is.
	g, _ := NewGibbs(GibbsOptions{Iterations: 2, Init: InitAnchor, InitModel: truth})
	if _, err := g.Fit(context.Background(), c, truth.K); err != nil {
		t.Error(err)
	}
	if _, err := g.Fit(context.Background(), c, truth.K+1); err == nil {
		t.Error("InitModel with K+1 topics: no error")
	}
}

func TestGibbsCancel(t *testing.T) {
	c, truth := easyCorpus(t, 14)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g, _ := NewGibbs(GibbsOptions{Iterations: 10})
	if _, err := g.Fit(ctx, c, truth.K); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before: err = %v", err)
	}
	for _, threads := range []int{1, 2} {
		ctx, cancel = context.WithCancel(context.Background())
		calls := 0
		g, _ = NewGibbs(GibbsOptions{
			Shards: threads,
			Settings: learner.Settings{Threads: threads, Progress: func(_ string, done, _ int) {
				calls++
				if done == 3 {
					cancel()
				}
			}},
			Iterations: 1000,
		})
		if _, err := g.Fit(ctx, c, truth.K); !errors.Is(err, context.Canceled) || calls > 5 {
			t.Errorf("threads %d: cancelled after 3 sweeps: err = %v after %d progress calls", threads, err, calls)
		}
		cancel()
	}
}

func TestGibbsErrors(t *testing.T) {
	for _, tc := range []struct {
		o     GibbsOptions
		field string
	}{
		{GibbsOptions{Iterations: -1}, "Iterations"},
		{GibbsOptions{Iterations: 10, BurnIn: 10}, "BurnIn"},
		{GibbsOptions{BurnIn: -1}, "BurnIn"},
		{GibbsOptions{SaveEvery: -2}, "SaveEvery"},
		{GibbsOptions{AlphaSum: -1}, "AlphaSum"},
		{GibbsOptions{AlphaSum: math.Inf(1)}, "AlphaSum"},
		{GibbsOptions{Beta: math.NaN()}, "Beta"},
		{GibbsOptions{Beta: 1e307}, "Beta"}, // V x Beta overflowed: NaN topics
		{GibbsOptions{AlphaSum: 1e307}, "AlphaSum"},
		{GibbsOptions{OptimizeInterval: -1}, "OptimizeInterval"},
		{GibbsOptions{Iterations: 10, OptimizeInterval: 20}, "OptimizeInterval"},                   // no sweep it divides: it changed nothing
		{GibbsOptions{Iterations: 10, OptimizeInterval: 4, OptimizeBurnIn: 8}, "OptimizeInterval"}, // none after the burn-in
		{GibbsOptions{Iterations: 10, OptimizeInterval: 1, OptimizeBurnIn: 50}, "OptimizeBurnIn"},  // no sweep after it at all
		{GibbsOptions{OptimizeBurnIn: -1}, "OptimizeBurnIn"},
		{GibbsOptions{Settings: learner.Settings{Threads: -1}}, "Threads"},
		{GibbsOptions{Shards: -1}, "Shards"},
		{GibbsOptions{Shards: MaxGibbsShards + 1}, "Shards"}, // a sweep's time grows with the shards: 100,000 ran on past a minute
		{GibbsOptions{Settings: learner.Settings{MaxMemory: -1}}, "MaxMemory"},
		{GibbsOptions{LogEvery: -1}, "LogEvery"},
		{GibbsOptions{SnapshotEvery: -1}, "SnapshotEvery"},
		{GibbsOptions{Init: "kmeans"}, "Init"},
		{GibbsOptions{InitModel: &model.Model{}}, "Init"},
	} {
		_, err := NewGibbs(tc.o)
		var oe *learner.OptionError
		if !errors.As(err, &oe) || oe.Learner != "gibbs" || oe.Field != tc.field || strings.Contains(err.Error(), "--") {
			t.Errorf("%+v: err = %v, want a *learner.OptionError of gibbs for %s", tc.o, err, tc.field)
		}
	}
	g, _ := NewGibbs(GibbsOptions{Iterations: 2})
	c, _ := easyCorpus(t, 15)
	if _, err := g.Fit(context.Background(), c, 0); err == nil {
		t.Error("K = 0: no error")
	}
	empty := &corpus.Corpus{Vocab: []string{"a"}, DocIDs: []string{"d"}, Offsets: []int64{0, 0}}
	if _, err := g.Fit(context.Background(), empty, 2); err == nil {
		t.Error("no token: no error")
	}
	g, _ = NewGibbs(GibbsOptions{Settings: learner.Settings{MaxMemory: 1000}})
	var me *learner.MemoryError
	if _, err := g.Fit(context.Background(), c, 5); !errors.As(err, &me) {
		t.Errorf("MaxMemory 1000: err = %v", err)
	} else if !strings.Contains(me.Suggest, "tokens") {
		// A topic for every token: the vocabulary and K alone (the advice
		// of every learner's check) cannot bring it under the limit.
		t.Errorf("MaxMemory 1000: advice %q, want it to name the tokens", me.Suggest)
	}
	v := slices.Clone(c.Vocab)
	v[0] = "other"
	g, _ = NewGibbs(GibbsOptions{Init: InitAnchor, InitModel: &model.Model{K: 6, Vocab: v, Topics: make([][]float64, 6)}})
	if _, err := g.Fit(context.Background(), c, 6); !errors.Is(err, model.ErrVocabMismatch) {
		t.Errorf("InitModel on another vocabulary: err = %v, want model.ErrVocabMismatch", err)
	}
}

// Empty documents and a K larger than some documents' lengths are fine.
func TestGibbsEdgeCases(t *testing.T) {
	b := corpus.NewBuilder([]string{"a", "b", "c"})
	b.EndDoc("empty")
	b.Add(0, 3)
	b.EndDoc("a")
	b.Add(1, 1)
	b.Add(2, 2)
	b.EndDoc("bc")
	b.EndDoc("empty2")
	c := b.Corpus()
	for _, k := range []int{1, 7} {
		for _, shards := range []int{1, 4, 9} {
			m := fitGibbs(t, c, k, GibbsOptions{Settings: learner.Settings{Threads: 2}, Shards: shards, Iterations: 20, OptimizeInterval: 2})
			if m.K != k {
				t.Errorf("K %d", m.K)
			}
			// At most one shard per document: the model records the
			// shards it was sampled on.
			if want := min(shards, c.NumDocs()); m.Params["shards"] != want {
				t.Errorf("shards %d on %d documents: params %v", shards, c.NumDocs(), m.Params["shards"])
			}
		}
	}
}

// With P shards the words fall in P contiguous groups of about the same
// number of tokens, and the blocks of a document, one per group, tile
// its nonzeros and its tokens in order: every token is resampled exactly
// once per sweep (shard i visits group (i + step) mod P at step step).
func TestGibbsBlocksTileDocuments(t *testing.T) {
	c, truth := easyCorpus(t, 17)
	tiny := corpus.FromTokens([][]string{{"a", "b", "b"}, {"c"}, {}, {"a", "c", "c", "c"}})
	for _, tc := range []struct {
		c *corpus.Corpus
		k int
	}{{c, truth.K}, {tiny, 2}} {
		for _, shards := range []int{2, 3, 5, 9} {
			g, _ := NewGibbs(GibbsOptions{Shards: shards})
			ch, err := newChain[uint16, uint32](context.Background(), &gibbsFit{o: &g.opts, c: tc.c, k: tc.k})
			if err != nil {
				t.Fatal(err)
			}
			p := len(ch.shards)
			cut := ch.wordCut
			if len(cut) != p+1 || cut[0] != 0 || cut[p] != int32(tc.c.NumWords()) || !slices.IsSorted(cut) {
				t.Fatalf("shards %d: word groups %v", shards, cut)
			}
			freq := tc.c.WordCounts()
			for gi := range p {
				n := int64(0)
				for w := cut[gi]; w < cut[gi+1]; w++ {
					n += freq[w]
				}
				if tc.c == c && math.Abs(float64(n)-float64(ch.tokens)/float64(p)) > float64(ch.tokens)/50 {
					t.Errorf("shards %d: group %d holds %d of %d tokens", shards, gi, n, ch.tokens)
				}
			}
			for d := range tc.c.NumDocs() {
				words, counts := tc.c.Doc(d)
				nextQ, nextTok := 0, 0
				for gi := range p {
					qlo, qhi, at, n := blockOf(words, counts, cut[gi], cut[gi+1])
					if qlo != nextQ || at != nextTok {
						t.Fatalf("shards %d, document %d, group %d: block starts at %d, %d; want %d, %d", shards, d, gi, qlo, at, nextQ, nextTok)
					}
					for _, w := range words[qlo:qhi] {
						if w < cut[gi] || w >= cut[gi+1] {
							t.Fatalf("shards %d, document %d: word %d in group %d", shards, d, w, gi)
						}
					}
					nextQ, nextTok = qhi, at+n
				}
				if nextQ != len(words) || int64(nextTok) != ch.tokenStart[d+1]-ch.tokenStart[d] {
					t.Fatalf("shards %d, document %d: blocks end at %d, %d", shards, d, nextQ, nextTok)
				}
			}
		}
	}
}

// Every long stage reports its progress: with an initial model, the
// inference of the documents' initial topics (in documents), then the
// sweeps.
func TestGibbsProgress(t *testing.T) {
	c, truth := easyCorpus(t, 18)
	var stages []string
	last := map[string][2]int{}
	fitGibbs(t, c, truth.K, GibbsOptions{
		Settings: learner.Settings{Seed: 1, Threads: 2, Progress: func(stage string, done, total int) {
			if len(stages) == 0 || stages[len(stages)-1] != stage {
				stages = append(stages, stage)
				if done != 0 {
					t.Errorf("stage %s starts at %d/%d", stage, done, total)
				}
			}
			if prev, ok := last[stage]; ok && (done < prev[0] || total != prev[1]) {
				t.Errorf("stage %s: %d/%d after %d/%d", stage, done, total, prev[0], prev[1])
			}
			last[stage] = [2]int{done, total}
		}},
		Iterations: 4, Init: InitAnchor, InitModel: truth,
	})
	if !slices.Equal(stages, []string{GibbsInitStage, GibbsStage}) || last[GibbsInitStage] != [2]int{c.NumDocs(), c.NumDocs()} || last[GibbsStage] != [2]int{4, 4} {
		t.Errorf("stages %v, last reports %v", stages, last)
	}
}

// TestGibbsWantsSayZeroIsTheDefault: the options whose 0 takes the
// default say so when refused, not "> 0", and the bound of Shards is
// said with why; MaxGibbsShards itself is taken.
func TestGibbsWantsSayZeroIsTheDefault(t *testing.T) {
	for _, tc := range []struct {
		o    GibbsOptions
		want string
	}{
		{GibbsOptions{LogEvery: -1}, ">= 0 (0: the default, 10)"},
		{GibbsOptions{SnapshotEvery: -1}, ">= 0 (0: the default, 50)"},
		{GibbsOptions{SaveEvery: -1}, ">= 0 (0: the default, 10 states after the burn-in)"},
		{GibbsOptions{Shards: 100000}, "in [0, 256] (0: the default, 1): a sweep visits every document once per shard"},
	} {
		_, err := NewGibbs(tc.o)
		var oe *learner.OptionError
		if !errors.As(err, &oe) || !strings.HasPrefix(oe.Want, tc.want) {
			t.Errorf("%+v: %v, want %q", tc.o, err, tc.want)
		}
	}
	if _, err := NewGibbs(GibbsOptions{Shards: MaxGibbsShards}); err != nil {
		t.Errorf("MaxGibbsShards: %v", err)
	}
}
