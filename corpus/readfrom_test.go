package corpus

import (
	"bytes"
	"context"
	"errors"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// streamCorpora writes into a temporary directory one file per format,
// each also gzip-compressed (name + ".gz"), with the vocabulary files the
// numeric ones discover. It returns the directory, the data file names
// with their formats, and the vocabulary.
func streamCorpora(t *testing.T) (dir string, files map[string]Format, vocab []string) {
	t.Helper()
	dir = t.TempDir()
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	vocabText := read("num_tiny.vocab.txt")
	contents := map[string]string{
		"num_tiny.txt":     read("num_tiny.txt"),
		"num_tiny.dat":     read("num_tiny.dat"),
		"trip.txt":         "1 1 2\n1 3 1\n2 2 3\n4 1 1\n4 4 1\n4 5 4\n",
		"text_docs.jsonl":  read("text_docs.jsonl"),
		"text_lines.txt":   read("text_lines.txt"),
		"bom_lines.txt":    "\ufeffthe cat sat\r\non the mat\n",
		"trip.vocab.txt":   vocabText,
		"num_tiny.vocab.x": vocabText,
	}
	files = map[string]Format{
		"num_tiny.txt": FormatUCI, "num_tiny.dat": FormatLDAC, "trip.txt": FormatTriplet,
		"text_docs.jsonl": FormatJSONL, "text_lines.txt": FormatLines, "bom_lines.txt": FormatLines,
	}
	for name, s := range contents {
		writeFile(t, dir, name, s)
	}
	writeFile(t, dir, "num_tiny.vocab.txt", gzipped(t, vocabText)) // discovered compressed
	for _, name := range slices.Collect(maps.Keys(files)) {
		writeFile(t, dir, name+".gz", gzipped(t, contents[name]))
		files[name+".gz"] = files[name]
	}
	vocab, err := ReadVocab(strings.NewReader(vocabText), "vocab")
	if err != nil {
		t.Fatal(err)
	}
	return dir, files, vocab
}

// TestReadFromEqualsReadFile reads every format, plain and compressed,
// detected and forced, with ReadFile and with ReadFrom on the same bytes
// (whole, and one byte per Read), with the vocabulary in memory or as a
// file.
func TestReadFromEqualsReadFile(t *testing.T) {
	dir, files, vocab := streamCorpora(t)
	vocabFile := filepath.Join(dir, "num_tiny.vocab.x")
	for name, format := range files {
		for _, forced := range []Format{FormatAuto, format} {
			t.Run(name+"/"+string(forced), func(t *testing.T) {
				path := filepath.Join(dir, name)
				want, err := ReadFile(path, ReadOptions{Format: forced})
				if err != nil {
					t.Fatal(err)
				}
				mustValid(t, want)
				if want.NNZ() == 0 {
					t.Fatalf("empty corpus %+v", want)
				}
				data, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				readers := map[string]func() io.Reader{
					"whole":    func() io.Reader { return bytes.NewReader(data) },
					"one byte": func() io.Reader { return iotest.OneByteReader(bytes.NewReader(data)) },
				}
				for rname, r := range readers {
					vocabs := []ReadOptions{{VocabWords: vocab}, {Vocab: vocabFile}}
					if isText(format) {
						vocabs = []ReadOptions{{}} // a text format with a vocabulary is an error
					}
					for _, opts := range vocabs {
						opts.Format = forced
						got, err := ReadFrom(r(), name, opts)
						if err != nil {
							t.Fatalf("%s reader: %v", rname, err)
						}
						sameCorpus(t, got, want)
					}
				}
				// ReadFile takes an in-memory vocabulary too.
				opts := ReadOptions{Format: forced, VocabWords: vocab}
				if isText(format) {
					opts.VocabWords = nil
				}
				got, err := ReadFile(path, opts)
				if err != nil {
					t.Fatal(err)
				}
				sameCorpus(t, got, want)
			})
		}
	}
}

// TestReadFromFile reads from an opened *os.File, as a program reading
// standard input does.
func TestReadFromFile(t *testing.T) {
	f, err := os.Open("testdata/num_tiny.dat")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	vocab, err := os.Open("testdata/num_tiny.vocab.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer vocab.Close()
	words, err := ReadVocab(vocab, "vocab")
	if err != nil {
		t.Fatal(err)
	}
	c, err := ReadFrom(f, "stdin", ReadOptions{VocabWords: words})
	if err != nil {
		t.Fatal(err)
	}
	sameCorpus(t, c, readTiny(t, "num_tiny.txt", ReadOptions{}))
	if &c.Vocab[0] != &words[0] {
		t.Error("the corpus does not share ReadOptions.VocabWords")
	}
}

func TestReadFromErrors(t *testing.T) {
	ab := []string{"a", "b"}
	cases := []struct {
		name, in string
		opts     ReadOptions
		want     string
		parse    bool // a *ParseError
	}{
		{"q.dat", "1 0:1\n1 2:1\n", ReadOptions{VocabWords: ab}, "q.dat:2: word id 2 outside [0,1]", true},
		{"q.dat", gzipBytes([]byte("1 0:1\n1 2:1\n")), ReadOptions{VocabWords: ab}, "q.dat:2: word id 2 outside [0,1]", true},
		{"q.txt", "2\n2\n1\n\n3 1 1\n", ReadOptions{VocabWords: ab}, "q.txt:5: document id 3 outside [1,2]", true},
		{"q.txt", "2\n3\n1\n1 1 1\n", ReadOptions{VocabWords: ab}, "q.txt:2: UCI header says W=3 words but the vocabulary has 2", true},
		{"t", "1 1 1\n2 0 1\n", ReadOptions{VocabWords: ab, Format: FormatTriplet}, "t:2: word id 0 outside [1,2]", true},
		{"q.jsonl", `{"items": ["a"]}` + "\n" + `{"items": "a"}`, ReadOptions{}, `q.jsonl:2: "items" must be an array of strings`, true},
		{"q.txt", "good\nstill good\nbad \xc3\x28\n", ReadOptions{Strict: true}, "q.txt:3: invalid UTF-8", true},
		{"q.txt", gzipBytes([]byte("good\nbad \xc3\x28\n")), ReadOptions{Strict: true}, "q.txt:2: invalid UTF-8", true},
		{"stdin", "", ReadOptions{}, "stdin: empty input", true},
		{"", "", ReadOptions{}, "input: empty input", true},
		{"stdin", "0\n0\n", ReadOptions{Format: FormatLDAC, VocabWords: ab}, "stdin: no tokens (all 2 documents are empty)", true},
		{"stdin", "2 0:1 1:1\n", ReadOptions{}, "stdin: format ldac needs a vocabulary: set ReadOptions.Vocab (a file) or ReadOptions.VocabWords", false},
		{"stdin", "2 0:1 1:1\n", ReadOptions{Vocab: "testdata/missing.vocab"}, "missing.vocab", false},
		{"stdin", "x\n", ReadOptions{Format: FormatDir}, `stdin: format "dir" needs a directory`, false},
		{"stdin", "x\n", ReadOptions{Format: "csv"}, `unknown corpus format "csv"`, false},
		{"stdin", "x\n", ReadOptions{Vocab: "v.txt", VocabWords: ab}, "both ReadOptions.Vocab and ReadOptions.VocabWords", false},
		{"stdin", "x\n", ReadOptions{VocabWords: []string{}}, "ReadOptions.VocabWords has no words", false},
		{"stdin", "x\n", ReadOptions{VocabWords: []string{"a", ""}}, `ReadOptions.VocabWords[1] "" is empty`, false},
		{"stdin", "x\n", ReadOptions{VocabWords: []string{"a", "b", "a"}}, `ReadOptions.VocabWords[2] "a" repeats word 0`, false},
		{"stdin", "x\n", ReadOptions{VocabWords: []string{"\xff"}}, "ReadOptions.VocabWords[0] \"\\xff\" is not valid UTF-8", false},
		{"z.gz", gzipBytes([]byte("3\n2\n1\n1 1 1\n"))[:20], ReadOptions{VocabWords: ab}, "z.gz: truncated gzip stream", false},
		{"stdin", "x\n", ReadOptions{VocabWords: []string{"a b"}}, `ReadOptions.VocabWords[0] "a b" contains white space`, false},
		{"z.gz", "\x1f\x8b", ReadOptions{}, "z.gz: truncated gzip stream", false},
	}
	for _, tc := range cases {
		t.Run(tc.want, func(t *testing.T) {
			c, err := ReadFrom(strings.NewReader(tc.in), tc.name, tc.opts)
			if err == nil {
				t.Fatalf("no error, corpus %+v", c)
			}
			if tc.parse {
				wantParseError(t, err, tc.want, "")
			} else if !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %q, want %q", err, tc.want)
			}
		})
	}
}

// TestReadFileVocabWords checks that ReadFile validates the options before
// reading and uses VocabWords instead of discovering a file.
func TestReadFileVocabWords(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "alone.dat", "2 0:1 1:2\n")
	c, err := ReadFile(p, ReadOptions{VocabWords: []string{"x", "y"}})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(c.Vocab, []string{"x", "y"}) || c.Tokens() != 3 {
		t.Errorf("corpus %+v", c)
	}
	_, err = ReadFile(filepath.Join(dir, "missing"), ReadOptions{Vocab: "v", VocabWords: []string{"x"}})
	if err == nil || !strings.Contains(err.Error(), "both ReadOptions.Vocab and ReadOptions.VocabWords") {
		t.Errorf("error %v, want the options rejected before the input is opened", err)
	}
}

func TestReadVocabFromReader(t *testing.T) {
	want := []string{"new_york", "b", "c"}
	for _, in := range []string{"new_york\nb\r\n  c \n\n", gzipBytes([]byte("\ufeffnew_york\nb\nc\n"))} {
		got, err := ReadVocab(strings.NewReader(in), "v")
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("ReadVocab = %q, %v; want %q", got, err, want)
		}
	}
	for in, prefix := range map[string]string{
		"a\n\nb\n":    "v:2: ",
		"a\nb\na\n":   "v:3: ",
		"a\n\xff\n":   "v:2: ",
		"":            "v: ",
		"\n \n\t\n":   "v: ",
		"x\ny\nx_y\n": "",
		"x\ny\nx y\n": "v:3: ", // a word with white space (issue 15)
		"x\nx\ty\n":   "v:2: ",
	} {
		_, err := ReadVocab(strings.NewReader(in), "v")
		if prefix == "" {
			if err != nil {
				t.Errorf("ReadVocab(%q): %v", in, err)
			}
			continue
		}
		wantParseError(t, err, prefix, "")
	}
}

func TestReadFromProgress(t *testing.T) {
	data, err := os.ReadFile("testdata/text_lines.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		r         io.Reader
		wantTotal int
	}{
		{bytes.NewReader(data), len(data)},
		{iotest.OneByteReader(bytes.NewReader(data)), len(data)}, // size unknown: the bytes read
	} {
		var calls, done, total, first int
		var stage string
		_, err := ReadFrom(tc.r, "dir/stdin", ReadOptions{Progress: func(s string, d, n int) {
			if calls++; calls == 1 {
				first = d
			}
			stage, done, total = s, d, n
		}})
		if err != nil {
			t.Fatal(err)
		}
		if calls < 2 || first != 0 || stage != "read stdin" || done != len(data) || total != tc.wantTotal {
			t.Errorf("%d calls, last %q %d/%d; want \"read stdin\" %d/%d", calls, stage, done, total, len(data), tc.wantTotal)
		}
	}
}

// TestReadCancelled: a done ReadOptions.Context stops every reader with an
// error wrapping the context's.
func TestReadCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	dir := t.TempDir()
	lines := writeFile(t, dir, "docs.txt", "rain snow rain\nsun snow\n")
	sub := filepath.Join(dir, "files")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, sub, "a.txt", "rain snow rain")
	opts := ReadOptions{Context: ctx}
	for name, read := range map[string]func() (*Corpus, error){
		"file":      func() (*Corpus, error) { return ReadFile(lines, opts) },
		"stream":    func() (*Corpus, error) { return ReadFrom(strings.NewReader("rain snow\n"), "stdin", opts) },
		"directory": func() (*Corpus, error) { return ReadFile(sub, opts) },
	} {
		if c, err := read(); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: %v, %v; want context.Canceled", name, c, err)
		}
	}
	if _, err := ReadFile(lines, ReadOptions{Context: context.Background()}); err != nil {
		t.Errorf("a live context: %v", err)
	}
}
