package projector

import (
	"context"
	"testing"

	"github.com/hulltopics/hull/internal/refinetest"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/refine"
)

// The default refinement keeps Projector's distinct topics on an LDA
// corpus of sparse topics and refines the near-copies of Projector and of
// the k-means topics on KOS.
func TestRefinesNoisyTopics(t *testing.T) {
	c, truth := ldaCorpus(t, smallAlpha, 1)
	refinetest.Check(t, false, func(a refine.Auto) *model.Model {
		return fitWith(t, c, truth.K, Options{Settings: learner.Settings{Seed: 1}, Auto: a})
	})
	kos := refinetest.KOS(t)
	s := learner.Settings{Seed: 1, Threads: 2}
	refinetest.Check(t, true, func(a refine.Auto) *model.Model {
		return fitWith(t, kos, 20, Options{Settings: s, Auto: a})
	})
	refinetest.Check(t, true, func(a refine.Auto) *model.Model {
		l, err := NewKMeans(KMeansOptions{Settings: s, Auto: a})
		if err != nil {
			t.Fatal(err)
		}
		m, err := l.Fit(context.Background(), kos, 20)
		if err != nil {
			t.Fatal(err)
		}
		return m
	})
}
