package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hulltopics/hull/model"
)

// projectionFixture generates a separable corpus in the style of Ding et
// al.'s section 6.2 and returns its directory.
func projectionFixture(t *testing.T) string {
	t.Helper()
	return synthCorpus(t, "separable", "--style", "ding", "-k", "6", "--vocab-size", "200",
		"--docs", "8000", "--doc-length", "200", "--anchors-per-topic", "2")
}

// hull fit --algo rp|ddp|binning recovers the planted topics, records its
// flags and clustering, and hull eval reads the model.
func TestFitProjections(t *testing.T) {
	dir := projectionFixture(t)
	input := filepath.Join(dir, "docword.txt")
	for _, tc := range []struct {
		algo   string
		flags  []string
		params map[string]any
		maxL1  float64
	}{
		{"rp", []string{"--proj-p", "400", "--proj-min-hits", "4", "--proj-threshold-fraction", "0.3"},
			map[string]any{"projections": 400.0, "min_hits": 4.0, "threshold_fraction": 0.3}, 0.15},
		{"ddp", []string{"--proj-far", "0.4", "--proj-top", "14", "--proj-min-df", "50"},
			map[string]any{"far": 0.4, "top": 14.0, "min_df": 50.0}, 0.15},
		{"binning", []string{"--proj-bins", "60"}, map[string]any{"bins": 60.0}, 0.5},
	} {
		t.Run(tc.algo, func(t *testing.T) {
			path := filepath.Join(dir, tc.algo+".json")
			args := append([]string{"fit", "-q", "--algo", tc.algo, "-k", "6", input, "-o", path}, tc.flags...)
			if code, _, errOut := hull(t, args...); code != 0 {
				t.Fatalf("fit: exit %d: %s", code, errOut)
			}
			m, err := model.Load(path)
			if err != nil {
				t.Fatal(err)
			}
			if m.Algorithm != tc.algo || m.K != 6 || len(m.Anchors) != 6 {
				t.Fatalf("algorithm %q, K %d, anchors %v", m.Algorithm, m.K, m.Anchors)
			}
			for key, want := range tc.params {
				if got := m.Params[key]; got != want {
					t.Errorf("params[%q] = %v, want %v", key, got, want)
				}
			}
			if c, _ := m.Params["clustering"].(string); c == "" {
				t.Errorf("no clustering outcome in %v", m.Params)
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
			if ms.L1Mean <= 0 || ms.L1Mean > tc.maxL1 {
				t.Errorf("mean l1 %v, want in (0, %v]", ms.L1Mean, tc.maxL1)
			}
			var stages []string
			for _, s := range m.Provenance.Timings {
				stages = append(stages, s.Stage)
			}
			if got := strings.Join(stages, ","); got != "read,split,novel words,clustering,topics,refine check" {
				t.Errorf("stages %s", got)
			}
		})
	}
}

func TestFitProjectionsSameModelForAnyThreads(t *testing.T) {
	dir := projectionFixture(t)
	for _, algo := range []string{"rp", "ddp"} {
		expectSameModelForThreads(t, dir, "--algo", algo, "-k", "6", filepath.Join(dir, "docword.txt"))
	}
}

func TestFitProjectionsBadInputExitsTwo(t *testing.T) {
	dir := projectionFixture(t)
	input := filepath.Join(dir, "docword.txt")
	expectBadInput(t, []badInput{
		{"K too small", []string{"fit", "-q", "--algo", "rp", "-k", "0", input}, "-k"},
		{"K above V", []string{"fit", "-q", "--algo", "ddp", "-k", "500", input}, "K = 500"},
		{"negative P", []string{"fit", "-q", "--algo", "rp", "-k", "6", "--proj-p", "-1", input}, "--proj-p -1"},
		{"far above 1", []string{"fit", "-q", "--algo", "ddp", "-k", "6", "--proj-far", "2", input}, "--proj-far 2"},
		{"negative threshold", []string{"fit", "-q", "--algo", "binning", "-k", "6", "--proj-threshold", "-1", input}, "--proj-threshold -1"},
		{"P for ddp", []string{"fit", "-q", "--algo", "ddp", "-k", "6", "--proj-p", "10", input}, "--proj-p does not apply to --algo ddp"},
		{"bins for rp", []string{"fit", "-q", "--algo", "rp", "-k", "6", "--proj-bins", "10", input}, "--proj-bins does not apply"},
		{"top for binning", []string{"fit", "-q", "--algo", "binning", "-k", "6", "--proj-top", "10", input}, "--proj-top does not apply"},
		{"too few directions", []string{"fit", "-q", "--algo", "rp", "-k", "6", "--proj-p", "2", input}, "--proj-p"},
		{"candidate floor above all", []string{"fit", "-q", "--algo", "rp", "-k", "6", "--proj-min-df", "100000", input}, "--proj-min-df"},
	})
}

// A learner's failure names its options by their flags, and the learner to
// use by its name, whatever error it is: on three tiny documents
// Topic-SCORE's k-means cannot place M centres, and the original Recover's
// Q_SS is singular.
func TestLearnerFailureNamesFlags(t *testing.T) {
	in := filepath.Join(t.TempDir(), "tiny.txt")
	os.WriteFile(in, []byte("apple banana cherry apple\nbanana cherry date date\nzebra yak xylophone zebra\n"), 0o644)
	expectBadInput(t, []badInput{
		{"score's M", []string{"fit", "-q", "--algo", "score", "-k", "2", "--no-prune", "--format", "lines", in}, "than the --score-m 7 k-means centres; lower --score-m or K"},
		{"recover's singular Q_SS", []string{"fit", "-q", "--algo", "recover", "-k", "2", "--no-prune", "--format", "lines", in}, `use RecoverL2 (the learner "anchor")`},
	})
}
