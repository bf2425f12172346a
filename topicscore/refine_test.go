package topicscore

import (
	"context"
	"testing"

	"github.com/hulltopics/hull/internal/refinetest"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/refine"
	"github.com/hulltopics/hull/synth"
)

// The default refinement keeps the distinct topics of the paper's
// simulated corpus and refines Topic-SCORE's near-copies on KOS.
func TestRefinesNoisyTopics(t *testing.T) {
	c, _ := ke(t, synth.NewKe(), 1)
	refinetest.Check(t, false, func(a refine.Auto) *model.Model {
		return fitModel(t, context.Background(), c, 3, Options{Settings: learner.Settings{Seed: 1}, Auto: a})
	})
	kos := refinetest.KOS(t)
	refinetest.Check(t, true, func(a refine.Auto) *model.Model {
		return fitModel(t, context.Background(), kos, 20, Options{Settings: learner.Settings{Seed: 1, Threads: 2}, Auto: a})
	})
}
