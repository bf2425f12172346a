package eval

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/hulltopics/hull/internal/assign"
	"github.com/hulltopics/hull/model"
)

// Recovery is the result of L1Recovery: how far each true topic is from
// the learned topic matched to it. Slices are indexed by true topic.
type Recovery struct {
	// Match holds the learned topic matched to each true topic.
	Match []int
	// Dist holds the l1 distance of each true topic to its match, in [0, 2].
	Dist []float64
	// Mean and Max are the mean and the maximum of Dist.
	Mean, Max float64
}

// Similarity is the result of CosineRecovery: how close each true topic is
// to the learned topic matched to it. Slices are indexed by true topic.
type Similarity struct {
	// Match holds the learned topic matched to each true topic.
	Match []int
	// Cos holds the cosine similarity of each true topic and its match, in
	// [0, 1].
	Cos []float64
	// Mean and Min are the mean and the minimum of Cos.
	Mean, Min float64
}

// L1Recovery matches the topics of learned to those of truth so as to
// minimise the total l1 distance sum_w |learned(w) - truth(w)| between
// matched topics, words being aligned by their strings (see the package
// documentation), and returns the matching and its distances.
//
// It returns an error if either model fails Validate, if the two models
// have different numbers of topics, or if their vocabularies have no word
// in common.
func L1Recovery(learned, truth *model.Model) (Recovery, error) {
	l, t, err := align(learned, truth)
	if err != nil {
		return Recovery{}, err
	}
	dist := pairwise(t, l, l1)
	match, _ := assign.MinCost(dist)
	r := Recovery{Match: match, Dist: matched(dist, match)}
	r.Mean, r.Max = mean(r.Dist), slices.Max(r.Dist)
	return r, nil
}

// CosineRecovery matches the topics of learned to those of truth so as to
// maximise the total cosine similarity of matched topics, words being
// aligned by their strings, and returns the matching and its similarities.
// It returns an error in the cases L1Recovery does.
func CosineRecovery(learned, truth *model.Model) (Similarity, error) {
	l, t, err := align(learned, truth)
	if err != nil {
		return Similarity{}, err
	}
	return cosineMatch(l, t), nil
}

// cosineMatch matches the rows of l to those of t by the maximum-weight
// matching on cosine similarity. With fewer rows in l than in t, the
// matching is computed on the similarity matrix padded with zero columns
// and the true topics left over get Match -1 and Cos 0; with more rows in
// l, some learned topics stay unmatched.
func cosineMatch(l, t [][]float64) Similarity {
	sim := pairwise(t, l, cosine)
	n := max(len(l), len(t))
	square := make([][]float64, n)
	for i := range square {
		square[i] = make([]float64, n)
		if i < len(sim) {
			copy(square[i], sim[i])
		}
	}
	match, _ := assign.MaxWeight(square)
	match = match[:len(t)]
	s := Similarity{Match: match, Cos: make([]float64, len(t))}
	for i, j := range match {
		if j >= len(l) {
			match[i] = -1
			continue
		}
		s.Cos[i] = sim[i][j]
	}
	s.Mean, s.Min = mean(s.Cos), slices.Min(s.Cos)
	return s
}

// align returns the topics of learned and of truth as rows over a common
// vocabulary: truth's words in order, then learned's words that truth
// lacks. Probabilities of a word listed twice in one vocabulary are added.
// When the vocabularies are identical the models' own rows are returned.
func align(learned, truth *model.Model) (l, t [][]float64, err error) {
	return alignTopics(learned, truth, true)
}

// alignTopics is align; sameK false accepts models with different numbers
// of topics.
func alignTopics(learned, truth *model.Model, sameK bool) (l, t [][]float64, err error) {
	if err := learned.Validate(); err != nil {
		return nil, nil, fmt.Errorf("eval: learned model: %w", err)
	}
	if err := truth.Validate(); err != nil {
		return nil, nil, fmt.Errorf("eval: true model: %w", err)
	}
	if sameK && learned.K != truth.K {
		return nil, nil, fmt.Errorf("eval: learned model has %d topics, true model %d: recovery needs equal K", learned.K, truth.K)
	}
	if slices.Equal(learned.Vocab, truth.Vocab) {
		return learned.Topics, truth.Topics, nil
	}
	index := make(map[string]int, len(truth.Vocab)+len(learned.Vocab))
	tCols := columns(index, truth.Vocab)
	lCols := columns(index, learned.Vocab)
	if len(index) == len(truth.Vocab)+len(learned.Vocab) {
		return nil, nil, errors.New("eval: the learned and true vocabularies have no word in common")
	}
	return scatter(learned.Topics, lCols, len(index)), scatter(truth.Topics, tCols, len(index)), nil
}

// columns returns the common-vocabulary column of each word of vocab,
// adding unseen words to index.
func columns(index map[string]int, vocab []string) []int {
	cols := make([]int, len(vocab))
	for i, w := range vocab {
		c, ok := index[w]
		if !ok {
			c = len(index)
			index[w] = c
		}
		cols[i] = c
	}
	return cols
}

// scatter returns rows of width v with topics[k][i] added at column
// cols[i].
func scatter(topics [][]float64, cols []int, v int) [][]float64 {
	out := make([][]float64, len(topics))
	for k, row := range topics {
		out[k] = make([]float64, v)
		for i, p := range row {
			out[k][cols[i]] += p
		}
	}
	return out
}

// pairwise returns the matrix f(a[i], b[j]).
func pairwise(a, b [][]float64, f func(x, y []float64) float64) [][]float64 {
	m := make([][]float64, len(a))
	for i := range a {
		m[i] = make([]float64, len(b))
		for j := range b {
			m[i][j] = f(a[i], b[j])
		}
	}
	return m
}

// l1 returns sum |x_i - y_i|; x and y have equal length.
func l1(x, y []float64) float64 {
	s := 0.0
	for i := range x {
		s += math.Abs(x[i] - y[i])
	}
	return s
}

// cosine returns the cosine of the angle between x and y (0 if either is
// zero); x and y have equal length.
func cosine(x, y []float64) float64 {
	var xy, xx, yy float64
	for i := range x {
		xy += x[i] * y[i]
		xx += x[i] * x[i]
		yy += y[i] * y[i]
	}
	if xx == 0 || yy == 0 {
		return 0
	}
	return min(1, xy/math.Sqrt(xx*yy))
}

// matched returns m[i][match[i]] for each row i.
func matched(m [][]float64, match []int) []float64 {
	out := make([]float64, len(match))
	for i, j := range match {
		out[i] = m[i][j]
	}
	return out
}

func mean(x []float64) float64 {
	s := 0.0
	for _, v := range x {
		s += v
	}
	return s / float64(len(x))
}
