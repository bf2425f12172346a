package tsvd

import (
	"testing"

	"github.com/hulltopics/hull/internal/refinetest"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/refine"
)

// The default refinement keeps the distinct topics of a dominant-admixture
// corpus and refines TSVD's near-copies on KOS (after its automatic
// thresholds' second fit).
func TestRefinesNoisyTopics(t *testing.T) {
	c, _ := dominant(t, 4000, 200, 1)
	refinetest.Check(t, false, func(a refine.Auto) *model.Model {
		return fitModel(t, c, 5, Options{Settings: learner.Settings{Seed: 1, Threads: 2}, Auto: a})
	})
	kos := refinetest.KOS(t)
	refinetest.Check(t, true, func(a refine.Auto) *model.Model {
		return fitModel(t, kos, 20, Options{Settings: learner.Settings{Seed: 1, Threads: 2}, Auto: a})
	})
}
