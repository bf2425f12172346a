package learner_test

import (
	"context"
	"strings"
	"testing"

	"github.com/hulltopics/hull/anchor"
	"github.com/hulltopics/hull/lda"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/synth"
)

// sharedBars names the progress stage that covers a timed stage whose
// work one bar shows across stages: Gibbs's sweeps, burn-in and sampling
// alike, the variational EM's iterations, and anchor-kl's RecoverL2 screen
// and RecoverKL.
var sharedBars = map[string]string{"burn-in": lda.GibbsStage, "sampling": lda.GibbsStage, "em": lda.VBStage, anchor.ScreenStage: "recover"}

// stageRecord is what one stage reported: its total and whether it
// started (done 0) and ended (done == total).
type stageRecord struct {
	total          int
	started, ended bool
	reports        int
}

// quickStages are stages of too little work to need a bar: they run in a
// small fraction of their fit at any size (O(V K) or O(K^2) work beside
// an O(nnz K) one), so they are allowed to report nothing.
var quickStages = map[string]bool{
	"anchor/topic covariance":    true, // one O(K nnz) pass beside FastAnchorWords' K of them
	"anchor-kl/topic covariance": true,
	"recover/topic covariance":   true,
	"score/ratios":               true, // O(V K)
	"score/topics":               true, // O(V K^2) from the vertices
	"gibbs/init":                 true, // one pass over the tokens
	"gibbs/topics":               true, // O(V K) normalisation
	"vb/init":                    true, // O(V K) random topics
	"vb/topics":                  true, // O(V K) normalisation
}

// Every stage of every learner that the model's timings name reports its
// progress: a start (done 0), an end (done == total, total > 0), so that
// the command line's bar moves and ends.
func TestEveryStageReportsProgress(t *testing.T) {
	c, truth := synth.Demo()
	for _, name := range learner.Names() {
		if strings.HasPrefix(name, "fake-") {
			continue
		}
		t.Run(name, func(t *testing.T) {
			seen := map[string]*stageRecord{}
			progress := func(stage string, done, total int) {
				r := seen[stage]
				if r == nil {
					r = &stageRecord{total: total}
					seen[stage] = r
				}
				if total != r.total || done < 0 || done > total {
					t.Errorf("stage %q: done %d of %d (first total %d)", stage, done, total, r.total)
				}
				r.started = r.started || done == 0
				r.ended = r.ended || (done == total && total > 0)
				r.reports++
			}
			l, err := learner.New(name, learner.Settings{Seed: 1, Threads: 2, Progress: progress}, shortRuns[name])
			if err != nil {
				t.Fatal(err)
			}
			if e, ok := l.(learner.Estimator); !ok || e.EstimateBytes(c, truth.K) <= 0 {
				t.Errorf("%s is not a learner.Estimator with a positive estimate", name)
			}
			m, err := l.Fit(context.Background(), c, truth.K)
			if err != nil {
				t.Fatal(err)
			}
			for _, timing := range m.Provenance.Timings {
				stage := strings.TrimPrefix(timing.Stage, "paper ")
				if quickStages[name+"/"+stage] {
					continue
				}
				if bar, ok := sharedBars[stage]; ok {
					stage = bar
				}
				r := seen[stage]
				switch {
				case r == nil:
					t.Errorf("stage %q (%.3f s) reports no progress", stage, timing.Seconds)
				case !r.started || !r.ended:
					t.Errorf("stage %q: started %v, ended %v (%d reports of %d)", stage, r.started, r.ended, r.reports, r.total)
				}
			}
		})
	}
}
