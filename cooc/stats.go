package cooc

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/ctxio"
	"github.com/hulltopics/hull/internal/memory"
	"github.com/hulltopics/hull/internal/parallel"
	"github.com/hulltopics/hull/internal/terms"
)

// Stats are the co-occurrence statistics of a set of documents as exact
// partial sums: everything the anchor learners need from the documents
// (Arora et al. 2013, supplement D.1) without the documents. They hold
// the numerator of Q,
//
//	S = sum_d u_d (h_d h_d^T - diag(h_d)) / (n_d (n_d - 1))   over documents with n_d >= 2,
//
// so that Q = S / W, W = sum_d u_d, with the counts beside it: the
// documents, M, the tokens, W and each word's document frequency. The
// weight u_d of a document is 1 by default, as in the paper (W = M), or
// its tokens or pairs of tokens (Weighting; see the package
// documentation).
//
// Each document's weight per pair is rounded once, down to a multiple of
// 2^-64 that depends on the document alone (an entry of its contribution,
// that weight times h_i h_j, is then within h_i h_j 2^-64 of the exact
// one: a relative 1.6e-11 for a document of 70,000 tokens over three
// words), and the sums are 128-bit integers in those units: adding is exact, so the Stats of disjoint sets of documents
// merge, in any order and any grouping, into bit for bit the Stats one
// pass over their union gives. That is what lets a distributed engine
// (hull's Beam pipeline) compute them in pieces.
//
// A Stats may hold a range of rows of S's upper triangle only (Rows,
// Split), so that the pieces an engine shuffles stay small; the counts go
// with every range, and Join puts consecutive ranges back together.
type Stats struct {
	// Vocab is the vocabulary; S is over its words in this order.
	Vocab []string
	// Docs is the number of documents (of any length).
	Docs int64
	// Used is M, the number of documents of 2 or more tokens.
	Used int64
	// Tokens is the number of tokens of all documents.
	Tokens int64
	// DocFreq is the number of documents each word occurs in.
	DocFreq []int64
	// Preprocessing records how the documents were prepared; Merge
	// demands that both sides agree. FromCorpus records the corpus's
	// without its Saved record (Preprocessing.WithoutSaved), as hull-beam
	// does: the statistics of the files "hull corpus" wrote are those of
	// the same files counted by either, and merge with those of files
	// saved from other shards.
	Preprocessing *corpus.Preprocessing
	// Weighting is the weight u_d of the documents in S
	// (NewWeightedStats, Options.Weighting of FromCorpus); "" is
	// WeightDocuments. Merge demands that both sides agree. Change it
	// only before the first document is added.
	Weighting Weighting
	// Weight is W = sum_d u_d over the documents of 2 or more tokens,
	// Q's denominator: Used with WeightDocuments, their tokens with
	// WeightTokens, their pairs of tokens n_d (n_d - 1) with WeightPairs.
	Weight int64

	lo, hi   int     // the rows of S held
	sums     []fixed // S_ij for lo <= i < hi, i <= j < V, row by row
	overflow bool    // Weight passed MaxInt64 (WeightPairs on huge documents)
}

// fixed is a nonnegative number hi + lo 2^-64.
type fixed struct{ hi, lo uint64 }

func (x *fixed) add(y fixed) {
	var c uint64
	x.lo, c = bits.Add64(x.lo, y.lo, 0)
	x.hi += y.hi + c
}

func (x fixed) float() float64 { return float64(x.hi) + float64(x.lo)*0x1p-64 }

// unit returns the weight of one pair of tokens in a document of n >= 2
// tokens under w, u_d / (n (n-1)) rounded down to a multiple of 2^-64:
// 2^-64 floor(2^64 / (n (n-1))) with WeightDocuments, 2^-64 floor(2^64 /
// (n-1)) with WeightTokens (exactly 1 when n = 2), exactly 1 with
// WeightPairs.
func unit(n int64, w Weighting) fixed {
	pairs := uint64(n) * uint64(n-1)
	switch {
	case w == WeightPairs || w == WeightTokens && n == 2:
		return fixed{hi: 1}
	case w == WeightTokens:
		pairs = uint64(n - 1)
	}
	q, _ := bits.Div64(1, 0, pairs) // 1 < pairs: the quotient fits
	return fixed{lo: q}
}

// weight returns u_d, the weight of a document of n >= 2 tokens under w,
// and whether it is at most MaxInt64.
func weight(n int64, w Weighting) (int64, bool) {
	switch w {
	case WeightTokens:
		return n, true
	case WeightPairs:
		hi, lo := bits.Mul64(uint64(n), uint64(n-1))
		return int64(lo), hi == 0 && lo <= math.MaxInt64
	}
	return 1, true
}

// pair returns num pairs of a document, each of weight u: num <= n (n-1)
// keeps the product below n 2^64 (WeightTokens) and 2^64 times W
// (WeightPairs, whose sums are integers).
func pair(num uint64, u fixed) fixed {
	hi, lo := bits.Mul64(num, u.lo)
	return fixed{hi + num*u.hi, lo}
}

// NewStats returns the empty statistics of vocab, holding every row,
// with the paper's weighting (every document the same). vocab's words
// must be distinct, as a corpus's are: it checks neither them nor the
// memory (EstimateStatsBytes tells what it allocates).
func NewStats(vocab []string) *Stats {
	v := len(vocab)
	return &Stats{Vocab: vocab, DocFreq: make([]int64, v), Weighting: WeightDocuments, hi: v, sums: make([]fixed, triangle(v, 0, v))}
}

// NewWeightedStats is NewStats with the documents weighted by w.
func NewWeightedStats(vocab []string, w Weighting) (*Stats, error) {
	if err := w.Check(); err != nil {
		return nil, err
	}
	s := NewStats(vocab)
	s.Weighting = w.orDefault()
	return s, nil
}

// EstimateStatsBytes returns the bytes of Stats over v words holding
// every row: 16 bytes an entry of S's upper triangle, 24 a word (its
// document frequency and its string).
func EstimateStatsBytes(v int) int64 { return 16*triangle(v, 0, v) + 24*int64(v) }

// triangle returns the number of entries of rows lo..hi-1 of the upper
// triangle (diagonal included) of a v x v matrix.
func triangle(v, lo, hi int) int64 { return rowStart(v, hi) - rowStart(v, lo) }

// rowStart returns the index of entry (i, i) in the row-major upper
// triangle of a v x v matrix: the rows above hold v, v-1, ... entries.
func rowStart(v, i int) int64 { return int64(i)*int64(v) - int64(i)*int64(i-1)/2 }

// Rows returns the range of rows of S that s holds: [lo, hi).
func (s *Stats) Rows() (lo, hi int) { return s.lo, s.hi }

// at returns the index in s.sums of entry (i, j), i <= j.
func (s *Stats) at(i, j int) int64 {
	v := len(s.Vocab)
	return rowStart(v, i) - rowStart(v, s.lo) + int64(j-i)
}

// AddDoc adds one document, given by its distinct words (indices into
// Vocab, each once) and their counts, as a pass over the corpus would.
// It adds the rows of S that s holds and the counts. It returns an error,
// adding nothing, unless there is one count >= 1 per word and the words
// are distinct indices into Vocab: the sums are exact and cannot be
// mended once wrong. Time O(nnz_d^2 / 2).
func (s *Stats) AddDoc(words, counts []int32) error {
	if len(words) != len(counts) {
		return fmt.Errorf("cooc: a document of %d words and %d counts", len(words), len(counts))
	}
	if !slices.IsSorted(words) {
		words, counts = slices.Clone(words), slices.Clone(counts)
		terms.Sort(words, counts, nil)
	}
	for q, w := range words {
		switch {
		case w < 0 || int(w) >= len(s.Vocab):
			return fmt.Errorf("cooc: word %d of a document: want an index into the %d words", w, len(s.Vocab))
		case q > 0 && words[q-1] == w:
			return fmt.Errorf("cooc: word %d given twice in a document: give each once with its count", w)
		case counts[q] < 1:
			return fmt.Errorf("cooc: word %d counted %d times in a document, want >= 1", w, counts[q])
		}
	}
	var n int64
	for q, w := range words {
		n += int64(counts[q])
		s.DocFreq[w]++
	}
	s.Docs++
	s.Tokens += n
	if n < 2 {
		return nil
	}
	s.Used++
	s.addWeight(n)
	u := unit(n, s.Weighting)
	for q, i := range words {
		if int(i) < s.lo || int(i) >= s.hi {
			continue
		}
		row := s.sums[s.at(int(i), int(i)):]
		hi := uint64(counts[q])
		for r := q; r < len(words); r++ {
			num := hi * uint64(counts[r])
			if r == q {
				num -= hi
			}
			row[words[r]-i].add(pair(num, u))
		}
	}
	return nil
}

// addWeight adds to Weight the weight of a document of n >= 2 tokens,
// noting an overflow.
func (s *Stats) addWeight(n int64) {
	u, ok := weight(n, s.Weighting)
	sum, carry := bits.Add64(uint64(s.Weight), uint64(u), 0)
	s.Weight = int64(sum)
	s.overflow = s.overflow || !ok || carry != 0 || sum > math.MaxInt64
}

// errNoCorpus is the error of a nil corpus.
var errNoCorpus = errors.New("cooc: no corpus (nil)")

// ErrOverflow is wrapped by the error of statistics whose W (Stats.Weight)
// would pass MaxInt64: the input's documents are too long for the
// weighting, which the caller must change.
var ErrOverflow = errors.New("cooc: the documents' weights sum to more than 2^63 (pairs of tokens of very long documents): weigh them by documents or tokens")

// FromCorpus returns the statistics of every document of c, over its
// vocabulary and with its preprocessing record, weighted by
// opts.Weighting. The rows of S are split
// over opts.Threads goroutines; the result does not depend on their
// number (the sums are exact). It returns a *learner.MemoryError
// (learner.MemoryError) before allocating when EstimateStatsBytes and the
// word-major copy of the counts exceed opts.MaxMemory.
//
// Time O(sum_d nnz_d^2 / 2), memory EstimateStatsBytes(V) + 12 nnz.
func FromCorpus(ctx context.Context, c *corpus.Corpus, opts Options) (*Stats, error) {
	if c == nil {
		return nil, errNoCorpus
	}
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("cooc: %w", err)
	}
	v := c.NumWords()
	need := EstimateStatsBytes(v) + 12*c.NNZ() + 8*int64(c.NumDocs())
	if err := memory.Check(fmt.Sprintf("cooc: the co-occurrence statistics of %d words", v), need, opts.MaxMemory,
		fewerWords(float64(max(opts.MaxMemory, 0))/8)); err != nil {
		return nil, err
	}
	s, err := NewWeightedStats(c.Vocab, opts.Weighting)
	if err != nil {
		return nil, err
	}
	s.Preprocessing = c.Preprocessing.WithoutSaved()
	units := make([]fixed, c.NumDocs())
	for d := range units {
		n := int64(c.DocLen(d))
		s.Docs++
		s.Tokens += n
		if n >= 2 {
			s.Used++
			s.addWeight(n)
			units[d] = unit(n, s.Weighting)
		}
	}
	if s.overflow {
		return nil, ErrOverflow
	}
	for w, n := range c.DocFreq() {
		s.DocFreq[w] = int64(n)
	}
	t := transpose(c, true, true, opts.Threads)
	report := func(done int) {
		if opts.Progress != nil {
			opts.Progress("co-occurrence statistics", done, v)
		}
	}
	report(0)
	err = parallel.For(ctx, v, rowGrain(v), opts.Threads, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			s.addRow(c, t, units, i)
		}
	}, report)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// addRow adds row i of S from the documents containing word i: each pair
// (i, j), j >= i, of such a document.
func (s *Stats) addRow(c *corpus.Corpus, t *wordMajor, units []fixed, i int) {
	row := s.sums[s.at(i, i):]
	for p := t.offsets[i]; p < t.offsets[i+1]; p++ {
		d := int(t.docs[p])
		u := units[d]
		if u == (fixed{}) {
			continue
		}
		words, counts := c.Doc(d)
		q := int(t.pos[p])
		if t.pos[p] == noPos {
			q, _ = slices.BinarySearch(words, int32(i))
		}
		hi := uint64(counts[q])
		row[0].add(pair(hi*(hi-1), u))
		for r := q + 1; r < len(words); r++ {
			row[int(words[r])-i].add(pair(hi*uint64(counts[r]), u))
		}
	}
}

// String says what s holds in one line: documents (those of two or more
// tokens, which Q counts), words, tokens, the row range when s holds only
// part of Q's rows, the preparation of the documents and the first 16
// digits of the digest. The words of the preparation record are the
// corpus's own: escape them before printing to a terminal.
func (s *Stats) String() string { return s.Summary().String() }

// Summary returns what a statistics file of s says about itself (its
// header and digest).
func (s *Stats) Summary() *StatsSummary {
	return &StatsSummary{Vocab: s.Vocab, Docs: s.Docs, Used: s.Used, Tokens: s.Tokens, DocFreq: s.DocFreq,
		Preprocessing: s.Preprocessing, Weighting: s.Weighting.orDefault(), Weight: s.Weight,
		Rows: [2]int{s.lo, s.hi}, Nonzeros: s.nonzeros(), Digest: s.Digest()}
}

// nonzeros counts the nonzero entries held.
func (s *Stats) nonzeros() int64 {
	var nz int64
	for _, x := range s.sums {
		if x != (fixed{}) {
			nz++
		}
	}
	return nz
}

// Merge adds o to s: afterwards s holds the statistics of the documents
// of both. They must have the same vocabulary, row range, preprocessing
// record and weighting.
func (s *Stats) Merge(o *Stats) error {
	if err := s.compatible(o); err != nil {
		return err
	}
	if s.lo != o.lo || s.hi != o.hi {
		return fmt.Errorf("cooc: merging rows %d-%d with rows %d-%d: the ranges differ", s.lo, s.hi, o.lo, o.hi)
	}
	if s.overflow || o.overflow || sumOverflows(s.Weight, o.Weight) {
		return ErrOverflow
	}
	overflows := sumOverflows(s.Docs, o.Docs) || sumOverflows(s.Used, o.Used) || sumOverflows(s.Tokens, o.Tokens)
	for w, n := range o.DocFreq {
		overflows = overflows || sumOverflows(s.DocFreq[w], n)
	}
	if overflows {
		return errors.New("cooc: merging: the documents, tokens or document frequencies sum to more than 2^63 - 1: no corpus has so many (were the counts edited?)")
	}
	s.Docs += o.Docs
	s.Used += o.Used
	s.Tokens += o.Tokens
	s.Weight += o.Weight
	for w, n := range o.DocFreq {
		s.DocFreq[w] += n
	}
	for e := range s.sums {
		s.sums[e].add(o.sums[e])
	}
	return nil
}

// sumOverflows reports whether a + b, counts of at least 0, exceeds an
// int64: a merge of files whose counts were edited by hand.
func sumOverflows(a, b int64) bool {
	sum, carry := bits.Add64(uint64(a), uint64(b), 0)
	return carry != 0 || sum > math.MaxInt64
}

// compatible returns an error when s and o are over different
// vocabularies or preprocessing.
func (s *Stats) compatible(o *Stats) error {
	if o == nil {
		return errors.New("cooc: no statistics (nil) to merge")
	}
	if len(s.Vocab) != len(o.Vocab) {
		return fmt.Errorf("cooc: the statistics are over %d and %d words: %w", len(s.Vocab), len(o.Vocab), ErrVocabDiffers)
	}
	for w := range s.Vocab {
		if s.Vocab[w] != o.Vocab[w] {
			return fmt.Errorf("cooc: word %d is %q in one statistics and %q in the other: %w", w+1, s.Vocab[w], o.Vocab[w], ErrVocabDiffers)
		}
	}
	if !s.Preprocessing.Equivalent(o.Preprocessing) {
		return &prepError{into: s.Preprocessing, from: o.Preprocessing}
	}
	if sw, ow := s.Weighting.orDefault(), o.Weighting.orDefault(); sw != ow {
		return fmt.Errorf("cooc: the documents are weighted by %s in one statistics and by %s in the other", sw, ow)
	}
	return nil
}

// prepError is compatible's error for statistics of documents prepared
// differently: into is the preparation of the statistics merged into (the
// receiver), from that of those merged in. MergeFiles says which file
// holds which.
type prepError struct{ into, from *corpus.Preprocessing }

func (e *prepError) Error() string {
	return fmt.Sprintf("cooc: the documents were prepared differently: as [%s] in one statistics, as [%s] in the other", e.into, e.from)
}

// Split returns s as n ranges of consecutive rows with about equal numbers
// of entries (fewer when s holds fewer rows), each with s's counts. They
// share no memory with s.
func (s *Stats) Split(n int) []*Stats {
	rows := s.hi - s.lo
	n = max(1, min(n, rows))
	total := triangle(len(s.Vocab), s.lo, s.hi)
	var parts []*Stats
	lo := s.lo
	for b := 1; b <= n; b++ {
		hi := s.hi
		if b < n {
			target := total * int64(b) / int64(n)
			for hi = lo + 1; hi < s.hi && triangle(len(s.Vocab), s.lo, hi) < target; hi++ {
			}
		}
		if hi > lo {
			parts = append(parts, s.rows(lo, hi))
		}
		lo = hi
	}
	return parts
}

// rows returns a copy of s holding rows lo..hi-1 only.
func (s *Stats) rows(lo, hi int) *Stats {
	p := *s
	p.DocFreq = slices.Clone(s.DocFreq)
	p.lo, p.hi = lo, hi
	p.sums = slices.Clone(s.sums[s.at(lo, lo) : s.at(lo, lo)+triangle(len(s.Vocab), lo, hi)])
	return &p
}

// Join puts ranges of rows back together: parts must cover consecutive
// ranges from row 0 to V (in any order), over one vocabulary, with equal
// counts (as Split gives them, or as merging the same split of every
// partial gives them).
func Join(parts []*Stats) (*Stats, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("cooc: no statistics to join")
	}
	if slices.Contains(parts, nil) {
		return nil, errors.New("cooc: no statistics (nil) among those to join")
	}
	parts = slices.Clone(parts)
	slices.SortFunc(parts, func(a, b *Stats) int { return a.lo - b.lo })
	first := parts[0]
	out := *first
	out.DocFreq = slices.Clone(first.DocFreq)
	out.sums = make([]fixed, 0, triangle(len(first.Vocab), 0, len(first.Vocab)))
	next := 0
	for _, p := range parts {
		if err := first.compatible(p); err != nil {
			return nil, err
		}
		if p.lo != next {
			return nil, fmt.Errorf("cooc: joining statistics: rows %d-%d are missing or held twice", min(next, p.lo), max(next, p.lo))
		}
		if p.Docs != first.Docs || p.Used != first.Used || p.Tokens != first.Tokens || p.Weight != first.Weight || !slices.Equal(p.DocFreq, first.DocFreq) {
			return nil, fmt.Errorf("cooc: joining statistics: rows %d-%d count other documents than rows %d-%d", p.lo, p.hi, first.lo, first.hi)
		}
		out.sums = append(out.sums, p.sums...)
		next = p.hi
	}
	if next != len(first.Vocab) {
		return nil, fmt.Errorf("cooc: joining statistics: rows %d-%d are missing", next, len(first.Vocab))
	}
	out.lo, out.hi = 0, next
	return &out, nil
}

// Matrix returns the dense co-occurrence matrix Q = S / W of statistics
// holding every row: equal, to the rounding of each document's weight
// per pair (see Stats) and of the sums, to Compute on the documents with
// the same weighting. It returns a *learner.MemoryError before allocating the 8 V^2
// bytes above maxMemory (0: half the RAM).
func (s *Stats) Matrix(ctx context.Context, maxMemory int64, threads int) (*Matrix, error) {
	if err := ctxio.Err(ctx); err != nil {
		return nil, err
	}
	if s.overflow {
		return nil, ErrOverflow
	}
	v := len(s.Vocab)
	m, err := newMatrix("cooc", v, [2]int{s.lo, s.hi}, s.Docs, s.Used, maxMemory)
	if err != nil {
		return nil, err
	}
	scale := 1 / float64(s.Weight)
	err = parallel.For(ctx, v, rowGrain(v), threads, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			for j, x := range s.sums[s.at(i, i) : s.at(i, i)+int64(v-i)] {
				q := x.float() * scale
				m.Data[i*v+i+j], m.Data[(i+j)*v+i] = q, q
			}
		}
	}, nil)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// newMatrix checks that statistics over v words of the given rows, docs
// documents and used of them of 2 or more tokens give a Q, and that its
// 8 V^2 bytes fit maxMemory (0: half the RAM), then allocates it. prefix
// starts its errors.
func newMatrix(prefix string, v int, rows [2]int, docs, used, maxMemory int64) (*Matrix, error) {
	if rows[0] != 0 || rows[1] != v {
		return nil, fmt.Errorf("%s: the statistics hold rows %d-%d of %d: join them first", prefix, rows[0], rows[1], v)
	}
	if used == 0 {
		return nil, errNoPairs
	}
	if err := memory.Check(fmt.Sprintf("cooc: the %d x %d co-occurrence matrix", v, v), 8*int64(v)*int64(v), maxMemory,
		"reduce the vocabulary"); err != nil {
		return nil, err
	}
	return &Matrix{V: v, Data: make([]float64, v*v), Docs: int(used), Skipped: int(docs - used)}, nil
}
