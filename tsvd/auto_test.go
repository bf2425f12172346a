package tsvd

import (
	"reflect"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/learner"
)

// On KOS (K = 20) the printed thresholds' topics are noisy; the default
// (ThresholdsAuto) fits again with the authors' thresholds, whose topics
// have fewer near-duplicate pairs, and keeps that fit: the authors' model
// with both fits' figures. On a corpus meeting the paper's assumptions the
// printed thresholds' topics are distinct and the default is their fit.
func TestAutoThresholdsOnNoisyTopics(t *testing.T) {
	c, _ := dominant(t, 4000, 200, 1)
	o := Options{Settings: learner.Settings{Seed: 1, Threads: 2}}
	got := fitModel(t, c, 5, o)
	o.Thresholds = ThresholdsPaper
	want := fitModel(t, c, 5, o)
	got.Provenance.Timings, want.Provenance.Timings = nil, nil
	if noisy, _, _ := learner.TopicsNoisy(want); noisy || !reflect.DeepEqual(got, want) {
		t.Errorf("dominant corpus: noisy %v; the default's model differs from the printed thresholds'", noisy)
	}
	if testing.Short() {
		t.Skip("reads ../shared/data and fits KOS three times")
	}
	kos, err := corpus.ReadFile("../../shared/data/kos/docword.kos.txt.gz", corpus.ReadOptions{})
	if err != nil {
		t.Skip(err)
	}
	o = Options{Settings: learner.Settings{Seed: 1, Threads: 2}}
	auto := fitModel(t, kos, 20, o)
	o.Thresholds = ThresholdsPaper
	paper := fitModel(t, kos, 20, o)
	o.Thresholds = ThresholdsAuthors
	authors := fitModel(t, kos, 20, o)
	_, pDistinct, pPairs := learner.TopicsNoisy(paper)
	_, aDistinct, aPairs := learner.TopicsNoisy(authors)
	if aPairs >= pPairs {
		t.Fatalf("KOS: the authors' thresholds give %d near-duplicate pairs, the printed %d: want fewer", aPairs, pPairs)
	}
	if !reflect.DeepEqual(auto.Topics, authors.Topics) || auto.Params["thresholds"] != ThresholdsAuthors || auto.Params["threshold_recovered"] != true {
		t.Errorf("KOS: the default kept %v (recovered %v), want the authors' fit", auto.Params["thresholds"], auto.Params["threshold_recovered"])
	}
	for key, want := range map[string]int{"paper_distinct_words": pDistinct, "paper_near_duplicate_pairs": pPairs,
		"authors_distinct_words": aDistinct, "authors_near_duplicate_pairs": aPairs} {
		if auto.Params[key] != want {
			t.Errorf("KOS: %s = %v, want %d", key, auto.Params[key], want)
		}
	}
}
