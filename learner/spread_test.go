package learner_test

import (
	"math"
	"slices"
	"testing"

	"github.com/hulltopics/hull/learner"
)

func TestSpreadOf(t *testing.T) {
	// 64 documents over K = 4, eight times: topic 1 dominant in 5, topics
	// 0 and 2 in 1 each, one document left out, topic 3 in none.
	eight := []int{1, 1, 0, 1, -1, 2, 1, 1}
	s, err := learner.SpreadOf(slices.Repeat(eight, 8), 4)
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{1.0 / 7, 5.0 / 7, 1.0 / 7, 0}
	if s.Docs != 56 || !slices.Equal(s.Share, want) || s.Largest != 1 || s.LargestShare != 5.0/7 || !slices.Equal(s.Rare, []int{3}) {
		t.Fatalf("spread %+v", s)
	}
	if e := math.Exp(-(2*(1.0/7)*math.Log(1.0/7) + (5.0/7)*math.Log(5.0/7))); math.Abs(s.Effective-e) > 1e-12 {
		t.Errorf("effective %v, want %v", s.Effective, e)
	}
	// 2.22 effective topics of 4: not fewer than half.
	if !s.Dominated() || s.MostlyRare() || s.Narrow() || !s.Concentrated() {
		t.Errorf("dominated %v, mostly rare %v, narrow %v", s.Dominated(), s.MostlyRare(), s.Narrow())
	}
	// Fewer than 5 K documents, or 50, are not judged: the same 7 alone,
	// or 49 of them.
	if s, _ := learner.SpreadOf(slices.Repeat(eight, 7), 4); s.Judged() || s.Docs != 49 {
		t.Errorf("49 documents judged: %+v", s)
	}
	if s, _ := learner.SpreadOf(eight, 4); s.Judged() || s.Concentrated() || s.Docs != 7 || s.LargestShare != 5.0/7 {
		t.Errorf("7 documents for K = 4 judged: %+v", s)
	}
	// Even documents: nothing fires; K = 2 is never dominated by more
	// than twice the even share.
	even := []int{0, 1, 2, 3}
	if s, _ := learner.SpreadOf(slices.Repeat(even, 13), 4); !s.Judged() || s.Concentrated() || s.Effective != 4 {
		t.Errorf("even: %+v", s)
	}
	if s, _ := learner.SpreadOf(slices.Repeat([]int{0, 0, 0, 1, 0, 0, 0, 1, 0, 1}, 5), 2); !s.Judged() || s.Dominated() {
		t.Errorf("K = 2: %+v dominated", s)
	}
	// Mostly rare: 3 of 4 topics dominant in fewer than 0.5% of 1,000.
	many := make([]int, 1000)
	many[0], many[1], many[2] = 1, 2, 3
	if s, _ := learner.SpreadOf(many, 4); !s.MostlyRare() || len(s.Rare) != 3 {
		t.Errorf("mostly rare: %+v", s.Rare)
	}
	// Narrow alone: 30% of 700 documents in each of three topics of 10, 10
	// in each of the others: 4.52 effective topics of 10.
	var narrow []int
	for k := range 10 {
		n := 10
		if k < 3 {
			n = 210
		}
		for range n {
			narrow = append(narrow, k)
		}
	}
	if s, _ := learner.SpreadOf(narrow, 10); !s.Narrow() || s.Dominated() || s.MostlyRare() || math.Abs(s.Effective-4.52) > 0.01 {
		t.Errorf("narrow: %+v", s)
	}
	// No document: figures zero, no rule fires.
	if s, err := learner.SpreadOf([]int{-1, -1}, 3); err != nil || s.Docs != 0 || s.Largest != -1 || s.Concentrated() {
		t.Errorf("no document: %+v, %v", s, err)
	}
	for _, bad := range [][]int{{0, 3}, {-2}} {
		if _, err := learner.SpreadOf(bad, 3); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
	for _, k := range []int{0, -1} { // it panicked making the counts
		if _, err := learner.SpreadOf(nil, k); err == nil {
			t.Errorf("k = %d: no error", k)
		}
	}
}
