package corpus

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

func TestAlign(t *testing.T) {
	b := NewBuilder([]string{"rain", "snow", "sun", "moon"})
	b.Add(0, 2)
	b.Add(3, 1)
	b.EndDoc("a")
	b.Add(3, 4)
	b.EndDoc("b")
	b.Add(1, 1)
	b.Add(2, 5)
	b.EndDoc("c")
	got, rep := Align(b.Corpus(), []string{"sun", "rain", "snow", "wind"})
	if err := got.Validate(); err != nil {
		t.Fatal(err)
	}
	want := map[string]map[string]int32{"a": {"rain": 2}, "b": {}, "c": {"snow": 1, "sun": 5}}
	for d, id := range got.DocIDs {
		words, counts := got.Doc(d)
		have := map[string]int32{}
		for q, w := range words {
			have[got.Vocab[w]] = counts[q]
		}
		if !reflect.DeepEqual(have, want[id]) {
			t.Errorf("doc %s: %v, want %v", id, have, want[id])
		}
	}
	if rep.UnknownWords != 1 || rep.DroppedTokens != 5 || rep.Tokens != 8 || got.NumWords() != 4 {
		t.Errorf("report %+v, V %d", rep, got.NumWords())
	}
}

// alignByBuilder is the reference Align: every entry through a Builder.
func alignByBuilder(c *Corpus, vocab []string) *Corpus {
	b := NewBuilder(vocab)
	for d := range c.NumDocs() {
		words, counts := c.Doc(d)
		for q, w := range words {
			if j, ok := b.WordIndex(c.Vocab[w]); ok {
				b.Add(j, counts[q])
			}
		}
		b.EndDoc(c.DocIDs[d])
	}
	return b.Corpus()
}

// Align gives the reference's documents whatever the two vocabularies
// share and in whatever order: the same words in the same order (the
// documents shared), a pruned vocabulary (order kept), a permutation, words
// of the input missing from a target of the same size, a target with a
// repeated word.
func TestAlignAgainstBuilder(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	words := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	var docs [][]string
	for range 200 {
		doc := make([]string, 1+rng.IntN(12))
		for i := range doc {
			doc[i] = words[rng.IntN(len(words))]
		}
		docs = append(docs, doc)
	}
	c := FromTokens(docs)
	reversed := slices.Clone(c.Vocab)
	slices.Reverse(reversed)
	swapped := slices.Clone(c.Vocab)
	swapped[1] = "unseen" // the same size, one word of the input unknown, the rest in order
	for _, tc := range []struct {
		name  string
		vocab []string
	}{
		{"same", slices.Clone(c.Vocab)},
		{"pruned", []string{c.Vocab[1], c.Vocab[4], c.Vocab[6]}},
		{"reversed", reversed},
		{"one unknown", swapped},
		{"repeated", []string{c.Vocab[5], "z", c.Vocab[2], c.Vocab[5], c.Vocab[0]}},
	} {
		got, rep := Align(c, tc.vocab)
		want := alignByBuilder(c, tc.vocab)
		if err := got.Validate(); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !slices.Equal(got.Offsets, want.Offsets) || !slices.Equal(got.Words, want.Words) || !slices.Equal(got.Counts, want.Counts) ||
			!slices.Equal(got.DocIDs, want.DocIDs) || !slices.Equal(got.Vocab, tc.vocab) {
			t.Errorf("%s: the documents differ from the reference's", tc.name)
		}
		if rep.Tokens != want.Tokens() || rep.Tokens+rep.DroppedTokens != c.Tokens() {
			t.Errorf("%s: report %+v, want %d tokens kept of %d", tc.name, rep, want.Tokens(), c.Tokens())
		}
		// AlignBytes is none exactly when the result shares c's documents,
		// else at least the copy's arrays.
		shared := &got.Words[0] == &c.Words[0]
		if n := AlignBytes(c, tc.vocab); (n == 0) != shared || (!shared && n < 8*int64(len(got.Offsets))+8*got.NNZ()+16*int64(len(got.DocIDs))) {
			t.Errorf("%s: AlignBytes %d for a copy of %d entries (shared: %v)", tc.name, n, got.NNZ(), shared)
		}
	}
}
