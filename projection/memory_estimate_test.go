package projection

import (
	"context"
	"fmt"
	"testing"

	"github.com/hulltopics/hull/internal/memtest"
	"github.com/hulltopics/hull/learner"
)

// EstimateBytes is within 25% of the peak heap Fit reaches on three
// corpora, for each detection (issue 16 part 3; the figures are in
// docs/BENCHMARKS.md).
func TestMemoryEstimate(t *testing.T) {
	memtest.Run(t, func(t *testing.T) {
		const v, k = 2000, 10
		for _, d := range memtest.Docs() {
			c := memtest.Corpus(t, d, v, k)
			for _, m := range []Method{RP, DDP, Binning} {
				o := *defaultOptions(m)
				o.Settings = learner.Settings{Seed: 1, Threads: 2}
				l, err := New(o)
				if err != nil {
					t.Fatal(err)
				}
				memtest.Compare(t, fmt.Sprintf("%s D=%d V=%d nnz=%d K=%d", m, d, v, c.NNZ(), k), EstimateBytes(c, k, l.Options()), func() error {
					_, err := l.Fit(context.Background(), c, k)
					return err
				})
			}
		}
	})
}
