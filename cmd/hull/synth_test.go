package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/model"
)

// readSynth reads back what "hull synth" wrote into dir.
func readSynth(t *testing.T, dir string) (*corpus.Corpus, *model.Model) {
	t.Helper()
	c, err := corpus.ReadFile(filepath.Join(dir, "docword.txt"), corpus.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	m, err := model.Load(filepath.Join(dir, "truth.json"))
	if err != nil {
		t.Fatal(err)
	}
	return c, m
}

func TestSynthLDADefaultsCommandLine(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new", "lda")
	code, out, errOut := hull(t, "synth", "lda", "-o", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := "hull synth lda -k 10 --vocab-size 1000 --docs 1000 --doc-length 100 --alpha 0.1 --beta 0.1 --seed 1 -o " + dir + "\n"
	if out != want {
		t.Fatalf("stdout %q, want %q", out, want)
	}
	if strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "1000 documents") {
		t.Fatalf("stderr %q: want a one-line summary", errOut)
	}
	c, m := readSynth(t, dir)
	if c.NumDocs() != 1000 || c.NumWords() != 1000 || c.Tokens() != 100000 || m.K != 10 || m.Algorithm != "truth" {
		t.Fatalf("read back %d docs, %d words, %d tokens, K %d, %q", c.NumDocs(), c.NumWords(), c.Tokens(), m.K, m.Algorithm)
	}
	if m.Provenance.InputDigest != c.Digest() || m.Provenance.Seed != 1 || m.Params["generator"] != "lda" {
		t.Fatalf("truth provenance %+v, params %v; corpus digest %s", m.Provenance, m.Params, c.Digest())
	}
}

// TestSynthKinds runs every kind with small parameters: the files read
// back, the truth describes the corpus, and the printed command line
// regenerates the same files.
func TestSynthKinds(t *testing.T) {
	base := t.TempDir()
	if code, _, errOut := hull(t, "synth", "lda", "-k", "3", "--vocab-size", "40", "--docs", "20", "-o", filepath.Join(base, "src")); code != 0 {
		t.Fatalf("source model: exit %d: %s", code, errOut)
	}
	srcModel := filepath.Join(base, "src", "truth.json")
	for _, tc := range []struct {
		kind string
		args []string
		k, v int
		docs int
	}{
		{"lda", []string{"-k", "4", "--vocab-size", "50", "--docs", "60", "--doc-length", "20", "--poisson", "--alpha", "0.2"}, 4, 50, 60},
		{"separable", []string{"-k", "4", "--vocab-size", "50", "--docs", "60", "--anchors-per-topic", "2", "--style", "ding"}, 4, 50, 60},
		// The count --anchor-fraction sets is printed back, and accepted.
		{"separable", []string{"-k", "4", "--vocab-size", "50", "--docs", "60", "--anchor-fraction", "0.2"}, 4, 50, 60},
		{"ke", []string{"-k", "3", "--vocab-size", "90", "--docs", "40", "--doc-length", "50", "--anchors-per-topic", "3", "--pure-fraction", "0"}, 3, 90, 40},
		{"dominant", []string{"-k", "4", "--vocab-size", "80", "--docs", "40", "--catchwords-per-topic", "3", "--rho", "0"}, 4, 80, 40},
		{"correlated", []string{"-k", "6", "--vocab-size", "50", "--docs", "40", "--rho", "0.5", "--variance", "2"}, 6, 50, 40},
		{"swimmer", []string{"--doc-length", "30", "--shared-topic"}, 17, 1024, 256},
		{"swimmer", []string{"--docs", "30", "--background", "0"}, 16, 1024, 30},
		{"semi", []string{"--model", srcModel, "--docs", "30", "--doc-length", "15"}, 3, 40, 30},
	} {
		t.Run(tc.kind, func(t *testing.T) {
			dir := filepath.Join(base, tc.kind+"1")
			os.RemoveAll(dir)
			code, out, errOut := hull(t, append([]string{"synth", tc.kind, "--seed", "7", "-o", dir}, tc.args...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			c, m := readSynth(t, dir)
			if c.NumDocs() != tc.docs || c.NumWords() != tc.v || m.K != tc.k || len(m.Vocab) != tc.v {
				t.Fatalf("%d docs, %d words, K %d; want %d, %d, %d", c.NumDocs(), c.NumWords(), m.K, tc.docs, tc.v, tc.k)
			}
			if m.Provenance.InputDigest != c.Digest() || m.Params["generator"] != tc.kind || m.Provenance.Seed != 7 {
				t.Fatalf("truth provenance %+v, params %v", m.Provenance, m.Params)
			}
			// Every flag given is printed back with its value.
			line := strings.TrimSuffix(out, "\n")
			for i, a := range tc.args {
				if strings.HasPrefix(a, "-") && (i+1 == len(tc.args) || strings.HasPrefix(tc.args[i+1], "-")) {
					if !strings.Contains(line, " "+a) {
						t.Errorf("%q lacks %s", line, a)
					}
				} else if strings.HasPrefix(a, "-") && !strings.Contains(line, " "+a+" "+tc.args[i+1]) {
					t.Errorf("%q lacks %s %s", line, a, tc.args[i+1])
				}
			}
			// The printed command regenerates the same files.
			args := strings.Fields(line)
			if len(args) < 5 || args[0] != "hull" || args[len(args)-2] != "-o" {
				t.Fatalf("printed command %q", line)
			}
			dir2 := filepath.Join(base, tc.kind+"2")
			os.RemoveAll(dir2)
			args[len(args)-1] = dir2
			if code, _, errOut := hull(t, args[1:]...); code != 0 {
				t.Fatalf("printed command: exit %d: %s", code, errOut)
			}
			for _, f := range []string{"docword.txt", "vocab.txt", "truth.json", "doc-topics.tsv"} {
				a, _ := os.ReadFile(filepath.Join(dir, f))
				b, _ := os.ReadFile(filepath.Join(dir2, f))
				if len(a) == 0 || !bytes.Equal(a, b) {
					t.Fatalf("%s differs when regenerated from %q", f, line)
				}
			}
		})
	}
}

func TestSynthThenFit(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "sep")
	if code, _, errOut := hull(t, "synth", "separable", "-k", "4", "--vocab-size", "200", "--docs", "3000", "--doc-length", "60", "-o", dir); code != 0 {
		t.Fatalf("synth: exit %d: %s", code, errOut)
	}
	out := filepath.Join(dir, "fit.json")
	if code, _, errOut := hull(t, "fit", "-q", "-k", "4", filepath.Join(dir, "docword.txt"), "-o", out); code != 0 {
		t.Fatalf("fit: exit %d: %s", code, errOut)
	}
	fit, err := model.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	_, truth := readSynth(t, dir)
	if fit.Provenance.InputDigest != truth.Provenance.InputDigest {
		t.Fatalf("fit digest %s, truth digest %s", fit.Provenance.InputDigest, truth.Provenance.InputDigest)
	}
}

func TestSynthBadFlagsExitTwo(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	notModel := filepath.Join(dir, "notmodel.txt")
	os.WriteFile(notModel, []byte("hello\n"), 0o644)
	cases := []badInput{
		{"no kind", []string{"synth", "-o", out}, "KIND"},
		{"unknown kind", []string{"synth", "nope", "-o", out}, "nope"},
		{"no output", []string{"synth", "lda"}, "-o"},
		{"negative docs", []string{"synth", "lda", "--docs", "-5", "-o", out}, "--docs"},
		{"zero topics", []string{"synth", "lda", "-k", "0", "-o", out}, "--topics"},
		{"zero alpha", []string{"synth", "lda", "--alpha", "0", "-o", out}, "--alpha"},
		{"not a number", []string{"synth", "lda", "--beta", "x", "-o", out}, "beta"},
		{"unknown flag", []string{"synth", "lda", "--anchors-per-topic", "2", "-o", out}, "anchors-per-topic"},
		{"extra argument", []string{"synth", "lda", "stray", "-o", out}, "stray"},
		{"style", []string{"synth", "separable", "--style", "other", "-o", out}, "other"},
		{"too many anchors", []string{"synth", "ke", "-k", "5", "--vocab-size", "50", "-o", out}, "anchor"},
		{"pure fraction", []string{"synth", "ke", "--pure-fraction", "-0.1", "-o", out}, "--pure-fraction"},
		{"pure fraction above 1", []string{"synth", "ke", "--pure-fraction", "1.5", "-o", out}, "--pure-fraction 1.5: want in [0, 1]"},
		{"dominance constraint", []string{"synth", "dominant", "--beta", "0.35", "-o", out}, "--beta 0.35: want at most (1-delta)*alpha - rho"},
		{"delta", []string{"synth", "dominant", "--delta", "0.1", "-o", out}, "--delta 0.1: want in [0, 0.08]"},
		{"groups", []string{"synth", "correlated", "-k", "4", "--groups", "5", "-o", out}, "--groups 5: want at most K = 4"},
		{"rho of one-topic groups", []string{"synth", "correlated", "-k", "2", "--rho", "0.9", "-o", out}, "--rho 0.9: want left at 0.1 when each of the 2 groups holds one topic"},
		{"poisson mean", []string{"synth", "lda", "--poisson", "--doc-length", "2000000000", "-o", out}, "--doc-length 2000000000: want at most 1e+09 with --poisson"},
		// The generators' fields named in what is wanted are flags too.
		{"ding beta", []string{"synth", "separable", "--style", "ding", "--beta", "0.2", "-o", out}, `--beta 0.2: want left at 0.1 with --style "ding"`},
		{"intensities", []string{"synth", "swimmer", "--body", "1", "--background", "2", "-o", out}, "--body 1: want above"},
		{"short length", []string{"synth", "swimmer", "--doc-length", "1", "-o", out}, "--doc-length 1: want at least 2"},
		{"not an integer", []string{"synth", "ke", "-k", "2.5", "-o", out}, "--topics 2.5: want an integer"},
		{"semi without model", []string{"synth", "semi", "-o", out}, "--model is required"},
		{"semi missing model", []string{"synth", "semi", "--model", filepath.Join(dir, "none.json"), "-o", out}, "none.json"},
		{"semi bad model", []string{"synth", "semi", "--model", notModel, "-o", out}, "notmodel.txt"},
	}
	expectBadInput(t, cases)
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Error("a failed synth created its output directory")
	}
}

// TestSynthUnwritableOutput: an output under a file, or with a directory
// where a file of the set goes, is refused before generating.
func TestSynthUnwritableOutput(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	os.WriteFile(file, nil, 0o644)
	blocked := filepath.Join(dir, "blocked")
	os.MkdirAll(filepath.Join(blocked, "truth.json"), 0o755)
	for out, want := range map[string]string{filepath.Join(file, "dir"): file + ": not a directory", blocked: "truth.json is a directory"} {
		code, stdout, errOut := hull(t, "synth", "lda", "--docs", "10", "-o", out)
		if code != exitBadInput || stdout != "" || !strings.Contains(errOut, want) {
			t.Errorf("-o %s: exit %d, stdout %q, stderr %q; want exit 2 and %q", out, code, stdout, errOut, want)
		}
	}
}

func TestSynthHelpPerKind(t *testing.T) {
	for kind, want := range map[string]string{
		"lda": "--alpha", "separable": "--style", "ke": "--pure-fraction", "dominant": "--catchwords-per-topic",
		"correlated": "--groups", "swimmer": "--shared-topic", "semi": "--model",
	} {
		code, out, _ := hull(t, "synth", kind, "--help")
		if code != 0 || !strings.Contains(out, want) || !strings.Contains(out, "--seed") || !strings.Contains(out, "-o, --output") {
			t.Errorf("synth %s --help: exit %d, output lacks %s:\n%s", kind, code, want, out)
		}
	}
}
