package main

import (
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hulltopics/hull/model"
)

// Every format from the demo model and documents: the files as documented,
// the documents' weights those of "hull infer" (the same inference).
func TestExport(t *testing.T) {
	const docs = 40
	modelPath, input := inferFixture(t, docs)
	m, err := model.Load(modelPath)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	code, table, errOut := hull(t, append([]string{"infer", "-q", modelPath}, input...)...)
	if code != 0 {
		t.Fatalf("infer: exit %d: %s", code, errOut)
	}
	inferred := parseDocTopics(t, table, docs, m.K, false)

	// mallet, into a directory that does not exist yet.
	out := filepath.Join(dir, "new", "mallet")
	code, stdout, errOut := hull(t, append([]string{"export", modelPath, "--to", "mallet", "-o", out, "--top", "7"}, input...)...)
	if code != 0 {
		t.Fatalf("mallet: exit %d: %s", code, errOut)
	}
	if !strings.Contains(stdout, "wrote "+filepath.Join(out, "topic-keys.txt")) || !strings.Contains(errOut, "1 of ") {
		t.Errorf("stdout %q should list the files, stderr report the unknown word:\n%s", stdout, errOut)
	}
	keys, _ := os.ReadFile(filepath.Join(out, "topic-keys.txt"))
	line := regexp.MustCompile(`^(\d+)\t([0-9.,]+)\t((?:\S+ ){7})$`)
	for k, l := range strings.Split(strings.TrimSuffix(string(keys), "\n"), "\n") {
		g := line.FindStringSubmatch(l)
		if g == nil || g[1] != strconv.Itoa(k) {
			t.Fatalf("topic-keys line %d %q: want %q", k, l, "k<TAB>alpha<TAB>7 words each followed by a space")
		}
		var want []string
		for _, i := range m.TopWords(k, 7) {
			want = append(want, m.Vocab[i])
		}
		if g[3] != strings.Join(want, " ")+" " {
			t.Errorf("topic %d words %q, want %q", k, g[3], want)
		}
	}
	dt, _ := os.ReadFile(filepath.Join(out, "doc-topics.txt"))
	rows := strings.Split(strings.TrimSuffix(string(dt), "\n"), "\n")
	if len(rows) != docs {
		t.Fatalf("doc-topics: %d lines, want %d", len(rows), docs)
	}
	for d, r := range rows {
		f := strings.Split(r, "\t")
		if len(f) != m.K+2 || f[0] != strconv.Itoa(d) {
			t.Fatalf("doc-topics line %d %q: want d, name and %d weights", d, r, m.K)
		}
		for j, s := range f[2:] {
			x, err := strconv.ParseFloat(s, 64)
			if err != nil || math.Abs(x-inferred[f[1]][j]) > 1e-5 {
				t.Errorf("document %s topic %d: %q, hull infer %v", f[1], j, s, inferred[f[1]][j])
			}
		}
	}

	// csv: both tables read back with encoding/csv.
	out = filepath.Join(dir, "csv")
	if code, _, errOut := hull(t, append([]string{"export", "-q", modelPath, "--to", "csv", "-o", out, "--top", "0"}, input...)...); code != 0 {
		t.Fatalf("csv: exit %d: %s", code, errOut)
	}
	words := readCSV(t, filepath.Join(out, "topic_words.csv"))
	positive := 0
	for _, row := range m.Topics {
		for _, x := range row {
			if x > 0 {
				positive++
			}
		}
	}
	if !slices.Equal(words[0], []string{"topic", "rank", "word", "weight"}) || len(words) != 1+positive {
		t.Errorf("topic_words.csv: header %q, %d rows, want %d (every word of positive weight)", words[0], len(words)-1, positive)
	}
	theta := readCSV(t, filepath.Join(out, "doc_topics.csv"))
	if len(theta) != 1+docs || theta[0][0] != "doc_id" || theta[0][m.K] != "topic_"+strconv.Itoa(m.K) {
		t.Errorf("doc_topics.csv: %d rows, header %q", len(theta), theta[0])
	}

	// pyldavis: prepare's five arguments, of consistent sizes.
	vis := filepath.Join(dir, "vis.json")
	if code, _, errOut := hull(t, append([]string{"export", "-q", modelPath, "--to", "pyldavis", "-o", vis}, input...)...); code != 0 {
		t.Fatalf("pyldavis: exit %d: %s", code, errOut)
	}
	b, _ := os.ReadFile(vis)
	var p struct {
		TopicTermDists [][]float64 `json:"topic_term_dists"`
		DocTopicDists  [][]float64 `json:"doc_topic_dists"`
		DocLengths     []int       `json:"doc_lengths"`
		Vocab          []string    `json:"vocab"`
		TermFrequency  []int       `json:"term_frequency"`
	}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		t.Fatal(err)
	}
	tokens, freq := 0, 0
	for _, n := range p.DocLengths {
		tokens += n
	}
	for _, n := range p.TermFrequency {
		freq += n
	}
	if len(p.TopicTermDists) != m.K || len(p.DocTopicDists) != docs || len(p.DocLengths) != docs ||
		len(p.Vocab) != len(m.Vocab) || len(p.TermFrequency) != len(m.Vocab) || tokens != freq || tokens == 0 {
		t.Errorf("pyldavis sizes: %d topics, %d x %d weights, %d lengths (%d tokens), %d words, %d frequencies (%d tokens)",
			len(p.TopicTermDists), len(p.DocTopicDists), len(p.DocTopicDists[0]), len(p.DocLengths), tokens, len(p.Vocab), len(p.TermFrequency), freq)
	}

	// mallet without INPUT writes the topic keys alone.
	out = filepath.Join(dir, "keys-only")
	if code, stdout, errOut := hull(t, "export", "-q", modelPath, "--to", "mallet", "-o", out); code != 0 || strings.Count(stdout, "wrote") != 1 {
		t.Fatalf("mallet without INPUT: exit %d, %q: %s", code, stdout, errOut)
	}
	if _, err := os.Stat(filepath.Join(out, "doc-topics.txt")); !os.IsNotExist(err) {
		t.Errorf("doc-topics.txt without INPUT: %v", err)
	}
}

func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return recs
}

// Flags, -o and a model the format cannot hold are refused with exit 2
// before any work, and nothing is left behind.
func TestExportBadInput(t *testing.T) {
	dir := t.TempDir()
	good := escapeModel(t)
	file := filepath.Join(dir, "file")
	os.WriteFile(file, []byte("x"), 0o644)
	spaced := filepath.Join(dir, "spaced.json")
	if err := model.Save(spaced, &model.Model{K: 1, Vocab: []string{"new york", "b"}, Topics: [][]float64{{0.6, 0.4}}}); err != nil {
		t.Fatal(err)
	}
	newDir := filepath.Join(dir, "new", "out")
	expectBadInput(t, []badInput{
		{"no --to", []string{"export", good, "-o", dir}, "--to is required"},
		{"unknown --to", []string{"export", good, "--to", "tsv", "-o", dir}, `unknown export format "tsv"`},
		{"no -o", []string{"export", good, "--to", "csv"}, "-o is required"},
		{"pyldavis without INPUT", []string{"export", good, "--to", "pyldavis", "-o", file + ".json"}, "--to pyldavis needs INPUT"},
		{"--top with pyldavis", []string{"export", good, "--to", "pyldavis", "-o", file + ".json", "--top", "5", "x.txt"}, "--top: --to pyldavis writes every word"},
		{"negative --top", []string{"export", good, "--to", "csv", "-o", dir, "--top", "-1"}, "--top -1"},
		{"negative --threads", []string{"export", good, "--to", "csv", "-o", dir, "--threads", "-2"}, "--threads -2"},
		{"bad input flag", []string{"export", good, "--to", "csv", "-o", dir, "--max-df", "2"}, "--max-df 2"},
		{"-o a file", []string{"export", "no-model.json", "--to", "mallet", "-o", file}, "not a directory"},
		{"-o in a missing directory", []string{"export", "no-model.json", "--to", "pyldavis", "-o", filepath.Join(dir, "nodir", "v.json"), "x.txt"}, "-o: "},
		{"-o over a directory", []string{"export", "no-model.json", "--to", "pyldavis", "-o", dir, "x.txt"}, "-o: "},
		{"missing model", []string{"export", filepath.Join(dir, "nope.json"), "--to", "csv", "-o", newDir}, "nope.json"},
		{"whitespace word", []string{"export", spaced, "--to", "mallet", "-o", newDir}, `"new york"`},
	})
	if _, err := os.Stat(filepath.Join(dir, "new")); !os.IsNotExist(err) {
		t.Errorf("a failed export left the directory it made: %v", err)
	}
	// The csv export holds the same word.
	if code, _, errOut := hull(t, "export", "-q", spaced, "--to", "csv", "-o", newDir); code != 0 {
		t.Errorf("csv of a word with a space: exit %d: %s", code, errOut)
	}
}

// The note of documents that get the prior mean counts those whose words
// all have weight 0 in every topic, as hull infer's does; export writes
// them whole.
func TestExportNotesUnexplainedDocuments(t *testing.T) {
	dir := t.TempDir()
	m := writeFile(t, dir, "m.json", `{"format":2,"algorithm":"x","k":2,"vocab":["apple","banana","cherry","durian"],"topics":[[0.5,0.5,0,0],[0,0.25,0.75,0]],"provenance":{"seed":0}}`)
	docs := writeFile(t, dir, "docs.txt", "apple banana\ndurian durian\nzzz\n")
	code, _, errOut := hull(t, "export", m, "--to", "csv", "-o", filepath.Join(dir, "out"), docs, "--format", "lines")
	if code != 0 || !strings.Contains(errOut, "note: 2 documents have no word of weight in the model's topics (\"2\", \"3\"); such documents get the prior mean") {
		t.Errorf("exit %d, stderr:\n%s", code, errOut)
	}
}

// A document id holding a tab or a line break is refused by --to mallet
// before the inference, naming the document (by its index from 0, as
// every library message, and its id), and nothing is left: written
// with a space in its place, "a\tb" became the name of document "a b"
// too. The csv export writes both.
func TestExportMalletRefusesIDsWithFieldBreaks(t *testing.T) {
	dir := t.TempDir()
	docs := writeFile(t, dir, "ids.jsonl", `{"id":"a b","items":["x","y","x"]}`+"\n"+`{"id":"a\tb","items":["x","z","z"]}`+"\n"+`{"id":"c","items":["y","z"]}`+"\n")
	m := filepath.Join(dir, "m.json")
	if code, _, errOut := hull(t, "fit", "-q", "-k", "2", docs, "-o", m); code != 0 {
		t.Fatalf("fit: exit %d: %s", code, errOut)
	}
	out := filepath.Join(dir, "new", "mallet")
	code, _, errOut := hull(t, "export", m, "--to", "mallet", "-o", out, docs)
	if code != exitBadInput || !strings.Contains(errOut, `document 1 "a\tb"`) || !strings.Contains(errOut, "tab or line break") || strings.Contains(errOut, "infer") {
		t.Errorf("mallet: exit %d, stderr %q; want exit 2 naming document 1 (from 0) and its id", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "new")); !os.IsNotExist(err) {
		t.Errorf("a refused export left the directory it made: %v", err)
	}
	csvDir := filepath.Join(dir, "csv")
	if code, _, errOut := hull(t, "export", "-q", m, "--to", "csv", "-o", csvDir, docs); code != 0 {
		t.Fatalf("csv: exit %d: %s", code, errOut)
	}
	data, _ := os.ReadFile(filepath.Join(csvDir, "doc_topics.csv"))
	if !strings.Contains(string(data), "\na b,") || !strings.Contains(string(data), "\na\tb,") {
		t.Errorf("doc_topics.csv:\n%s", data)
	}
}
