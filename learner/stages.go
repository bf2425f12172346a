package learner

import (
	"context"
	"fmt"
	"time"

	"github.com/hulltopics/hull/internal/ctxio"
	"github.com/hulltopics/hull/model"
)

// Stage is one named step of a fit.
type Stage struct {
	Name string
	Run  func(context.Context) error
}

// ErrNilContext is the error of hull's functions given a nil context
// (errors.Is finds it in theirs): they refuse it rather than panic,
// often in a worker goroutine, where no caller could recover.
var ErrNilContext = ctxio.ErrNilContext

// RunStages runs the stages in order, stopping at the first error or when
// ctx is done, and returns the wall time of each stage that completed, for
// a model's Provenance.Timings. A nil ctx is an error (every learner's
// fit runs its stages here: they panicked on it).
func RunStages(ctx context.Context, stages []Stage) ([]model.Timing, error) {
	if ctx == nil {
		return nil, fmt.Errorf("learner: %w", ErrNilContext)
	}
	var timings []model.Timing
	for _, s := range stages {
		if err := ctx.Err(); err != nil {
			return timings, err
		}
		start := time.Now()
		if err := s.Run(ctx); err != nil {
			return timings, err
		}
		timings = append(timings, model.Timing{Stage: s.Name, Seconds: time.Since(start).Seconds()})
	}
	return timings, nil
}

// FirstFitTimings returns the timings of a first fit that a second one
// replaced (anchor's RectifyAuto, the projection learners' raised floor,
// tsvd's thresholds), each stage prefixed "paper ", to go before the
// second fit's in the model kept.
func FirstFitTimings(timings []model.Timing) []model.Timing {
	out := make([]model.Timing, len(timings))
	for i, t := range timings {
		out[i] = model.Timing{Stage: "paper " + t.Stage, Seconds: t.Seconds}
	}
	return out
}
