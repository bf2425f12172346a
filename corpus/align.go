package corpus

import (
	"slices"

	"github.com/hulltopics/hull/internal/terms"
)

// AlignReport says what Align had to drop.
type AlignReport struct {
	// UnknownWords is the number of distinct words of the input that the
	// target vocabulary lacks.
	UnknownWords int
	// DroppedTokens is the number of tokens of those words.
	DroppedTokens int64
	// Tokens is the number of tokens kept.
	Tokens int64
}

// Align returns c re-indexed onto vocab by word string: a document keeps
// its id and the counts of the words vocab knows; words vocab lacks are
// dropped and counted. Documents left empty are kept (callers decide), so
// document i of the result is document i of c. Models and their test or
// reference corpora are joined this way. When c's words are vocab's, in
// its order, the result shares c's documents (a Corpus is not changed in
// place): no copy, O(nnz + V) time to count the tokens. Otherwise the
// documents are copied in O(nnz + V) time when the words vocab knows keep
// their order in it (a pruned corpus), O(nnz log n) for documents of n
// distinct words when they do not. c must pass Validate (every reader's
// corpus does): Align returns no error, and one built by hand with a word
// index out of range makes it panic.
func Align(c *Corpus, vocab []string) (*Corpus, AlignReport) {
	index := IndexWords(vocab)
	remap := make([]int32, c.NumWords())
	ordered, last, known := true, int32(-1), 0 // the known words keep their order: rows stay sorted
	for i, w := range c.Vocab {
		j, ok := index[w]
		if !ok {
			j = -1
		} else {
			ordered = ordered && j > last
			last = j
			known++
		}
		remap[i] = j
	}
	if ordered && known == len(c.Vocab) && known == len(vocab) {
		// The same words in the same order: nothing to re-index.
		return &Corpus{Vocab: vocab, DocIDs: c.DocIDs, Excerpts: c.Excerpts, Offsets: c.Offsets, Words: c.Words, Counts: c.Counts},
			AlignReport{Tokens: c.Tokens()}
	}
	var rep AlignReport
	unknown := make([]bool, c.NumWords())
	var kept int // the entries kept, to allocate them once
	for _, w := range c.Words {
		if remap[w] >= 0 {
			kept++
		}
	}
	out := &Corpus{Vocab: vocab, DocIDs: slices.Clone(c.DocIDs), Excerpts: slices.Clone(c.Excerpts), Offsets: make([]int64, 1, c.NumDocs()+1),
		Words: make([]int32, 0, kept), Counts: make([]int32, 0, kept)}
	var scratch []uint64
	for d := range c.NumDocs() {
		words, counts := c.Doc(d)
		start := len(out.Words)
		for q, w := range words {
			if j := remap[w]; j >= 0 {
				out.Words = append(out.Words, j)
				out.Counts = append(out.Counts, counts[q])
				rep.Tokens += int64(counts[q])
			} else {
				unknown[w] = true
				rep.DroppedTokens += int64(counts[q])
			}
		}
		if !ordered { // sort the row, summing two input words of one string
			var n int
			n, _, scratch = terms.Compact(out.Words[start:], out.Counts[start:], scratch)
			out.Words, out.Counts = out.Words[:start+n], out.Counts[:start+n]
		}
		out.Offsets = append(out.Offsets, int64(len(out.Words)))
	}
	for _, u := range unknown {
		if u {
			rep.UnknownWords++
		}
	}
	return out, rep
}

// AlignBytes returns at most the memory Align(c, vocab) allocates: none
// when the result shares c's documents (c's words are vocab's, in its
// order), else the copy of the documents as if every entry were kept
// (8 bytes an entry and an offset), the document ids' string headers and
// Align's per-word tables. A caller checks it against a memory limit
// before aligning.
func AlignBytes(c *Corpus, vocab []string) int64 {
	if slices.Equal(c.Vocab, vocab) {
		return 0
	}
	d := int64(c.NumDocs())
	return 8*(d+1) + 8*c.NNZ() + 16*d + 5*int64(c.NumWords())
}
