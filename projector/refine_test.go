package projector

import (
	"context"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
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

// incoherentOnly fits Projector on c with K = k, without and with the
// default refinement; it fails the test unless the unrefined topics are
// incoherent and neither near-copies nor concentrated, and returns both
// models with the unrefined topics' incoherent count and least NPMI.
func incoherentOnly(t *testing.T, c *corpus.Corpus, k int) (plain, refined *model.Model, count int, least float64) {
	t.Helper()
	fit := func(a refine.Auto) *model.Model {
		return fitWith(t, c, k, Options{Settings: learner.Settings{Seed: 1, Threads: 2}, Auto: a})
	}
	plain = fit(refine.Auto{})
	noisy, _, _ := learner.TopicsNoisy(plain)
	concentrated, _, _ := learner.TopicsConcentrated(plain)
	incoherent, count, least := topicsIncoherent(t, plain, c)
	if noisy || concentrated || !incoherent {
		t.Fatalf("unrefined: noisy %v, concentrated %v, incoherent %v (%d of %d, least NPMI %.3f); the test wants incoherent topics alone", noisy, concentrated, incoherent, count, k, least)
	}
	return plain, fit(refine.DefaultAuto()), count, least
}

// On the four Classic collections taken as one corpus Projector's topics are
// distinct and spread but incoherent: the top words of 11 of 15 occur
// together less often than at random (NPMI below -0.02), words of the
// medical, aeronautical, library and computing collections mixed. The
// default refines them to topics of which at most a quarter are.
func TestRefinesIncoherentTopics(t *testing.T) {
	classic := refinetest.Classic(t)
	_, got, count, _ := incoherentOnly(t, classic, 15)
	stillIncoherent, gotCount, _ := topicsIncoherent(t, got, classic)
	t.Logf("%d incoherent topics of 15 -> %d", count, gotCount)
	if got.Params["refined"] != true || stillIncoherent || got.Params["unrefined_incoherent_topics"] != count {
		t.Errorf("refined %v, %d incoherent topics (recorded before: %v); want refined to at most a quarter", got.Params["refined"], gotCount, got.Params["unrefined_incoherent_topics"])
	}
}

// On the AP news Projector's topics are distinct, spread and incoherent in
// only 1 of 20, but that one's top words shun one another (NPMI below
// learner.StronglyIncoherentNPMI) and the mean NPMI is half anchor's. The
// default refines them: no topic is left that low and the mean NPMI rises.
func TestRefinesStronglyIncoherentTopic(t *testing.T) {
	ap := refinetest.AP(t)
	plain, got, count, least := incoherentOnly(t, ap, 20)
	if count > 5 || least >= learner.StronglyIncoherentNPMI {
		t.Fatalf("unrefined: %d incoherent topics of 20, least NPMI %.3f; the test wants one strongly incoherent topic alone", count, least)
	}
	_, _, gotLeast := topicsIncoherent(t, got, ap)
	before, err := eval.TopicCoherence(context.Background(), plain, ap, 10)
	if err != nil {
		t.Fatal(err)
	}
	after, err := eval.TopicCoherence(context.Background(), got, ap, 10)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("least NPMI %.3f -> %.3f, mean %.3f -> %.3f", least, gotLeast, before.NPMI, after.NPMI)
	if got.Params["refined"] != true || gotLeast < learner.StronglyIncoherentNPMI || after.NPMI <= before.NPMI {
		t.Errorf("refined %v, least NPMI %.3f, mean NPMI %.3f -> %.3f; want refined above %g and a higher mean", got.Params["refined"], gotLeast, before.NPMI, after.NPMI, learner.StronglyIncoherentNPMI)
	}
}

// topicsIncoherent is learner.TopicsIncoherent, failing t on its error.
func topicsIncoherent(t *testing.T, m *model.Model, c *corpus.Corpus) (incoherent bool, count int, least float64) {
	t.Helper()
	incoherent, count, least, err := learner.TopicsIncoherent(m, c)
	if err != nil {
		t.Fatal(err)
	}
	return incoherent, count, least
}
