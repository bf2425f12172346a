package anchor

import (
	"context"
	"errors"
	"reflect"
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
			o.Recover, o.Refine, o.RefineTolerance, o.RefineAlways = Original, a.Refine, a.RefineTolerance, a.RefineAlways
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
	// RefineAlways refines the distinct topics the rules pass.
	kept, always := fit(c, truth.K)(refine.DefaultAuto()), fit(c, truth.K)(refine.Auto{Refine: 5, RefineAlways: true})
	if p := always.Params; p["refined"] != true || p["refine_always"] != true || p["refine_iterations"] != 5 || reflect.DeepEqual(always.Topics, kept.Topics) {
		t.Errorf("recover with RefineAlways: params %v", p)
	}
	kos := refinetest.KOS(t)
	refinetest.Check(t, true, fit(kos, 20))
}

// With RectifyAuto, RefineAlways refines the paper's topics that
// RectifyAuto keeps when they are distinct; it needs Refine and
// RectifyAuto.
func TestRefineAlways(t *testing.T) {
	c, truth := separable(t, 4000, 1)
	fit := func(always bool) *model.Model {
		o := DefaultOptions()
		o.RefineAlways, o.Refine = always, 5
		o.Settings = learner.Settings{Seed: 1, Threads: 2}
		_, m := fitL1(t, c, truth, o)
		return m
	}
	kept, always := fit(false), fit(true)
	if kept.Params["rectify_chosen"] != string(RectifyNone) || kept.Params["refined"] != nil {
		t.Fatalf("default: params %v; the test needs the paper's topics kept", kept.Params)
	}
	if p := always.Params; p["rectify_chosen"] != string(RectifyNone) || p["refined"] != true || p["refine_always"] != true || reflect.DeepEqual(always.Topics, kept.Topics) {
		t.Errorf("RefineAlways: params %v", p)
	}
	for _, o := range []Options{{Rectify: RectifyAuto, RefineAlways: true}, {Rectify: RectifyAP, Refine: 5, RefineAlways: true}} {
		d := DefaultOptions()
		d.Rectify, d.Refine, d.RefineAlways = o.Rectify, o.Refine, o.RefineAlways
		var oe *learner.OptionError
		if _, err := New(d); !errors.As(err, &oe) || oe.Field != "RefineAlways" {
			t.Errorf("rectify %s, refine %d: err %v, want an OptionError on RefineAlways", d.Rectify, d.Refine, err)
		}
	}
}
