package infer

import (
	"errors"
	"fmt"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/model"
)

// EmptyUnexplained returns c with every document that holds tokens but
// none of a word of positive weight in some topic of m made empty (its
// words and counts dropped; its id and excerpt kept), and the number of
// such documents. Infer gives them the prior mean, as it does an empty
// document: the model can say nothing of them. TopicDocs and
// DominantOfDocs leave out the empty documents of the corpus they are
// given, and corpus.Corpus.EmptyDocs counts them, so that on the corpus
// returned they leave out and count these too. The other documents are
// unchanged, and so is every topic weight Infer gives on the corpus
// returned. c itself is returned when no document is emptied.
//
// c must be on m's vocabulary (corpus.Align); EmptyUnexplained returns an
// error wrapping model.ErrVocabMismatch if it is not, and an error if m
// or c is malformed. Time O(K V + nnz); the copy of c, made only when a
// document is emptied, takes O(nnz) memory.
func EmptyUnexplained(m *model.Model, c *corpus.Corpus) (*corpus.Corpus, int, error) {
	unexplained, n, err := unexplainedDocs(m, c)
	if err != nil {
		return nil, 0, err
	}
	if n == 0 {
		return c, 0, nil
	}
	out := *c
	out.Offsets = make([]int64, 1, len(c.Offsets))
	out.Words, out.Counts = make([]int32, 0, len(c.Words)), make([]int32, 0, len(c.Counts))
	for d, skip := range unexplained {
		if !skip {
			words, counts := c.Doc(d)
			out.Words = append(out.Words, words...)
			out.Counts = append(out.Counts, counts...)
		}
		out.Offsets = append(out.Offsets, int64(len(out.Words)))
	}
	return &out, n, nil
}

// UnexplainedDocs marks the documents EmptyUnexplained would empty,
// without copying c: those that hold tokens but none of a word of
// positive weight in some topic of m; and counts them. Errors as
// EmptyUnexplained.
func UnexplainedDocs(m *model.Model, c *corpus.Corpus) ([]bool, int, error) {
	return unexplainedDocs(m, c)
}

// unexplainedDocs marks the documents of c that EmptyUnexplained empties
// and counts them.
func unexplainedDocs(m *model.Model, c *corpus.Corpus) ([]bool, int, error) {
	if c == nil {
		return nil, 0, errors.New("infer: no corpus (nil)")
	}
	if err := m.Validate(); err != nil {
		return nil, 0, fmt.Errorf("infer: %w", err)
	}
	if err := m.CheckVocab(c.Vocab); err != nil {
		return nil, 0, fmt.Errorf("infer: %w", err)
	}
	if err := c.Validate(); err != nil {
		return nil, 0, fmt.Errorf("infer: %w", err)
	}
	explained := make([]bool, len(m.Vocab))
	for _, row := range m.Topics {
		for w, x := range row {
			if x > 0 {
				explained[w] = true
			}
		}
	}
	unexplained := make([]bool, c.NumDocs())
	n := 0
	for d := range unexplained {
		words, _ := c.Doc(d)
		if len(words) == 0 {
			continue
		}
		unexplained[d] = true
		for _, w := range words {
			if explained[w] {
				unexplained[d] = false
				break
			}
		}
		if unexplained[d] {
			n++
		}
	}
	return unexplained, n, nil
}
