package anchor

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/cooc"
	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/refinetest"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
)

// On the four Classic collections the paper's weighting gives the 3,204
// short CACM documents (45% of the documents, 24% of the tokens) most of
// the topics and leaves incoherent ones; weighting the documents by their
// pairs of tokens gives topics whose words occur together more (docs:
// NPMI 0.129 -> 0.243, NMI 0.477 -> 0.544) and records the weighting.
func TestWeightingOnClassic(t *testing.T) {
	c := refinetest.Classic(t)
	fit := func(w cooc.Weighting) (*model.Model, float64) {
		o := DefaultOptions()
		o.Settings, o.Weighting = learner.Settings{Seed: 1, Threads: 2}, w
		l, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		m, err := l.Fit(context.Background(), c, 15)
		if err != nil {
			t.Fatal(err)
		}
		npmi, err := learner.TopicNPMIs(m, c)
		if err != nil {
			t.Fatal(err)
		}
		mean := 0.0
		for _, x := range npmi {
			mean += x / float64(m.K)
		}
		return m, mean
	}
	paper, paperNPMI := fit(cooc.WeightDocuments)
	pairs, pairsNPMI := fit(cooc.WeightPairs)
	if pairsNPMI < paperNPMI+0.05 {
		t.Errorf("mean NPMI %.3f with pairs, %.3f with documents: want at least 0.05 more", pairsNPMI, paperNPMI)
	}
	if _, ok := paper.Params["weighting"]; ok || pairs.Params["weighting"] != "pairs" {
		t.Errorf("weighting params %v and %v", paper.Params["weighting"], pairs.Params["weighting"])
	}
}

// An unknown weighting is refused by New; by FitStats, a weighting other
// than the statistics'.
func TestWeightingErrors(t *testing.T) {
	var optErr *learner.OptionError
	if _, err := New(Options{Weighting: "words"}); !errors.As(err, &optErr) || optErr.Field != "Weighting" {
		t.Errorf("unknown weighting: error %v", err)
	}
	c, _ := separable(t, 1000, 4)
	s, err := cooc.FromCorpus(context.Background(), c, cooc.Options{Weighting: cooc.WeightPairs})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []cooc.Weighting{cooc.WeightTokens, cooc.WeightDocuments} {
		l, err := New(Options{Weighting: w})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := l.FitStats(context.Background(), s, 10); !errors.As(err, &optErr) || optErr.Field != "Weighting" ||
			!strings.Contains(err.Error(), "want pairs, the weighting the statistics were computed with") {
			t.Errorf("%s on statistics weighted by pairs: error %v", w, err)
		}
	}
}

// FitStats learns with the statistics' weighting, by default or named:
// the topics of Fit with that weighting, recorded in the model, not those
// of the paper's weighting. Every other document is cut to a few words,
// so that the weightings differ.
func TestFitWeightedStats(t *testing.T) {
	full, _ := separable(t, 2000, 5)
	c := &corpus.Corpus{Vocab: full.Vocab, Offsets: []int64{0}}
	for d := range full.NumDocs() {
		words, counts := full.Doc(d)
		if d%2 == 1 {
			words, counts = words[:3], counts[:3]
		}
		c.Words, c.Counts = append(c.Words, words...), append(c.Counts, counts...)
		c.Offsets = append(c.Offsets, int64(len(c.Words)))
		c.DocIDs = append(c.DocIDs, full.DocIDs[d])
	}
	fit := func(w cooc.Weighting, s *cooc.Stats) *model.Model {
		t.Helper()
		l, err := New(Options{Weighting: w, Settings: learner.Settings{Threads: 2}})
		if err != nil {
			t.Fatal(err)
		}
		var m *model.Model
		if s == nil {
			m, err = l.Fit(context.Background(), c, 10)
		} else {
			m, err = l.FitStats(context.Background(), s, 10)
		}
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	s, err := cooc.FromCorpus(context.Background(), c, cooc.Options{Weighting: cooc.WeightPairs})
	if err != nil {
		t.Fatal(err)
	}
	want, paper := fit(cooc.WeightPairs, nil), fit("", nil)
	if d := maxDiff(want, paper); d < 1e-3 {
		t.Fatalf("the weightings give the same topics (%g apart): the test cannot tell them apart", d)
	}
	for _, w := range []cooc.Weighting{"", cooc.WeightPairs} {
		got := fit(w, s)
		if !slices.Equal(got.Anchors, want.Anchors) || maxDiff(got, want) > 1e-9 || got.Params["weighting"] != "pairs" {
			t.Fatalf("%q: anchors %v (Fit's %v), topics %g apart, weighting %v", w, got.Anchors, want.Anchors, maxDiff(got, want), got.Params["weighting"])
		}
	}
}
