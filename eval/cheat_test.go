package eval

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/synth"
)

func TestReadDocWeights(t *testing.T) {
	for _, text := range []string{
		"1\t0.25\t0.75\nd 2\t1\t0\n",
		"id\ttopic1\ttopic2\n1\t0.25\t0.75\r\n\nd 2\t1\t0",
	} {
		got, err := ReadDocWeights(strings.NewReader(text))
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if len(got) != 2 || !slices.Equal(got["1"], []float64{0.25, 0.75}) || !slices.Equal(got["d 2"], []float64{1, 0}) {
			t.Errorf("%q: read %v", text, got)
		}
	}
	for _, tc := range []struct{ text, want string }{
		{"", "no document"},
		{"id\ttopic1\n", "no document"},
		{"1\n", "line 1"},
		{"1\t0.5\t0.5\n2\t1\n", "line 2: 1 weights"},
		{"1\t0.5\t0.5\n1\t0.5\t0.5\n", "listed twice"},
		{"1\t0.5\tx\n", "weight 2"},
		{"1\t-0.5\t1.5\n", "weight 1"},
		{"1\tNaN\t1\n", "weight 1"},
		{"1\t+Inf\t1\n", "weight 1"},
	} {
		_, err := ReadDocWeights(strings.NewReader(tc.text))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want one mentioning %q", tc.text, err, tc.want)
		}
	}
}

// TestLDACAndLDAT: on an LDA corpus the cheating predictors, which know
// the true topics (and LDAC the true document weights), beat Baseline by
// far; LDAC's scores are exactly sum_k theta_dk A_k.
func TestLDACAndLDAT(t *testing.T) {
	c, truth, theta, err := synth.LDA{K: 5, V: 500, Docs: 400, DocLength: 60, Poisson: true, Alpha: 0.1, Beta: 0.1}.GenerateWeights(rand.New(rand.NewPCG(7, 8)))
	if err != nil {
		t.Fatal(err)
	}
	weights := map[string][]float64{}
	for d, id := range c.DocIDs {
		weights[id] = theta[d]
	}
	split, err := SplitPlusOne(c, PlusOneOptions{Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	score, err := LDAC(truth, weights).Prepare(context.Background(), split.Train, split.Observed)
	if err != nil {
		t.Fatal(err)
	}
	got := make([]float64, c.NumWords())
	score(3, got)
	th := theta[split.TestDocs[3]]
	for w := range got {
		want := 0.0
		for k := range th {
			want += th[k] * truth.Topics[k][w]
		}
		if d := got[w] - want; d > 1e-12 || d < -1e-12 {
			t.Fatalf("word %d: LDAC score %v, want theta^T A = %v", w, got[w], want)
		}
	}
	res, err := PlusOne(context.Background(), split, []Predictor{Baseline{}, LDAC(truth, weights), LDAT(truth, vb)}, PlusOneOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res[1].Name != "ldaC" || res[2].Name != "ldaT" {
		t.Errorf("names %q, %q", res[1].Name, res[2].Name)
	}
	for _, r := range res[1:] {
		if r.Precision < res[0].Precision+0.1 {
			t.Errorf("%s precision %.3f, baseline %.3f: want the cheat well above", r.Name, r.Precision, res[0].Precision)
		}
	}
}

// vb is variational inference with the model's alpha.
func vb(ctx context.Context, m *model.Model, observed *corpus.Corpus) ([][]float64, error) {
	return infer.Infer(ctx, m, observed, infer.Options{})
}

func TestLDACErrors(t *testing.T) {
	c, truth, theta, err := synth.LDA{K: 3, V: 50, Docs: 40, DocLength: 20, Alpha: 0.1, Beta: 0.1}.GenerateWeights(rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	split, err := SplitPlusOne(c, PlusOneOptions{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	missing := map[string][]float64{}
	short := map[string][]float64{}
	for d, id := range c.DocIDs {
		if d != split.TestDocs[0] {
			missing[id] = theta[d]
		}
		short[id] = theta[d][:2]
	}
	for name, w := range map[string]map[string][]float64{"missing": missing, "short": short} {
		_, err := LDAC(truth, w).Prepare(context.Background(), split.Train, split.Observed)
		id := c.DocIDs[split.TestDocs[0]]
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%q", id)) {
			t.Errorf("%s weights: error %v, want one naming document %q", name, err, id)
		}
	}
}
