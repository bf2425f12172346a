package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// hostileName is a file name that, printed raw, would set the terminal's
// title, colour the text and forge a line of hull's own.
const hostileName = "x\x1b]0;T\a\n\thull: forged \x1b[31m\u202e"

// rawControl returns the first rune of s that no terminal should get from
// a file name: a control character other than the line feed ending a
// line and the tab of a table, or a bidirectional override.
func rawControl(s string) (rune, bool) {
	for _, line := range strings.SplitAfter(s, "\n") {
		for _, r := range strings.TrimSuffix(line, "\n") {
			if r < ' ' && r != '\t' || r == 0x7f || r == '\u202e' {
				return r, true
			}
		}
	}
	return 0, false
}

// File names quoted in errors and notes are escaped: no terminal control
// reaches stdout or stderr, and a line break or tab in a name cannot
// forge a line. Each command once printed the name raw.
func TestFileNamesEscaped(t *testing.T) {
	dir := synthCorpus(t, "lda", "-k", "3", "--vocab-size", "100", "--docs", "200", "--doc-length", "40")
	modelPath, _ := fitIn(t, dir, "m.json", "-k", "3")
	hostile := filepath.Join(t.TempDir(), hostileName)
	if err := os.Mkdir(hostile, 0o755); err != nil {
		t.Fatal(err)
	}
	// A document with words the model does not know: infer notes the
	// input's name as it aligns it.
	text := filepath.Join(hostile, "doc.txt")
	if err := os.WriteFile(text, []byte("w1 w2 unknown words here\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	labels := filepath.Join(hostile, "labels.tsv")
	if err := os.WriteFile(labels, []byte("1\ta\n2\tb\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	truth := filepath.Join(hostile, "truth.json")
	data, err := os.ReadFile(filepath.Join(dir, "truth.json"))
	if err != nil {
		t.Fatal(err)
	}
	// Without its digest: eval notes that it cannot check the truth's
	// corpus, naming the file.
	if err := os.WriteFile(truth, []byte(strings.Replace(string(data), `"input_digest"`, `"no_digest"`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"fit", "-k", "2", filepath.Join(hostile, "missing.txt")},
		{"infer", modelPath, "--format", "lines", text},
		{"eval", modelPath, "--truth", truth},
		{"report", modelPath, "-o", filepath.Join(hostile, "r.html")},
		{"synth", "lda", "-k", "2", "--vocab-size", "50", "--docs", "20", "-o", filepath.Join(hostile, "synth")},
		{"bench", "--algos", "anchor", "-k", "3", "--repeat", "1", filepath.Join(dir, "docword.txt"), "--labels", labels},
	} {
		_, out, errOut := hull(t, args...)
		for name, s := range map[string]string{"stdout": out, "stderr": errOut} {
			if r, bad := rawControl(s); bad {
				t.Errorf("%s %s holds %U:\n%q", args[0], name, r, s)
			}
			if strings.Contains(s, "\nhull: forged") {
				t.Errorf("%s %s has a forged line:\n%s", args[0], name, s)
			}
		}
		if !strings.Contains(out+errOut, `x\x1b]0;T\a\n\thull: forged \x1b[31m\u202e`) {
			t.Errorf("%s: the file name is not named, escaped:\nstdout %q\nstderr %q", args[0], out, errOut)
		}
	}
}

// The command line that synth prints to regenerate its output quotes an
// output name holding control characters in $'...', which a shell reads
// back as the name.
func TestShellQuote(t *testing.T) {
	for in, want := range map[string]string{
		"out/dir":   "out/dir",
		"my dir":    "'my dir'",
		"it's":      `'it'\''s'`,
		"":          "''",
		"a\nb":      `$'a\nb'`,
		"x\x1b'\\y": `$'x\x1b\'\\y'`,
		"rl\u202e":  `$'rl\u202e'`,
	} {
		if got := shellQuote(in); got != want {
			t.Errorf("shellQuote(%q) = %s, want %s", in, got, want)
		}
	}
}

// An id that the output format cannot hold is bad input (exit 2, it exited
// 1 as a failed write), and the output directory is not left behind.
func TestCorpusUnwritableID(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "c.jsonl")
	if err := os.WriteFile(in, []byte(`{"id": "a", "items": ["x", "y"]}`+"\n"+`{"id": "nl\n4", "items": ["x"]}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	code, _, errOut := hull(t, "corpus", "-q", in, "-o", out)
	if code != 2 || !strings.Contains(errOut, `document 2 id "nl\n4" holds a line break`) {
		t.Errorf("exit %d, stderr %q; want 2 and the id named", code, errOut)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("%s made: %v", out, err)
	}
	if code, _, errOut := hull(t, "corpus", "-q", in, "--to", "jsonl", "-o", out); code != 0 {
		t.Errorf("--to jsonl: exit %d: %s", code, errOut)
	}
}
