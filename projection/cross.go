package projection

import (
	"context"

	"github.com/hulltopics/hull/internal/linalg"
	"github.com/hulltopics/hull/internal/parallel"
)

// docIndex holds the rows of a set of words of one half by document: the
// entries of document d are (pos[p], val[p]) for p in [ptr[d], ptr[d+1]),
// pos being the word's position in the set (increasing) and val its entry
// of X~ (or X~').
type docIndex struct {
	ptr []int64
	pos []int32
	val []float64
}

// newDocIndex indexes the rows words of a (V x D) by document, in O(D +
// nnz of those rows).
func newDocIndex(a *linalg.CSR, words []int) *docIndex {
	ix := &docIndex{ptr: make([]int64, a.Cols+1)}
	for _, w := range words {
		for p := a.RowPtr[w]; p < a.RowPtr[w+1]; p++ {
			ix.ptr[a.ColIdx[p]+1]++
		}
	}
	for d := range a.Cols {
		ix.ptr[d+1] += ix.ptr[d]
	}
	n := ix.ptr[a.Cols]
	ix.pos, ix.val = make([]int32, n), make([]float64, n)
	next := append([]int64(nil), ix.ptr[:a.Cols]...)
	for s, w := range words {
		for p := a.RowPtr[w]; p < a.RowPtr[w+1]; p++ {
			d := a.ColIdx[p]
			q := next[d]
			ix.pos[q], ix.val[q] = int32(s), a.Val[p]
			next[d] = q + 1
		}
	}
	return ix
}

// cross sets acc[s] = sum_d a_id x_{s,d} over the indexed words s: the
// products of row i of a with every indexed row, accumulated in document
// order. O(sum over the documents of row i of their indexed entries).
func (ix *docIndex) cross(a *linalg.CSR, i int, acc []float64) {
	clear(acc)
	for p := a.RowPtr[i]; p < a.RowPtr[i+1]; p++ {
		d, v := a.ColIdx[p], a.Val[p]
		for q := ix.ptr[d]; q < ix.ptr[d+1]; q++ {
			acc[ix.pos[q]] += v * ix.val[q]
		}
	}
}

// space computes the entries of E = D X~' X~^T (V x V, never stored) that
// involve a set of words: E_ij = D X~'_i . X~_j estimates D times the
// inner product of the expected rows of words i and j without the bias of
// a word's own sampling noise, the two halves being independent.
type space struct {
	h     *halves
	words []int
	ix    *docIndex // the words' rows of X~ by document
	ixp   *docIndex // the words' rows of X~' by document
	scale float64   // D
}

func newSpace(h *halves, words []int) *space {
	return &space{h: h, words: words, ix: newDocIndex(h.x, words), ixp: newDocIndex(h.xp, words), scale: float64(h.numDocs())}
}

// row sets acc[s] = E_{i, words[s]} for word i.
func (sp *space) row(i int, acc []float64) {
	sp.ix.cross(sp.h.xp, i, acc)
	for s := range acc {
		acc[s] *= sp.scale
	}
}

// col sets acc[s] = E_{words[s], i} for word i.
func (sp *space) col(i int, acc []float64) {
	sp.ixp.cross(sp.h.x, i, acc)
	for s := range acc {
		acc[s] *= sp.scale
	}
}

// self returns E_ii for word i: D X~'_i . X~_i by a merge of the two
// sorted rows.
func (sp *space) self(i int) float64 {
	a, b := sp.h.xp, sp.h.x
	p, pe := a.RowPtr[i], a.RowPtr[i+1]
	q, qe := b.RowPtr[i], b.RowPtr[i+1]
	s := 0.0
	for p < pe && q < qe {
		switch {
		case a.ColIdx[p] < b.ColIdx[q]:
			p++
		case a.ColIdx[p] > b.ColIdx[q]:
			q++
		default:
			s += a.Val[p] * b.Val[q]
			p++
			q++
		}
	}
	return s * sp.scale
}

// matrices returns E restricted to the words (s x s, row-major: e[a*s+b]
// = E_{words[a], words[b]}) and the distance matrix dist(a, b) = E_aa -
// E_ab - E_ba + E_bb (symmetric, zero diagonal), an unbiased estimate of
// D times the squared distance of the expected rows (section 4.2). The
// rows are computed in parallel, each in a fixed order.
func (sp *space) matrices(ctx context.Context, threads int, progress func(done int)) (e, dist []float64, err error) {
	s := len(sp.words)
	e = make([]float64, s*s)
	err = parallel.For(ctx, s, 8, threads, func(lo, hi int) {
		for a := lo; a < hi; a++ {
			sp.row(sp.words[a], e[a*s:(a+1)*s])
		}
	}, progress)
	if err != nil {
		return nil, nil, err
	}
	dist = make([]float64, s*s)
	for a := range s {
		for b := a + 1; b < s; b++ {
			d := e[a*s+a] - e[a*s+b] - e[b*s+a] + e[b*s+b]
			dist[a*s+b], dist[b*s+a] = d, d
		}
	}
	return e, dist, nil
}
