package doctopics

import (
	"bytes"
	"testing"
)

// An id with control or bidirectional characters is written escaped, the
// line breaks and tabs as spaces: one line per document, safe to print.
func TestWriteEscapesIDs(t *testing.T) {
	var b bytes.Buffer
	ids := []string{"a\x1b[2Jb", "bel\a\x00", "rl\u202eo", "tab\there\r\nx", "wörd"}
	theta := [][]float64{{1}, {1}, {1}, {1}, {1}}
	if err := Write(&b, ids, theta, false); err != nil {
		t.Fatal(err)
	}
	want := "a\\x1b[2Jb\t1\nbel\\a\\x00\t1\nrl\\u202eo\t1\ntab here x\t1\nwörd\t1\n"
	if b.String() != want {
		t.Errorf("table\n%q, want\n%q", b.String(), want)
	}
	gotIDs, _, err := Read(bytes.NewReader(b.Bytes()), "t.tsv")
	if err != nil || len(gotIDs) != len(ids) {
		t.Fatalf("read back %q, %v", gotIDs, err)
	}
}
