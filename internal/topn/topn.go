// Package topn selects the n highest-scoring of a set of indices without
// sorting them all: the top words of a topic (model.Model.TopWords), the
// most relevant words and the most typical documents of a report.
//
// Complexity: Indices takes O(size log n) time at worst and O(size) when,
// as for a topic's probabilities, few items displace the ones kept;
// memory O(n). For n above size/4 it sorts all the indices, O(size log
// size) time and O(size) memory, which a heap of that size only slows.
package topn

import (
	"cmp"
	"container/heap"
	"math"
	"slices"
)

// Indices returns the n indices in [0, size) of highest score, highest
// first, ties to the lower index: the order of a stable sort of all the
// indices by decreasing score, cut to n. n <= 0 gives none, n > size all.
// A NaN score ranks as -Inf.
func Indices(size, n int, score func(int) float64) []int {
	n = min(max(n, 0), size)
	if n == 0 {
		return nil
	}
	if 4*n > size {
		return sorted(size, n, score)
	}
	h := &minHeap{items: make([]scored, 0, n)}
	for i := range size {
		s := key(score(i))
		if h.Len() < n {
			heap.Push(h, scored{i, s})
			continue
		}
		if worse(h.items[0], scored{i, s}) {
			h.items[0] = scored{i, s}
			heap.Fix(h, 0)
		}
	}
	out := make([]int, h.Len())
	for q := len(out) - 1; q >= 0; q-- {
		out[q] = heap.Pop(h).(scored).i
	}
	return out
}

// sorted is Indices by a stable sort of every index.
func sorted(size, n int, score func(int) float64) []int {
	all := make([]scored, size)
	for i := range all {
		all[i] = scored{i, key(score(i))}
	}
	slices.SortStableFunc(all, func(x, y scored) int { return cmp.Compare(y.s, x.s) })
	out := make([]int, n)
	for q := range out {
		out[q] = all[q].i
	}
	return out
}

// key is the score ranked: a NaN as -Inf.
func key(s float64) float64 {
	if s != s {
		return math.Inf(-1)
	}
	return s
}

type scored struct {
	i int
	s float64
}

// worse reports whether x ranks below y: a lower score, or the same score
// and a higher index.
func worse(x, y scored) bool { return x.s < y.s || (x.s == y.s && x.i > y.i) }

// minHeap holds the worst of the items kept at the top.
type minHeap struct{ items []scored }

func (h *minHeap) Len() int           { return len(h.items) }
func (h *minHeap) Less(i, j int) bool { return worse(h.items[i], h.items[j]) }
func (h *minHeap) Swap(i, j int)      { h.items[i], h.items[j] = h.items[j], h.items[i] }
func (h *minHeap) Push(x any)         { h.items = append(h.items, x.(scored)) }
func (h *minHeap) Pop() any {
	x := h.items[len(h.items)-1]
	h.items = h.items[:len(h.items)-1]
	return x
}
