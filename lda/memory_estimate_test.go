package lda

import (
	"testing"

	"github.com/hulltopics/hull/internal/memtest"
	"github.com/hulltopics/hull/learner"
)

// EstimateGibbsBytes, EstimateVBBytes and EstimateOnlineVBBytes (through
// the learners' EstimateBytes) are within 25% of the peak heap Fit
// reaches on three corpora (issue 16 part 3; the figures are in
// docs/BENCHMARKS.md). A few iterations suffice: the memory does not grow
// with them.
func TestMemoryEstimate(t *testing.T) {
	memtest.Run(t, func(t *testing.T) {
		vb := func(online bool) func() (learner.Estimator, error) {
			return func() (learner.Estimator, error) {
				return NewVB(VBOptions{Settings: memtest.Settings, Iterations: 1, Online: online})
			}
		}
		memtest.CompareLearners(t, 2000, 10,
			memtest.Case{Name: "gibbs", New: func() (learner.Estimator, error) {
				return NewGibbs(GibbsOptions{Settings: memtest.Settings, Iterations: 4})
			}},
			memtest.Case{Name: "gibbs --optimize-interval 1", New: func() (learner.Estimator, error) {
				return NewGibbs(GibbsOptions{Settings: memtest.Settings, Iterations: 4, OptimizeInterval: 1})
			}},
			memtest.Case{Name: "vb", New: vb(false)},
			memtest.Case{Name: "vb --vb-online", New: vb(true)})
	})
}
