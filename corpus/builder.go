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
	// The closed documents' terms, in blocks (a document may span two):
	// growing one array would copy it again at every growth, four times
	// its final size in all. The blocks double from firstBlock entries to
	// builderBlock, so that a corpus of one short document does not
	// allocate 8 MiB.
	words, counts [][]int32
	nnz           int64
	docW, docC    []int32  // the open document's terms
	scratch       []uint64 // for terms.Compact
}

// firstBlock and builderBlock are the numbers of entries of a Builder's
// first and largest blocks.
const (
	firstBlock   = 1 << 10
	builderBlock = 1 << 20
)

// NewBuilder returns a Builder. If vocab is non-nil the vocabulary is fixed
// to it (documents then refer to words by index or by known string);
// otherwise words are added as they are first seen.
func NewBuilder(vocab []string) *Builder {
	b := &Builder{index: make(map[string]int32), offsets: []int64{0}}
	if vocab != nil {
		b.fixed = true
		b.vocab = vocab
		b.index = IndexWords(vocab)
	}
	return b
}

// IndexWords returns the index of each word of vocab, the first where a
// word is listed twice: the index under which NewBuilder, FromTokensOn
// and Align count a word of a fixed vocabulary. Time O(V).
func IndexWords(vocab []string) map[string]int32 {
	index := make(map[string]int32, len(vocab))
	for i, w := range vocab {
		if _, dup := index[w]; !dup {
			index[w] = int32(i)
		}
	}
	return index
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
	b.docW = append(b.docW, w)
	b.docC = append(b.docC, count)
}

// EndDoc closes the current document with the given id. An empty document
// is kept (pruning drops empty documents and reports them).
func (b *Builder) EndDoc(id string) {
	var n int
	n, _, b.scratch = terms.Compact(b.docW, b.docC, b.scratch)
	words, counts := b.docW[:n], b.docC[:n]
	for len(words) > 0 {
		if k := len(b.words); k == 0 || len(b.words[k-1]) == cap(b.words[k-1]) {
			size := firstBlock
			if k > 0 {
				size = min(2*cap(b.words[k-1]), builderBlock)
			}
			b.words = append(b.words, make([]int32, 0, size))
			b.counts = append(b.counts, make([]int32, 0, size))
		}
		k := len(b.words) - 1
		m := min(len(words), cap(b.words[k])-len(b.words[k]))
		b.words[k] = append(b.words[k], words[:m]...)
		b.counts[k] = append(b.counts[k], counts[:m]...)
		words, counts = words[m:], counts[m:]
	}
	b.nnz += int64(n)
	b.docW, b.docC = b.docW[:0], b.docC[:0]
	b.ids = append(b.ids, id)
	b.offsets = append(b.offsets, b.nnz)
}

// NumDocs returns the number of documents closed so far.
func (b *Builder) NumDocs() int { return len(b.ids) }

// Corpus returns the assembled corpus; a second call returns the same
// documents again. The Builder must not be added to after.
func (b *Builder) Corpus() *Corpus {
	words, counts := make([]int32, 0, b.nnz), make([]int32, 0, b.nnz)
	for k := range b.words {
		words, counts = append(words, b.words[k]...), append(counts, b.counts[k]...)
		b.words[k], b.counts[k] = nil, nil // each block free once copied
	}
	b.words, b.counts = [][]int32{words}, [][]int32{counts} // for a second call
	return &Corpus{Vocab: b.vocab, DocIDs: b.ids, Offsets: b.offsets, Words: words, Counts: counts}
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
