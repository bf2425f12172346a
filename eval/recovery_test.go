package eval

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/model"
)

func newModel(vocab []string, topics ...[]float64) *model.Model {
	return &model.Model{Algorithm: "test", K: len(topics), Vocab: vocab, Topics: topics}
}

const tol = 1e-12

func checkRecovery(t *testing.T, got Recovery, match []int, dist []float64) {
	t.Helper()
	if !slices.Equal(got.Match, match) {
		t.Fatalf("Match = %v, want %v", got.Match, match)
	}
	wantMean := 0.0
	for i, d := range dist {
		if math.Abs(got.Dist[i]-d) > tol {
			t.Fatalf("Dist = %v, want %v", got.Dist, dist)
		}
		wantMean += d / float64(len(dist))
	}
	if math.Abs(got.Mean-wantMean) > tol || math.Abs(got.Max-slices.Max(dist)) > tol {
		t.Fatalf("Mean, Max = %v, %v; want %v, %v", got.Mean, got.Max, wantMean, slices.Max(dist))
	}
}

func checkSimilarity(t *testing.T, got Similarity, match []int, cos []float64) {
	t.Helper()
	if !slices.Equal(got.Match, match) {
		t.Fatalf("Match = %v, want %v", got.Match, match)
	}
	wantMean := 0.0
	for i, c := range cos {
		if math.Abs(got.Cos[i]-c) > tol {
			t.Fatalf("Cos = %v, want %v", got.Cos, cos)
		}
		wantMean += c / float64(len(cos))
	}
	if math.Abs(got.Mean-wantMean) > tol || math.Abs(got.Min-slices.Min(cos)) > tol {
		t.Fatalf("Mean, Min = %v, %v; want %v, %v", got.Mean, got.Min, wantMean, slices.Min(cos))
	}
}

var abc = []string{"a", "b", "c"}

func TestPerfectAndPermuted(t *testing.T) {
	truth := newModel(abc, []float64{0.7, 0.2, 0.1}, []float64{0.1, 0.8, 0.1}, []float64{0, 0.25, 0.75})
	same := newModel(abc, truth.Topics...)
	// learned topic j is true topic perm[j]; true topic i is learned inv[i].
	permuted := newModel(abc, truth.Topics[2], truth.Topics[0], truth.Topics[1])
	inv := []int{1, 2, 0}
	for _, c := range []struct {
		learned *model.Model
		match   []int
	}{{same, []int{0, 1, 2}}, {permuted, inv}} {
		r, err := L1Recovery(c.learned, truth)
		if err != nil {
			t.Fatal(err)
		}
		checkRecovery(t, r, c.match, []float64{0, 0, 0})
		s, err := CosineRecovery(c.learned, truth)
		if err != nil {
			t.Fatal(err)
		}
		checkSimilarity(t, s, c.match, []float64{1, 1, 1})
	}
}

// TestTwoTopicsByHand: true T0 = (.5, .5, 0), T1 = (0, 0, 1); learned
// L0 = (0, .2, .8), L1 = (.6, .4, 0). l1: T0-L1 = .1+.1 = .2,
// T1-L0 = .2+.2 = .4 (the crossed pairs cost 1.6 and 2.0).
// cos(T0, L1) = .5/sqrt(.5*.52); cos(T1, L0) = .8/sqrt(.68).
func TestTwoTopicsByHand(t *testing.T) {
	truth := newModel(abc, []float64{0.5, 0.5, 0}, []float64{0, 0, 1})
	learned := newModel(abc, []float64{0, 0.2, 0.8}, []float64{0.6, 0.4, 0})
	r, err := L1Recovery(learned, truth)
	if err != nil {
		t.Fatal(err)
	}
	checkRecovery(t, r, []int{1, 0}, []float64{0.2, 0.4})
	s, err := CosineRecovery(learned, truth)
	if err != nil {
		t.Fatal(err)
	}
	checkSimilarity(t, s, []int{1, 0}, []float64{0.5 / math.Sqrt(0.5*0.52), 0.8 / math.Sqrt(0.68)})
}

// TestNotGreedy: T0's nearest learned topic is L0 (0.4 against 0.5), but
// T1 is far from L1 (1.5), so the best matching pairs T0-L1 and T1-L0
// (total 1.1 against 1.9).
func TestNotGreedy(t *testing.T) {
	vocab := []string{"a", "b", "c", "d"}
	truth := newModel(vocab, []float64{0.5, 0.5, 0, 0}, []float64{0.5, 0, 0.5, 0})
	learned := newModel(vocab, []float64{0.5, 0.3, 0.2, 0}, []float64{0.25, 0.75, 0, 0})
	r, err := L1Recovery(learned, truth)
	if err != nil {
		t.Fatal(err)
	}
	checkRecovery(t, r, []int{1, 0}, []float64{0.5, 0.6})
}

// TestVocabularyAlignment: learned has vocabulary (c, b, x). Its L0 is
// true T1 exactly; L1 = (b .5, x .5) against T0 = (a .5, b .5) differs by
// .5 on a and .5 on x.
func TestVocabularyAlignment(t *testing.T) {
	truth := newModel(abc, []float64{0.5, 0.5, 0}, []float64{0, 0, 1})
	learned := newModel([]string{"c", "b", "x"}, []float64{1, 0, 0}, []float64{0, 0.5, 0.5})
	r, err := L1Recovery(learned, truth)
	if err != nil {
		t.Fatal(err)
	}
	checkRecovery(t, r, []int{1, 0}, []float64{1, 0})
	s, err := CosineRecovery(learned, truth)
	if err != nil {
		t.Fatal(err)
	}
	checkSimilarity(t, s, []int{1, 0}, []float64{0.5, 1})
}

func TestErrors(t *testing.T) {
	truth := newModel(abc, []float64{0.5, 0.5, 0}, []float64{0, 0, 1})
	cases := map[string]struct {
		learned *model.Model
		want    string
	}{
		"K":        {newModel(abc, []float64{1, 0, 0}), "equal K"},
		"disjoint": {newModel([]string{"x", "y"}, []float64{1, 0}, []float64{0, 1}), "no word in common"},
		"invalid":  {newModel(abc, []float64{0.5, 0.4, 0}, []float64{0, 0, 1}), "learned model"},
	}
	for name, c := range cases {
		if _, err := L1Recovery(c.learned, truth); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: L1Recovery error %v, want one containing %q", name, err, c.want)
		}
		if _, err := CosineRecovery(c.learned, truth); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: CosineRecovery error %v, want one containing %q", name, err, c.want)
		}
	}
	if _, err := L1Recovery(truth, newModel(abc)); err == nil || !strings.Contains(err.Error(), "true model") {
		t.Errorf("invalid truth: error %v", err)
	}
}
