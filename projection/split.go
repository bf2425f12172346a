package projection

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/linalg"
	"github.com/hulltopics/hull/internal/parallel"
	"github.com/hulltopics/hull/learner"
)

// Stream constants: each random choice draws from PCG(Seed, stream), so
// the choices are independent of one another and of the thread count.
const (
	streamSplit   = 0x73706c6974 // "split", xor-ed with the document index
	streamRP      = 0x7270       // "rp"
	streamBinning = 0x62696e73   // "bins"
)

// halves holds a corpus split at random, token by token, into two halves,
// as row-normalised word-by-document matrices (section 4.1 A): column j is
// document docs[j]; X_ij = count of word i in the document's half /
// tokens of that half; X~ is X with each row divided by its sum.
type halves struct {
	docs []int // corpus index of each document used (those of 2 tokens or more), increasing

	x, xp     *linalg.CSR // X~ and X~' (V x D): row i sums to 1, or is empty when word i is absent from that half
	sum, sumP []float64   // row sums of X and X' before the normalisation

	mass []float64 // row sums of the unsplit X, sum_d count_id / n_d, over the documents used

	cnt1 []int32 // per corpus nonzero: the tokens of half one
	len1 []int32 // per document used: the tokens of half one
}

// numDocs returns D, the number of documents used.
func (h *halves) numDocs() int { return len(h.docs) }

// splitCorpus splits each document of at least two tokens at random into
// floor(n/2) tokens for half one and the rest for half two (a uniformly
// random subset, drawn without replacement from the document's tokens
// with PCG(seed, streamSplit ^ d), so the split of a document depends on
// the seed and its index only) and builds X~ and X~'. Documents of fewer
// than two tokens are skipped; a document of more than MaxInt32 tokens is
// refused. O(tokens + nnz) time; each goroutine holds the tokens of one
// document, 4 bytes each.
func splitCorpus(ctx context.Context, c *corpus.Corpus, seed uint64, threads int, progress learner.Progress) (*halves, error) {
	h := &halves{}
	for d := range c.NumDocs() {
		if c.DocLen(d) >= 2 {
			h.docs = append(h.docs, d)
		}
	}
	if len(h.docs) == 0 {
		return nil, errors.New("projection: no document has 2 or more tokens: the split needs a token in each half")
	}
	if d, n := c.LongestDoc(); n > math.MaxInt32 {
		return nil, fmt.Errorf("projection: document %d has %d tokens: the split draws from at most %d tokens a document", d+1, n, math.MaxInt32)
	}
	nd := len(h.docs)
	h.cnt1 = make([]int32, c.NNZ())
	h.len1 = make([]int32, nd)
	n1 := make([]int64, nd+1) // nonzeros of each document in half one, then prefix sums
	n2 := make([]int64, nd+1)
	progress.Report("split", 0, nd)
	err := parallel.For(ctx, nd, 256, threads, func(lo, hi int) {
		pcg := rand.NewPCG(0, 0)
		rng := rand.New(pcg)
		var tokens []int32
		for j := lo; j < hi; j++ {
			d := h.docs[j]
			pcg.Seed(seed, streamSplit^uint64(d))
			off := c.Offsets[d]
			_, counts := c.Doc(d)
			tokens = tokens[:0]
			for t, n := range counts {
				for range n {
					tokens = append(tokens, int32(t))
				}
			}
			n := len(tokens)
			m := n / 2
			for t := range m { // partial Fisher-Yates: tokens[:m] is a uniform m-subset
				u := t + rng.IntN(n-t)
				tokens[t], tokens[u] = tokens[u], tokens[t]
			}
			cnt := h.cnt1[off : off+int64(len(counts))]
			for _, t := range tokens[:m] {
				cnt[t]++
			}
			h.len1[j] = int32(m)
			for t, k := range counts {
				if cnt[t] > 0 {
					n1[j+1]++
				}
				if cnt[t] < k {
					n2[j+1]++
				}
			}
		}
	}, func(done int) { progress.Report("split", done, nd) })
	if err != nil {
		return nil, err
	}
	for j := range nd {
		n1[j+1] += n1[j]
		n2[j+1] += n2[j]
	}
	v := c.NumWords()
	a := &linalg.CSR{Rows: nd, Cols: v, RowPtr: n1, ColIdx: make([]int32, n1[nd]), Val: make([]float64, n1[nd])}
	b := &linalg.CSR{Rows: nd, Cols: v, RowPtr: n2, ColIdx: make([]int32, n2[nd]), Val: make([]float64, n2[nd])}
	err = parallel.For(ctx, nd, 256, threads, func(lo, hi int) {
		for j := lo; j < hi; j++ {
			d := h.docs[j]
			off := c.Offsets[d]
			words, counts := c.Doc(d)
			m := float64(h.len1[j])
			r := float64(c.DocLen(d)) - m
			p, q := n1[j], n2[j]
			for t, w := range words {
				k1 := h.cnt1[off+int64(t)]
				if k1 > 0 {
					a.ColIdx[p], a.Val[p] = w, float64(k1)/m
					p++
				}
				if k2 := counts[t] - k1; k2 > 0 {
					b.ColIdx[q], b.Val[q] = w, float64(k2)/r
					q++
				}
			}
		}
	}, nil)
	if err != nil {
		return nil, err
	}
	h.x, h.sum = normaliseRows(a.Transpose())
	h.xp, h.sumP = normaliseRows(b.Transpose())
	h.mass = make([]float64, v)
	for _, d := range h.docs {
		words, counts := c.Doc(d)
		n := float64(c.DocLen(d))
		for t, w := range words {
			h.mass[w] += float64(counts[t]) / n
		}
	}
	return h, ctx.Err()
}

// normaliseRows divides each row of a by its sum, in place, and returns a
// and the sums (each summed in column order).
func normaliseRows(a *linalg.CSR) (*linalg.CSR, []float64) {
	sums := make([]float64, a.Rows)
	for i := range a.Rows {
		s := 0.0
		for p := a.RowPtr[i]; p < a.RowPtr[i+1]; p++ {
			s += a.Val[p]
		}
		sums[i] = s
		if s > 0 {
			inv := 1 / s
			for p := a.RowPtr[i]; p < a.RowPtr[i+1]; p++ {
				a.Val[p] *= inv
			}
		}
	}
	return a, sums
}
