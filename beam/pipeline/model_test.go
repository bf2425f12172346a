package pipeline

import (
	"context"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hulltopics/hull/anchor"
	"github.com/hulltopics/hull/cooc"
	"github.com/hulltopics/hull/corpus"
)

// TestModelEqualsFit: the model "hull fit --stats" learns from the
// pipeline's statistics is the one "hull fit" learns from the documents
// (the anchor learner, without the refinement, which needs the
// documents): the same anchor words, topics within 1e-9.
func TestModelEqualsFit(t *testing.T) {
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(7, 8))
	a := writeFile(t, dir, "part1.txt", lines(r, 700))
	b := writeFile(t, dir, "part2.txt", lines(r, 500))
	o := Options{Inputs: []string{filepath.Join(dir, "part*.txt")}, Output: filepath.Join(dir, "all.stats")}
	if err := run(t, o); err != nil {
		t.Fatal(err)
	}
	st, err := cooc.LoadStats(o.Output, 0)
	if err != nil {
		t.Fatal(err)
	}
	c, err := corpus.Read([]string{a, b}, corpus.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if c, _, err = corpus.Prune(c, corpus.RawTextPrune(c.NumDocs())); err != nil {
		t.Fatal(err)
	}
	opts := anchor.DefaultOptions()
	opts.Refine = 0
	l, err := anchor.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	const k = 5
	fromStats, err := l.FitStats(context.Background(), st, k)
	if err != nil {
		t.Fatal(err)
	}
	fromDocs, err := l.Fit(context.Background(), c, k)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(fromStats.Vocab, fromDocs.Vocab) || !slices.Equal(fromStats.Anchors, fromDocs.Anchors) {
		t.Fatalf("anchors %v from the pipeline's statistics, %v from the documents", fromStats.Anchors, fromDocs.Anchors)
	}
	for m := range fromDocs.Topics {
		for w, p := range fromDocs.Topics[m] {
			if d := math.Abs(fromStats.Topics[m][w] - p); d > 1e-9 {
				t.Fatalf("topic %d, word %q: %g from the statistics, %g from the documents", m, c.Vocab[w], fromStats.Topics[m][w], p)
			}
		}
	}
}
