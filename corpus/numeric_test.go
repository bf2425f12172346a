package corpus

import (
	"io"
	"math"
	"slices"
	"strings"
	"testing"
)

type readFunc func(r io.Reader, name string, vocab []string, maxMemory int64) (*Corpus, error)

type errCase struct {
	name, in, prefix, substr string
}

// checkErrors runs read on each case with a 5-word vocabulary and checks
// the *ParseError it must return.
func checkErrors(t *testing.T, read readFunc, file string, cases []errCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, err := read(strings.NewReader(tc.in), file, testVocab(5), 0)
			if err == nil {
				t.Fatalf("no error, corpus %+v", c)
			}
			wantParseError(t, err, tc.prefix, tc.substr)
		})
	}
}

func TestReadUCIErrors(t *testing.T) {
	checkErrors(t, readUCI, "d.txt", []errCase{
		{"empty", "", "d.txt:1: ", "missing UCI header"},
		{"short header", "4\n5\n", "d.txt:3: ", "missing UCI header: expected number of nonzeros NNZ"},
		{"header not integer", "4\nfive\n1\n", "d.txt:2: ", `"five" is not an integer`},
		{"header two fields", "4 5\n5\n1\n", "d.txt:1: ", "expected a single integer"},
		{"header negative", "-4\n5\n1\n", "d.txt:1: ", "outside"},
		{"W disagrees with vocab", "4\n\n6\n1\n1 1 1\n", "d.txt:3: ", "W=6 words but the vocabulary has 5"},
		{"NNZ too large", "4\n5\n2\n1 1 1\n", "d.txt:3: ", "NNZ=2 but the file has 1 entries"},
		{"NNZ too small", "\n4\n\n5\n1\n1 1 1\n2 2 2\n", "d.txt:5: ", "NNZ=1 but the file has 2 entries"},
		{"D too large", "99999999999999999999999\n5\n1\n", "d.txt:1: ", "UCI header number of documents D 99999999999999999999999 outside [0,134217728]"},
		{"two fields", "4\n5\n1\n1 1\n", "d.txt:4: ", `expected "docID wordID count", got "1 1"`},
		{"four fields", "4\n5\n1\n1 1 1 1\n", "d.txt:4: ", `expected "docID wordID count"`},
		{"word not integer", "4\n5\n1\n1 x 1\n", "d.txt:4: ", `word id "x" is not an integer`},
		{"float count", "4\n5\n1\n1 1 1.5\n", "d.txt:4: ", `count "1.5" is not an integer`},
		{"zero count", "4\n5\n2\n1 1 1\n1 2 0\n", "d.txt:5: ", "count 0 is not positive"},
		{"negative count", "4\n5\n1\n1 1 -2\n", "d.txt:4: ", "count -2 is not positive"},
		{"count overflows int32", "4\n5\n1\n1 1 2147483648\n", "d.txt:4: ", "does not fit in int32"},
		{"doc zero", "4\n5\n1\n0 1 1\n", "d.txt:4: ", "document id 0 outside [1,4]"},
		{"doc above D", "4\n5\n1\n5 1 1\n", "d.txt:4: ", "document id 5 outside [1,4]"},
		{"huge doc", "4\n5\n1\n123456789012345678901234567890 1 1\n", "d.txt:4: ", "document id 123456789012345678901234... outside"},
		{"word zero", "4\n5\n1\n1 0 1\n", "d.txt:4: ", "word id 0 outside [1,5]"},
		{"word above W", "4\n5\n1\n1 6 1\n", "d.txt:4: ", "word id 6 outside [1,5]"},
		// The line of the entry that takes the sum beyond (issue 15: none).
		{"sum overflows", "4\n5\n2\n2 3 2147483647\n2 3 1\n", "d.txt:5: ", `document 2: the counts of word "w3" sum to more than 2147483647`},
		{"sum overflows unsorted", "4\n5\n4\n2 3 2147483647\n1 1 1\n\n\n2 3 1\n1 1 1\n", "d.txt:8: ", `document 2: the counts of word "w3" sum to more than`},
	})
}

func TestReadUCI(t *testing.T) {
	// Unsorted entries, a repeated pair, CRLF and blank lines, empty
	// documents 1, 3 and 5 (D=5).
	in := "5\r\n5\r\n5\r\n\r\n4 5 1\r\n2 3 2\n  4\t1 1 \n2 1 1\n\n2 3 4\n"
	c, err := readUCI(strings.NewReader(in), "d.txt", testVocab(5), 0)
	if err != nil {
		t.Fatal(err)
	}
	want := &Corpus{
		Vocab:   testVocab(5),
		DocIDs:  []string{"1", "2", "3", "4", "5"},
		Offsets: []int64{0, 0, 2, 2, 4, 4},
		Words:   []int32{0, 2, 0, 4},
		Counts:  []int32{1, 6, 1, 1},
	}
	sameCorpus(t, c, want)
}

func TestReadLDACErrors(t *testing.T) {
	checkErrors(t, readLDAC, "d.dat", []errCase{
		{"too few pairs", "2 0:1\n", "d.dat:1: ", "line declares 2 terms but has 1 id:count pairs"},
		{"too many pairs", "1 0:1\n1 0:1 1:1\n", "d.dat:2: ", "line declares 1 terms but has 2"},
		{"N not integer", "x 0:1\n", "d.dat:1: ", `number of terms "x" is not an integer`},
		{"N negative", "-1\n", "d.dat:1: ", "number of terms -1 outside"},
		{"N is a pair", "0:1\n", "d.dat:1: ", `number of terms "0:1" is not an integer`},
		{"no colon", "1 0-1\n", "d.dat:1: ", `expected id:count, got "0-1"`},
		{"bad id", "\n\n1 a:1\n", "d.dat:3: ", `word id "a" is not an integer`},
		{"id equals V", "1 5:1\n", "d.dat:1: ", "word id 5 outside [0,4]"},
		{"negative id", "1 -1:1\n", "d.dat:1: ", "word id -1 outside [0,4]"},
		{"zero count", "1 0:0\n", "d.dat:1: ", "count 0 is not positive"},
		{"empty count", "1 0:\n", "d.dat:1: ", `count "" is not an integer`},
		{"count overflows int32", "1 0:99999999999\n", "d.dat:1: ", "does not fit in int32"},
		{"sum overflows", "2 1:2147483647 1:2147483647\n", "d.dat:1: ", `document 1: the counts of word "w2" sum to more than`},
		{"sum overflows on line 3", "1 0:1\n\n2 1:2147483647 1:1\n", "d.dat:3: ", `document 3: the counts of word "w2" sum`},
	})
}

func TestReadLDAC(t *testing.T) {
	// Unsorted and repeated ids, an empty document, a blank line: ids are
	// the line numbers.
	in := "3 4:1 0:2 4:3\n0\n\n1 2:1\r\n"
	c, err := readLDAC(strings.NewReader(in), "d.dat", testVocab(5), 0)
	if err != nil {
		t.Fatal(err)
	}
	want := &Corpus{
		Vocab:   testVocab(5),
		DocIDs:  []string{"1", "2", "4"},
		Offsets: []int64{0, 2, 2, 3},
		Words:   []int32{0, 4, 2},
		Counts:  []int32{2, 4, 1},
	}
	sameCorpus(t, c, want)
}

func TestReadTripletErrors(t *testing.T) {
	checkErrors(t, readTriplet, "t.txt", []errCase{
		{"two fields", "1 1 1\n1 1\n", "t.txt:2: ", `expected "docID wordID count"`},
		{"doc zero", "0 1 1\n", "t.txt:1: ", "document id 0 outside [1,"},
		{"doc too large", "999999999999 1 1\n", "t.txt:1: ", "document id 999999999999 outside [1,"},
		{"word above V", "1 6 1\n", "t.txt:1: ", "word id 6 outside [1,5]"},
		{"zero count", "1 1 0\n", "t.txt:1: ", "count 0 is not positive"},
		{"text", "a b c\n", "t.txt:1: ", `document id "a" is not an integer`},
		{"sum overflows unsorted", "3 1 5\n1 2 2147483000\n\n2 2 1\n1 2 1000\n1 2 1\n", "t.txt:5: ", `document 1: the counts of word "w2" sum to more than`},
		{"sum of many overflows", "1 1 1\n" + strings.Repeat("2 2 1073741824\n", 3), "t.txt:3: ", `document 2: the counts of word "w2" sum`},
	})
}

func TestReadTriplet(t *testing.T) {
	// Sorted by word rather than by document (like the SLA data), a
	// repeated pair; D is the largest id and document 2 is empty.
	in := "3 1 1\n1 2 2\n3 2 1\n1 2 1\n1 5 7\n"
	c, err := readTriplet(strings.NewReader(in), "t.txt", testVocab(5), 0)
	if err != nil {
		t.Fatal(err)
	}
	want := &Corpus{
		Vocab:   testVocab(5),
		DocIDs:  []string{"1", "2", "3"},
		Offsets: []int64{0, 2, 2, 4},
		Words:   []int32{1, 4, 0, 1},
		Counts:  []int32{3, 7, 1, 1},
	}
	sameCorpus(t, c, want)
}

func TestReadVocab(t *testing.T) {
	v, err := readVocab(strings.NewReader("apple\r\n  new_york \nzebra\t\n\n \n"), "v.txt")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"apple", "new_york", "zebra"}; !slices.Equal(v, want) {
		t.Fatalf("vocab %q, want %q", v, want)
	}
	for _, tc := range []errCase{
		{"empty", "", "v.txt: ", "no words"},
		{"blank only", "\n\n", "v.txt: ", "no words"},
		{"inner blank", "a\n\nb\n", "v.txt:2: ", "empty word"},
		{"invalid utf8", "a\nb\xff\n", "v.txt:2: ", "not valid UTF-8"},
		{"duplicate", "a\nb\n a\n", "v.txt:3: ", `duplicate word "a" (also on line 1)`},
		{"inner space", "a\nnew york\n", "v.txt:2: ", `word "new york" contains white space`}, // issue 15
		{"inner tab", "a\nb\tc\n", "v.txt:2: ", "contains white space"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := readVocab(strings.NewReader(tc.in), "v.txt")
			wantParseError(t, err, tc.prefix, tc.substr)
		})
	}
}

func TestCountFieldLimits(t *testing.T) {
	s := newLineScanner(strings.NewReader(""), "x")
	if k, err := s.countField([]byte("2147483647")); err != nil || k != math.MaxInt32 {
		t.Fatalf("countField(MaxInt32) = %d, %v", k, err)
	}
	for _, in := range []string{"", "-", "+1", "1e3", "0x10", "١"} {
		if _, ok := parseInt([]byte(in)); ok {
			t.Errorf("parseInt(%q) accepted", in)
		}
	}
	if v, ok := parseInt([]byte("-00042")); !ok || v != -42 {
		t.Errorf("parseInt(-00042) = %d, %v", v, ok)
	}
}
