package learner

import (
	"context"
	"errors"
	"fmt"

	"github.com/hulltopics/hull/cooc"
	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/model"
)

// Learner learns K topics from a corpus.
type Learner interface {
	Fit(ctx context.Context, c *corpus.Corpus, k int) (*model.Model, error)
}

// StatsLearner is a Learner that can also learn from co-occurrence
// statistics (cooc.Stats: exact sums over the documents, computed in one
// pass or merged from pieces) instead of a corpus, held in memory
// (FitStats) or read from a file as the fit needs them (FitStatsReader,
// which never holds them whole). The refinement a fit from documents runs
// needs documents: FitStatsSample and FitStatsReaderSample run it on a
// sample of them. The anchor learners are StatsLearners.
type StatsLearner interface {
	Learner
	FitStats(ctx context.Context, s *cooc.Stats, k int) (*model.Model, error)
	FitStatsReader(ctx context.Context, r *cooc.StatsReader, k int) (*model.Model, error)
	FitStatsSample(ctx context.Context, s *cooc.Stats, k int, sample *corpus.Corpus) (*model.Model, error)
	FitStatsReaderSample(ctx context.Context, r *cooc.StatsReader, k int, sample *corpus.Corpus) (*model.Model, error)
}

// Estimator is a Learner that says how much working memory a fit needs
// beside the corpus (within 25% of the measured peak on the sizes of the
// learners' TestMemoryEstimate). Every hull learner is one; the command
// line sets the garbage collector's soft limit from it.
type Estimator interface {
	Learner
	EstimateBytes(c *corpus.Corpus, k int) int64
}

// CheckCorpus returns an error for a corpus no learner can fit: nil, one
// that fails corpus.Validate (built by hand with a word index out of
// range, offsets that decrease, ...), which made fits panic, or one whose
// vocabulary a model cannot hold (model.ValidateVocab: a word repeated,
// empty or not valid UTF-8), which made models that fail to load. Every
// learner's Fit calls it first; O(nnz + V). The zero corpus.Corpus
// (corpus.ErrZeroCorpus) is the empty corpus it stands for: the error of
// a corpus without a word, not one of its missing Offsets.
func CheckCorpus(c *corpus.Corpus) error {
	if c == nil {
		return errors.New("learner: no corpus (nil)")
	}
	switch err := c.Validate(); {
	case errors.Is(err, corpus.ErrZeroCorpus), err == nil && len(c.Vocab) == 0:
		return errNoWord
	case err != nil:
		return err
	}
	if err := model.ValidateVocab(c.Vocab); err != nil {
		return fmt.Errorf("learner: the corpus's %w", err)
	}
	return nil
}

// errNoWord is CheckCorpus's error for a corpus without a word.
var errNoWord = errors.New("learner: the corpus has no word (no document, or every one empty)")

// Progress reports that done of total units of the named stage are
// complete. A stage starts with done == 0 and ends with done == total.
// Implementations must be cheap and safe to call from one goroutine at a
// time (learners never call it concurrently).
type Progress func(stage string, done, total int)

// Report calls p if it is non-nil.
func (p Progress) Report(stage string, done, total int) {
	if p != nil {
		p(stage, done, total)
	}
}
