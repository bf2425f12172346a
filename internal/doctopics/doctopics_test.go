package doctopics

import (
	"bytes"
	"math"
	"regexp"
	"slices"
	"strconv"
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

// A line longer than the limit is an error naming the file and the line,
// as the corpus readers word it, not bufio's bare "token too long"; a line
// of the limit reads.
func TestReadLongLine(t *testing.T) {
	const limit = 16
	fits := "d1\t0.5\t0.25\t0.25" // 16 bytes
	long := "d2\t0.5\t0.25\t0.250"
	for _, tc := range []struct{ name, text, want string }{
		{"t.tsv", fits + "\n\n" + long + "\n", "t.tsv:3: line longer than 16 bytes"},
		{"t.tsv", long, "t.tsv:1: line longer than 16 bytes"},
		{"", "id\ttopic1\n" + long + "\r\n", "line 2: line longer than 16 bytes"},
	} {
		_, _, err := readMax(bytes.NewReader([]byte(tc.text)), tc.name, limit)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%q: error %v, want %q", tc.text, err, tc.want)
		}
	}
	for _, text := range []string{fits, fits + "\n", fits[:15] + "\r\n", "id\ttopic1\n" + fits[:15] + "\r\n"} {
		if ids, _, err := readMax(bytes.NewReader([]byte(text)), "t.tsv", limit); err != nil || len(ids) != 1 {
			t.Errorf("%q: read %q, %v", text, ids, err)
		}
	}
	if len(fits) != limit || len(long) != limit+1 {
		t.Fatal("test lines of the wrong length")
	}
}

// FuzzReadDocTopics: Read never panics; its errors start with the name
// and either the number of a line of the input ("fuzz:3: ") or ": " (a
// table without a document); a table it reads writes back (Write) to the
// same ids and weights.
func FuzzReadDocTopics(f *testing.F) {
	for _, s := range []string{
		"id\ttopic1\ttopic2\n1\t0.25\t0.75\r\n\nd 2\t1\t0",
		"1\t0.5\t0.5\n2\t1\n",
		"a\t1e-300\t0x1p-3\n",
		"\t0\n",
		"a\\tb\t1\n\"q\\x1b\"\t0\n",
		"id\ttopic1\n",
		"a\t1\na\t1\n",
		"a\r\t1\n",
	} {
		f.Add([]byte(s))
	}
	lineErr := regexp.MustCompile(`^fuzz:([0-9]+): [^\n]+$`)
	f.Fuzz(func(t *testing.T, data []byte) {
		ids, theta, err := readMax(bytes.NewReader(data), "fuzz", 64)
		if err != nil {
			msg := err.Error()
			if msg == "fuzz: no document in the table" {
				return
			}
			m := lineErr.FindStringSubmatch(msg)
			if m == nil {
				t.Fatalf("error %q: want fuzz:LINE: what is wrong", msg)
			}
			lines := bytes.Count(data, []byte("\n")) + 1
			if n, _ := strconv.Atoi(m[1]); n < 1 || n > lines {
				t.Fatalf("error %q names a line of none of the %d", msg, lines)
			}
			return
		}
		var b bytes.Buffer
		if err := Write(&b, ids, theta, true, nil); err != nil {
			t.Fatalf("Write of what Read read: %v", err)
		}
		ids2, theta2, err := Read(bytes.NewReader(b.Bytes()), "written")
		if err != nil {
			t.Fatalf("%q read as %q, written as %q: %v", data, ids, b.Bytes(), err)
		}
		if !slices.Equal(ids, ids2) || len(theta) != len(theta2) {
			t.Fatalf("ids %q read back as %q", ids, ids2)
		}
		for d := range theta {
			for j, x := range theta[d] {
				if y := theta2[d][j]; math.Abs(x-y) > 1e-5*x || (x > 0) != (y > 0) {
					t.Fatalf("document %d weight %d: %v read back as %v", d, j, x, y)
				}
			}
		}
	})
}

// TestWriteRefusesRepeatedIDs: a table naming a document twice is refused
// before anything is written, as Read would refuse it.
func TestWriteRefusesRepeatedIDs(t *testing.T) {
	var b bytes.Buffer
	err := Write(&b, []string{"1", "2", "1"}, [][]float64{{1}, {1}, {1}}, true, nil)
	if err == nil || err.Error() != `rows 0 and 2 have the same document id "1": ids must name one document each` || b.Len() != 0 {
		t.Errorf("ids 1, 2, 1: %v after %d bytes, want refused before writing", err, b.Len())
	}
}
