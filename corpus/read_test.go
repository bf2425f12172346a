package corpus

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestDetectFormat(t *testing.T) {
	cases := []struct {
		head string
		want Format
	}{
		{"", FormatAuto},
		{"\n \r\n\t\n", FormatAuto},
		{`{"id": 1, "items": ["a"]}`, FormatJSONL},
		{"\n  {\"id\":1}\n", FormatJSONL},
		{"3430\n6906\n353160\n1 61 2\n", FormatUCI},
		{"3430\r\n6906\r\n353160\r\n", FormatUCI},
		{"3430\n6906\n", FormatUCI},      // truncated header: the UCI reader explains
		{"3\n1 2 1\n2 2 2\n", FormatUCI}, // missing header lines: likewise
		{"186 0:1 6144:1 3586:2\n", FormatLDAC},
		{"0\n2 0:1 7:3\n", FormatLDAC}, // an empty first document
		{"0\n0\n1 4:1\n", FormatLDAC},
		{"14 1 4\n256 1 2\n", FormatTriplet},
		{"14 1 4", FormatTriplet},
		{"the cat sat\non the mat\n", FormatLines},
		{"1984\nwas a year\n", FormatLines},
		{"<DOC>\n<DOCNO> AP881218-0003 </DOCNO>\n", FormatSGML},
		{"%%MatrixMarket matrix coordinate integer general\n% rows: documents\n3 5 2\n1 1 1\n3 5 2\n", FormatMM},
		{"\n%%MatrixMarket matrix coordinate real general\n", FormatMM}, // the reader says what it reads
		{"<!DOCTYPE lewis SYSTEM \"lewis.dtd\">\n<REUTERS NEWID=\"1\">\n", FormatSGML},
		{"some text\n<DOC>\n", FormatLines},
		{"1\nIntroduction to it\n2\nMethods and more\n", FormatLines}, // numbered sections: a tie is text
		{"2 cats and 3 dogs\n1 2 x\n", FormatLines},
		// Numeric lines in no numeric format are malformed numeric data,
		// read in the format of the other lines, whose reader reports the
		// bad line (issue 15: they passed for raw text with exit 0).
		{"1 2\n", FormatTriplet},
		{"1 2 3 4\n", FormatTriplet},
		{"10 20 30 40\n89 26 6\n98 57 9\n", FormatTriplet},
		{"garbage line\n89 26 6\n98 57 9\n", FormatTriplet},
		{"-1 5 3\n", FormatTriplet},
		{"2 0:1 x\n", FormatLDAC}, // a single LDA-C line, malformed
		{"3 0:1 1:2\n1 2 3 4\n2 4:1 5:1\n", FormatLDAC},
		{"0\n0\n0\n0\n2 0:1 1:1\n", FormatLDAC},
		{"7 5\n5\n2\n1 1 2\n", FormatUCI}, // a bad D line: the UCI reader explains
		{"x\n{\"id\": 1}\n{\"id\": 2}\n", FormatJSONL},
	}
	for _, tc := range cases {
		if got, _ := detectFormat([]byte(tc.head), true); got != tc.want {
			t.Errorf("detectFormat(%q) = %q, want %q", tc.head, got, tc.want)
		}
	}
}

func TestDetectFormatCutLine(t *testing.T) {
	// Only part of the input was examined: the last line may be cut.
	for _, tc := range []struct {
		head string
		want Format
	}{
		{"3 0:1 5:2 7:1", FormatLDAC}, // "7:1" might be "7:" cut: ignored
		{"3 0:1 5:2 7:", FormatLDAC},
		{"186 0:1 6144:1\n1 2:", FormatLDAC},
		{"3430\n6906\n353160\n1 61 2\n1 7", FormatUCI},
		{"14 1 4\n256 1 2\n27", FormatTriplet},
	} {
		if got, _ := detectFormat([]byte(tc.head), false); got != tc.want {
			t.Errorf("detectFormat(%q, cut) = %q, want %q", tc.head, got, tc.want)
		}
	}
}

// writeFile writes content to dir/name and returns the path.
func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// gzipped returns s gzip-compressed.
func gzipped(t *testing.T, s string) string {
	t.Helper()
	return gzipBytes([]byte(s))
}

// gzipBytes returns b gzip-compressed.
func gzipBytes(b []byte) string {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(b)
	zw.Close()
	return buf.String()
}

func readTiny(t *testing.T, name string, opts ReadOptions) *Corpus {
	t.Helper()
	c, err := ReadFile(filepath.Join("testdata", name), opts)
	if err != nil {
		t.Fatal(err)
	}
	mustValid(t, c)
	return c
}

func TestReadFileTiny(t *testing.T) {
	uci := readTiny(t, "num_tiny.txt", ReadOptions{})
	ldac := readTiny(t, "num_tiny.dat", ReadOptions{})
	sameCorpus(t, uci, ldac)
	if uci.NumDocs() != 4 || uci.NumWords() != 5 || uci.Tokens() != 12 || uci.DocLen(2) != 0 {
		t.Fatalf("tiny corpus: %+v", uci)
	}
	forced := readTiny(t, "num_tiny.dat", ReadOptions{Format: FormatLDAC, Vocab: "testdata/num_tiny.vocab.txt"})
	sameCorpus(t, forced, ldac)
	sameCorpus(t, readTiny(t, "num_tiny.txt", ReadOptions{Format: "auto"}), uci)
}

func TestReadFileGzipByContent(t *testing.T) {
	dir := t.TempDir()
	data, _ := os.ReadFile("testdata/num_tiny.txt")
	vocab, _ := os.ReadFile("testdata/num_tiny.vocab.txt")
	// Compressed data under a plain name, a compressed vocabulary found
	// under its .gz name, and a byte order mark.
	p := writeFile(t, dir, "docword.tiny.txt", gzipped(t, "\ufeff"+string(data)))
	writeFile(t, dir, "vocab.tiny.txt.gz", gzipped(t, string(vocab)))
	c, err := ReadFile(p, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sameCorpus(t, c, readTiny(t, "num_tiny.txt", ReadOptions{}))
}

func TestVocabDiscovery(t *testing.T) {
	dir := t.TempDir()
	j := func(n string) string { return filepath.Join(dir, n) }
	cases := []struct{ data, want string }{
		{"docword.kos.txt.gz", "vocab.kos.txt"},
		{"docword.kos.txt", "vocab.kos.txt"},
		{"abstract.txt", "abstract.vocab.txt"},
		{"ap.dat", "ap.vocab.txt"},
		{"ap.dat.gz", "ap.vocab.txt"},
		{"weird.bin", "vocab.txt"},
	}
	for _, tc := range cases {
		got := vocabCandidates(j(tc.data))[0]
		if got != j(tc.want) {
			t.Errorf("first vocabulary candidate of %s = %s, want %s", tc.data, got, tc.want)
		}
	}
	if got := vocabCandidates(j("vocab.txt")); len(got) != 1 || got[0] != j("vocab.vocab.txt") {
		t.Errorf("candidates of vocab.txt = %q (must not be itself)", got)
	}

	data := writeFile(t, dir, "ap.dat", "1 0:1\n")
	if v := CompanionVocab(data); v != "" {
		t.Errorf("CompanionVocab without a vocabulary = %q", v)
	}
	_, err := findVocab(data)
	if err == nil || !strings.Contains(err.Error(), "ReadOptions.Vocab") || !strings.Contains(err.Error(), "ap.vocab.txt") {
		t.Fatalf("error %v, want one naming the candidates and ReadOptions.Vocab", err)
	}
	_, err = ReadFile(data, ReadOptions{})
	if err == nil || !strings.Contains(err.Error(), "ReadOptions.Vocab") {
		t.Fatalf("ReadFile error %v", err)
	}
	writeFile(t, dir, "vocab.txt", "a\n")
	if v, err := findVocab(data); err != nil || v != j("vocab.txt") {
		t.Fatalf("findVocab = %q, %v", v, err)
	}
	writeFile(t, dir, "ap.vocab.txt", "b\n")
	if v, err := findVocab(data); err != nil || v != j("ap.vocab.txt") {
		t.Fatalf("findVocab = %q, %v", v, err)
	}
	if v := CompanionVocab(data); v != j("ap.vocab.txt") {
		t.Errorf("CompanionVocab = %q, want the one ReadFile reads", v)
	}
	c, err := ReadFile(data, ReadOptions{})
	if err != nil || c.Vocab[0] != "b" {
		t.Fatalf("ReadFile = %+v, %v", c, err)
	}
	c, err = ReadFile(data, ReadOptions{Vocab: j("vocab.txt")})
	if err != nil || c.Vocab[0] != "a" {
		t.Fatalf("ReadFile with Vocab = %+v, %v", c, err)
	}
}

func TestReadFileErrors(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "vocab.txt", "a\nb\n")
	cases := []struct {
		name, content string
		format        Format
		want          string
	}{
		{"empty.txt", "", FormatAuto, "empty.txt: empty input"},
		{"blank.txt", "\n  \n", FormatAuto, "blank.txt: empty input"},
		{"nodocs.txt", "0\n2\n0\n", FormatAuto, "nodocs.txt: no documents"},
		{"notokens.txt", "3\n2\n0\n", FormatAuto, "notokens.txt: no tokens (all 3 documents are empty)"},
		{"notokens.dat", "0\n0\n", FormatLDAC, "notokens.dat: no tokens (all 2 documents are empty)"},
		{"stopwords.txt", "a the\nb of\n", FormatLines, "stopwords.txt: no tokens (all 2 documents are empty once tokenized: stop words and words shorter than 2 letters are dropped)"},
		{"bad.dat", "1 0:1\n1 2:1\n", FormatAuto, "bad.dat:2: word id 2 outside [0,1]"},
		{"badvocab.txt", "1 1 1\n", FormatTriplet, "v.txt:2: empty word"},
		{"format.txt", "1 1 1\n", "csv", `unknown corpus format "csv"`},
		{"dir.txt", "1 1 1\n", FormatDir, "needs a directory"},
	}
	writeFile(t, dir, "v.txt", "a\n\nb\n")
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := writeFile(t, dir, tc.name, tc.content)
			opts := ReadOptions{Format: tc.format}
			if tc.name == "badvocab.txt" {
				opts.Vocab = filepath.Join(dir, "v.txt")
			}
			_, err := ReadFile(p, opts)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
		})
	}
	if _, err := ReadFile(dir, ReadOptions{Format: FormatUCI}); err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("UCI on a directory: %v", err)
	}
	// A vocabulary with a text format: the input is not what the caller
	// thinks (issue 15: the vocabulary was ignored).
	for _, opts := range []ReadOptions{{VocabWords: []string{"a"}}, {Vocab: "v.txt", Format: FormatDir}} {
		if _, err := ReadFile(dir, opts); err == nil || !strings.Contains(err.Error(), "only uci, ldac, triplet and mm take a vocabulary") {
			t.Errorf("a directory with a vocabulary %+v: %v", opts, err)
		}
	}
	lines := writeFile(t, dir, "lines.txt", "the cat sat\non the mat\n")
	for _, opts := range []ReadOptions{{Vocab: filepath.Join(dir, "vocab.txt")}, {VocabWords: []string{"a"}, Format: FormatJSONL}} {
		if _, err := ReadFile(lines, opts); err == nil || !strings.Contains(err.Error(), "only uci, ldac, triplet and mm take a vocabulary") {
			t.Errorf("text with a vocabulary %+v: %v", opts, err)
		}
	}
	if _, err := ReadFile(filepath.Join(dir, "missing"), ReadOptions{}); !os.IsNotExist(err) {
		t.Errorf("missing file: %v", err)
	}
	if _, err := Read(nil, ReadOptions{}); err == nil {
		t.Error("Read of no paths: no error")
	}
	p := writeFile(t, dir, "corrupt.gz", gzipped(t, "3\n2\n1\n1 1 1\n")[:20])
	if _, err := ReadFile(p, ReadOptions{}); err == nil || !strings.Contains(err.Error(), "corrupt.gz") {
		t.Errorf("truncated gzip: %v", err)
	}
}

func TestReadSeveral(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a.dat", "2 0:1 1:2\n")
	writeFile(t, dir, "a.vocab.txt", "x\ny\n")
	b := writeFile(t, dir, "b.txt", "1 2 3\n2 1 1\n")
	writeFile(t, dir, "b.vocab.txt", "z\nx\n")
	c, err := Read([]string{a, b}, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// Both number their documents from 1: the id they share names its
	// input.
	want := &Corpus{
		Vocab:   []string{"x", "y", "z"},
		DocIDs:  []string{"a.dat#1", "b.txt#1", "2"},
		Offsets: []int64{0, 2, 3, 4},
		Words:   []int32{0, 1, 0, 2},
		Counts:  []int32{1, 2, 3, 1},
	}
	sameCorpus(t, c, want)
}

// TestReadSeveralKeepsDistinctIDs: inputs keep their ids as read but for
// an id two of them hold, which names its input (hull infer wrote a table
// with an id twice, which its own reader refused): by the fewest last
// elements of its path that tell the inputs apart, so that neither the
// ids nor the digest depend on how the paths are spelled, and a labels
// file still meets the other documents. A renamed id that meets an id
// as read renames them all.
func TestReadSeveralKeepsDistinctIDs(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a.jsonl", `{"id":"d1","items":["x"]}`+"\n"+`{"id":"d2","items":["y"]}`+"\n")
	b := writeFile(t, dir, "b.jsonl", `{"id":"d3","items":["x"]}`+"\n")
	c2 := writeFile(t, dir, "c.jsonl", `{"id":"d2","items":["z"]}`+"\n")
	for _, sub := range []string{"s1", "s2"} {
		if err := os.Mkdir(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(dir, sub), "docs.jsonl", `{"id":"1","items":["x"]}`+"\n"+`{"id":"`+sub+`","items":["y"]}`+"\n")
	}
	s1, s2 := filepath.Join(dir, "s1", "docs.jsonl"), filepath.Join(dir, "s2", "docs.jsonl")
	clash := writeFile(t, dir, "clash.jsonl", `{"id":"1","items":["x"]}`+"\n"+`{"id":"docs.jsonl#1","items":["y"]}`+"\n")
	for _, tc := range []struct {
		paths []string
		want  []string
	}{
		{[]string{a, b}, []string{"d1", "d2", "d3"}},
		{[]string{a, b, c2}, []string{"d1", "a.jsonl#d2", "d3", "c.jsonl#d2"}},
		{[]string{s1, s2}, []string{"s1/docs.jsonl#1", "s1", "s2/docs.jsonl#1", "s2"}},
		{[]string{clash, s1}, []string{"clash.jsonl#1", "clash.jsonl#docs.jsonl#1", "docs.jsonl#1", "docs.jsonl#s1"}},
	} {
		c, err := Read(tc.paths, ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(c.DocIDs, tc.want) {
			t.Errorf("%q: ids %q, want %q", tc.paths, c.DocIDs, tc.want)
		}
	}
	// The log says how many were renamed, and the first.
	var lines []string
	if _, err := Read([]string{a, b, c2}, ReadOptions{Log: func(l string) { lines = append(lines, l) }}); err != nil {
		t.Fatal(err)
	}
	if want := "ids: 2 documents hold an id that another input holds too: each is named NAME#ID after its input (a.jsonl#d2)"; !slices.Contains(lines, want) {
		t.Errorf("log %q, want %q", lines, want)
	}
	lines = nil
	if _, err := Read([]string{clash, s1}, ReadOptions{Log: func(l string) { lines = append(lines, l) }}); err != nil {
		t.Fatal(err)
	}
	if want := "ids: some ids are held by more than one input, and named NAME#ID after their input they would meet other ids: all 4 documents are named NAME#ID (clash.jsonl#1)"; !slices.Contains(lines, want) {
		t.Errorf("log %q, want %q", lines, want)
	}
	// The same files spelled otherwise: relative, absolute, from another
	// working directory, through a link; the same ids and digest. A file
	// beside a directory's file was named by the elements it was given
	// with ("docs.jsonl" against "s1/docs.jsonl").
	top := writeFile(t, filepath.Join(dir, "s1"), "top.jsonl", `{"id":"1","items":["x"]}`+"\n")
	if err := os.Symlink(filepath.Join(dir, "s2"), filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	first, err := Read([]string{top, s2}, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"top.jsonl#1", "docs.jsonl#1", "s2"}; !slices.Equal(first.DocIDs, want) {
		t.Errorf("ids %q, want %q", first.DocIDs, want)
	}
	for _, spelled := range []struct {
		cwd   string
		paths []string
	}{
		{filepath.Join(dir, "s1"), []string{"top.jsonl", "../s2/docs.jsonl"}},
		{dir, []string{"./s1/top.jsonl", "s2/../s2/docs.jsonl"}},
		{dir, []string{"s1/top.jsonl", "link/docs.jsonl"}},
	} {
		t.Chdir(spelled.cwd)
		again, err := Read(spelled.paths, ReadOptions{})
		if err != nil || !slices.Equal(again.DocIDs, first.DocIDs) || again.Digest() != first.Digest() {
			t.Errorf("%q from %s: ids %q, %v; want %q and the same digest", spelled.paths, spelled.cwd, again.DocIDs, err, first.DocIDs)
		}
	}
	// A '#' in a file's name is %23 in its ids' names: "a" holds "b#c",
	// "s" and "a#b#s", "a#b" holds "c" and "s", which gave "a#b#s" twice
	// and, renamed all, "a#b#c" twice.
	t.Chdir(dir)
	writeFile(t, dir, "a", `{"id":"b#c","items":["x"]}`+"\n"+`{"id":"s","items":["x"]}`+"\n"+`{"id":"a#b#s","items":["x"]}`+"\n")
	writeFile(t, dir, "a#b", `{"id":"c","items":["x"]}`+"\n"+`{"id":"s","items":["x"]}`+"\n")
	c, err := Read([]string{"a", "a#b"}, ReadOptions{Format: FormatJSONL})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"b#c", "a#s", "a#b#s", "c", "a%23b#s"}; !slices.Equal(c.DocIDs, want) {
		t.Errorf("'#' in a name: ids %q, want %q", c.DocIDs, want)
	}
}

func TestParseFormat(t *testing.T) {
	for _, s := range []string{"", "auto", "uci", "ldac", "triplet", "jsonl", "lines", "dir"} {
		f, err := ParseFormat(s)
		if err != nil || (s != "auto" && string(f) != s) || (s == "auto" && f != FormatAuto) {
			t.Errorf("ParseFormat(%q) = %q, %v", s, f, err)
		}
	}
	if _, err := ParseFormat("UCI"); err == nil {
		t.Error("ParseFormat(UCI): no error")
	}
}

// TestStrictDetectedKeepsEveryUnit: a strict read of a detected format
// returns the *EncodingError whole, naming every invalid line, as with
// the format set; the note of the detected format rewrapped its first
// *ParseError alone ("l2.txt:1: ... (format lines, detected ...)").
func TestStrictDetectedKeepsEveryUnit(t *testing.T) {
	p := writeFile(t, t.TempDir(), "l2.txt", "caf\xe9 x\n\xe9t\xe9 y\ngood line z\n")
	for _, f := range []Format{FormatAuto, FormatLines} {
		_, err := ReadFile(p, ReadOptions{Format: f, Strict: true})
		var ee *EncodingError
		if !errors.As(err, &ee) || !strings.Contains(err.Error(), "2 of 3 lines are not valid UTF-8") || strings.Contains(err.Error(), "detected") {
			t.Errorf("format %q: %v (%T), want the *EncodingError naming both lines", f, err, err)
		}
	}
}

// TestDirFormatOnStream: format dir on a stream says what is wrong in
// words, not by the API to call ("(use ReadFile)" reached hull's users).
func TestDirFormatOnStream(t *testing.T) {
	_, err := ReadFrom(strings.NewReader("a b\n"), "stdin", ReadOptions{Format: FormatDir})
	if err == nil || err.Error() != `stdin: format "dir" needs a directory path, not a stream` {
		t.Errorf("%v", err)
	}
}

// TestReadFileNamesCompressedCopy: a path that does not exist whose
// gzip-compressed copy does is answered with its name ("ap.txt" given,
// "ap.txt.gz" there); the error still says the file does not exist.
func TestReadFileNamesCompressedCopy(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "ap.txt.gz", "")
	_, err := ReadFile(filepath.Join(dir, "ap.txt"), ReadOptions{})
	if !errors.Is(err, fs.ErrNotExist) || !strings.HasSuffix(err.Error(), "no such file or directory (did you mean ap.txt.gz?)") {
		t.Errorf("ap.txt beside ap.txt.gz: %v", err)
	}
	_, err = ReadFile(filepath.Join(dir, "other.txt"), ReadOptions{})
	if !errors.Is(err, fs.ErrNotExist) || strings.Contains(err.Error(), "did you mean") {
		t.Errorf("other.txt: %v", err)
	}
}
