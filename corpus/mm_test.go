package corpus

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const mmHead = "%%MatrixMarket matrix coordinate integer general\n"

// TestReadMatrixMarket reads the Matrix Market coordinate format (rows
// documents, columns words), detected from its banner, with comments,
// blank lines, CRLF and the banner's words in any case.
func TestReadMatrixMarket(t *testing.T) {
	vocab := testVocab(5)
	for _, in := range []string{
		mmHead + "% rows: documents, columns: words; written by hull\n4 5 4\n1 1 2\n4 5 1\n2 3 3\n1 1 1\n",
		"\n%%MatrixMarket MATRIX Coordinate INTEGER general\r\n%\r\n\r\n  % indented\r\n4 5 4\r\n\r\n2 3 3\r\n1 1 2\r\n4\t5\t1\r\n1 1 1\r\n",
	} {
		c, err := ReadFrom(strings.NewReader(in), "m.mtx", ReadOptions{VocabWords: vocab})
		if err != nil {
			t.Fatal(err)
		}
		if c.Preprocessing.Format != FormatMM {
			t.Errorf("format %q, want mm", c.Preprocessing.Format)
		}
		checkDocs(t, c, []string{"1", "2", "3", "4"}, []map[string]int32{
			{vocab[0]: 3}, {vocab[2]: 3}, {}, {vocab[4]: 1},
		})
	}
}

// TestReadMatrixMarketErrors: a malformed Matrix Market file is a
// *ParseError at its line; its size line is checked as UCI's header is.
func TestReadMatrixMarketErrors(t *testing.T) {
	for _, tc := range []struct{ in, prefix, msg string }{
		{"", "m.mtx:1: ", "missing Matrix Market banner"},
		{mmHead, "m.mtx:2: ", `missing Matrix Market size line "D W NNZ"`},
		{mmHead + "% comment\n\n", "m.mtx:4: ", "missing Matrix Market size line"},
		{"%%MatrixMarket matrix coordinate real general\n1 5 1\n1 1 1.5\n", "m.mtx:1: ", `a Matrix Market matrix of reals (R's Matrix::writeMM writes only those): hull reads counts`},
		{"%%MatrixMarket matrix array integer general\n1 5\n1\n", "m.mtx:1: ", `expected the Matrix Market banner "%%MatrixMarket matrix coordinate integer general"`},
		{"%%MatrixMarket matrix coordinate integer symmetric\n5 5 1\n1 1 1\n", "m.mtx:1: ", "expected the Matrix Market banner"},
		{"%%MatrixMarket matrix array integer general\n5 5\n", "m.mtx:1: ", "expected the Matrix Market banner"},
		{"3 5 1\n1 1 1\n", "m.mtx:1: ", "expected the Matrix Market banner"},
		{mmHead + "2 5\n1 1 1\n", "m.mtx:2: ", `Matrix Market size line: expected "D W NNZ"`},
		{mmHead + "2 5 1 7\n1 1 1\n", "m.mtx:2: ", `Matrix Market size line: expected "D W NNZ"`},
		{mmHead + "x 5 1\n1 1 1\n", "m.mtx:2: ", `Matrix Market size line number of documents D "x" is not an integer`},
		{mmHead + "2 -5 1\n1 1 1\n", "m.mtx:2: ", "Matrix Market size line number of words W -5 outside"},
		{mmHead + "99999999999 5 1\n1 1 1\n", "m.mtx:2: ", "Matrix Market size line number of documents D 99999999999 outside [0,134217728]"},
		{mmHead + "% c\n2 6 1\n1 1 1\n", "m.mtx:3: ", "Matrix Market size line says W=6 words but the vocabulary has 5"},
		{mmHead + "2 5 2\n1 1 1\n", "m.mtx:2: ", "Matrix Market size line says NNZ=2 but the file has 1 entries"},
		{mmHead + "2 5 1\n\n3 1 1\n", "m.mtx:4: ", "document id 3"},
		{mmHead + "2 5 1\n1 6 1\n", "m.mtx:3: ", "word id 6"},
		{mmHead + "2 5 1\n1 1 0\n", "m.mtx:3: ", "count 0 is not positive"},
		{mmHead + "2 5 2\n1 1 1\n% late\n2 2 2\n", "m.mtx:4: ", `expected "docID wordID count"`},
		{mmHead + "2 5 0\n", "m.mtx: ", "no tokens"},
	} {
		_, err := ReadFrom(strings.NewReader(tc.in), "m.mtx", ReadOptions{Format: FormatMM, VocabWords: testVocab(5)})
		wantParseError(t, err, tc.prefix, tc.msg)
		if strings.HasPrefix(tc.in, "%%MatrixMarket") { // detected as mm, which the message says
			_, err = ReadFrom(strings.NewReader(tc.in), "m.mtx", ReadOptions{VocabWords: testVocab(5)})
			wantParseError(t, err, tc.prefix, tc.msg)
			if !strings.Contains(err.Error(), "(format mm, detected from the first") {
				t.Errorf("error %q does not name the format detected", err)
			}
		}
	}
}

// TestMatrixMarketRoundTrip: what "hull corpus --to mm" writes reads back
// (vocab.txt and docids.txt found beside corpus.mtx) as the same corpus
// as the uci output does, gzip-compressed or not: it was refused, the
// banner blamed on the triplet format.
func TestMatrixMarketRoundTrip(t *testing.T) {
	c, err := ReadFrom(strings.NewReader(apSGML), "ap", ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	back := func(f OutputFormat, gz bool) *Corpus {
		t.Helper()
		paths, err := SaveDir(context.Background(), filepath.Join(t.TempDir(), "out"), c, SaveOptions{Format: f, Gzip: gz})
		if err != nil {
			t.Fatal(err)
		}
		b, err := ReadFile(paths[0], ReadOptions{})
		if err != nil {
			t.Fatalf("%s: %v", paths[0], err)
		}
		return b
	}
	uci := back(OutputUCI, false)
	for _, gz := range []bool{false, true} {
		mm := back(OutputMM, gz)
		sameCorpus(t, mm, uci)
		sameCorpus(t, mm, c)
		if mm.Preprocessing.Format != FormatMM || !mm.Preprocessing.Saved.Equivalent(uci.Preprocessing.Saved) {
			t.Errorf("record read back %s, want format mm and the uci's saved record %s", mm.Preprocessing, uci.Preprocessing)
		}
	}
}

// TestMatrixMarketMemory: a size line declaring a huge corpus is refused
// at its line, as a UCI header is, before anything is allocated from it.
func TestMatrixMarketMemory(t *testing.T) {
	in := mmHead + "% huge\n134217728 5 2\n1 1 2\n134217728 2 1\n"
	_, err := ReadFrom(strings.NewReader(in), "m.mtx", ReadOptions{VocabWords: testVocab(5), MaxMemory: 100 << 20})
	want := "m.mtx:3: the corpus of the Matrix Market size line, D = 134217728 documents and NNZ = 2 nonzeros, needs about"
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("error %v, want %q...", err, want)
	}
}

// TestMatrixMarketVocabulary: a Matrix Market file finds vocab.txt beside
// it, and its vocabulary is a companion to protect from -o.
func TestMatrixMarketVocabulary(t *testing.T) {
	dir := t.TempDir()
	data := writeFile(t, dir, "corpus.mtx", mmHead+"2 3 2\n1 1 1\n2 3 4\n")
	writeFile(t, dir, "vocab.txt", "alpha\nbeta\ngamma\n")
	c, err := ReadFile(data, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	checkDocs(t, c, []string{"1", "2"}, []map[string]int32{{"alpha": 1}, {"gamma": 4}})
	if v := CompanionVocabAs(data, FormatAuto); v != filepath.Join(dir, "vocab.txt") {
		t.Errorf("CompanionVocabAs(corpus.mtx) = %q", v)
	}
	if _, err := os.Stat(data); err != nil {
		t.Fatal(err)
	}
}
