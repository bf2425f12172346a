package tsvd

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
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
// both (docs/BENCHMARKS.md). When the directory has the true document
// weights (doc-topics.tsv, from "hull synth lda"), it also logs the floor
// of step 6 and of every fallback, which all return an average of
// documents: for t = 1 .. 150, each true topic estimated by the average
// of the t documents of the second half with the largest true weight on
// it (an oracle TSVD cannot beat by much), with the mean weight of those
// documents on their topic:
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
	w, err := readDocTopics(filepath.Join(dir, "doc-topics.tsv"), c.NumDocs(), k)
	if errors.Is(err, fs.ErrNotExist) {
		return
	} else if err != nil {
		t.Fatal(err)
	}
	for _, top := range []int{1, 3, 10, 25, 75, 150} {
		l1, purity := 0.0, 0.0
		docs := make([]int, len(f.second))
		for j := 0; j < k; j++ {
			copy(docs, f.second)
			slices.SortStableFunc(docs, func(a, b int) int { return cmp.Compare(w[b][j], w[a][j]) })
			for _, d := range docs[:top] {
				purity += w[d][j]
			}
			for i, x := range f.meanDistribution(docs[:top]) {
				l1 += math.Abs(x - truth.Topics[j][i])
			}
		}
		t.Logf("oracle average of the %d documents richest in each true topic: mean l1 %.4f, mean weight on the topic %.3f", top, l1/float64(k), purity/float64(top*k))
	}
}

// readDocTopics reads the true document weights of "hull synth" (one line
// per document: its id, then K weights, tab-separated).
func readDocTopics(path string, docs, k int) ([][]float64, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var w [][]float64
	for line := range strings.Lines(string(b)) {
		f := strings.Split(strings.TrimSpace(line), "\t")
		if len(f) != k+1 {
			return nil, fmt.Errorf("%s: line %d has %d fields, want %d", path, len(w)+1, len(f), k+1)
		}
		row := make([]float64, k)
		for i, x := range f[1:] {
			if row[i], err = strconv.ParseFloat(x, 64); err != nil {
				return nil, err
			}
		}
		w = append(w, row)
	}
	if len(w) != docs {
		return nil, fmt.Errorf("%s: %d documents, the corpus %d", path, len(w), docs)
	}
	return w, nil
}
