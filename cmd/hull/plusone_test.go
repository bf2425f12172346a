package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hulltopics/hull/eval"
)

// synthLDA runs "hull synth lda" into a new directory and returns it.
func synthLDA(t *testing.T, args ...string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "lda")
	if code, _, errOut := hull(t, append([]string{"synth", "lda", "-o", dir}, args...)...); code != 0 {
		t.Fatalf("synth: exit %d: %s", code, errOut)
	}
	return dir
}

// TestSynthDocTopics: "hull synth" writes each document's true weights in
// the format of "hull infer", with the ids "hull fit" reads back.
func TestSynthDocTopics(t *testing.T) {
	dir := synthLDA(t, "-k", "4", "--vocab-size", "30", "--docs", "25", "--doc-length", "10")
	f, err := os.Open(filepath.Join(dir, "doc-topics.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	weights, err := eval.ReadDocWeights(f, "doc-topics.tsv")
	if err != nil {
		t.Fatal(err)
	}
	c, truth := readSynth(t, dir)
	if len(weights) != c.NumDocs() {
		t.Fatalf("%d rows for %d documents", len(weights), c.NumDocs())
	}
	mean := make([]float64, truth.K)
	for _, id := range c.DocIDs {
		row, ok := weights[id]
		if !ok || len(row) != truth.K {
			t.Fatalf("document %q: weights %v", id, row)
		}
		for k, x := range row {
			mean[k] += x / float64(c.NumDocs())
		}
	}
	for k := range mean {
		if d := mean[k] - truth.TopicWeights[k]; d > 1e-5 || d < -1e-5 {
			t.Errorf("topic %d: mean weight %v in the table, %v in the truth", k, mean[k], truth.TopicWeights[k])
		}
	}
}

// plusOneJSON runs "hull bench plusone --json" and returns its rows.
func plusOneJSON(t *testing.T, args ...string) []eval.PlusOneSummary {
	t.Helper()
	code, out, errOut := hull(t, append([]string{"bench", "plusone", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("plusone: exit %d: %s", code, errOut)
	}
	var rows []eval.PlusOneSummary
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return rows
}

// TestBenchPlusOneTruth: --lsi and --knn lists, --truth (ldaT and the
// cosine column) and --true-weights (ldaC), in the documented order.
func TestBenchPlusOneTruth(t *testing.T) {
	dir := synthLDA(t, "-k", "4", "--vocab-size", "200", "--docs", "600", "--doc-length", "60", "--alpha", "0.05", "--beta", "0.02")
	docword, truth, weights := filepath.Join(dir, "docword.txt"), filepath.Join(dir, "truth.json"), filepath.Join(dir, "doc-topics.tsv")
	rows := plusOneJSON(t, "--algos", "anchor", "-k", "4", "--lsi", "4,2", "--knn", "5,25", docword, "--truth", truth, "--true-weights", weights)
	var names []string
	byName := map[string]eval.PlusOneSummary{}
	for _, r := range rows {
		names = append(names, r.Predictor)
		byName[r.Predictor] = r
		if (r.Cosine != nil) != (r.Predictor == "anchor") {
			t.Errorf("%s: cosine %v; want one for the topic model only", r.Predictor, r.Cosine)
		}
	}
	if got := strings.Join(names, ","); got != "baseline,lsi-4,lsi-2,knn-5,knn-25,anchor,ldaC,ldaT" {
		t.Fatalf("predictors %s", got)
	}
	base := byName["baseline"].Precision
	for _, name := range []string{"lsi-4", "anchor", "ldaC", "ldaT"} {
		if p := byName[name].Precision; p < base+0.1 {
			t.Errorf("%s precision %.3f, baseline %.3f: want it well above", name, p, base)
		}
	}
	if c := *byName["anchor"].Cosine; c < 0.8 || c > 1 {
		t.Errorf("anchor cosine %v: want the topics recovered (> 0.8)", c)
	}
	// The text table has the cosine column, "-" for the other predictors.
	code, out, _ := hull(t, "bench", "plusone", "--algos", "anchor", "-k", "4", "--lsi", "0", "--knn", "0", docword, "--truth", truth)
	if code != 0 || !strings.Contains(out, "cosine") || strings.Contains(out, "lsi-") || strings.Contains(out, "knn-") ||
		!strings.Contains(out, "ldaT") || strings.Contains(out, "ldaC") {
		t.Errorf("table: exit %d\n%s", code, out)
	}
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) == 7 && f[0] == "baseline" && f[6] != "-" {
			t.Errorf("baseline's cosine is %q, want -", f[6])
		}
	}
}

// TestBenchPlusOneLearnerK: topic models with fewer topics than the truth
// still get a cosine (over the matched topics).
func TestBenchPlusOneLearnerK(t *testing.T) {
	dir := synthLDA(t, "-k", "4", "--vocab-size", "200", "--docs", "600", "--doc-length", "60", "--alpha", "0.05", "--beta", "0.02")
	rows := plusOneJSON(t, "--algos", "anchor", "-k", "3", filepath.Join(dir, "docword.txt"), "--truth", filepath.Join(dir, "truth.json"))
	for _, r := range rows {
		if r.Predictor == "anchor" && (r.Cosine == nil || *r.Cosine <= 0 || *r.Cosine > 1) {
			t.Errorf("anchor with K = 3 < 4 true topics: cosine %v", r.Cosine)
		}
	}
}

func TestBenchPlusOneBadFlags(t *testing.T) {
	dir := synthLDA(t, "-k", "3", "--vocab-size", "50", "--docs", "60", "--doc-length", "20")
	docword, truth := filepath.Join(dir, "docword.txt"), filepath.Join(dir, "truth.json")
	bad := filepath.Join(dir, "bad.tsv")
	os.WriteFile(bad, []byte("1\t0.5\tx\n"), 0o644)
	partial := filepath.Join(dir, "partial.tsv")
	os.WriteFile(partial, []byte("1\t0.2\t0.3\t0.5\n"), 0o644)
	var zeros strings.Builder
	for d := 1; d <= 60; d++ {
		fmt.Fprintf(&zeros, "%d\t0\t0\t0\n", d)
	}
	zero := filepath.Join(dir, "zero.tsv")
	os.WriteFile(zero, []byte(zeros.String()), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--lsi", "-1"}, "--lsi"},
		{[]string{"--knn", "5,-2"}, "--knn"},
		{[]string{"--true-weights", filepath.Join(dir, "doc-topics.tsv")}, "--truth"},
		{[]string{"--truth", filepath.Join(dir, "none.json")}, "none.json"},
		{[]string{"--truth", truth, "--true-weights", bad}, "--true-weights: " + bad + `:1: weight 2 is "x"`},
		{[]string{"--truth", truth, "--true-weights", filepath.Join(dir, "none.tsv")}, "--true-weights: open " + filepath.Join(dir, "none.tsv")},
		// Refused before any fit (it failed after them), naming the flag and the file.
		{[]string{"--truth", truth, "--true-weights", partial}, "--true-weights " + partial + `: document "2": want the weights of every document of the corpus (59 of its 60 documents have none)`},
		// Out of range for the corpus (issue 15: exit 0).
		{[]string{"-k", "0"}, "-k 0: want the number of topics to learn, at least 2"},
		{[]string{"-k", "1"}, "-k 1"},
		{[]string{"--lsi", "1000"}, "--lsi 1000: want at most the 60 documents of the corpus"},
		{[]string{"--knn", "5000"}, "--knn 5000: want at most the 60 documents"},
		{[]string{"--knn", "59"}, "--knn 59: want at most the"}, // more than the training part
		{[]string{"--truth", truth, "--true-weights", zero}, "--true-weights " + zero + `: document "1": want weights >= 0 with a positive, finite sum`},
		{[]string{"--threads", "-1"}, "--threads -1"},
		{[]string{"--max-df", "2"}, "--max-df 2"},
		{[]string{"--tsvd-w0", "0.1"}, "--tsvd-w0 does not apply"},
		{[]string{"--anchor-min-df", "-1"}, "--anchor-min-df"},
		{[]string{"--algos", "anchor,nope"}, "nope"},
		{[]string{"--algos", "anchor,tsvd,anchor"}, "--algos: anchor is given twice"},
		{[]string{"--lsi", "2,2"}, "--lsi 2: want each value once"},
	} {
		code, _, errOut := hull(t, append([]string{"bench", "plusone", "--algos", "anchor", "-k", "3", docword}, tc.args...)...)
		if code == 0 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want an error mentioning %q", tc.args, code, errOut, tc.want)
		}
	}
}

// TestBenchPlusOneLearnerFlags: the learner flags of "hull fit" apply to
// the learners they belong to.
func TestBenchPlusOneLearnerFlags(t *testing.T) {
	dir := synthLDA(t, "-k", "3", "--vocab-size", "50", "--docs", "200", "--doc-length", "30")
	docword := filepath.Join(dir, "docword.txt")
	args := []string{"--algos", "anchor", "-k", "3", "--knn", "0", "--lsi", "0", docword}
	base := plusOneJSON(t, args...)
	// Every word is a candidate at --anchor-min-df 1, and too few at 1000.
	if rows := plusOneJSON(t, append(args, "--anchor-min-df", "1")...); len(rows) != 2 || rows[1].Predictor != "anchor" {
		t.Errorf("rows %+v", rows)
	}
	// A learner that fails on every split is an error naming the flag, not
	// a table without it (issue 15: exit 0).
	code, out, errOut := hull(t, append([]string{"bench", "plusone", "--json", "--anchor-min-df", "1000"}, args...)...)
	if code != 2 || !strings.Contains(errOut, "anchor failed on every split") || !strings.Contains(errOut, "--anchor-min-df 1000 documents") || strings.Contains(errOut, "AnchorMinDF") || out != "" || len(base) != 2 {
		t.Errorf("--anchor-min-df 1000: exit %d, stderr %q\n%s", code, errOut, out)
	}
	// Beside a learner that works, the failure is its row's, in the
	// order of --algos, and the rest are measured (it lost every row, with
	// exit 2).
	args[1] = "anchor,tsvd"
	code, out, errOut = hull(t, append([]string{"bench", "plusone", "--json", "--anchor-min-df", "1000"}, args...)...)
	var rows []eval.PlusOneSummary
	if err := json.Unmarshal([]byte(out), &rows); code != 0 || err != nil || len(rows) != 3 ||
		rows[2].Predictor != "tsvd" || rows[2].Splits != 1 || rows[1].Predictor != "anchor" || !strings.Contains(rows[1].Failure, "--anchor-min-df 1000 documents") ||
		!strings.Contains(errOut, "bench plusone: anchor failed: ") {
		t.Errorf("anchor failing beside tsvd: exit %d, %v, rows %+v, stderr %q", code, err, rows, errOut)
	}
}
