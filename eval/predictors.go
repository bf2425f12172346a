package eval

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"sync"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/model"
)

var (
	_ Predictor = Baseline{}
	_ Predictor = KNN{}
	_ Predictor = TopicPredictor{}
)

// Baseline is the plusone baseline of Wang et al. (Projector, section
// 6.1), which "uses the training set word distribution": every test
// document gets the words of highest total count in the training corpus
// that it does not contain. Prepare takes O(nnz(train) + V) time, each
// document O(V).
type Baseline struct{}

// Name returns "baseline".
func (Baseline) Name() string { return "baseline" }

// Prepare counts the words of train.
func (Baseline) Prepare(_ context.Context, train, _ *corpus.Corpus) (Scorer, error) {
	counts := train.WordCounts()
	f := make([]float64, len(counts))
	for w, n := range counts {
		f[w] = float64(n)
	}
	return func(_ int, scores []float64) { copy(scores, f) }, nil
}

// DefaultKNN is the number of neighbours of the zero KNN (the paper's
// knn-15).
const DefaultKNN = 15

// KNN is the k-nearest-neighbour predictor of Wang et al. (Projector,
// section 6.1): it finds the K training documents most similar to the
// observed part of a test document, similarity being the cosine of the
// two documents' word-count vectors, and predicts the unseen words most
// frequent in those K documents (highest total count over them, so that
// KNN with every training document as neighbour is Baseline, as the paper
// notes).
//
// Where the paper is silent: counts are raw (no tf-idf weighting), and
// neighbours are not weighted by their similarity; only training documents
// sharing a word with the observed part (similarity > 0) can be
// neighbours, and ties in similarity go to the earlier training document;
// ties in a word's total count over the neighbours are broken by its
// total count over the training corpus (its Baseline score), which also
// ranks the words no neighbour has and every word of a document without
// neighbours.
//
// Similarities come from an inverted index of the training corpus: a test
// document costs O(sum of the training document frequencies of its words
// + |train| K + nnz(neighbours) + V). Prepare takes O(nnz(train) + V).
type KNN struct {
	// K is the number of neighbours; 0 means DefaultKNN.
	K int
}

// Name returns "knn-K", such as "knn-15".
func (k KNN) Name() string { return "knn-" + strconv.Itoa(k.neighbours()) }

func (k KNN) neighbours() int {
	if k.K == 0 {
		return DefaultKNN
	}
	return k.K
}

// Prepare builds the inverted index of train. It returns an error if K is
// negative.
func (k KNN) Prepare(_ context.Context, train, observed *corpus.Corpus) (Scorer, error) {
	numNeighbours := k.neighbours()
	if numNeighbours < 0 {
		return nil, fmt.Errorf("knn: K = %d is negative", k.K)
	}
	v, numTrain := train.NumWords(), train.NumDocs()
	// postings of word w: doc[start[w]:start[w+1]], count[...], by
	// increasing document.
	start := make([]int64, v+1)
	for _, w := range train.Words {
		start[w+1]++
	}
	for w := range v {
		start[w+1] += start[w]
	}
	next := slices.Clone(start[:v])
	doc := make([]int32, len(train.Words))
	count := make([]float64, len(train.Words))
	norm := make([]float64, numTrain)
	for d := range numTrain {
		words, counts := train.Doc(d)
		ss := 0.0
		for i, w := range words {
			c := float64(counts[i])
			doc[next[w]], count[next[w]] = int32(d), c
			next[w]++
			ss += c * c
		}
		norm[d] = math.Sqrt(ss)
	}
	// tieBreak[w] < 1 orders words of equal neighbour count by their
	// training count.
	total := float64(train.Tokens()) + 1
	tieBreak := make([]float64, v)
	for w, n := range train.WordCounts() {
		tieBreak[w] = float64(n) / total
	}
	type scratch struct {
		dot       []float64 // dot[t]: dot product with training doc t
		touched   []int32   // training docs with dot > 0
		neighbour []int32
	}
	pool := sync.Pool{New: func() any { return &scratch{dot: make([]float64, numTrain)} }}
	return func(d int, scores []float64) {
		sc := pool.Get().(*scratch)
		defer pool.Put(sc)
		words, counts := observed.Doc(d)
		sc.touched = sc.touched[:0]
		for i, w := range words {
			if int(w) >= v {
				continue
			}
			c := float64(counts[i])
			for p := start[w]; p < start[w+1]; p++ {
				t := doc[p]
				if sc.dot[t] == 0 {
					sc.touched = append(sc.touched, t)
				}
				sc.dot[t] += c * count[p]
			}
		}
		// The cosine is dot/(norm[t]*|q|); |q| is common to all t.
		sim := func(t int32) float64 { return sc.dot[t] / norm[t] }
		better := func(a, b int32) bool {
			sa, sb := sim(a), sim(b)
			return sa > sb || sa == sb && a < b
		}
		nb := sc.neighbour[:0]
		for _, t := range sc.touched {
			if len(nb) == numNeighbours && !better(t, nb[len(nb)-1]) {
				continue
			}
			if len(nb) < numNeighbours {
				nb = append(nb, t)
			}
			i := len(nb) - 1
			for i > 0 && better(t, nb[i-1]) {
				nb[i] = nb[i-1]
				i--
			}
			nb[i] = t
		}
		for _, t := range sc.touched {
			sc.dot[t] = 0
		}
		sc.neighbour = nb
		for _, t := range nb {
			ws, cs := train.Doc(int(t))
			for i, w := range ws {
				scores[w] += float64(cs[i])
			}
		}
		for w, x := range tieBreak {
			scores[w] += x
		}
	}, nil
}

// InferFunc infers the topic proportions of each document of observed
// under m: one row of m.K weights (summing to 1) per document. observed is
// over m's vocabulary. Package infer provides such functions.
type InferFunc func(ctx context.Context, m *model.Model, observed *corpus.Corpus) ([][]float64, error)

// TopicPredictor predicts words with a topic model, as the LDA, Mallet
// and Projector rows of Wang et al. (Projector, section 6.1): Infer gives
// the topic proportions theta of each observed part, and word w scores
// p(w | d) = sum_k theta_k phi_kw, phi being the topics of Model.
//
// Model must have been learned from the split's training corpus only (the
// training corpus Prepare gets is not used). Its vocabulary may differ
// from the split's (a learner may prune words): the observed parts are
// aligned to it by word string (corpus.Align) before inference, and words
// it lacks score 0. Each document costs O(K V) after inference.
type TopicPredictor struct {
	// Label names the predictor; "" means Model.Algorithm-K, such as
	// "anchor-15".
	Label string
	// Model holds the topics.
	Model *model.Model
	// Infer infers topic proportions.
	Infer InferFunc
}

// Name returns Label, or Model.Algorithm-K.
func (p TopicPredictor) Name() string {
	if p.Label != "" || p.Model == nil {
		return p.Label
	}
	return p.Model.Algorithm + "-" + strconv.Itoa(p.Model.K)
}

// Prepare infers the topic proportions of the documents of observed. It
// returns an error if Model or Infer is missing, if Model fails Validate,
// if inference fails or if it returns a row per document of the wrong
// shape.
func (p TopicPredictor) Prepare(ctx context.Context, _, observed *corpus.Corpus) (Scorer, error) {
	m := p.Model
	if m == nil || p.Infer == nil {
		return nil, errors.New("topic predictor: needs a Model and an Infer function")
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	aligned := observed
	if !slices.Equal(observed.Vocab, m.Vocab) {
		aligned, _ = corpus.Align(observed, m.Vocab)
	}
	theta, err := p.Infer(ctx, m, aligned)
	if err != nil {
		return nil, err
	}
	if len(theta) != observed.NumDocs() {
		return nil, fmt.Errorf("topic predictor: inference gave %d rows for %d documents", len(theta), observed.NumDocs())
	}
	for d, row := range theta {
		if len(row) != m.K {
			return nil, fmt.Errorf("topic predictor: inference gave %d weights for document %d, want K = %d", len(row), d, m.K)
		}
	}
	// phi[w*K+k] = p(w | k) for word w of the split's vocabulary.
	index := make(map[string]int, len(m.Vocab))
	for i, w := range m.Vocab {
		if _, dup := index[w]; !dup {
			index[w] = i
		}
	}
	k := m.K
	phi := make([]float64, observed.NumWords()*k)
	for w, s := range observed.Vocab {
		if i, ok := index[s]; ok {
			for t := range k {
				phi[w*k+t] = m.Topics[t][i]
			}
		}
	}
	return func(d int, scores []float64) {
		th := theta[d]
		for w := range scores {
			x := 0.0
			for t, p := range phi[w*k : w*k+k] {
				x += th[t] * p
			}
			scores[w] = x
		}
	}, nil
}
