package eval

import (
	"errors"
	"fmt"

	"github.com/hulltopics/hull/model"
)

// ErrNoDigest is wrapped by the error of CheckTruthCorpus when the model or
// the truth records no corpus digest: whether the truth is of the model's
// corpus cannot then be checked.
var ErrNoDigest = errors.New("eval: no corpus digest to compare")

// ErrCorpusMismatch is what a *CorpusMismatchError is, for errors.Is.
var ErrCorpusMismatch = errors.New("eval: the truth is not of the model's corpus")

// CorpusMismatchError reports a truth of another corpus than the one the
// model was fitted on: they record different corpus digests.
type CorpusMismatchError struct {
	Model, Truth string // the digest each records (model.Provenance.InputDigest)
}

func (e *CorpusMismatchError) Error() string {
	return fmt.Sprintf("eval: the truth is of the corpus of digest %s, the model was fitted on a corpus of digest %s", e.Truth, e.Model)
}

// Is reports whether target is ErrCorpusMismatch.
func (e *CorpusMismatchError) Is(target error) bool { return target == ErrCorpusMismatch }

// CheckTruthCorpus checks that truth, a true model to score m against
// (SuiteOptions.Truth, L1Recovery, CosineRecovery, RecoveredAt), is of the
// corpus m was fitted on, by the corpus digest each records
// (model.Provenance.InputDigest: the corpus.Corpus.Digest of the corpus a
// learner fitted, or that a synth generator wrote). It returns nil when
// the digests are equal, a *CorpusMismatchError (errors.Is
// ErrCorpusMismatch) when they differ, and an error wrapping ErrNoDigest
// when either model records none, as a model built by hand; the caller
// decides whether to score then. Pruning, stop words, stemming or another
// input format change the corpus fitted and its digest, so a model of a
// pruned synthetic corpus is not of its truth's corpus, though scoring it
// may still be of use. Measure does not call it. Time O(1).
func CheckTruthCorpus(m, truth *model.Model) error {
	if m == nil || truth == nil {
		return errors.New("eval: no model or no truth (nil)")
	}
	md, td := m.Provenance.InputDigest, truth.Provenance.InputDigest
	switch {
	case md == "" && td == "":
		return fmt.Errorf("%w: neither the model nor the truth records one", ErrNoDigest)
	case md == "":
		return fmt.Errorf("%w: the model records none", ErrNoDigest)
	case td == "":
		return fmt.Errorf("%w: the truth records none", ErrNoDigest)
	case md != td:
		return &CorpusMismatchError{Model: md, Truth: td}
	}
	return nil
}
