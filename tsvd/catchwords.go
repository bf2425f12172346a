package tsvd

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/ctxio"
	"github.com/hulltopics/hull/internal/parallel"
)

// CatchwordOptions are the parameters of Catchwords, step 5 of the paper.
type CatchwordOptions struct {
	// Rank is floor(eps0 w0 s / 2): g(i, l) is the Rank-th highest
	// relative frequency of word i among the documents of cluster l, 0 when
	// fewer than Rank documents of the cluster hold the word (in
	// particular when the cluster has fewer than Rank documents). At least
	// 1.
	Rank int
	// Gamma: word i is a catchword of topic l when g(i, l) > Gamma g(i, l')
	// for every other topic l'. Positive. The paper's experiments use 1.1
	// in TSVD itself and 2.3 to check the catchwords assumption (Table 1).
	Gamma float64
	// Floor: catchwords also need g(i, l) > Floor (the first term of the
	// maximum in step 5b); 0 for none.
	Floor float64
	// Threads is the number of goroutines (0: one per CPU); it never
	// changes the result.
	Threads int
}

// Catchwords is step 5 of the paper for the documents of c partitioned
// into k clusters by labels (labels[d] in [0, k), or -1 for a document
// left out): with A_id = count / n_d the relative frequencies, g(i, l) is
// the Rank-th highest A_ij over the documents j of cluster l, and
//
//	J_l = { i : g(i, l) > max(Floor, Gamma max_{l' != l} g(i, l')) }.
//
// It returns J_1..J_k, each ordered by decreasing g(i, l) (the lower word
// index on ties). With Gamma >= 1 the sets are disjoint. It returns an
// error when labels does not have one entry per document or holds a label
// outside [-1, k), or when an option is out of range. Time O(nnz log nnz
// + V k), parallel over words, in O(nnz + V k) memory.
func Catchwords(ctx context.Context, c *corpus.Corpus, labels []int, k int, o CatchwordOptions) ([][]int, error) {
	if err := ctxio.Err(ctx); err != nil {
		return nil, err
	}
	if c == nil {
		return nil, errors.New("tsvd: Catchwords: no corpus (nil)")
	}
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("tsvd: Catchwords: %w", err)
	}
	switch {
	case k < 1:
		return nil, fmt.Errorf("tsvd: Catchwords: k = %d, want >= 1", k)
	case len(labels) != c.NumDocs():
		return nil, fmt.Errorf("tsvd: Catchwords: %d labels for %d documents", len(labels), c.NumDocs())
	case o.Rank < 1:
		return nil, fmt.Errorf("tsvd: Catchwords: Rank = %d, want >= 1", o.Rank)
	case !(o.Gamma > 0) || math.IsInf(o.Gamma, 1):
		return nil, fmt.Errorf("tsvd: Catchwords: Gamma = %v, want > 0", o.Gamma)
	case !(o.Floor >= 0) || math.IsInf(o.Floor, 1):
		return nil, fmt.Errorf("tsvd: Catchwords: Floor = %v, want >= 0", o.Floor)
	}
	for d, l := range labels {
		if l < -1 || l >= k {
			return nil, fmt.Errorf("tsvd: Catchwords: document %d has label %d, want -1 or in [0, %d)", d, l, k)
		}
	}
	g, err := fractiles(ctx, c, labels, k, o.Rank, o.Threads)
	if err != nil {
		return nil, err
	}
	return catchwordSets(g, c.NumWords(), k, o.Gamma, o.Floor), nil
}

// fractiles returns g (V x k, word-major): g[i*k+l] is the rank-th highest
// relative frequency of word i among the documents of cluster l (0 if
// fewer than rank of them hold the word).
func fractiles(ctx context.Context, c *corpus.Corpus, labels []int, k, rank, threads int) ([]float64, error) {
	v := c.NumWords()
	start := make([]int64, v+1)
	for d, l := range labels {
		if l < 0 {
			continue
		}
		words, _ := c.Doc(d)
		for _, w := range words {
			start[w+1]++
		}
	}
	for i := 0; i < v; i++ {
		start[i+1] += start[i]
	}
	vals := make([]float64, start[v])
	labs := make([]int32, start[v])
	next := append([]int64(nil), start[:v]...)
	for d, l := range labels {
		if l < 0 {
			continue
		}
		n := c.DocLen(d)
		words, counts := c.Doc(d)
		for p, w := range words {
			vals[next[w]] = float64(counts[p]) / float64(n)
			labs[next[w]] = int32(l)
			next[w]++
		}
	}
	g := make([]float64, v*k)
	err := parallel.For(ctx, v, 256, threads, func(lo, hi int) {
		off := make([]int, k+1)
		var buf []float64
		for i := lo; i < hi; i++ {
			seg, lab := vals[start[i]:start[i+1]], labs[start[i]:start[i+1]]
			if len(seg) < rank {
				continue
			}
			// Counting sort of the word's values by cluster, in document order.
			clear(off)
			for _, l := range lab {
				off[l+1]++
			}
			for l := 0; l < k; l++ {
				off[l+1] += off[l]
			}
			buf = slices.Grow(buf[:0], len(seg))[:len(seg)]
			pos := append([]int(nil), off[:k]...)
			for p, l := range lab {
				buf[pos[l]] = seg[p]
				pos[l]++
			}
			for l := 0; l < k; l++ {
				sub := buf[off[l]:off[l+1]]
				if len(sub) < rank {
					continue
				}
				slices.Sort(sub)
				g[i*k+l] = sub[len(sub)-rank]
			}
		}
	}, nil)
	return g, err
}

// catchwordSets returns J_1..J_k from g (V x k, word-major): J_l holds the
// words with g(i, l) > max(floor, gamma max_{l' != l} g(i, l')), ordered by
// decreasing g(i, l), the lower word index on ties.
func catchwordSets(g []float64, v, k int, gamma, floor float64) [][]int {
	sets := make([][]int, k)
	for i := 0; i < v; i++ {
		row := g[i*k : (i+1)*k]
		top, second, at := -1.0, -1.0, -1
		for l, x := range row {
			switch {
			case x > top:
				second, top, at = top, x, l
			case x > second:
				second = x
			}
		}
		for l, x := range row {
			if !(x > 0) {
				continue
			}
			other := top
			if l == at {
				other = max(second, 0)
			}
			if k == 1 {
				other = 0
			}
			if x > max(floor, gamma*other) {
				sets[l] = append(sets[l], i)
			}
		}
	}
	for l, set := range sets {
		slices.SortStableFunc(set, func(a, b int) int {
			ga, gb := g[a*k+l], g[b*k+l]
			switch {
			case ga > gb:
				return -1
			case ga < gb:
				return 1
			}
			return 0
		})
	}
	return sets
}

// catchwordRank returns floor(x), the rank of a catchword's frequency
// among n documents, at least 1 and at most n: clamped before the
// conversion, since a huge Eps0 makes x too large for an int, which Go
// converts to an implementation's value (MinInt64 on amd64, so rank 1,
// the opposite of what was asked).
func catchwordRank(x float64, n int) int {
	return max(1, int(math.Floor(min(x, float64(n)))))
}

// catchwords is step 5 within Fit: the catchwords of the Lloyd clusters of
// the documents of the second half, with Rank floor(eps0 w0 s / 2) (at
// least 1, at most s), s the number of documents of the second half.
func (f *fit) catchwords(ctx context.Context) error {
	f.o.Progress.Report("catchwords", 0, 1)
	labels := make([]int, f.c.NumDocs())
	for d := range labels {
		labels[d] = -1
	}
	for r, pos := range f.retained {
		labels[f.second[pos]] = f.labels[r]
	}
	rank := catchwordRank(f.o.Eps0*f.o.W0*float64(len(f.second))/2, len(f.second))
	sets, err := Catchwords(ctx, f.c, labels, f.k, CatchwordOptions{Rank: rank, Gamma: f.o.Gamma, Floor: f.o.CatchwordFloor, Threads: f.o.Threads})
	if err != nil {
		return err
	}
	f.catch = sets
	words := 0
	for _, set := range sets {
		words += len(set)
	}
	f.params["catchword_rank"] = rank
	f.params["catchword_count"] = words
	f.o.Progress.Report("catchwords", 1, 1)
	return nil
}
