package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/hulltopics/hull/model"
)

// TestMain lets "hull bench" and the tests of signals re-execute this test
// binary as "hull": a child started with childEnv runs hull's main instead
// of the tests.
func TestMain(m *testing.M) {
	if os.Getenv(strings.SplitN(childEnv, "=", 2)[0]) == "1" {
		os.Exit(hullMain())
	}
	os.Exit(m.Run())
}

// hull runs the command in-process and returns its exit status, stdout and
// stderr.
func hull(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, &out, &errb)
	return code, out.String(), errb.String()
}

const kos = "../../../shared/data/kos/docword.kos.txt.gz"

// synthCorpus runs "hull synth ARGS -o DIR" into a new temporary
// directory and returns DIR.
func synthCorpus(t *testing.T, args ...string) string {
	t.Helper()
	dir := t.TempDir()
	if code, _, errOut := hull(t, append(append([]string{"synth"}, args...), "-o", dir)...); code != 0 {
		t.Fatalf("synth %v: exit %d: %s", args, code, errOut)
	}
	return dir
}

// fitIn runs "hull fit -q DIR/docword.txt -o DIR/NAME ARGS" and returns
// the model's path and the model.
func fitIn(t *testing.T, dir, name string, args ...string) (string, *model.Model) {
	t.Helper()
	path := filepath.Join(dir, name)
	args = append([]string{"fit", "-q", filepath.Join(dir, "docword.txt"), "-o", path}, args...)
	if code, _, errOut := hull(t, args...); code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errOut)
	}
	m, err := model.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, m
}

// badInput is a command line that must exit with status 2 and say want on
// stderr.
type badInput struct {
	name string
	args []string
	want string
}

// expectBadInput runs every case and reports those that do not exit 2 with
// their want in stderr.
func expectBadInput(t *testing.T, cases []badInput) {
	t.Helper()
	for _, tc := range cases {
		code, _, errOut := hull(t, tc.args...)
		if code != exitBadInput || !strings.Contains(errOut, tc.want) {
			t.Errorf("%s: exit %d, stderr %q; want exit 2 mentioning %q", tc.name, code, errOut, tc.want)
		}
	}
}

func needData(t *testing.T, path string) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		t.Skipf("shared data not present: %v", err)
	}
}

func TestFitDemoRecoversPlantedThemes(t *testing.T) {
	code, out, errOut := hull(t, "fit", "--quiet")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if n := strings.Count(out, "topic "); n < 10 {
		t.Fatalf("want 10 topics printed, got output:\n%s", out)
	}
	m := regexp.MustCompile(`mean l1 ([0-9.]+), max l1 ([0-9.]+)`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no recovery summary in output:\n%s", out)
	}
	mean, _ := strconv.ParseFloat(m[1], 64)
	if mean > 0.3 {
		t.Errorf("demo mean l1 %.3f, want <= 0.3:\n%s", mean, out)
	}
	if !strings.Contains(out, "*") {
		t.Error("no anchor word marked")
	}
}

// expectSameModelForThreads fits "hull fit -q ARGS --threads N -o FILE"
// with N = 1 and N = 4 (FILE in dir) and fails unless the two models have
// bit-identical topics, parameters, anchors and topic weights.
func expectSameModelForThreads(t *testing.T, dir string, args ...string) {
	t.Helper()
	var models [][]byte
	for _, th := range []string{"1", "4"} {
		path := filepath.Join(dir, "threads"+th+".json.gz")
		fit := append([]string{"fit", "-q", "--threads", th, "-o", path}, args...)
		if code, _, errOut := hull(t, fit...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		m, err := model.Load(path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal([]any{m.Topics, m.Params, m.Anchors, m.TopicWeights})
		models = append(models, b)
	}
	if !bytes.Equal(models[0], models[1]) {
		t.Errorf("%v: model differs between --threads 1 and --threads 4", args)
	}
}

func TestFitDemoSameModelForAnyThreads(t *testing.T) {
	expectSameModelForThreads(t, t.TempDir())
}

func TestFitKOSAndTopicsJSON(t *testing.T) {
	needData(t, kos)
	path := filepath.Join(t.TempDir(), "kos.json")
	code, out, errOut := hull(t, "fit", "-k", "20", kos, "-o", path, "--top", "5")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if strings.Count(out, "\n") != 20 || !strings.Contains(errOut, "time:") {
		t.Fatalf("want 20 topic lines and stage times; stdout:\n%s\nstderr:\n%s", out, errOut)
	}
	code, out, errOut = hull(t, "topics", path, "--json", "--top", "7")
	if code != 0 {
		t.Fatalf("topics: exit %d: %s", code, errOut)
	}
	var got struct {
		K         int `json:"k"`
		VocabSize int `json:"vocab_size"`
		Topics    []struct {
			ID      int       `json:"id"`
			Words   []string  `json:"words"`
			Weights []float64 `json:"weights"`
		} `json:"topics"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("topics --json: %v\n%s", err, out)
	}
	if got.K != 20 || got.VocabSize != 6906 || len(got.Topics) != 20 {
		t.Fatalf("k %d, vocab_size %d, %d topics", got.K, got.VocabSize, len(got.Topics))
	}
	for i, tp := range got.Topics {
		if tp.ID != i || len(tp.Words) != 7 || len(tp.Weights) != 7 || tp.Weights[0] < tp.Weights[6] {
			t.Fatalf("topic %d malformed: %+v", i, tp)
		}
	}
}

func TestBadInputExitsTwoWithFileLine(t *testing.T) {
	dir := t.TempDir()
	vocab := filepath.Join(dir, "vocab.txt")
	os.WriteFile(vocab, []byte("apple\nbanana\ncherry\n"), 0o644)
	write := func(name, content string) string { return writeFile(t, dir, name, content) }
	good := write("good.txt", "2\n3\n4\n1 1 2\n1 2 1\n2 2 3\n2 3 1\n")
	cases := []badInput{
		{"negative count", []string{"fit", "-k", "2", "--vocab", vocab, write("neg.txt", "2\n3\n2\n1 1 2\n2 2 -1\n")}, "neg.txt:5:"},
		{"word id out of range", []string{"fit", "-k", "2", "--vocab", vocab, write("range.txt", "2\n3\n2\n1 1 2\n2 9 1\n")}, "range.txt:5:"},
		{"K too small", []string{"fit", "-k", "1", "--vocab", vocab, good}, "-k 1"},
		{"K not below V", []string{"fit", "-k", "3", "--vocab", vocab, good}, "K"},
		{"missing file", []string{"fit", "-k", "2", filepath.Join(dir, "nope.txt")}, "nope.txt"},
		{"unknown algorithm", []string{"fit", "--algo", "magic"}, "magic"},
		{"missing -k", []string{"fit", "--vocab", vocab, good}, "-k"},
		{"bad model file", []string{"topics", vocab}, "vocab.txt"},
	}
	expectBadInput(t, cases)
}

// TestUnwritableOutputLeavesNoFile: an output in a missing directory is
// the user's choice of path (exit 2), and leaves nothing.
func TestUnwritableOutputLeavesNoFile(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "missing-dir", "m.json")
	code, _, errOut := hull(t, "fit", "-q", "-o", out)
	if code != exitBadInput {
		t.Fatalf("exit %d (%s), want %d", code, errOut, exitBadInput)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatal("an output file was left behind")
	}
}

// TestVersion: "hull version" and "hull --version" print the same line.
func TestVersion(t *testing.T) {
	code, out, _ := hull(t, "version")
	if code != 0 || !strings.HasPrefix(out, "hull ") {
		t.Fatalf("exit %d, output %q", code, out)
	}
	if code, flag, _ := hull(t, "--version"); code != 0 || flag != out {
		t.Fatalf("--version: exit %d, output %q, want %q", code, flag, out)
	}
}

// A file the process may not read or write is a failure of the
// environment (exit 1), not bad input (it exited 2).
func TestExitStatus(t *testing.T) {
	denied := &fs.PathError{Op: "open", Path: "secret.txt", Err: fs.ErrPermission}
	for _, c := range []struct {
		err  error
		want int
	}{
		{denied, exitFailure},
		{fmt.Errorf("reading: %w", denied), exitFailure},
		{envError{errors.New("disk full")}, exitFailure},
		{fmt.Errorf("-o: %w", &fs.PathError{Op: "open", Path: "ro/x", Err: syscall.EROFS}), exitFailure},
		{context.Canceled, exitInterrupted},
		{errors.New("file.txt:3: not a number"), exitBadInput},
		{&fs.PathError{Op: "open", Path: "missing.txt", Err: fs.ErrNotExist}, exitBadInput},
	} {
		if got := exitStatus(c.err); got != c.want {
			t.Errorf("exitStatus(%v) = %d, want %d", c.err, got, c.want)
		}
	}
}
