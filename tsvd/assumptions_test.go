package tsvd

import (
	"context"
	"math"
	"strings"
	"testing"
)

// Table 1 on a hand-made corpus and hand-made weights with known shares.
func TestCheckAssumptions(t *testing.T) {
	// Ten documents over words a..f; topic 0 uses a, b; topic 1 uses c, d;
	// e and f are shared. Document 9 is empty.
	c := repeated([]map[string]int32{
		{"a": 6, "b": 2, "e": 2}, // 0: pure topic 0
		{"a": 5, "b": 3, "e": 2}, // 1: pure topic 0
		{"a": 4, "b": 4, "f": 2}, // 2: dominant topic 0
		{"a": 3, "c": 3, "e": 4}, // 3: mixed
		{"c": 6, "d": 2, "f": 2}, // 4: pure topic 1
		{"c": 5, "d": 3, "e": 2}, // 5: dominant topic 1
		{"c": 4, "d": 4, "f": 2}, // 6: dominant topic 1
		{"c": 2, "d": 6, "a": 2}, // 7: dominant topic 1
		{"b": 5, "d": 5},         // 8: mixed, argmax topic 0
		{},
	}, []int{1, 1, 1, 1, 1, 1, 1, 1, 1, 1})
	theta := [][]float64{
		{0.97, 0.03}, {0.96, 0.04}, {0.8, 0.2}, {0.5, 0.5},
		{0.01, 0.99}, {0.3, 0.7}, {0.25, 0.75}, {0.31, 0.69},
		{0.6, 0.4}, {0.5, 0.5},
	}
	a, err := CheckAssumptions(context.Background(), c, theta, AssumptionOptions{Eps0: 2, Gamma: 1.5})
	if err != nil {
		t.Fatal(err)
	}
	// 9 non-empty documents. Dominant (max >= 0.4, other <= 0.3): 0, 1,
	// 2, 4, 5, 6 (7 has 0.31, 8 has 0.4, 3 has 0.5): 6/9. Pure (>= 0.95):
	// 0, 1, 4: 3/9.
	if a.Docs != 9 || a.EmptyDocs != 1 || a.K != 2 {
		t.Fatalf("docs %d, empty %d, K %d", a.Docs, a.EmptyDocs, a.K)
	}
	if math.Abs(a.DominantShare-6.0/9) > 1e-12 || math.Abs(a.PureShare-3.0/9) > 1e-12 {
		t.Errorf("dominant share %v (want 6/9), pure share %v (want 3/9)", a.DominantShare, a.PureShare)
	}
	// T_0 = {0, 1, 2, 3, 8} (3 ties to topic 0), T_1 = {4, 5, 6, 7}.
	if a.ClusterSizes[0] != 5 || a.ClusterSizes[1] != 4 {
		t.Errorf("cluster sizes %v", a.ClusterSizes)
	}
	// Rank floor(2 * 9 / 4) = 4. In T_0: a = .6 .5 .4 .3 (4th .3), b = .2
	// .3 .4 .5 (.2), c = .3 (one doc: 0), d = .5 (0), e = .2 .2 .4 (0),
	// f = .2 (0). In T_1: c = .6 .5 .4 .2 (.2), d = .2 .3 .4 .6 (.2), a =
	// .2 (0), e, f fewer than 4 (0). Catchwords (gamma 1.5): S_0 = {a, b}
	// (b: .2 > 1.5*0), S_1 = {c, d}.
	if a.CatchwordRank != 4 {
		t.Errorf("catchword rank %d, want 4", a.CatchwordRank)
	}
	if got := a.Catchwords; len(got[0]) != 2 || got[0][0] != 0 || got[0][1] != 1 || len(got[1]) != 2 {
		t.Errorf("catchwords %v, want [[0 1] [2 3]] (ties in g: lower index first)", got)
	}
	if a.TopicsWithCatchwords != 1 {
		t.Errorf("topics with catchwords %v", a.TopicsWithCatchwords)
	}
	// Catchword frequency: T_0: (a+b) = .8 .8 .8 .3 .5 -> 3.2/5 = .64;
	// T_1: (c+d) = .8 .8 .8 .8 -> .8. Mean .72.
	if math.Abs(a.CatchwordFrequency[0]-0.64) > 1e-12 || math.Abs(a.CatchwordFrequency[1]-0.8) > 1e-12 || math.Abs(a.MeanCatchwordFrequency-0.72) > 1e-12 {
		t.Errorf("catchword frequency %v, mean %v; want [.64 .8], .72", a.CatchwordFrequency, a.MeanCatchwordFrequency)
	}
	// With the paper's defaults the rank is floor(9/12) -> 1, so g is the
	// maximum: a .6 in T_0 against .2 in T_1, b .5 against 0, c .6 in T_1
	// against .3, d .6 against .5; gamma 2.3 keeps a and b only.
	a, err = CheckAssumptions(context.Background(), c, theta, AssumptionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if a.CatchwordRank != 1 || len(a.Catchwords[0]) != 2 || len(a.Catchwords[1]) != 0 || a.TopicsWithCatchwords != 0.5 {
		t.Errorf("defaults: rank %d, catchwords %v, share %v; want 1, [[0 1] []], 0.5", a.CatchwordRank, a.Catchwords, a.TopicsWithCatchwords)
	}
	if math.Abs(a.MeanCatchwordFrequency-0.32) > 1e-12 {
		t.Errorf("defaults: mean catchword frequency %v, want .64/2", a.MeanCatchwordFrequency)
	}
	for _, tc := range []struct {
		theta [][]float64
		o     AssumptionOptions
		want  string
	}{
		{theta[:3], AssumptionOptions{}, "rows"},
		{append(append([][]float64(nil), theta[:9]...), []float64{1}), AssumptionOptions{}, "weights"},
		{append(append([][]float64(nil), theta[:9]...), []float64{math.NaN(), 1}), AssumptionOptions{}, "NaN"},
		{theta, AssumptionOptions{Alpha: 2}, "Alpha"},
		{theta, AssumptionOptions{Gamma: -1}, "Gamma"},
	} {
		if _, err := CheckAssumptions(context.Background(), c, tc.theta, tc.o); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want one mentioning %q", tc.o, err, tc.want)
		}
	}
}
