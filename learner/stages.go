package learner

import (
	"context"
	"time"

	"github.com/hulltopics/hull/model"
)

// Stage is one named step of a fit.
type Stage struct {
	Name string
	Run  func(context.Context) error
}

// RunStages runs the stages in order, stopping at the first error or when
// ctx is done, and returns the wall time of each stage that completed, for
// a model's Provenance.Timings.
func RunStages(ctx context.Context, stages []Stage) ([]model.Timing, error) {
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
