package infer

import (
	"context"
	"errors"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/model"
)

// DominantIterations is the number of variational updates per document
// DominantTopics allows when Options.Iterations is 0: ten times fewer than
// Infer's default. On KOS (K = 20) the dominant topic of 99.7% of the
// documents is then that of the converged weights for a Gibbs model,
// 92.5% for a collapsed anchor-word model, and the largest topic's share
// of the documents is within 0.01 of its converged value.
const DominantIterations = 20

// DominantSampleDocs is the most documents whose dominant topics the
// health of a fit is judged on ("hull fit", eval.HealthSampleDocs):
// inferring them all took 53-58 s at 300,000 documents and K = 100, more
// than twice the anchor fit. With 20,000 documents a topic at the rare
// threshold of K = 100 (0.5%) is the dominant topic of about 100 of them,
// known to about 10%.
const DominantSampleDocs = 20000

// DominantOf returns the dominant topic of each row of theta: the index of
// its largest weight (the lower one on ties), -1 for a row whose weights
// are all zero or that is empty. Time O(D K).
func DominantOf(theta [][]float64) []int {
	dom := make([]int, len(theta))
	for d, row := range theta {
		dom[d] = -1
		for k, w := range row {
			if w > 0 && (dom[d] < 0 || w > row[dom[d]]) {
				dom[d] = k
			}
		}
	}
	return dom
}

// DominantTopics returns the dominant topic of each document of c under
// m's topics: the largest of the topic weights Infer gives it by VB
// (o.Method is ignored) with at most o.Iterations updates,
// DominantIterations if 0. A document without tokens gets -1, and so does
// one whose words all have zero weight in every topic (EmptyUnexplained):
// the weights of both are the prior's, and the lowest topic would take
// them all on the tie. It is deterministic and the same for any
// o.Threads. Errors as Infer's. Time O(o.Iterations x nnz x K) at most,
// spread over the threads.
func DominantTopics(ctx context.Context, m *model.Model, c *corpus.Corpus, o Options) ([]int, error) {
	o.Method = VB
	if o.Iterations == 0 {
		o.Iterations = DominantIterations
	}
	theta, err := Infer(ctx, m, c, o)
	if err != nil {
		return nil, err
	}
	dom := DominantOfDocs(c, theta)
	unexplained, _, err := unexplainedDocs(m, c)
	if err != nil {
		return nil, err
	}
	for d, skip := range unexplained {
		if skip {
			dom[d] = -1
		}
	}
	return dom, nil
}

// DominantOfDocs is DominantOf of the rows of theta, the topic weights of
// c's documents, with -1 too for a document without tokens (none of its
// words in the model): its weights are the prior's, not its own. So are
// those of a document whose words all have zero weight in every topic:
// pass the corpus EmptyUnexplained returns to give it -1 as well. Time
// O(D K).
func DominantOfDocs(c *corpus.Corpus, theta [][]float64) []int {
	dom := DominantOf(theta)
	for d := range dom {
		if c.Empty(d) {
			dom[d] = -1
		}
	}
	return dom
}

// SampleDominantTopics is DominantTopics on at most n of c's documents,
// evenly spaced (documents floor(i D / n), i < n, in order): every
// document when D <= n or n <= 0. The others get -1. It returns the
// dominant topics and the number of documents sampled.
func SampleDominantTopics(ctx context.Context, m *model.Model, c *corpus.Corpus, n int, o Options) ([]int, int, error) {
	if c == nil {
		return nil, 0, errors.New("infer: no corpus (nil)")
	}
	d := c.NumDocs()
	if n <= 0 || d <= n {
		dom, err := DominantTopics(ctx, m, c, o)
		return dom, d, err
	}
	docs := make([]int, n)
	for i := range docs {
		docs[i] = int(int64(i) * int64(d) / int64(n))
	}
	sampled, err := DominantTopics(ctx, m, corpus.Select(c, docs), o)
	if err != nil {
		return nil, 0, err
	}
	dom := make([]int, d)
	for i := range dom {
		dom[i] = -1
	}
	for i, doc := range docs {
		dom[doc] = sampled[i]
	}
	return dom, n, nil
}
