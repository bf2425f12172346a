package corpus

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"

	"github.com/hulltopics/hull/text"
)

func TestReadLines(t *testing.T) {
	f, err := os.Open("testdata/text_lines.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c, err := readLines(f, "text_lines.txt", textTokenizer(t, text.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	checkDocs(t, c, []string{"1", "4", "5", "6"}, []map[string]int32{
		{"first": 1, "document": 1, "topic": 1, "models": 1},
		{"second": 1, "line": 1, "models": 1, "topics": 1},
		{},
		{"last": 1, "line": 1, "newline": 1},
	})
}

func TestReadLinesErrors(t *testing.T) {
	tok := textTokenizer(t, text.Options{})
	cases := []struct{ in, prefix, msg string }{
		{"", "f.txt: ", "no documents"},
		{" \n\t\r\n\u00a0\n", "f.txt: ", "no documents"},
		{"good\nstill good\nbad \xc3\x28 byte\n", "f.txt:3: ", `invalid UTF-8 at byte 5: "\xc3(`},
	}
	for _, tc := range cases {
		_, err := readLines(strings.NewReader(tc.in), "f.txt", tok)
		wantParseError(t, err, tc.prefix, tc.msg)
	}
}

// TestTextDocsCopiesWords checks that the vocabulary does not keep the
// text of the documents reachable.
func TestTextDocsCopiesWords(t *testing.T) {
	docs := newTextDocs(textTokenizer(t, text.Options{}), "x", "lines")
	s := "plain words only"
	if err := docs.addText("1", s); err != nil {
		t.Fatal(err)
	}
	c, _ := docs.corpus("empty")
	lo := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	for _, w := range c.Vocab {
		if p := uintptr(unsafe.Pointer(unsafe.StringData(w))); p >= lo && p < lo+uintptr(len(s)) {
			t.Errorf("vocabulary word %q points into the document text", w)
		}
	}
}

func TestReadDir(t *testing.T) {
	c, err := readDir("testdata/text_dir", textTokenizer(t, text.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	checkDocs(t, c, []string{"B.md", "a.txt", "sub/b.txt", "sub/empty.txt"}, []map[string]int32{
		{"zeta": 1, "eta": 1, "theta": 1},
		{"alpha": 1, "beta": 2, "gamma": 1},
		{"gamma": 1, "delta": 1},
		{},
	})
}

// TestReadDirFiles covers gzip files, byte order marks, symbolic links and
// a root directory whose name starts with a dot.
func TestReadDirFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), ".corpus")
	if err := os.MkdirAll(filepath.Join(dir, "z"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "a.txt.gz", gzipped(t, "compressed words"))
	writeFile(t, dir, "b.txt", "\ufeffbom words")
	if err := os.Symlink("b.txt", filepath.Join(dir, "c.txt")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	if err := os.Symlink("z", filepath.Join(dir, "d")); err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "z/e.txt", "linked directory")
	c, err := readDir(dir, textTokenizer(t, text.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	checkDocs(t, c, []string{"a.txt.gz", "b.txt", "c.txt", "z/e.txt"}, []map[string]int32{
		{"compressed": 1, "words": 1},
		{"bom": 1, "words": 1},
		{"bom": 1, "words": 1},
		{"linked": 1, "directory": 1},
	})
}

// TestReadDirLinkedRoot: a directory named through a symbolic link reads
// as the directory itself (ids relative to the name given, errors naming
// it), and a symbolic link to a directory below it is still not followed.
func TestReadDirLinkedRoot(t *testing.T) {
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "d1")
	for _, d := range []string{"d1/sub", "other"} {
		if err := os.MkdirAll(filepath.Join(tmp, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeFile(t, tmp, "d1/b.txt", "ok text")
	writeFile(t, tmp, "d1/sub/c.txt", "lower")
	writeFile(t, tmp, "other/e.txt", "linked directory")
	link := filepath.Join(tmp, "d1link")
	if err := os.Symlink("d1", link); err != nil {
		t.Skip("no symbolic links:", err)
	}
	if err := os.Symlink(filepath.Join("..", "other"), filepath.Join(dir, "o")); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{dir, link, link + string(filepath.Separator)} {
		c, err := ReadFile(name, ReadOptions{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		checkDocs(t, c, []string{"b.txt", "sub/c.txt"}, []map[string]int32{{"ok": 1, "text": 1}, {"lower": 1}})
	}
	writeFile(t, tmp, "d1/x.txt", "bad \xff byte")
	_, err := readDir(link, textTokenizer(t, text.Options{}))
	wantParseError(t, err, filepath.Join(link, "x.txt")+":1: ", "invalid UTF-8")
	fileLink := filepath.Join(tmp, "flink")
	if err := os.Symlink(filepath.Join("d1", "b.txt"), fileLink); err != nil {
		t.Fatal(err)
	}
	_, err = readDir(fileLink, textTokenizer(t, text.Options{}))
	wantParseError(t, err, fileLink+": ", "not a directory")
}

func TestReadDirErrors(t *testing.T) {
	tok := textTokenizer(t, text.Options{})
	empty := t.TempDir()
	hidden := t.TempDir()
	writeFile(t, hidden, ".only", "hidden")
	bad := t.TempDir()
	writeFile(t, bad, "ok.txt", "fine")
	badFile := writeFile(t, bad, "x.txt", "line one\nline \xff two\n")
	badGzip := t.TempDir()
	gz := gzipped(t, "some text")
	badGzipFile := writeFile(t, badGzip, "t.gz", gz[:len(gz)-4])
	cases := []struct{ dir, prefix, msg string }{
		{badFile, badFile + ": ", "not a directory"},
		{empty, empty + ": ", "no files"},
		{hidden, hidden + ": ", "no files"},
		{bad, badFile + ":2: ", `invalid UTF-8 at byte 6: "\xff two\n"`},
		{badGzip, badGzipFile + ": ", "truncated gzip stream"},
	}
	for _, tc := range cases {
		_, err := readDir(tc.dir, tok)
		wantParseError(t, err, tc.prefix, tc.msg)
	}
	if _, err := readDir(filepath.Join(empty, "missing"), tok); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("missing directory: error %v", err)
	}
}

func FuzzReadLines(f *testing.F) {
	fuzzTextReader(f, func(r *bytes.Reader, in textInput) (*Corpus, error) {
		return readLines(r, "fuzz", in)
	}, []string{
		"Hello, World\n\nthe end\r\n", "don't stop-believing\n", "Ça coûte 5€ à Zürich\n",
		"ab\xffcd\n", "\n\n", "", "東京は日本の首都です\n", "running runs ran",
	})
}

// TestReadDirProgress: a directory reports the bytes of its files read
// over their total size, as the stage "read DIR", from 0 to the total (it
// reported nothing, however long the read).
func TestReadDirProgress(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "letters")
	total := 0
	for i := range 40 {
		content := strings.Repeat(fmt.Sprintf("word%d other words here\n", i), 3000)
		name := fmt.Sprintf("sub%d/f%02d.txt", i%3, i)
		if i%5 == 0 {
			name, content = name+".gz", string(gzipped(t, content))
		}
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, dir, name, content)
		total += len(content)
	}
	var calls [][2]int
	_, err := ReadFile(dir, ReadOptions{Progress: func(stage string, done, n int) {
		if stage != "read letters" {
			t.Errorf("stage %q, want %q", stage, "read letters")
		}
		calls = append(calls, [2]int{done, n})
	}})
	if err != nil {
		t.Fatal(err)
	}
	checkProgress(t, calls, total)
}
