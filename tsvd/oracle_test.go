package tsvd

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
)

// TestOracleClusters locates where TSVD loses accuracy on a synthetic
// corpus (a "hull synth" directory named by $TSVD_ORACLE_DIR; skipped
// without it). It fits the corpus as Fit does, then replaces the clusters
// of steps 4a-4b by the true dominant topics (the largest weight under the
// true topics, by VB) and reruns steps 5-6, and logs the mean l1 error of
// both (docs/BENCHMARKS.md):
//
//	TSVD_ORACLE_DIR=/tmp/hull-repro-tsvd/semi-40000 go test ./tsvd -run OracleClusters -v
func TestOracleClusters(t *testing.T) {
	dir := os.Getenv("TSVD_ORACLE_DIR")
	if dir == "" {
		t.Skip("set TSVD_ORACLE_DIR to a hull synth output directory")
	}
	c, err := corpus.ReadFile(filepath.Join(dir, "docword.txt"), corpus.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	truth, err := model.Load(filepath.Join(dir, "truth.json"))
	if err != nil {
		t.Fatal(err)
	}
	c, _ = corpus.Align(c, truth.Vocab)
	ctx := context.Background()
	l, err := New(Options{Settings: learner.Settings{Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	o := l.Options()
	k := truth.K
	o.W0, o.TopFraction = 1/float64(k), 1/float64(k)
	f := &fit{o: &o, c: c, k: k, params: map[string]any{}}
	for _, step := range []func(context.Context) error{f.threshold, f.svd, f.kmeans, f.lloyd, f.catchwords, f.topics} {
		if err := step(ctx); err != nil {
			t.Fatal(err)
		}
	}
	rec, err := eval.L1Recovery(f.model(), truth)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("TSVD: mean l1 %.4f, max %.4f, %d topics fell back, cluster sizes %v", rec.Mean, rec.Max, f.params["fallback_topics"], f.sizes)
	theta, err := infer.Infer(ctx, truth, c, infer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for r, pos := range f.retained {
		row := theta[f.second[pos]]
		top := 0
		for j, w := range row {
			if w > row[top] {
				top = j
			}
		}
		f.labels[r] = top
	}
	for _, step := range []func(context.Context) error{f.catchwords, f.topics} {
		if err := step(ctx); err != nil {
			t.Fatal(err)
		}
	}
	rec, err = eval.L1Recovery(f.model(), truth)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("true clusters, then steps 5-6: mean l1 %.4f, max %.4f, %d topics fell back", rec.Mean, rec.Max, f.params["fallback_topics"])
}
