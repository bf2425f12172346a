package infer

import (
	"context"

	"github.com/hulltopics/hull/corpus"
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
// to infer many documents, build a corpus and call Infer once.
func Document(ctx context.Context, m *model.Model, tokens []string, o Options) (theta []float64, unknown int, err error) {
	vocab := m.Vocab
	if vocab == nil {
		vocab = []string{} // a nil vocabulary would let the builder grow
	}
	b := corpus.NewBuilder(vocab)
	for _, w := range tokens {
		if i, ok := b.WordIndex(w); ok {
			b.Add(i, 1)
		} else {
			unknown++
		}
	}
	b.EndDoc("document")
	rows, err := Infer(ctx, m, b.Corpus(), o)
	if err != nil {
		return nil, unknown, err
	}
	return rows[0], unknown, nil
}
