package pipeline

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/memfs"
	"github.com/hulltopics/hull/cooc"
	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/atomicfile"
	"github.com/hulltopics/hull/internal/pipetest"
	"github.com/hulltopics/hull/text"
)

// TestStopWordsOfTokens: the stop-word files drop the words of an input
// that is tokens already (UCI), matched as hull matches them
// (lowercased), and the statistics are hull's to the digest, which covers
// the pruning's record of the words dropped.
func TestStopWordsOfTokens(t *testing.T) {
	dir := t.TempDir()
	vocab := words()[:60]
	vocab[3] = strings.ToUpper(vocab[3])
	writeFile(t, dir, "vocab.a.txt", strings.Join(vocab, "\n")+"\n")
	a := writeFile(t, dir, "docword.a.txt", uci(rand.New(rand.NewPCG(11, 12)), 120, 120, 60))
	stop := writeFile(t, dir, "stop.txt", strings.Join([]string{strings.ToLower(vocab[3]), vocab[7], vocab[20], "absent"}, "\n")+"\n")
	o := Options{Inputs: []string{a}, Output: filepath.Join(dir, "out.stats"), Text: text.Options{StopWordFiles: []string{stop}}}
	if err := run(t, o); err != nil {
		t.Fatal(err)
	}
	got, err := cooc.LoadStats(o.Output, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{vocab[3], vocab[7], vocab[20]} // hull fit's: the corpus's words that the tokenizer stops, in its order
	if p := got.Preprocessing; p == nil || p.Prune == nil || !slices.Equal(p.Prune.StopWords, want) {
		t.Fatalf("recorded pruning %v, want the stop words %q", got.Preprocessing, want)
	}
	ref := hullStats(t, []string{a}, corpus.ReadOptions{}, &corpus.PruneOptions{StopWords: want}, "")
	if got.Digest() != ref.Digest() {
		t.Errorf("pipeline: %d words, %s; hull: %d words, %s", len(got.Vocab), got.Preprocessing, len(ref.Vocab), ref.Preprocessing)
	}
}

// TestTextOptionsOfTokens: options only raw text uses, set for inputs
// that are tokens already, fail the run as bad input naming them: they
// would change nothing, as hull refuses its flags.
func TestTextOptionsOfTokens(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "vocab.a.txt", strings.Join(words()[:60], "\n")+"\n")
	a := writeFile(t, dir, "docword.a.txt", uci(rand.New(rand.NewPCG(13, 14)), 50, 50, 60))
	err := run(t, Options{Inputs: []string{a}, Output: filepath.Join(dir, "out.stats"), Text: text.Options{Stem: true, DropNumbers: true}})
	msg, ok := InputError(err)
	if !ok || !strings.Contains(msg, "Options.Text.Stem, Options.Text.DropNumbers: only raw text is tokenized, and the inputs are uci") {
		t.Errorf("InputError = %q, %v (error %v), want the text options named", msg, ok, err)
	}
	if got := textOptionsSet(Options{Text: text.Options{Encoding: text.EncodingAuto, MinLen: text.DefaultMinLen, Rules: text.RulesBasic, StopWords: []string{"x"}}}); len(got) != 0 {
		t.Errorf("defaults and stop words: textOptionsSet = %q, want none", got)
	}
	// Given explicitly, a default is refused too (hull refuses the flag),
	// and so is keeping every word, which such input is by default.
	err = run(t, Options{Inputs: []string{a}, Output: filepath.Join(dir, "out.stats"), Given: []string{"Text.Encoding"}})
	if msg, ok := InputError(err); !ok || !strings.Contains(msg, "Options.Text.Encoding: only raw text is tokenized") {
		t.Errorf("Encoding given: InputError = %q, %v (error %v)", msg, ok, err)
	}
	err = run(t, Options{Inputs: []string{a}, Output: filepath.Join(dir, "out.stats"), Given: []string{"Text.Stemm"}})
	if oe, ok := errors.AsType[*OptionError](err); !ok || oe.Field != "Given" {
		t.Errorf("a misspelt Given field: error %v, want a Given error", err)
	}
	err = run(t, Options{Inputs: []string{a}, Output: filepath.Join(dir, "out.stats"), Prune: &corpus.PruneOptions{}})
	if msg, ok := InputError(err); !ok || !strings.Contains(msg, keepAll+": only raw text is pruned by default") {
		t.Errorf("zero Prune: InputError = %q, %v (error %v)", msg, ok, err)
	}
}

// TestVocabOfText: a vocabulary given for raw text is the options' fault,
// bad input (hull-beam's exit 2, as hull's), not a runner's failure.
func TestVocabOfText(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a.txt", "rain and snow\nsnow and sun\nsun and rain\n")
	v := writeFile(t, dir, "words.txt", "rain\nsnow\n")
	err := run(t, Options{Inputs: []string{a}, Vocab: v, Output: filepath.Join(dir, "out.stats")})
	if msg, ok := InputError(err); !ok || !strings.Contains(msg, "only uci, ldac, triplet and mm take a vocabulary") {
		t.Errorf("InputError = %q, %v (error %v), want the reader's", msg, ok, err)
	}
	if got := localReadError(&os.PathError{Op: "open", Path: "a.txt", Err: os.ErrNotExist}); strings.HasPrefix(got.Error(), badInputMark) {
		t.Errorf("a missing file marked as bad input: %v", got)
	}
	if got := markBad(markBad(errors.New("x"))).Error(); got != badInputMark+"x" {
		t.Errorf("marked twice: %q", got)
	}
}

// TestPartialsDir: an existing PartialsDir is refused (the run removes its
// directory with all it holds); NewPartialsDir names a new one inside it;
// and once Remove has run, put writes nothing there (a worker of a
// cancelled run in this process would make the directory again).
func TestPartialsDir(t *testing.T) {
	dir := t.TempDir()
	keep := writeFile(t, dir, "keep.txt", "important\n")
	a := writeFile(t, t.TempDir(), "a.txt", "rain and snow\nsnow and sun\n")
	err := run(t, Options{Inputs: []string{a}, Output: filepath.Join(t.TempDir(), "out.stats"), PartialsDir: dir})
	if oe, ok := errors.AsType[*OptionError](err); !ok || oe.Field != "PartialsDir" {
		t.Errorf("an existing PartialsDir: error %v, want a PartialsDir error", err)
	}
	own := NewPartialsDir(dir)
	if filepath.Dir(own) != dir || !strings.HasPrefix(filepath.Base(own), ".hull-beam-") {
		t.Errorf("NewPartialsDir(%s) = %s, want a .hull-beam-* directory in it", dir, own)
	}
	if err := run(t, Options{Inputs: []string{a}, Output: filepath.Join(t.TempDir(), "out.stats"), PartialsDir: own}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(own); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the run's partials directory after the run: %v, want it removed", err)
	}
	if _, err := os.Stat(keep); err != nil {
		t.Errorf("the directory given, after the run: %v", err)
	}

	p := Partials{Dir: NewPartialsDir(dir)}
	if err := p.Remove(context.Background()); err != nil {
		t.Fatal(err)
	}
	s, err := cooc.FromCorpus(context.Background(), &corpus.Corpus{Vocab: []string{"a", "b"}, Offsets: []int64{0, 2}, Words: []int32{0, 1}, Counts: []int32{1, 1}, DocIDs: []string{"d"}}, cooc.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.put(context.Background(), s, "bundle"); !errors.Is(err, errRemoved) {
		t.Errorf("put after Remove: %v, want errRemoved", err)
	}
	if _, err := os.Stat(p.Dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("put after Remove made the directory: %v", err)
	}
}

// TestExpandLocal: a pattern's wildcards skip hidden names, as the shell's
// do; an existing file whose name holds glob characters is itself; a
// pipe is refused, for the two passes would read it twice.
func TestExpandLocal(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a.txt", "x\n")
	writeFile(t, dir, ".hidden.txt", "x\n")
	if err := os.MkdirAll(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, ".git"), "HEAD", "ref\n")
	got, err := Expand(context.Background(), []string{filepath.Join(dir, "*")})
	if err != nil || len(got) != 1 || got[0].Path != a {
		t.Errorf("Expand(dir/*) = %v, %v, want %s alone", got, err, a)
	}
	// A pattern that is not clean ("./d/*") too: Glob's matches are.
	t.Chdir(dir)
	for _, p := range []string{"./*", ".//*"} {
		if got, err := Expand(context.Background(), []string{p}); err != nil || len(got) != 1 || got[0].Path != "a.txt" {
			t.Errorf("Expand(%s) = %v, %v, want a.txt", p, got, err)
		}
	}
	// Both at once name a.txt twice: its documents would count twice, as
	// hull stats refuses them (corpus.CheckDistinct); they were read twice.
	if _, err := Expand(context.Background(), []string{"./*", ".//*"}); err == nil || !strings.Contains(err.Error(), "a.txt and a.txt are the same file") {
		t.Errorf("Expand(./*, .//*): %v, want the repeat refused", err)
	}
	if got, err := Expand(context.Background(), []string{filepath.Join(dir, ".*.txt")}); err != nil || len(got) != 1 {
		t.Errorf("a pattern naming hidden files: %v, %v, want .hidden.txt", got, err)
	}
	br := writeFile(t, dir, "part[1].txt", "x\n")
	if got, err := Expand(context.Background(), []string{br}); err != nil || len(got) != 1 || got[0].Path != br {
		t.Errorf("Expand(%s) = %v, %v, want the file", br, got, err)
	}
	// A trailing separator matches the directories, as the shell's
	// "sub/*/" does: it matched nothing.
	for _, d := range []string{"sub/b", "sub/a"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeFile(t, filepath.Join(dir, "sub"), "c.txt", "x\n")
	for _, p := range []string{"sub/*/", "sub/*//"} {
		if got, err := Expand(context.Background(), []string{p}); err != nil || len(got) != 2 || got[0].Path != "sub/a" || got[1].Path != "sub/b" {
			t.Errorf("Expand(%s) = %v, %v, want sub/a and sub/b", p, got, err)
		}
	}
	// Standard input cannot be read twice, a pipe's message tells.
	if _, err := Expand(context.Background(), []string{"-"}); err == nil || !strings.Contains(err.Error(), "-: standard input, not a file: the pipeline reads each input twice") {
		t.Errorf("input -: error %v, want it refused as a pipe is", err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFO here:", err)
	}
	if _, err := Expand(context.Background(), []string{fifo}); err == nil || !strings.Contains(err.Error(), "not a regular file but a pipe") {
		t.Errorf("a FIFO input: error %v, want it refused", err)
	}
}

// TestVocabPipe: a vocabulary file that can be read only once (a pipe, as
// the shell's <(...) gives) is read once, when the pipeline is built, and
// both passes see its words: each read of each input opened it again,
// and the second pass found it empty ("vocabulary file has no words"; a
// FIFO hung the run).
func TestVocabPipe(t *testing.T) {
	dir := t.TempDir()
	vocab := strings.Join(words()[:80], "\n") + "\n" // well within a pipe's buffer
	a := writeFile(t, dir, "a.uci", uci(rand.New(rand.NewPCG(21, 22)), 60, 60, 80))
	b := writeFile(t, dir, "b.uci", uci(rand.New(rand.NewPCG(23, 24)), 40, 40, 80))
	pipe := pipetest.Path(t, vocab)
	o := Options{Inputs: []string{a, b}, Vocab: pipe, Format: corpus.FormatUCI, Output: filepath.Join(dir, "out.stats")}
	checkSame(t, o, []string{a, b}, corpus.ReadOptions{Format: corpus.FormatUCI, Vocab: writeFile(t, dir, "vocab.txt", vocab)}, 100)
}

// TestVocabRemote: a vocabulary on a file system of Beam's (memfs://, as
// gs://) serves local inputs too (the local reader opened the URL as a
// path: "no such file or directory"); a remote vocabulary that is missing
// or malformed is refused when the pipeline is built, as an Options.Vocab
// error, not by a failed run.
func TestVocabRemote(t *testing.T) {
	dir := t.TempDir()
	vocab := strings.Join(words()[:70], "\n") + "\n"
	a := writeFile(t, dir, "a.uci", uci(rand.New(rand.NewPCG(25, 26)), 50, 50, 70))
	memfs.Write("memfs://vocabremote/vocab.txt", []byte(vocab))
	o := Options{Inputs: []string{a}, Vocab: "memfs://vocabremote/vocab.txt", Output: filepath.Join(dir, "out.stats")}
	checkSame(t, o, []string{a}, corpus.ReadOptions{Vocab: writeFile(t, dir, "vocab.txt", vocab)}, 50)

	memfs.Write("memfs://vocabremote/dup.txt", []byte("rain\nsnow\nrain\n"))
	for _, tc := range []struct{ vocab, want string }{
		{"memfs://vocabremote/missing.txt", "memfs://vocabremote/missing.txt"},
		{"memfs://vocabremote/dup.txt", `memfs://vocabremote/dup.txt:3: duplicate word "rain"`},
	} {
		err := run(t, Options{Inputs: []string{a}, Vocab: tc.vocab, Output: filepath.Join(dir, "bad.stats")})
		if oe, ok := errors.AsType[*OptionError](err); !ok || oe.Field != "Vocab" || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("vocabulary %s: error %v, want a Vocab error with %q", tc.vocab, err, tc.want)
		}
	}
}

// TestStopWordsOfMixedInputs: JSON items merged with text of another
// format lose the listed words, as JSON lines alone do and as hull stats
// drops them (it kept them, as hull did, before both knew such a merge).
func TestStopWordsOfMixedInputs(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a.txt", "apple banana cherry\napple banana\n")
	b := writeFile(t, dir, "b.jsonl", `{"text": "banana cherry apple"}`+"\n"+`{"items": ["apple", "date"]}`+"\n")
	stop := writeFile(t, dir, "stop.txt", "apple\n")
	o := Options{Inputs: []string{a, b}, Output: filepath.Join(dir, "out.stats"), Text: text.Options{StopWordFiles: []string{stop}}}
	if err := run(t, o); err != nil {
		t.Fatal(err)
	}
	got, err := cooc.LoadStats(o.Output, 0)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(got.Vocab, "apple") {
		t.Errorf("vocabulary %q holds the stop word of the items", got.Vocab)
	}
	ref := hullStats(t, []string{a, b}, corpus.ReadOptions{Text: text.Options{StopWordFiles: []string{stop}}}, &corpus.PruneOptions{StopWords: []string{"apple"}}, "")
	if got.Digest() != ref.Digest() {
		t.Errorf("pipeline: %q, %s; hull: %q, %s", got.Vocab, got.Preprocessing, ref.Vocab, ref.Preprocessing)
	}
}

// TestSavedCorpus: the files "hull corpus" writes (docword.txt with
// docids.txt and preprocessing.json beside it) give the statistics hull
// computes of them, bit for bit: hull reads the record as
// Preprocessing.Saved, which statistics do not record, and hull-beam
// reads none.
func TestSavedCorpus(t *testing.T) {
	dir := t.TempDir()
	lines := writeFile(t, dir, "a.txt", strings.Join(words()[:40], " ")+"\n"+strings.Join(words()[20:60], " ")+"\n"+strings.Join(words()[10:50], " ")+"\n")
	c, err := corpus.ReadFile(lines, corpus.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	paths, err := corpus.SaveDir(context.Background(), filepath.Join(dir, "saved"), c, corpus.SaveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	o := Options{Inputs: paths[:1], Output: filepath.Join(dir, "out.stats")}
	checkSame(t, o, paths[:1], corpus.ReadOptions{}, 3)

	// The ids and the record are inputs too: an output replacing one
	// left the corpus unreadable (hull refuses it).
	for _, companion := range corpus.SavedCompanions(paths[0]) {
		before, err := os.ReadFile(companion)
		if err != nil {
			t.Fatal(err)
		}
		err = run(t, Options{Inputs: paths[:1], Output: companion})
		if oe, ok := errors.AsType[*OptionError](err); !ok || oe.Field != "Output" || !errors.Is(err, atomicfile.ErrIsInput) {
			t.Errorf("output %s: error %v, want an Output error wrapping ErrIsInput", companion, err)
		}
		if after, err := os.ReadFile(companion); err != nil || string(after) != string(before) {
			t.Errorf("%s after the refusal: %q, %v", companion, after, err)
		}
	}
	if n := len(corpus.SavedCompanions(paths[0])); n != 2 {
		t.Errorf("%d files beside %s, want docids.txt and preprocessing.json", n, paths[0])
	}
}

// TestUnknownScheme: an output, partials directory, vocabulary or input
// on a file system the program has not (s3:// here) is refused before
// the run, in one line that names the scheme and Beam's package for it:
// an output was found only at its first write, after the vocabulary pass
// over every input.
func TestUnknownScheme(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a.txt", "rain and snow\nsnow and sun\n")
	out := filepath.Join(dir, "out.stats")
	for _, tc := range []struct {
		o     Options
		field string // "" for an error of Expand
		want  string
	}{
		{Options{Inputs: []string{a}, Output: "s3://bucket/out.stats"}, "Output", `s3://bucket/out.stats: no file system here serves s3:// (only local paths, gs:// and memfs://): use one of those, or build the program with Beam's s3 file system (import _ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/s3")`},
		{Options{Inputs: []string{a}, Output: "nosuch://bucket/out.stats", ShufflePartials: true}, "Output", "nosuch://bucket/out.stats: no file system here serves nosuch:// (only local paths, gs:// and memfs://), nor has Beam's Go SDK one: use one of those"},
		{Options{Inputs: []string{a}, Output: out, PartialsDir: "s3://bucket/tmp/.hull-beam-x"}, "PartialsDir", "s3://bucket/tmp/.hull-beam-x: no file system here serves s3://"},
		{Options{Inputs: []string{a}, Output: out, Vocab: "s3://bucket/vocab.txt"}, "Vocab", "s3://bucket/vocab.txt: no file system here serves s3://"},
		{Options{Inputs: []string{a, "s3://bucket/*.txt"}, Output: out}, "", "s3://bucket/*.txt: no file system here serves s3://"},
	} {
		err := run(t, tc.o)
		_, scheme := errors.AsType[*SchemeError](err)
		oe, ok := errors.AsType[*OptionError](err)
		if !scheme || (tc.field == "") == ok || ok && oe.Field != tc.field || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%+v: error %q, want a %q *SchemeError of one line with %q", tc.o, err, tc.field, tc.want)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a refused run wrote its output")
	}
}
