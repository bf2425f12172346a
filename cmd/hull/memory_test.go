package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hulltopics/hull/anchor"
	"github.com/hulltopics/hull/corpus"
)

// --max-memory bounds the whole process: a limit above the learner's own
// estimate but below it plus the corpus and the runtime is refused, with
// what each part holds.
func TestMaxMemoryCountsCorpusAndRuntime(t *testing.T) {
	dir := synthCorpus(t, "lda", "-k", "4", "--vocab-size", "300", "--docs", "500", "--doc-length", "60")
	docword := filepath.Join(dir, "docword.txt")
	c, err := corpus.ReadFile(docword, corpus.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	o := anchor.DefaultOptions()
	o.Threads = 1
	// Above the runtime's share, which a limit must exceed to be taken.
	limit := runtimeBytes + anchor.EstimateBytes(c, 4, o) + c.Bytes()/2
	code, _, errOut := hull(t, "fit", "-q", "-k", "4", "--threads", "1", "--max-memory", strconv.FormatInt(limit, 10), docword)
	if code != exitBadInput || !strings.Contains(errOut, "what is left of the whole limit of") {
		t.Fatalf("limit %d: exit %d, %s; want a refusal counting the corpus and the runtime", limit, code, errOut)
	}
	if code, _, errOut := hull(t, "fit", "-q", "-k", "4", "--threads", "1", "--max-memory", strconv.FormatInt(limit+c.Bytes(), 10), docword); code != 0 {
		t.Fatalf("limit with room for all: exit %d, %s", code, errOut)
	}
}

// Every command that writes -o checks it before its work: a missing
// directory or an existing non-directory for synth is bad input, exit 2.
func TestOutputCheckedFirst(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nodir", "out")
	notDir := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(notDir, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	expectBadInput(t, []badInput{
		{"infer", []string{"infer", "no-model.json", "no-input.txt", "-o", missing + ".tsv"}, "-o: "},
		{"plot simplex", []string{"plot", "simplex", "no-model.json", "-o", missing + ".png"}, "-o: "},
		{"plot topics-grid", []string{"plot", "topics-grid", "no-model.json", "-o", missing + ".png"}, "-o: "},
		{"synth into a file", []string{"synth", "lda", "-o", notDir}, "not a directory"},
	})
}
