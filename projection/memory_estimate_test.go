package projection

import (
	"testing"

	"github.com/hulltopics/hull/internal/memtest"
	"github.com/hulltopics/hull/learner"
)

// EstimateBytes is within 25% of the peak heap Fit reaches on three
// corpora, for each detection (issue 16 part 3; the figures are in
// docs/BENCHMARKS.md).
func TestMemoryEstimate(t *testing.T) {
	memtest.Run(t, func(t *testing.T) {
		var cases []memtest.Case
		for _, m := range []Method{RP, DDP, Binning} {
			cases = append(cases, memtest.Case{Name: string(m), New: func() (learner.Estimator, error) {
				o := DefaultOptions(m)
				o.Settings = memtest.Settings
				return New(o)
			}})
		}
		memtest.CompareLearners(t, 2000, 10, cases...)
	})
}
