package main

import (
	"encoding/json"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hulltopics/hull/model"
)

// tsvdFixture generates a dominant-admixture corpus (the TSVD paper's
// assumptions) and fits it with --algo tsvd; it returns the directory,
// the model path and the model.
func tsvdFixture(t *testing.T, extra ...string) (string, string, *model.Model) {
	t.Helper()
	dir := synthCorpus(t, "dominant", "--docs", "2000", "--doc-length", "300")
	path, m := fitIn(t, dir, "tsvd.json", append([]string{"--algo", "tsvd", "-k", "10"}, extra...)...)
	return dir, path, m
}

// hull fit --algo tsvd recovers the planted topics and records its flags,
// catchwords and dominant topics; hull eval reads the model.
func TestFitTSVDFlagsAndRecovery(t *testing.T) {
	dir, path, m := tsvdFixture(t, "--tsvd-w0", "0.08", "--tsvd-eps", "0.2", "--tsvd-gamma", "1.2", "--tsvd-eps0", "0.4", "--tsvd-top", "0.12")
	if m.Algorithm != "tsvd" || m.K != 10 {
		t.Fatalf("algorithm %q, K %d", m.Algorithm, m.K)
	}
	for key, want := range map[string]any{"w0": 0.08, "eps": 0.2, "gamma": 1.2, "eps0": 0.4, "top_fraction": 0.12, "split": true} {
		if got := m.Params[key]; got != want {
			t.Errorf("params[%q] = %v, want %v", key, got, want)
		}
	}
	if len(m.TopicWords) != 10 {
		t.Errorf("catchwords %v", m.TopicWords)
	}
	if len(m.DominantTopic) != 2000 {
		t.Errorf("dominant_topic has %d entries, want 2000", len(m.DominantTopic))
	}
	code, out, errOut := hull(t, "eval", path, "--truth", filepath.Join(dir, "truth.json"), "--json")
	if code != 0 {
		t.Fatalf("eval: exit %d: %s", code, errOut)
	}
	var ms struct {
		L1Mean float64 `json:"l1_mean"`
	}
	if err := json.Unmarshal([]byte(out), &ms); err != nil {
		t.Fatal(err)
	}
	if ms.L1Mean <= 0 || ms.L1Mean >= 0.3 {
		t.Errorf("mean l1 %v, want in (0, 0.3)", ms.L1Mean)
	}
	var stages []string
	for _, s := range m.Provenance.Timings {
		stages = append(stages, s.Stage)
	}
	if got := strings.Join(stages, ","); got != "read,threshold,svd,k-means,lloyd,catchwords,topics,refine check" {
		t.Errorf("stages %s", got)
	}
}

func TestFitTSVDSameModelForAnyThreads(t *testing.T) {
	dir, _, _ := tsvdFixture(t)
	expectSameModelForThreads(t, dir, "--algo", "tsvd", "-k", "10", filepath.Join(dir, "docword.txt"))
}

func TestFitTSVDBadInputExitsTwo(t *testing.T) {
	dir, path, _ := tsvdFixture(t)
	input := filepath.Join(dir, "docword.txt")
	expectBadInput(t, []badInput{
		{"K too small", []string{"fit", "-q", "--algo", "tsvd", "-k", "1", input}, "-k 1"},
		{"K not below V", []string{"fit", "-q", "--algo", "tsvd", "-k", "1000", input}, "K = 1000"},
		{"w0 above 1", []string{"fit", "-q", "--algo", "tsvd", "-k", "10", "--tsvd-w0", "2", input}, "--tsvd-w0 2"},
		{"negative gamma", []string{"fit", "-q", "--algo", "tsvd", "-k", "10", "--tsvd-gamma", "-1", input}, "--tsvd-gamma -1"},
		{"negative eps", []string{"fit", "-q", "--algo", "tsvd", "-k", "10", "--tsvd-eps", "-1", input}, "--tsvd-eps -1"},
		{"diagnose without model", []string{"diagnose", input}, "MODEL"},
		{"diagnose with two models", []string{"diagnose", input, path, "--model", path}, "once"},
		{"diagnose missing model", []string{"diagnose", input, filepath.Join(dir, "nope.json")}, "nope.json"},
		{"diagnose bad prior", []string{"diagnose", input, path, "--prior", "-1"}, "prior"},
		{"diagnose bad delta", []string{"diagnose", input, path, "--delta", "1"}, "--delta 1"},
		{"diagnose eps0 above 1", []string{"diagnose", input, path, "--eps0", "5"}, "--eps0 5: want in (0, 1]"}, // issue 15: accepted
		{"diagnose eps0 zero", []string{"diagnose", input, path, "--eps0", "0"}, "--eps0 0"},
		{"diagnose gamma below 1", []string{"diagnose", input, path, "--gamma", "0.5"}, "--gamma 0.5"},
	})
}

// diagnoseJSON runs hull diagnose --json and decodes its output.
func diagnoseJSON(t *testing.T, args ...string) diagnosis {
	t.Helper()
	code, out, errOut := hull(t, append([]string{"diagnose", "-q", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("diagnose: exit %d: %s", code, errOut)
	}
	var d diagnosis
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return d
}

// hull diagnose on a hand-made model and corpus with known shares. Topic 1
// owns words a, b and topic 2 words c, d, so VB's weights are exactly
// (alpha_k + tokens of the topic's words) / (sum alpha + length), alpha_k
// = 0.1.
func TestDiagnoseKnownShares(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string { return writeFile(t, dir, name, content) }
	write("vocab.txt", "a\nb\nc\nd\n")
	// Documents (counts of a, b, c, d) and their weight on topic 1:
	//  1, 2: 50 50  0  0  ->  .999  pure, dominant
	//  3:    40 40 10 10  ->  .799  dominant
	//  4:    30 30 20 20  ->  .600  (.400 on topic 2: not dominant)
	//  5:    25 25 25 25  ->  .500  (ties: clustered with topic 1)
	//  6, 7:  0  0 50 50  ->  .001  pure, dominant (topic 2)
	//  8:    48 48  2  2  ->  .959  pure, dominant
	docs := [][4]int{{50, 50, 0, 0}, {50, 50, 0, 0}, {40, 40, 10, 10}, {30, 30, 20, 20}, {25, 25, 25, 25}, {0, 0, 50, 50}, {0, 0, 50, 50}, {48, 48, 2, 2}}
	var lines []string
	for d, counts := range docs {
		for w, n := range counts {
			if n > 0 {
				lines = append(lines, strings.Join([]string{strconv.Itoa(d + 1), strconv.Itoa(w + 1), strconv.Itoa(n)}, " "))
			}
		}
	}
	input := write("docword.txt", "8\n4\n"+strconv.Itoa(len(lines))+"\n"+strings.Join(lines, "\n")+"\n")
	m := &model.Model{Algorithm: "truth", K: 2, Vocab: []string{"a", "b", "c", "d"}, Topics: [][]float64{{0.5, 0.5, 0, 0}, {0, 0, 0.5, 0.5}}}
	mp := filepath.Join(dir, "model.json")
	if err := model.Save(mp, m); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{input, mp}, {input, "--model", mp}} {
		d := diagnoseJSON(t, args...)
		// Dominant: 1, 2, 3, 6, 7, 8 of 8; pure: 1, 2, 6, 7, 8. Clusters
		// T_1 = {1..5, 8}, T_2 = {6, 7}; rank floor(8/12) -> 1, so g is the
		// largest frequency: a, b are .5 in T_1 and absent from T_2; c, d
		// are .5 in T_2 but .25 in document 5 of T_1, and .5 < 2.3 * .25:
		// S_1 = {a, b}, S_2 = {}. Catchword frequency of T_1: (1 + 1 + .8 +
		// .6 + .5 + .96)/6 = .81; of T_2: 0; mean .405.
		want := map[string][2]float64{
			"dominant":  {d.DominantShare, 6.0 / 8},
			"pure":      {d.PureShare, 5.0 / 8},
			"topics cw": {d.TopicsWithCatchwords, 0.5},
			"cw freq":   {d.MeanCatchwordFrequency, 0.405},
		}
		for name, v := range want {
			if math.Abs(v[0]-v[1]) > 1e-9 {
				t.Errorf("%v: %s = %v, want %v", args, name, v[0], v[1])
			}
		}
		if d.Docs != 8 || d.K != 2 || d.Settings.CatchwordRank != 1 || d.Settings.Weights != "vb" || math.Abs(d.Settings.Prior-0.2) > 1e-12 {
			t.Errorf("%v: %+v", args, d)
		}
		if got := d.Topics[0].Catchwords; len(got) != 2 || got[0] != "a" || got[1] != "b" || len(d.Topics[1].Catchwords) != 0 {
			t.Errorf("%v: catchwords %v, %v", args, got, d.Topics[1].Catchwords)
		}
		if d.Topics[0].Docs != 6 || d.Topics[1].Docs != 2 || d.ModelDominantAgreement != nil {
			t.Errorf("%v: topics %+v, agreement %v", args, d.Topics, d.ModelDominantAgreement)
		}
	}
	// The thresholds are flags: with beta 0.45, document 4 is dominant too.
	if d := diagnoseJSON(t, input, mp, "--dom-beta", "0.45"); math.Abs(d.DominantShare-7.0/8) > 1e-9 {
		t.Errorf("beta 0.45: dominant share %v, want 7/8", d.DominantShare)
	}
	code, out, errOut := hull(t, "diagnose", "-q", input, mp, "--per-topic")
	if code != 0 || !strings.Contains(out, "75.0%") || !strings.Contains(out, "62.5%") || !strings.Contains(out, "0.405") || !strings.Contains(out, "a b") {
		t.Errorf("text output: exit %d, %s\n%s", code, errOut, out)
	}
}

// On a TSVD model of the corpus itself, diagnose also reports TSVD's own
// catchwords and how its dominant topics agree with the inferred weights.
func TestDiagnoseTSVDModel(t *testing.T) {
	dir, path, _ := tsvdFixture(t)
	d := diagnoseJSON(t, filepath.Join(dir, "docword.txt"), path)
	if d.Docs != 2000 || d.ModelTopicsWithCatchwords == nil || d.ModelDominantAgreement == nil {
		t.Fatalf("%+v", d)
	}
	// The corpus meets the assumptions: every document has a dominant
	// topic of weight >= 0.4 in truth, 20% are nearly pure, and every topic
	// has planted catchwords.
	t.Logf("dominant %.3f, pure %.3f, topics with catchwords %.2f, catchword frequency %.3f, model catchwords %.2f, agreement %.3f",
		d.DominantShare, d.PureShare, d.TopicsWithCatchwords, d.MeanCatchwordFrequency, *d.ModelTopicsWithCatchwords, *d.ModelDominantAgreement)
	if *d.ModelTopicsWithCatchwords != 1 || *d.ModelDominantAgreement < 0.75 || d.TopicsWithCatchwords < 0.9 || d.DominantShare < 0.5 || d.PureShare < 0.05 {
		t.Error("the assumptions of the corpus are not seen")
	}
}
