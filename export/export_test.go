package export

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/atomicfile"
	"github.com/hulltopics/hull/model"
)

// hostile are words a corpus may hold that break naive writers: CSV's
// quote and separator, markup, a line break, a leading space, the words
// pandas and R read as missing, a spreadsheet formula, a terminal escape
// and text beyond ASCII.
var hostile = []string{`say "hi"`, "a,b", "<script>alert(1)</script>", "line\nbreak", " lead", "NA", "null",
	"=1+1", "\x1b[2J", "naïve", "日本語", "emoji😀", `back\slash`, "&amp;"}

// hostileModel is a K = 3 model over the hostile words, every word of
// positive weight in every topic, no two weights of a topic equal.
func hostileModel() *model.Model {
	v := len(hostile)
	m := &model.Model{Algorithm: "anchor", K: 3, Vocab: slices.Clone(hostile), TopicWeights: []float64{0.5, 0.3, 0.2}}
	for k := range m.K {
		row := make([]float64, v)
		s := 0.0
		for i := range row {
			row[i] = float64((i*(k+2))%v + 1)
			s += row[i]
		}
		for i := range row {
			row[i] /= s
		}
		m.Topics = append(m.Topics, row)
	}
	if err := m.Validate(); err != nil {
		panic(err)
	}
	return m
}

// hostileDocs returns documents over the hostile words, with hostile ids,
// and topic weights for them.
func hostileDocs(m *model.Model) *Docs {
	docs := [][]string{hostile[:5], hostile[3:], {}, hostile}
	c, _ := corpus.FromTokensOn(m.Vocab, docs)
	c.DocIDs = []string{"a,b", "tab\there", `"q"`, "<script>x</script>"}
	theta := [][]float64{{0.5, 0.25, 0.25}, {1.0 / 3, 1.0 / 3, 1.0 / 3}, {0.5, 0.3, 0.2}, {1e-9, 0.1, 1 - 0.1 - 1e-9}}
	return &Docs{Corpus: c, Theta: theta}
}

// The topic keys match MALLET's bytes: topics from 0, alpha as Java's
// NumberFormat (values checked against OpenJDK 17), words of positive
// weight each followed by a space.
func TestMalletTopicKeysGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		m    *model.Model
		top  int
		want string
	}{
		{"alpha", &model.Model{K: 2, Vocab: []string{"a", "b", "c"}, Topics: [][]float64{{0.5, 0.5, 0}, {0.2, 0.3, 0.5}}, Alpha: []float64{1234.5678912, 1.0 / 3}}, 20,
			"0\t1,234.56789\ta b \n1\t0.33333\tc b a \n"},
		{"topic weights", &model.Model{K: 2, Vocab: []string{"a", "b", "c"}, Topics: [][]float64{{0.5, 0.5, 0}, {0.2, 0.3, 0.5}}, TopicWeights: []float64{0.25, 0.75}}, 1,
			"0\t0.0505\ta \n1\t0.1495\tc \n"}, // 0.2 x (0.99 p(z) + 0.005)
		{"symmetric, no words", &model.Model{K: 2, Vocab: []string{"a"}, Topics: [][]float64{{1}, {1}}}, 0,
			"0\t0.1\t\n1\t0.1\t\n"},
		{"half to even", &model.Model{K: 2, Vocab: []string{"a"}, Topics: [][]float64{{1}, {1}}, Alpha: []float64{0.015625, 0.046875}}, 5,
			"0\t0.01562\ta \n1\t0.04688\ta \n"},
	} {
		var b bytes.Buffer
		if err := WriteMalletTopicKeys(&b, tc.m, tc.top); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if b.String() != tc.want {
			t.Errorf("%s: wrote\n%q, want\n%q", tc.name, b.String(), tc.want)
		}
	}
}

// Document topics match MALLET's dense form: ids as they are, weights as
// Java's Double.toString (checked against OpenJDK 17).
func TestMalletDocTopicsGolden(t *testing.T) {
	ids := []string{"a b  c", "", "x"}
	theta := [][]float64{{1.0 / 3, 2.0 / 3}, {1, 0}, {9.99e-4, 1 - 9.99e-4}}
	var b bytes.Buffer
	if err := WriteMalletDocTopics(&b, ids, theta); err != nil {
		t.Fatal(err)
	}
	want := "0\ta b  c\t0.3333333333333333\t0.6666666666666666\n" +
		"1\tno-name\t1.0\t0.0\n" +
		"2\tx\t9.99E-4\t0.999001\n"
	if b.String() != want {
		t.Errorf("wrote\n%q, want\n%q", b.String(), want)
	}
	for _, bad := range [][][]float64{{{0.5, 0.5}}, {{0.5, 0.5}, {1}, {1, 0}}, {{0.5, math.NaN()}, {1, 0}, {1, 0}}, {{math.Inf(1), 0}, {1, 0}, {1, 0}}} {
		var b bytes.Buffer
		if err := WriteMalletDocTopics(&b, ids, bad); err == nil || b.Len() > 0 {
			t.Errorf("%v: err %v after %d bytes, want an error before writing", bad, err, b.Len())
		}
	}
}

// An id holding a tab or a line break is refused, naming the document,
// before anything is written: made one field by spaces, "a\tb" became the
// name of document "a b" too.
func TestMalletDocTopicsRefusesFieldBreaks(t *testing.T) {
	theta := [][]float64{{1, 0}, {0, 1}}
	for _, id := range []string{"a\tb", "a\nb", "a\rb", "a\r\nb"} {
		var b bytes.Buffer
		err := WriteMalletDocTopics(&b, []string{"a b", id}, theta)
		if !errors.Is(err, ErrFieldBreak) || !strings.Contains(err.Error(), fmt.Sprintf("document 1 %q", id)) || b.Len() > 0 {
			t.Errorf("id %q: err %v after %d bytes; want ErrFieldBreak naming document 1 (from 0), before writing", id, err, b.Len())
		}
		if err := CheckDocIDs(Mallet, []string{"a b", id}); !errors.Is(err, ErrFieldBreak) {
			t.Errorf("CheckDocIDs(Mallet, %q): %v", id, err)
		}
		if err := CheckDocIDs(CSV, []string{"a b", id}); err != nil {
			t.Errorf("CheckDocIDs(CSV, %q): %v", id, err)
		}
	}
}

func TestJavaFormats(t *testing.T) {
	// Double.toString and NumberFormat (max 5 fraction digits, Locale.US)
	// of OpenJDK 17.
	for _, tc := range []struct {
		x         float64
		toString  string
		numberFmt string
	}{
		{0, "0.0", "0"}, {1, "1.0", "1"}, {0.5, "0.5", "0.5"}, {0.1, "0.1", "0.1"},
		{0.001, "0.001", "0.001"}, {0.000999, "9.99E-4", "0.001"}, {1e7, "1.0E7", "10,000,000"},
		{9999999.5, "9999999.5", "9,999,999.5"}, {1234.5678912, "1234.5678912", "1,234.56789"},
		{0.015625, "0.015625", "0.01562"}, {0.046875, "0.046875", "0.04688"}, {5, "5.0", "5"},
		{1e-10, "1.0E-10", "0"}, {123456789, "1.23456789E8", "123,456,789"},
		{1.0 / 3, "0.3333333333333333", "0.33333"}, {2.0 / 3, "0.6666666666666666", "0.66667"},
		{1.5e-4, "1.5E-4", "0.00015"}, {12345, "12345.0", "12,345"},
		{0.00012345678901234, "1.2345678901234E-4", "0.00012"},
	} {
		if got := string(appendJavaDouble(nil, tc.x)); got != tc.toString {
			t.Errorf("Double.toString(%v) = %q, want %q", tc.x, got, tc.toString)
		}
		if got := javaNumberFormat(tc.x); got != tc.numberFmt {
			t.Errorf("NumberFormat(%v) = %q, want %q", tc.x, got, tc.numberFmt)
		}
	}
}

// A word with whitespace cannot be a MALLET key: refused, naming it, when
// it is among the words to list; fine when it is not.
func TestMalletRefusesWhitespace(t *testing.T) {
	for _, w := range []string{"new york", "tab\there", "line\nbreak", "nb\u00a0sp", "ideo\u3000graphic"} {
		m := &model.Model{K: 1, Vocab: []string{"a", w, "c"}, Topics: [][]float64{{0.5, 0.3, 0.2}}}
		var b bytes.Buffer
		err := WriteMalletTopicKeys(&b, m, 2)
		if !errors.Is(err, ErrWhitespace) || !strings.Contains(err.Error(), strconv.Quote(w)) || b.Len() > 0 {
			t.Errorf("%q: err %v after %d bytes, want ErrWhitespace naming the word, nothing written", w, err, b.Len())
		}
		if err := Check(Mallet, m, 2, false); !errors.Is(err, ErrWhitespace) {
			t.Errorf("%q: Check: %v, want ErrWhitespace", w, err)
		}
		if err := WriteMalletTopicKeys(&b, m, 1); err != nil {
			t.Errorf("%q outside the top words: %v", w, err)
		}
	}
	// The topic is numbered as hull topics prints it, from 1: the user
	// looks for the word there, MALLET's file being refused.
	m := &model.Model{K: 2, Vocab: []string{"a", "new york", "c"}, Topics: [][]float64{{0.8, 0.1, 0.1}, {0.1, 0.8, 0.1}}}
	if err := WriteMalletTopicKeys(io.Discard, m, 1); err == nil || !strings.Contains(err.Error(), "top words of topic 2 (counted from 1") {
		t.Errorf("a word of the second topic: %v, want it named topic 2", err)
	}
}

// The topic-word table reads back with encoding/csv: the words exactly,
// the weights to the bit, ranks in order.
func TestCSVTopicWordsRoundTrip(t *testing.T) {
	m := hostileModel()
	var b bytes.Buffer
	if err := WriteCSVTopicWords(&b, m, len(m.Vocab)); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "\r") {
		t.Error("a carriage return in the table")
	}
	recs, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(recs[0], []string{"topic", "rank", "word", "weight"}) || len(recs) != 1+m.K*len(m.Vocab) {
		t.Fatalf("header %q, %d rows; want %d", recs[0], len(recs)-1, m.K*len(m.Vocab))
	}
	for n, rec := range recs[1:] {
		k, r := n/len(m.Vocab), n%len(m.Vocab)
		i := m.TopWords(k, len(m.Vocab))[r]
		want := []string{itoa(k + 1), itoa(r + 1), m.Vocab[i], formatFloat(m.Topics[k][i])}
		if !slices.Equal(rec, want) {
			t.Errorf("row %d: %q, want %q", n+1, rec, want)
		}
	}
	// top limits the rows; words of weight 0 are never listed.
	m.Topics[0] = make([]float64, len(m.Vocab))
	m.Topics[0][3] = 1
	b.Reset()
	if err := WriteCSVTopicWords(&b, m, 2); err != nil {
		t.Fatal(err)
	}
	recs, _ = csv.NewReader(&b).ReadAll()
	if len(recs) != 1+1+2+2 || recs[1][2] != "line\nbreak" {
		t.Errorf("top 2 with one positive word in topic 1: %q", recs)
	}
}

func itoa(i int) string { return formatFloat(float64(i)) }

func TestCSVDocTopicsRoundTrip(t *testing.T) {
	m := hostileModel()
	d := hostileDocs(m)
	var b bytes.Buffer
	if err := WriteCSVDocTopics(&b, d.Corpus.DocIDs, d.Theta); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(recs[0], []string{"doc_id", "topic_1", "topic_2", "topic_3"}) || len(recs) != 5 {
		t.Fatalf("table %q", recs)
	}
	for n, rec := range recs[1:] {
		if rec[0] != d.Corpus.DocIDs[n] {
			t.Errorf("row %d: id %q, want %q", n+1, rec[0], d.Corpus.DocIDs[n])
		}
		for j, s := range rec[1:] {
			if s != formatFloat(d.Theta[n][j]) {
				t.Errorf("row %d topic %d: %q, want %v", n+1, j+1, s, d.Theta[n][j])
			}
		}
	}
}

// pyldavis is the JSON WritePyLDAvis writes, as Python reads it.
type pyldavis struct {
	TopicTermDists [][]float64 `json:"topic_term_dists"`
	DocTopicDists  [][]float64 `json:"doc_topic_dists"`
	DocLengths     []int       `json:"doc_lengths"`
	Vocab          []string    `json:"vocab"`
	TermFrequency  []int64     `json:"term_frequency"`
}

// The JSON holds exactly prepare's five arguments, with pyLDAvis's
// checks passing: K x V and D x K rows summing to 1, D lengths, V words
// and counts; words exact and markup escaped.
func TestPyLDAvisSchema(t *testing.T) {
	m := hostileModel()
	d := hostileDocs(m)
	var b bytes.Buffer
	if err := WritePyLDAvis(&b, m, d.Corpus, d.Theta); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(b.Bytes(), []byte("<script>")) || bytes.Contains(b.Bytes(), []byte("\x1b")) {
		t.Error("markup or a control character written raw")
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(b.Bytes(), &keys); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, b.String())
	}
	got := slices.Sorted(func(yield func(string) bool) {
		for k := range keys {
			if !yield(k) {
				return
			}
		}
	})
	if want := []string{"doc_lengths", "doc_topic_dists", "term_frequency", "topic_term_dists", "vocab"}; !slices.Equal(got, want) {
		t.Fatalf("keys %q, want %q", got, want)
	}
	var p pyldavis
	dec := json.NewDecoder(&b)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		t.Fatal(err)
	}
	rowsSumToOne := func(name string, rows [][]float64, n, width int) {
		if len(rows) != n {
			t.Errorf("%s: %d rows, want %d", name, len(rows), n)
		}
		for r, row := range rows {
			s := 0.0
			for _, x := range row {
				s += x
			}
			if len(row) != width || math.Abs(s-1) > 1e-9 {
				t.Errorf("%s row %d: %d entries summing to %v, want %d summing to 1", name, r, len(row), s, width)
			}
		}
	}
	rowsSumToOne("topic_term_dists", p.TopicTermDists, m.K, len(m.Vocab))
	rowsSumToOne("doc_topic_dists", p.DocTopicDists, d.Corpus.NumDocs(), m.K)
	if !slices.Equal(p.Vocab, hostile) {
		t.Errorf("vocab %q, want %q", p.Vocab, hostile)
	}
	if !slices.Equal(p.DocLengths, []int{5, len(hostile) - 3, 0, len(hostile)}) {
		t.Errorf("doc_lengths %v", p.DocLengths)
	}
	if !slices.Equal(p.TermFrequency, d.Corpus.WordCounts()) {
		t.Errorf("term_frequency %v, want %v", p.TermFrequency, d.Corpus.WordCounts())
	}
	for k := range m.K {
		if !slices.Equal(p.TopicTermDists[k], m.Topics[k]) {
			t.Errorf("topic %d not bit-exact", k)
		}
	}

	// A corpus on another vocabulary, or weights of the wrong shape, are
	// refused before anything is written.
	other, _ := corpus.FromTokensOn([]string{"x"}, [][]string{{"x"}})
	b.Reset()
	if err := WritePyLDAvis(&b, m, other, [][]float64{{1, 0, 0}}); !errors.Is(err, model.ErrVocabMismatch) || b.Len() > 0 {
		t.Errorf("other vocabulary: %v after %d bytes", err, b.Len())
	}
	if err := WritePyLDAvis(&b, m, d.Corpus, d.Theta[:2]); err == nil || b.Len() > 0 {
		t.Errorf("2 rows for 4 documents: %v after %d bytes", err, b.Len())
	}
}

// Numbers are written as encoding/json writes them.
func TestAppendJSONFloat(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	xs := []float64{0, 1, 0.5, 1e-6, 9.99e-7, 1e-7, 1e20, 1e21, 123456.789, 1e-300}
	for range 10000 {
		xs = append(xs, math.Pow(10, -30*r.Float64()), r.Float64())
	}
	for _, x := range xs {
		want, _ := json.Marshal(x)
		if got := appendJSONFloat(nil, x); string(got) != string(want) {
			t.Fatalf("%v: %s, want %s", x, got, want)
		}
	}
}

// Save writes every file of a format; a failure leaves the old files.
func TestSave(t *testing.T) {
	m := hostileModel()
	for i, w := range m.Vocab { // MALLET cannot hold "line\nbreak" or " lead"
		m.Vocab[i] = strings.Join(strings.Fields(w), "_")
	}
	d := hostileDocs(m)
	d.Corpus.Vocab = m.Vocab
	dir := filepath.Join(t.TempDir(), "new", "out")
	malletDir := dir + "-mallet" // Save refuses a directory of another format's export
	// MALLET cannot hold the id "tab\there" either: refused before
	// anything is written, not even the directory.
	if _, err := Save(context.Background(), Mallet, malletDir, m, 20, d); !errors.Is(err, ErrFieldBreak) {
		t.Errorf("mallet, an id with a tab: %v, want ErrFieldBreak", err)
	}
	if _, err := os.Stat(malletDir); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("mallet, an id with a tab: %v, want no directory", err)
	}
	md := hostileDocs(m)
	md.Corpus.Vocab = m.Vocab
	md.Corpus.DocIDs = slices.Clone(md.Corpus.DocIDs)
	md.Corpus.DocIDs[1] = "tab here"
	for _, tc := range []struct {
		f     Format
		out   string
		docs  *Docs
		files []string
	}{
		{Mallet, malletDir, nil, []string{"topic-keys.txt"}},
		{Mallet, malletDir, md, []string{"topic-keys.txt", "doc-topics.txt"}},
		{CSV, dir, d, []string{"topic_words.csv", "doc_topics.csv"}},
		{PyLDAvis, filepath.Join(dir, "vis.json"), d, []string{"vis.json"}},
	} {
		paths, err := Save(context.Background(), tc.f, tc.out, m, 20, tc.docs)
		if err != nil {
			t.Fatalf("%s: %v", tc.f, err)
		}
		if want := Paths(tc.f, tc.out, tc.docs != nil); !slices.Equal(paths, want) {
			t.Errorf("%s: wrote %q, Paths says %q", tc.f, paths, want)
		}
		for i, p := range paths {
			if filepath.Base(p) != tc.files[i] {
				t.Errorf("%s: wrote %s, want %s", tc.f, p, tc.files[i])
			}
			if fi, err := os.Stat(p); err != nil || fi.Size() == 0 {
				t.Errorf("%s: %s: %v", tc.f, p, err)
			}
		}
	}

	// doc_topics.csv cannot be written (a directory is in its place):
	// topic_words.csv keeps its old content and no temporary file stays.
	old, _ := os.ReadFile(filepath.Join(dir, CSVTopicWordsFile))
	os.Remove(filepath.Join(dir, CSVDocTopicsFile))
	os.Mkdir(filepath.Join(dir, CSVDocTopicsFile), 0o755)
	m.Topics[0], m.Topics[1] = m.Topics[1], m.Topics[0]
	if _, err := Save(context.Background(), CSV, dir, m, 20, d); err == nil {
		t.Fatal("Save over a directory succeeded")
	}
	if now, _ := os.ReadFile(filepath.Join(dir, CSVTopicWordsFile)); !bytes.Equal(now, old) {
		t.Error("topic_words.csv changed by a failed Save")
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("temporary file %s left", e.Name())
		}
	}

	// A context done (an interrupt) leaves the old files too.
	os.Remove(filepath.Join(dir, CSVDocTopicsFile))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Save(ctx, CSV, dir, m, 20, d); !errors.Is(err, context.Canceled) {
		t.Errorf("Save after an interrupt: %v", err)
	}
	if now, _ := os.ReadFile(filepath.Join(dir, CSVTopicWordsFile)); !bytes.Equal(now, old) {
		t.Error("topic_words.csv changed by an interrupted Save")
	}

	if _, err := Save(context.Background(), PyLDAvis, filepath.Join(dir, "v.json"), m, 20, nil); !errors.Is(err, ErrNeedsDocs) {
		t.Errorf("pyldavis without documents: %v, want ErrNeedsDocs", err)
	}
	bad := &Docs{Corpus: d.Corpus, Theta: d.Theta[:1]}
	if _, err := Save(context.Background(), Mallet, dir, m, 20, bad); err == nil {
		t.Error("1 row of weights for 4 documents accepted")
	}
	if _, err := ParseFormat("tsv"); err == nil || !strings.Contains(err.Error(), "mallet, pyldavis, csv") {
		t.Errorf("ParseFormat(tsv): %v", err)
	}
}

// TestPrepare: the directory and its missing parents are made, and undo
// removes them; an existing file in the way, or a path of Save's that is
// not a regular file, is refused with nothing left behind.
func TestPrepare(t *testing.T) {
	dir := t.TempDir()
	if _, err := Prepare("bogus", filepath.Join(dir, "x"), false); err == nil || !strings.Contains(err.Error(), `unknown export format "bogus"`) {
		t.Errorf("Prepare of an unknown format: %v, want an error, not a panic", err)
	}
	out := filepath.Join(dir, "a", "b")
	undo, err := Prepare(CSV, out, true)
	if err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(out); err != nil || !st.IsDir() {
		t.Fatalf("Prepare did not make %s: %v", out, err)
	}
	undo()
	if _, err := os.Stat(filepath.Join(dir, "a")); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("undo left %s: %v", filepath.Join(dir, "a"), err)
	}
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Prepare(Mallet, filepath.Join(file, "sub"), false); err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Fatalf("a file in the way: %v", err)
	}
	blocked := filepath.Join(dir, "c")
	if err := os.MkdirAll(filepath.Join(blocked, MalletDocTopicsFile), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := Prepare(Mallet, blocked, true); err == nil {
		t.Fatal("a directory where Save writes a file: no error")
	}
	// Without documents, an earlier export's documents' file would be
	// left beside the new topics: refused, by Save too.
	if _, err := Prepare(Mallet, blocked, false); !errors.Is(err, atomicfile.ErrStale) {
		t.Fatalf("a doc-topics file left without documents: %v, want ErrStale", err)
	}
	csvDir := filepath.Join(dir, "csv")
	docs, _ := corpus.FromTokensOn(hostile, [][]string{{hostile[0]}})
	if _, err := Save(context.Background(), CSV, csvDir, hostileModel(), 5, &Docs{Corpus: docs, Theta: [][]float64{{0.2, 0.3, 0.5}}}); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(filepath.Join(csvDir, CSVTopicWordsFile))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Save(context.Background(), CSV, csvDir, hostileModel(), 3, nil); !errors.Is(err, atomicfile.ErrStale) {
		t.Fatalf("Save: a doc_topics.csv left without documents: %v, want ErrStale", err)
	}
	if after, err := os.ReadFile(filepath.Join(csvDir, CSVTopicWordsFile)); err != nil || !bytes.Equal(after, before) {
		t.Fatalf("Save refused yet rewrote the topic words: %v", err)
	}
	// Mallet into a CSV export's directory, or CSV into a Mallet one's,
	// would leave the other's files: refused, by Save too.
	if _, err := Prepare(Mallet, csvDir, true); !errors.Is(err, atomicfile.ErrStale) {
		t.Fatalf("Mallet into a CSV export's directory: %v, want ErrStale", err)
	}
	if _, err := Prepare(CSV, blocked, true); !errors.Is(err, atomicfile.ErrStale) {
		t.Fatalf("CSV into a Mallet export's directory: %v, want ErrStale", err)
	}
	if _, err := Save(context.Background(), CSV, blocked, hostileModel(), 3, nil); !errors.Is(err, atomicfile.ErrStale) {
		t.Fatalf("Save: CSV into a Mallet export's directory: %v, want ErrStale", err)
	}
	vis := filepath.Join(dir, "new", "vis.json")
	if _, err := Prepare(PyLDAvis, vis, true); err == nil {
		t.Fatal("pyLDAvis into a missing directory: no error")
	}
	if _, err := os.Stat(filepath.Join(dir, "new")); !errors.Is(err, fs.ErrNotExist) {
		t.Fatal("Prepare made a directory for pyLDAvis's file")
	}
}

// TestInvalidModelRefused: every writer of a model refuses one that fails
// model.Validate (a row of another length panicked, a NaN weight made
// invalid JSON), and Save refuses Docs without a Corpus (it panicked).
func TestInvalidModelRefused(t *testing.T) {
	for name, edit := range map[string]func(*model.Model){
		"short row": func(m *model.Model) { m.Topics[1] = m.Topics[1][:4] },
		"NaN":       func(m *model.Model) { m.Topics[0][2] = math.NaN() },
		"K":         func(m *model.Model) { m.K = 4 },
	} {
		m := hostileModel()
		edit(m)
		docs := hostileDocs(hostileModel())
		for writer, err := range map[string]error{
			"csv":      WriteCSVTopicWords(new(bytes.Buffer), m, 5),
			"mallet":   WriteMalletTopicKeys(new(bytes.Buffer), m, 5),
			"pyldavis": WritePyLDAvis(new(bytes.Buffer), m, docs.Corpus, docs.Theta),
			"topics":   WriteTopicsJSON(new(bytes.Buffer), m, 5),
			"check":    Check(CSV, m, 5, false),
		} {
			if err == nil || !strings.HasPrefix(err.Error(), "export: model: ") {
				t.Errorf("%s, %s: %v", name, writer, err)
			}
		}
	}
	if _, err := Save(context.Background(), PyLDAvis, filepath.Join(t.TempDir(), "p.json"), hostileModel(), 5, &Docs{}); err == nil {
		t.Error("Docs without a Corpus: no error")
	}
	if err := WritePyLDAvis(new(bytes.Buffer), hostileModel(), nil, nil); err == nil {
		t.Error("a nil corpus: no error")
	}
}

// Weights that are not a distribution (a row of zeros, unnormalised
// weights) are refused before anything is written: pyLDAvis.prepare
// refuses them only after the whole file is written and read (they were
// written). Indices in the messages count from 0, the document's and the
// topic's alike ("document 0, topic 1" named topic 0).
func TestPyLDAvisRowsAreDistributions(t *testing.T) {
	m := hostileModel()
	d := hostileDocs(m)
	for _, tc := range []struct {
		row  []float64
		want string
	}{
		{[]float64{0, 0, 0}, "export: document 1: topic weights summing to 0, want 1"},
		{[]float64{0.5, 0.5, 0.5}, "export: document 1: topic weights summing to 1.5, want 1"},
		{[]float64{math.NaN(), 0.5, 0.5}, "export: document 1, topic 0: weight NaN"},
	} {
		theta := slices.Clone(d.Theta)
		theta[1] = tc.row
		var b bytes.Buffer
		err := WritePyLDAvis(&b, m, d.Corpus, theta)
		if err == nil || !strings.Contains(err.Error(), tc.want) || b.Len() != 0 {
			t.Errorf("row %v: error %v, %d bytes written; want %q and nothing written", tc.row, err, b.Len(), tc.want)
		}
	}
	theta := slices.Clone(d.Theta)
	theta[1] = []float64{0.5, 0.25, 0.2505} // within pyLDAvis's 0.999
	if err := WritePyLDAvis(io.Discard, m, d.Corpus, theta); err != nil {
		t.Errorf("a row summing to 1.0005: %v", err)
	}
}
