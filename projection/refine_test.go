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
