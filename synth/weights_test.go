package synth

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/model"
)

// TestGenerateWeights: GenerateWeights returns the corpus and truth of
// Generate for the same seed, and one row of weights per document, on the
// simplex, whose mean is the truth's TopicWeights.
func TestGenerateWeights(t *testing.T) {
	for name, g := range smallGenerators(t) {
		t.Run(name, func(t *testing.T) {
			c, m, err := g.Generate(rand.New(rand.NewPCG(5, 6)))
			if err != nil {
				t.Fatal(err)
			}
			c2, m2, theta, err := g.GenerateWeights(rand.New(rand.NewPCG(5, 6)))
			if err != nil {
				t.Fatal(err)
			}
			if c.Digest() != c2.Digest() || !slices.Equal(m.TopicWeights, m2.TopicWeights) {
				t.Fatal("GenerateWeights drew another corpus than Generate")
			}
			if len(theta) != c.NumDocs() {
				t.Fatalf("%d rows of weights for %d documents", len(theta), c.NumDocs())
			}
			mean := make([]float64, m.K)
			for d, row := range theta {
				if len(row) != m.K {
					t.Fatalf("document %d: %d weights, want %d", d, len(row), m.K)
				}
				sum := 0.0
				for k, x := range row {
					if !(x >= 0) {
						t.Fatalf("document %d: weight %d is %v", d, k, x)
					}
					sum += x
					mean[k] += x / float64(len(theta))
				}
				if math.Abs(sum-1) > 1e-9 {
					t.Fatalf("document %d: weights sum to %v", d, sum)
				}
			}
			for k := range mean {
				if math.Abs(mean[k]-m.TopicWeights[k]) > 1e-9 {
					t.Fatalf("topic %d: mean weight %v, truth says %v", k, mean[k], m.TopicWeights[k])
				}
			}
		})
	}
	if _, _, _, err := with(NewLDA(), func(g *LDA) { g.K = -1 }).GenerateWeights(rand.New(rand.NewPCG(1, 1))); err == nil {
		t.Fatal("K = -1: no error")
	}
}

// smallGenerators returns a small generator of each kind.
func smallGenerators(t *testing.T) map[string]WeightsGenerator {
	_, src := generate(t, LDA{K: 3, V: 40, Docs: 50, DocLength: 20, Alpha: 0.1, Beta: 0.1}, 9)
	return map[string]WeightsGenerator{
		"lda":        LDA{K: 4, V: 60, Docs: 80, DocLength: 30, Poisson: true, Alpha: 0.1, Beta: 0.1},
		"separable":  Separable{LDA: LDA{K: 4, V: 60, Docs: 80, DocLength: 30, Alpha: 0.1, Beta: 0.1}, AnchorsPerTopic: 2, Style: SeparableArora},
		"ke":         Ke{K: 3, V: 100, Docs: 60, DocLength: 50, AnchorsPerTopic: 5, PureFraction: 0.2},
		"dominant":   with(NewDominant(), func(g *Dominant) { g.K, g.V, g.Docs, g.DocLength, g.CatchwordsPerTopic = 4, 100, 80, 30, 5 }),
		"correlated": Correlated{K: 4, V: 60, Docs: 80, DocLength: 30, Beta: 0.1, Rho: 0.1, Variance: 10},
		"swimmer":    Swimmer{Docs: 40, DocLength: 50, Body: 10, Background: 1, SharedTopic: true},
		"semi":       Semi{Model: src, Docs: 70, DocLength: 30, Alpha: 0.03},
		"semi file":  semiFile{Semi: Semi{Model: src, Docs: 70, DocLength: 30, Alpha: 0.03}, ModelFile: "src.json"},
	}
}

// progressLog records the reports of a progress function.
type progressLog struct {
	stages []string
	done   [][2]int // done, total of each report
}

func (l *progressLog) report(stage string, done, total int) {
	l.stages = append(l.stages, stage)
	l.done = append(l.done, [2]int{done, total})
}

// TestDraw: Draw gives what GenerateWeights gives, reporting each
// generator's documents from 0 to all of them, and stops with ctx's error
// when ctx is cancelled halfway, without drawing the rest.
func TestDraw(t *testing.T) {
	for name, g := range smallGenerators(t) {
		t.Run(name, func(t *testing.T) {
			c, m, theta, err := g.GenerateWeights(rand.New(rand.NewPCG(5, 6)))
			if err != nil {
				t.Fatal(err)
			}
			var log progressLog
			c2, m2, theta2, err := Draw(context.Background(), g, rand.New(rand.NewPCG(5, 6)), log.report)
			if err != nil {
				t.Fatal(err)
			}
			if c.Digest() != c2.Digest() || !reflect.DeepEqual(m, m2) || !reflect.DeepEqual(theta, theta2) {
				t.Fatal("Draw drew another corpus, truth or weights than GenerateWeights")
			}
			// The topics (where they are drawn), then the documents, each
			// stage from 0 to its total.
			var stages []string
			for i, st := range log.stages {
				first := i == 0 || st != log.stages[i-1]
				if first {
					stages = append(stages, st)
				}
				last := i == len(log.stages)-1 || st != log.stages[i+1]
				switch d := log.done[i]; {
				case first && d[0] != 0, last && d[0] != d[1], !first && d[0] <= log.done[i-1][0]:
					t.Fatalf("report %d: %q %v after %v", i, st, d, log.done[max(i-1, 0)])
				}
			}
			if want := []string{"draw topics", "draw documents"}; !slices.Equal(stages, want) && !slices.Equal(stages, want[1:]) {
				t.Fatalf("stages %q, want %q (or the documents alone)", stages, want)
			}
			if n := len(log.done); log.done[n-1] != [2]int{c.NumDocs(), c.NumDocs()} {
				t.Fatalf("last report %v, want %d documents of %d", log.done[n-1], c.NumDocs(), c.NumDocs())
			}

			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			drawn := 0
			_, _, _, err = Draw(ctx, g, rand.New(rand.NewPCG(5, 6)), func(stage string, done, _ int) {
				if stage == "draw documents" {
					drawn = done
				}
				if done > 0 {
					cancel()
				}
			})
			if !errors.Is(err, context.Canceled) || drawn >= c.NumDocs() {
				t.Fatalf("cancelled after a report: %v, %d of %d documents drawn", err, drawn, c.NumDocs())
			}
		})
	}
}

// foreign is a WeightsGenerator of another package.
type foreign struct{ lda LDA }

func (f foreign) Generate(rng *rand.Rand) (*corpus.Corpus, *model.Model, error) {
	return f.lda.Generate(rng)
}

func (f foreign) GenerateWeights(rng *rand.Rand) (*corpus.Corpus, *model.Model, [][]float64, error) {
	return f.lda.GenerateWeights(rng)
}

// TestDrawForeign: a generator of another package is run by its
// GenerateWeights, and a done ctx is still an error.
func TestDrawForeign(t *testing.T) {
	g := foreign{LDA{K: 3, V: 40, Docs: 50, DocLength: 20, Alpha: 0.1, Beta: 0.1}}
	if _, ok := WeightsGenerator(g).(drawer); ok {
		t.Fatal("the foreign generator is one of this package's")
	}
	c, _, theta, err := Draw(context.Background(), g, rand.New(rand.NewPCG(1, 1)), nil)
	if err != nil || c.NumDocs() != 50 || len(theta) != 50 {
		t.Fatalf("%v, %d documents, %d rows of weights", err, c.NumDocs(), len(theta))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, _, err := Draw(ctx, g, rand.New(rand.NewPCG(1, 1)), nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("done ctx: %v", err)
	}
}

// countingSource counts the numbers drawn from it.
type countingSource struct {
	rand.Source
	n int
}

func (s *countingSource) Uint64() uint64 { s.n++; return s.Source.Uint64() }

// Draw stops between two topics (a million words each took seconds) and
// inside a long document (10^8 tokens took 8 s): before, the topics and
// a whole document were drawn before the first look at ctx.
func TestDrawStopsInTopicsAndLongDocuments(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var stages []string
	g := LDA{K: 4, V: 1000, Docs: 10, DocLength: 10, Alpha: 0.1, Beta: 0.1}
	_, _, _, err := Draw(ctx, g, rand.New(rand.NewPCG(1, 1)), func(stage string, done, _ int) {
		stages = append(stages, stage)
		if stage == "draw topics" && done == 1 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) || len(stages) != 2 {
		t.Errorf("cancelled after the first topic: %v after reports %q", err, stages)
	}

	src := &countingSource{Source: rand.NewPCG(1, 1)}
	long := 3 * tokenChunk
	topics := [][]float64{{0.5, 0.5, 0}, {0, 0.5, 0.5}}
	_, _, err = drawDocuments(rand.New(src), wordNames(3), topics, 1, long, func(*rand.Rand) int { return long },
		func(_ *rand.Rand, _ int, theta []float64) { theta[0], theta[1] = 0.5, 0.5 }, &drawing{ctx: ctx})
	if !errors.Is(err, context.Canceled) || src.n > 4*tokenChunk {
		t.Errorf("a document of %d tokens under a cancelled context: %v after %d draws", long, err, src.n)
	}
}
