package tsvd

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/linalg"
	"github.com/hulltopics/hull/internal/parallel"
	"github.com/hulltopics/hull/learner"
)

// splitStream is the second PCG seed word of the random split (step 1).
const splitStream = 0x54535644_53504c54 // "TSVDSPLT"

// split is step 1: a seeded random permutation of the documents, the first
// floor(D/2) of it forming A(1) and the rest A(2), each half in increasing
// document order. With NoSplit both halves are all the documents.
func split(numDocs int, seed uint64, noSplit bool) (first, second []int) {
	if noSplit {
		all := make([]int, numDocs)
		for d := range all {
			all[d] = d
		}
		return all, all
	}
	perm := rand.New(rand.NewPCG(seed, splitStream)).Perm(numDocs)
	first = append([]int(nil), perm[:numDocs/2]...)
	second = append([]int(nil), perm[numDocs/2:]...)
	slices.Sort(first)
	slices.Sort(second)
	return first, second
}

// meanLength returns m, the mean length of the non-empty documents of c (0
// if there are none).
func meanLength(c *corpus.Corpus) float64 {
	var tokens int64
	docs := 0
	for d := range c.NumDocs() {
		if n := c.DocLen(d); n > 0 {
			tokens += int64(n)
			docs++
		}
	}
	if docs == 0 {
		return 0
	}
	return float64(tokens) / float64(docs)
}

// countScale returns round(m count / n): the count of a word in a document
// of n tokens put on the scale of a document of m tokens, so that its
// relative frequency A_ij = count/n exceeds zeta/m exactly when the
// result exceeds zeta (up to the rounding). With n = m it is the count.
func countScale(mbar float64, count int32, n int) int32 {
	return int32(math.Round(mbar * float64(count) / float64(n)))
}

// threshold is step 2: the thresholds zeta_i from A(1) and the thresholded
// matrix B on A(2), by the rule Options.Thresholds says. With "auto" the
// printed rule is tried first and the authors' taken when the printed one
// leaves B degenerate (fewer than K words with a threshold, or fewer than
// K distinct documents with a word above its threshold: no K clusters can
// come out of it); the switch is logged and recorded in Params.
func (f *fit) threshold(ctx context.Context) error {
	c, o := f.c, f.o
	f.o.Progress.Report("threshold", 0, 1)
	f.first, f.second = split(c.NumDocs(), o.Seed, o.NoSplit)
	f.mbar = meanLength(c)
	zeta, least := thresholds(ctx, c, f.first, f.mbar, o.W0, o.Eps, o.Threads)
	if err := ctx.Err(); err != nil {
		return err
	}
	words, floored := 0, 0 // words with a threshold, words dropped by ZetaFloor
	for i, z := range zeta {
		switch {
		case z > 0 && float64(z) < o.ZetaFloor:
			zeta[i], least[i] = 0, 0 // dropped under either rule
			floored++
		case z > 0:
			words++
		}
	}
	rule := o.Thresholds
	b := f.thresholdedSecond(zeta, least, rule == ThresholdsAuthors)
	if rule == ThresholdsAuto {
		rule = ThresholdsPaper
		docs := 0
		if len(f.retained) > 0 {
			docs = distinctRowsUpTo(keepRows(b, f.retained), f.k)
		}
		if words < f.k || docs < f.k {
			f.o.Settings.Logf("tsvd: step 2 as printed leaves B degenerate: %d words have a threshold above 0 and %d distinct documents a word above its threshold, for K = %d (w0 = %.3g, eps = %.3g, mean length %.0f); thresholding as the authors' code does instead (Thresholds %q: a word whose threshold falls to 0 keeps its occurrences at its least count)",
				words, docs, f.k, o.W0, o.Eps, f.mbar, ThresholdsAuthors)
			f.params["threshold_recovered"] = true
			rule = ThresholdsAuthors
			b = f.thresholdedSecond(zeta, least, true)
		}
	}
	if len(f.retained) == 0 {
		return fmt.Errorf("tsvd: no document has a word above its threshold (B = 0): the corpus is too small for w0 = %.4g (K too large, or documents too short): %w", o.W0, learner.ErrTooFewWords)
	}
	low, sum := 0, 0.0
	for i, z := range zeta {
		switch {
		case z > 0:
			sum += float64(z)
		case f.cut[i] >= 0:
			low++
		}
	}
	f.b = keepRows(b, f.retained)
	f.params["thresholds"] = rule
	f.params["mean_doc_length"] = f.mbar
	f.params["first_half_docs"] = len(f.first)
	f.params["second_half_docs"] = len(f.second)
	f.params["words_thresholded"] = words
	f.params["words_low_threshold"] = low
	f.params["words_floored"] = floored
	f.params["mean_threshold"] = sum / float64(max(words, 1))
	f.params["b_nonzeros"] = f.b.RowPtr[f.b.Rows]
	f.params["docs_clustered"] = len(f.retained)
	f.o.Progress.Report("threshold", 1, 1)
	return nil
}

// thresholdedSecond sets the cuts of every word by the printed rule or the
// authors' (see cuts) and the documents of the second half retained (a
// word above its threshold), and returns B^T on the second half.
func (f *fit) thresholdedSecond(zeta, least []int32, authors bool) *linalg.CSR {
	f.cut, f.bval = cuts(zeta, least, authors)
	b := thresholded(f.c, f.second, f.cut, f.bval, f.mbar)
	f.retained = f.retained[:0]
	for r := 0; r < b.Rows; r++ {
		if b.RowPtr[r+1] > b.RowPtr[r] {
			f.retained = append(f.retained, r)
		}
	}
	return b
}

// cuts returns, per word, the count-scale level B keeps the word above
// (cut: B_ij != 0 where q_ij > cut; -1: the word has no row in B) and the
// value of its nonzeros (bval). A word with zeta_i > 0 is cut at zeta_i
// with value sqrt(zeta_i) (step 2b). A word with zeta_i = 0 has no row
// (sqrt(0) = 0), unless authors: then, as the authors' code does for a
// word whose threshold falls to 1 or below, it keeps every occurrence at
// least its least positive count t_i in A(1) (least[i]), with value
// sqrt(t_i); a word that does not occur in A(1) has no row either way.
func cuts(zeta, least []int32, authors bool) (cut []int32, bval []float64) {
	cut = make([]int32, len(zeta))
	bval = make([]float64, len(zeta))
	for i, z := range zeta {
		switch {
		case z > 0:
			cut[i], bval[i] = z, math.Sqrt(float64(z))
		case authors && least[i] > 0:
			cut[i], bval[i] = least[i]-1, math.Sqrt(float64(least[i]))
		default:
			cut[i] = -1
		}
	}
	return cut, bval
}

// thresholds is step 2a on the documents docs of c: for each word i,
// zeta_i is the highest zeta in {0, 1, ..., m} such that
//
//	|{j : q_ij > zeta}| >= w0 s / 2   and   |{j : q_ij = zeta}| <= 3 eps w0 s,
//
// with s = len(docs) and q_ij the count of word i in document j on the
// count scale (countScale). The highest zeta meeting the first condition
// is v - 1 for v the ceil(w0 s / 2)-th highest q_ij; the second lowers it
// past any value held by too many documents. A word with no such zeta, or
// with zeta = 0 (B's entries are sqrt(zeta)), gets 0. least is, per word,
// its least positive q_ij (0 if it has none), which the authors' rule uses.
// Time O(nnz log nnz), parallel over words; the result does not depend on
// threads.
func thresholds(ctx context.Context, c *corpus.Corpus, docs []int, mbar, w0, eps float64, threads int) (zeta, least []int32) {
	v := c.NumWords()
	start := make([]int64, v+1)
	for _, d := range docs {
		words, _ := c.Doc(d)
		for _, w := range words {
			start[w+1]++
		}
	}
	for i := 0; i < v; i++ {
		start[i+1] += start[i]
	}
	q := make([]int32, start[v])
	next := append([]int64(nil), start[:v]...)
	for _, d := range docs {
		n := c.DocLen(d)
		words, counts := c.Doc(d)
		for p, w := range words {
			q[next[w]] = countScale(mbar, counts[p], n)
			next[w]++
		}
	}
	s := float64(len(docs))
	above := int(math.Ceil(w0 * s / 2))
	tie := 3 * eps * w0 * s
	zeta, least = make([]int32, v), make([]int32, v)
	_ = parallel.For(ctx, v, 256, threads, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			vals := q[start[i]:start[i+1]]
			slices.Sort(vals)
			slices.Reverse(vals)
			zeta[i] = wordThreshold(vals, len(docs), above, tie)
			for p := len(vals) - 1; p >= 0; p-- {
				if vals[p] > 0 {
					least[i] = vals[p]
					break
				}
			}
		}
	}, nil)
	return zeta, least
}

// wordThreshold returns zeta for one word given its count-scale values in
// decreasing order (zeros included or not: the documents without the word
// count as 0), the number s of documents, the least number above of
// documents that must exceed zeta and the most documents tie that may
// equal it. It returns 0 when no zeta >= 1 qualifies.
func wordThreshold(vals []int32, s, above int, tie float64) int32 {
	if above < 1 {
		above = 1
	}
	if len(vals) < above || vals[above-1] < 1 {
		return 0 // fewer than `above` positive values: only zeta < 0 would do
	}
	z := vals[above-1] - 1
	p := above - 1 // vals[:p] > z
	for p < len(vals) && vals[p] > z {
		p++
	}
	for z >= 1 {
		e := 0
		for p+e < len(vals) && vals[p+e] == z {
			e++
		}
		if float64(e) <= tie {
			return z
		}
		p += e
		z--
	}
	return 0
}

// thresholded is step 2b: B^T on the documents docs of c, one row per
// document (in the order of docs, empty rows included) with B_ij = bval[i]
// where q_ij > cut[i] >= 0 (see cuts), and 0 elsewhere.
func thresholded(c *corpus.Corpus, docs []int, cut []int32, bval []float64, mbar float64) *linalg.CSR {
	b := &linalg.CSR{Rows: len(docs), Cols: c.NumWords(), RowPtr: make([]int64, len(docs)+1)}
	for r, d := range docs {
		n := c.DocLen(d)
		words, counts := c.Doc(d)
		for p, w := range words {
			if z := cut[w]; z >= 0 && countScale(mbar, counts[p], n) > z {
				b.ColIdx = append(b.ColIdx, w)
				b.Val = append(b.Val, bval[w])
			}
		}
		b.RowPtr[r+1] = int64(len(b.ColIdx))
	}
	return b
}

// keepRows returns the rows rows of a (increasing) as a new CSR matrix.
func keepRows(a *linalg.CSR, rows []int) *linalg.CSR {
	out := &linalg.CSR{Rows: len(rows), Cols: a.Cols, RowPtr: make([]int64, len(rows)+1)}
	for r, i := range rows {
		lo, hi := a.RowPtr[i], a.RowPtr[i+1]
		out.ColIdx = append(out.ColIdx, a.ColIdx[lo:hi]...)
		out.Val = append(out.Val, a.Val[lo:hi]...)
		out.RowPtr[r+1] = int64(len(out.ColIdx))
	}
	return out
}
