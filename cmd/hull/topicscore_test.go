package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hulltopics/hull/model"
)

// scoreFixture generates a small corpus of the Topic-SCORE paper's
// simulations and fits it with --algo score; it returns the directory,
// the model path and the model.
func scoreFixture(t *testing.T, extra ...string) (string, string, *model.Model) {
	t.Helper()
	dir := synthCorpus(t, "ke", "--docs", "300", "--doc-length", "1000")
	path, m := fitIn(t, dir, "score.json", append([]string{"--algo", "score", "-k", "6"}, extra...)...)
	return dir, path, m
}

// hull fit --algo score recovers the planted topics and records the
// flags; hull eval reads the model.
func TestFitScoreFlagsAndRecovery(t *testing.T) {
	dir, path, m := scoreFixture(t, "--score-m", "48", "--score-k0", "7", "--normalize")
	if m.Algorithm != "score" || m.K != 6 {
		t.Fatalf("algorithm %q, K %d", m.Algorithm, m.K)
	}
	for key, want := range map[string]any{"m": 48.0, "k0": 7.0, "normalize": true} {
		if got := m.Params[key]; got != want {
			t.Errorf("params[%q] = %v, want %v", key, got, want)
		}
	}
	code, out, errOut := hull(t, "eval", path, "--truth", filepath.Join(dir, "truth.json"), "--json")
	if code != 0 {
		t.Fatalf("eval: exit %d: %s", code, errOut)
	}
	var ms struct {
		L1Max float64 `json:"l1_max"`
	}
	if err := json.Unmarshal([]byte(out), &ms); err != nil {
		t.Fatal(err)
	}
	if ms.L1Max <= 0 || ms.L1Max >= 0.4 {
		t.Errorf("max l1 %v, want in (0, 0.4)", ms.L1Max)
	}
	var stages []string
	for _, s := range m.Provenance.Timings {
		stages = append(stages, s.Stage)
	}
	if got := strings.Join(stages, ","); got != "read,svd,ratios,vertex hunting,topics,refine check" {
		t.Errorf("stages %s", got)
	}
}

func TestFitScoreSameModelForAnyThreads(t *testing.T) {
	dir, _, _ := scoreFixture(t)
	expectSameModelForThreads(t, dir, "--algo", "score", "-k", "6", filepath.Join(dir, "docword.txt"))
}

// hull plot simplex writes a valid PNG or SVG, atomically.
func TestPlotSimplex(t *testing.T) {
	dir, path, _ := scoreFixture(t)
	for _, tc := range []struct{ name, magic string }{
		{"fig.png", "\x89PNG\r\n\x1a\n"},
		{"fig.SVG", "<?xml"},
	} {
		out := filepath.Join(dir, tc.name)
		if code, _, errOut := hull(t, "plot", "simplex", path, "-o", out); code != 0 {
			t.Fatalf("%s: exit %d: %s", tc.name, code, errOut)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(b, []byte(tc.magic)) || (strings.HasSuffix(tc.name, "SVG") && !bytes.Contains(b, []byte("<svg"))) {
			t.Errorf("%s: not a %s file: % x", tc.name, tc.name[4:], b[:min(len(b), 16)])
		}
	}
	leftovers, _ := filepath.Glob(filepath.Join(dir, ".*tmp*"))
	if len(leftovers) != 0 {
		t.Errorf("temporary files left: %v", leftovers)
	}
}

func TestPlotBadInputExitsTwo(t *testing.T) {
	dir, path, _ := scoreFixture(t)
	anchorModel := filepath.Join(dir, "anchor.json")
	if code, _, errOut := hull(t, "fit", "-q", "-k", "6", filepath.Join(dir, "docword.txt"), "-o", anchorModel); code != 0 {
		t.Fatalf("fit anchor: exit %d: %s", code, errOut)
	}
	png := filepath.Join(dir, "fig.png")
	expectBadInput(t, []badInput{
		{"no kind", []string{"plot"}, "KIND"},
		{"unknown kind", []string{"plot", "nope"}, "nope"},
		{"missing -o", []string{"plot", "simplex", path}, "-o"},
		{"bad extension", []string{"plot", "simplex", path, "-o", filepath.Join(dir, "fig.gif")}, "fig.gif"},
		{"bad size", []string{"plot", "simplex", path, "-o", png, "--size", "0"}, "size"},
		// A huge PNG made gonum/plot panic ("huge or negative dimensions").
		{"huge size", []string{"plot", "simplex", path, "-o", png, "--size", "1e300"}, "--size 1e+300: want inches from 1/96 (one pixel) to 50"},
		// Under one pixel the PNG encoder failed, reported as a write error (exit 1).
		{"sub-pixel size", []string{"plot", "simplex", path, "-o", png, "--size", "0.005"}, "--size 0.005: want inches from 1/96"},
		{"infinite size", []string{"plot", "simplex", path, "-o", png, "--size", "inf"}, "--size +Inf: want"},
		{"missing model", []string{"plot", "simplex", filepath.Join(dir, "nope.json"), "-o", png}, "nope.json"},
		{"not a model", []string{"plot", "simplex", filepath.Join(dir, "vocab.txt"), "-o", png}, "vocab.txt"},
		{"not a score model", []string{"plot", "simplex", anchorModel, "-o", png}, "Topic-SCORE"},
		{"no model argument", []string{"plot", "simplex", "-o", png}, "want one MODEL, whose simplex to draw; got none"},
	})
	if _, err := os.Stat(png); !os.IsNotExist(err) {
		t.Error("a figure was written for bad input")
	}
	// A missing directory is the user's path to fix, found before the work: exit 2.
	if code, _, _ := hull(t, "plot", "simplex", path, "-o", filepath.Join(dir, "missing-dir", "fig.png")); code != exitBadInput {
		t.Errorf("unwritable output: exit %d, want %d", code, exitBadInput)
	}
}

func TestFitScoreBadInputExitsTwo(t *testing.T) {
	dir, _, _ := scoreFixture(t)
	input := filepath.Join(dir, "docword.txt")
	expectBadInput(t, []badInput{
		{"K too small", []string{"fit", "-q", "--algo", "score", "-k", "1", input}, "-k 1"},
		{"K above docs", []string{"fit", "-q", "--algo", "score", "-k", "301", input}, "K"},
		{"K0 over budget", []string{"fit", "-q", "--algo", "score", "-k", "20", "--score-k0", "60", input}, "budget"},
		{"negative m", []string{"fit", "-q", "--algo", "score", "-k", "6", "--score-m", "-3", input}, "--score-m -3"},
		{"negative truncation", []string{"fit", "-q", "--algo", "score", "-k", "6", "--score-truncate", "-1", input}, "--score-truncate -1"},
	})
}
