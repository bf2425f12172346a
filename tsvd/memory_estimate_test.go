package tsvd

import (
	"testing"

	"github.com/hulltopics/hull/internal/memtest"
	"github.com/hulltopics/hull/learner"
)

// EstimateBytes is within 25% of the peak heap Fit reaches on three
// corpora (issue 16 part 3; the figures are in docs/BENCHMARKS.md).
func TestMemoryEstimate(t *testing.T) {
	memtest.Run(t, func(t *testing.T) {
		memtest.CompareLearners(t, 2000, 10, memtest.Case{Name: "tsvd", New: func() (learner.Estimator, error) {
			return New(Options{Settings: memtest.Settings})
		}})
	})
}
