package corpus

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/internal/atomicfile"
	"github.com/hulltopics/hull/text"
)

// Raw collections as users have them: SGML records, files in Latin-1,
// the preprocessing record, the prepared corpus written back.

const reutersSGML = `<!DOCTYPE lewis SYSTEM "lewis.dtd">
<REUTERS TOPICS="YES" LEWISSPLIT="TRAIN" CGISPLIT="TRAINING-SET" OLDID="5544" NEWID="1">
<DATE>26-FEB-1987 15:01:01.79</DATE>
<TOPICS><D>cocoa</D></TOPICS>
<PLACES><D>el-salvador</D><D>usa</D></PLACES>
<TEXT>&#2;
<TITLE>BAHIA COCOA REVIEW</TITLE>
<DATELINE>    SALVADOR, Feb 26 - </DATELINE><BODY>Showers continued throughout
the week &lt;in&gt; the cocoa zone.
&#3;</BODY></TEXT>
</REUTERS>
<REUTERS TOPICS="NO" NEWID="2">
<TEXT TYPE="BRIEF">&#2;
<TITLE>GRAIN SHIPS WAITING</TITLE>
&#3;</TEXT>
</REUTERS>
`

const apSGML = `<DOC>
<DOCNO> AP881218-0003 </DOCNO>
<FILEID>AP-NR-12-18-88 2319EST</FILEID>
<HEAD>Tanks Rumble</HEAD>
<TEXT>
   A 16-year-old student at a private school &amp; college
</TEXT>
</DOC>
<DOC>
<DOCNO> AP881218-0004 </DOCNO>
<TEXT>
   Cocoa prices fell.
</TEXT>
</DOC>
`

func TestReadSGML(t *testing.T) {
	cases := []struct {
		name, in string
		ids      []string
		docs     []map[string]int32
	}{
		{"reuters.sgm", reutersSGML, []string{"1", "2"}, []map[string]int32{
			{"bahia": 1, "cocoa": 2, "review": 1, "salvador": 1, "feb": 1, "26": 1, "showers": 1, "continued": 1, "week": 1, "zone": 1},
			{"grain": 1, "ships": 1, "waiting": 1},
		}},
		{"ap.txt", apSGML, []string{"AP881218-0003", "AP881218-0004"}, []map[string]int32{
			{"tanks": 1, "rumble": 1, "16-year-old": 1, "student": 1, "private": 1, "school": 1, "college": 1},
			{"cocoa": 1, "prices": 1, "fell": 1},
		}},
	}
	for _, tc := range cases {
		c, err := ReadFrom(strings.NewReader(tc.in), tc.name, ReadOptions{})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if c.Preprocessing.Format != FormatSGML {
			t.Errorf("%s: format %q, want sgml (detected)", tc.name, c.Preprocessing.Format)
		}
		checkDocs(t, c, tc.ids, tc.docs)
	}
}

func TestReadSGMLErrors(t *testing.T) {
	cases := []struct{ in, prefix, msg string }{
		{"<DOC>\n<TEXT>never closed\n", "s:1: ", "<DOC> record not closed"},
		{"<DOC>\n<TEXT>a</TEXT>\n</DOC>\nstray text\n", "s:4: ", "text outside any <DOC> or <REUTERS> record"},
		{"<DOC><DOCNO>x</DOCNO><TEXT>a</TEXT></DOC>\n<DOC><DOCNO>x</DOCNO><TEXT>b</TEXT></DOC>\n", "s:2: ", "repeats the id of line 1"},
	}
	for _, tc := range cases {
		_, err := ReadFrom(strings.NewReader(tc.in), "s", ReadOptions{Format: FormatSGML})
		wantParseError(t, err, tc.prefix, tc.msg)
	}
}

// TestReadDirSGML checks that a directory file of records gives a document
// per record, named after the file and the record.
func TestReadDirSGML(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "reut2-000.sgm", reutersSGML)
	writeFile(t, dir, "note.txt", "plain words")
	c, err := ReadFile(dir, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"note.txt", "reut2-000.sgm#1", "reut2-000.sgm#2"}; !slices.Equal(c.DocIDs, want) {
		t.Errorf("ids %q, want %q", c.DocIDs, want)
	}
}

// latin1 is "café crème" and a cp1252 curly quote in Latin-1 bytes.
const latin1 = "caf\xe9 cr\xe8me \x93quoted\x94"

func TestReadLatin1(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a.txt", "plain words")
	writeFile(t, dir, "b.txt", latin1)
	writeFile(t, dir, "c.txt", "extra "+latin1)
	var log []string
	c, err := ReadFile(dir, ReadOptions{Log: func(s string) { log = append(log, s) }})
	if err != nil {
		t.Fatal(err)
	}
	checkDocs(t, c, []string{"a.txt", "b.txt", "c.txt"}, []map[string]int32{
		{"plain": 1, "words": 1},
		{"café": 1, "crème": 1, "quoted": 1},
		{"extra": 1, "café": 1, "crème": 1, "quoted": 1},
	})
	if got := strings.Join(log, "\n"); !strings.Contains(got, "2 of 3 files not valid UTF-8, read as Windows-1252") ||
		!strings.Contains(got, "b.txt:1") || !strings.Contains(got, "c.txt:1") {
		t.Errorf("log %q does not count and name the Latin-1 files", got)
	}

	// UTF-8 only: the invalid bytes separate words.
	c, err = ReadFile(dir, ReadOptions{Text: text.Options{Encoding: text.EncodingUTF8}})
	if err != nil {
		t.Fatal(err)
	}
	if got := docBag(c, 1); got["caf"] != 1 || got["café"] != 0 {
		t.Errorf("utf-8: %v, want caf split at the invalid byte", got)
	}
}

func TestReadStrictNamesEveryBadFile(t *testing.T) {
	dir := t.TempDir()
	for i := range 25 {
		writeFile(t, dir, fmt.Sprintf("f%02d.txt", i), "ok\n"+latin1)
	}
	writeFile(t, dir, "good.txt", "fine")
	_, err := ReadFile(dir, ReadOptions{Strict: true})
	var ee *EncodingError
	if !errors.As(err, &ee) {
		t.Fatalf("error %v (%T), want an *EncodingError", err, err)
	}
	if ee.Units != 26 || ee.Invalid != 25 || len(ee.First) != maxNamedUnits {
		t.Errorf("units %d, invalid %d, named %d; want 26, 25, %d", ee.Units, ee.Invalid, len(ee.First), maxNamedUnits)
	}
	msg := err.Error()
	for _, want := range []string{"25 of 26 files are not valid UTF-8", "f00.txt:2: invalid UTF-8 at byte 4", "f19.txt:2", "... and 5 more"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q lacks %q", msg, want)
		}
	}
	if strings.Contains(msg, "f20.txt") {
		t.Errorf("error %q names more than %d files", msg, maxNamedUnits)
	}
}

func TestReadLinesLatin1(t *testing.T) {
	in := "plain line\n" + latin1 + "\n{not json\n"
	c, err := ReadFrom(strings.NewReader(in), "l.txt", ReadOptions{Format: FormatLines})
	if err != nil {
		t.Fatal(err)
	}
	if got := docBag(c, 1); got["café"] != 1 {
		t.Errorf("line 2: %v, want café decoded from Latin-1", got)
	}
	jsonl := `{"id":"a","text":"` + latin1 + `"}` + "\n"
	c, err = ReadFrom(strings.NewReader(jsonl), "j.jsonl", ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := docBag(c, 0); got["crème"] != 1 {
		t.Errorf("jsonl: %v, want crème decoded from Latin-1", got)
	}
}

func TestPreprocessingRecord(t *testing.T) {
	dir := t.TempDir()
	stop := writeFile(t, dir, "stop.txt", "cocoa\n")
	opts := ReadOptions{Text: text.Options{Stem: true, StopWordFiles: []string{stop}, Clean: []text.Clean{text.CleanEmail}}}
	c, err := ReadFrom(strings.NewReader(apSGML), "ap", opts)
	if err != nil {
		t.Fatal(err)
	}
	p := c.Preprocessing
	if p.Format != FormatSGML || !p.Tokenized() || !p.Text.Stem || !slices.Equal(p.Text.StopWords, []string{"cocoa"}) || p.Text.StopWordFiles != nil {
		t.Fatalf("record %+v (text %+v), want sgml, stemmed, the stop word file inline", p, p.Text)
	}
	pruned, _, err := Prune(c, PruneOptions{MinDF: 1, MaxDF: 0.9})
	if err != nil {
		t.Fatal(err)
	}
	if pruned.Preprocessing.Prune == nil || !reflect.DeepEqual(*pruned.Preprocessing.Prune, PruneOptions{MinDF: 1, MaxDF: 0.9}) || c.Preprocessing.Prune != nil {
		t.Errorf("pruned record %+v, input record %+v", pruned.Preprocessing, c.Preprocessing)
	}
	// The record prepares new text the same way, without the file.
	os.Remove(stop)
	again, err := ReadFrom(strings.NewReader(apSGML), "ap", p.ReadOptions())
	if err != nil {
		t.Fatal(err)
	}
	sameCorpus(t, again, c)
	if s := pruned.Preprocessing.String(); !strings.Contains(s, "format sgml") || !strings.Contains(s, "stem") || !strings.Contains(s, "min-df 1, max-df 0.9") {
		t.Errorf("String %q", s)
	}
	numeric, err := ReadFrom(strings.NewReader("2 0:1 1:1\n"), "n", ReadOptions{VocabWords: []string{"a", "b"}})
	if err != nil {
		t.Fatal(err)
	}
	if numeric.Preprocessing.Tokenized() || numeric.Preprocessing.Format != FormatLDAC {
		t.Errorf("numeric record %+v", numeric.Preprocessing)
	}
}

func TestRawTextPrune(t *testing.T) {
	for _, tc := range []struct{ d, minDF int }{{200, 2}, {2500, 2}, {3500, 3}, {100000, 5}} {
		if got := RawTextPrune(tc.d); got.MinDF != tc.minDF || got.MaxDF != 0.5 {
			t.Errorf("RawTextPrune(%d) = %+v, want min-df %d, max-df 0.5", tc.d, got, tc.minDF)
		}
	}
	if got := RawTextPrune(199); !got.IsZero() {
		t.Errorf("RawTextPrune(199) = %+v, want no pruning", got)
	}
}

// TestSaveDirRoundTrip writes a corpus in every output format and reads
// each back.
func TestSaveDirRoundTrip(t *testing.T) {
	c, err := ReadFrom(strings.NewReader(apSGML), "ap", ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range outputFormats {
		dir := filepath.Join(t.TempDir(), "out")
		paths, err := SaveDir(context.Background(), dir, c, SaveOptions{Format: f, Gzip: f == OutputUCI})
		if err != nil {
			t.Fatal(err)
		}
		back, err := ReadFile(paths[0], ReadOptions{})
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if f != OutputJSONL {
			ids, err := os.ReadFile(filepath.Join(dir, DocIDsFileName))
			if err != nil {
				t.Fatal(err)
			}
			back.DocIDs = strings.Fields(string(ids))
		}
		back.Preprocessing = c.Preprocessing
		sameCorpus(t, back, c)
		if _, err := os.Stat(filepath.Join(dir, PreprocessingFileName)); err != nil {
			t.Errorf("%s: no %s: %v", f, PreprocessingFileName, err)
		}
	}
	if _, err := SaveDir(context.Background(), t.TempDir(), c, SaveOptions{Format: "csv"}); err == nil {
		t.Error("SaveDir of format csv: no error")
	}
}

// Ids with control characters, quotes, backslashes and line breaks are
// valid JSON in the jsonl format and read back as they were (they were
// written with Go's escapes, \x1b, which JSON does not have); an id the
// format cannot hold (a line break in docids.txt, invalid UTF-8 in JSON)
// is an error matching ErrNotWritable before the directory is made.
func TestSaveDirIDs(t *testing.T) {
	withIDs := func(ids []string) *Corpus {
		docs := make([][]string, len(ids))
		for d := range docs {
			docs[d] = []string{"a", "b"}
		}
		c := FromTokens(docs)
		c.DocIDs = ids
		return c
	}
	ids := []string{"esc\x1b[31m", "bel\a\x00", `q"\x`, "nl\n4", "rl\u202e", "wörd"}
	c := withIDs(ids)
	dir := filepath.Join(t.TempDir(), "jsonl")
	paths, err := SaveDir(context.Background(), dir, c, SaveOptions{Format: OutputJSONL})
	if err != nil {
		t.Fatal(err)
	}
	back, err := ReadFile(paths[0], ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back.DocIDs, ids) {
		t.Errorf("ids read back %q, want %q", back.DocIDs, ids)
	}
	for _, tc := range []struct {
		format OutputFormat
		ids    []string
		want   string
	}{
		{OutputUCI, ids, `document 4 id "nl\n4" holds a line break`},
		{OutputMM, ids, `document 4 id "nl\n4" holds a line break`},
		{OutputJSONL, []string{"ok", "bad\xff"}, `document 2 id "bad\xff" is not valid UTF-8`},
		// The reader refuses these: a merged corpus of UCI files repeats ids.
		{OutputJSONL, []string{"1", "2", "1"}, `document 3 id "1" repeats document 1's`},
		{OutputJSONL, []string{"ok", ""}, `document 2 has an empty id`},
	} {
		dir := filepath.Join(t.TempDir(), "out")
		_, err := SaveDir(context.Background(), dir, withIDs(tc.ids), SaveOptions{Format: tc.format})
		if !errors.Is(err, ErrNotWritable) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q matching ErrNotWritable", tc.format, err, tc.want)
		}
		if _, err := os.Stat(dir); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s: the directory was made: %v", tc.format, err)
		}
	}
}

// FuzzReadSGML checks the record reader on arbitrary input, in both
// decoding modes: no panic, a *ParseError (or an *EncodingError naming
// *ParseErrors) or a valid corpus with unique ids; without Strict, input
// that is not UTF-8 never fails for its encoding.
func FuzzReadSGML(f *testing.F) {
	for _, s := range []string{reutersSGML, apSGML, "<DOC>\n" + latin1 + "\n</DOC>\n", "<DOC><TEXT>a</TEXT></DOC>", "<doc>\n<docno>1</docno>x\n</doc>\n<DOC>", "<!DOCTYPE x>\n\n"} {
		f.Add([]byte(s), false)
	}
	f.Fuzz(func(t *testing.T, data []byte, strict bool) {
		c, err := ReadFrom(bytes.NewReader(data), "fuzz", ReadOptions{Format: FormatSGML, Strict: strict})
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v (%T) is not a *ParseError", err, err)
			}
			if !strict && strings.Contains(err.Error(), "invalid UTF-8") {
				t.Fatalf("error %v without Strict", err)
			}
			return
		}
		mustValid(t, c)
		seen := map[string]bool{}
		for _, id := range c.DocIDs {
			if seen[id] {
				t.Fatalf("id %q repeats", id)
			}
			seen[id] = true
		}
	})
}

// FuzzReadDirEncoding checks the directory reader's decoding: every file
// gives its document whatever its bytes (but binary ones, a NUL byte or
// another compression's magic bytes, which are refused), tokenized from
// text.Decode of its content, and the files that are not UTF-8 are counted
// on the log.
func FuzzReadDirEncoding(f *testing.F) {
	f.Add([]byte("plain"), []byte(latin1), uint8(0))
	f.Add([]byte("\xff\xfe"), []byte("ok"), uint8(1))
	f.Add([]byte("a\x80b"), []byte("c\x81d"), uint8(2))
	encodings := []text.Encoding{text.EncodingAuto, text.EncodingUTF8, text.EncodingLatin1}
	f.Fuzz(func(t *testing.T, a, b []byte, e uint8) {
		if isSGML(a) || isSGML(b) || bytes.HasPrefix(a, []byte{0x1f, 0x8b}) || bytes.HasPrefix(b, []byte{0x1f, 0x8b}) {
			return
		}
		dir := t.TempDir()
		writeFile(t, dir, "a.txt", string(a))
		writeFile(t, dir, "b.txt", string(b))
		enc := encodings[int(e)%len(encodings)]
		var log []string
		c, err := ReadFile(dir, ReadOptions{Text: text.Options{Encoding: enc}, Log: func(s string) { log = append(log, s) }})
		if binary := func(x []byte) bool {
			x = bytes.TrimPrefix(x, utf8BOM)
			return notText(x[:min(len(x), binaryPeek)]) != nil || bytes.IndexByte(x, 0) >= 0
		}; binary(a) || binary(b) {
			if err == nil {
				t.Fatal("a binary or bzip2/xz/zip file was read as text")
			}
			return
		}
		if err != nil {
			if !strings.Contains(err.Error(), "no tokens") {
				t.Fatalf("error %v", err)
			}
			return
		}
		tok := textTokenizer(t, text.Options{Encoding: enc}).tok
		invalid := 0
		for d, content := range [][]byte{a, b} {
			s, bad := text.Decode(bytes.TrimPrefix(content, utf8BOM), enc)
			if bad {
				invalid++
			}
			if got, want := docBag(c, d), tokenBag(tok.Tokens(nil, s)); !maps.Equal(got, want) {
				t.Fatalf("document %d: %v, want %v", d, got, want)
			}
		}
		if reported := len(log) > 0; reported != (invalid > 0) {
			t.Fatalf("%d files not UTF-8, log %q", invalid, log)
		}
	})
}

// TestPrepareDir: the directory is made before the corpus exists, files in
// the way are refused, and undo leaves nothing behind.
func TestPrepareDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "b")
	undo, err := PrepareDir(dir, SaveOptions{Format: OutputLDAC, Gzip: true})
	if err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		t.Fatalf("PrepareDir did not make %s: %v", dir, err)
	}
	undo()
	if _, err := os.Stat(filepath.Dir(dir)); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("undo left %s: %v", filepath.Dir(dir), err)
	}
	blocked := t.TempDir()
	if err := os.Mkdir(filepath.Join(blocked, VocabFileName), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := PrepareDir(blocked, SaveOptions{}); err == nil || !strings.Contains(err.Error(), VocabFileName) {
		t.Fatalf("a directory where the vocabulary goes: %v", err)
	}
	if _, err := PrepareDir(blocked, SaveOptions{Format: OutputJSONL}); err != nil {
		t.Fatalf("JSON lines write no vocabulary file: %v", err)
	}
	if _, err := PrepareDir(blocked, SaveOptions{Format: "csv"}); err == nil {
		t.Fatal("an unknown format: no error")
	}
}

// A directory holding an earlier SaveDir's data file in another format,
// or compressed otherwise, is refused by PrepareDir and SaveDir (the old
// docword.txt would be read with the new vocab.txt) with nothing written;
// the same format and compression replace the files. A corpus without a
// preprocessing record is refused where one is left.
func TestSaveDirRefusesStaleData(t *testing.T) {
	c, err := ReadFrom(strings.NewReader(apSGML), "ap", ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "out")
	if _, err := SaveDir(ctx, dir, c, SaveOptions{}); err != nil {
		t.Fatal(err)
	}
	vocab, err := os.ReadFile(filepath.Join(dir, VocabFileName))
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range []SaveOptions{{Format: OutputLDAC}, {Format: OutputUCI, Gzip: true}, {Format: OutputJSONL}} {
		if _, err := PrepareDir(dir, o); !errors.Is(err, atomicfile.ErrStale) || !strings.Contains(err.Error(), "docword.txt") {
			t.Errorf("PrepareDir %+v: %v, want ErrStale naming docword.txt", o, err)
		}
		if _, err := SaveDir(ctx, dir, c, o); !errors.Is(err, atomicfile.ErrStale) {
			t.Errorf("SaveDir %+v: %v, want ErrStale", o, err)
		}
	}
	if _, err := SaveDir(ctx, dir, c, SaveOptions{Format: OutputUCI}); err != nil {
		t.Fatalf("the same format again: %v", err)
	}
	if back, err := os.ReadFile(filepath.Join(dir, VocabFileName)); err != nil || !bytes.Equal(back, vocab) {
		t.Fatalf("vocabulary changed: %v", err)
	}
	bare := *c
	bare.Preprocessing = nil
	if _, err := SaveDir(ctx, dir, &bare, SaveOptions{}); !errors.Is(err, atomicfile.ErrStale) || !strings.Contains(err.Error(), PreprocessingFileName) {
		t.Errorf("a preprocessing record left: %v, want ErrStale", err)
	}
}

// TestSaveDirCancelled: a done context stops the writes; nothing is left
// in the directory.
func TestSaveDirCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	dir := t.TempDir()
	c := FromTokens([][]string{{"rain", "snow"}, {"sun"}})
	if _, err := SaveDir(ctx, dir, c, SaveOptions{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("SaveDir with a cancelled context: %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("left %v", entries)
	}
}

// TestReadWholeBounded: an SGML stream and a gzip file of a directory
// longer than maxWholeLen once decompressed are refused as the input's
// fault (a gzip of 1 MB inflating to 1 GiB took 5.7 GiB to read).
func TestReadWholeBounded(t *testing.T) {
	defer func(n int64) { maxWholeLen = n }(maxWholeLen)
	maxWholeLen = 1 << 10
	big := "<DOC>\n<TEXT>\n" + strings.Repeat(" ", 2<<10) + "\nword\n</TEXT>\n</DOC>\n"
	_, err := ReadFrom(strings.NewReader(big), "s.sgml", ReadOptions{Format: FormatSGML})
	wantParseError(t, err, "s.sgml: ", "split it into files")

	dir := t.TempDir()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(strings.Repeat("word ", 1<<10)))
	zw.Close()
	if err := os.WriteFile(filepath.Join(dir, "a.txt.gz"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = ReadFile(dir, ReadOptions{})
	wantParseError(t, err, filepath.Join(dir, "a.txt.gz")+": ", "split it into files")

	maxWholeLen = 1 << 20 // within the bound, both read
	if _, err := ReadFrom(strings.NewReader(big), "s.sgml", ReadOptions{Format: FormatSGML}); err != nil {
		t.Error(err)
	}
	if _, err := ReadFile(dir, ReadOptions{}); err != nil {
		t.Error(err)
	}
}
