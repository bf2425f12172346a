package tsvd

import (
	"context"
	"math"
	"slices"

	"github.com/hulltopics/hull/internal/parallel"
)

// topics is step 6 with its fallbacks, then the dominant topic of every
// document.
//
// For a topic l with catchwords J_l, the score of document j of the
// second half is sum_{i in J_l} A_ij; the topic is the average of A_.j
// over the floor(TopFraction s / 2) documents of highest score (at least
// one; ties to the earlier document), among those with a positive score.
// The other topics fall back (SourceClusterMean, SourceCentroid,
// SourceCorpusMean; see the package documentation).
func (f *fit) topics(ctx context.Context) error {
	c, k := f.c, f.k
	v := c.NumWords()
	s := len(f.second)
	f.o.Progress.Report("topics", 0, k)
	// Which topics each word is a catchword of (several only if Gamma < 1).
	of := make([][]int32, v)
	for l, set := range f.catch {
		for _, i := range set {
			of[i] = append(of[i], int32(l))
		}
	}
	// Scores of the documents of the second half, s x k.
	score := make([]float64, s*k)
	err := parallel.For(ctx, s, 256, f.o.Threads, func(lo, hi int) {
		for j := lo; j < hi; j++ {
			d := f.second[j]
			n := c.DocLen(d)
			words, counts := c.Doc(d)
			row := score[j*k : (j+1)*k]
			for p, w := range words {
				for _, l := range of[w] {
					row[l] += float64(counts[p]) / float64(n)
				}
			}
		}
	}, nil)
	if err != nil {
		return err
	}
	top := max(1, int(math.Floor(f.o.TopFraction*float64(s)/2)))
	members := make([][]int, k) // documents (corpus indices) of each Lloyd cluster
	for r, l := range f.labels {
		if l >= 0 {
			members[l] = append(members[l], f.second[f.retained[r]])
		}
	}
	f.topicsV = make([][]float64, k)
	source := make([]string, k)
	used := make([]int, k)
	fallback := 0
	for l := 0; l < k; l++ {
		var docs []int
		if len(f.catch[l]) > 0 {
			for _, j := range topDocs(score, k, l, top) {
				docs = append(docs, f.second[j])
			}
		}
		switch {
		case len(docs) > 0:
			source[l] = SourceCatchwords
		case len(members[l]) > 0:
			docs, source[l] = members[l], SourceClusterMean
		}
		var topic []float64
		if docs != nil {
			topic = f.meanDistribution(docs)
			used[l] = len(docs)
		}
		if topic == nil && f.cen.alive[l] {
			topic, source[l] = make([]float64, v), SourceCentroid
			for i := range topic {
				topic[i] = f.cen.at[i*k+l]
			}
			if !normalize(topic) {
				topic = nil
			}
		}
		if topic == nil {
			topic, source[l] = f.meanDistribution(f.second), SourceCorpusMean
			used[l] = s
		}
		if topic == nil { // only when every document is empty, which threshold rules out
			topic = make([]float64, v)
			for i := range topic {
				topic[i] = 1 / float64(v)
			}
		}
		if source[l] != SourceCatchwords {
			fallback++
		}
		f.topicsV[l] = topic
		f.o.Progress.Report("topics", l+1, k)
	}
	f.params["topic_docs_wanted"] = top
	f.params["topic_docs_min"] = slices.Min(used)
	f.params["fallback_topics"] = fallback
	if fallback > 0 {
		bySource := map[string]int{}
		for _, src := range source {
			bySource[src]++
		}
		f.o.Settings.Logf("tsvd: %d of the K = %d topics have no catchwords and fell back: %d to the mean of their cluster, %d to their Lloyd centre, %d to the corpus mean (the model's topic_source says which)",
			fallback, k, bySource[SourceClusterMean], bySource[SourceCentroid], bySource[SourceCorpusMean])
	}
	f.source = source
	f.dom = f.dominant(ctx)
	return ctx.Err()
}

// topDocs returns the positions in the second half of the (at most) top
// documents of highest positive score for topic l (score is s x k), the
// earlier document first on ties.
func topDocs(score []float64, k, l, top int) []int {
	s := len(score) / k
	var cand []int
	for j := 0; j < s; j++ {
		if score[j*k+l] > 0 {
			cand = append(cand, j)
		}
	}
	slices.SortStableFunc(cand, func(a, b int) int {
		sa, sb := score[a*k+l], score[b*k+l]
		switch {
		case sa > sb:
			return -1
		case sa < sb:
			return 1
		}
		return 0
	})
	return cand[:min(top, len(cand))]
}

// meanDistribution returns the average of the relative frequencies A_.d
// over the documents docs (corpus indices), summed in the given order and
// renormalised to sum 1, or nil when they hold no token.
func (f *fit) meanDistribution(docs []int) []float64 {
	out := make([]float64, f.c.NumWords())
	for _, d := range docs {
		n := f.c.DocLen(d)
		if n == 0 {
			continue
		}
		words, counts := f.c.Doc(d)
		for p, w := range words {
			out[w] += float64(counts[p]) / float64(n)
		}
	}
	if !normalize(out) {
		return nil
	}
	return out
}

// normalize scales x to sum 1 and reports whether it could (a positive,
// finite sum).
func normalize(x []float64) bool {
	sum := 0.0
	for _, v := range x {
		sum += v
	}
	if !(sum > 0) || math.IsInf(sum, 1) {
		return false
	}
	for i := range x {
		x[i] /= sum
	}
	return true
}

// dominant returns the dominant topic of every document of the corpus
// (step 4c's clusters, numbered as the topics): for a document of the
// second half its Lloyd cluster; for one of the first half (with the
// split) the nearest final Lloyd centre of its thresholded column, the
// same rule as Lloyd's last assignment; -1 for a document without any word
// above its threshold (a zero column of B).
func (f *fit) dominant(ctx context.Context) []int {
	out := make([]int, f.c.NumDocs())
	for d := range out {
		out[d] = -1
	}
	for r, pos := range f.retained {
		out[f.second[pos]] = f.labels[r]
	}
	if f.o.NoSplit {
		return out
	}
	b1 := thresholded(f.c, f.first, f.cut, f.bval, f.mbar)
	labels := make([]int, b1.Rows)
	if _, _, err := f.cen.assign(ctx, b1, labels, make([]float64, b1.Rows), f.o.Threads); err != nil {
		return out // ctx is done: Fit returns its error
	}
	for r, d := range f.first {
		out[d] = labels[r]
	}
	return out
}
