package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/model"
)

// -o naming a file the command reads (the corpus, its vocabulary, the
// model) is refused before any work, with exit 2, and the file is left as
// it was: it was replaced by the output with exit 0.
func TestOutputThatIsAnInputIsRefused(t *testing.T) {
	dir := synthCorpus(t, "separable", "-k", "3", "--vocab-size", "60", "--docs", "200", "--doc-length", "30", "--seed", "1")
	docword, vocab := filepath.Join(dir, "docword.txt"), filepath.Join(dir, "vocab.txt")
	modelPath, _ := fitIn(t, dir, "m.json", "-k", "3")
	link := filepath.Join(dir, "link.txt")
	os.Symlink(docword, link)
	truth, png := filepath.Join(dir, "truth.json"), filepath.Join(dir, "t.png")
	data, _ := os.ReadFile(truth)
	os.WriteFile(png, data, 0o644)
	labels := filepath.Join(dir, "labels.tsv")
	os.WriteFile(labels, []byte("1\tsport\n"), 0o644)
	for _, args := range [][]string{
		// These replaced their input with exit 0 (a directory output
		// holding the input, --model, --truth).
		{"corpus", "-q", docword, "--max-vocab", "10", "-o", dir},
		{"synth", "semi", "-q", "--model", truth, "--docs", "20", "-o", dir},
		{"plot", "topics-grid", modelPath, "--truth", png, "-o", png},
		{"fit", "-q", "-k", "3", docword, "-o", docword},
		{"fit", "-q", "-k", "3", docword, "-o", vocab},
		{"fit", "-q", "-k", "3", docword, "-o", link},
		{"infer", "-q", modelPath, docword, "-o", modelPath},
		{"report", "-q", modelPath, docword, "-o", docword},
		{"report", "-q", modelPath, docword, "--labels", labels, "-o", labels},
		{"export", "-q", "--to", "pyldavis", modelPath, docword, "-o", modelPath},
		{"stats", "-q", docword, "-o", docword},
	} {
		before := map[string][]byte{}
		for _, p := range []string{docword, vocab, modelPath, truth, png, labels} {
			before[p], _ = os.ReadFile(p)
		}
		code, _, errOut := hull(t, args...)
		if code != 2 || !strings.Contains(errOut, "also an input") {
			t.Errorf("%v: exit %d, %q; want 2 and the input named", args[:2], code, errOut)
		}
		for p, b := range before {
			if now, _ := os.ReadFile(p); string(now) != string(b) {
				t.Errorf("%v: %s changed", args[:2], filepath.Base(p))
			}
		}
	}
}

// An output inside a directory the command reads is refused before any
// work, with exit 2: the next run read it as a document (a model file, a
// doc-topics table) and replaced it.
func TestOutputInsideAnInputDirIsRefused(t *testing.T) {
	dir := t.TempDir()
	for i := range 20 {
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("d%d.txt", i)), []byte("apple banana cherry apple date"), 0o644)
	}
	model := filepath.Join(t.TempDir(), "m.json")
	if code, _, errOut := hull(t, "fit", "-q", "-k", "2", dir, "-o", model); code != 0 {
		t.Fatal(errOut)
	}
	for _, args := range [][]string{
		{"fit", "-q", "-k", "2", dir, "-o", filepath.Join(dir, "m.json")},
		{"infer", "-q", model, dir, "-o", filepath.Join(dir, "sub", "..", "mix.tsv")},
		{"corpus", "-q", dir, "-o", filepath.Join(dir, "out")},
	} {
		code, _, errOut := hull(t, args...)
		if code != 2 || !strings.Contains(errOut, "inside an input directory") {
			t.Errorf("%v: exit %d, %q; want 2 and the directory named", args[:2], code, errOut)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 20 {
		t.Errorf("the input directory holds %d entries, want its 20 documents", len(entries))
	}
}

// Raw-text flags on an input hull does not tokenize (a UCI corpus) are
// refused, naming them: they silently did nothing. --stopwords of a file
// that does not exist is refused too.
func TestRawTextFlagsOnNumericInput(t *testing.T) {
	dir := synthCorpus(t, "separable", "-k", "3", "--vocab-size", "60", "--docs", "200", "--doc-length", "30", "--seed", "1")
	docword := filepath.Join(dir, "docword.txt")
	if code, _, errOut := hull(t, "fit", "-q", "-k", "3", docword, "--stopwords", filepath.Join(dir, "missing.txt")); code != 2 || !strings.Contains(errOut, "--stopwords "+filepath.Join(dir, "missing.txt")+": no such file") {
		t.Errorf("--stopwords missing.txt: exit %d, %q; want 2 naming --stopwords", code, errOut)
	}
	for _, flags := range [][]string{{"--stem"}, {"--drop-junk", "--min-length", "3"}} {
		args := append([]string{"fit", "-q", "-k", "3", docword}, flags...)
		code, _, errOut := hull(t, args...)
		if code != 2 || !strings.Contains(errOut, flags[0]) || !strings.Contains(errOut, "this input is uci") {
			t.Errorf("%v: exit %d, %q; want 2 naming %s", flags, code, errOut, flags[0])
		}
	}
	model := filepath.Join(dir, "m.json")
	if code, _, errOut := hull(t, "fit", "-q", "-k", "3", docword, "-o", model); code != 0 {
		t.Fatal(errOut)
	}
	if code, _, errOut := hull(t, "infer", "-q", "--stem", model, docword); code != 2 || !strings.Contains(errOut, "--stem") {
		t.Errorf("infer --stem: exit %d, %q", code, errOut)
	}
}

// --stopwords drops the listed words from an input already tokenized (its
// stop words, such as SLA's "have been these", were out of reach), matched
// as the tokenizer matches (lowercased); the model records them, and infer
// on the same input drops them as words the model does not know.
func TestStopWordsOnNumericInput(t *testing.T) {
	dir := synthCorpus(t, "separable", "-k", "3", "--vocab-size", "60", "--docs", "200", "--doc-length", "30", "--seed", "1")
	docword := filepath.Join(dir, "docword.txt")
	vocab, err := os.ReadFile(filepath.Join(dir, "vocab.txt"))
	if err != nil {
		t.Fatal(err)
	}
	words := strings.Fields(string(vocab))
	stop := filepath.Join(t.TempDir(), "stop.txt")
	os.WriteFile(stop, []byte("# two words of the vocabulary and one not in it\n"+strings.ToUpper(words[0])+"\n"+words[5]+"\nnotaword\n"), 0o644)
	out := filepath.Join(t.TempDir(), "m.json")
	code, _, errOut := hull(t, "fit", "-k", "3", docword, "--stopwords", stop, "-o", out)
	if code != 0 || !strings.Contains(errOut, "dropped 2 words: 2 stop words") {
		t.Fatalf("exit %d, stderr %q; want 2 stop words dropped", code, errOut)
	}
	m, err := model.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(m.Vocab, words[0]) || slices.Contains(m.Vocab, words[5]) || len(m.Vocab) != len(words)-2 {
		t.Errorf("the model's vocabulary holds %d words (stop words kept?), want %d", len(m.Vocab), len(words)-2)
	}
	if p := m.Provenance.Preprocessing; p == nil || p.Prune == nil || len(p.Prune.StopWords) != 2 {
		t.Errorf("the model's preprocessing record %+v lacks the 2 stop words", p)
	}
	if code, _, errOut := hull(t, "infer", out, docword); code != 0 || !strings.Contains(errOut, "2 of 60 words unknown") {
		t.Errorf("infer: exit %d, stderr %q; want the stop words unknown", code, errOut)
	}
}

// -o - is refused, naming the way to standard output: it wrote a file
// named "-", while INPUT - is standard input.
func TestOutputDashRefused(t *testing.T) {
	dir := synthCorpus(t, "separable", "-k", "3", "--vocab-size", "60", "--docs", "200", "--doc-length", "30", "--seed", "1")
	modelPath, _ := fitIn(t, dir, "m.json", "-k", "3")
	t.Chdir(dir)
	for _, args := range [][]string{
		{"fit", "-q", "-k", "3", "docword.txt", "-o", "-"},
		{"infer", "-q", modelPath, "docword.txt", "-o", "-"},
	} {
		code, _, errOut := hull(t, args...)
		if code != 2 || !strings.Contains(errOut, `hull writes no file named "-"`) {
			t.Errorf("%v: exit %d, %q; want 2", args[:1], code, errOut)
		}
		if _, err := os.Stat("-"); err == nil {
			t.Errorf("%v wrote a file named -", args[:1])
		}
	}
}

// TestOutputBesideRawTextInput: "hull corpus notes.txt -o ." runs again:
// a raw-text input (or standard input) reads no vocabulary beside it, so
// the vocab.txt the first run wrote is no input of the second, which
// refused to replace it. A numeric input still protects its vocabulary,
// and so does --format naming a numeric format.
func TestOutputBesideRawTextInput(t *testing.T) {
	dir := t.TempDir()
	notes := filepath.Join(dir, "notes.txt")
	os.WriteFile(notes, []byte("hello world foo\nbar baz hello\n"), 0o644)
	t.Chdir(dir)
	for i := range 2 {
		if code, _, errOut := hull(t, "corpus", "-q", "--no-prune", "notes.txt", "-o", "."); code != 0 {
			t.Fatalf("run %d: exit %d: %s", i+1, code, errOut)
		}
	}
	stdinFrom(t, notes)
	if code, _, errOut := hull(t, "corpus", "-q", "--no-prune", "-", "-o", "."); code != 0 {
		t.Fatalf("standard input: exit %d: %s", code, errOut)
	}
	nums := filepath.Join(dir, "nums.txt")
	os.WriteFile(nums, []byte("1 2 3\n2 5 1\n"), 0o644)
	for _, args := range [][]string{
		{"corpus", "-q", "nums.txt", "-o", "."},
		{"corpus", "-q", "--format", "triplet", "notes.txt", "-o", "."},
	} {
		if code, _, errOut := hull(t, args...); code != 2 || !strings.Contains(errOut, "vocab.txt: it is also an input") {
			t.Errorf("%v: exit %d, %q; want 2 and vocab.txt named", args, code, errOut)
		}
	}
}

// TestOutputBesideSavedInput: the ids and the preparation record read
// beside a data file hull corpus wrote are inputs too, which -o must not
// replace (with another --vocab, nothing protected them).
func TestOutputBesideSavedInput(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	os.WriteFile("notes.txt", []byte("hello world foo\nbar baz hello\n"), 0o644)
	if code, _, errOut := hull(t, "corpus", "-q", "--no-prune", "notes.txt", "-o", "saved"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	words, _ := os.ReadFile(filepath.Join("saved", "vocab.txt"))
	os.WriteFile("words.txt", words, 0o644)
	code, _, errOut := hull(t, "corpus", "-q", "saved/docword.txt", "--vocab", "words.txt", "--to", "ldac", "-o", "saved")
	if code != 2 || !strings.Contains(errOut, "docids.txt: it is also an input") {
		t.Errorf("exit %d, %q; want 2 and docids.txt named", code, errOut)
	}
}
