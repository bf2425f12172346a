package projector_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/lda"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/projector"
	"github.com/hulltopics/hull/synth"
)

const (
	kosPath  = "../../shared/data/kos/docword.kos.txt.gz"
	nipsPath = "../../shared/data/nips/docword.nips.txt.gz"
)

// readShared reads a corpus of ../shared/data, skipping when it is absent.
func readShared(b *testing.B, path string) *corpus.Corpus {
	if _, err := os.Stat(path); err != nil {
		b.Skipf("shared data not present: %v", err)
	}
	c, err := corpus.ReadFile(path, corpus.ReadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	return c
}

// benchFit fits k topics to c with l; the stage times of the last fit are
// reported as metrics. Reading is not timed.
func benchFit(b *testing.B, c *corpus.Corpus, k int, l learner.Learner) {
	b.ReportAllocs()
	for b.Loop() {
		m, err := l.Fit(context.Background(), c, k)
		if err != nil {
			b.Fatal(err)
		}
		for _, t := range m.Provenance.Timings {
			b.ReportMetric(t.Seconds*1000, "ms-"+t.Stage[:min(len(t.Stage), 7)])
		}
	}
}

func BenchmarkFitKOS20(b *testing.B) {
	l, _ := projector.New(projector.Options{Settings: learner.Settings{Seed: 1}})
	benchFit(b, readShared(b, kosPath), 20, l)
}

func BenchmarkFitNIPS50(b *testing.B) {
	l, _ := projector.New(projector.Options{Settings: learner.Settings{Seed: 1}})
	benchFit(b, readShared(b, nipsPath), 50, l)
}

// paperLDA is a corpus like those of the paper's Figure 3 and section 7.1:
// k = 20 topics, n = 1000 documents, m = 1000 words, Poisson lengths of
// mean l = 75.
var paperLDA = synth.LDA{K: 20, V: 1000, Docs: 1000, DocLength: 75, Poisson: true, Alpha: 0.1, Beta: 0.05}

// BenchmarkRuntimeVsGibbs is the runtime comparison of the paper's section
// 7.1 (Projector against LDA by Gibbs sampling), with the paper's plusone
// precision (section 5.1: half the documents train; 30% of each test
// document's distinct words held out; 3 words predicted, by VB inference
// with the learned topics) and, on the generated corpus, the cosine of the
// learned topics to the true ones (section 5.2), to find the number of
// Gibbs sweeps that matches Projector. Run with
//
//	go test ./projector -run '^$' -bench RuntimeVsGibbs -benchtime 1x -timeout 1h
//
// It prints one line per corpus and learner; wall times are of the fits on
// the training half only (inference excluded).
func BenchmarkRuntimeVsGibbs(b *testing.B) {
	type corpusCase struct {
		name  string
		k     int
		c     *corpus.Corpus
		truth *model.Model
	}
	c, truth, err := paperLDA.Generate(rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		b.Fatal(err)
	}
	cases := []corpusCase{{"lda k=20 n=1000 m=1000 l=75", 20, c, truth}}
	for _, s := range []struct {
		name, path string
		k          int
	}{{"KOS", kosPath, 20}, {"NIPS", nipsPath, 50}} {
		if _, err := os.Stat(s.path); err == nil {
			cases = append(cases, corpusCase{s.name, s.k, readShared(b, s.path), nil})
		}
	}
	sweeps := []int{20, 50, 100, 200, 1000}
	if env := os.Getenv("HULL_GIBBS_SWEEPS"); env != "" {
		sweeps = nil
		for _, f := range strings.Split(env, ",") {
			var n int
			fmt.Sscan(f, &n)
			sweeps = append(sweeps, n)
		}
	}
	for b.Loop() {
		for _, cc := range cases {
			split, err := eval.SplitPlusOne(cc.c, eval.PlusOneOptions{Seed: 1})
			if err != nil {
				b.Fatal(err)
			}
			type run struct {
				name string
				l    learner.Learner
			}
			p, _ := projector.New(projector.Options{Settings: learner.Settings{Seed: 1}})
			runs := []run{{"projector", p}}
			for _, n := range sweeps {
				g, err := lda.NewGibbs(lda.GibbsOptions{Settings: learner.Settings{Seed: 1}, Iterations: n})
				if err != nil {
					b.Fatal(err)
				}
				runs = append(runs, run{fmt.Sprintf("gibbs %d sweeps", n), g})
			}
			infer := func(ctx context.Context, m *model.Model, observed *corpus.Corpus) ([][]float64, error) {
				return infer.Infer(ctx, m, observed, infer.Options{Method: infer.VB, Seed: 1})
			}
			preds := []eval.Predictor{eval.Baseline{}}
			var lines []string
			for _, r := range runs {
				start := time.Now()
				m, err := r.l.Fit(context.Background(), split.Train, cc.k)
				if err != nil {
					b.Fatal(err)
				}
				wall := time.Since(start)
				preds = append(preds, eval.TopicPredictor{Label: r.name, Model: m, Infer: infer})
				line := fmt.Sprintf("%s K=%d | %s | fit %.2f s", cc.name, cc.k, r.name, wall.Seconds())
				if cc.truth != nil {
					sim, err := eval.CosineRecovery(m, cc.truth)
					if err != nil {
						b.Fatal(err)
					}
					line += fmt.Sprintf(" | cosine %.3f", sim.Mean)
				}
				lines = append(lines, line)
			}
			res, err := eval.PlusOne(context.Background(), split, preds, eval.PlusOneOptions{Seed: 1})
			if err != nil {
				b.Fatal(err)
			}
			fmt.Printf("%s K=%d: %d training documents, %d test documents; baseline precision %.3f\n",
				cc.name, cc.k, split.Train.NumDocs(), len(split.TestDocs), res[0].Precision)
			for i, line := range lines {
				fmt.Printf("%s | plusone %.3f (se %.3f)\n", line, res[i+1].Precision, res[i+1].StdErr)
			}
		}
	}
}

// BenchmarkRuntimeScaling is the paper's Figure 4 (section 7.1): the fit
// time of Projector and of LDA by Gibbs sampling (the defaults: 1000
// sweeps, 2 threads) on generated corpora like paperLDA as the number of
// documents n, the mean document length l and the vocabulary size m grow.
// Run with
//
//	go test ./projector -run '^$' -bench RuntimeScaling -benchtime 1x -timeout 1h
func BenchmarkRuntimeScaling(b *testing.B) {
	type point struct {
		vary    string
		n, l, m int
	}
	var points []point
	for _, n := range []int{1000, 2000, 4000, 8000} {
		points = append(points, point{"n", n, 75, 1000})
	}
	for _, l := range []int{150, 300, 600} {
		points = append(points, point{"l", 1000, l, 1000})
	}
	for _, m := range []int{4000, 16000} {
		points = append(points, point{"m", 1000, 75, m})
	}
	for b.Loop() {
		for _, pt := range points {
			g := paperLDA
			g.Docs, g.DocLength, g.V = pt.n, pt.l, pt.m
			c, _, err := g.Generate(rand.New(rand.NewPCG(1, 1)))
			if err != nil {
				b.Fatal(err)
			}
			p, _ := projector.New(projector.Options{Settings: learner.Settings{Seed: 1}})
			gibbs, _ := lda.NewGibbs(lda.GibbsOptions{Settings: learner.Settings{Seed: 1}})
			var secs []float64
			for _, l := range []learner.Learner{p, gibbs} {
				start := time.Now()
				if _, err := l.Fit(context.Background(), c, 20); err != nil {
					b.Fatal(err)
				}
				secs = append(secs, time.Since(start).Seconds())
			}
			fmt.Printf("vary %s: n=%d l=%d m=%d tokens=%d | projector %.3f s | gibbs %.2f s | ratio %.0f\n",
				pt.vary, pt.n, pt.l, pt.m, c.Tokens(), secs[0], secs[1], secs[1]/secs[0])
		}
	}
}

// BenchmarkKMeansRestarts measures how many k-means++ restarts Projector
// needs, and what the stopping tolerance of Lloyd's iterations costs: on
// ten LDA corpora like the paper's (K = 20, n = 1000, m = 1000, Poisson
// lengths of mean 75; alpha 0.1 and 0.05, beta 0.05, five seeds each), the
// mean cosine of the learned topics to the truth, the largest matched l1
// distance (near 2: a topic lost) and the k-means inertia, for 10, 20 and
// 50 restarts with the default tolerance 1e-8 and 20 restarts with a
// looser 1e-5. Run with
//
//	go test ./projector -run '^$' -bench KMeansRestarts -benchtime 1x
func BenchmarkKMeansRestarts(b *testing.B) {
	settings := []projector.Options{{Restarts: 10}, {Restarts: 20}, {Restarts: 50}, {Restarts: 20, KMeansTol: 1e-5}}
	for b.Loop() {
		lost := make([]int, len(settings))
		tols := make([]float64, len(settings))
		for _, alpha := range []float64{0.1, 0.05} {
			for seed := uint64(1); seed <= 5; seed++ {
				g := paperLDA
				g.Alpha = alpha
				c, truth, err := g.Generate(rand.New(rand.NewPCG(seed, 9)))
				if err != nil {
					b.Fatal(err)
				}
				line := fmt.Sprintf("alpha %v seed %d", alpha, seed)
				for i, o := range settings {
					o.Seed = 1
					l, err := projector.New(o)
					if err != nil {
						b.Fatal(err)
					}
					m, err := l.Fit(context.Background(), c, 20)
					if err != nil {
						b.Fatal(err)
					}
					sim, _ := eval.CosineRecovery(m, truth)
					rec, _ := eval.L1Recovery(m, truth)
					if rec.Max > 1 {
						lost[i]++
					}
					tols[i] = l.Options().KMeansTol
					line += fmt.Sprintf(" | %d restarts, tol %v: cosine %.3f, max l1 %.2f, inertia %.1f", o.Restarts, tols[i], sim.Mean, rec.Max, m.Params["kmeans_inertia"])
				}
				fmt.Println(line)
			}
		}
		for i, o := range settings {
			fmt.Printf("%d restarts, tol %v: a topic lost (max l1 > 1) on %d of 10 corpora\n", o.Restarts, tols[i], lost[i])
		}
	}
}

// BenchmarkKMeansTolerance times Projector's k-means on KOS (K = 20) and
// NIPS (K = 50) with 10 and 20 restarts and the tolerances 1e-5 and 1e-8,
// and prints the inertia reached. Run with
//
//	go test ./projector -run '^$' -bench KMeansTolerance -benchtime 3x
func BenchmarkKMeansTolerance(b *testing.B) {
	for _, s := range []struct {
		name, path string
		k          int
	}{{"KOS", kosPath, 20}, {"NIPS", nipsPath, 50}} {
		c := readShared(b, s.path)
		for _, o := range []projector.Options{{Restarts: 10, KMeansTol: 1e-8}, {Restarts: 20, KMeansTol: 1e-8}, {Restarts: 20, KMeansTol: 1e-5}, {Restarts: 10, KMeansTol: 1e-5}} {
			o.Seed = 1
			l, _ := projector.New(o)
			b.Run(fmt.Sprintf("%s_restarts%d_tol%g", s.name, o.Restarts, o.KMeansTol), func(b *testing.B) {
				var m *model.Model
				for b.Loop() {
					var err error
					if m, err = l.Fit(context.Background(), c, s.k); err != nil {
						b.Fatal(err)
					}
				}
				for _, t := range m.Provenance.Timings {
					if t.Stage == "k-means" {
						b.ReportMetric(t.Seconds*1000, "ms-k-means")
					}
				}
				b.ReportMetric(m.Params["kmeans_inertia"].(float64), "inertia")
			})
		}
	}
}
