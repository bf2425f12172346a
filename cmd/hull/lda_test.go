package main

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/model"
)

// ldaCorpus generates a small LDA corpus (6 topics, 250 words, 600
// documents of 60 tokens) and returns its directory.
func ldaCorpus(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if code, _, errOut := hull(t, "synth", "lda", "-k", "6", "--vocab-size", "250", "--docs", "600", "--doc-length", "60", "-o", dir); code != 0 {
		t.Fatalf("synth: exit %d: %s", code, errOut)
	}
	return dir
}

// fitLDA runs hull fit with args on the corpus of dir, writes the model
// and returns it with stderr and the log lines of the learner.
func fitLDA(t *testing.T, dir string, args ...string) (*model.Model, string, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "m.json")
	all := append([]string{"fit", "-k", "6", filepath.Join(dir, "docword.txt"), "-o", path}, args...)
	code, _, errOut := hull(t, all...)
	if code != 0 {
		t.Fatalf("hull %s: exit %d: %s", strings.Join(all, " "), code, errOut)
	}
	m, err := model.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	for _, line := range strings.SplitAfter(errOut, "\n") {
		if strings.HasPrefix(line, "gibbs sweep") || strings.HasPrefix(line, "vb iteration") {
			log.WriteString(line)
		}
	}
	return m, errOut, log.String()
}

// meanL1 scores a model against the corpus's truth with hull eval.
func meanL1(t *testing.T, dir string, m *model.Model) float64 {
	t.Helper()
	path := filepath.Join(t.TempDir(), "m.json")
	if err := model.Save(path, m); err != nil {
		t.Fatal(err)
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
	return ms.L1Mean
}

// hull fit --algo gibbs: the flags reach the sampler and its Params, the
// log likelihood is printed every --log-every sweeps (not with -q), the
// topics are close to the truth, and the same seed and shards give the
// same model whatever --threads.
func TestFitGibbs(t *testing.T) {
	dir := ldaCorpus(t)
	args := []string{"--algo", "gibbs", "--iterations", "80", "--burn-in", "40", "--save-every", "20",
		"--optimize-interval", "10", "--alpha", "1.2", "--beta", "0.05", "--shards", "2", "--threads", "2", "--seed", "3"}
	m, errOut, log := fitLDA(t, dir, append(args, "--log-every", "20")...)
	if m.Algorithm != "gibbs" || m.K != 6 || len(m.Alpha) != 6 {
		t.Fatalf("algorithm %q, K %d, alpha %v", m.Algorithm, m.K, m.Alpha)
	}
	for key, want := range map[string]any{"iterations": 80.0, "burn_in": 40.0, "save_every": 20.0, "saved_states": 2.0,
		"optimize_interval": 10.0, "alpha_sum_init": 1.2, "beta_init": 0.05, "shards": 2.0, "init": "random"} {
		if got := m.Params[key]; got != want {
			t.Errorf("params[%q] = %v, want %v", key, got, want)
		}
	}
	lines := regexp.MustCompile(`gibbs sweep (\d+): log likelihood per token -\d+\.\d{4}`).FindAllStringSubmatch(log, -1)
	var sweeps []string
	for _, l := range lines {
		sweeps = append(sweeps, l[1])
	}
	if !slices.Equal(sweeps, []string{"20", "40", "60", "80"}) {
		t.Errorf("log likelihood printed after sweeps %v:\n%s", sweeps, log)
	}
	if !strings.Contains(errOut, "burn-in") || !strings.Contains(errOut, "sampling") {
		t.Errorf("stage times missing from stderr: %s", errOut)
	}
	if l1 := meanL1(t, dir, m); l1 <= 0 || l1 > 0.25 {
		t.Errorf("mean l1 %.3f", l1)
	}
	for _, threads := range []string{"1", "3"} {
		// Without --log-every, which -q refuses: it would print nothing.
		again, _, _ := fitLDA(t, dir, append(args, "-q", "--threads", threads)...)
		if !reflect.DeepEqual(again.Topics, m.Topics) || !reflect.DeepEqual(again.Alpha, m.Alpha) || !reflect.DeepEqual(again.Params, m.Params) {
			t.Errorf("same seed and shards, --threads %s and 2: different models", threads)
		}
	}
	if _, _, log := fitLDA(t, dir, "--algo", "gibbs", "--iterations", "20", "-q"); log != "" {
		t.Errorf("-q: log printed: %s", log)
	}
}

// With the default single shard too, --threads 1 and 4 give the same
// model: the default model is the same on every machine.
func TestFitGibbsSameModelForAnyThreads(t *testing.T) {
	dir := ldaCorpus(t)
	expectSameModelForThreads(t, dir, "--algo", "gibbs", "--iterations", "20", "-k", "6", filepath.Join(dir, "docword.txt"))
}

// --init anchor starts from an anchor-word fit, timed as its own stage.
func TestFitGibbsInitAnchor(t *testing.T) {
	dir := ldaCorpus(t)
	m, _, _ := fitLDA(t, dir, "--algo", "gibbs", "--iterations", "30", "--init", "anchor", "-q")
	if m.Params["init"] != "anchor" || m.Provenance.Timings[1].Stage != "anchor" {
		t.Errorf("init %v, stages %v", m.Params["init"], m.Provenance.Timings)
	}
	if l1 := meanL1(t, dir, m); l1 <= 0 || l1 > 0.25 {
		t.Errorf("mean l1 %.3f", l1)
	}
}

// hull fit --algo vb: flags reach Params, the bound is printed every
// iteration and the model does not depend on --threads.
func TestFitVB(t *testing.T) {
	dir := ldaCorpus(t)
	args := []string{"--algo", "vb", "--iterations", "30", "--em-tolerance", "1e-5", "--alpha-estimate", "asymmetric", "--init", "anchor", "--beta", "0.05"}
	m, _, log := fitLDA(t, dir, append(args, "--threads", "1")...)
	if m.Algorithm != "vb" {
		t.Fatalf("algorithm %q", m.Algorithm)
	}
	for key, want := range map[string]any{"iterations": 30.0, "tolerance": 1e-5, "alpha_mode": "asymmetric", "eta": 0.05, "init": "anchor"} {
		if got := m.Params[key]; got != want {
			t.Errorf("params[%q] = %v, want %v", key, got, want)
		}
	}
	n := int(m.Params["iterations_run"].(float64))
	if got := strings.Count(log, "bound per token"); got != n || !strings.Contains(log, "vb iteration 1: bound per token -") {
		t.Errorf("%d bound lines for %d iterations:\n%s", got, n, log)
	}
	if l1 := meanL1(t, dir, m); l1 <= 0 || l1 > 0.25 {
		t.Errorf("mean l1 %.3f", l1)
	}
	other, _, _ := fitLDA(t, dir, append(args, "--threads", "2", "-q")...)
	if !reflect.DeepEqual(other.Topics, m.Topics) {
		t.Error("--threads 1 and 2 give different models")
	}
}

// Bad values and flags of the other learner exit with status 2.
func TestFitLDABadFlags(t *testing.T) {
	dir := ldaCorpus(t)
	input := filepath.Join(dir, "docword.txt")
	for _, args := range [][]string{
		{"--algo", "gibbs", "--init", "kmeans"},
		{"--algo", "gibbs", "--iterations", "-1"},
		{"--algo", "gibbs", "--iterations", "50", "--burn-in", "50"},
		{"--algo", "gibbs", "--alpha", "-1"},
		{"--algo", "gibbs", "--beta", "-0.1"},
		{"--algo", "gibbs", "--optimize-interval", "-5"},
		{"--algo", "gibbs", "--iterations", "10", "--optimize-interval", "20"},
		{"--algo", "gibbs", "--em-tolerance", "1e-3"},
		{"--algo", "vb", "--alpha-estimate", "newton"},
		{"--algo", "vb", "--burn-in", "10"},
		{"--algo", "vb", "--optimize-interval", "10"},
		{"--algo", "vb", "--iterations", "x"},
	} {
		all := append([]string{"fit", "-q", "-k", "6", input}, args...)
		if code, _, errOut := hull(t, all...); code != exitBadInput || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
}
