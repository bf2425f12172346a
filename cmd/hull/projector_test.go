package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hulltopics/hull/model"
)

// projectorCorpus generates a small-alpha LDA corpus (documents near the
// corners of the topic simplex) and returns its directory.
func projectorCorpus(t *testing.T) string {
	t.Helper()
	return synthCorpus(t, "lda", "-k", "6", "--vocab-size", "400", "--docs", "1200", "--doc-length", "80", "--alpha", "0.05")
}

// projectorFit fits K = 6 with args and loads the model it writes.
func projectorFit(t *testing.T, dir, name string, args ...string) (string, *model.Model) {
	t.Helper()
	return fitIn(t, dir, name, append([]string{"-k", "6"}, args...)...)
}

// projectorCosine returns hull eval's mean cosine to the truth.
func projectorCosine(t *testing.T, dir, path string) float64 {
	t.Helper()
	code, out, errOut := hull(t, "eval", path, "--truth", filepath.Join(dir, "truth.json"), "--json")
	if code != 0 {
		t.Fatalf("eval: exit %d: %s", code, errOut)
	}
	var ms struct {
		CosineMean float64 `json:"cosine_mean"`
	}
	if err := json.Unmarshal([]byte(out), &ms); err != nil {
		t.Fatal(err)
	}
	return ms.CosineMean
}

// hull fit --algo projector and --algo kmeans recover the planted topics
// and record their flags; hull eval reads the models.
func TestFitProjectorAndKMeans(t *testing.T) {
	dir := projectorCorpus(t)
	path, m := projectorFit(t, dir, "p.json", "--algo", "projector", "--delta", "0.7", "--kmeans-restarts", "4", "--kmeans-iter", "50", "--kmeans-tol", "1e-6", "--projector-power-iters", "3", "--projector-oversample", "5")
	if m.Algorithm != "projector" || m.K != 6 {
		t.Fatalf("algorithm %q, K %d", m.Algorithm, m.K)
	}
	for key, want := range map[string]any{"delta": 0.7, "kmeans_restarts": 4.0, "kmeans_max_iter": 50.0, "kmeans_tol": 1e-6, "svd_power_iters": 3.0, "svd_oversample": 5.0, "scaled": true} {
		if got := m.Params[key]; got != want {
			t.Errorf("params[%q] = %v, want %v", key, got, want)
		}
	}
	if fr, _ := m.Params["inside_fraction"].(float64); fr < 0.7 {
		t.Errorf("inside fraction %v", fr)
	}
	var stages []string
	for _, s := range m.Provenance.Timings {
		stages = append(stages, s.Stage)
	}
	if got := strings.Join(stages, ","); got != "read,shift,svd,project,k-means,scale,topics,refine check" {
		t.Errorf("stages %s", got)
	}
	if cos := projectorCosine(t, dir, path); cos < 0.95 {
		t.Errorf("projector: mean cosine %v", cos)
	}
	_, ns := projectorFit(t, dir, "ns.json", "--algo", "projector", "--projector-no-scale")
	if ns.Params["scale"] != 1.0 || ns.Params["scaled"] != false {
		t.Errorf("--projector-no-scale: scale %v", ns.Params["scale"])
	}
	kpath, km := projectorFit(t, dir, "k.json", "--algo", "kmeans", "--kmeans-restarts", "2")
	if km.Algorithm != "kmeans" || km.Params["kmeans_restarts"] != 2.0 || len(km.TopicWeights) != 6 {
		t.Errorf("kmeans: algorithm %q params %v", km.Algorithm, km.Params)
	}
	if cos := projectorCosine(t, dir, kpath); cos < 0.8 {
		t.Errorf("kmeans: mean cosine %v", cos)
	}
}

func TestFitProjectorSameModelForAnyThreads(t *testing.T) {
	dir := projectorCorpus(t)
	expectSameModelForThreads(t, dir, "--algo", "projector", "-k", "6", filepath.Join(dir, "docword.txt"))
}

func TestFitProjectorBadInputExitsTwo(t *testing.T) {
	dir := projectorCorpus(t)
	input := filepath.Join(dir, "docword.txt")
	expectBadInput(t, []badInput{
		{"K too small", []string{"fit", "-q", "--algo", "projector", "-k", "1", input}, "-k 1"},
		{"K above documents", []string{"fit", "-q", "--algo", "projector", "-k", "5000", input}, "K = 5000"},
		{"delta above 1", []string{"fit", "-q", "--algo", "projector", "-k", "6", "--delta", "1.5", input}, "--delta 1.5"},
		{"negative delta", []string{"fit", "-q", "--algo", "projector", "-k", "6", "--delta", "-0.2", input}, "--delta -0.2"},
		{"negative restarts", []string{"fit", "-q", "--algo", "projector", "-k", "6", "--kmeans-restarts", "-1", input}, "--kmeans-restarts -1"},
		{"negative tolerance", []string{"fit", "-q", "--algo", "projector", "-k", "6", "--kmeans-tol", "-1e-3", input}, "--kmeans-tol"},
		{"kmeans negative iterations", []string{"fit", "-q", "--algo", "kmeans", "-k", "6", "--kmeans-iter", "-3", input}, "--kmeans-iter -3"},
		{"kmeans with --delta", []string{"fit", "-q", "--algo", "kmeans", "-k", "6", "--delta", "0.5", input}, "--delta does not apply"},
		{"kmeans memory", []string{"fit", "-q", "--algo", "kmeans", "-k", "6", "--max-memory", "1KiB", input}, "--max-memory"},
	})
}
