package corpus

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

func itoa(i int) string { return strconv.Itoa(i) }

// wantParseError checks that err is a *ParseError whose message starts
// with prefix ("file:line: ") and contains substr.
func wantParseError(t *testing.T, err error, prefix, substr string) {
	t.Helper()
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("error %v (%T), want a *ParseError", err, err)
	}
	if msg := err.Error(); !strings.HasPrefix(msg, prefix) || !strings.Contains(msg, substr) {
		t.Fatalf("error %q, want prefix %q and %q", msg, prefix, substr)
	}
}

// mustValid fails the test if c is not a valid corpus.
func mustValid(t *testing.T, c *Corpus) {
	t.Helper()
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
}

// testVocab returns n words w1..wn.
func testVocab(n int) []string {
	v := make([]string, n)
	for i := range v {
		v[i] = "w" + itoa(i+1)
	}
	return v
}

// sameCorpus fails the test unless a and b hold the same content.
func sameCorpus(t *testing.T, a, b *Corpus) {
	t.Helper()
	mustValid(t, a)
	mustValid(t, b)
	if a.Digest() != b.Digest() {
		t.Fatalf("corpora differ:\n%+v\n%+v", a, b)
	}
}
