package projection

import (
	"testing"

	"github.com/hulltopics/hull/internal/refinetest"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/refine"
)

// The default refinement keeps the distinct topics of a separable corpus
// and refines DDP's near-copies on KOS at the automatic candidate floor.
func TestRefinesNoisyTopics(t *testing.T) {
	c, truth := separable(t)
	refinetest.Check(t, false, func(a refine.Auto) *model.Model {
		return fitModel(t, c, truth.K, Options{Settings: learner.Settings{Seed: 1, Threads: 2}, Method: DDP, Auto: a})
	})
	kos := refinetest.KOS(t)
	refinetest.Check(t, true, func(a refine.Auto) *model.Model {
		return fitModel(t, kos, 20, Options{Settings: learner.Settings{Seed: 1, Threads: 2}, Method: DDP, NoRaise: true, Auto: a})
	})
}

// On the AP news RP's topics at the automatic floor are distinct (176
// different top words of 200, no near-duplicate pair) but concentrated:
// three topics near the corpus's frequent words hold 71% of the weight,
// the others gather around noise words (7.4 effective topics of 20). The
// default refines them: their weights spread over more than three
// quarters of the topics.
func TestRefinesConcentratedTopics(t *testing.T) {
	ap := refinetest.AP(t)
	fit := func(a refine.Auto) *model.Model {
		return fitModel(t, ap, 20, Options{Settings: learner.Settings{Seed: 1, Threads: 2}, Method: RP, Auto: a})
	}
	plain := fit(refine.Auto{})
	noisy, _, _ := learner.TopicsNoisy(plain)
	concentrated, effective, largest := learner.TopicsConcentrated(plain)
	if noisy || !concentrated {
		t.Fatalf("unrefined: noisy %v, concentrated %v (%.2f effective topics, largest weight %.3f); the test wants distinct, concentrated topics", noisy, concentrated, effective, largest)
	}
	got := fit(refine.DefaultAuto())
	_, gotEffective, gotLargest := learner.TopicsConcentrated(got)
	t.Logf("%.2f effective topics, largest weight %.3f -> %.2f, %.3f", effective, largest, gotEffective, gotLargest)
	if got.Params["refined"] != true || gotEffective < 0.75*20 {
		t.Errorf("refined %v, %.2f effective topics: want refined to more than 15", got.Params["refined"], gotEffective)
	}
	if got.Params["unrefined_effective_topics"] != learner.RoundSig(effective, 3) || got.Params["unrefined_largest_weight"] != learner.RoundSig(largest, 3) {
		t.Errorf("unrefined figures %v and %v, want %.3g and %.3g", got.Params["unrefined_effective_topics"], got.Params["unrefined_largest_weight"], effective, largest)
	}
}
