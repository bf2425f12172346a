package corpus

import (
	"errors"
	"testing"
)

// TestZeroCorpus: the zero Corpus has no document (NumDocs was -1, NNZ
// panicked), and Validate says what it lacks with ErrZeroCorpus rather
// than "Offsets must start with 0"; a corpus that holds Words without
// Offsets is still malformed, not a zero one.
func TestZeroCorpus(t *testing.T) {
	var c Corpus
	if d, n, v := c.NumDocs(), c.NNZ(), c.NumWords(); d != 0 || n != 0 || v != 0 {
		t.Errorf("zero Corpus: NumDocs %d, NNZ %d, NumWords %d; want 0 each", d, n, v)
	}
	if err := c.Validate(); !errors.Is(err, ErrZeroCorpus) {
		t.Errorf("zero Corpus: Validate = %v, want ErrZeroCorpus", err)
	}
	words := Corpus{Words: []int32{0}, Counts: []int32{1}, Vocab: []string{"a"}}
	if err := words.Validate(); err == nil || errors.Is(err, ErrZeroCorpus) {
		t.Errorf("Words without Offsets: Validate = %v, want the Offsets' error", err)
	}
	if err := FromTokens(nil).Validate(); err != nil {
		t.Errorf("the empty corpus FromTokens makes: %v", err)
	}
}
