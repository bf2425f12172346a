package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNumericGarbageIsNotText reads the files of issue 15's item 2: a
// numeric file whose first line is malformed was read as raw text with
// exit 0, --vocab ignored and the "words" digit strings. Now detection
// looks at several lines and reads it as the numeric format of the
// others, whose reader reports the bad line, saying what was detected;
// --vocab with text is an error; a single malformed LDA-C line gets its
// line number.
func TestNumericGarbageIsNotText(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	vocab := write("V", "a\nb\nc\nd\ne\n")
	garbage := write("t.txt", "10 20 30 40\n89 26 6\n98 57 9\n")
	text := write("x.txt", "the cat sat\non the mat\nand left\n")
	one := write("one.dat", "2 0:1 x\n")
	expectBadInput(t, []badInput{
		{"numeric garbage with --vocab", []string{"fit", "-q", "-k", "3", garbage, "--vocab", vocab},
			`t.txt:1: expected "docID wordID count", got "10 20 30 40" (format triplet, detected from the first 3 lines; --format sets it)`},
		{"numeric garbage without --vocab", []string{"fit", "-q", "-k", "3", garbage}, "format triplet, detected"},
		{"text with --vocab", []string{"fit", "-q", "-k", "2", text, "--vocab", vocab},
			"--vocab is set, but the input reads as text (format lines, detected from the first 3 lines; --format sets it)"},
		{"text format with --vocab", []string{"fit", "-q", "-k", "2", text, "--format", "lines", "--vocab", vocab}, "--vocab is set, but format lines is text"},
		{"one LDA-C line", []string{"fit", "-q", "-k", "2", one, "--vocab", vocab}, `one.dat:1: expected id:count, got "x" (format ldac, detected from the first line`},
	})
	// What was detected is said on stderr when the reading succeeds too.
	good := write("g.txt", "1 1 2\n2 3 1\n3 5 4\n3 2 1\n")
	code, _, errOut := hull(t, "fit", "-k", "2", good, "--vocab", vocab)
	if code != 0 || !strings.Contains(errOut, "g.txt: format triplet (detected from the first 4 lines)") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

// TestInputFlagsCheckedFirst: the pruning flags are refused before the
// input is read (the input here does not exist), by their names.
func TestInputFlagsCheckedFirst(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.txt")
	expectBadInput(t, []badInput{
		{"min-df", []string{"fit", "-k", "2", missing, "--min-df", "-1"}, "--min-df -1"},
		{"max-df", []string{"fit", "-k", "2", missing, "--max-df", "1.5"}, "--max-df 1.5"},
		{"max-df NaN", []string{"fit", "-k", "2", missing, "--max-df", "NaN"}, "--max-df NaN"},
		{"max-vocab", []string{"fit", "-k", "2", missing, "--max-vocab", "-2"}, "--max-vocab -2"},
		{"format", []string{"fit", "-k", "2", missing, "--format", "csv"}, `--format: unknown corpus format "csv"`},
	})
}

// TestStdinInput: INPUT "-" reads standard input, alone; numeric input
// there needs --vocab; bench, which reads INPUT once per fit, refuses it.
func TestStdinInput(t *testing.T) {
	dir := t.TempDir()
	withStdin := func(content string, args ...string) (int, string, string) {
		t.Helper()
		path := filepath.Join(dir, "stdin")
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		saved := os.Stdin
		os.Stdin = f
		defer func() { os.Stdin = saved }()
		return hull(t, args...)
	}
	lines := "apple banana cherry\napple durian cherry\nbanana egg fig\napple egg fig\n"
	code, out, errOut := withStdin(lines, "fit", "-q", "-k", "2", "--no-prune", "-")
	if code != 0 || strings.Count(out, "topic ") != 2 {
		t.Fatalf("fit -: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	expectBadInput(t, []badInput{
		{"- with another input", []string{"fit", "-k", "2", "-", filepath.Join(dir, "stdin")}, "INPUT -: standard input is read alone"},
		{"bench -", []string{"bench", "-k", "2", "-"}, "INPUT -: bench fits each algorithm in a process of its own"},
	})
	if code, _, errOut := withStdin("3\n2\n4\n1 1 2\n2 2 1\n3 1 1\n", "fit", "-q", "-k", "2", "-"); code != exitBadInput || !strings.Contains(errOut, "stdin: format uci needs a vocabulary: set --vocab FILE") {
		t.Errorf("uci on stdin without --vocab: exit %d, stderr %q", code, errOut)
	}
}
