package corpus

import (
	"slices"

	"github.com/hulltopics/hull/internal/terms"
)

// Merge returns the concatenation of the documents of cs over the union
// of their vocabularies (in first-seen order: the words of cs[0], then
// the new words of cs[1], ...). Document ids are kept as they are, even
// if they repeat across inputs. Word indices are remapped and stay sorted
// within each document. The inputs must pass Validate, and should have
// distinct words (as every reader produces): Merge returns no error, and
// an input with a word index out of range makes it panic. Should one repeat a word,
// its counts are summed (saturating at MaxInt32). Excerpts are kept when
// some input has them ("" for the documents of the others). Merge of no
// corpora is an empty corpus.
func Merge(cs ...*Corpus) *Corpus {
	out := &Corpus{Offsets: []int64{0}}
	index := make(map[string]int32)
	var nnz int64
	for _, c := range cs {
		nnz += c.NNZ()
	}
	out.Words = make([]int32, 0, nnz)
	out.Counts = make([]int32, 0, nnz)
	var scratch []uint64
	for _, c := range cs {
		remap := mergeVocab(out, index, c.Vocab)
		for d := range c.NumDocs() {
			words, counts := c.Doc(d)
			start := len(out.Words)
			for i, w := range words {
				out.Words = append(out.Words, remap[w])
				out.Counts = append(out.Counts, counts[i])
			}
			var n int
			n, _, scratch = terms.Compact(out.Words[start:], out.Counts[start:], scratch)
			out.Words = out.Words[:start+n]
			out.Counts = out.Counts[:start+n]
			out.DocIDs = append(out.DocIDs, c.DocIDs[d])
			out.Offsets = append(out.Offsets, int64(len(out.Words)))
		}
	}
	out.Excerpts = mergeExcerpts(cs)
	records := make([]*Preprocessing, len(cs))
	for i, c := range cs {
		records[i] = c.Preprocessing
	}
	out.Preprocessing = mergeRecords(records)
	return out
}

// mergeExcerpts returns the excerpts of the documents of cs in order, ""
// for those of an input without them; nil if no input has them.
func mergeExcerpts(cs []*Corpus) []string {
	if !slices.ContainsFunc(cs, func(c *Corpus) bool { return c.Excerpts != nil }) {
		return nil
	}
	var out []string
	for _, c := range cs {
		if c.Excerpts != nil {
			out = append(out, c.Excerpts...)
		} else {
			out = append(out, make([]string, c.NumDocs())...)
		}
	}
	return out
}

// mergeVocab adds the words of vocab missing from out (index maps out's
// words to their indices) and returns the new index of each word of vocab.
func mergeVocab(out *Corpus, index map[string]int32, vocab []string) []int32 {
	remap := make([]int32, len(vocab))
	for i, w := range vocab {
		j, ok := index[w]
		if !ok {
			j = int32(len(out.Vocab))
			index[w] = j
			out.Vocab = append(out.Vocab, w)
		}
		remap[i] = j
	}
	return remap
}
