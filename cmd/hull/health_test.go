package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
)

// TestFitPrintsHealth: after the topics, stderr gets the three lines of
// the topics' health and its time, unless --quiet.
func TestFitPrintsHealth(t *testing.T) {
	code, out, errOut := hull(t, "fit")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	word := regexp.MustCompile(`(?m)^health: (\d+) different words among the 10 x 10 top words; (\d+) of the 45 topic pairs share at least half of their top words$`)
	doc := regexp.MustCompile(`(?m)^health: topic \d+ is the dominant topic of [0-9.]+% of the 2500 documents; no topic is the dominant topic of fewer than 0.5%; they spread over [0-9.]+ effective topics of 10$`)
	coherence := regexp.MustCompile(`(?m)^health: no topic is incoherent \(their top words occur together less often than at random\); the least NPMI of a topic's top words 0\.\d+ \(topic \d+\)$`)
	if !word.MatchString(errOut) || !doc.MatchString(errOut) || !coherence.MatchString(errOut) || !strings.Contains(errOut, ", health ") {
		t.Errorf("no health lines and time on stderr:\n%s", errOut)
	}
	if strings.Contains(errOut, "warning") || strings.Contains(out, "health") {
		t.Errorf("the demo's topics are healthy; stdout:\n%s\nstderr:\n%s", out, errOut)
	}
	if _, _, errOut := hull(t, "fit", "-q"); strings.Contains(errOut, "health") {
		t.Errorf("--quiet prints the health:\n%s", errOut)
	}
}

// The document figures of a sample say so.
func TestPrintHealthOfASample(t *testing.T) {
	h := eval.Health{K: 2, Top: 10, Pairs: 1, DistinctWords: 20, Docs: 19990, LargestTopic: 1, LargestShare: 0.6, RareShare: 0.005}
	var b strings.Builder
	printHealth(&b, &h, 20000, 300000)
	if want := "health: topic 2 is the dominant topic of 60.0% of 19990 documents sampled evenly from 300000; no topic"; !strings.Contains(b.String(), want) {
		t.Errorf("got\n%s\nwant %q", b.String(), want)
	}
}

// The coherence line names the incoherent topics and the least; the
// warning follows when they are incoherent by learner.TopicsIncoherent's
// rule.
func TestPrintHealthCoherence(t *testing.T) {
	h := eval.Health{K: 4, Top: 10, Pairs: 6, DistinctWords: 40, LargestTopic: -1, NPMI: []float64{0.2, -0.05, 0.1, -0.03}, IncoherentTopics: []int{1, 3}, LeastTopic: 1}
	var b strings.Builder
	printHealth(&b, &h, 0, 0)
	if want := "health: 2 topics (2, 4) are incoherent (their top words occur together less often than at random); the least NPMI of a topic's top words -0.050 (topic 2)\n"; !strings.HasSuffix(b.String(), want) {
		t.Errorf("got\n%s\nwant %q", b.String(), want)
	}
	h.NPMI, h.IncoherentTopics, h.LeastTopic = []float64{0.2, 0.05, 0.1, 0.3}, nil, 1
	b.Reset()
	printHealth(&b, &h, 0, 0)
	if want := "health: no topic is incoherent (their top words occur together less often than at random); the least NPMI of a topic's top words 0.050 (topic 2)\n"; !strings.HasSuffix(b.String(), want) {
		t.Errorf("got\n%s\nwant %q", b.String(), want)
	}
}

// TestFitWarnsWhenIncoherent: Topic-SCORE with --normalize on the four
// Classic collections keeps five incoherent topics of 15 after its
// refinement; hull fit and hull eval --reference say so and what to try,
// in flags.
func TestFitWarnsWhenIncoherent(t *testing.T) {
	dir := t.TempDir()
	args := []string{"corpus", "-o", filepath.Join(dir, "classic")}
	for _, c := range []string{"med", "cran", "cisi", "cacm"} {
		path := "../../../shared/data/classic/" + c + ".json"
		needData(t, path)
		args = append(args, path)
	}
	if code, _, errOut := hull(t, args...); code != 0 {
		t.Fatalf("hull corpus: exit %d: %s", code, errOut)
	}
	input := []string{"--vocab", filepath.Join(dir, "classic", "vocab.txt"), filepath.Join(dir, "classic", "docword.txt")}
	path := filepath.Join(dir, "m.json")
	code, _, errOut := hull(t, append([]string{"fit", "--algo", "score", "--normalize", "-k", "15", "--seed", "1", "-o", path}, input...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	advice := "warning: the topics are incoherent\n  read their top words: tokens of no language (markup, numbers, codes) call for a cleaner corpus (--drop-junk, --drop-numbers, --min-df); otherwise try --algo gibbs"
	if !regexp.MustCompile(`(?m)^health: 5 topics \([0-9, ]+\) are incoherent .*; the least NPMI of a topic's top words -0\.[0-9]+ \(topic \d+\)$`).MatchString(errOut) ||
		!strings.Contains(errOut, advice) || strings.Contains(errOut, "collapsed") {
		t.Errorf("hull fit: no incoherence warning in flags:\n%s", errOut)
	}
	code, out, errOut := hull(t, "eval", path, "--vocab", input[1], "--reference", input[2])
	if code != 0 || !strings.Contains(out, advice) || !strings.Contains(out, "no sign of collapse") {
		t.Errorf("hull eval: exit %d, no incoherence warning in flags:\n%s\n%s", code, out, errOut)
	}
}

// TestFitWarnsWhenCollapsed: on KOS, ddp's 20 topics at the automatic
// candidate floor, unrefined, are copies of one another; hull fit says so
// and what to try, in flags.
func TestFitWarnsWhenCollapsed(t *testing.T) {
	needData(t, kos)
	code, _, errOut := hull(t, "fit", "--algo", "ddp", "--proj-no-raise", "--refine", "0", "-k", "20", kos)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(errOut, "warning: the topics have collapsed: ") || !strings.Contains(errOut, "of the 190 topic pairs share at least half of their top 10 words") ||
		!strings.Contains(errOut, "try --algo gibbs") || !strings.Contains(errOut, "refine the topics by EM (--refine: 20 iterations") || strings.Contains(errOut, "lda.") {
		t.Errorf("no collapse warning in flags:\n%s", errOut)
	}
}

// TestCollapseAdviceInFlags: the advice of every learner, on collapsed
// and incoherent topics, reads in flags of hull fit, without a library
// name left.
func TestCollapseAdviceInFlags(t *testing.T) {
	fit := newFitCmd()
	flag := regexp.MustCompile(`--([a-z-]+)`)
	var advices []string
	for _, name := range learner.Names() {
		unrefined := &model.Model{Algorithm: name}
		refined := &model.Model{Algorithm: name, Params: map[string]any{model.RefineIterationsParam: 20}}
		advices = append(advices, eval.CollapseAdvice(name), eval.IncoherenceAdvice(unrefined), eval.IncoherenceAdvice(refined))
	}
	for i, advice := range advices {
		name := learner.Names()[i/3]
		advice = adviceFlags.Replace(advice)
		if regexp.MustCompile(`lda\.|corpus\.|Options|Iterations|MaxDF`).MatchString(advice) {
			t.Errorf("%s: advice %q names the library", name, advice)
		}
		flags := flag.FindAllStringSubmatch(advice, -1)
		if len(flags) == 0 {
			t.Errorf("%s: advice %q names no flag", name, advice)
		}
		for _, f := range flags {
			if fit.Flags().Lookup(f[1]) == nil {
				t.Errorf("%s: advice %q: hull fit has no flag --%s", name, advice, f[1])
			}
		}
	}
}

// The advice to rectify the anchor learners fitted with --rectify none
// reads in flags, before Gibbs sampling.
func TestRectifyAdviceInFlags(t *testing.T) {
	m := &model.Model{Algorithm: "anchor", K: 3, Vocab: []string{"a", "b", "c", "d"}, Params: map[string]any{"rectify": "none"},
		Topics: [][]float64{{0.4, 0.3, 0.2, 0.1}, {0.3, 0.4, 0.2, 0.1}, {0.4, 0.2, 0.3, 0.1}}}
	h := eval.TopicHealth(m, nil, 2)
	w := healthWarning(&h)
	if at := strings.Index(w, "--rectify auto, the default, or ap"); at < 0 || at > strings.Index(w, "--algo gibbs") || strings.Contains(w, "Options") {
		t.Errorf("warning %q", w)
	}
	if newFitCmd().Flags().Lookup("rectify") == nil {
		t.Error("hull fit has no --rectify")
	}
}

// collapsedModel writes, next to an LDA corpus of 5 topics, a model whose
// topics are each the truth's topic mixed with 90% of their mean (so they
// share their top words) and returns the corpus's and the model's paths.
func collapsedModel(t *testing.T, dir string) (docword, path string) {
	t.Helper()
	docword, tpath := writeLDA(t, dir, 600, 11)
	truth, err := model.Load(tpath)
	if err != nil {
		t.Fatal(err)
	}
	m := &model.Model{Algorithm: "anchor", K: truth.K, Vocab: truth.Vocab}
	mean := make([]float64, len(truth.Vocab))
	for _, row := range truth.Topics {
		for w, p := range row {
			mean[w] += p / float64(truth.K)
		}
	}
	for _, row := range truth.Topics {
		topic := make([]float64, len(row))
		for w, p := range row {
			topic[w] = 0.9*mean[w] + 0.1*p
		}
		m.Topics = append(m.Topics, topic)
	}
	path = filepath.Join(dir, "collapsed.json")
	if err := model.Save(path, m); err != nil {
		t.Fatal(err)
	}
	return docword, path
}

// TestEvalHealth: hull eval reports the word figures of health always, the
// document figures with a corpus, and a collapse in text and JSON.
func TestEvalHealth(t *testing.T) {
	docword, m := collapsedModel(t, t.TempDir())
	code, out, errOut := hull(t, "eval", m, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got["collapsed"] != true || got["near_duplicate_pairs"] != 10.0 || got["distinct_words"].(float64) > 20 || got["largest_topic_share"] != nil {
		t.Errorf("without a corpus: %v", got)
	}
	code, out, errOut = hull(t, "eval", m, "--reference", docword, "--json")
	got = nil
	if code != 0 || json.Unmarshal([]byte(out), &got) != nil {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	if got["health_docs"] != 600.0 || got["largest_topic_share"] == nil || got["rare_topics"] == nil || got["collapsed"] != true {
		t.Errorf("with --reference: %v", got)
	}
	code, out, _ = hull(t, "eval", m, "--heldout", docword)
	if code != 0 || !regexp.MustCompile(`(?m)^collapsed +yes +see the warning below$`).MatchString(out) ||
		!regexp.MustCompile(`(?m)^largest_topic_share +[0-9.]+ +of the 600 documents have topic \d as their dominant topic$`).MatchString(out) ||
		!strings.Contains(out, "warning: the topics have collapsed: 10 of the 10 topic pairs") || !strings.Contains(out, "try --algo gibbs") {
		t.Errorf("text: exit %d\n%s", code, out)
	}
}

// labelsByDominantTopic fits the model "hull bench --algos anchor -k 5"
// fits, and writes a labels file giving every other document of docword
// its dominant topic under it (as DominantTopics finds it) as its label.
// It returns the file's path and the number of labelled documents.
func labelsByDominantTopic(t *testing.T, dir, docword string) (string, int) {
	t.Helper()
	mpath := filepath.Join(dir, "m.json")
	if code, _, errOut := hull(t, "fit", "-q", "-k", "5", docword, "-o", mpath); code != 0 {
		t.Fatalf("fit: exit %d: %s", code, errOut)
	}
	m, err := model.Load(mpath)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := corpus.Read([]string{docword}, corpus.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	c, _ := corpus.Align(raw, m.Vocab)
	dominant, err := eval.DominantTopics(context.Background(), m, c, 0)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	n := 0
	for d, id := range c.DocIDs {
		if d%2 == 0 {
			fmt.Fprintf(&b, "%s\ttopic %d\n", id, dominant[d])
			n++
		}
	}
	path := filepath.Join(dir, "labels.tsv")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, n
}

// TestBenchLabels: with labels that are the dominant topics themselves,
// NMI and purity are 1 over the labelled documents; the table has the
// health columns.
func TestBenchLabels(t *testing.T) {
	dir := t.TempDir()
	docword, _ := writeLDA(t, dir, 1000, 12)
	labels, n := labelsByDominantTopic(t, dir, docword)
	code, out, errOut := hull(t, "bench", "--algos", "anchor", "-k", "5", docword, "--labels", labels, "--repeat", "1", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rows []map[string]any
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	nmi, _ := rows[0]["nmi"].(float64)
	if len(rows) != 1 || math.Abs(nmi-1) > 1e-12 || rows[0]["purity"] != 1.0 || rows[0]["labelled_docs"] != float64(n) ||
		rows[0]["collapsed"] != false || rows[0]["distinct_words"] == nil || rows[0]["largest_topic_share"] == nil {
		t.Errorf("rows %v; want NMI and purity 1 over %d documents", rows, n)
	}
	if want := fmt.Sprintf("labels %d of the 1000 documents of %s (5 labels)", n, docword); !strings.Contains(errOut, want) {
		t.Errorf("stderr lacks %q:\n%s", want, errOut)
	}
	code, out, _ = hull(t, "bench", "--algos", "anchor", "-k", "5", docword, "--labels", labels, "--repeat", "1")
	if code != 0 || !regexp.MustCompile(`nmi +purity +health`).MatchString(out) || !regexp.MustCompile(`1\.0000 +1\.0000 +ok`).MatchString(out) ||
		!strings.Contains(out, fmt.Sprintf("dominant topics of the %d reference documents with a label", n)) {
		t.Errorf("table: exit %d\n%s", code, out)
	}

	bad := filepath.Join(dir, "bad.tsv")
	os.WriteFile(bad, []byte("1\tearn\n2 acq\n"), 0o644)
	other := filepath.Join(dir, "other.tsv")
	os.WriteFile(other, []byte("x1\tearn\nx2\tacq\n"), 0o644)
	expectBadInput(t, []badInput{
		{"malformed labels", []string{"bench", "--algos", "anchor", "-k", "5", docword, "--labels", bad}, bad + ":2: want id<TAB>label"},
		{"labels of other documents", []string{"bench", "--algos", "anchor", "-k", "5", docword, "--labels", other}, "none of the 2 ids labels a document"},
		{"no reference", []string{"bench", "--algos", "anchor", "-k", "5", docword, docword, "--labels", labels}, "--labels needs --reference"},
		{"missing file", []string{"bench", "--algos", "anchor", "-k", "5", docword, "--labels", filepath.Join(dir, "none.tsv")}, "--labels: open"},
		{"eval without documents", []string{"eval", filepath.Join(dir, "m.json"), "--labels", labels}, "--labels needs --reference or --heldout"},
		// Before any fit: held-out documents of other words fail every
		// measure, and failed after each fit.
		{"held-out of other words", []string{"bench", "--algos", "anchor", "-k", "5", docword, "--heldout", foreignJSONL(t, dir)}, "--heldout " + filepath.Join(dir, "foreign.jsonl") + ": no word of it is in the vocabulary of INPUT"},
	})
}

// foreignJSONL writes dir/foreign.jsonl, documents of words no test
// corpus has, and returns its path.
func foreignJSONL(t *testing.T, dir string) string {
	path := filepath.Join(dir, "foreign.jsonl")
	if err := os.WriteFile(path, []byte(`{"id":"f1","items":["zzqa","zzqb"]}`+"\n"+`{"id":"f2","items":["zzqb","zzqc"]}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestBenchMarksCollapsedRows: a collapsed model's row says so, and the
// table's notes say why.
func TestBenchMarksCollapsedRows(t *testing.T) {
	row := func(algo string, collapsed bool, signs ...string) benchRow {
		umass, distinct, pairs := -50.0, 120, 1
		h := &eval.Health{K: 20, Top: 10, DistinctWords: distinct, NearDuplicatePairs: pairs, Pairs: 190, Collapsed: collapsed, Signs: signs}
		return benchRow{Algo: algo, Runs: 1, WallSeconds: 1, Measures: &eval.Measures{
			CoherenceUMass: &umass, DistinctWords: &distinct, NearDuplicatePairs: &pairs, Collapsed: &h.Collapsed, Health: h}}
	}
	var b bytes.Buffer
	printBench(&b, []benchRow{row("gibbs", false), row("anchor", true, "53 of the 190 topic pairs share at least half of their top 10 words")})
	out := b.String()
	if !regexp.MustCompile(`(?m)^ *gibbs .* ok$`).MatchString(out) || !regexp.MustCompile(`(?m)^ *anchor .* COLLAPSED$`).MatchString(out) ||
		!strings.Contains(out, "  anchor: 53 of the 190 topic pairs share") {
		t.Errorf("collapsed row not marked:\n%s", out)
	}
}

// A command given its arguments in the wrong order (the corpus where the
// model goes, the model among the inputs) says so with its usage, and a
// MODEL that is no model with no model elsewhere gets no such hint.
func TestModelArgumentOrder(t *testing.T) {
	dir := synthCorpus(t, "lda", "-k", "3", "--vocab-size", "150", "--docs", "300", "--doc-length", "40")
	mpath, _ := fitIn(t, dir, "m.json", "-k", "3")
	docs := filepath.Join(dir, "docword.txt")
	const hint = " is a model: the arguments are hull "
	expectBadInput(t, []badInput{
		{"topics", []string{"topics", docs, mpath}, mpath + hint + "topics MODEL"},
		{"infer", []string{"infer", docs, mpath}, mpath + hint + "infer MODEL"},
		{"report", []string{"report", docs, mpath, "-o", filepath.Join(t.TempDir(), "r.html")}, hint + "report MODEL"},
		{"export", []string{"export", docs, mpath, "--to", "csv", "-o", filepath.Join(t.TempDir(), "out")}, hint + "export MODEL"},
		{"diagnose", []string{"diagnose", mpath, docs}, mpath + hint + "diagnose INPUT [MODEL]"},
	})
	code, _, errOut := hull(t, "topics", docs, docs)
	if code != exitBadInput || strings.Contains(errOut, "is a model") {
		t.Errorf("topics of two corpora: exit %d, %q: want exit 2 without the hint", code, errOut)
	}
	// "-" is standard input, not the file of that name, which holds a model.
	raw, err := os.ReadFile(mpath)
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	if err := os.WriteFile("-", raw, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut = hull(t, "topics", docs, "-"); code != exitBadInput || strings.Contains(errOut, "is a model") {
		t.Errorf("INPUT -: exit %d, %q: want exit 2 without the hint", code, errOut)
	}
}
