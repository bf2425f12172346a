//go:build unix

package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hulltopics/hull/model"
)

// hullChild starts this test binary as "hull ARGS" (see TestMain), with
// hull's own main: its signal handling included.
func hullChild(args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), childEnv)
	return cmd
}

// noTemps fails if dir holds a temporary file of the atomic writer.
func noTemps(t *testing.T, dir string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), "-tmp-") || strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

// TestFitOutputPaths (issue 15 item 1): -o writes through a symbolic link
// to its target, keeps a 0600 file 0600, and refuses a directory, a FIFO
// and a device node (exit 2, before the fit), leaving them as they were.
func TestFitOutputPaths(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.json")
	os.WriteFile(real, []byte("{}"), 0o600)
	link := filepath.Join(dir, "link.json")
	os.Symlink("real.json", link)
	if code, _, errOut := hull(t, "fit", "-q", "-o", link); code != 0 {
		t.Fatalf("through a link: exit %d: %s", code, errOut)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", fi.Mode(), err)
	}
	if fi, err := os.Stat(real); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the target: mode %v, %v; want 0600 kept", fi.Mode(), err)
	}
	if _, err := model.Load(real); err != nil {
		t.Errorf("the target holds no model: %v", err)
	}

	special := map[string]string{"adir": "directory"}
	os.Mkdir(filepath.Join(dir, "adir"), 0o755)
	if syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644) == nil {
		special["fifo"] = "named pipe"
	}
	// A node of /dev/null's device (1, 3), where allowed (root).
	if syscall.Mknod(filepath.Join(dir, "null"), syscall.S_IFCHR|0o666, 1<<8|3) == nil {
		special["null"] = "character device"
	}
	for name, kind := range special {
		path := filepath.Join(dir, name)
		before, _ := os.Lstat(path)
		code, out, errOut := hull(t, "fit", "-o", path)
		if code != exitBadInput || !strings.Contains(errOut, kind) || !strings.Contains(errOut, path) || out != "" {
			t.Errorf("-o %s: exit %d, stderr %q, stdout %d bytes; want exit 2 before the fit, naming a %s", name, code, errOut, len(out), kind)
		}
		if after, err := os.Lstat(path); err != nil || after.Mode() != before.Mode() {
			t.Errorf("-o %s: now %v (%v), was %v", name, after.Mode(), err, before.Mode())
		}
	}
	noTemps(t, dir)
}

// TestFitSavesBeforeClosedStdout (issue 15 item 6): "hull fit -o M | head"
// saves the model although the reader has gone before the first topic
// (once killed by SIGPIPE, exit 141, and no model): exit 1, with a message.
func TestFitSavesBeforeClosedStdout(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "m.json")
	cmd := hullChild("fit", "-q", "-o", path)
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close() // the reader is gone before hull writes
	cmd.Stdout = w
	var errb strings.Builder
	cmd.Stderr = &errb
	err = cmd.Run()
	w.Close()
	if code := cmd.ProcessState.ExitCode(); code != exitFailure || !strings.Contains(errb.String(), "hull: writing output:") {
		t.Errorf("exit %d (%v), stderr %q; want 1 and a message", code, err, errb.String())
	}
	if _, err := model.Load(path); err != nil {
		t.Errorf("the model was lost: %v", err)
	}
	noTemps(t, dir)
}

// failingWriter fails every write, as a full disk does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// TestStdoutWriteErrorExitsOne (issue 15 item 11): a failed write to
// stdout ("> /dev/full") is an environment failure, exit 1 with
// "writing output", for text and JSON output alike.
func TestStdoutWriteErrorExitsOne(t *testing.T) {
	dir := t.TempDir()
	m := filepath.Join(dir, "m.json")
	if code, _, errOut := hull(t, "fit", "-q", "-o", m); code != 0 {
		t.Fatalf("fit: exit %d: %s", code, errOut)
	}
	for _, args := range [][]string{
		{"topics", m},
		{"topics", m, "--json"},
		{"eval", m, "--json"},
		{"eval", m},
		{"version"},
	} {
		var errb strings.Builder
		code := run(t.Context(), args, failingWriter{}, &errb)
		if code != exitFailure || !strings.Contains(errb.String(), "hull: writing output: "+syscall.ENOSPC.Error()) {
			t.Errorf("%v: exit %d, stderr %q; want 1, writing output", args, code, errb.String())
		}
	}
}

// TestSIGTERMStopsCleanly (issue 15 item 12): SIGTERM stops a fit like
// Ctrl-C (exit 143, a message, no model and no temporary file) instead of
// killing it.
func TestSIGTERMStopsCleanly(t *testing.T) {
	needData(t, kos)
	dir := t.TempDir()
	path := filepath.Join(dir, "m.json")
	cmd := hullChild("fit", "-k", "20", kos, "-o", path)
	// Once the corpus is read, the fit has begun.
	code, log := signalWhen(t, cmd, func(line string) bool { return strings.HasPrefix(line, "corpus:") }, syscall.SIGTERM)
	if code != 128+int(syscall.SIGTERM) || !strings.Contains(log, "hull: interrupted by signal: terminated") {
		t.Errorf("exit %d, stderr:\n%s\nwant 143 and a message", code, log)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a model was written: %v", err)
	}
	noTemps(t, dir)
}

// TestFitChecksOutputFirst (issue 15 item 16): an -o in a missing
// directory is reported before the input is read (here, before its own
// error), naming -o and not a temporary file.
func TestFitChecksOutputFirst(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "nodir", "m.json")
	code, _, errOut := hull(t, "fit", "-k", "3", filepath.Join(dir, "missing-input.txt"), "-o", out)
	if code != exitBadInput || !strings.Contains(errOut, "-o: "+out+": no such directory") || strings.Contains(errOut, "missing-input") || strings.Contains(errOut, "hull-tmp") {
		t.Errorf("exit %d, stderr %q; want exit 2 about -o only", code, errOut)
	}
}

// TestEvalTruthDigest (issue 15 item 7): a truth of another corpus than
// the model's (a synth directory written over halfway) is refused, with
// both digests and the way out; --ignore-digest scores it; the common
// synth, fit, eval path passes.
func TestEvalTruthDigest(t *testing.T) {
	a := synthCorpus(t, "lda", "-k", "3", "--docs", "300", "--vocab-size", "200", "--seed", "1")
	b := synthCorpus(t, "lda", "-k", "3", "--docs", "300", "--vocab-size", "200", "--seed", "2")
	for _, f := range []string{"docword.txt", "vocab.txt"} { // a's truth beside b's corpus
		data, _ := os.ReadFile(filepath.Join(b, f))
		os.WriteFile(filepath.Join(a, f), data, 0o644)
	}
	mixed, m := fitIn(t, a, "m.json", "-k", "3")
	truth, err := model.Load(filepath.Join(a, "truth.json"))
	if err != nil {
		t.Fatal(err)
	}
	code, _, errOut := hull(t, "eval", mixed, "--truth", filepath.Join(a, "truth.json"))
	if code != exitBadInput || !strings.Contains(errOut, truth.Provenance.InputDigest) || !strings.Contains(errOut, m.Provenance.InputDigest) ||
		!strings.Contains(errOut, "--ignore-digest") || !strings.Contains(errOut, "Pruning") {
		t.Errorf("mixed set: exit %d, stderr %q; want exit 2 with both digests", code, errOut)
	}
	if code, _, errOut := hull(t, "eval", mixed, "--truth", filepath.Join(a, "truth.json"), "--ignore-digest", "--json"); code != 0 {
		t.Errorf("--ignore-digest: exit %d: %s", code, errOut)
	}
	good, _ := fitIn(t, b, "m.json", "-k", "3")
	if code, _, errOut := hull(t, "eval", good, "--truth", filepath.Join(b, "truth.json"), "--json"); code != 0 || errOut != "" {
		t.Errorf("synth, fit, eval: exit %d: %s", code, errOut)
	}
}

// TestBenchInterrupted: SIGINT during "hull bench" stops it as an
// interruption (exit 130 and hull's message), not as a failed fit: the
// child fit is interrupted too, and its failure is not the news.
func TestBenchInterrupted(t *testing.T) {
	needData(t, kos)
	cmd := hullChild("bench", "--algos", "anchor,gibbs", "-k", "20", "--repeat", "3", kos)
	// Once the second run is announced, a child fit runs.
	code, log := signalWhen(t, cmd, func(line string) bool { return strings.HasPrefix(line, "bench: anchor, run 2") }, os.Interrupt)
	if code != 130 || !strings.Contains(log, "hull: interrupted by signal: interrupt") || strings.Contains(log, "failed") {
		t.Errorf("exit %d, stderr:\n%s\nwant 130 and the interruption only", code, log)
	}
}

// signalWhen starts cmd, sends it sig once a line of its stderr is ready,
// and returns its exit status and all its stderr; it fails t if cmd has
// not exited within 60 s of the signal.
func signalWhen(t *testing.T, cmd *exec.Cmd, ready func(line string) bool, sig os.Signal) (int, string) {
	t.Helper()
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	sc := bufio.NewScanner(stderr)
	for sc.Scan() {
		fmt.Fprintln(&log, sc.Text())
		if ready(sc.Text()) {
			break
		}
	}
	cmd.Process.Signal(sig)
	for sc.Scan() {
		fmt.Fprintln(&log, sc.Text())
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("no exit within 60 s of %v", sig)
	}
	return cmd.ProcessState.ExitCode(), log.String()
}

// A signalled command that does not stop (here blocked opening a FIFO that
// no one writes) is ended stopGrace later with the signal's status; the
// first SIGTERM used to be ignored until a second one came.
func TestSIGTERMEndsABlockedCommand(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFO here:", err)
	}
	cmd := hullChild("fit", "-q", "-k", "2", fifo)
	var errOut strings.Builder
	cmd.Stderr = &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGTERM)
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	select {
	case <-waited:
	case <-time.After(stopGrace + 20*time.Second):
		cmd.Process.Kill()
		t.Fatal("hull was still running after SIGTERM")
	}
	if code := cmd.ProcessState.ExitCode(); code != 128+int(syscall.SIGTERM) || !strings.Contains(errOut.String(), "did not stop within") {
		t.Errorf("exit %d, stderr %q; want 143 and a message", code, errOut.String())
	}
}

// SIGINT while synth generates (a minute and more here) stops it at once
// (exit 130 and hull's message, not the forced exit after stopGrace), and
// the directory it made for the output is removed: it was left behind,
// empty, after the forced exit.
func TestSynthInterrupted(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a long generation")
	}
	parent := filepath.Join(t.TempDir(), "new")
	cmd := hullChild("synth", "ke", "--docs", "300000", "-o", filepath.Join(parent, "d"))
	var errOut strings.Builder
	cmd.Stderr = &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond) // generating: it writes nothing before it is done
	cmd.Process.Signal(os.Interrupt)
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 130 || !strings.Contains(errOut.String(), "hull: interrupted by signal: interrupt") || strings.Contains(errOut.String(), "did not stop") {
		t.Errorf("exit %d, stderr %q; want 130 and the interruption", code, errOut.String())
	}
	if _, err := os.Stat(parent); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the output's directory was left: %v", err)
	}
}
