package projector

import (
	"context"
	"fmt"
	"slices"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/linalg"
	"github.com/hulltopics/hull/internal/parallel"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
)

// checkCorpus checks k against the corpus and returns its non-empty
// documents, in order: both learners work with the word distributions of
// documents, which an empty document does not have.
func checkCorpus(pkg string, c *corpus.Corpus, k, minK int) ([]int, error) {
	if c == nil || c.NumWords() == 0 || c.NumDocs() == 0 {
		return nil, fmt.Errorf("%s: empty corpus", pkg)
	}
	if k < minK {
		return nil, fmt.Errorf("%s: K = %d topics, want at least %d", pkg, k, minK)
	}
	var docs []int
	for d := 0; d < c.NumDocs(); d++ {
		if c.DocLen(d) > 0 {
			docs = append(docs, d)
		}
	}
	if len(docs) < k {
		return nil, fmt.Errorf("%s: K = %d topics for %d non-empty documents: want K <= documents", pkg, k, len(docs))
	}
	return docs, nil
}

// frequencies returns the word frequencies of the documents docs (all
// non-empty), one row each: x_dw = count_dw / n_d, the paper's observed
// distributions M-hat_d.
func frequencies(c *corpus.Corpus, docs []int) *linalg.CSR {
	nnz := int64(0)
	for _, d := range docs {
		nnz += c.Offsets[d+1] - c.Offsets[d]
	}
	x := &linalg.CSR{Rows: len(docs), Cols: c.NumWords(), RowPtr: make([]int64, len(docs)+1), ColIdx: make([]int32, 0, nnz), Val: make([]float64, 0, nnz)}
	for r, d := range docs {
		words, counts := c.Doc(d)
		inv := 1 / float64(c.DocLen(d))
		x.ColIdx = append(x.ColIdx, words...)
		for _, n := range counts {
			x.Val = append(x.Val, float64(n)*inv)
		}
		x.RowPtr[r+1] = int64(len(x.Val))
	}
	return x
}

// rowMean returns the mean of the rows of x, each word's sum taken in row
// order.
func rowMean(x *linalg.CSR) []float64 {
	mu := make([]float64, x.Cols)
	for p, w := range x.ColIdx {
		mu[w] += x.Val[p]
	}
	inv := 1 / float64(x.Rows)
	for w := range mu {
		mu[w] *= inv
	}
	return mu
}

// parallelWords calls fn on blocks of [0, n) on up to threads goroutines;
// fn must write only the entries of its own block.
func parallelWords(n, threads int, fn func(lo, hi int)) {
	grain := max(256, n/(8*parallel.Threads(threads)))
	_ = parallel.For(context.Background(), n, grain, threads, fn, nil)
}

// How each topic was obtained, as Model.TopicSource records it.
const (
	// SourceCentre: Projector's topic from its cluster's centre, scaled
	// and mapped back to word space (every topic, in practice).
	SourceCentre = "centre"
	// SourceClusterMean: the k-means topic, the mean word distribution of
	// its cluster's documents (every topic, in practice).
	SourceClusterMean = "cluster-mean"
	// SourceCosineCentre: a cluster k-means left empty (it re-seeds empty
	// clusters, so this is not seen in practice) takes its cosine centre.
	SourceCosineCentre = "cosine-centre"
	// SourceCorpusMean: a topic with no positive entry is replaced by the
	// corpus mean distribution.
	SourceCorpusMean = "corpus-mean"
)

// result is what both learners return: topics, their weights and what the
// clipping did.
type result struct {
	topics   [][]float64
	sizes    []int     // documents per cluster
	weights  []float64 // p(z) estimate: cluster shares
	clipped  []float64 // per topic, negative mass removed / positive mass kept
	fallback []int     // topics with no positive entry, replaced by the mean
	source   []string  // per topic, how it was obtained (the Source constants)
}

// sources returns, per topic of k, how it was obtained: normal, or
// SourceCosineCentre for the clusters in empty, or SourceCorpusMean for
// the topics in fallback (which wins).
func sources(k int, normal string, empty, fallback []int) []string {
	src := make([]string, k)
	for j := range src {
		src[j] = normal
	}
	for _, j := range empty {
		src[j] = SourceCosineCentre
	}
	for _, j := range fallback {
		src[j] = SourceCorpusMean
	}
	return src
}

// meanClipped returns the mean, over the topics not replaced by the corpus
// mean, of the negative mass the clipping removed over the positive mass
// it kept; 0 when there is no such topic.
func meanClipped(r result) float64 {
	sum, n := 0.0, 0
	for j, x := range r.clipped {
		if !slices.Contains(r.fallback, j) {
			sum += x
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

// clipNormalise sets the negative entries of each row to 0 and scales the
// row to sum 1 (the paper's final step); a row with no positive entry is
// replaced by fallback normalised (the corpus mean distribution).
func clipNormalise(rows [][]float64, fallback []float64) result {
	r := result{topics: rows, clipped: make([]float64, len(rows))}
	for j, row := range rows {
		pos, neg := 0.0, 0.0
		for w, x := range row {
			if x > 0 {
				pos += x
			} else {
				neg -= x
				row[w] = 0
			}
		}
		if !(pos > 0) || !finite(pos) {
			r.fallback = append(r.fallback, j)
			copy(row, fallback)
			pos = 0
			for _, x := range row {
				pos += x
			}
		} else {
			r.clipped[j] = neg / pos
		}
		inv := 1 / pos
		for w := range row {
			row[w] *= inv
		}
	}
	return r
}

// shares returns sizes normalised to sum 1.
func shares(sizes []int) []float64 {
	total := 0
	for _, n := range sizes {
		total += n
	}
	w := make([]float64, len(sizes))
	for j, n := range sizes {
		w[j] = float64(n) / float64(total)
	}
	return w
}

// newModel assembles a fitted model.
func newModel(algo string, c *corpus.Corpus, k int, r *result, s learner.Settings, params map[string]any, timings []model.Timing) *model.Model {
	return &model.Model{
		Algorithm:    algo,
		Params:       params,
		K:            k,
		Vocab:        c.Vocab,
		Topics:       r.topics,
		TopicWeights: r.weights,
		TopicSource:  r.source,
		ClusterSizes: r.sizes,
		Provenance:   s.Provenance(c, timings),
	}
}
