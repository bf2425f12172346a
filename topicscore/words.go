package topicscore

import (
	"slices"
	"sort"
)

// anchorWords finds, for each vertex, the words whose rows of R are
// nearest to it: the "most anchor-like" words of the paper's Table 1
// (section 5.2). Anchors holds the nearest word of each topic and
// Params["anchor_words"] the AnchorWordsPerTopic nearest, nearest first.
// O(p K^2).
func (f *fit) anchorWords() {
	k, dim := f.k, f.k-1
	n := min(AnchorWordsPerTopic, len(f.used))
	f.anchors = make([]int, k)
	names := make([][]string, k)
	idx := make([]int, len(f.used))
	dist := make([]float64, len(f.used))
	for t := 0; t < k; t++ {
		v := f.vert[t*dim : t*dim+dim]
		for i := range f.used {
			idx[i] = i
			dist[i] = sqDist(f.r[i*dim:i*dim+dim], v)
		}
		sort.SliceStable(idx, func(a, b int) bool { return dist[idx[a]] < dist[idx[b]] })
		f.anchors[t] = f.used[idx[0]]
		for _, i := range idx[:n] {
			names[t] = append(names[t], f.c.Vocab[f.used[i]])
			f.anchorRows = append(f.anchorRows, i)
		}
	}
	f.params["anchor_words"] = names
}

// ratioSample keeps the first two columns of R (one when K = 2) for at
// most MaxRatioSample words, evenly spaced over the words used, plus the
// anchor-like words of every topic: what "hull plot simplex" draws (the
// paper's Figure 3, right). Params["ratios_sample_words"] holds the word
// of each row, in index order.
func (f *fit) ratioSample() {
	dim := f.k - 1
	cols := min(2, dim)
	pick := map[int]bool{}
	step := max(1, (len(f.used)+MaxRatioSample-1)/MaxRatioSample)
	for i := 0; i < len(f.used); i += step {
		pick[i] = true
	}
	for _, i := range f.anchorRows {
		pick[i] = true
	}
	order := make([]int, 0, len(pick))
	for i := range pick {
		order = append(order, i)
	}
	slices.Sort(order)
	sample := make([][]float64, len(order))
	words := make([]int, len(order))
	for n, i := range order {
		sample[n] = append([]float64(nil), f.r[i*dim:i*dim+cols]...)
		words[n] = f.used[i]
	}
	f.params["ratios_sample"] = sample
	f.params["ratios_sample_words"] = words
}

// sortByValueDesc sorts idx by x[idx[i]], largest first; ties keep the
// lower index first.
func sortByValueDesc(idx []int, x []float64) {
	sort.SliceStable(idx, func(a, b int) bool { return x[idx[a]] > x[idx[b]] })
}
