package lda

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hulltopics/hull/anchor"
	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/synth"
)

// Paths of the shared corpora, relative to this package.
var benchCorpora = map[string]string{
	"KOS":  "../../shared/data/kos/docword.kos.txt.gz",
	"NIPS": "../../shared/data/nips/docword.nips.txt.gz",
}

var loaded sync.Map // name -> *corpus.Corpus

// sharedCorpus reads a shared corpus once (skipping when ../shared/data
// is absent).
func sharedCorpus(tb testing.TB, name string) *corpus.Corpus {
	tb.Helper()
	if c, ok := loaded.Load(name); ok {
		return c.(*corpus.Corpus)
	}
	path := benchCorpora[name]
	if _, err := os.Stat(path); err != nil {
		tb.Skipf("shared data not present: %v", err)
	}
	c, err := corpus.ReadFile(path, corpus.ReadOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	loaded.Store(name, c)
	return c
}

// heldOutSplit splits a shared corpus into 90% training and 10% held-out
// documents (corpus.Split, seed 1).
func heldOutSplit(tb testing.TB, name string) (train, test *corpus.Corpus) {
	train, test, err := corpus.Split(sharedCorpus(tb, name), 0.1, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		tb.Fatal(err)
	}
	return train, test
}

// perplexity is the document-completion perplexity of m on test (half of
// each document's tokens observed, VB inference with the model's alpha).
func perplexity(tb testing.TB, m *model.Model, test *corpus.Corpus) float64 {
	p, err := eval.DocumentCompletion(context.Background(), m, test, eval.PerplexityOptions{Seed: 1})
	if err != nil {
		tb.Fatal(err)
	}
	return p.Perplexity
}

// Sweeps of the Gibbs sampler on all of KOS and NIPS, after a random
// start and 50 untimed sweeps (the counts are then as sparse as they get
// early in a run; later sweeps are a little faster), with 1 shard (exact,
// serial) and with 2 shards on 1 and 2 threads: tok/s is tokens sampled
// per second of wall time, tok/s/thread that divided by the threads,
// cpu-s/op the user CPU time of a sweep (all threads) and tok/cpu-s the
// tokens per CPU second. On a machine shared with other work the CPU
// figures are the steadier: 2 shards on 2 threads cost as much CPU as 1
// shard on 1 when the parallel scheme adds no work.
func BenchmarkGibbsSweep(b *testing.B) {
	for _, name := range []string{"KOS", "NIPS"} {
		for _, k := range []int{20, 50, 100} {
			for _, run := range []struct{ shards, threads int }{{1, 1}, {2, 1}, {2, 2}} {
				b.Run(fmt.Sprintf("%s/K=%d/shards=%d/threads=%d", name, k, run.shards, run.threads), func(b *testing.B) {
					c := sharedCorpus(b, name)
					g, err := NewGibbs(GibbsOptions{Settings: learner.Settings{Seed: 1, Threads: run.threads}, Shards: run.shards})
					if err != nil {
						b.Fatal(err)
					}
					f := &gibbsFit{o: &g.opts, c: c, k: k}
					ch, err := newChain[uint16, uint32](context.Background(), f)
					if err != nil {
						b.Fatal(err)
					}
					it := 0
					for range 50 {
						it++
						if err := ch.sweep(context.Background(), it, false, false); err != nil {
							b.Fatal(err)
						}
					}
					b.ResetTimer()
					cpu := cpuSeconds()
					for b.Loop() {
						it++
						if err := ch.sweep(context.Background(), it, false, false); err != nil {
							b.Fatal(err)
						}
					}
					cpu = (cpuSeconds() - cpu) / float64(b.N)
					rate := float64(ch.tokens) * float64(b.N) / b.Elapsed().Seconds()
					b.ReportMetric(rate, "tok/s")
					b.ReportMetric(rate/float64(run.threads), "tok/s/thread")
					if cpu > 0 {
						b.ReportMetric(cpu, "cpu-s/op")
						b.ReportMetric(float64(ch.tokens)/cpu, "tok/cpu-s")
					}
				})
			}
		}
	}
}

// One EM iteration (E-steps of every document, expected counts, M-step)
// of variational EM on all of KOS and NIPS, from the random start, in
// the three regimes of the schedule: "explore", cold E-steps (from alpha
// + N/K) to VBExploreTolerance, after 5 untimed such iterations;
// "refine", warm E-steps (from the previous gamma) to infer.DefaultTolerance,
// after 5 exploring iterations and the 8 warm ones that tighten the
// tolerance to it; "lda-c", cold E-steps to infer.DefaultTolerance after
// 5 exploring iterations (lda-c's E-steps, the schedule before warm
// starts). Reports documents per second, the mean E-step updates per
// document and the user CPU time per iteration (cpu-s/op).
func BenchmarkVBPass(b *testing.B) {
	for _, name := range []string{"KOS", "NIPS"} {
		for _, k := range []int{20, 100} {
			for _, regime := range []string{"explore", "refine", "lda-c"} {
				b.Run(fmt.Sprintf("%s/K=%d/%s", name, k, regime), func(b *testing.B) {
					c := sharedCorpus(b, name)
					l, err := NewVB(VBOptions{Settings: learner.Settings{Seed: 1, Threads: 2}})
					if err != nil {
						b.Fatal(err)
					}
					o := l.Options()
					e := newEM(c, k, &o)
					e.initLambda(nil)
					e.warmAt = 0 // explore until told otherwise
					pass := func() {
						e.iterations++
						if _, err := e.eStep(context.Background()); err != nil {
							b.Fatal(err)
						}
						e.mStep()
					}
					for range 5 {
						pass()
					}
					switch regime {
					case "refine":
						e.warmFrom = e.iterations + 1
						for e.passTolerance(e.iterations+1) > o.EStepTolerance {
							pass()
						}
					case "lda-c":
						e.explore = 0 // the final tolerance at once
					}
					b.ResetTimer()
					cpu := cpuSeconds()
					updates := 0.0
					for b.Loop() {
						pass()
						updates += e.updates
					}
					cpu = (cpuSeconds() - cpu) / float64(b.N)
					b.ReportMetric(float64(c.NumDocs())*float64(b.N)/b.Elapsed().Seconds(), "docs/s")
					b.ReportMetric(updates/float64(b.N), "updates/doc")
					if cpu > 0 {
						b.ReportMetric(cpu, "cpu-s/op")
					}
				})
			}
		}
	}
}

// One pass of online variational Bayes over all of KOS and NIPS in
// mini-batches of DefaultVBBatchSize (KOS: 4, NIPS: 3), after one untimed
// pass from the random start: documents per second and user CPU time
// per pass.
func BenchmarkVBOnlinePass(b *testing.B) {
	for _, name := range []string{"KOS", "NIPS"} {
		for _, k := range []int{20, 100} {
			b.Run(fmt.Sprintf("%s/K=%d", name, k), func(b *testing.B) {
				c := sharedCorpus(b, name)
				passes := 1
				l, err := NewVB(VBOptions{Settings: learner.Settings{Seed: 1, Threads: 2}, Online: true, Tolerance: 1e-12})
				if err != nil {
					b.Fatal(err)
				}
				o := l.Options()
				e := newEM(c, k, &o)
				e.initLambda(nil)
				run := func() {
					o.Iterations = passes
					if err := e.runOnline(context.Background()); err != nil {
						b.Fatal(err)
					}
					passes++
				}
				run()
				b.ResetTimer()
				cpu := cpuSeconds()
				for b.Loop() {
					run()
				}
				cpu = (cpuSeconds() - cpu) / float64(b.N)
				b.ReportMetric(float64(c.NumDocs())*float64(b.N)/b.Elapsed().Seconds(), "docs/s")
				if cpu > 0 {
					b.ReportMetric(cpu, "cpu-s/op")
				}
			})
		}
	}
}

// Held-out perplexity after a fixed budget, fitting 90% of KOS and NIPS
// and scoring the other 10% by document completion: Gibbs with 200
// sweeps (the topics averaged over 10 states 10 apart after 100) on
// 2 shards on 2 threads; VB with its defaults; the anchor learner for reference.
// Reports the perplexity and the fit's wall time.
func BenchmarkHeldOut(b *testing.B) {
	for _, name := range []string{"KOS", "NIPS"} {
		for _, k := range []int{20, 50, 100} {
			learners := []struct {
				name string
				new  func() (learner.Learner, error)
			}{
				{"gibbs-200", func() (learner.Learner, error) {
					return NewGibbs(GibbsOptions{Settings: learner.Settings{Seed: 1, Threads: 2}, Shards: 2, Iterations: 200})
				}},
				{"gibbs-200-opt", func() (learner.Learner, error) {
					return NewGibbs(GibbsOptions{Settings: learner.Settings{Seed: 1, Threads: 2}, Shards: 2, Iterations: 200, OptimizeInterval: 10})
				}},
				{"vb", func() (learner.Learner, error) {
					return NewVB(VBOptions{Settings: learner.Settings{Seed: 1, Threads: 2}})
				}},
				{"anchor", func() (learner.Learner, error) {
					return anchor.New(anchor.Options{Settings: learner.Settings{Seed: 1, Threads: 2}})
				}},
			}
			for _, l := range learners {
				b.Run(fmt.Sprintf("%s/K=%d/%s", name, k, l.name), func(b *testing.B) {
					train, test := heldOutSplit(b, name)
					var m *model.Model
					for b.Loop() {
						fit, err := l.new()
						if err != nil {
							b.Fatal(err)
						}
						if m, err = fit.Fit(context.Background(), train, k); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(perplexity(b, m, test), "perplexity")
					if it, ok := m.Params["iterations_run"]; ok {
						b.ReportMetric(float64(it.(int)), "em-iterations")
					}
				})
			}
		}
	}
}

// Random against anchor initialisation of the Gibbs sampler (2 shards on 2 threads,
// 1000 sweeps, alpha_k 0.1, beta 0.01): held-out perplexity by document
// completion of the current state's topics every 50 sweeps, 90% of the
// documents fitted, 10% scored. The anchor model (fitted once on the
// training documents, its time reported) is sweep 0 of the anchored
// chain. Logs the two curves; reports, for each chain, the first sweep at
// which it is within 1% of the random chain's final perplexity.
func BenchmarkInitAnchor(b *testing.B) {
	for _, tc := range []struct {
		name string
		k    int
	}{{"KOS", 20}, {"NIPS", 50}} {
		b.Run(fmt.Sprintf("%s/K=%d", tc.name, tc.k), func(b *testing.B) {
			train, test := heldOutSplit(b, tc.name)
			for b.Loop() {
				start := time.Now()
				al, _ := anchor.New(anchor.Options{Settings: learner.Settings{Seed: 1}})
				am, err := al.Fit(context.Background(), train, tc.k)
				if err != nil {
					b.Fatal(err)
				}
				anchorTime := time.Since(start)
				curves := map[Init][]float64{}
				for _, init := range []Init{InitRandom, InitAnchor} {
					var curve []float64
					o := GibbsOptions{
						Settings:      learner.Settings{Seed: 1, Threads: 2},
						Shards:        2,
						Init:          init,
						SnapshotEvery: 50,
						Snapshot:      func(_ int, m *model.Model) { curve = append(curve, perplexity(b, m, test)) },
					}
					if init == InitAnchor {
						o.InitModel = am
						curve = append(curve, perplexity(b, am, test))
					} else {
						curve = append(curve, math.NaN())
					}
					g, err := NewGibbs(o)
					if err != nil {
						b.Fatal(err)
					}
					m, err := g.Fit(context.Background(), train, tc.k)
					if err != nil {
						b.Fatal(err)
					}
					curves[init] = curve
					b.Logf("%s K=%d, %s start, averaged model (10 states 50 apart): perplexity %.1f",
						tc.name, tc.k, init, perplexity(b, m, test))
				}
				target := curves[InitRandom][len(curves[InitRandom])-1] * 1.01
				var rows []string
				for i := range curves[InitRandom] {
					rows = append(rows, fmt.Sprintf("%d:%.0f/%.0f", 50*i, curves[InitRandom][i], curves[InitAnchor][i]))
				}
				b.Logf("%s K=%d: anchor model perplexity %.1f (fit %v); sweep:random/anchor %s",
					tc.name, tc.k, curves[InitAnchor][0], anchorTime.Round(time.Millisecond), strings.Join(rows, " "))
				for _, init := range []Init{InitRandom, InitAnchor} {
					reach := -1
					for i, p := range curves[init] {
						if p <= target {
							reach = 50 * i
							break
						}
					}
					b.ReportMetric(float64(reach), "sweeps-to-1%-"+string(init))
				}
			}
		})
	}
}

// The bias of sampling in P x P blocks on small corpora (see
// TestGibbsShardsAgreeInDistribution): 20 chains per setting started
// near the main mode, 120 sweeps; reports the mean log likelihood per
// token of N shards minus that of 1 shard and the z score of the
// difference, and the same for the mean l1 distance to the truth.
func BenchmarkShardBias(b *testing.B) {
	for _, docs := range []int{500, 2000} {
		c, truth, err := synth.LDA{K: 5, V: 200, Docs: docs, DocLength: 50, Alpha: 0.1, Beta: 0.1}.Generate(rand.New(rand.NewPCG(7, 7)))
		if err != nil {
			b.Fatal(err)
		}
		const seeds = 20
		run := func(shards int) (ll, l1 []float64) {
			for seed := range uint64(seeds) {
				m := fitGibbs(b, c, truth.K, GibbsOptions{
					Settings:   learner.Settings{Seed: 100 + seed, Threads: shards},
					Shards:     shards,
					Iterations: 120,
					BurnIn:     100,
					Init:       InitAnchor,
					InitModel:  truth,
				})
				ll = append(ll, m.Params["ll_per_token"].(float64))
				l1 = append(l1, recovery(b, m, truth).Mean)
			}
			return ll, l1
		}
		var ll1, l11 []float64
		for _, shards := range []int{2, 4, 8} {
			b.Run(fmt.Sprintf("docs=%d/shards=%d", docs, shards), func(b *testing.B) {
				for b.Loop() {
					if ll1 == nil {
						ll1, l11 = run(1)
					}
					ll, l1 := run(shards)
					for _, st := range []struct {
						name string
						a, b []float64
					}{{"ll", ll, ll1}, {"l1", l1, l11}} {
						ma, sa := meanSD(st.a)
						mb, sb := meanSD(st.b)
						b.ReportMetric(ma-mb, "d"+st.name)
						b.ReportMetric((ma-mb)/math.Sqrt((sa*sa+sb*sb)/seeds), "z-"+st.name)
					}
				}
			})
		}
	}
}

// The spread over seeds of the final models of BenchmarkInitAnchor on
// KOS (K=20, 1000 sweeps, 2 shards on 2 threads): the held-out perplexity of the
// averaged topics and the final log likelihood per token for seeds 1-3,
// random and anchor starts (one anchor model, seed 1).
func BenchmarkInitAnchorSeeds(b *testing.B) {
	train, test := heldOutSplit(b, "KOS")
	for b.Loop() {
		al, _ := anchor.New(anchor.Options{Settings: learner.Settings{Seed: 1}})
		am, err := al.Fit(context.Background(), train, 20)
		if err != nil {
			b.Fatal(err)
		}
		for _, init := range []Init{InitRandom, InitAnchor} {
			var ppl []float64
			for seed := uint64(1); seed <= 3; seed++ {
				o := GibbsOptions{Settings: learner.Settings{Seed: seed, Threads: 2}, Shards: 2, Init: init}
				if init == InitAnchor {
					o.InitModel = am
				}
				m := fitGibbs(b, train, 20, o)
				ppl = append(ppl, perplexity(b, m, test))
				b.Logf("KOS K=20 %s start, seed %d: perplexity %.1f, log likelihood per token %.4f", init, seed, ppl[len(ppl)-1], m.Params["ll_per_token"])
			}
			mean, sd := meanSD(ppl)
			b.ReportMetric(mean, "perplexity-"+string(init))
			b.ReportMetric(sd, "sd-"+string(init))
		}
	}
}
