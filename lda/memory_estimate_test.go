package lda

import (
	"context"
	"fmt"
	"testing"

	"github.com/hulltopics/hull/internal/memtest"
	"github.com/hulltopics/hull/learner"
)

// EstimateGibbsBytes, EstimateVBBytes and EstimateOnlineVBBytes are
// within 25% of the peak heap Fit reaches on three corpora (issue 16 part
// 3; the figures are in docs/BENCHMARKS.md). A few iterations suffice:
// the memory does not grow with them.
func TestMemoryEstimate(t *testing.T) {
	memtest.Run(t, func(t *testing.T) {
		const v, k = 2000, 10
		s := learner.Settings{Seed: 1, Threads: 2}
		for _, d := range memtest.Docs() {
			c := memtest.Corpus(t, d, v, k)
			size := fmt.Sprintf("D=%d V=%d nnz=%d K=%d", d, v, c.NNZ(), k)
			g, err := NewGibbs(GibbsOptions{Settings: s, Iterations: 4})
			if err != nil {
				t.Fatal(err)
			}
			memtest.Compare(t, "gibbs "+size, EstimateGibbsBytes(c, k, g.Options().Shards), func() error {
				_, err := g.Fit(context.Background(), c, k)
				return err
			})
			for _, online := range []bool{false, true} {
				l, err := NewVB(VBOptions{Settings: s, Iterations: 1, Online: online})
				if err != nil {
					t.Fatal(err)
				}
				o := l.Options()
				name, est := "vb", EstimateVBBytes(c, k, o.Threads)
				if online {
					name, est = "vb --vb-online", EstimateOnlineVBBytes(c, k, o.Threads, o.BatchSize)
				}
				memtest.Compare(t, name+" "+size, est, func() error {
					_, err := l.Fit(context.Background(), c, k)
					return err
				})
			}
		}
	})
}
