package pipeline

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/memfs"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/hulltopics/hull/cooc"
	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/atomicfile"
	"github.com/hulltopics/hull/text"
)

// The tests run the pipeline on Beam's Prism runner, in this process,
// with a private temporary directory that the runs' leftovers go with.
func TestMain(m *testing.M) {
	restore, err := PrivateTempDir()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := ptest.MainRetWithDefault(m, "prism")
	if err := restore(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		code = 1
	}
	os.Exit(code)
}

// hullStats returns the statistics "hull stats" computes on paths: the
// inputs read by corpus.Read, pruned as hull fit prunes them (prune, or
// by default corpus.RawTextPrune for raw text), then cooc.FromCorpus.
func hullStats(t *testing.T, paths []string, ro corpus.ReadOptions, prune *corpus.PruneOptions, w cooc.Weighting) *cooc.Stats {
	t.Helper()
	c, err := corpus.Read(paths, ro)
	if err != nil {
		t.Fatal(err)
	}
	var p corpus.PruneOptions
	switch {
	case prune != nil:
		p = *prune
	case c.Preprocessing.Tokenized():
		p = corpus.RawTextPrune(c.NumDocs())
	}
	pc, _, err := corpus.Prune(c, p)
	if err != nil {
		t.Fatal(err)
	}
	s, err := cooc.FromCorpus(context.Background(), pc, cooc.Options{Weighting: w})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// run runs the pipeline of o on Prism.
func run(t *testing.T, o Options) error {
	t.Helper()
	p, s := beam.NewPipelineWithRoot()
	if err := Build(context.Background(), s, o); err != nil {
		return err
	}
	return ptest.Run(p)
}

// checkSame runs the pipeline of o and checks that it writes the
// statistics hull computes on files read with ro, and that these hold
// docs documents as the test expects (-1: any number).
func checkSame(t *testing.T, o Options, files []string, ro corpus.ReadOptions, docs int64) {
	t.Helper()
	if err := run(t, o); err != nil {
		t.Fatal(err)
	}
	got, err := cooc.LoadStats(o.Output, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := hullStats(t, files, ro, o.Prune, o.Weighting)
	if got.Digest() != want.Digest() {
		t.Errorf("pipeline: %d docs, %d used, %d words, %d tokens, %s; hull: %d docs, %d used, %d words, %d tokens, %s",
			got.Docs, got.Used, len(got.Vocab), got.Tokens, got.Preprocessing, want.Docs, want.Used, len(want.Vocab), want.Tokens, want.Preprocessing)
		for i := range min(len(got.Vocab), len(want.Vocab)) {
			if got.Vocab[i] != want.Vocab[i] {
				t.Errorf("word %d: pipeline %q, hull %q", i, got.Vocab[i], want.Vocab[i])
				break
			}
		}
	}
	if docs >= 0 && want.Docs != docs {
		t.Errorf("hull: %d documents, want %d", want.Docs, docs)
	}
}

// words returns the made-up words of the test corpora: two and three
// syllables.
func words() []string {
	syl := []string{"ka", "lo", "mi", "ne", "ru", "si", "ta", "vo"}
	var w []string
	for _, a := range syl {
		for _, b := range syl {
			w = append(w, a+b)
			for _, c := range syl[:3] {
				w = append(w, a+b+c)
			}
		}
	}
	return w
}

// document returns a raw-text document of n tokens: made-up words of a
// skewed frequency, some capitalised, stop words, numbers and, in about
// 70% of the documents, "common" (above max-df 0.5).
func document(r *rand.Rand, vocab []string, n int) string {
	var toks []string
	for range n {
		u := r.Float64()
		switch w := vocab[int(float64(len(vocab))*u*u*u)]; {
		case u < 0.05:
			toks = append(toks, "the")
		case u < 0.08:
			toks = append(toks, fmt.Sprint(1900+r.IntN(100)))
		case u < 0.15:
			toks = append(toks, strings.ToUpper(w[:1])+w[1:]+",")
		default:
			toks = append(toks, w)
		}
	}
	if r.Float64() < 0.7 {
		toks = append(toks, "common")
	}
	return strings.Join(toks, " ")
}

// writeFile writes data to dir/name, gzip-compressed if name ends in .gz.
func writeFile(t *testing.T, dir, name, data string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if strings.HasSuffix(name, ".gz") {
		zw := gzip.NewWriter(f)
		if _, err := zw.Write([]byte(data)); err != nil {
			t.Fatal(err)
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		return path
	}
	if _, err := f.WriteString(data); err != nil {
		t.Fatal(err)
	}
	return path
}

// lines returns n documents, one per line, with blank lines, a document
// of stop words only (empty once tokenized) and a Latin-1 line among them.
func lines(r *rand.Rand, n int) string {
	vocab := words()
	var b strings.Builder
	for d := range n {
		switch d % 97 {
		case 5:
			b.WriteString("\n   \n") // blank lines: no documents
		case 50:
			b.WriteString("the and of\n") // a document without tokens
		case 70:
			b.WriteString("caf\xe9 na\xefve ") // not UTF-8: read as Windows-1252
		}
		b.WriteString(document(r, vocab, 5+r.IntN(40)) + "\n")
	}
	return b.String()
}

// TestLines: raw text, one document per line, in two shards (one gzip)
// named by a glob, pruned by default, and again stemmed, without
// numbers, with a minimum length and explicit pruning.
func TestLines(t *testing.T) {
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(1, 2))
	a := writeFile(t, dir, "shard1.txt", lines(r, 400))
	b := writeFile(t, dir, "shard2.txt.gz", lines(r, 250))
	files := []string{a, b}
	// 657 documents in lines, 7 of them without tokens; pruned: words in
	// fewer than 2 documents, "common" in more than half.
	o := Options{Inputs: []string{filepath.Join(dir, "shard*")}, Output: filepath.Join(dir, "out.stats"), RangeBytes: 64 << 10}
	checkSame(t, o, files, corpus.ReadOptions{}, 650)

	stop := writeFile(t, dir, "stop.txt", "# more stop words\nKALO\nmine\n")
	txt := text.Options{Stem: true, DropNumbers: true, MinLen: 3, StopWordFiles: []string{stop}}
	o = Options{Inputs: []string{a, b}, Output: filepath.Join(dir, "out2.stats.gz"), Text: txt,
		Prune: &corpus.PruneOptions{MinDF: 3, MaxVocab: 60}, ShufflePartials: true, RangeBytes: 4 << 10}
	checkSame(t, o, files, corpus.ReadOptions{Text: txt}, 650)
	// Weighted by pairs (hull stats --cooc-weighting pairs), merged
	// across bundles and ranges as exactly as the paper's weighting.
	o.Output, o.Weighting = filepath.Join(dir, "pairs.stats"), cooc.WeightPairs
	checkSame(t, o, files, corpus.ReadOptions{Text: txt}, 650)
	if s, err := cooc.LoadStats(o.Output, 0); err != nil || s.Weighting != cooc.WeightPairs {
		t.Errorf("the pipeline's statistics weighted by pairs: %v", err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".hull-beam-*")); len(left) > 0 {
		t.Errorf("partial statistics left: %s", left)
	}
}

// TestJSONL: JSON lines of text and of items, then with a second input
// of raw lines (formats mixed), without pruning.
func TestJSONL(t *testing.T) {
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(3, 4))
	vocab := words()
	var b strings.Builder
	for d := range 300 {
		switch {
		case d%10 == 3:
			fmt.Fprintf(&b, `{"id": "i%d", "items": ["Kept", "as", "they", "are", %q]}`+"\n", d, vocab[d%len(vocab)])
		case d%50 == 7:
			fmt.Fprintf(&b, `{"id": %d, "text": ""}`+"\n", d) // empty
		default:
			fmt.Fprintf(&b, `{"id": %d, "text": %q}`+"\n", d, document(r, vocab, 3+r.IntN(30)))
		}
	}
	a := writeFile(t, dir, "docs.jsonl", b.String())
	o := Options{Inputs: []string{a}, Output: filepath.Join(dir, "out.stats")}
	checkSame(t, o, []string{a}, corpus.ReadOptions{}, 300-6)

	c := writeFile(t, dir, "more.txt", lines(r, 120))
	o = Options{Inputs: []string{a, c}, Output: filepath.Join(dir, "mixed.stats"), Prune: &corpus.PruneOptions{}}
	checkSame(t, o, []string{a, c}, corpus.ReadOptions{}, 300-6+120)
}

// uci returns a UCI bag-of-words file of docs documents (declaring
// declared >= docs, the others empty) over v words, its lines shuffled.
func uci(r *rand.Rand, docs, declared, v int) string {
	var entries []string
	for d := 1; d <= docs; d++ {
		for w := range 1 + r.IntN(12) {
			entries = append(entries, fmt.Sprintf("%d %d %d", d, 1+int(float64(v)*r.Float64()*r.Float64()), 1+w%3))
		}
	}
	r.Shuffle(len(entries), func(i, j int) { entries[i], entries[j] = entries[j], entries[i] })
	return fmt.Sprintf("%d\n%d\n%d\n%s\n", declared, v, len(entries), strings.Join(entries, "\n"))
}

// TestUCI: two UCI inputs over different vocabularies (found next to
// them), one gzip, with empty documents, pruned by max-df (of the
// declared documents).
func TestUCI(t *testing.T) {
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(5, 6))
	vocab := words()
	writeFile(t, dir, "vocab.a.txt", strings.Join(vocab[:150], "\n")+"\n")
	writeFile(t, dir, "vocab.b.txt", strings.Join(vocab[100:250], "\n")+"\n")
	a := writeFile(t, dir, "docword.a.txt", uci(r, 200, 230, 150))
	b := writeFile(t, dir, "docword.b.txt.gz", uci(r, 150, 150, 150))
	o := Options{Inputs: []string{a, b}, Output: filepath.Join(dir, "out.stats"), Prune: &corpus.PruneOptions{MaxDF: 0.02}}
	checkSame(t, o, []string{a, b}, corpus.ReadOptions{}, -1)
}

// TestRemote: inputs, vocabulary and output on a file system of Beam's
// (memfs://, as gs:// or s3://), read with corpus.ReadFrom.
func TestRemote(t *testing.T) {
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(7, 8))
	vocab := strings.Join(words()[:120], "\n") + "\n"
	local := []string{writeFile(t, dir, "a.txt", uci(r, 100, 100, 120)), writeFile(t, dir, "b.txt.gz", uci(r, 80, 90, 120))}
	for _, f := range local {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		memfs.Write("memfs://shards/docword."+filepath.Base(f), data)
	}
	memfs.Write("memfs://shards/vocab.txt", []byte(vocab))
	o := Options{Inputs: []string{"memfs://shards/docword.*"}, Vocab: "memfs://shards/vocab.txt", Output: "memfs://out/stats.gz"}
	if err := run(t, o); err != nil {
		t.Fatal(err)
	}
	if left, _ := memfs.New(context.Background()).List(context.Background(), "memfs://out/.hull-beam-*/*"); len(left) > 0 {
		t.Errorf("partial statistics left: %s", left)
	}
	data, err := readAll(context.Background(), o.Output)
	if err != nil {
		t.Fatal(err)
	}
	got, err := cooc.ReadStats(strings.NewReader(string(data)), o.Output, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := hullStats(t, local, corpus.ReadOptions{Vocab: writeFile(t, dir, "vocab.txt", vocab)}, nil, "")
	if got.Digest() != want.Digest() || got.Docs != 180 {
		t.Errorf("pipeline: %d docs, %d words; hull: %d docs, %d words; digests differ or not 180 documents", got.Docs, len(got.Vocab), want.Docs, len(want.Vocab))
	}
}

// TestBadInput: a malformed line fails the run with hull's error, which
// names the file and the line.
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "bad.jsonl", `{"id": 1, "text": "one document"}`+"\n\n"+`{"id": 2, "text": 5}`+"\n")
	err := run(t, Options{Inputs: []string{a}, Output: filepath.Join(dir, "out.stats")})
	want := a + `:3: "text" must be a string, found a JSON number`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("got error %v, want one with %q", err, want)
	}
	if got, ok := InputError(err); !ok || !strings.HasPrefix(got, want) {
		t.Errorf("InputError = %q, %v, want %q...", got, ok, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "out.stats")); err == nil {
		t.Error("a failed run wrote its output")
	}

	// A damaged gzip stream is the input's fault too: it was a runner's
	// failure (hull-beam's exit 1), where hull says exit 2.
	cut := filepath.Join(dir, "cut.txt.gz")
	if err := os.WriteFile(cut, []byte("\x1f\x8b\x08\x00garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	err = run(t, Options{Inputs: []string{cut}, Output: filepath.Join(dir, "out.stats")})
	if got, ok := InputError(err); !ok || !strings.Contains(got, "cut.txt.gz: truncated gzip stream") {
		t.Errorf("a truncated gzip input: InputError = %q, %v (error %v), want the input's", got, ok, err)
	}

	// So is a pruning that keeps no word: it was a runner's failure too.
	few := writeFile(t, t.TempDir(), "few.txt", "rain and snow\nsnow and sun\n")
	err = run(t, Options{Inputs: []string{few}, Output: filepath.Join(dir, "out.stats"), Prune: &corpus.PruneOptions{MinDF: 100}})
	if got, ok := InputError(err); !ok || !strings.Contains(got, "nothing left") {
		t.Errorf("nothing left after pruning: InputError = %q, %v (error %v), want the input's", got, ok, err)
	}

	err = run(t, Options{Inputs: []string{filepath.Join(dir, "*.txt")}, Output: filepath.Join(dir, "out.stats")})
	if err == nil || !strings.Contains(err.Error(), "no file matches") {
		t.Errorf("a pattern matching nothing: got error %v", err)
	}

	// An output that cannot be written, or is a file the pipeline reads,
	// is refused before the run; the input is left as it was.
	good := writeFile(t, dir, "good.jsonl", `{"id": 1, "text": "one document two words"}`+"\n")
	stop := writeFile(t, dir, "stop.txt", "two\n")
	for _, tc := range []struct {
		output string
		want   error
	}{
		{good, atomicfile.ErrIsInput},
		{stop, atomicfile.ErrIsInput},
		{dir, atomicfile.ErrNotRegular},
		{filepath.Join(dir, "missing", "out.stats"), atomicfile.ErrNoDir},
	} {
		err := run(t, Options{Inputs: []string{filepath.Join(dir, "good*")}, Output: tc.output, Text: text.Options{StopWordFiles: []string{stop}}})
		if oe, ok := errors.AsType[*OptionError](err); !ok || oe.Field != "Output" || !errors.Is(err, tc.want) {
			t.Errorf("output %s: got error %v, want an Output error wrapping %v", tc.output, err, tc.want)
		}
	}
	if b, err := os.ReadFile(good); err != nil || !strings.Contains(string(b), "one document") {
		t.Errorf("the input after the refusals: %q, %v", b, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "missing")); err == nil {
		t.Error("the output's missing directory was created")
	}
}

// TestMarkInput: the errors of the inputs themselves (malformed, too long
// for the weighting, nothing left after pruning) are marked as bad input;
// the file system's are not.
func TestMarkInput(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want bool
	}{
		{&corpus.ParseError{File: "a.txt", Line: 3, Msg: "bad"}, true},
		{fmt.Errorf("bundle: %w", cooc.ErrOverflow), true},
		{fmt.Errorf("%w: no word", errNothingLeft), true},
		{os.ErrPermission, false},
	} {
		if got := strings.HasPrefix(markInput(tc.err).Error(), badInputMark); got != tc.want {
			t.Errorf("markInput(%v) marked: %v, want %v", tc.err, got, tc.want)
		}
	}
}

// TestKeepMaxDF: the first pass keeps a word of 29 of 100 documents at
// MaxDF 0.29 (and of 57 and 58 at 0.57 and 0.58) as corpus.Prune does,
// not as the float64 product 28.999999999999996 would.
func TestKeepMaxDF(t *testing.T) {
	for _, maxDF := range []float64{0.29, 0.57, 0.58} {
		fn := &keepFn{Prune: &corpus.PruneOptions{MaxDF: maxDF}}
		df := int64(maxDF*100 + 0.5)
		for _, st := range []WordStat{{DF: df}, {DF: df + 1}} {
			kept := false
			if err := fn.ProcessElement("w", st, Meta{Inputs: 1, Docs: 100, Format: "uci"}, func(Entry) { kept = true }); err != nil {
				t.Fatal(err)
			}
			if kept != (st.DF == df) {
				t.Errorf("MaxDF %v over 100 documents: a word of %d kept: %v", maxDF, st.DF, kept)
			}
		}
	}
}

// TestStatisticsProgress: the statistics pass's line for an input counts
// the documents read and those kept on the vocabulary: it called "read"
// only those the pruning left.
func TestStatisticsProgress(t *testing.T) {
	a := writeFile(t, t.TempDir(), "a.txt", "rain snow\nsnow wind\nrain sun\n")
	plan, err := json.Marshal(Plan{Vocab: []string{"rain", "sun"}, Ranges: 1, Preprocessing: &corpus.Preprocessing{Format: corpus.FormatLines}})
	if err != nil {
		t.Fatal(err)
	}
	var logged messages
	log.SetLogger(&logged)
	t.Cleanup(func() { log.SetLogger(&log.Structural{}) })
	ctx := context.Background()
	fn := &accumulateFn{}
	if err := fn.StartBundle(ctx, plan, nil); err != nil {
		t.Fatal(err)
	}
	if err := fn.ProcessElement(ctx, Shard{Path: a}, plan, nil); err != nil {
		t.Fatal(err)
	}
	if err := fn.FinishBundle(ctx, plan, func(int, []byte) {}); err != nil {
		t.Fatal(err)
	}
	want := progressMark + "statistics pass: " + a + ": 3 documents read (2 kept) in "
	if !slices.ContainsFunc(logged.all(), func(m string) bool { return strings.HasPrefix(m, want) }) {
		t.Errorf("progress lines %q, want one beginning %q", logged.all(), want)
	}
}

// messages is a Beam logger that keeps the messages logged.
type messages struct {
	mu   sync.Mutex
	msgs []string
}

func (l *messages) Log(_ context.Context, _ log.Severity, _ int, msg string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.msgs = append(l.msgs, msg)
}

func (l *messages) all() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.msgs)
}
