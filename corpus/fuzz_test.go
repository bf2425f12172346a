package corpus

import (
	"bytes"
	"context"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/internal/memory"
	"github.com/hulltopics/hull/text"
)

var (
	uciSeeds = []string{
		"4\n5\n6\n1 1 2\n1 3 1\n2 2 3\n4 1 1\n4 4 1\n4 5 4\n",
		"2\n5\n2\n2 5 1\n2 5 3\n",
		"3\r\n5\r\n1\r\n\r\n3 2 1\r\n",
		"4\n5\n1\n1 1\n", "4\n5\n1\n0 1 1\n", "4\n6\n1\n1 1 1\n", "4\n5\n2\n1 1 1\n",
		"1\n5\n2\n1 1 2147483647\n1 1 1\n", "99999999999\n5\n0\n", "", "1\n", "0\n5\n1000000000",
	}
	ldacSeeds = []string{
		"2 0:2 2:1\n1 1:3\n0\n3 0:1 3:1 4:4\n",
		"2 4:1 4:1\n\n1 0:7\r\n",
		"2 0:1\n", "1 5:1\n", "1 0:0\n", "1 0-1\n", "x\n", "2 1:2147483647 1:1\n", "0\n",
	}
	tripletSeeds = []string{
		"1 1 2\n3 5 1\n1 1 1\n",
		"14 1 4\n256 1 2\n",
		"1 1\n", "0 1 1\n", "1 6 1\n", "1 1 -1\n", "70000 1 1\n", "1 1 99999999999999999999\n",
	}
	mmSeeds = []string{
		"%%MatrixMarket matrix coordinate integer general\n% rows: documents, columns: words; written by hull\n4 5 3\n1 1 2\n4 5 1\n2 3 3\n",
		"%%matrixmarket MATRIX Coordinate Integer General\r\n%\r\n\r\n2 5 2\r\n2 5 1\r\n2 5 3\r\n",
		"%%MatrixMarket matrix coordinate real general\n1 5 1\n1 1 1.5\n",
		"%%MatrixMarket matrix coordinate integer symmetric\n5 5 1\n1 1 1\n",
		"%%MatrixMarket matrix coordinate integer general\n2 6 1\n1 1 1\n",
		"%%MatrixMarket matrix coordinate integer general\n2 5 2\n1 1 1\n",
		"%%MatrixMarket matrix coordinate integer general\n2 5\n", "%%MatrixMarket matrix coordinate integer general\n% only comments\n",
		"%%MatrixMarket matrix coordinate integer general\n99999999999 5 0\n", "%%MatrixMarket\n", "",
		"%%MatrixMarket matrix coordinate integer general\n1 5 1\n% late comment\n1 1 1\n",
	}
)

// fuzzNumeric checks a numeric reader on arbitrary input: it must not
// panic, must fail with a *ParseError (or a *memory.Error for a corpus
// the input declares too large) or return a valid corpus that survives a
// UCI round trip.
func fuzzNumeric(f *testing.F, read readFunc, seeds []string) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	lowerMaxDocs(f)
	vocab := testVocab(5)
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := read(bytes.NewReader(data), "fuzz", vocab, 0)
		if err != nil {
			var pe *ParseError
			var me *memory.Error
			if !errors.As(err, &pe) && !errors.As(err, &me) {
				t.Fatalf("error %v (%T) is not a *ParseError", err, err)
			}
			return
		}
		mustValid(t, c)
		var b bytes.Buffer
		if err := WriteUCI(&b, c); err != nil {
			t.Fatal(err)
		}
		back, err := readUCI(&b, "back", vocab, 0)
		if err != nil {
			t.Fatal(err)
		}
		back.DocIDs = c.DocIDs
		sameCorpus(t, back, c)
	})
}

// lowerMaxDocs bounds the document count so that fuzzed headers cannot
// make the readers allocate gigabytes.
func lowerMaxDocs(f *testing.F) {
	old := maxDocs
	maxDocs = 1 << 16
	f.Cleanup(func() { maxDocs = old })
}

func FuzzReadUCI(f *testing.F)     { fuzzNumeric(f, readUCI, uciSeeds) }
func FuzzReadLDAC(f *testing.F)    { fuzzNumeric(f, readLDAC, ldacSeeds) }
func FuzzReadTriplet(f *testing.F) { fuzzNumeric(f, readTriplet, tripletSeeds) }
func FuzzReadMM(f *testing.F)      { fuzzNumeric(f, readMatrixMarket, mmSeeds) }

// FuzzDetect reads arbitrary bytes with ReadFrom, the code ReadFile runs
// on a file (gzip detection, format detection, every reader): no panic,
// and either an error or a valid, non-empty corpus.
func FuzzDetect(f *testing.F) {
	for _, s := range [][]string{uciSeeds, ldacSeeds, tripletSeeds, mmSeeds} {
		for _, x := range s {
			f.Add([]byte(x))
		}
	}
	for _, s := range []string{
		`{"id": 1, "items": ["a", "b"]}` + "\n" + `{"id": "x", "text": "hello world"}`,
		"the cat sat on the mat\nand then it left\n",
		"\ufeff3 0:1 1:1 2:1\n", "\x1f\x8b", "  \n\t\n",
	} {
		f.Add([]byte(s))
	}
	if gz, err := os.ReadFile("testdata/num_tiny.txt"); err == nil {
		f.Add([]byte(gzipBytes(gz)))
	}
	lowerMaxDocs(f)
	opts := ReadOptions{VocabWords: testVocab(5)}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := ReadFrom(bytes.NewReader(data), "fuzz", opts)
		if err != nil {
			return
		}
		mustValid(t, c)
		if c.NumDocs() == 0 || c.NNZ() == 0 {
			t.Fatalf("empty corpus without error: %+v", c)
		}
	})
}

// FuzzReadVocab reads arbitrary vocabulary files: no panic; malformed
// input is a *ParseError (a gzip stream may also fail to decompress);
// a vocabulary read is one a corpus may have (checkVocabWords) and one
// WriteVocab writes back to the same words.
func FuzzReadVocab(f *testing.F) {
	for _, s := range []string{
		"apple\r\n  new_york \nzebra\t\n\n \n", "a\n\nb\n", "a\nb\na\n", "a\n\xff\n", "", "\n \n\t\n", "x y\n",
		"\ufeffa\nb\n", "a\u00a0b\n", "a\x00b\n", gzipBytes([]byte("a\nb\n")), "\x1f\x8b",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		words, err := ReadVocab(bytes.NewReader(data), "fuzz")
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) && !bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
				t.Fatalf("error %v (%T) is not a *ParseError", err, err)
			}
			if !strings.HasPrefix(err.Error(), "fuzz") {
				t.Fatalf("error %q does not name the input", err)
			}
			return
		}
		if err := checkVocabWords(words); err != nil {
			t.Fatalf("vocabulary %q: %v", words, err)
		}
		var b bytes.Buffer
		if err := WriteVocab(&b, &Corpus{Vocab: words, Offsets: []int64{0}}); err != nil {
			t.Fatalf("WriteVocab(%q): %v", words, err)
		}
		back, err := ReadVocab(&b, "back")
		if err != nil || !slices.Equal(back, words) {
			t.Fatalf("round trip of %q: %q, %v", words, back, err)
		}
	})
}

// FuzzReadDir writes the files that data describes into a directory and
// reads it: no panic; an error names a file or the directory; a corpus has
// one document per regular file whose path has no component starting with
// '.', with its slash-separated path as id, in the order of the walk, each
// document the file read as one line of text would be.
//
// data is a list of files separated by 0: each is a name (bytes up to the
// first '=') and a content; names are reduced to [a-z./] and made safe.
func FuzzReadDir(f *testing.F) {
	for _, s := range []string{
		"a.txt=the cat sat\x00b/c.txt=on the mat\x00.hidden=secret words",
		"x=\xff\xfe\x00y=fine words", "d/.h/x.txt=hidden deep\x00d/e.txt=plain text",
		"z.gz=" + gzipBytes([]byte("compressed words here")), "t.gz=" + gzipBytes([]byte("cut short"))[:12],
		"e.txt=\ufeffbom words\r\nsecond line", "only=", "",
	} {
		f.Add([]byte(s))
	}
	tok, err := text.New(text.Options{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		want := map[string]string{} // id -> content
		for i, part := range bytes.Split(data, []byte{0}) {
			if i == 8 {
				break
			}
			name, content, _ := bytes.Cut(part, []byte("="))
			if isSGML(content) {
				return // many documents in a file: TestReadSGML
			}
			rel := fuzzFileName(name, i)
			p := filepath.Join(dir, filepath.FromSlash(rel))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return // a file already where a directory goes: not the reader's business
			}
			if err := os.WriteFile(p, content, 0o644); err != nil {
				return
			}
			if !slices.ContainsFunc(strings.Split(rel, "/"), func(c string) bool { return strings.HasPrefix(c, ".") }) {
				want[rel] = string(content)
			}
		}
		c, err := readDir(dir, textInput{tok: tok, strict: true})
		if err != nil {
			if !strings.Contains(err.Error(), dir) {
				t.Fatalf("error %q names neither the directory nor a file", err)
			}
			return
		}
		mustValid(t, c)
		ids := slices.SortedFunc(maps.Keys(want), func(a, b string) int { // the walk's order: by directory, then name
			return slices.Compare(strings.Split(a, "/"), strings.Split(b, "/"))
		})
		if !slices.Equal(c.DocIDs, ids) {
			t.Fatalf("ids %q, want %q", c.DocIDs, ids)
		}
		for d, id := range ids {
			one, err := readTextFile(filepath.Join(dir, filepath.FromSlash(id)))
			if err != nil {
				t.Fatal(err)
			}
			if got, want := docBag(c, d), tokenBag(tok.Tokens(nil, string(one))); !maps.Equal(got, want) {
				t.Fatalf("document %s: %v, want %v", id, got, want)
			}
		}
	})
}

// fuzzFileName returns a relative slash-separated path made of the
// letters, dots and slashes of name, unique by i, that cannot leave the
// directory.
func fuzzFileName(name []byte, i int) string {
	var parts []string
	for p := range strings.SplitSeq(strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r == '.' || r == '/' {
			return r
		}
		return -1
	}, string(name)), "/") {
		if p != "" && p != "." && p != ".." {
			parts = append(parts, p)
		}
	}
	if len(parts) == 0 {
		parts = []string{"f"}
	}
	parts[len(parts)-1] += itoa(i) // a file never also a directory of another
	return strings.Join(parts, "/")
}

// tokenBag counts tokens.
func tokenBag(toks []string) map[string]int32 {
	bag := map[string]int32{}
	for _, w := range toks {
		bag[w]++
	}
	return bag
}

// FuzzMerge reads up to three inputs, each in any format (numeric ones on
// vocabularies that overlap in part), merges them as Read does and checks
// the merge: a valid corpus whose documents are those of the inputs in
// order, with their ids and their words and counts, over the union of the
// vocabularies in first-seen order. When every input is text, Read of the
// files gives the same corpus.
func FuzzMerge(f *testing.F) {
	for _, s := range []string{
		"the cat sat\non the mat\n\x00a dog ran\n\x002 0:1 1:2\n1 3:4\n",
		"3\n5\n2\n1 1 2\n3 5 1\n\x001 1 1\n2 5 2\n",
		`{"id": "x", "items": ["a", "b", "a"]}` + "\n\x00" + `{"id": "x", "text": "b c"}`,
		"only one input\n", "\x00\x00", "word\x00word\x00word",
	} {
		f.Add([]byte(s))
	}
	lowerMaxDocs(f)
	vocabs := [][]string{{"w1", "w2", "w3", "w4", "w5"}, {"w3", "x1", "w1", "x2", "x3"}, {"y1", "y2", "w5", "x1", "w2"}}
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		var cs []*Corpus
		var paths []string
		allText := true
		for i, part := range bytes.SplitN(data, []byte{0}, 3) {
			opts := ReadOptions{}
			if f, _ := detectFormat(part, true); !isText(f) {
				opts.VocabWords, allText = vocabs[i], false
			}
			c, err := ReadFrom(bytes.NewReader(part), "in"+itoa(i), opts)
			if err != nil {
				continue
			}
			cs = append(cs, c)
			paths = append(paths, writeFile(t, dir, "in"+itoa(i)+".txt", string(part)))
		}
		m := Merge(cs...)
		mustValid(t, m)
		seen := map[string]bool{}
		var vocab []string
		d := 0
		for _, c := range cs {
			for _, w := range c.Vocab {
				if !seen[w] {
					seen[w] = true
					vocab = append(vocab, w)
				}
			}
			for cd := range c.NumDocs() {
				if m.DocIDs[d] != c.DocIDs[cd] || !maps.Equal(docBag(m, d), docBag(c, cd)) {
					t.Fatalf("merged document %d (%s) %v, input document %s %v", d, m.DocIDs[d], docBag(m, d), c.DocIDs[cd], docBag(c, cd))
				}
				d++
			}
		}
		if d != m.NumDocs() || !slices.Equal(m.Vocab, vocab) {
			t.Fatalf("merge of %d documents has %d; vocabulary %q, want %q", d, m.NumDocs(), m.Vocab, vocab)
		}
		if allText && len(paths) > 0 {
			r, err := Read(paths, ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			distinctIDs(paths, cs) // as Read names the ids two inputs share
			var ids []string
			for _, c := range cs {
				ids = append(ids, c.DocIDs...)
			}
			m.DocIDs = ids
			if repeats([][]string{ids}) {
				t.Fatalf("ids %q repeat", ids)
			}
			sameCorpus(t, r, m)
		}
	})
}

// FuzzReadSaved reads a saved corpus of three documents with arbitrary
// bytes as its docids.txt and preprocessing.json: no panic; a *ParseError
// naming the file, or the corpus with ids one per document and a record
// that passes Validate and whose methods work.
func FuzzReadSaved(f *testing.F) {
	c := FromTokens([][]string{{"a", "b"}, {"b", "c"}, {"c", "a"}})
	c.Preprocessing = &Preprocessing{Format: FormatLines, Text: &text.Options{Stem: true}, Prune: &PruneOptions{MinDF: 2}}
	dir := f.TempDir()
	paths, err := SaveDir(context.Background(), dir, c, SaveOptions{})
	if err != nil {
		f.Fatal(err)
	}
	ids, record := filepath.Join(dir, DocIDsFileName), filepath.Join(dir, PreprocessingFileName)
	saved, _ := os.ReadFile(record)
	f.Add([]byte("1\n2\n3\n"), saved)
	f.Add([]byte("x\ny\n"), []byte(`{"format": "uci", "saved": {"format": "lines", "text": {}}}`))
	f.Add([]byte("a\r\nb\nc\n"), []byte(`{"text": {"stop_word_files": ["x"]}}`))
	f.Add([]byte("\n\n\n"), []byte(`{"saved": {"saved": {"prune": {"max_df": 2}}}}`))
	f.Fuzz(func(t *testing.T, idBytes, recordBytes []byte) {
		if err := errors.Join(os.WriteFile(ids, idBytes, 0o644), os.WriteFile(record, recordBytes, 0o644)); err != nil {
			t.Fatal(err)
		}
		back, err := ReadFile(paths[0], ReadOptions{})
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || (pe.File != ids && pe.File != record) {
				t.Fatalf("error %v (%T), want a *ParseError naming %s or %s", err, err, ids, record)
			}
			return
		}
		if len(back.DocIDs) != back.NumDocs() || back.Preprocessing.Validate() != nil {
			t.Fatalf("read %q, %+v", back.DocIDs, back.Preprocessing)
		}
		_ = back.Preprocessing.String()
		back.Preprocessing.TextOptions()
		if !back.Preprocessing.Equivalent(back.Preprocessing) {
			t.Fatal("a record is not equivalent to itself")
		}
		if m := Merge(back, back); !reflect.DeepEqual(m.Preprocessing.Saved, back.Preprocessing.Saved) {
			t.Fatalf("merged with itself, the saved record %+v became %+v", back.Preprocessing.Saved, m.Preprocessing.Saved)
		}
	})
}
