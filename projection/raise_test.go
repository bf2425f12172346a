package projection

import (
	"reflect"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/learner"
)

// On planted topics the automatic floor's fit is kept: the model is the
// one NoRaise gives, marked "auto".
func TestRaiseKeepsDistinctTopics(t *testing.T) {
	c, _ := separable(t)
	for _, m := range []Method{RP, DDP, Binning} {
		o := Options{Settings: learner.Settings{Seed: 1, Threads: 2}, Method: m}
		got := fitModel(t, c, testK, o)
		o.NoRaise = true
		want := fitModel(t, c, testK, o)
		if got.Params["min_df_chosen"] != "auto" {
			t.Errorf("%s: min_df_chosen %v, want auto", m, got.Params["min_df_chosen"])
		}
		delete(got.Params, "min_df_chosen")
		got.Provenance.Timings, want.Provenance.Timings = nil, nil
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the kept model differs from NoRaise's", m)
		}
	}
}

// On KOS the automatic floor's topics are noisy for all three methods:
// each fits again at 10% of the documents (343), whose topics are not,
// and records the first fit's figures; NoRaise and a MinDF the caller
// chose keep the first fit. Where the raised floor leaves fewer than K
// candidates, the first fit is kept and says so.
func TestRaiseOnRealText(t *testing.T) {
	if testing.Short() {
		t.Skip("reads ../shared/data and fits KOS eight times")
	}
	kos, err := corpus.ReadFile(kosPath, corpus.ReadOptions{})
	if err != nil {
		t.Skip(err)
	}
	for _, m := range []Method{RP, DDP, Binning} {
		o := Options{Settings: learner.Settings{Seed: 1, Threads: 2}, Method: m}
		got := fitModel(t, kos, 20, o)
		if noisy, distinct, pairs := learner.TopicsNoisy(got); got.Params["min_df_chosen"] != "raised" || got.Params["min_df"] != 343 || noisy {
			t.Errorf("%s: %v at min_df %v: %d distinct words, %d near-duplicate pairs; want raised to 343 and not noisy",
				m, got.Params["min_df_chosen"], got.Params["min_df"], distinct, pairs)
		}
		o.NoRaise = true
		paper := fitModel(t, kos, 20, o)
		_, distinct, pairs := learner.TopicsNoisy(paper)
		if got.Params["paper_min_df"] != 34 || got.Params["paper_distinct_words"] != distinct || got.Params["paper_near_duplicate_pairs"] != pairs {
			t.Errorf("%s: first fit's figures %v, %v, %v; want 34, %d, %d", m,
				got.Params["paper_min_df"], got.Params["paper_distinct_words"], got.Params["paper_near_duplicate_pairs"], distinct, pairs)
		}
		if _, ok := paper.Params["min_df_chosen"]; ok || paper.Params["min_df"] != 34 {
			t.Errorf("%s with NoRaise: min_df %v, chosen %v", m, paper.Params["min_df"], paper.Params["min_df_chosen"])
		}
	}
	o := Options{Settings: learner.Settings{Seed: 1, Threads: 2}, MinDF: 34}
	if chose := fitModel(t, kos, 20, o).Params["min_df_chosen"]; chose != nil {
		t.Errorf("MinDF 34 given: min_df_chosen %v", chose)
	}
	// 10% of the documents leaves fewer than 150 candidates.
	o.MinDF = 0
	wide := fitModel(t, kos, 150, o)
	if wide.Params["min_df_chosen"] != "auto (raised floor too high)" || wide.Params["min_df"] != 34 {
		t.Errorf("K = 150: %v at min_df %v; want the automatic floor kept", wide.Params["min_df_chosen"], wide.Params["min_df"])
	}
}
