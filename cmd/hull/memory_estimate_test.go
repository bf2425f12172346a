package main

import (
	"context"
	"errors"
	"maps"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hulltopics/hull/anchor"
	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/memory"
	"github.com/hulltopics/hull/lda"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/projection"
	"github.com/hulltopics/hull/projector"
	"github.com/hulltopics/hull/topicscore"
	"github.com/hulltopics/hull/tsvd"
)

// firstEstimate returns the estimate l's Fit checks first, before it
// allocates: its package's estimate for its options (for RectifyAuto,
// both of its fits: the rectified one may follow the paper's).
func firstEstimate(t *testing.T, l learner.Learner, c *corpus.Corpus, k int) int64 {
	t.Helper()
	switch l := l.(type) {
	case *anchor.Learner:
		return anchor.EstimateBytes(c, k, l.Options())
	case *tsvd.Learner:
		return tsvd.EstimateBytes(c, k, l.Options())
	case *topicscore.Learner:
		return topicscore.EstimateBytes(c, k, l.Options())
	case *projection.Learner:
		return projection.EstimateBytes(c, k, l.Options())
	case *projector.Learner:
		return projector.EstimateBytes(c, k, l.Options())
	case *projector.KMeans:
		return projector.KMeansEstimateBytes(c, k, l.Options())
	case *lda.Gibbs:
		return l.EstimateBytes(c, k) // with --optimize-interval, more than EstimateGibbsBytes
	case *lda.VB:
		o := l.Options()
		if o.Online {
			return lda.EstimateOnlineVBBytes(c, k, o.Threads, o.BatchSize)
		}
		return lda.EstimateVBBytes(c, k, o.Threads)
	}
	t.Fatalf("no memory estimate for %T", l)
	return 0
}

// allocated returns the bytes the heap allocated while f ran.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// Issue 16 part 3: for every learner, "hull fit --max-memory X" with X
// one byte below what the process needs (the runtime, the corpus and the
// learner's estimate) exits with status 2 and says what needs how much,
// and the learner refuses before it allocates: its Fit under a limit one
// byte below its estimate allocates less than a sixteenth of it (the
// estimate's own passes over the corpus, O(V + D)).
func TestMaxMemoryRefusesEveryLearnerBeforeAllocating(t *testing.T) {
	const k = 10
	dir := synthCorpus(t, "lda", "-k", strconv.Itoa(k), "--vocab-size", "2000", "--docs", "4000", "--doc-length", "100")
	docword := filepath.Join(dir, "docword.txt")
	c, err := corpus.ReadFile(docword, corpus.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	type run struct {
		name  string
		flags map[string]string
	}
	var runs []run
	for _, name := range learner.Names() {
		runs = append(runs, run{name, nil})
	}
	runs = append(runs, run{"anchor", map[string]string{"rectify": "ap"}}, run{"vb", map[string]string{"vb-online": "true"}})
	for _, r := range runs {
		what := []string{"--algo", r.name}
		for _, f := range slices.Sorted(maps.Keys(r.flags)) {
			what = append(what, "--"+f+"="+r.flags[f])
		}
		args := append([]string{"fit", "-q", "-k", strconv.Itoa(k), "--threads", "1", "--seed", "1"}, what...)
		l, err := learner.New(r.name, learner.Settings{Seed: 1, Threads: 1}, r.flags)
		if err != nil {
			t.Fatal(err)
		}
		need := firstEstimate(t, l, c, k)
		limit := runtimeBytes + c.Bytes() + need - 1
		code, _, errOut := hull(t, append(args, "--max-memory", strconv.FormatInt(limit, 10), docword)...)
		if want := "needs about " + memory.Format(need) + ", above the memory limit"; code != exitBadInput ||
			!strings.Contains(errOut, want) || !strings.Contains(errOut, "raise --max-memory") {
			t.Errorf("%s --max-memory %d: exit %d, %s; want exit 2 saying %q", strings.Join(what, " "), limit, code, errOut, want)
		}

		l, err = learner.New(r.name, learner.Settings{Seed: 1, Threads: 1, MaxMemory: need - 1}, r.flags)
		if err != nil {
			t.Fatal(err)
		}
		var me *learner.MemoryError
		bytes := allocated(func() { _, err = l.Fit(context.Background(), c, k) })
		if !errors.As(err, &me) || me.Need != need {
			t.Errorf("%s with MaxMemory %d: %v; want a *learner.MemoryError needing %d", strings.Join(what, " "), need-1, err, need)
		}
		if bytes > uint64(need/16) {
			t.Errorf("%s: allocated %s before refusing %s", strings.Join(what, " "), memory.Format(int64(bytes)), memory.Format(need))
		}
		t.Logf("%s: refuses %s under --max-memory %s, having allocated %s", strings.Join(what, " "), memory.Format(need), memory.Format(limit), memory.Format(int64(bytes)))
	}
}
