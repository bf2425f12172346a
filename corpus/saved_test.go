package corpus

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/text"
)

// TestReadSaved: a data file SaveDir wrote reads back with its documents'
// ids and the record of how its words were made: the same digest as the
// corpus saved (labels keyed by id meet their documents), and the record
// as Preprocessing.Saved, whose TextOptions are the raw text's. The ids
// were the numbers 1, 2, ... and the record lost.
func TestReadSaved(t *testing.T) {
	c, err := ReadFrom(strings.NewReader(apSGML), "ap", ReadOptions{Text: text.Options{Stem: true}})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []OutputFormat{OutputUCI, OutputLDAC} {
		for _, gz := range []bool{false, true} {
			dir := filepath.Join(t.TempDir(), "out")
			paths, err := SaveDir(context.Background(), dir, c, SaveOptions{Format: f, Gzip: gz})
			if err != nil {
				t.Fatal(err)
			}
			var logged []string
			back, err := ReadFile(paths[0], ReadOptions{Log: func(s string) { logged = append(logged, s) }})
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if back.Digest() != c.Digest() || !slices.Equal(back.DocIDs, c.DocIDs) {
				t.Errorf("%s: ids %q, want %q", paths[0], back.DocIDs, c.DocIDs)
			}
			if !reflect.DeepEqual(back.Preprocessing.Saved, c.Preprocessing) || !reflect.DeepEqual(back.Preprocessing.TextOptions(), c.Preprocessing.Text) {
				t.Errorf("%s: record %+v, want saved from %+v", paths[0], back.Preprocessing, c.Preprocessing)
			}
			if !slices.ContainsFunc(logged, func(s string) bool {
				return strings.Contains(s, DocIDsFileName) && strings.Contains(s, PreprocessingFileName)
			}) {
				t.Errorf("%s: log %q says nothing of the files read", paths[0], logged)
			}
			if got := SavedCompanions(paths[0]); !slices.Equal(got, []string{filepath.Join(dir, DocIDsFileName), filepath.Join(dir, PreprocessingFileName)}) {
				t.Errorf("SavedCompanions(%s) = %q", paths[0], got)
			}
		}
	}
}

// TestReadSavedRefuses: ids of another number of documents, a damaged
// record, or one of another program are errors naming the file; a file
// named otherwise than SaveDir's reads no ids (KOS's docword.kos.txt
// beside a docids.txt).
func TestReadSavedRefuses(t *testing.T) {
	c := FromTokens([][]string{{"a", "b"}, {"b", "c"}, {"c", "a"}})
	c.DocIDs = []string{"x", "y", "z"}
	dir := t.TempDir()
	paths, err := SaveDir(context.Background(), dir, c, SaveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ids, record := filepath.Join(dir, DocIDsFileName), filepath.Join(dir, PreprocessingFileName)
	if _, err := os.Stat(record); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a corpus of tokens has no record: %v", err)
	}
	for _, tc := range []struct{ file, content, want string }{
		{ids, "x\ny\n", "docids.txt: 2 ids, for 3 documents"},
		{ids, "x\ny\nz\nw\n", "docids.txt:4: more ids than the 3 documents"},
		{ids, "x\ny\x00\nz\n", "docids.txt:2: a NUL byte"},
		{record, `{"format": "uci", "text": {"stem": "yes"}}`, "preprocessing.json: not a preparation record"},
		{record, `{"format": "uci", "other": 1}`, `unknown field "other"`},
		{record, `{"format": "uci"} {}`, "data after the preparation record"},
		{record, `{"text": {"stop_word_files": ["/etc/passwd"]}}`, "a record holds its stop words, not files"},
	} {
		if err := os.WriteFile(tc.file, []byte(tc.content), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadFile(paths[0], ReadOptions{})
		var pe *ParseError
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s holding %q: %v, want a *ParseError with %q", filepath.Base(tc.file), tc.content, err, tc.want)
		}
		os.Remove(tc.file)
	}
	// Line breaks of "\r\n" and none after the last id are taken.
	if err := os.WriteFile(ids, []byte("x\r\ny\nz"), 0o644); err != nil {
		t.Fatal(err)
	}
	if back, err := ReadFile(paths[0], ReadOptions{}); err != nil {
		t.Errorf("ids of CRLF lines: %v", err)
	} else if !slices.Equal(back.DocIDs, []string{"x", "y", "z"}) {
		t.Errorf("ids of CRLF lines: %q", back.DocIDs)
	}
	other := filepath.Join(dir, "docword.kos.txt")
	if err := os.Rename(paths[0], other); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(ids, []byte("p\nq\nr\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	back, err := ReadFile(other, ReadOptions{Vocab: filepath.Join(dir, VocabFileName)})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back.DocIDs, []string{"1", "2", "3"}) || SavedCompanions(other) != nil {
		t.Errorf("docword.kos.txt: ids %q; companions %q", back.DocIDs, SavedCompanions(other))
	}
}
