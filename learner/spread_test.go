package learner_test

import (
	"math"
	"math/rand/v2"
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

// TestSpreadChanceFiring: documents each drawn at random from K even
// topics break the rule by chance, often when they are few, and rarely
// once they number JudgedDocs(K), which is why fewer are not judged. The
// rates logged (go test ./learner -run SpreadChance -v) are those
// spread.go cites.
func TestSpreadChanceFiring(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	rate := func(k, docs, draws int) float64 {
		fired := 0
		dominant := make([]int, docs)
		for range draws {
			for d := range dominant {
				dominant[d] = rng.IntN(k)
			}
			// The rule's three tests, without Judged's floor.
			s, _ := learner.SpreadOf(dominant, k)
			dominated := s.LargestShare > learner.DominantDocShare && s.LargestShare > 2/float64(k)
			mostlyRare := float64(len(s.Rare)) > learner.RareTopicsShare*float64(k)
			narrow := s.Effective < learner.ConcentratedDocShare*float64(k)
			if dominated || mostlyRare || narrow {
				fired++
			}
			if s.Judged() && s.Concentrated() != (dominated || mostlyRare || narrow) {
				t.Fatalf("K = %d, %d documents: Concentrated %v, the rule's tests %v %v %v", k, docs, s.Concentrated(), dominated, mostlyRare, narrow)
			}
		}
		return float64(fired) / float64(draws)
	}
	// The rule itself, without Judged's floor: K documents.
	for _, k := range []int{5, 20} {
		r := rate(k, k, 4000)
		t.Logf("K = %d, %d documents: %.2f%%", k, k, 100*r)
		if r < 0.05 {
			t.Errorf("K = %d documents at K = %d break the rule in %.2f%% of draws: the floor would not be needed", k, k, 100*r)
		}
	}
	for _, k := range []int{3, 4, 5, 6, 8, 10, 20} {
		for _, docs := range slices.Compact([]int{5 * k, learner.JudgedDocs(k)}) {
			r := rate(k, docs, 4000)
			t.Logf("K = %d, %d documents: %.3f%%", k, docs, 100*r)
			if docs == learner.JudgedDocs(k) && r > 0.002 {
				t.Errorf("K = %d, %d documents, the fewest judged: the rule fires in %.3f%% of even draws", k, docs, 100*r)
			}
		}
	}
}
