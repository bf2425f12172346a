package cooc

import (
	"bytes"
	"context"
	"crypto/sha256"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/text"
)

// checksummed returns body followed by its SHA-256: a statistics file
// whose checksum is right, whatever body holds.
func checksummed(body []byte) []byte {
	sum := sha256.Sum256(body)
	return append(bytes.Clone(body), sum[:]...)
}

// TestReadStatsRefusesBadWords: a header whose words a vocabulary file
// cannot hold (an empty word, white space or a NUL byte in one, invalid
// UTF-8, which encoding/json read as U+FFFD) or with junk after its JSON
// is refused on line 2 by every reader, checksum right or not; it was
// accepted, and "hull stats show --vocab" failed writing the words.
func TestReadStatsRefusesBadWords(t *testing.T) {
	const rest = `],"doc_freq":[1,1],"docs":1,"used":1,"tokens":2,"rows":[0,2],"nonzeros":1}`
	entry := "\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00" // S_00 = 1: W = M = 1
	file := func(vocab, after string) []byte {
		return checksummed([]byte(statsMagic + `{"vocab":[` + vocab + rest + after + "\n" + entry))
	}
	good := file(`"a","b"`, "")
	if _, err := ReadStats(bytes.NewReader(good), "f", 0); err != nil {
		t.Fatalf("the file before the change: %v", err)
	}
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty word", file(`"","a b"`, ""), `f:2: header: word 1 ("") is empty`},
		{"space", file(`"a","a b"`, ""), `f:2: header: word 2 ("a b") contains white space`},
		{"tab", file(`"a\tb","b"`, ""), `f:2: header: word 1 ("a\tb") contains white space`},
		{"line break", file(`"a","b\nc"`, ""), `f:2: header: word 2 ("b\nc") contains white space`},
		{"no-break space", file(`"a","b`+"\u00a0"+`"`, ""), `f:2: header: word 2 ("b\u00a0") contains white space`},
		{"NUL", file(`"a\u0000","b"`, ""), `f:2: header: word 1 ("a\x00") contains a NUL byte`},
		{"invalid UTF-8", file(`"a","caf`+"\xe9"+`"`, ""), `f:2: header: byte 19 of the line ("\xe9\"],") is not valid UTF-8`},
		{"junk", file(`"a","b"`, " x"), `f:2: header: "x" after the header's JSON object, which ends at byte 91`},
		{"second object", file(`"a","b"`, "{}"), `f:2: header: "{}" after the header's JSON object`},
	} {
		_, err := ReadStats(bytes.NewReader(tc.data), "f", 0)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: ReadStats: %v, want %q", tc.name, err, tc.want)
			continue
		}
		if _, serr := ReadStatsSummary(bytes.NewReader(tc.data), "f"); serr == nil || serr.Error() != err.Error() {
			t.Errorf("%s: ReadStatsSummary: %v, want ReadStats's %v", tc.name, serr, err)
		}
		if _, rerr := NewStatsReader(bytes.NewReader(tc.data), "f"); rerr == nil || rerr.Error() != err.Error() {
			t.Errorf("%s: NewStatsReader: %v, want ReadStats's %v", tc.name, rerr, err)
		}
		path := filepath.Join(dir, "f")
		if err := os.WriteFile(path, tc.data, 0o644); err != nil {
			t.Fatal(err)
		}
		want := path + strings.TrimPrefix(err.Error(), "f")
		if _, lerr := LoadStats(path, 0); lerr == nil || lerr.Error() != want {
			t.Errorf("%s: LoadStats: %v, want %q", tc.name, lerr, want)
		}
		if _, lerr := LoadStatsSummary(path); lerr == nil || lerr.Error() != want {
			t.Errorf("%s: LoadStatsSummary: %v, want %q", tc.name, lerr, want)
		}
		if _, merr := MergeFiles(context.Background(), []string{path}, 0); merr == nil || merr.Error() != want {
			t.Errorf("%s: MergeFiles: %v, want %q", tc.name, merr, want)
		}
	}
}

// TestWriteStatsRefusesBadWords: what the readers refuse is not written
// (nothing is), so that a file written can be read back.
func TestWriteStatsRefusesBadWords(t *testing.T) {
	for _, vocab := range [][]string{{"", "a"}, {"a", "b c"}, {"a\n", "b"}, {"a", "b\x00"}, {"caf\xe9"}} {
		var buf bytes.Buffer
		if _, err := NewStats(vocab).WriteTo(&buf); err == nil || buf.Len() > 0 {
			t.Errorf("words %q: error %v, %d bytes written; want an error and none", vocab, err, buf.Len())
		}
	}
}

// TestMergeFilesNamesPreparations: files of documents prepared
// differently are refused, the message giving each preparation to its
// own file: it called the preparation of the files merged before "these",
// right after the name of the file that differs.
func TestMergeFilesNamesPreparations(t *testing.T) {
	dir := t.TempDir()
	vocab := []string{"apple", "banana", "cherry"}
	plain := &corpus.Preprocessing{Format: corpus.FormatLines, Text: &text.Options{}}
	stemmed := &corpus.Preprocessing{Format: corpus.FormatLines, Text: &text.Options{Stem: true}}
	save := func(name string, p *corpus.Preprocessing) string {
		s := NewStats(vocab)
		s.Preprocessing = p
		path := filepath.Join(dir, name)
		if err := s.Save(context.Background(), path); err != nil {
			t.Fatal(err)
		}
		return path
	}
	a, b, c, d := save("a.stats", plain), save("b.stats", plain), save("c.stats", plain), save("stemmed.stats", stemmed)
	for _, tc := range []struct {
		paths  []string
		others string
	}{
		{[]string{a, d}, a + ", merged before it,"},
		{[]string{a, b, d}, a + " and " + b + ", merged before it,"},
		{[]string{a, b, c, d}, "the 3 files merged before it (" + a + " to " + c + ")"},
	} {
		_, err := MergeFiles(context.Background(), tc.paths, 0)
		want := d + ": cooc: its documents were prepared as [" + stemmed.String() + "], those of " + tc.others + " as [" + plain.String() + "]"
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("merging %q: error\n%v\nwant\n%s...", tc.paths, err, want)
		}
	}
	// Merge alone names no file: neither record is "these".
	s, o := NewStats(vocab), NewStats(vocab)
	s.Preprocessing, o.Preprocessing = plain, stemmed
	if err := s.Merge(o); err == nil || !strings.Contains(err.Error(), "as ["+plain.String()+"] in one statistics, as ["+stemmed.String()+"] in the other") {
		t.Errorf("Merge: %v", err)
	}
}
