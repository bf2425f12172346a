package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/synth"
)

// writeLDA writes an LDA corpus and its truth to dir and returns their paths.
func writeLDA(t *testing.T, dir string, docs int, seed uint64) (string, string) {
	t.Helper()
	c, truth, err := synth.Separable{LDA: synth.LDA{K: 5, V: 200, Docs: docs, DocLength: 80, Alpha: 0.1, Beta: 0.1}, AnchorsPerTopic: 1, Style: synth.SeparableArora}.Generate(rand.New(rand.NewPCG(seed, 1)))
	if err != nil {
		t.Fatal(err)
	}
	// As "hull synth" writes them: the truth records the digest of the
	// corpus as read back, which "hull eval --truth" checks.
	if err := synth.WriteDir(context.Background(), dir, c, truth, nil, nil); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dir, synth.DocwordFile), filepath.Join(dir, synth.TruthFile)
}

// fitSynth5 writes an LDA corpus of docs documents to dir (writeLDA), fits 5
// topics to it and returns the model's path, the corpus's and the truth's.
func fitSynth5(t *testing.T, dir string, docs int, seed uint64) (m, docword, truth string) {
	t.Helper()
	docword, truth = writeLDA(t, dir, docs, seed)
	m = filepath.Join(dir, "m.json")
	if code, _, errOut := hull(t, "fit", "-q", "-k", "5", docword, "-o", m); code != 0 {
		t.Fatalf("fit: exit %d: %s", code, errOut)
	}
	return m, docword, truth
}

func TestEvalJSONKeys(t *testing.T) {
	m, docword, truth := fitSynth5(t, t.TempDir(), 3000, 1)
	heldout, _ := writeLDA(t, t.TempDir(), 200, 2) // same topics? no: only the words matter for alignment
	code, out, errOut := hull(t, "eval", m, "--truth", truth, "--heldout", heldout, "--reference", docword, "--json")
	if code != 0 {
		t.Fatalf("eval: exit %d: %s", code, errOut)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	keys := []string{"l1_mean", "l1_max", "cosine_mean", "perplexity", "heldout_tokens", "heldout_docs", "skipped_docs", "zero_prob_tokens", "coherence_umass", "coherence_npmi", "incoherent_topics", "least_topic_npmi", "topic_npmi", "unseen_top_words", "skipped_umass_pairs", "unique_words",
		"distinct_words", "near_duplicate_pairs", "largest_topic_share", "rare_topics", "effective_topics", "health_docs", "collapsed"}
	for _, key := range keys {
		if _, ok := got[key]; !ok {
			t.Errorf("key %q missing from %s", key, out)
		}
	}
	if len(got) != len(keys) {
		t.Errorf("want exactly the %d keys, got %v", len(keys), got)
	}
	num := func(key string) float64 { x, _ := got[key].(float64); return x }
	if num("least_topic_npmi") > num("coherence_npmi") {
		t.Errorf("least topic NPMI %v above the mean %v", num("least_topic_npmi"), num("coherence_npmi"))
	}
	// One NPMI per topic, their mean the coherence, the least the least.
	perTopic, _ := got["topic_npmi"].([]any)
	sum, least := 0.0, math.Inf(1)
	for _, x := range perTopic {
		sum += x.(float64)
		least = math.Min(least, x.(float64))
	}
	if len(perTopic) != 5 || math.Abs(sum/5-num("coherence_npmi")) > 1e-9 || least != num("least_topic_npmi") {
		t.Errorf("topic_npmi %v: want 5, mean %v, least %v", perTopic, num("coherence_npmi"), num("least_topic_npmi"))
	}
	if num("l1_mean") > 0.5 || num("cosine_mean") < 0.8 || num("l1_max") < num("l1_mean") {
		t.Errorf("implausible recovery: %v", got)
	}
	// The reference is the training corpus: every document has a dominant topic.
	if got["collapsed"] != false || num("distinct_words") < 40 || num("health_docs") != 3000 || num("largest_topic_share") > 0.4 {
		t.Errorf("implausible health of a separable corpus's topics: %v", got)
	}
	code, out, _ = hull(t, "eval", m)
	if code != 0 || !strings.Contains(out, "unique_words") || strings.Contains(out, "perplexity") {
		t.Errorf("eval without inputs: exit %d, output %q", code, out)
	}
}

func TestBenchTable(t *testing.T) {
	dir := t.TempDir()
	docword, truth := writeLDA(t, dir, 2000, 3)
	code, out, errOut := hull(t, "bench", "--algos", "anchor,recover", "-k", "5", docword, "--truth", truth, "--repeat", "2", "--json")
	if code != 0 {
		t.Fatalf("bench: exit %d: %s", code, errOut)
	}
	var rows []map[string]any
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(rows) != 2 || rows[0]["algo"] != "anchor" || rows[1]["algo"] != "recover" {
		t.Fatalf("rows: %v", rows)
	}
	for _, r := range rows {
		if r["wall_seconds"].(float64) <= 0 || r["runs"].(float64) != 2 || r["l1_mean"] == nil || r["coherence_umass"] == nil {
			t.Errorf("row %v lacks measurements", r)
		}
	}
	code, out, _ = hull(t, "bench", "--algos", "anchor", "-k", "5", docword, "--repeat", "1")
	if code != 0 || !strings.Contains(out, "wall (median)") || !strings.Contains(out, "anchor") || strings.Contains(out, " K ") {
		t.Errorf("table: exit %d\n%s", code, out)
	}
	if code, _, _ := hull(t, "bench", "--algos", "nope", "-k", "5", docword); code != exitBadInput {
		t.Errorf("unknown algorithm: exit %d", code)
	}
}

// TestBenchSeveralK checks that -k with several numbers of topics fits and
// measures each algorithm at each, a row each with its K: l1 and cosine
// recovery at the truth's K alone, the recovered topics at every K, fewer
// below the truth's K.
func TestBenchSeveralK(t *testing.T) {
	dir := t.TempDir()
	docword, truth := writeLDA(t, dir, 2000, 3)
	code, out, errOut := hull(t, "bench", "--algos", "anchor,recover", "-k", "3,5", docword, "--truth", truth, "--repeat", "1", "--json", "-q")
	if code != 0 {
		t.Fatalf("bench -k 3,5: exit %d: %s", code, errOut)
	}
	var rows []struct {
		Algo      string
		K         int
		Cosine    *float64 `json:"cosine_mean"`
		Recovered *int
	}
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var got []string
	for _, r := range rows {
		got = append(got, fmt.Sprintf("%s %d", r.Algo, r.K))
	}
	if want := []string{"anchor 3", "anchor 5", "recover 3", "recover 5"}; !slices.Equal(got, want) {
		t.Fatalf("rows %q, want %q", got, want)
	}
	if r3, r5 := rows[0], rows[1]; r3.Cosine != nil || r5.Cosine == nil || r3.Recovered == nil || r5.Recovered == nil || *r3.Recovered > 3 || *r5.Recovered <= *r3.Recovered {
		t.Errorf("anchor of a 5-topic truth: cosine %v at K = 3 and %v at 5, recovered %v and %v; want none at 3, and fewer recovered at 3",
			r3.Cosine, r5.Cosine, r3.Recovered, r5.Recovered)
	}
	code, out, _ = hull(t, "bench", "-k", "3,5", docword, "--truth", truth, "--repeat", "1", "-q")
	header := regexp.MustCompile(`(?m)^ +algo +K +wall \(median\) .* l1_mean .* recovered `)
	row := regexp.MustCompile(`(?m)^ +anchor +3 +\S+ +\S+ MiB +- +- +- +[0-3] `)
	if code != 0 || !header.MatchString(out) || !row.MatchString(out) || !strings.Contains(out, "recovered: true topics matched at cosine >= 0.9") {
		t.Errorf("table with -k 3,5: exit %d\n%s", code, out)
	}
	// A failed row in the middle (K above the vocabulary's 200 words)
	// keeps the table aligned: every line as long as the header.
	code, out, _ = hull(t, "bench", "-k", "3,500,5", docword, "--truth", truth, "--repeat", "1", "-q")
	lines := strings.Split(out, "\n")
	if code != 0 || len(lines) < 4 || !strings.Contains(lines[2], "failed") {
		t.Fatalf("bench -k 3,500,5: exit %d\n%s", code, out)
	}
	for _, line := range lines[1:4] {
		if len(line) != len(lines[0]) {
			t.Errorf("table not aligned after a failed row:\n%s", out)
			break
		}
	}
	expectBadInput(t, []badInput{
		{"no -k", []string{"bench", docword}, "-k is required"},
		{"K 1", []string{"bench", "-k", "5,1", docword}, "-k 1: want numbers of topics of at least 2"},
		{"K twice", []string{"bench", "-k", "5,3,5", docword}, "-k: 5 is given twice"},
		{"not a number", []string{"bench", "-k", "5,x", docword}, "-k"},
		{"recovered-at without truth", []string{"bench", "-k", "5", "--recovered-at", "0.8", docword}, "--recovered-at needs --truth"},
	})
}

func TestBenchPlusOne(t *testing.T) {
	dir := t.TempDir()
	docword, _ := writeLDA(t, dir, 600, 4)
	code, out, errOut := hull(t, "bench", "plusone", "--algos", "anchor", "-k", "5", docword, "--repeat", "2", "--json")
	if code != 0 {
		t.Fatalf("plusone: exit %d: %s", code, errOut)
	}
	var rows []struct {
		Predictor string    `json:"predictor"`
		Precision float64   `json:"precision"`
		PerSeed   []float64 `json:"per_seed"`
	}
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	names := []string{}
	for _, r := range rows {
		names = append(names, r.Predictor)
		if len(r.PerSeed) != 2 || r.Precision < 0 || r.Precision > 1 {
			t.Errorf("row %+v", r)
		}
	}
	if strings.Join(names, ",") != "baseline,lsi-5,knn-15,anchor" {
		t.Errorf("predictors %v", names)
	}
}

// TestEvalRecoveredAt: --recovered-at adds one text line and, in JSON, the
// keys "recovered" and "recovered_threshold" (only when given).
func TestEvalRecoveredAt(t *testing.T) {
	dir := t.TempDir()
	m, docword, truth := fitSynth5(t, dir, 2000, 5)
	code, out, errOut := hull(t, "eval", m, "--truth", truth, "--recovered-at", "0.5", "--json")
	if code != 0 {
		t.Fatalf("eval: exit %d: %s", code, errOut)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	// 6 keys, and the 3 of health's word figures.
	if len(got) != 9 || got["recovered"] != 5.0 || got["recovered_threshold"] != 0.5 {
		t.Errorf("want l1, cosine, unique words, health and recovered 5 at 0.5, got %v", got)
	}
	expectBadInput(t, []badInput{
		{"NaN threshold", []string{"eval", m, "--truth", truth, "--recovered-at", "NaN"}, "hull: --recovered-at NaN: want a cosine in (0, 1] (at 0 every true topic counts)\n"},
		{"threshold 0", []string{"eval", m, "--truth", truth, "--recovered-at", "0"}, "--recovered-at 0: want a cosine in (0, 1]"},
		{"threshold above 1", []string{"eval", "no-such-model.json", "--truth", truth, "--recovered-at", "2"}, "--recovered-at 2: want"},
	})
	// At threshold 1 no learned topic is exactly a true one.
	code, out, _ = hull(t, "eval", m, "--truth", truth, "--recovered-at", "1")
	if code != 0 || !regexp.MustCompile(`(?m)^recovered +0 +of the 5 true topics matched at cosine >= 1$`).MatchString(out) {
		t.Errorf("text: exit %d\n%s", code, out)
	}
	code, out, _ = hull(t, "eval", m, "--truth", truth, "--json")
	if code != 0 || strings.Contains(out, "recovered") {
		t.Errorf("without --recovered-at: exit %d\n%s", code, out)
	}
	// A model of another K: only the count, and a note.
	m4 := filepath.Join(dir, "m4.json")
	if code, _, errOut := hull(t, "fit", "-q", "-k", "4", docword, "-o", m4); code != 0 {
		t.Fatalf("fit: exit %d: %s", code, errOut)
	}
	code, out, errOut = hull(t, "eval", m4, "--truth", truth, "--recovered-at", "0.5", "--json")
	got = nil
	if code != 0 || json.Unmarshal([]byte(out), &got) != nil || len(got) != 6 || got["recovered"].(float64) > 4 || !strings.Contains(errOut, "need equal K") {
		t.Errorf("K = 4 against 5: exit %d, %v, stderr %q", code, got, errOut)
	}
	// Another model of the same corpus is a truth too: itself is found
	// again whole, another learner's model within its K.
	code, out, errOut = hull(t, "eval", m, "--truth", m, "--recovered-at", "0.9", "--json")
	got = nil
	if code != 0 || json.Unmarshal([]byte(out), &got) != nil || got["recovered"] != 5.0 || got["l1_mean"] != 0.0 {
		t.Errorf("a model against itself: exit %d, %v, stderr %q", code, got, errOut)
	}
	code, out, errOut = hull(t, "eval", m4, "--truth", m, "--recovered-at", "0.9", "--json")
	if got = nil; code != 0 || json.Unmarshal([]byte(out), &got) != nil || got["recovered"].(float64) > 4 {
		t.Errorf("K = 4 against a model of K = 5 of the same corpus: exit %d, %v, stderr %q", code, got, errOut)
	}
	for _, args := range [][]string{
		{"eval", m4, "--truth", truth},
		{"eval", m, "--recovered-at", "0.9"},
		{"eval", m, "--truth", truth, "--recovered-at", "1.5"},
	} {
		if code, _, errOut := hull(t, args...); code != exitBadInput || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
}

// TestCheckTruthDigest checks the command's words for eval.CheckTruthCorpus:
// a note and no error for a missing digest, the flags in the error for a
// truth of another corpus.
func TestCheckTruthDigest(t *testing.T) {
	with := func(digest string) *model.Model {
		return &model.Model{Provenance: model.Provenance{InputDigest: digest}}
	}
	var log strings.Builder
	if err := checkTruthDigest("abc", with("abc"), "t.json", &log); err != nil || log.Len() != 0 {
		t.Errorf("same corpus: %v, log %q", err, log.String())
	}
	for _, pair := range [][2]string{{"", "abc"}, {"abc", ""}, {"", ""}} {
		log.Reset()
		err := checkTruthDigest(pair[0], with(pair[1]), "t.json", &log)
		want := "note: the corpus fitted or --truth t.json records no corpus digest: cannot check that the truth is of that corpus\n"
		if err != nil || log.String() != want {
			t.Errorf("digests %q: %v, log %q; want no error and %q", pair, err, log.String(), want)
		}
	}
	log.Reset()
	err := checkTruthDigest("abc", with("abd"), "t.json", &log)
	if err == nil || !strings.HasPrefix(err.Error(), "--truth t.json is of the corpus of digest abd, the corpus fitted is of digest abc: ") ||
		!strings.HasSuffix(err.Error(), "--ignore-digest scores anyway") || log.Len() != 0 {
		t.Errorf("other corpus: %v, log %q", err, log.String())
	}
}

// TestEvalBadInputNamesFlag: a truth of another K without --recovered-at,
// and labels of no document, are refused naming the flag and its file.
func TestEvalBadInputNamesFlag(t *testing.T) {
	dir := t.TempDir()
	docword, truth := writeLDA(t, dir, 300, 7)
	m4, _ := fitIn(t, dir, "m4.json", "-k", "4")
	labels := writeFile(t, dir, "labels.tsv", "no-such-doc\tx\nnor-this\ty\n")
	expectBadInput(t, []badInput{
		{"truth of another K", []string{"eval", m4, "--truth", truth},
			"hull: --truth " + truth + " has 5 topics, the model 4: l1 and cosine recovery need equal K (--recovered-at T"},
		{"truth of another K, digest ignored", []string{"eval", m4, "--truth", truth, "--ignore-digest"}, "--truth " + truth + " has 5 topics"},
		{"labels of no document", []string{"eval", m4, "--reference", docword, "--labels", labels}, "hull: --labels " + labels + ": none of the 2 ids labels a document"},
		{"labels of no held-out document", []string{"eval", m4, "--heldout", docword, "--labels", labels}, "hull: --labels " + labels + ": none of the 2 ids"},
	})
}

// TestEvalHelpListsJSONKeys: every key "hull eval --json" can print is
// named by --help and by README.md.
func TestEvalHelpListsJSONKeys(t *testing.T) {
	code, help, _ := hull(t, "eval", "--help")
	if code != 0 {
		t.Fatalf("eval --help: exit %d", code)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	ty := reflect.TypeFor[eval.Measures]()
	for i := range ty.NumField() {
		key, _, _ := strings.Cut(ty.Field(i).Tag.Get("json"), ",")
		if key == "-" || key == "" {
			continue
		}
		if !strings.Contains(help, `"`+key+`"`) {
			t.Errorf("eval --help does not name the JSON key %q", key)
		}
		if !strings.Contains(string(readme), "`"+key+"`") {
			t.Errorf("README.md does not name hull eval's JSON key %q", key)
		}
	}
}

// TestEvalTooFewDocsToJudge: a reference of fewer than 5 K documents is
// too few to judge how the topics spread, and eval says so: a few
// documents fall on a few topics by chance, and were taken for a
// collapse (2 documents for K = 5: "3 of the 5 topics are the dominant
// topic of fewer than 0.5% of the documents").
func TestEvalTooFewDocsToJudge(t *testing.T) {
	dir := t.TempDir()
	m, _, _ := fitSynth5(t, dir, 3000, 1)
	few := filepath.Join(dir, "few.jsonl")
	if err := os.WriteFile(few, []byte(`{"id":"a","items":["w0","w1","w2"]}`+"\n"+`{"id":"b","items":["w0","w3"]}`+"\n"+`{"id":"c","items":["w1","w0"]}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := hull(t, "eval", m, "--reference", few)
	if code != 0 {
		t.Fatalf("eval: exit %d: %s", code, errOut)
	}
	if !regexp.MustCompile(`collapsed +no +no sign of collapse \(the documents are too few to judge 5 topics by, their spread and coherence: want at least 50\)`).MatchString(out) {
		t.Errorf("eval on 3 documents:\n%s", out)
	}
	code, out, errOut = hull(t, "eval", m, "--reference", few, "--json")
	var got map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &got) != nil || got["too_few_docs"] != true || got["health_docs"] != 3.0 {
		t.Errorf("eval --json on 3 documents: exit %d, %s: %s", code, errOut, out)
	}
}
