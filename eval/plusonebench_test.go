package eval

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/synth"
)

// fixedLearner "learns" a fixed model, or fails with err.
type fixedLearner struct {
	m   *model.Model
	err error
}

func (l fixedLearner) Fit(_ context.Context, _ *corpus.Corpus, k int) (*model.Model, error) {
	return l.m, l.err
}

func TestPlusOneBench(t *testing.T) {
	c, truth, theta, err := synth.LDA{K: 3, V: 80, Docs: 200, DocLength: 40, Alpha: 0.05, Beta: 0.1}.GenerateWeights(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	weights := map[string][]float64{}
	for d, id := range c.DocIDs {
		weights[id] = theta[d]
	}
	var seeds []uint64
	var logged []string
	o := PlusOneBenchOptions{
		Learners: []PlusOneLearner{
			{Name: "truth", New: func(seed uint64) (learner.Learner, error) {
				seeds = append(seeds, seed)
				return fixedLearner{m: truth}, nil
			}},
			{Name: "broken", New: func(seed uint64) (learner.Learner, error) {
				if seed == 11 {
					return fixedLearner{m: truth}, nil
				}
				return fixedLearner{err: errors.New("no luck")}, nil
			}},
		},
		K: 3, KNN: []int{5, 0}, Truth: truth, TrueWeights: weights, Seed: 10, Repeat: 3, Threads: 2,
		Log: func(line string) { logged = append(logged, line) },
	}
	rows, err := PlusOneBench(context.Background(), c, o)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range rows {
		names = append(names, r.Predictor)
		splits := 3
		if r.Predictor == "broken" {
			splits = 1 // left out of the splits where it failed
		}
		if r.Splits != splits || len(r.PerSeed) != splits || r.TestDocs < 50 {
			t.Errorf("%s: %d splits, %v, %d test documents", r.Predictor, r.Splits, r.PerSeed, r.TestDocs)
		}
		if splits != 3 {
			continue
		}
		mean, ss := 0.0, 0.0
		for _, p := range r.PerSeed {
			mean += p / 3
		}
		for _, p := range r.PerSeed {
			ss += (p - mean) * (p - mean) / 2
		}
		if math.Abs(r.Precision-mean) > 1e-12 || math.Abs(r.StdDev-math.Sqrt(ss)) > 1e-12 {
			t.Errorf("%s: precision %v ± %v, want %v ± %v", r.Predictor, r.Precision, r.StdDev, mean, math.Sqrt(ss))
		}
		if (r.Cosine != nil) != (r.Predictor == "truth" || r.Predictor == "broken") {
			t.Errorf("%s: cosine %v", r.Predictor, r.Cosine)
		}
	}
	// The documented order, broken among the learners though it first ran
	// on the second split (it came after ldaT).
	if got := strings.Join(names, ","); got != "baseline,lsi-3,knn-5,truth,broken,ldaC,ldaT" {
		t.Errorf("predictors %s", got)
	}
	if *rows[3].Cosine < 1-1e-12 || len(seeds) != 3 || seeds[0] != 10 || seeds[2] != 12 {
		t.Errorf("the truth's cosine %v, seeds %v", *rows[3].Cosine, seeds)
	}
	var failures []string
	for _, line := range logged {
		if strings.Contains(line, "failed") {
			failures = append(failures, line)
		}
	}
	if len(failures) != 2 || !strings.Contains(failures[0], "plusone: seed 10: broken failed and is left out: no luck") ||
		!slices.Contains(logged, "plusone: split 2 of 3 (seed 11)") {
		t.Errorf("log %q", logged)
	}
	// The test documents are the splits' mean, not the last split's.
	total := 0
	for seed := uint64(10); seed <= 12; seed++ {
		sp, err := SplitPlusOne(c, PlusOneOptions{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		total += len(sp.TestDocs)
	}
	if want := int(math.Round(float64(total) / 3)); rows[0].TestDocs != want {
		t.Errorf("baseline: %d test documents, want the mean %d", rows[0].TestDocs, want)
	}

	one, err := PlusOneBench(context.Background(), c, PlusOneBenchOptions{LSI: []int{0}, Seed: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(one) != 2 || one[0].Predictor != "baseline" || one[1].Predictor != "knn-15" || one[0].StdDev != 0 || one[0].PerSeed[0] != rows[0].PerSeed[0] {
		t.Errorf("one split: %+v", one)
	}
}

// TrueWeights that lack a document of the corpus are refused before any
// learner is built or fitted, an *OptionError naming the first document
// without weights; LDAC failed on it after every fit.
func TestPlusOneBenchMissingTrueWeights(t *testing.T) {
	c, truth := synth.Demo()
	weights := map[string][]float64{}
	for _, id := range c.DocIDs[:c.NumDocs()/2] {
		weights[id] = make([]float64, truth.K)
		weights[id][0] = 1
	}
	built := 0
	build := func(uint64) (learner.Learner, error) { built++; return fixedLearner{m: truth}, nil }
	_, err := PlusOneBench(context.Background(), c, PlusOneBenchOptions{K: truth.K, Truth: truth, TrueWeights: weights, KNN: []int{0}, LSI: []int{0},
		Learners: []PlusOneLearner{{Name: "a", New: build}}})
	var oe *OptionError
	if !errors.As(err, &oe) || oe.Field != "TrueWeights" || oe.Value != c.DocIDs[c.NumDocs()/2] || built != 0 ||
		!strings.Contains(oe.Want, fmt.Sprintf("(%d of its %d documents have none)", c.NumDocs()-c.NumDocs()/2, c.NumDocs())) {
		t.Errorf("error %v after %d learners built; want an *OptionError for TrueWeights, document %q, before any", err, built, c.DocIDs[c.NumDocs()/2])
	}
}

func TestPlusOneBenchErrors(t *testing.T) {
	c, truth := synth.Demo()
	build := func(uint64) (learner.Learner, error) { return fixedLearner{m: truth}, nil }
	zero, short := map[string][]float64{}, map[string][]float64{}
	for _, id := range c.DocIDs {
		zero[id] = make([]float64, truth.K)
		short[id] = []float64{1}
	}
	fails := func(uint64) (learner.Learner, error) { return fixedLearner{err: errors.New("no luck")}, nil }
	for want, o := range map[string]PlusOneBenchOptions{
		"Repeat":      {Repeat: -1},
		".K = 0":      {Learners: []PlusOneLearner{{Name: "a", New: build}}},
		"TrueWeights": {TrueWeights: map[string][]float64{}},
		"KNN = -1":    {KNN: []int{-1}},
		// A predictor given twice was averaged with itself over twice the splits.
		"LSI = 5, want each value once": {LSI: []int{5, 3, 5}},
		"KNN = 4, want each value once": {KNN: []int{4, 4}},
		"Learners = a, want each name":  {K: 10, Learners: []PlusOneLearner{{Name: "a", New: build}, {Name: "a", New: build}}},
		"cannot":                        {K: 10, Learners: []PlusOneLearner{{Name: "a", New: func(uint64) (learner.Learner, error) { return nil, errors.New("cannot") }}}},
		// Out of range for this corpus (issue 15: accepted silently).
		"LSI = 100000, want at most the":   {LSI: []int{100000}},
		"KNN = 100000, want at most the":   {KNN: []int{100000}},
		"K = 100000, want at most min":     {K: 100000},
		"training part of split 1":         {KNN: []int{c.NumDocs()}, Seed: 1},
		"positive, finite sum (it has [0 ": {K: truth.K, Truth: truth, TrueWeights: zero},
		"one per topic of the truth":       {K: truth.K, Truth: truth, TrueWeights: short},
		// A truth of another vocabulary gave a meaningless ldaT row.
		"hold none of the corpus's": {K: truth.K, Truth: &model.Model{K: 1, Vocab: []string{"not-a-word"}, Topics: [][]float64{{1}}}},
	} {
		_, err := PlusOneBench(context.Background(), c, o)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error %v, want one with %q", err, want)
		}
		var oe *OptionError
		if strings.Contains(want, "=") && !errors.As(err, &oe) {
			t.Errorf("error %v is not an *OptionError", err)
		}
	}
	// A learner that fails on every split gets a row that says why, and
	// the others are measured (its failure lost every row).
	rows, err := PlusOneBench(context.Background(), c, PlusOneBenchOptions{K: 10, Repeat: 2,
		Learners: []PlusOneLearner{{Name: "a", New: fails}, {Name: "b", New: build}}})
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]PlusOneSummary{}
	for _, r := range rows {
		byName[r.Predictor] = r
	}
	if a, b := byName["a"], byName["b"]; a.Failure != "eval: plusone: a failed on every split: no luck" || a.Splits != 0 ||
		b.Failure != "" || b.Splits != 2 || byName["baseline"].Splits != 2 {
		t.Errorf("rows %+v: want a failed, b and the baseline measured on 2 splits", rows)
	}
	if rows[len(rows)-2].Predictor != "a" || rows[len(rows)-1].Predictor != "b" || byName["a"].PerSeed == nil {
		t.Errorf("rows %+v: want a's row, then b's, last (the learners' order), with an empty PerSeed", rows)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := PlusOneBench(ctx, c, PlusOneBenchOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}
