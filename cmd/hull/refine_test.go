package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hulltopics/hull/model"
)

// TestRefineUnexplainedShardExitsTwo: a refinement corpus none of whose
// words has weight in the topics fitted from the statistics gave NaN
// topic weights, and "hull fit" exited 1 with "model: topic_weights[0] =
// NaN"; it is the user's input, refused with exit 2 by what it is.
func TestRefineUnexplainedShardExitsTwo(t *testing.T) {
	dir := synthCorpus(t, "lda", "-k", "5", "--docs", "500", "--seed", "1")
	st := filepath.Join(t.TempDir(), "syn.stats")
	if code, _, errOut := hull(t, "stats", "-q", "-o", st, filepath.Join(dir, "docword.txt")); code != 0 {
		t.Fatalf("stats: exit %d: %s", code, errOut)
	}
	start := filepath.Join(t.TempDir(), "m0.json")
	if code, _, errOut := hull(t, "fit", "-q", "-k", "5", "--stats", st, "--refine", "0", "-o", start); code != 0 {
		t.Fatalf("fit: exit %d: %s", code, errOut)
	}
	m, err := model.Load(start)
	if err != nil {
		t.Fatal(err)
	}
	var zero []int // words of weight 0 in every topic
	for w := range m.Vocab {
		if !weighted(m.Topics, w) {
			zero = append(zero, w)
		}
	}
	if len(zero) < 2 {
		t.Skipf("the statistics' topics give every word but %d weight: the test needs two without", len(zero))
	}
	shard := t.TempDir()
	var b strings.Builder
	fmt.Fprintf(&b, "2\n%d\n%d\n", len(m.Vocab), len(zero))
	for i, w := range zero {
		fmt.Fprintf(&b, "%d %d %d\n", 1+i%2, w+1, 1+i%3)
	}
	if err := os.WriteFile(filepath.Join(shard, "docword.txt"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	vocab := filepath.Join(shard, "vocab.txt")
	if err := os.WriteFile(vocab, []byte(strings.Join(m.Vocab, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := hull(t, "fit", "-q", "-k", "5", "--stats", st, filepath.Join(shard, "docword.txt"), "--vocab", vocab, "--refine-always", "--refine", "1", "-o", filepath.Join(shard, "m.json"))
	if code != exitBadInput || !strings.Contains(errOut, "no token of the corpus") {
		t.Errorf("exit %d, stderr %q; want exit 2 saying the topics explain no token", code, errOut)
	}
}

// weighted reports whether word w has positive weight in a topic.
func weighted(topics [][]float64, w int) bool {
	for _, row := range topics {
		if row[w] > 0 {
			return true
		}
	}
	return false
}
