package anchor

import (
	"context"
	"errors"
	"testing"

	"github.com/hulltopics/hull/cooc"
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
		mean := 0.0
		for _, x := range learner.TopicNPMIs(m, c) {
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

// An unknown weighting is refused by New; statistics, which hold the
// paper's weighting, by FitStats.
func TestWeightingErrors(t *testing.T) {
	var optErr *learner.OptionError
	if _, err := New(Options{Weighting: "words"}); !errors.As(err, &optErr) || optErr.Field != "Weighting" {
		t.Errorf("unknown weighting: error %v", err)
	}
	c, _ := separable(t, 1000, 4)
	s, err := cooc.FromCorpus(context.Background(), c, cooc.Options{})
	if err != nil {
		t.Fatal(err)
	}
	l, err := New(Options{Weighting: cooc.WeightTokens})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.FitStats(context.Background(), s, 10); !errors.As(err, &optErr) || optErr.Field != "Weighting" {
		t.Errorf("statistics with tokens weighting: error %v", err)
	}
}
