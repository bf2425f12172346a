package corpus

import (
	"bytes"
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// randomCorpus returns a valid random corpus with ids "1".."D", some
// empty documents and v words.
func randomCorpus(rng *rand.Rand, d, v int) *Corpus {
	b := NewBuilder(testVocab(v))
	for i := range d {
		if rng.IntN(5) > 0 {
			for range rng.IntN(20) {
				b.Add(int32(rng.IntN(v)), int32(1+rng.IntN(1000)))
			}
		}
		b.EndDoc(itoa(i + 1))
	}
	return b.Corpus()
}

func TestRoundTripRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		c := randomCorpus(rng, 1+rng.IntN(30), 1+rng.IntN(40))
		var uci, ldac bytes.Buffer
		if err := WriteUCI(&uci, c); err != nil {
			t.Fatal(err)
		}
		if err := WriteLDAC(&ldac, c); err != nil {
			t.Fatal(err)
		}
		c1, err := readUCI(&uci, "uci", c.Vocab, 0)
		if err != nil {
			t.Fatal(err)
		}
		sameCorpus(t, c1, c)
		c2, err := readLDAC(&ldac, "ldac", c.Vocab, 0)
		if err != nil {
			t.Fatal(err)
		}
		sameCorpus(t, c2, c)
	}
}

func TestWriteFormats(t *testing.T) {
	c := readTiny(t, "num_tiny.txt", ReadOptions{})
	var b bytes.Buffer
	WriteUCI(&b, c)
	if want, _ := os.ReadFile("testdata/num_tiny.txt"); b.String() != string(want) {
		t.Errorf("WriteUCI:\n%s\nwant\n%s", b.String(), want)
	}
	b.Reset()
	WriteLDAC(&b, c)
	if want, _ := os.ReadFile("testdata/num_tiny.dat"); b.String() != string(want) {
		t.Errorf("WriteLDAC:\n%s\nwant\n%s", b.String(), want)
	}
	b.Reset()
	WriteVocab(&b, c)
	if want, _ := os.ReadFile("testdata/num_tiny.vocab.txt"); b.String() != string(want) {
		t.Errorf("WriteVocab:\n%s\nwant\n%s", b.String(), want)
	}
}

// TestWriteProgress: Write gives the bytes of each format's writer and
// reports the documents written, from 0 to all of them, as the stage
// "write FORMAT"; an unknown format and a corpus Validate refuses are
// errors before anything is written.
func TestWriteProgress(t *testing.T) {
	c := randomCorpus(rand.New(rand.NewPCG(3, 4)), 250, 30)
	writers := map[OutputFormat]func(*bytes.Buffer, *Corpus) error{
		OutputUCI:   func(b *bytes.Buffer, c *Corpus) error { return WriteUCI(b, c) },
		OutputLDAC:  func(b *bytes.Buffer, c *Corpus) error { return WriteLDAC(b, c) },
		OutputJSONL: func(b *bytes.Buffer, c *Corpus) error { return WriteJSONL(b, c) },
		OutputMM:    func(b *bytes.Buffer, c *Corpus) error { return WriteMatrixMarket(b, c) },
	}
	for f, write := range writers {
		var want, got bytes.Buffer
		if err := write(&want, c); err != nil {
			t.Fatal(err)
		}
		var reports [][2]int
		err := Write(&got, c, f, func(stage string, done, total int) {
			if stage != "write "+string(f) {
				t.Fatalf("%s: stage %q", f, stage)
			}
			reports = append(reports, [2]int{done, total})
		})
		if err != nil || !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Fatalf("%s: %v, or other bytes than its writer's", f, err)
		}
		n := len(reports)
		if n < 3 || reports[0] != [2]int{0, 250} || reports[n-1] != [2]int{250, 250} || n > 102 {
			t.Fatalf("%s: %d reports %v, want from 0 to 250 of 250, about every 1%%", f, n, reports)
		}
	}
	var b bytes.Buffer
	if err := Write(&b, c, "csv", nil); err == nil || b.Len() > 0 {
		t.Fatalf("format csv: %v, %d bytes", err, b.Len())
	}
	bad := *c
	bad.Offsets = bad.Offsets[:3]
	if err := Write(&b, &bad, OutputUCI, func(string, int, int) { t.Fatal("a report on an invalid corpus") }); err == nil || b.Len() > 0 {
		t.Fatalf("invalid corpus: %v, %d bytes", err, b.Len())
	}
}

// failingWriter fails every write, as a writer whose context is done.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("interrupted") }

// TestWriteStopsAtAFailedWrite: once the output fails (an interrupt: the
// writer's context is done), Write stops within a buffer's worth of
// documents and returns the error; it formatted every document first,
// seconds at a million documents.
func TestWriteStopsAtAFailedWrite(t *testing.T) {
	c := randomCorpus(rand.New(rand.NewPCG(3, 4)), 20000, 30)
	for _, f := range []OutputFormat{OutputUCI, OutputLDAC, OutputJSONL, OutputMM} {
		last := 0
		err := Write(failingWriter{}, c, f, func(_ string, done, _ int) { last = done })
		if err == nil || last > c.NumDocs()/2 {
			t.Errorf("%s: %v, %d of %d documents formatted after the output failed", f, err, last, c.NumDocs())
		}
	}
}

// TestRoundTripShared writes KOS (UCI) and AP (LDA-C) in both formats
// and reads them back.
func TestRoundTripShared(t *testing.T) {
	for _, rel := range []string{"kos/docword.kos.txt.gz", "ap/ap.dat"} {
		c, err := ReadFile(sharedPath(t, rel), ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		uci, ldac, vocab := filepath.Join(dir, "docword.x.txt.gz"), filepath.Join(dir, "x.dat"), filepath.Join(dir, "vocab.x.txt")
		if err := SaveUCI(uci, vocab, c); err != nil {
			t.Fatal(err)
		}
		if err := SaveLDAC(ldac, "", c); err != nil {
			t.Fatal(err)
		}
		c1, err := ReadFile(uci, ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		sameCorpus(t, c1, c)
		c2, err := ReadFile(ldac, ReadOptions{Vocab: vocab})
		if err != nil {
			t.Fatal(err)
		}
		sameCorpus(t, c2, c)
	}
}

func TestSaveAtomic(t *testing.T) {
	dir := t.TempDir()
	c := readTiny(t, "num_tiny.txt", ReadOptions{})
	data, vocab := filepath.Join(dir, "d.txt.gz"), filepath.Join(dir, "v.txt")
	os.WriteFile(data, []byte("old"), 0o644)
	if err := SaveUCI(data, vocab, c); err != nil {
		t.Fatal(err)
	}
	got, err := ReadFile(data, ReadOptions{Vocab: vocab})
	if err != nil {
		t.Fatal(err)
	}
	sameCorpus(t, got, c)
	raw, _ := os.ReadFile(data)
	if raw[0] != 0x1f || raw[1] != 0x8b {
		t.Error("d.txt.gz is not gzip-compressed")
	}
	probe := filepath.Join(t.TempDir(), "probe") // a new file as the shell makes it: 0666 less the umask
	os.WriteFile(probe, nil, 0o666)
	want, _ := os.Stat(probe)
	if fi, _ := os.Stat(vocab); fi.Mode().Perm() != want.Mode().Perm() {
		t.Errorf("vocabulary mode %v, want %v", fi.Mode(), want.Mode())
	}

	// A word that cannot be written: nothing is written at all.
	bad := *c
	bad.Vocab = []string{"apple", "banana", "new york", "date", "elder"}
	other := filepath.Join(dir, "other.txt")
	if err := SaveUCI(other, filepath.Join(dir, "other.vocab"), &bad); err == nil {
		t.Fatal("no error for a word with a space")
	}
	if err := SaveLDAC(filepath.Join(dir, "missing", "x.dat"), "", c); err == nil {
		t.Fatal("no error for a missing directory")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Fatalf("directory holds %q, want only d.txt.gz and v.txt", names)
	}
}

func TestWriteVocabErrors(t *testing.T) {
	for _, tc := range []struct {
		vocab []string
		want  string
	}{
		{[]string{"a", ""}, `word 1 "" is empty`},
		{[]string{"a b"}, "contains white space"},
		{[]string{"a\nb"}, "contains white space"},
		{[]string{"tab\t"}, "contains white space"},
		{[]string{"nb\u00a0sp"}, "contains white space"},
		{[]string{"\xff"}, "not valid UTF-8"},
		{[]string{"a", "b", "a"}, `word 2 "a" repeats word 0`},
		{[]string{"nu\x00l"}, `word 0 "nu\x00l" contains a NUL byte`},
	} {
		c := &Corpus{Vocab: tc.vocab, Offsets: []int64{0}}
		var b bytes.Buffer
		err := WriteVocab(&b, c)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, ErrNotWritable) {
			t.Errorf("WriteVocab(%q) = %v, want %q matching ErrNotWritable", tc.vocab, err, tc.want)
		}
		if b.Len() > 0 {
			t.Errorf("WriteVocab(%q) wrote %q", tc.vocab, b.String())
		}
	}
	invalid := &Corpus{Vocab: []string{"a"}, DocIDs: []string{"1"}, Offsets: []int64{0, 1}, Words: []int32{3}, Counts: []int32{1}}
	if err := WriteUCI(&bytes.Buffer{}, invalid); err == nil {
		t.Error("WriteUCI of an invalid corpus: no error")
	}
	if err := WriteLDAC(&bytes.Buffer{}, invalid); err == nil {
		t.Error("WriteLDAC of an invalid corpus: no error")
	}
}

// TestWriteVocabLeadingBOM: a first word that starts with U+FEFF reads
// back as written, though readers skip a byte order mark at the start of
// a file (found by FuzzReadVocab).
func TestWriteVocabLeadingBOM(t *testing.T) {
	for _, vocab := range [][]string{{"\ufeff"}, {"\ufeffa", "b"}, {"a", "\ufeffb"}} {
		var b bytes.Buffer
		if err := WriteVocab(&b, &Corpus{Vocab: vocab, Offsets: []int64{0}}); err != nil {
			t.Fatalf("WriteVocab(%q): %v", vocab, err)
		}
		back, err := ReadVocab(&b, "v.txt")
		if err != nil || !slices.Equal(back, vocab) {
			t.Errorf("round trip of %q: %q, %v", vocab, back, err)
		}
	}
}

// TestReadVocabFile reads back what WriteVocab wrote, gzip-compressed or
// not; a missing file is the *fs.PathError, a malformed one names it.
func TestReadVocabFile(t *testing.T) {
	dir := t.TempDir()
	words := []string{"rain", "snow", "sun"}
	var b bytes.Buffer
	if err := WriteVocab(&b, &Corpus{Vocab: words, Offsets: []int64{0}}); err != nil {
		t.Fatal(err)
	}
	plain, zipped := filepath.Join(dir, "v.txt"), filepath.Join(dir, "v.txt.gz")
	if err := os.WriteFile(plain, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(zipped, []byte(gzipBytes(b.Bytes())), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{plain, zipped} {
		if got, err := ReadVocabFile(path); err != nil || !slices.Equal(got, words) {
			t.Errorf("ReadVocabFile(%s) = %q, %v", path, got, err)
		}
	}
	if _, err := ReadVocabFile(filepath.Join(dir, "none")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("a\na\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadVocabFile(bad); err == nil || !strings.HasPrefix(err.Error(), bad+":2: ") {
		t.Errorf("repeated word: %v", err)
	}
}

// TestJSONLRoundTrip: reading WriteJSONL's output back gives the same
// documents, ids and counts, as its doc says, but the vocabulary in
// first-seen order, without the words of no document.
func TestJSONLRoundTrip(t *testing.T) {
	vocab := []string{"apple", "banana", "cherry", "unused"}
	c, err := ReadFrom(strings.NewReader("2\n4\n4\n1 3 2\n1 1 1\n2 2 3\n2 1 1\n"), "u", ReadOptions{VocabWords: vocab})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteJSONL(&buf, c); err != nil {
		t.Fatal(err)
	}
	back, err := ReadFrom(&buf, "corpus.jsonl", ReadOptions{Format: FormatJSONL})
	if err != nil {
		t.Fatal(err)
	}
	checkDocs(t, back, c.DocIDs, []map[string]int32{docBag(c, 0), docBag(c, 1)})
	if want := []string{"apple", "cherry", "banana"}; !slices.Equal(back.Vocab, want) {
		t.Errorf("vocabulary read back %q, want %q (first seen, the unused word gone)", back.Vocab, want)
	}
}
