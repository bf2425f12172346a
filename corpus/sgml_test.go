package corpus

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestReadSGMLTagsWithinLines: a record closes at its closing tag
// wherever it stands in the line, and a record may open after it on the
// same line; two records were merged into one when "</DOC><DOC>" shared
// a line.
func TestReadSGMLTagsWithinLines(t *testing.T) {
	for _, in := range []string{
		"<DOC>\n<DOCNO>1</DOCNO>\n<TEXT>apple banana</TEXT>\n</DOC><DOC>\n<DOCNO>2</DOCNO>\n<TEXT>pear plum</TEXT>\n</DOC>\n",
		"<DOC>\n<DOCNO>1</DOCNO>\n<TEXT>apple banana</TEXT></doc>  <DOC><DOCNO>2</DOCNO>\n<TEXT>pear plum</TEXT>\n</DOC>\n",
		"<DOC><DOCNO>1</DOCNO><TEXT>apple banana</TEXT></DOC><DOC><DOCNO>2</DOCNO><TEXT>pear plum</TEXT></DOC>",
		"  <doc>\n<DOCNO>1</DOCNO>\n<TEXT>apple banana</TEXT>\n</doc>\n<!-- between -->\n<Doc id=\"x\">\n<DOCNO>2</DOCNO>\n<TEXT>pear plum</TEXT></DOC>  \r\n",
	} {
		c, err := ReadFrom(strings.NewReader(in), "merge.sgml", ReadOptions{Format: FormatSGML})
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		checkDocs(t, c, []string{"1", "2"}, []map[string]int32{{"apple": 1, "banana": 1}, {"pear": 1, "plum": 1}})
	}
}

// TestReadSGMLSplitErrors: text after a closing tag, and a record opened
// inside an open one, are errors at their line, instead of records
// swallowed by their neighbours; a repeated id names where the id comes
// from, <DOCNO>, NEWID or the record's number (the message named an "id"
// field, which SGML does not have).
func TestReadSGMLSplitErrors(t *testing.T) {
	cases := []struct{ in, prefix, msg string }{
		{"<DOC>\n<TEXT>a</TEXT>\n</DOC> trailing\n<DOC>\n<TEXT>b</TEXT>\n</DOC>\n", "s:3: ", `text outside any <DOC> or <REUTERS> record: "trailing"`},
		{"<DOC>\n<TEXT>a</TEXT>\n<DOC>\n<TEXT>b</TEXT>\n</DOC>\n", "s:3: ", "<DOC> opened before the record of line 1 closed"},
		{"<DOC>\n<TEXT>a</TEXT> <doc id=2>\n</DOC>\n", "s:2: ", "<DOC> opened before the record of line 1 closed"},
		{"<DOC>\n<TEXT>a</TEXT>\n</DOC>\n<DOC>\n<TEXT>b</TEXT>\n", "s:4: ", "<DOC> record not closed before the end"},
		{"<DOC>\n<DOCNO> AP1 </DOCNO>\n<TEXT>a</TEXT>\n</DOC>\n<DOC>\n<DOCNO> AP1 </DOCNO>\n<TEXT>b</TEXT>\n</DOC>\n", "s:5: ", `<DOCNO> "AP1" repeats the id of line 1`},
		{`<REUTERS NEWID="7">a</REUTERS>` + "\n" + `<REUTERS NEWID="7">b</REUTERS>` + "\n", "s:2: ", `NEWID "7" repeats the id of line 1`},
		{"<DOC><DOCNO>2</DOCNO>a</DOC>\n<DOC>b</DOC>\n", "s:2: ", `the record has no <DOCNO> or NEWID, so its id is its number, "2", which the record of line 1 has already`},
	}
	for _, tc := range cases {
		_, err := ReadFrom(strings.NewReader(tc.in), "s", ReadOptions{Format: FormatSGML})
		wantParseError(t, err, tc.prefix, tc.msg)
	}
}

// TestReadSGMLTokenizeProgress: the records of an SGML input, read whole
// and then tokenized, report their tokenizing by bytes, from 0 to the
// size, never going back (the stage was silent).
func TestReadSGMLTokenizeProgress(t *testing.T) {
	var b bytes.Buffer
	for i := range 30000 {
		fmt.Fprintf(&b, "<DOC>\n<DOCNO>%d</DOCNO>\n<TEXT>apple banana cherry %d</TEXT>\n</DOC>\n", i, i)
	}
	var calls [][2]int
	_, err := ReadFile(writeFile(t, t.TempDir(), "big.sgml", b.String()), ReadOptions{Progress: func(stage string, done, total int) {
		if stage == "tokenize big.sgml" {
			calls = append(calls, [2]int{done, total})
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	checkProgress(t, calls, b.Len())
}

// checkProgress checks that calls (done, total) start at 0, end at total,
// never decrease and report in between.
func checkProgress(t *testing.T, calls [][2]int, total int) {
	t.Helper()
	if len(calls) < 3 || calls[0] != [2]int{0, total} || calls[len(calls)-1] != [2]int{total, total} {
		t.Fatalf("calls %v, want 0 to %d with reports between", calls, total)
	}
	if !slices.IsSortedFunc(calls, func(a, b [2]int) int { return a[0] - b[0] }) {
		t.Errorf("done goes back: %v", calls)
	}
	for _, c := range calls {
		if c[1] != total {
			t.Errorf("total %d, want %d", c[1], total)
		}
	}
}

// TestReadSGMLDupIDInDirectory: in a directory, a repeated <DOCNO> is
// quoted as the file holds it, not with the file's prefix of the
// document id ("a.sgml#A1" was called the DOCNO).
func TestReadSGMLDupIDInDirectory(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a.sgml", "<DOC>\n<DOCNO>A1</DOCNO>\n<TEXT>rain snow</TEXT>\n</DOC>\n<DOC>\n<DOCNO>A1</DOCNO>\n<TEXT>sun snow</TEXT>\n</DOC>\n")
	_, err := ReadFile(dir, ReadOptions{})
	if err == nil || !strings.Contains(err.Error(), `a.sgml:5: <DOCNO> "A1" repeats the id of line 1`) {
		t.Errorf("got %v", err)
	}
}
