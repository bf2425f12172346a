package tsvd

import (
	"context"
	"fmt"
	"testing"

	"github.com/hulltopics/hull/internal/memtest"
	"github.com/hulltopics/hull/learner"
)

// EstimateBytes is within 25% of the peak heap Fit reaches on three
// corpora (issue 16 part 3; the figures are in docs/BENCHMARKS.md).
func TestMemoryEstimate(t *testing.T) {
	memtest.Run(t, func(t *testing.T) {
		const v, k = 2000, 10
		for _, d := range memtest.Docs() {
			c := memtest.Corpus(t, d, v, k)
			l, err := New(Options{Settings: learner.Settings{Seed: 1, Threads: 2}})
			if err != nil {
				t.Fatal(err)
			}
			memtest.Compare(t, fmt.Sprintf("tsvd D=%d V=%d nnz=%d K=%d", d, v, c.NNZ(), k), EstimateBytes(c, k, l.Options()), func() error {
				_, err := l.Fit(context.Background(), c, k)
				return err
			})
		}
	})
}
