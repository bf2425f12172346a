package hull_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hulltopics/hull/cooc"
	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/export"
	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/refine"
	"github.com/hulltopics/hull/report"
	"github.com/hulltopics/hull/synth"
	"github.com/hulltopics/hull/tsvd"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// misuseFixture returns hull's demo corpus and its true model.
func misuseFixture(t *testing.T) (*corpus.Corpus, *model.Model) {
	t.Helper()
	c, truth := synth.Demo()
	return c, truth
}

// TestNilContext: functions that take a context refuse a nil one with
// learner.ErrNilContext (the entry points below; the others run through
// internal/parallel or internal/ctxio, which refuse it too); most
// dereferenced it in a worker goroutine, a panic no caller could recover.
func TestNilContext(t *testing.T) {
	c, truth := misuseFixture(t)
	var ctx context.Context // nil
	st, err := cooc.FromCorpus(context.Background(), c, cooc.Options{})
	if err != nil {
		t.Fatal(err)
	}
	inf, err := infer.NewInferencer(truth, infer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	saved := filepath.Join(dir, "s.stats")
	if err := st.Save(context.Background(), saved); err != nil {
		t.Fatal(err)
	}
	for name, call := range map[string]func() error{
		"cooc.Stats.Save": func() error { return st.Save(ctx, filepath.Join(dir, "t.stats")) },
		"cooc.MergeFiles": func() error { _, err := cooc.MergeFiles(ctx, []string{saved}, 0); return err },
		"cooc.StatsReader.Matrix": func() error {
			f, err := os.Open(saved)
			if err != nil {
				return err
			}
			defer f.Close()
			sr, err := cooc.NewStatsReader(f, saved)
			if err != nil {
				return err
			}
			_, err = sr.Matrix(ctx, 0)
			return err
		},
		"eval.LSI.Prepare":        func() error { _, err := (eval.LSI{K: 2}).Prepare(ctx, c, c); return err },
		"infer.Infer":             func() error { _, err := infer.Infer(ctx, truth, c, infer.Options{}); return err },
		"infer.Document":          func() error { _, _, err := infer.Document(ctx, truth, []string{"w1"}, infer.Options{}); return err },
		"Inferencer.Document":     func() error { _, _, err := inf.Document(ctx, []string{"w1"}); return err },
		"refine.Run":              func() error { _, err := refine.Run(ctx, c, truth.Topics, refine.Options{Iterations: 1}); return err },
		"eval.Measure":            func() error { _, err := eval.Measure(ctx, truth, eval.SuiteOptions{Heldout: c}); return err },
		"eval.DocumentCompletion": func() error { _, err := eval.DocumentCompletion(ctx, truth, c, eval.PerplexityOptions{}); return err },
		"eval.TopicCoherence":     func() error { _, err := eval.TopicCoherence(ctx, truth, c, 0); return err },
		"report.HTML":             func() error { return report.HTML(ctx, io.Discard, truth, report.HTMLOptions{}) },
		"report.TopicMap":         func() error { _, err := report.TopicMap(ctx, truth, 1, nil); return err },
		"report.TopicsGrid":       func() error { _, err := report.TopicsGrid(ctx, truth, report.GridOptions{}); return err },
		"report.WritePlot":        func() error { return report.WritePlot(ctx, io.Discard, plot.New(), vg.Inch, vg.Inch, "svg") },
		"cooc.FromCorpus":         func() error { _, err := cooc.FromCorpus(ctx, c, cooc.Options{}); return err },
		"cooc.Compute":            func() error { _, err := cooc.Compute(ctx, c, cooc.Options{}); return err },
		"cooc.Stats.Matrix":       func() error { _, err := st.Matrix(ctx, 0, 1); return err },
		"corpus.SaveDir": func() error {
			_, err := corpus.SaveDir(ctx, filepath.Join(dir, "save"), c, corpus.SaveOptions{})
			return err
		},
		"synth.WriteDir": func() error { return synth.WriteDir(ctx, filepath.Join(dir, "synth"), c, truth, nil, nil) },
		"tsvd.Catchwords": func() error {
			_, err := tsvd.Catchwords(ctx, c, make([]int, c.NumDocs()), 2, tsvd.CatchwordOptions{Rank: 1, Gamma: 1.1})
			return err
		},
		"learner.Fit": func() error {
			l, err := learner.New("anchor", learner.Settings{}, nil)
			if err != nil {
				return err
			}
			_, err = l.Fit(ctx, c, 3)
			return err
		},
	} {
		if err := call(); !errors.Is(err, learner.ErrNilContext) {
			t.Errorf("%s: %v, want learner.ErrNilContext", name, err)
		}
	}
}

// TestMalformedCorpus: a corpus built by hand that fails Validate (a word
// index out of range) is refused by every function that reads its
// documents and returns an error; it made them index out of range, most
// in a worker goroutine.
func TestMalformedCorpus(t *testing.T) {
	good, truth := misuseFixture(t)
	c := *good
	c.Words = slices.Clone(good.Words)
	c.Words[0] = int32(len(c.Vocab) + 10)
	bad := &c
	want := bad.Validate()
	if want == nil {
		t.Fatal("the malformed corpus passes Validate")
	}
	ctx := context.Background()
	theta := make([][]float64, bad.NumDocs()) // every document on topic 0
	for d := range theta {
		theta[d] = make([]float64, truth.K)
		theta[d][0] = 1
	}
	for name, call := range map[string]func() error{
		"infer.Infer":              func() error { _, err := infer.Infer(ctx, truth, bad, infer.Options{}); return err },
		"infer.DominantTopics":     func() error { _, err := infer.DominantTopics(ctx, truth, bad, infer.Options{}); return err },
		"refine.Run":               func() error { _, err := refine.Run(ctx, bad, truth.Topics, refine.Options{Iterations: 1}); return err },
		"eval.TopicCoherence":      func() error { _, err := eval.TopicCoherence(context.Background(), truth, bad, 0); return err },
		"eval.DocumentCompletion":  func() error { _, err := eval.DocumentCompletion(ctx, truth, bad, eval.PerplexityOptions{}); return err },
		"eval.SplitPlusOne":        func() error { _, err := eval.SplitPlusOne(bad, eval.PlusOneOptions{}); return err },
		"eval.PlusOneBench":        func() error { _, err := eval.PlusOneBench(ctx, bad, eval.PlusOneBenchOptions{}); return err },
		"learner.TopicNPMIs":       func() error { _, err := learner.TopicNPMIs(truth, bad); return err },
		"learner.TopicsIncoherent": func() error { _, _, _, err := learner.TopicsIncoherent(truth, bad); return err },
		"infer.SampleDominantTopics": func() error {
			_, _, err := infer.SampleDominantTopics(ctx, truth, bad, 10, infer.Options{})
			return err
		},
		"infer.TopicDocs": func() error {
			_, err := infer.TopicDocs(bad, theta, truth.K, 2, 0)
			return err
		},
		"refine.IfNoisy":   func() error { _, err := refine.IfNoisy(ctx, bad, truth, refine.Options{Iterations: 1}); return err },
		"eval.Measure":     func() error { _, err := eval.Measure(ctx, truth, eval.SuiteOptions{Heldout: bad}); return err },
		"cooc.FromCorpus":  func() error { _, err := cooc.FromCorpus(ctx, bad, cooc.Options{}); return err },
		"cooc.NewOperator": func() error { _, err := cooc.NewOperator(bad, 1); return err },
		"cooc.Compute":     func() error { _, err := cooc.Compute(ctx, bad, cooc.Options{}); return err },
		"corpus.Prune":     func() error { _, _, err := corpus.Prune(bad, corpus.PruneOptions{}); return err },
		"tsvd.Catchwords": func() error {
			_, err := tsvd.Catchwords(ctx, bad, make([]int, bad.NumDocs()), 2, tsvd.CatchwordOptions{Rank: 1, Gamma: 1.1})
			return err
		},
		"export.WritePyLDAvis": func() error {
			return export.WritePyLDAvis(&bytes.Buffer{}, truth, bad, theta)
		},
	} {
		if err := call(); err == nil || !bytes.Contains([]byte(err.Error()), []byte(want.Error())) {
			t.Errorf("%s: %v, want %q", name, err, want)
		}
	}
}

// TestNilArguments: a nil corpus or model is an error where a sibling
// function already said so; these panicked.
func TestNilArguments(t *testing.T) {
	c, truth := misuseFixture(t)
	ctx := context.Background()
	for name, call := range map[string]func() error{
		"refine.Run":            func() error { _, err := refine.Run(ctx, nil, truth.Topics, refine.Options{Iterations: 1}); return err },
		"eval.SplitPlusOne":     func() error { _, err := eval.SplitPlusOne(nil, eval.PlusOneOptions{}); return err },
		"eval.CheckTruthCorpus": func() error { return eval.CheckTruthCorpus(nil, truth) },
		"tsvd.CheckAssumptions": func() error { _, err := tsvd.CheckAssumptions(ctx, nil, nil, tsvd.AssumptionOptions{}); return err },
		"tsvd.Catchwords": func() error {
			_, err := tsvd.Catchwords(ctx, nil, nil, 2, tsvd.CatchwordOptions{Rank: 1, Gamma: 1.1})
			return err
		},
		"report.Simplex":  func() error { _, err := report.Simplex(nil); return err },
		"synth.WriteDir":  func() error { return synth.WriteDir(ctx, t.TempDir(), nil, nil, nil, nil) },
		"corpus.WriteUCI": func() error { return corpus.WriteUCI(&bytes.Buffer{}, nil) },
		"eval.PlusOneBench": func() error {
			_, err := eval.PlusOneBench(ctx, c, eval.PlusOneBenchOptions{K: 3, Learners: []eval.PlusOneLearner{{Name: "none"}}})
			return err
		},
	} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: panic %v", name, r)
				}
			}()
			if err := call(); err == nil {
				t.Errorf("%s: no error", name)
			}
		}()
	}
}
