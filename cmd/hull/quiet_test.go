package main

import (
	"path/filepath"
	"testing"
)

// TestQuietMeansNothingOnStderr: every command with -q, run successfully,
// writes nothing on stderr: no progress, notes, summaries or times.
func TestQuietMeansNothingOnStderr(t *testing.T) {
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	swimmer := at("swimmer")
	for _, args := range [][]string{
		{"synth", "lda", "-k", "4", "--docs", "300", "--vocab-size", "200", "-o", at("lda")},
		{"synth", "swimmer", "--docs", "200", "-o", swimmer},
		{"fit", "-k", "4", at("lda/docword.txt"), "-o", at("m.json")},
		{"fit", "-k", "16", filepath.Join(swimmer, "docword.txt"), "-o", at("sw.json")},
		{"corpus", at("lda/docword.txt"), "-o", at("c")},
		{"stats", at("lda/docword.txt"), "-o", at("s.stats")},
		{"stats", "merge", at("s.stats"), "-o", at("s2.stats")},
		{"fit", "-k", "4", "--stats", at("s.stats")},
		{"eval", at("m.json"), "--truth", at("lda/truth.json"), "--reference", at("lda/docword.txt"), "--heldout", at("lda/docword.txt")},
		{"infer", at("m.json"), at("lda/docword.txt")},
		{"report", at("m.json"), at("lda/docword.txt"), "-o", at("r.html")},
		{"export", at("m.json"), at("lda/docword.txt"), "--to", "csv", "-o", at("x")},
		{"diagnose", at("lda/docword.txt"), at("m.json")},
		{"plot", "topics-grid", at("sw.json"), "--truth", filepath.Join(swimmer, "truth.json"), "-o", at("g.png")},
		{"bench", "--algos", "anchor,tsvd", "-k", "4", "--repeat", "1", at("lda/docword.txt")},
		{"bench", "plusone", "--algos", "anchor", "-k", "4", at("lda/docword.txt")},
	} {
		code, _, errOut := hull(t, append(args, "-q")...)
		if code != 0 || errOut != "" {
			t.Errorf("%v -q: exit %d, stderr %q", args, code, errOut)
		}
	}
}
