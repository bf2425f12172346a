package topicscore

import (
	"slices"

	"github.com/hulltopics/hull/internal/topn"
)

// vertexWords finds, for each vertex, the words whose rows of R are
// nearest to it: the "most anchor-like" words of the paper's Table 1
// (section 5.2). They go to the model's TopicWords, VertexWordsPerTopic
// per topic, nearest first. They are words characteristic of the topic,
// not anchor words (a vertex is a k-means centre, which no word need
// reach), so the model's Anchors stays empty. O(p K^2).
func (f *fit) vertexWords() {
	k, dim := f.k, f.k-1
	n := min(VertexWordsPerTopic, len(f.used))
	f.words = make([][]int, k)
	dist := make([]float64, len(f.used))
	for t := 0; t < k; t++ {
		v := f.vert[t*dim : t*dim+dim]
		for i := range f.used {
			dist[i] = sqDist(f.r[i*dim:i*dim+dim], v)
		}
		f.words[t] = make([]int, 0, n)
		for _, i := range topn.Indices(len(dist), n, func(i int) float64 { return -dist[i] }) {
			f.words[t] = append(f.words[t], f.used[i])
			f.nearRows = append(f.nearRows, i)
		}
	}
}

// ratioSample keeps the first two columns of R (one when K = 2) for at
// most MaxRatioSample words, evenly spaced over the words used, plus the
// words nearest each vertex: the cloud that "hull plot simplex" draws with
// the vertices (the paper's Figure 3, right). Two columns keep the model
// small (all K-1 would be most of a K = 20 model file). They go to the
// model's Simplex.Sample, with the word of each row, in index order, in
// Simplex.SampleWords.
func (f *fit) ratioSample() {
	dim := f.k - 1
	cols := min(2, dim)
	pick := map[int]bool{}
	step := max(1, (len(f.used)+MaxRatioSample-1)/MaxRatioSample)
	for i := 0; i < len(f.used); i += step {
		pick[i] = true
	}
	for _, i := range f.nearRows {
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
	f.simplex.Sample = sample
	f.simplex.SampleWords = words
}
