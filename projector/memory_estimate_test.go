package projector

import (
	"context"
	"fmt"
	"testing"

	"github.com/hulltopics/hull/internal/memtest"
	"github.com/hulltopics/hull/learner"
)

// EstimateBytes and KMeansEstimateBytes are within 25% of the peak heap
// Fit reaches on three corpora (issue 16 part 3; the figures are in
// docs/BENCHMARKS.md).
func TestMemoryEstimate(t *testing.T) {
	memtest.Run(t, func(t *testing.T) {
		const v, k = 2000, 10
		s := learner.Settings{Seed: 1, Threads: 2}
		for _, d := range memtest.Docs() {
			c := memtest.Corpus(t, d, v, k)
			p, err := New(Options{Settings: s})
			if err != nil {
				t.Fatal(err)
			}
			memtest.Compare(t, fmt.Sprintf("projector D=%d V=%d nnz=%d K=%d", d, v, c.NNZ(), k), EstimateBytes(c, k, p.Options()), func() error {
				_, err := p.Fit(context.Background(), c, k)
				return err
			})
			km, err := NewKMeans(KMeansOptions{Settings: s})
			if err != nil {
				t.Fatal(err)
			}
			memtest.Compare(t, fmt.Sprintf("kmeans D=%d V=%d nnz=%d K=%d", d, v, c.NNZ(), k), KMeansEstimateBytes(c, k, km.Options()), func() error {
				_, err := km.Fit(context.Background(), c, k)
				return err
			})
		}
	})
}
