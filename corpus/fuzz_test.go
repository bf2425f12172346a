package corpus

import (
	"bytes"
	"errors"
	"os"
	"testing"
)

var (
	uciSeeds = []string{
		"4\n5\n6\n1 1 2\n1 3 1\n2 2 3\n4 1 1\n4 4 1\n4 5 4\n",
		"2\n5\n2\n2 5 1\n2 5 3\n",
		"3\r\n5\r\n1\r\n\r\n3 2 1\r\n",
		"4\n5\n1\n1 1\n", "4\n5\n1\n0 1 1\n", "4\n6\n1\n1 1 1\n", "4\n5\n2\n1 1 1\n",
		"1\n5\n2\n1 1 2147483647\n1 1 1\n", "99999999999\n5\n0\n", "", "1\n",
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
)

// fuzzNumeric checks a numeric reader on arbitrary input: it must not
// panic, must fail with a *ParseError or return a valid corpus that
// survives a UCI round trip.
func fuzzNumeric(f *testing.F, read readFunc, seeds []string) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	lowerMaxDocs(f)
	vocab := testVocab(5)
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := read(bytes.NewReader(data), "fuzz", vocab)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v (%T) is not a *ParseError", err, err)
			}
			return
		}
		mustValid(t, c)
		var b bytes.Buffer
		if err := WriteUCI(&b, c); err != nil {
			t.Fatal(err)
		}
		back, err := readUCI(&b, "back", vocab)
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

// FuzzDetect reads arbitrary bytes as ReadFile does (gzip detection,
// format detection, every reader): no panic, and either an error or a
// valid, non-empty corpus.
func FuzzDetect(f *testing.F) {
	for _, s := range [][]string{uciSeeds, ldacSeeds, tripletSeeds} {
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
	vocab := func() ([]string, error) { return testVocab(5), nil }
	f.Fuzz(func(t *testing.T, data []byte) {
		br, err := decompress(bytes.NewReader(data), "fuzz", nil)
		if err != nil {
			return
		}
		c, err := decode(br, "fuzz", ReadOptions{}, vocab)
		if err != nil {
			return
		}
		mustValid(t, c)
		if c.NumDocs() == 0 || c.NNZ() == 0 {
			t.Fatalf("empty corpus without error: %+v", c)
		}
	})
}
