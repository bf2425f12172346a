package eval_test

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/model"
)

func topicsModel(vocab []string, topics ...[]float64) *model.Model {
	return &model.Model{Algorithm: "test", K: len(topics), Vocab: vocab, Topics: topics}
}

var abcd = []string{"a", "b", "c", "d"}

// truth3 has three topics; cos(truth3[0], near0) = 0.96, cos(truth3[1],
// far1) = 0.63 (by hand below).
var truth3 = topicsModel(abcd,
	[]float64{0.5, 0.5, 0, 0},
	[]float64{0, 0, 1, 0},
	[]float64{0, 0, 0, 1},
)

func TestRecoveredAtCounts(t *testing.T) {
	// near0 = (.6, .3, .1, 0): cos with (.5, .5, 0, 0) is .45/sqrt(.5*.46).
	near0 := []float64{0.6, 0.3, 0.1, 0}
	// far1 = (0, .4, .6, 0) against (0, 0, 1, 0): .6/sqrt(.52).
	far1 := []float64{0, 0.4, 0.6, 0}
	learned := topicsModel(abcd, []float64{0, 0, 0, 1}, far1, near0)
	r, err := eval.RecoveredAt(learned, truth3, 0.9)
	if err != nil {
		t.Fatal(err)
	}
	wantCos := []float64{0.45 / math.Sqrt(0.5*0.46), 0.6 / math.Sqrt(0.52), 1}
	if !slices.Equal(r.Match, []int{2, 1, 0}) {
		t.Fatalf("Match = %v, want [2 1 0]", r.Match)
	}
	for i, c := range wantCos {
		if math.Abs(r.Cos[i]-c) > 1e-12 {
			t.Fatalf("Cos = %v, want %v", r.Cos, wantCos)
		}
	}
	if r.Count != 2 || !slices.Equal(r.Topics, []int{0, 2}) || r.Threshold != 0.9 {
		t.Fatalf("Count %d Topics %v Threshold %v, want 2 [0 2] 0.9", r.Count, r.Topics, r.Threshold)
	}
	// The same matching as CosineRecovery.
	s, err := eval.CosineRecovery(learned, truth3)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Match, r.Match) || !slices.Equal(s.Cos, r.Cos) || s.Mean != r.Mean || s.Min != r.Min {
		t.Fatalf("RecoveredAt %+v differs from CosineRecovery %+v", r.Similarity, s)
	}
	// A cosine equal to the threshold counts; 0 counts every pair, 1 only
	// the exact copy (whose cosine is clamped to 1).
	for _, c := range []struct {
		threshold float64
		want      int
	}{{r.Cos[0], 2}, {math.Nextafter(r.Cos[0], 2), 1}, {0, 3}, {1, 1}, {r.Cos[1], 3}} {
		got, err := eval.RecoveredAt(learned, truth3, c.threshold)
		if err != nil {
			t.Fatal(err)
		}
		if got.Count != c.want {
			t.Errorf("threshold %v: Count %d, want %d", c.threshold, got.Count, c.want)
		}
	}
}

// TestRecoveredAtDuplicates: two copies of one true topic recover it once.
func TestRecoveredAtDuplicates(t *testing.T) {
	learned := topicsModel(abcd, truth3.Topics[1], truth3.Topics[1], truth3.Topics[1])
	r, err := eval.RecoveredAt(learned, truth3, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	if r.Count != 1 || !slices.Equal(r.Topics, []int{1}) {
		t.Fatalf("Count %d Topics %v, want 1 [1]", r.Count, r.Topics)
	}
}

// TestRecoveredAtUnequalK: fewer learned topics leave true topics
// unmatched (-1); more learned topics leave learned ones out.
func TestRecoveredAtUnequalK(t *testing.T) {
	two := topicsModel(abcd, truth3.Topics[2], truth3.Topics[0])
	r, err := eval.RecoveredAt(two, truth3, 0.9)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(r.Match, []int{1, -1, 0}) || r.Cos[1] != 0 || r.Count != 2 || !slices.Equal(r.Topics, []int{0, 2}) {
		t.Fatalf("K=2 against 3: %+v", r)
	}
	if math.Abs(r.Mean-2.0/3) > 1e-12 || r.Min != 0 {
		t.Fatalf("Mean %v Min %v, want 2/3 and 0", r.Mean, r.Min)
	}
	five := topicsModel(abcd, []float64{0.25, 0.25, 0.25, 0.25}, truth3.Topics[2], []float64{0.1, 0.1, 0.8, 0}, truth3.Topics[0], truth3.Topics[1])
	r, err = eval.RecoveredAt(five, truth3, 0.99)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(r.Match, []int{3, 4, 1}) || r.Count != 3 {
		t.Fatalf("K=5 against 3: %+v", r)
	}
	// CosineRecovery itself still wants equal K.
	if _, err := eval.CosineRecovery(five, truth3); err == nil {
		t.Fatal("CosineRecovery accepted K = 5 against 3")
	}
}

func TestRecoveredAtErrors(t *testing.T) {
	other := topicsModel([]string{"x", "y"}, []float64{0.5, 0.5})
	bad := topicsModel(abcd, []float64{0.5, 0.6, 0, 0})
	for name, c := range map[string]struct {
		learned   *model.Model
		threshold float64
		want      string
	}{
		"negative":   {truth3, -0.1, "threshold"},
		"above one":  {truth3, 1.5, "threshold"},
		"NaN":        {truth3, math.NaN(), "threshold"},
		"disjoint":   {other, 0.9, "no word in common"},
		"invalid":    {bad, 0.9, "learned model"},
		"empty list": {&model.Model{K: 1, Vocab: abcd}, 0.9, "learned model"},
	} {
		_, err := eval.RecoveredAt(c.learned, truth3, c.threshold)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one mentioning %q", name, err, c.want)
		}
	}
}

func ExampleRecoveredAt() {
	vocab := []string{"ball", "goal", "rain", "snow", "vote"}
	truth := &model.Model{Algorithm: "truth", K: 3, Vocab: vocab, Topics: [][]float64{
		{0.5, 0.5, 0, 0, 0}, // sports
		{0, 0, 0.6, 0.4, 0}, // weather
		{0, 0, 0, 0, 1},     // politics
	}}
	// The learned model finds sports and weather, and mixes politics with
	// weather.
	learned := &model.Model{Algorithm: "anchor", K: 3, Vocab: vocab, Topics: [][]float64{
		{0, 0, 0.5, 0.5, 0},
		{0.6, 0.4, 0, 0, 0},
		{0, 0, 0.3, 0.2, 0.5},
	}}
	r, err := eval.RecoveredAt(learned, truth, eval.DefaultRecoveredAt)
	if err != nil {
		panic(err)
	}
	fmt.Printf("match %v, cosine %.3f\n", r.Match, r.Cos)
	fmt.Printf("%d of %d true topics recovered at cosine >= %.1f: %v\n", r.Count, truth.K, r.Threshold, r.Topics)
	// Output:
	// match [1 0 2], cosine [0.981 0.981 0.811]
	// 2 of 3 true topics recovered at cosine >= 0.9: [0 1]
}
