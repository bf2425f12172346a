package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/model"
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
	write := func(name, content string) string { return writeFile(t, dir, name, content) }
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
		stdinFrom(t, path)
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

// stdinFrom makes standard input read the file path until the test ends.
func stdinFrom(t *testing.T, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	saved := os.Stdin
	os.Stdin = f
	t.Cleanup(func() { os.Stdin = saved; f.Close() })
}

// TestOutputIsStdinFile: -o naming the file standard input reads, INPUT
// being "-", is refused before the fit (the model replaced the corpus).
func TestOutputIsStdinFile(t *testing.T) {
	in := filepath.Join(t.TempDir(), "in.txt")
	corpus := "apple banana cherry\napple durian cherry\nbanana egg fig\napple egg fig\n"
	os.WriteFile(in, []byte(corpus), 0o644)
	stdinFrom(t, in)
	expectBadInput(t, []badInput{{"-o stdin's file", []string{"fit", "-q", "-k", "2", "--no-prune", "-", "-o", in}, "it is also an input"}})
	if got, _ := os.ReadFile(in); string(got) != corpus {
		t.Errorf("the input became %q", got)
	}
}

// TestStopWordsReachItems: --stopwords drops its words from the "items"
// documents of a JSON-lines file that has "text" lines too, as the model
// records (they were kept).
func TestStopWordsReachItems(t *testing.T) {
	dir := t.TempDir()
	mixed, items := filepath.Join(dir, "mixed.jsonl"), filepath.Join(dir, "items.jsonl")
	os.WriteFile(mixed, []byte(`{"id":1,"items":["apple","pear","plum"]}`+"\n"+`{"id":2,"text":"apple pear fig plum"}`+"\n"+
		`{"id":3,"items":["apple","fig","kiwi"]}`+"\n"+`{"id":4,"items":["kiwi","plum"]}`+"\n"), 0o644)
	os.WriteFile(items, []byte(`{"id":1,"items":["apple","pear","plum"]}`+"\n"+`{"id":2,"items":["Apple","pear","fig","plum"]}`+"\n"+
		`{"id":3,"items":["apple","fig","kiwi"]}`+"\n"+`{"id":4,"items":["kiwi","plum"]}`+"\n"), 0o644)
	stop := filepath.Join(dir, "sw.txt")
	os.WriteFile(stop, []byte("apple\n"), 0o644)
	for in, dropped := range map[string][]string{mixed: {"apple"}, items: {"apple", "Apple"}} {
		m := fitModel(t, in, "--stopwords", stop)
		if slices.Contains(m.Vocab, "apple") || slices.Contains(m.Vocab, "Apple") {
			t.Errorf("%s: vocabulary %q keeps the stop word", in, m.Vocab)
		}
		// The record says what was dropped (a file of items alone lost it).
		if p := m.Provenance.Preprocessing; p == nil || p.Prune == nil || !slices.Equal(p.Prune.StopWords, dropped) {
			t.Errorf("%s: preprocessing %v, want the pruning's stop words %q", in, p, dropped)
		}
	}
}

// TestStopWordsFileNames: a --stopwords file name is one file, commas and
// quotes included (it was split as CSV), and the flag repeats.
func TestStopWordsFileNames(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	os.WriteFile(in, []byte("apple banana cherry\napple durian cherry\nbanana egg fig\napple egg fig\n"), 0o644)
	stop, more := filepath.Join(dir, "my,stops.txt"), filepath.Join(dir, `"q".txt`)
	os.WriteFile(stop, []byte("apple\n"), 0o644)
	os.WriteFile(more, []byte("fig\n"), 0o644)
	if vocab := fitVocab(t, in, "--no-prune", "--stopwords", stop, "--stopwords", more); slices.Contains(vocab, "apple") || slices.Contains(vocab, "fig") {
		t.Errorf("vocabulary %q keeps a stop word", vocab)
	}
}

// fitVocab fits 2 topics to in with the flags and returns the model's
// vocabulary.
func fitVocab(t *testing.T, in string, flags ...string) []string {
	return fitModel(t, in, flags...).Vocab
}

// fitModel fits 2 topics to in with the flags and returns the model.
func fitModel(t *testing.T, in string, flags ...string) *model.Model {
	t.Helper()
	out := filepath.Join(t.TempDir(), "m.json")
	if code, _, errOut := hull(t, append([]string{"fit", "-q", "-k", "2", in, "-o", out}, flags...)...); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	m, err := model.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestInputFlagConflicts: flags that contradict each other or change
// nothing are refused before the read (the input does not exist).
func TestInputFlagConflicts(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.txt")
	expectBadInput(t, []badInput{
		{"--drop-junk's limit", []string{"fit", "-k", "2", missing, "--drop-junk", "--min-length", "30"}, "--min-length 30 is above the 25 characters --drop-junk keeps at most"},
		{"--strict --encoding", []string{"fit", "-k", "2", missing, "--strict", "--encoding", "utf-8"}, "--strict, --encoding utf-8"},
		{"--strict --encoding latin1", []string{"fit", "-k", "2", missing, "--strict", "--encoding", "latin1"}, "give one of the two"},
	})
	// Both are fine where they do not clash.
	for _, args := range [][]string{{"--drop-junk", "--min-length", "30", "--max-token-length", "40"}, {"--strict", "--encoding", "auto"}} {
		if code, _, errOut := hull(t, append([]string{"fit", "-k", "2", missing}, args...)...); !strings.Contains(errOut, "no such file") {
			t.Errorf("%v: exit %d, %q; want the missing input reported", args, code, errOut)
		}
	}
}

// TestReadErrorsInCLIWords: hull's read errors speak of its flags and
// name no Go API: a statistics file as INPUT (the library names
// cooc.LoadStats), format dir on standard input (it said "use ReadFile"),
// and a strict read of a detected format names every bad line (it named
// the first, blaming the format).
func TestReadErrorsInCLIWords(t *testing.T) {
	dir := t.TempDir()
	stats := filepath.Join(dir, "c.stats")
	os.WriteFile(stats, []byte("hull-stats 1\n{}\n"), 0o644)
	l2 := filepath.Join(dir, "l2.txt")
	os.WriteFile(l2, []byte("caf\xe9 x\n\xe9t\xe9 y\ngood line z\n"), 0o644)
	expectBadInput(t, []badInput{
		{"stats as INPUT", []string{"fit", "-q", "-k", "2", stats}, "not documents: give it to hull fit with --stats"},
		{"strict, detected", []string{"fit", "-q", "-k", "2", l2, "--no-prune", "--strict"}, "l2.txt: 2 of 3 lines are not valid UTF-8 (--strict)"},
	})
	stdinFrom(t, l2)
	code, _, errOut := hull(t, "fit", "-q", "-k", "2", "-", "--format", "dir")
	if code != exitBadInput || !strings.Contains(errOut, `stdin: format "dir" needs a directory path, not a stream`) {
		t.Errorf("--format dir on stdin: exit %d, %q", code, errOut)
	}
}
