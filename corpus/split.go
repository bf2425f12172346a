package corpus

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
)

// Split divides the documents of c into a training and a test corpus:
// exactly round(testFraction*D) documents, chosen by a permutation drawn
// from rng, go to test and the others to train. Each part keeps the
// original document order and ids, and both share c's vocabulary (word
// indices are unchanged). The same rng state gives the same split.
// testFraction must be in [0,1]; a part may be empty.
func Split(c *Corpus, testFraction float64, rng *rand.Rand) (train, test *Corpus, err error) {
	if !(testFraction >= 0 && testFraction <= 1) {
		return nil, nil, fmt.Errorf("split: test fraction %v outside [0,1]", testFraction)
	}
	if rng == nil {
		return nil, nil, errors.New("split: nil random source")
	}
	if c == nil {
		return nil, nil, errNoCorpus
	}
	numDocs := c.NumDocs()
	nTest := int(math.Round(testFraction * float64(numDocs)))
	inTest := make([]bool, numDocs)
	for _, d := range rng.Perm(numDocs)[:nTest] {
		inTest[d] = true
	}
	return subset(c, inTest, false), subset(c, inTest, true), nil
}

// subset returns the documents d of c with in[d] == want, in order, over
// c's vocabulary.
func subset(c *Corpus, in []bool, want bool) *Corpus {
	var docs []int
	for d := range c.NumDocs() {
		if in[d] == want {
			docs = append(docs, d)
		}
	}
	return Select(c, docs)
}

// Select returns the documents of c listed in docs, in that order (a
// document listed twice is there twice), with their ids, over c's
// vocabulary: word indices are unchanged; their excerpts too. c must be a
// valid corpus (not nil) and every entry of docs in [0, c.NumDocs()):
// Select panics otherwise, as slicing does. Time and memory O(D' + nnz')
// for the D' documents selected and their nnz' entries.
func Select(c *Corpus, docs []int) *Corpus {
	out := &Corpus{Vocab: c.Vocab, DocIDs: make([]string, 0, len(docs)), Offsets: make([]int64, 1, len(docs)+1), Preprocessing: c.Preprocessing}
	var nnz int64
	for _, d := range docs {
		nnz += c.Offsets[d+1] - c.Offsets[d]
	}
	out.Words, out.Counts = make([]int32, 0, nnz), make([]int32, 0, nnz)
	for _, d := range docs {
		words, counts := c.Doc(d)
		out.Words = append(out.Words, words...)
		out.Counts = append(out.Counts, counts...)
		out.DocIDs = append(out.DocIDs, c.DocIDs[d])
		out.Offsets = append(out.Offsets, int64(len(out.Words)))
		if c.Excerpts != nil {
			out.Excerpts = append(out.Excerpts, c.Excerpts[d])
		}
	}
	return out
}
