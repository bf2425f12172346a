package cooc

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/memory"
	"github.com/hulltopics/hull/internal/parallel"
)

// Weighting is how much each document counts in Q (see the package
// documentation): the paper's equal weight per document, or a weight
// growing with its length.
type Weighting string

// The weightings of the documents in Q.
const (
	// WeightDocuments (the default, also ""): every document of two or
	// more tokens weighs the same, as in Arora et al. 2013.
	WeightDocuments Weighting = "documents"
	// WeightTokens: a document weighs its number of tokens n_d.
	WeightTokens Weighting = "tokens"
	// WeightPairs: a document weighs its number of token pairs
	// n_d (n_d - 1): Q is then the share of all the corpus's pairs of
	// tokens of one document.
	WeightPairs Weighting = "pairs"
)

// Weightings lists the weightings, the default first.
var Weightings = []Weighting{WeightDocuments, WeightTokens, WeightPairs}

// Check returns an error naming the weightings unless w is one of them or
// "".
func (w Weighting) Check() error {
	if w == "" || slices.Contains(Weightings, w) {
		return nil
	}
	return fmt.Errorf("cooc: unknown weighting %q (want documents, tokens or pairs)", string(w))
}

// orDefault returns w, WeightDocuments for "".
func (w Weighting) orDefault() Weighting {
	if w == "" {
		return WeightDocuments
	}
	return w
}

// Options configures Compute.
type Options struct {
	// Threads is the number of goroutines; 0 means one per CPU.
	Threads int
	// Weighting is the documents' weight in Q; "" is WeightDocuments.
	Weighting Weighting
	// MaxMemory is the most bytes Compute may allocate; 0 means
	// half the RAM.
	MaxMemory int64
	// Progress, if non-nil, is called with rows of Q done out of V.
	Progress func(stage string, done, total int)
}

// Matrix is a dense co-occurrence matrix Q (row-major, V x V).
type Matrix struct {
	V int
	// Data holds Q row-major: Q_ij = Data[i*V+j].
	Data []float64
	// Docs is the number of documents used (n_d >= 2).
	Docs int
	// Skipped is the number of documents skipped for having fewer than 2 tokens.
	Skipped int
}

// Row returns row i of Q, aliasing Data.
func (m *Matrix) Row(i int) []float64 { return m.Data[i*m.V : (i+1)*m.V] }

// RowSums returns p(w), the row sums of Q.
func (m *Matrix) RowSums() []float64 {
	p := make([]float64, m.V)
	for i := range p {
		s := 0.0
		for _, x := range m.Row(i) {
			s += x
		}
		p[i] = s
	}
	return p
}

// EstimateBytes returns the bytes Compute allocates for c: the dense V x V
// float64 matrix, the transposed (word-major) copy of the counts and the
// per-document scales.
func EstimateBytes(c *corpus.Corpus) int64 {
	v := int64(c.NumWords())
	return 8*v*v + 8*c.NNZ() + 8*int64(c.NumDocs()) + 8*v
}

// fewerWords suggests a vocabulary whose V x V matrix fits: about the
// square root of squares (a limit's entries), or nothing when that leaves
// no two words (the limit is taken by the rest).
func fewerWords(squares float64) string {
	if v := int(math.Sqrt(squares)); v >= 2 {
		return fmt.Sprintf("reduce the vocabulary to about %d words", v)
	}
	return ""
}

// Compute returns the dense co-occurrence matrix Q of c (see the package
// documentation). It returns a *learner.MemoryError, before allocating, when
// EstimateBytes(c) exceeds the limit, and an error when no document has two
// tokens.
func Compute(ctx context.Context, c *corpus.Corpus, opts Options) (*Matrix, error) {
	if c == nil {
		return nil, errNoCorpus
	}
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("cooc: %w", err)
	}
	limit := opts.MaxMemory
	if limit <= 0 {
		limit = memory.DefaultLimit()
	}
	v := c.NumWords()
	if err := memory.Check(fmt.Sprintf("cooc: the %d x %d co-occurrence matrix", v, v), EstimateBytes(c), limit,
		fewerWords(float64(limit)/8*0.9)); err != nil {
		return nil, err
	}
	if err := opts.Weighting.Check(); err != nil {
		return nil, err
	}
	scale, _, used := docScales(c, opts.Weighting)
	if used == 0 {
		return nil, errNoPairs
	}
	t := transpose(c, true, false, opts.Threads)
	m := &Matrix{V: v, Data: make([]float64, v*v), Docs: used, Skipped: c.NumDocs() - used}
	report := func(done int) {
		if opts.Progress != nil {
			opts.Progress("co-occurrence", done, v)
		}
	}
	report(0)
	err := parallel.For(ctx, v, rowGrain(v), opts.Threads, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			accumulateRow(c, t, scale, i, m.Row(i))
		}
	}, report)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// accumulateRow adds to row, in document order, the contribution of every
// document containing word i: scale_d h_di (h_d - e_i).
func accumulateRow(c *corpus.Corpus, t *wordMajor, scale []float64, i int, row []float64) {
	for p := t.offsets[i]; p < t.offsets[i+1]; p++ {
		d := t.docs[p]
		s := scale[d]
		if s == 0 {
			continue
		}
		hi := float64(t.counts[p])
		f := s * hi
		words, counts := c.Doc(int(d))
		for q, w := range words {
			row[w] += f * float64(counts[q])
		}
		row[i] -= f
	}
}

func rowGrain(v int) int { return max(1, min(64, v/64)) }

var errNoPairs = errors.New("cooc: no document has 2 or more tokens")

// docScales returns s_d = u_d / (W n_d (n_d-1)) for each document with
// n_d >= 2 (0 for the others), u_d its weight under w (1, n_d or
// n_d (n_d-1)) and W the sum of the weights, with the lengths n_d and the
// number of such documents. With WeightPairs, s_d = 1/W exactly.
func docScales(c *corpus.Corpus, w Weighting) (scale, lens []float64, used int) {
	scale, lens = make([]float64, c.NumDocs()), make([]float64, c.NumDocs())
	total := 0.0
	for d := range scale {
		n := c.DocLen(d)
		lens[d] = float64(n)
		if n < 2 {
			continue
		}
		pairs := float64(n) * float64(n-1)
		switch w {
		case WeightTokens:
			scale[d], total = float64(n)/pairs, total+float64(n)
		case WeightPairs:
			scale[d], total = 1, total+pairs
		default:
			scale[d], total = 1/pairs, total+1
		}
		used++
	}
	for d := range scale {
		scale[d] /= total
	}
	return scale, lens, used
}

// wordMajor is the transpose of a corpus: for each word, the documents it
// occurs in (increasing) and, if asked for, its counts there and its
// positions in those documents' word lists (noPos for a position beyond
// the range of uint16).
type wordMajor struct {
	offsets []int64
	docs    []int32
	counts  []int32
	pos     []uint16
}

// noPos marks a position that does not fit pos: the word is then found
// by binary search.
const noPos = math.MaxUint16

func transpose(c *corpus.Corpus, withCounts, withPos bool, threads int) *wordMajor {
	v, nnz := c.NumWords(), c.NNZ()
	t := &wordMajor{offsets: make([]int64, v+1), docs: make([]int32, nnz)}
	if withCounts {
		t.counts = make([]int32, nnz)
	}
	if withPos {
		t.pos = make([]uint16, nnz)
	}
	// A counting sort split over blocks of documents: each block counts
	// its words, and places them from where the blocks before it end, so
	// every word's documents stay in increasing order whatever the thread
	// count.
	bounds := docChunks(c, transposeBlocks)
	nb := len(bounds) - 1
	next := make([]int64, nb*v)
	_ = parallel.For(context.Background(), nb, 1, threads, func(lo, hi int) {
		for j := lo; j < hi; j++ {
			cnt := next[j*v : (j+1)*v]
			for _, w := range c.Words[c.Offsets[bounds[j]]:c.Offsets[bounds[j+1]]] {
				cnt[w]++
			}
		}
	}, nil)
	var at int64
	for w := 0; w < v; w++ {
		t.offsets[w] = at
		for j := 0; j < nb; j++ {
			n := next[j*v+w]
			next[j*v+w] = at
			at += n
		}
	}
	t.offsets[v] = at
	_ = parallel.For(context.Background(), nb, 1, threads, func(lo, hi int) {
		for j := lo; j < hi; j++ {
			pos := next[j*v : (j+1)*v]
			for d := bounds[j]; d < bounds[j+1]; d++ {
				words, counts := c.Doc(d)
				for q, w := range words {
					p := pos[w]
					t.docs[p] = int32(d)
					if withCounts {
						t.counts[p] = counts[q]
					}
					if withPos {
						t.pos[p] = uint16(min(q, noPos))
					}
					pos[w]++
				}
			}
		}
	}, nil)
	return t
}

// transposeBlocks is the number of blocks of documents transpose splits
// its counting sort over.
const transposeBlocks = 16
