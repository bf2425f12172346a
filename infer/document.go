package infer

import (
	"context"
	"errors"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/ctxio"
	"github.com/hulltopics/hull/internal/terms"
	"github.com/hulltopics/hull/model"
)

// Document returns the topic weights of one document, given as its tokens
// (words, in any order, repeated as they occur), under the fixed topics of
// m: K weights summing to 1. Words that are not in m.Vocab are dropped;
// unknown is their number of tokens. A document with no known word gets
// alpha normalised, the prior mean.
//
// The weights are those Infer gives for a corpus of this one document on
// m's vocabulary with the same options (for Gibbs, the document draws the
// random stream of document 0 under o.Seed). It returns the errors of
// Infer: m's topics malformed, o invalid, or ctx.Err().
//
// Time: O(V) to index m's vocabulary and O(K V) to arrange its topics, on
// top of the inference of the document (see the package documentation);
// to infer documents one at a time as they come, make an Inferencer once;
// to infer many at once, build a corpus and call Infer.
func Document(ctx context.Context, m *model.Model, tokens []string, o Options) (theta []float64, unknown int, err error) {
	in, err := NewInferencer(m, o)
	if err != nil {
		return nil, 0, err
	}
	return in.Document(ctx, tokens)
}

// An Inferencer infers the topic weights of documents one at a time under
// the fixed topics of a model, as a service does for each new document:
// NewInferencer checks the model and the options, indexes the vocabulary
// and arranges the topics once, in O(K V), and each Document call then
// costs its document's inference alone. It is safe for concurrent use.
type Inferencer struct {
	p     *prepared
	index map[string]int32
}

// NewInferencer returns an Inferencer of m's topics with options o (their
// Threads and Progress unused), or the errors of Infer for a malformed m
// or invalid o. It keeps m's topics arranged word by word (8 K V bytes)
// and does not keep m.
func NewInferencer(m *model.Model, o Options) (*Inferencer, error) {
	p, err := prepare(m, o)
	if err != nil {
		return nil, err
	}
	return &Inferencer{p: p, index: corpus.IndexWords(m.Vocab)}, nil
}

// Document returns the topic weights of one document, given as its tokens,
// and the number of its tokens the model does not know, as the function
// Document does with the Inferencer's model and options; ctx.Err() if ctx
// is done, and an error for an Inferencer that NewInferencer did not make.
// Time O(n log n) for n tokens, plus the inference.
func (in *Inferencer) Document(ctx context.Context, tokens []string) (theta []float64, unknown int, err error) {
	if in == nil || in.p == nil {
		return nil, 0, errors.New("infer: an Inferencer without a model: make it with NewInferencer")
	}
	if err := ctxio.Err(ctx); err != nil {
		return nil, 0, err
	}
	words := make([]int32, 0, len(tokens))
	for _, w := range tokens {
		if i, ok := in.index[w]; ok {
			words = append(words, i)
		} else {
			unknown++
		}
	}
	counts := make([]int32, len(words))
	for i := range counts {
		counts[i] = 1
	}
	n, _, _ := terms.Compact(words, counts, nil)
	theta = make([]float64, in.p.t.K)
	in.p.document(in.p.newWorker(), 0, words[:n], counts[:n], theta)
	return theta, unknown, nil
}
