package corpus

import (
	"fmt"
	"slices"

	"github.com/hulltopics/hull/internal/terms"
)

// Builder assembles a Corpus one document at a time. Counts of a repeated
// word within one document are summed; words may be added in any order.
// The zero value is not usable: call NewBuilder.
type Builder struct {
	vocab   []string
	index   map[string]int32
	fixed   bool // vocabulary is fixed: AddWord of an unknown word fails
	ids     []string
	offsets []int64
	words   []int32
	counts  []int32
	start   int      // the first entry of the open document
	scratch []uint64 // for terms.Compact
}

// NewBuilder returns a Builder. If vocab is non-nil the vocabulary is fixed
// to it (documents then refer to words by index or by known string);
// otherwise words are added as they are first seen.
func NewBuilder(vocab []string) *Builder {
	b := &Builder{index: make(map[string]int32), offsets: []int64{0}}
	if vocab != nil {
		b.fixed = true
		b.vocab = vocab
		for i, w := range vocab {
			if _, dup := b.index[w]; !dup {
				b.index[w] = int32(i)
			}
		}
	}
	return b
}

// WordIndex returns the index of word w, adding it to a growing vocabulary.
// With a fixed vocabulary it reports false for an unknown word.
func (b *Builder) WordIndex(w string) (int32, bool) {
	if i, ok := b.index[w]; ok {
		return i, true
	}
	if b.fixed {
		return 0, false
	}
	i := int32(len(b.vocab))
	b.vocab = append(b.vocab, w)
	b.index[w] = i
	return i, true
}

// Add adds count occurrences of word index w to the current document.
// It panics if count < 1 or w is out of range: readers validate first.
func (b *Builder) Add(w int32, count int32) {
	if count < 1 || w < 0 || int(w) >= len(b.vocab) {
		panic(fmt.Sprintf("corpus: Builder.Add(%d, %d) with %d words", w, count, len(b.vocab)))
	}
	b.words = append(b.words, w)
	b.counts = append(b.counts, count)
}

// EndDoc closes the current document with the given id. An empty document
// is kept (pruning drops empty documents and reports them).
func (b *Builder) EndDoc(id string) {
	var n int
	n, _, b.scratch = terms.Compact(b.words[b.start:], b.counts[b.start:], b.scratch)
	b.words, b.counts = b.words[:b.start+n], b.counts[:b.start+n]
	b.start = len(b.words)
	b.ids = append(b.ids, id)
	b.offsets = append(b.offsets, int64(len(b.words)))
}

// NumDocs returns the number of documents closed so far.
func (b *Builder) NumDocs() int { return len(b.ids) }

// Corpus returns the assembled corpus. The Builder must not be used after.
func (b *Builder) Corpus() *Corpus {
	return &Corpus{Vocab: b.vocab, DocIDs: b.ids, Offsets: b.offsets, Words: b.words, Counts: b.counts}
}

// AppendTokens appends to c a document given as its tokens (word indices,
// which it sorts in place) with the given id: sorting yields the CSR row
// directly, without the map a Builder needs. It is the fast path of
// generators and splitters that already hold valid word indices, which it
// does not check. Time O(n log n) for n tokens.
func AppendTokens(c *Corpus, id string, tokens []int32) {
	slices.Sort(tokens)
	for i := 0; i < len(tokens); {
		j := i + 1
		for j < len(tokens) && tokens[j] == tokens[i] {
			j++
		}
		c.Words = append(c.Words, tokens[i])
		c.Counts = append(c.Counts, int32(j-i))
		i = j
	}
	c.DocIDs = append(c.DocIDs, id)
	c.Offsets = append(c.Offsets, int64(len(c.Words)))
}
