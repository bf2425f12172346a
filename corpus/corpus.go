package corpus

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/hulltopics/hull/internal/topn"
)

// Corpus is a vocabulary plus sparse document-term counts in compressed
// sparse row (CSR) form: the terms of document d are
// Words[Offsets[d]:Offsets[d+1]] (strictly increasing word indices) with the
// matching Counts (each at least 1).
//
// A Corpus is immutable by convention once built: the algorithms share it
// between goroutines without locking.
type Corpus struct {
	// Vocab holds the word of each word index.
	Vocab []string
	// DocIDs holds the identifier of each document, as read from the input.
	DocIDs []string
	// Offsets has NumDocs()+1 entries; Offsets[0] == 0.
	Offsets []int64
	// Words holds the word index of each nonzero, sorted within each document.
	Words []int32
	// Counts holds the count of each nonzero.
	Counts []int32
	// Excerpts holds the start of each document's text as a reader would
	// see it (text.Tokenizer.Excerpt), for showing a document beside its
	// topics: nil unless a reader of raw text was asked for them
	// (ReadOptions.Excerpt), else one per document, "" for a document
	// given as items rather than text. Prune, Select, Split, Merge and
	// Align carry them with their documents. Like DocIDs, they are corpus
	// text: escape them where they are shown. Not part of the Digest.
	Excerpts []string
	// Preprocessing records how the input became this corpus (format,
	// tokenizer, pruning); the readers, Merge and Prune set it. nil when
	// unknown (a corpus built by hand or by a Builder). It is not part of
	// the Digest, which covers the content only.
	Preprocessing *Preprocessing
}

// NumDocs returns the number of documents D: 0 for the zero Corpus too,
// whose Offsets are empty rather than the [0] of an empty corpus.
func (c *Corpus) NumDocs() int { return max(0, len(c.Offsets)-1) }

// NumWords returns the vocabulary size V.
func (c *Corpus) NumWords() int { return len(c.Vocab) }

// NNZ returns the number of nonzero document-term entries: 0 for the
// zero Corpus, as NumDocs.
func (c *Corpus) NNZ() int64 {
	if len(c.Offsets) == 0 {
		return 0
	}
	return c.Offsets[len(c.Offsets)-1]
}

// Doc returns the word indices and counts of document d. The slices alias
// the corpus and must not be modified.
func (c *Corpus) Doc(d int) (words, counts []int32) {
	lo, hi := c.Offsets[d], c.Offsets[d+1]
	return c.Words[lo:hi], c.Counts[lo:hi]
}

// FrequentTerms returns the n terms of document d of highest count,
// highest first, ties to the lower word index: its words as a reader
// would summarize it. Fewer than n where d has fewer terms. Time
// O(t log n) for its t terms.
func (c *Corpus) FrequentTerms(d, n int) (words, counts []int32) {
	dw, dc := c.Doc(d)
	m := max(0, min(n, len(dw)))
	words, counts = make([]int32, 0, m), make([]int32, 0, m) // empty, not nil, for a document without terms
	for _, q := range topn.Indices(len(dw), n, func(i int) float64 { return float64(dc[i]) }) {
		words, counts = append(words, dw[q]), append(counts, dc[q])
	}
	return words, counts
}

// Cosine returns the cosine similarity of the word counts of documents a
// and b, in [0, 1]: exactly 1 when one has the other's words in the same
// proportions (a copy), 0 when they share no word or either has none.
// Time O(t_a + t_b) for their terms, which are sorted.
func (c *Corpus) Cosine(a, b int) float64 {
	aw, ac := c.Doc(a)
	bw, bc := c.Doc(b)
	if proportional(aw, ac, bw, bc) {
		return 1 // the float quotient below may miss 1 by an ulp
	}
	var dot, na, nb float64 // float64: int64 squares of int32 counts may overflow
	for i, j := 0, 0; i < len(aw) && j < len(bw); {
		switch {
		case aw[i] < bw[j]:
			i++
		case aw[i] > bw[j]:
			j++
		default:
			dot += float64(ac[i]) * float64(bc[j])
			i++
			j++
		}
	}
	if dot == 0 {
		return 0
	}
	for _, k := range ac {
		na += float64(k) * float64(k)
	}
	for _, k := range bc {
		nb += float64(k) * float64(k)
	}
	return min(1, dot/math.Sqrt(na*nb))
}

// proportional reports whether two documents' terms are the same words
// with proportional counts, and not none.
func proportional(aw, ac, bw, bc []int32) bool {
	if len(aw) == 0 || !slices.Equal(aw, bw) {
		return false
	}
	for i := range ac {
		if int64(ac[i])*int64(bc[0]) != int64(bc[i])*int64(ac[0]) {
			return false
		}
	}
	return true
}

// DocLen returns the number of tokens n_d of document d.
func (c *Corpus) DocLen(d int) int {
	n := 0
	for _, k := range c.Counts[c.Offsets[d]:c.Offsets[d+1]] {
		n += int(k)
	}
	return n
}

// LongestDoc returns the document of most tokens and its length n_d (-1
// and 0 for a corpus without documents; ties go to the lower index), for
// the routines that hold a document's tokens one by one. Time O(nnz).
func (c *Corpus) LongestDoc() (doc, tokens int) {
	doc = -1
	for d := range c.NumDocs() {
		if n := c.DocLen(d); n > tokens || doc < 0 {
			doc, tokens = d, n
		}
	}
	return doc, tokens
}

// EmptyDocs returns the number of documents without a token, such as
// those left empty by Align or FromTokensOn when none of their words is
// in the vocabulary. Time O(D).
func (c *Corpus) EmptyDocs() int {
	n := 0
	for d := range c.NumDocs() {
		if c.Empty(d) {
			n++
		}
	}
	return n
}

// Empty reports whether document d has no terms. Time O(1).
func (c *Corpus) Empty(d int) bool { return c.Offsets[d] == c.Offsets[d+1] }

// Tokens returns the total number of tokens in the corpus.
func (c *Corpus) Tokens() int64 {
	var n int64
	for _, k := range c.Counts {
		n += int64(k)
	}
	return n
}

// DocFreq returns, for each word, the number of documents it occurs in.
func (c *Corpus) DocFreq() []int {
	df := make([]int, c.NumWords())
	for _, w := range c.Words {
		df[w]++
	}
	return df
}

// WordCounts returns, for each word, its total count in the corpus.
func (c *Corpus) WordCounts() []int64 {
	wc := make([]int64, c.NumWords())
	for i, w := range c.Words {
		wc[w] += int64(c.Counts[i])
	}
	return wc
}

// ErrZeroCorpus is Validate's error for the zero Corpus, which no reader,
// Builder or FromTokens makes: it has no document, but not the Offsets
// [0] of an empty corpus either. learner.CheckCorpus reports it as the
// empty corpus it stands for.
var ErrZeroCorpus = errors.New("corpus: the zero Corpus: no document, and no Offsets (an empty corpus has Offsets [0], as FromTokens makes it)")

// Validate checks the structural invariants of c and returns a descriptive
// error for the first violation found. The zero Corpus (no Offsets, no
// Words) gets ErrZeroCorpus, which says what an empty corpus holds rather
// than that its Offsets do not start with 0.
func (c *Corpus) Validate() error {
	if c == nil {
		return errNoCorpus
	}
	if len(c.Offsets) == 0 && len(c.Words) == 0 {
		return ErrZeroCorpus
	}
	if len(c.Offsets) == 0 || c.Offsets[0] != 0 {
		return fmt.Errorf("corpus: Offsets must start with 0")
	}
	d := c.NumDocs()
	if len(c.DocIDs) != d {
		return fmt.Errorf("corpus: %d document ids for %d documents", len(c.DocIDs), d)
	}
	if c.Excerpts != nil && len(c.Excerpts) != d {
		return fmt.Errorf("corpus: %d excerpts for %d documents", len(c.Excerpts), d)
	}
	if len(c.Words) != len(c.Counts) || int64(len(c.Words)) != c.NNZ() {
		return fmt.Errorf("corpus: %d words, %d counts, %d nonzeros by Offsets", len(c.Words), len(c.Counts), c.NNZ())
	}
	v := int32(len(c.Vocab))
	for doc := 0; doc < d; doc++ {
		lo, hi := c.Offsets[doc], c.Offsets[doc+1]
		if hi < lo {
			return fmt.Errorf("corpus: document %d: Offsets decrease", doc)
		}
		prev := int32(-1)
		for i := lo; i < hi; i++ {
			w := c.Words[i]
			if w < 0 || w >= v {
				return fmt.Errorf("corpus: document %d: word index %d out of range [0,%d)", doc, w, v)
			}
			if w <= prev {
				return fmt.Errorf("corpus: document %d: word indices not strictly increasing", doc)
			}
			if c.Counts[i] < 1 {
				return fmt.Errorf("corpus: document %d: non-positive count %d", doc, c.Counts[i])
			}
			prev = w
		}
	}
	return nil
}

// Digest returns a hex SHA-256 digest of the corpus content (vocabulary,
// document ids and counts). Two corpora with the same digest are the same
// input to every algorithm; models record it as provenance.
func (c *Corpus) Digest() string {
	h := sha256.New()
	var buf [8]byte
	putInt := func(x int64) {
		binary.LittleEndian.PutUint64(buf[:], uint64(x))
		h.Write(buf[:])
	}
	putStr := func(s string) {
		putInt(int64(len(s)))
		h.Write([]byte(s))
	}
	putInt(int64(len(c.Vocab)))
	for _, w := range c.Vocab {
		putStr(w)
	}
	putInt(int64(c.NumDocs()))
	for d := 0; d < c.NumDocs(); d++ {
		putStr(c.DocIDs[d])
		words, counts := c.Doc(d)
		putInt(int64(len(words)))
		for i := range words {
			putInt(int64(words[i])<<32 | int64(counts[i]))
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// AutoMinDF is the default document-frequency floor of candidate words
// (anchor words, novel words) for a corpus of d documents: 1% of the
// documents, at least 5 (or d/20 for tiny corpora) and at most 100, the
// order of the thresholds of the public anchor-word implementations on
// corpora of thousands to millions of documents. Rare words have noisy
// co-occurrence rows, so they make poor candidates.
func AutoMinDF(d int) int {
	floor := min(5, max(1, d/20))
	return min(100, max(floor, d/100))
}

// Bytes returns the memory c holds: its CSR arrays, and its words and
// document ids with their string headers. A process that holds the corpus
// while it fits has that much less for the fit.
func (c *Corpus) Bytes() int64 {
	n := 8*int64(len(c.Offsets)) + 4*int64(len(c.Words)) + 4*int64(len(c.Counts))
	for _, s := range [][]string{c.Vocab, c.DocIDs} {
		n += 16 * int64(len(s))
		for _, w := range s {
			n += int64(len(w))
		}
	}
	return n
}
