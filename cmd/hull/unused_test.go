package main

import (
	"os"

	"github.com/hulltopics/hull/model"
	"path/filepath"
	"strings"
	"testing"
)

// TestUnusedFlagsRefused: a flag that the other flags and arguments leave
// without use is refused, naming it and why, before any output is written
// (each was accepted with exit 0 and changed nothing).
func TestUnusedFlagsRefused(t *testing.T) {
	dir := synthLDA(t, "-k", "3", "--vocab-size", "40", "--docs", "30", "--doc-length", "15")
	docs, m := filepath.Join(dir, "docword.txt"), filepath.Join(dir, "truth.json")
	out := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"infer", m, docs, "--seed", "7"}, "--seed: only --method gibbs draws random numbers"},
		{[]string{"eval", m, "--ignore-digest"}, "--ignore-digest: it is for --truth, and none is given"},
		{[]string{"eval", m, "--stem", "--min-df", "2"}, "--min-df, --stem: they say how to read --heldout and --reference, and neither is given"},
		{[]string{"eval", m, "--reference", docs, "--seed", "5"}, "--seed: only --heldout draws random numbers"},
		{[]string{"report", m, "--top-docs", "5", "-o", filepath.Join(out, "r.html")}, "--top-docs: it is for the documents of INPUT, and none is given"},
		{[]string{"report", m, "--stem", "-o", filepath.Join(out, "r.html")}, "--stem: they say how to read INPUT, and none is given"},
		{[]string{"export", m, "--to", "csv", "-o", filepath.Join(out, "x"), "--min-df", "3"}, "--min-df: they say how to read INPUT"},
		{[]string{"export", m, "--to", "csv", "-o", filepath.Join(out, "x"), "--threads", "1"}, "--threads: it infers the topic weights of INPUT's documents"},
		{[]string{"plot", "topics-grid", m, "--threshold", "0.5", "-o", filepath.Join(out, "g.png")}, "--threshold: it colours the topics matched to --truth"},
		{[]string{"diagnose", docs, m, "--words", "3"}, "--words: only --per-topic prints catchwords per topic"},
		// Read on the model's vocabulary, INPUT is not pruned: the pruning
		// flags changed nothing, and --threads without documents neither.
		{[]string{"eval", m, "--reference", docs, "--max-vocab", "10"}, "--max-vocab: INPUT is read on the model's vocabulary"},
		{[]string{"eval", m, "--heldout", docs, "--no-prune"}, "--no-prune: INPUT is read on the model's vocabulary"},
		{[]string{"eval", m, "--threads", "2"}, "--threads: it is for the inference on --heldout or --reference documents"},
		{[]string{"eval", m, "--heldout", "-", "--reference", "-"}, "standard input can be read once"},
		{[]string{"export", m, docs, "--to", "csv", "-o", filepath.Join(out, "x"), "--min-df", "3"}, "--min-df: INPUT is read on the model's vocabulary"},
		{[]string{"fit", "-k", "3", "--stem"}, "--stem: they say how to read INPUT, and none is given (hull fit alone learns the demo corpus)"},
		// Messages that named no flag, or the wrong one.
		{[]string{"infer", m, docs, "--alpha", "5e-324"}, "--alpha 5e-324: too small to share out among the model's 3 topics"},
		{[]string{"diagnose", docs, m, "--prior", "5e-324"}, "--prior 5e-324: too small to share out among the model's 3 topics"},
		{[]string{"bench", "-k", "3", "--algos", "", docs}, "--algos is empty"},
		{[]string{"topics", "-"}, "MODEL -: hull reads no model from standard input"},
		{[]string{"eval", m, "--truth", "-"}, "--truth -: hull reads no model from standard input"},
		{[]string{"eval", m, "--truth", filepath.Join(out, "none.json")}, "--truth: open "},
		{[]string{"eval", m, "--heldout", filepath.Join(out, "none.txt")}, "--heldout: stat "},
		{[]string{"bench", "-k", "3", "--reference", filepath.Join(out, "none.txt"), docs}, "--reference: stat "},
	} {
		code, stdout, errOut := hull(t, tc.args...)
		if code != exitBadInput || !strings.Contains(errOut, tc.want) || stdout != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d with %q", tc.args, code, stdout, errOut, exitBadInput, tc.want)
		}
	}
	if entries, _ := os.ReadDir(out); len(entries) != 0 {
		t.Errorf("refused commands wrote %d files", len(entries))
	}
	// The same flags where they are used are taken.
	for _, args := range [][]string{
		{"infer", "-q", m, docs, "--seed", "7", "--method", "gibbs"},
		{"eval", "-q", m, "--reference", docs, "--threads", "1"},
		{"diagnose", "-q", docs, m, "--words", "3", "--per-topic"},
		{"topics", "-q", m}, // quiet promises an empty stderr, whatever it would hold
	} {
		if code, _, errOut := hull(t, args...); code != 0 {
			t.Errorf("%v: exit %d: %s", args, code, errOut)
		}
	}
}

// TestEvalStopWordsOfTokens: --stopwords drops the listed words of an
// input that is tokens already from --reference, as fit drops them (it
// was silently ignored): the coherence of a topic whose top word is
// listed changes.
func TestEvalStopWordsOfTokens(t *testing.T) {
	dir := synthLDA(t, "-k", "3", "--vocab-size", "40", "--docs", "60", "--doc-length", "30")
	docs, path := filepath.Join(dir, "docword.txt"), filepath.Join(dir, "truth.json")
	m, err := model.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	stop := filepath.Join(t.TempDir(), "stop.txt")
	if err := os.WriteFile(stop, []byte(m.Vocab[m.TopWords(0, 1)[0]]+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, plain, errOut := hull(t, "eval", "-q", path, "--reference", docs, "--json")
	code, stopped, errOut2 := hull(t, "eval", "-q", path, "--reference", docs, "--json", "--stopwords", stop)
	if code != 0 || plain == stopped {
		t.Errorf("exit %d (%s %s); the measures with the top word stopped are the same: %s", code, errOut, errOut2, stopped)
	}
}

// TestBenchChecksFirst: bench refuses, before any fit and once, a truth of
// another corpus (it scored it: cosine 0.19 "ok"), a missing truth and
// raw-text flags on tokens (each failed once per algorithm after its
// fit), as plusone refuses the other truth; --no-prune on tokens, --json
// with diagnose's --per-topic and Ding's --beta change nothing and are
// refused too.
func TestBenchChecksFirst(t *testing.T) {
	a := synthLDA(t, "-k", "3", "--vocab-size", "40", "--docs", "60", "--doc-length", "20")
	b := synthLDA(t, "-k", "3", "--vocab-size", "40", "--docs", "60", "--doc-length", "20", "--seed", "9")
	docs, truth, other := filepath.Join(a, "docword.txt"), filepath.Join(a, "truth.json"), filepath.Join(b, "truth.json")
	out := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"bench", "--algos", "anchor,recover", "-k", "3", "--repeat", "1", docs, "--truth", other}, "the corpus fitted is of digest"},
		{[]string{"bench", "--algos", "anchor,recover", "-k", "3", "--repeat", "1", docs, "--truth", filepath.Join(out, "none.json")}, "none.json: no such file"},
		{[]string{"bench", "--algos", "anchor,recover", "-k", "3", "--repeat", "1", docs, "--stem"}, "--stem: only raw text is tokenized"},
		{[]string{"bench", "-k", "3", "--repeat", "1", docs, "--ignore-digest"}, "--ignore-digest: it is for --truth"},
		{[]string{"bench", "plusone", "-k", "3", docs, "--truth", other}, "the corpus fitted is of digest"},
		{[]string{"bench", "plusone", "-k", "3", docs, "--ignore-digest"}, "--ignore-digest: it is for --truth"},
		{[]string{"infer", truth, docs, "--no-prune"}, "--no-prune: this command prunes only by --min-df"},
		{[]string{"corpus", docs, "--no-prune", "-o", filepath.Join(out, "c")}, "--no-prune: nothing would be pruned without it: this input is uci"},
		{[]string{"diagnose", docs, truth, "--json", "--per-topic"}, "--per-topic: --json prints every topic"},
		{[]string{"synth", "separable", "--style", "ding", "--beta", "0.5", "-o", filepath.Join(out, "s")}, "--beta 0.5: want left at 0.1"},
	} {
		code, stdout, errOut := hull(t, tc.args...)
		if code != exitBadInput || !strings.Contains(errOut, tc.want) || stdout != "" || strings.Contains(errOut, "bench: anchor") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d with %q, before any fit", tc.args, code, stdout, errOut, exitBadInput, tc.want)
		}
	}
	if code, _, errOut := hull(t, "bench", "-q", "-k", "3", "--repeat", "1", docs, "--truth", other, "--ignore-digest"); code != 0 {
		t.Errorf("--ignore-digest: exit %d: %s", code, errOut)
	}
}

// The median of an even number of runs is the mean of the middle two.
func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		x    []float64
		want float64
	}{{[]float64{3}, 3}, {[]float64{1, 3}, 2}, {[]float64{1, 2, 9}, 2}, {[]float64{1, 2, 4, 9}, 3}} {
		if got := median(tc.x); got != tc.want {
			t.Errorf("median(%v) = %v, want %v", tc.x, got, tc.want)
		}
	}
}
