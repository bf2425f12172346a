package main

import (
	"compress/gzip"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/synth"
)

// inferFixture fits the demo model and writes the first docs documents
// of the demo corpus as UCI files, with one extra word the model lacks
// ("zzz", 3 tokens in the first document). It returns the model path and
// the input arguments.
func inferFixture(t *testing.T, docs int) (modelPath string, input []string) {
	t.Helper()
	dir := t.TempDir()
	modelPath = filepath.Join(dir, "m.json")
	if code, _, errOut := hull(t, "fit", "-q", "-o", modelPath); code != 0 {
		t.Fatalf("fit: exit %d: %s", code, errOut)
	}
	demo, _ := synth.Demo()
	vocab := append(append([]string(nil), demo.Vocab...), "zzz")
	b := corpus.NewBuilder(vocab)
	for d := range docs {
		words, counts := demo.Doc(d)
		for q, w := range words {
			b.Add(w, counts[q])
		}
		if d == 0 {
			b.Add(int32(len(vocab)-1), 3)
		}
		b.EndDoc(demo.DocIDs[d])
	}
	docword, vocabPath := filepath.Join(dir, "docword.demo.txt"), filepath.Join(dir, "vocab.demo.txt")
	if err := corpus.SaveUCI(docword, vocabPath, b.Corpus()); err != nil {
		t.Fatal(err)
	}
	return modelPath, []string{docword, "--vocab", vocabPath}
}

// parseDocTopics checks the table's format (with a header line if header
// is set) and returns its rows of weights by document id.
func parseDocTopics(t *testing.T, table string, docs, k int, header bool) map[string][]float64 {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(table, "\n"), "\n")
	if header {
		want := []string{"id"}
		for j := 1; j <= k; j++ {
			want = append(want, "topic"+strconv.Itoa(j))
		}
		if lines[0] != strings.Join(want, "\t") {
			t.Fatalf("header %q", lines[0])
		}
		lines = lines[1:]
	}
	if len(lines) != docs {
		t.Fatalf("%d rows, want %d documents:\n%s", len(lines), docs, table)
	}
	rows := make(map[string][]float64)
	for i, line := range lines {
		fields := strings.Split(line, "\t")
		if len(fields) != k+1 {
			t.Fatalf("line %d has %d fields, want %d: %q", i+2, len(fields), k+1, line)
		}
		sum := 0.0
		row := make([]float64, k)
		for j, s := range fields[1:] {
			x, err := strconv.ParseFloat(s, 64)
			if err != nil || x < 0 || x > 1 {
				t.Fatalf("line %d: weight %q", i+2, s)
			}
			row[j] = x
			sum += x
		}
		if math.Abs(sum-1) > 1e-4 {
			t.Fatalf("line %d: weights sum to %v", i+2, sum)
		}
		rows[fields[0]] = row
	}
	return rows
}

func TestInferDemo(t *testing.T) {
	const docs = 120
	modelPath, input := inferFixture(t, docs)
	dir := t.TempDir()
	out := filepath.Join(dir, "doc-topics.tsv")
	code, stdout, errOut := hull(t, append([]string{"infer", modelPath, "--header", "-o", out}, input...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if stdout != "" || !strings.Contains(errOut, "1 of ") || !strings.Contains(errOut, "3 of ") {
		t.Errorf("stdout %q; stderr should report 1 unknown word and 3 dropped tokens:\n%s", stdout, errOut)
	}
	table, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	rows := parseDocTopics(t, string(table), docs, 10, true)
	// Demo documents are drawn with Dirichlet(0.1) weights: most are
	// mostly about one theme.
	confident := 0
	for _, row := range rows {
		for _, x := range row {
			if x > 0.5 {
				confident++
			}
		}
	}
	if confident < docs/2 {
		t.Errorf("only %d of %d documents have a topic of weight above 0.5", confident, docs)
	}

	// Without -o the table goes to stdout, identical.
	code, stdout, errOut = hull(t, append([]string{"infer", "-q", "--header", modelPath}, input...)...)
	if code != 0 || stdout != string(table) || errOut != "" {
		t.Errorf("to stdout: exit %d, same table %v, stderr %q", code, stdout == string(table), errOut)
	}

	// Gibbs: the same output for any --threads, and gzip output.
	var tables []string
	for _, th := range []string{"1", "3"} {
		path := filepath.Join(dir, "gibbs"+th+".tsv.gz")
		code, _, errOut := hull(t, append([]string{"infer", "-q", modelPath, "--method", "gibbs", "--iterations", "40", "--threads", th, "-o", path}, input...)...)
		if code != 0 {
			t.Fatalf("gibbs: exit %d: %s", code, errOut)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		zr, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(zr)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		tables = append(tables, string(b))
	}
	if tables[0] != tables[1] {
		t.Error("gibbs output differs between --threads 1 and 3")
	}
	gibbs := parseDocTopics(t, tables[0], docs, 10, false)
	far := 0
	for id, row := range rows {
		if l1 := l1Dist(row, gibbs[id]); l1 > 0.3 {
			far++
		}
	}
	if far > docs/10 {
		t.Errorf("%d of %d documents differ by l1 > 0.3 between vb and gibbs", far, docs)
	}
}

func l1Dist(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += math.Abs(a[i] - b[i])
	}
	return s
}

// TestInferEmptyDocuments: every input document gets a row, in input
// order, the empty ones and those left empty by --stopwords with the
// prior mean, as the help says ("one line per input document").
func TestInferEmptyDocuments(t *testing.T) {
	modelPath, _ := inferFixture(t, 1)
	dir := t.TempDir()
	lines := filepath.Join(dir, "docs.txt")
	stop := filepath.Join(dir, "stop.txt")
	os.WriteFile(lines, []byte("recipe kitchen oven\nzzz qqq\nthe stock market\nsong guitar\n"), 0o644)
	os.WriteFile(stop, []byte("the\nstock\nmarket\n"), 0o644)
	code, stdout, errOut := hull(t, "infer", "-q", modelPath, "--format", "lines", "--stopwords", stop, lines)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	rows := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	var ids []string
	for _, row := range rows {
		id, _, _ := strings.Cut(row, "\t")
		ids = append(ids, id)
	}
	if !slices.Equal(ids, []string{"1", "2", "3", "4"}) {
		t.Fatalf("rows of %q, want one per input line:\n%s", ids, stdout)
	}
	_, prior2, _ := strings.Cut(rows[1], "\t")
	_, prior3, _ := strings.Cut(rows[2], "\t")
	_, first, _ := strings.Cut(rows[0], "\t")
	if prior2 != prior3 || prior2 == first {
		t.Errorf("the two empty documents' rows %q and %q differ, or equal a full document's", prior2, prior3)
	}
}

func TestInferBadInput(t *testing.T) {
	modelPath, input := inferFixture(t, 5)
	dir := t.TempDir()
	vocab := filepath.Join(dir, "vocab.txt")
	os.WriteFile(vocab, []byte("apple\nbanana\n"), 0o644)
	foreign := filepath.Join(dir, "foreign.txt")
	os.WriteFile(foreign, []byte("1\n2\n2\n1 1 2\n1 2 1\n"), 0o644)
	cases := []badInput{
		{"no input", []string{"infer", modelPath}, "want MODEL and at least one INPUT, the documents to infer; got 1 argument"},
		{"unknown method", append([]string{"infer", modelPath, "--method", "em"}, input...), "em"},
		{"negative alpha", append([]string{"infer", modelPath, "--alpha", "-1"}, input...), "alpha"},
		{"bad iterations", append([]string{"infer", modelPath, "--iterations", "-3"}, input...), "--iterations -3"},
		{"burn-in too long", append([]string{"infer", modelPath, "--method", "gibbs", "--iterations", "10", "--burn-in", "10"}, input...), "--burn-in 10"},
		{"burn-in negative", append([]string{"infer", modelPath, "--method", "gibbs", "--burn-in", "-1"}, input...), "--burn-in -1"},
		{"burn-in with vb", append([]string{"infer", modelPath, "--burn-in", "5"}, input...), "only --method gibbs"},
		{"alpha NaN", append([]string{"infer", modelPath, "--alpha", "NaN"}, input...), "--alpha NaN"},
		{"max-df", append([]string{"infer", modelPath, "--max-df", "2"}, input...), "--max-df 2"},
		{"missing model", append([]string{"infer", filepath.Join(dir, "nope.json")}, input...), "nope.json"},
		{"not a model", append([]string{"infer", vocab}, input...), "vocab.txt"},
		{"no known word", []string{"infer", modelPath, foreign, "--vocab", vocab}, "vocabulary"},
	}
	expectBadInput(t, cases)
	out := filepath.Join(dir, "missing-dir", "t.tsv")
	code, _, errOut := hull(t, append([]string{"infer", "-q", modelPath, "-o", out}, input...)...)
	if code != exitBadInput { // a missing directory is the user's path to fix, found before the work
		t.Errorf("unwritable output: exit %d (%s), want %d", code, errOut, exitBadInput)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Error("an output file was left behind")
	}
}

// writeFile writes text to name in dir and returns its path.
func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestInferSubnormalAlpha: a valid model whose alpha sums to a subnormal
// number gave +Inf weights, and "hull infer" exited 1 ("row 0: weight 1
// is +Inf") or, with --alpha 1, blamed an alpha of +Inf; a total too
// large to share out is refused naming --alpha.
func TestInferSubnormalAlpha(t *testing.T) {
	dir := t.TempDir()
	const head = `{"format":2,"algorithm":"x","k":2,"vocab":["apple","banana","cherry"],"topics":[[0.5,0.5,0],[0,0.25,0.75]],`
	tiny := writeFile(t, dir, "tiny.json", head+`"alpha":[1e-320,1e-320],"provenance":{"seed":0}}`)
	weighted := writeFile(t, dir, "weighted.json", head+`"topic_weights":[0.5,0.5],"provenance":{"seed":0}}`)
	skewed := writeFile(t, dir, "skewed.json", head+`"topic_weights":[0.8333333333333333,0.16666666666666666],"provenance":{"seed":0}}`)
	docs := writeFile(t, dir, "docs.txt", "zzz yyy\napple banana apple\n")
	for _, args := range [][]string{{tiny}, {tiny, "--alpha", "1"}, {tiny, "--method", "gibbs"}, {weighted, "--alpha", "1e-320"}} {
		code, out, errOut := hull(t, append([]string{"infer", "-q", args[0], docs, "--format", "lines"}, args[1:]...)...)
		if code != 0 || !strings.HasPrefix(out, "1\t0.5\t0.5\n") {
			t.Errorf("%v: exit %d, %q, stderr %q; want the prior mean 0.5 0.5 for the first document", args, code, out, errOut)
		}
	}
	expectBadInput(t, []badInput{
		{"alpha summing to +Inf", []string{"infer", skewed, docs, "--format", "lines", "--alpha", "1.7976931348623157e308"}, "--alpha 1.7976931348623157e+308: too large"},
		{"alpha rounding to 0", []string{"infer", weighted, docs, "--format", "lines", "--alpha", "5e-324"}, "--alpha 5e-324: too small"},
	})
}

// TestInferNotesUnexplainedDocuments: a document whose words all have
// zero weight in every topic gets the prior mean, as an empty one does,
// and is counted in the note of such documents.
func TestInferNotesUnexplainedDocuments(t *testing.T) {
	dir := t.TempDir()
	m := writeFile(t, dir, "m.json", `{"format":2,"algorithm":"x","k":2,"vocab":["apple","banana","cherry","durian"],"topics":[[0.5,0.5,0,0],[0,0.25,0.75,0]],"provenance":{"seed":0}}`)
	docs := writeFile(t, dir, "docs.txt", "apple banana\ndurian durian\nzzz\ncherry\n")
	code, out, errOut := hull(t, "infer", m, docs, "--format", "lines")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	rows := strings.Split(out, "\n")
	if len(rows) != 5 || !strings.HasPrefix(rows[1], "2\t0.5\t0.5") || !strings.HasPrefix(rows[2], "3\t0.5\t0.5") {
		t.Errorf("rows %q: want the prior mean for documents 2 and 3", rows)
	}
	if !strings.Contains(errOut, "note: 2 documents have no word of weight in the model's topics (\"2\", \"3\"); such documents get the prior mean") {
		t.Errorf("stderr %q: want a note of the 2 documents", errOut)
	}
}

// TestNoteEmptyDocsNamesThree: the note names the first three documents
// it counts, empty or marked unexplained, in order and quoted (an id "a,
// b" is one id), then "...".
func TestNoteEmptyDocsNamesThree(t *testing.T) {
	c := corpus.FromTokens([][]string{{"x"}, {}, {"y"}, {}, {"x"}, {}})
	c.DocIDs = []string{"keep", "a, b", "unexplained", "c", "d", "e"}
	var b strings.Builder
	noteEmptyDocs(&b, c, []bool{false, false, true, false, false, false}, "get the prior mean")
	want := `note: 4 documents have no word of weight in the model's topics ("a, b", "unexplained", "c", ...); such documents get the prior mean` + "\n"
	if b.String() != want {
		t.Errorf("note %q, want %q", b.String(), want)
	}
	b.Reset()
	noteEmptyDocs(&b, corpus.FromTokens([][]string{{"x"}}), nil, "get the prior mean")
	if b.Len() != 0 {
		t.Errorf("no empty document: %q", b.String())
	}
}
