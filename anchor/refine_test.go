package anchor

import (
	"context"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/refinetest"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/refine"
)

// recover (Original with RectifyAuto, its registered default) keeps its
// distinct topics on a separable corpus and refines its near-copies on
// KOS, without rectifying.
func TestRecoverRefinesNoisyTopics(t *testing.T) {
	fit := func(c *corpus.Corpus, k int) func(refine.Auto) *model.Model {
		return func(a refine.Auto) *model.Model {
			o := DefaultOptions()
			o.Recover, o.Refine, o.RefineTolerance = Original, a.Refine, a.RefineTolerance
			o.Settings = learner.Settings{Seed: 1, Threads: 2}
			l, err := New(o)
			if err != nil {
				t.Fatal(err)
			}
			m, err := l.Fit(context.Background(), c, k)
			if err != nil {
				t.Fatal(err)
			}
			if m.Params["rectify_chosen"] != string(RectifyNone) {
				t.Errorf("rectify_chosen %v, want none", m.Params["rectify_chosen"])
			}
			return m
		}
	}
	c, truth := separable(t, 4000, 1)
	refinetest.Check(t, false, fit(c, truth.K))
	kos := refinetest.KOS(t)
	refinetest.Check(t, true, fit(kos, 20))
}
