package corpus

import (
	"os"
	"path/filepath"
	"testing"
)

// sharedData is the read-only directory of real corpora (see its README).
const sharedData = "../../shared/data"

// sharedPath returns the path of a shared data file, skipping the test
// when the shared data is not available.
func sharedPath(tb testing.TB, rel string) string {
	tb.Helper()
	p := filepath.Join(sharedData, rel)
	if _, err := os.Stat(p); err != nil {
		tb.Skipf("shared data not available: %v", err)
	}
	return p
}

// TestSharedData reads every numeric corpus of the shared data with
// format detection and vocabulary discovery, and checks its size against
// the figures of the data README.
func TestSharedData(t *testing.T) {
	cases := []struct {
		path, vocab string
		format      Format
		docs, words int
		nnz, tokens int64
	}{
		{"kos/docword.kos.txt.gz", "kos/vocab.kos.txt", FormatUCI, 3430, 6906, 353160, 467714},
		{"nips/docword.nips.txt.gz", "nips/vocab.nips.txt", FormatUCI, 2483, 14036, 1304438, 3280697},
		{"ap/ap.dat", "ap/vocab.txt", FormatLDAC, 2246, 10473, 302031, 435838},
		{"sla/abstract.txt", "sla/abstract.vocab.txt", FormatTriplet, 3193, 2934, 192359, 248259},
	}
	for _, tc := range cases {
		t.Run(tc.path, func(t *testing.T) {
			path := sharedPath(t, tc.path)
			if got := detectFile(t, path); got != tc.format {
				t.Errorf("detected format %q, want %q", got, tc.format)
			}
			if v, err := findVocab(path); err != nil || v != filepath.Join(sharedData, tc.vocab) {
				t.Errorf("findVocab = %q, %v; want %q", v, err, tc.vocab)
			}
			c, err := ReadFile(path, ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if err := c.Validate(); err != nil {
				t.Fatal(err)
			}
			if c.NumDocs() != tc.docs || c.NumWords() != tc.words || c.NNZ() != tc.nnz || c.Tokens() != tc.tokens {
				t.Errorf("got %d docs, %d words, %d nonzeros, %d tokens; want %d, %d, %d, %d",
					c.NumDocs(), c.NumWords(), c.NNZ(), c.Tokens(), tc.docs, tc.words, tc.nnz, tc.tokens)
			}
			if c.DocIDs[0] != "1" || c.DocIDs[len(c.DocIDs)-1] != itoa(tc.docs) {
				t.Errorf("document ids %q ... %q, want 1 ... %d", c.DocIDs[0], c.DocIDs[len(c.DocIDs)-1], tc.docs)
			}
		})
	}
}

// detectFile returns the detected format of the file at path.
func detectFile(t *testing.T, path string) Format {
	t.Helper()
	file, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	br, err := decompress(file, path)
	if err != nil {
		t.Fatal(err)
	}
	f, _, err := detect(br, path)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// BenchmarkReadNIPS reads the gzip-compressed UCI NIPS corpus (1.3M
// nonzeros), vocabulary included.
func BenchmarkReadNIPS(b *testing.B) {
	path := sharedPath(b, "nips/docword.nips.txt.gz")
	for b.Loop() {
		c, err := ReadFile(path, ReadOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if c.NNZ() != 1304438 {
			b.Fatalf("%d nonzeros", c.NNZ())
		}
	}
}

// TestDetectShared checks the detection of the text corpora of the shared
// data (their reading is tested with the text readers).
func TestDetectShared(t *testing.T) {
	for rel, want := range map[string]Format{
		"classic/med.json":  FormatJSONL,
		"classic/cacm.json": FormatJSONL,
		"ap/ap.txt.gz":      FormatSGML,
	} {
		if got := detectFile(t, sharedPath(t, rel)); got != want {
			t.Errorf("%s: detected %q, want %q", rel, got, want)
		}
	}
}
