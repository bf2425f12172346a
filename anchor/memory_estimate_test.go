package anchor

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/hulltopics/hull/cooc"
	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/memtest"
	"github.com/hulltopics/hull/learner"
)

// EstimateBytes is within 25% of the peak heap Fit reaches on three
// corpora (issue 16 part 3; the figures are in docs/BENCHMARKS.md): the
// defaults of anchor and anchor-kl (RectifyAuto) and recover on corpora
// whose paper topics are noisy, so that the rectified fit and its
// refinement run, and the paper's pipeline and the rectified one alone on
// separable corpora. The solves, alternating projections and EM
// iterations are few: the memory does not depend on their number.
func TestMemoryEstimate(t *testing.T) {
	memtest.Run(t, func(t *testing.T) {
		const v, k = 2000, 10
		s := learner.Settings{Seed: 1, Threads: 2}
		opts := func(recover Method, rectify Rectifier, refine int) Options {
			o := DefaultOptions()
			o.Settings, o.Recover, o.Rectify, o.Refine = s, recover, rectify, refine
			o.MaxIter, o.RectifyMaxIter = 5, 3
			return o
		}
		for _, d := range memtest.Docs() {
			noisy, separable := memtest.NoisyCorpus(t, d, v, k), memtest.Corpus(t, d, v, k)
			for _, tc := range []struct {
				name string
				c    *corpus.Corpus
				o    Options
			}{
				{"anchor", noisy, opts(RecoverL2, RectifyAuto, 2)},
				{"anchor-kl", noisy, opts(RecoverKL, RectifyAuto, 2)},
				{"recover", noisy, opts(Original, RectifyNone, 0)},
				{"anchor --rectify none --refine 0", separable, opts(RecoverL2, RectifyNone, 0)},
				{"anchor-kl --rectify none --refine 0", separable, opts(RecoverKL, RectifyNone, 0)},
				{"anchor --rectify ap", separable, opts(RecoverL2, RectifyAP, 2)},
			} {
				l, err := New(tc.o)
				if err != nil {
					t.Fatal(err)
				}
				var rectified any
				memtest.Compare(t, fmt.Sprintf("%s D=%d V=%d nnz=%d K=%d", tc.name, d, v, tc.c.NNZ(), k), EstimateBytes(tc.c, k, l.Options()), func() error {
					m, err := l.Fit(context.Background(), tc.c, k)
					if err == nil {
						rectified = m.Params["rectify_chosen"]
					}
					return err
				})
				if tc.o.Rectify == RectifyAuto && rectified != string(RectifyAP) {
					t.Errorf("%s D=%d: rectify_chosen %v, want the rectified fit to run", tc.name, d, rectified)
				}
			}
			// From statistics: the dense Q instead of the operator.
			st, err := cooc.FromCorpus(context.Background(), separable, cooc.Options{Threads: 2})
			if err != nil {
				t.Fatal(err)
			}
			var file bytes.Buffer
			if _, err := st.WriteTo(&file); err != nil {
				t.Fatal(err)
			}
			for _, o := range []Options{opts(RecoverL2, RectifyNone, 0), opts(RecoverL2, RectifyAP, 0)} {
				l, err := New(o)
				if err != nil {
					t.Fatal(err)
				}
				memtest.Compare(t, fmt.Sprintf("anchor from statistics, --rectify %s D=%d V=%d K=%d", o.Rectify, d, v, k), EstimateStatsBytes(st.Summary(), k, o), func() error {
					_, err := l.FitStats(context.Background(), st, k)
					return err
				})
				// From their file: Q read into place, the statistics never held.
				memtest.Compare(t, fmt.Sprintf("anchor from a statistics file, --rectify %s D=%d V=%d K=%d", o.Rectify, d, v, k), EstimateStatsBytes(st.Summary(), k, o), func() error {
					r, err := cooc.NewStatsReader(bytes.NewReader(file.Bytes()), "st")
					if err != nil {
						return err
					}
					_, err = l.FitStatsReader(context.Background(), r, k)
					return err
				})
			}
		}
	})
}
