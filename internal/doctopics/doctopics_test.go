package doctopics

import (
	"bytes"
	"slices"
	"testing"
)

// An id with control or bidirectional characters, tabs or line breaks is
// written escaped, its backslashes doubled: one line per document, safe
// to print, and read back as it was. Ids that escaping alone would make
// alike ("a\tb" and `a\tb`, ESC and `\x1b`) stay apart.
func TestWriteEscapesIDs(t *testing.T) {
	var b bytes.Buffer
	ids := []string{"a\x1b[2Jb", "bel\a\x00", "rl\u202eo", "tab\there\r\nx", "wörd", "a\tb", `a\tb`, "x\x1b", `x\x1b`, `q"\"`, "bad\xff"}
	theta := make([][]float64, len(ids))
	for d := range theta {
		theta[d] = []float64{1}
	}
	var reports []int
	report := func(stage string, done, total int) {
		if stage != "write document topics" || total != len(ids) {
			t.Fatalf("report %q %d of %d", stage, done, total)
		}
		reports = append(reports, done)
	}
	if err := Write(&b, ids, theta, false, report); err != nil {
		t.Fatal(err)
	}
	if len(reports) != len(ids)+1 || reports[0] != 0 || reports[len(ids)] != len(ids) {
		t.Errorf("rows written reported as %v, want 0 to %d", reports, len(ids))
	}
	want := `a\x1b[2Jb	1
bel\a\x00	1
rl\u202eo	1
tab\there\r\nx	1
wörd	1
a\tb	1
a\\tb	1
x\x1b	1
x\\x1b	1
q"\\"	1
bad\xff	1
`
	if b.String() != want {
		t.Errorf("table\n%q, want\n%q", b.String(), want)
	}
	gotIDs, _, err := Read(bytes.NewReader(b.Bytes()), "t.tsv")
	if err != nil || !slices.Equal(gotIDs, ids) {
		t.Fatalf("read back %q, %v; want %q", gotIDs, err, ids)
	}
}

// A table from another tool whose ids hold backslashes that are no
// escape sequence reads them as they stand.
func TestReadForeignBackslashes(t *testing.T) {
	ids, _, err := Read(bytes.NewReader([]byte("C:\\data\\d.txt\t1\nend\\\t1\n")), "t.tsv")
	if want := []string{`C:\data\d.txt`, `end\`}; err != nil || !slices.Equal(ids, want) {
		t.Errorf("read %q, %v; want %q", ids, err, want)
	}
}
