package learner

import (
	"errors"
	"fmt"

	"github.com/hulltopics/hull/internal/memory"
)

// MemoryError reports that a fit would exceed Settings.MaxMemory. It is
// returned before anything large is allocated. Its fields (the type is
// declared where the packages below learner, cooc and corpus, return it
// too, so documentation tools may not list them):
//
//	What    string // what would be allocated, e.g. "anchor: the anchor pipeline for 6906 words"
//	Need    int64  // estimated bytes
//	Limit   int64  // allowed bytes (Settings.MaxMemory, or half the RAM)
//	Suggest string // how to fit within the limit, e.g. "reduce the vocabulary or K"
type MemoryError = memory.Error

// ErrTooFewWords is wrapped by the errors of learners that find fewer
// candidate words (anchors, novel words, words with data) than topics,
// and by their refusal of a K the vocabulary is too small for (K >= V for
// anchor, TSVD and Topic-SCORE, K > V for the projections, K-1 > V for
// Projector): a caller may lower K.
var ErrTooFewWords = errors.New("fewer candidate words than topics")

// OptionError reports an option outside its range. Field is the Go field
// of the learner's Options (or Settings), so a caller that exposes options
// under other names (the command line's flags) can map it back; see
// Spec.Flag.
type OptionError struct {
	Learner string // the learner's registered name, e.g. "projection"
	Field   string // the Options field, e.g. "Far"
	Value   any    // the value given
	Want    string // what is allowed, e.g. "in (0, 1]"
}

func (e *OptionError) Error() string {
	return fmt.Sprintf("%s: %s = %v, want %s", e.Learner, e.Field, e.Value, e.Want)
}

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }
