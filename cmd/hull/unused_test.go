package main

import (
	"os"
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
		{[]string{"fit", "-k", "3", "--stem"}, "--stem: they say how to read INPUT, and none is given (hull fit alone learns the demo corpus)"},
		// Messages that named no flag, or the wrong one.
		{[]string{"infer", m, docs, "--alpha", "5e-324"}, "--alpha 5e-324: too small to share out among the model's 3 topics"},
		{[]string{"diagnose", docs, m, "--prior", "5e-324"}, "--prior 5e-324: too small to share out among the model's 3 topics"},
		{[]string{"bench", "-k", "3", "--algos", "", docs}, "--algos is empty"},
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
		{"eval", "-q", m, "--reference", docs, "--min-df", "2"},
		{"diagnose", "-q", docs, m, "--words", "3", "--per-topic"},
	} {
		if code, _, errOut := hull(t, args...); code != 0 {
			t.Errorf("%v: exit %d: %s", args, code, errOut)
		}
	}
}
