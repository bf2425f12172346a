package pipeline

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/memfs"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/hulltopics/hull/cooc"
	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/text"
)

// The fuzz targets of the pipeline's parsers: the input patterns
// (Expand, hiddenMatch), the JSON the DoFns carry (the Plan side input,
// ReadConfig, the Meta's text options), the partial statistics read back
// (Partials.get) and the runner's error and log texts (UserError,
// InputError, ProgressLine). The readers of the inputs and of the
// statistics format are the main module's, fuzzed there.

// FuzzExpand: a local pattern expands to the files it matches and no
// other, sorted, the same each time, skipping hidden names that a
// wildcard matched; an existing path or one without glob characters is
// itself; an error names the pattern (or the input that is not a regular
// file). Patterns stay inside a temporary tree (and memfs:// for remote
// ones): nothing outside it is listed.
func FuzzExpand(f *testing.F) {
	dir := f.TempDir()
	for _, name := range []string{"a.txt", "b.txt", "shards/part-0001.txt", "shards/part-0002.txt.gz", "shards/.tmp-part", ".hidden.txt",
		".git/HEAD", "part[1].txt", "star*.txt", "q?.txt", "sub/.d/x.txt", "sub/d/y.jsonl", "sub/d/.z.jsonl", `back\slash.txt`} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			f.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x\n"), 0o644); err != nil {
			f.Fatal(err)
		}
	}
	fifo := syscall.Mkfifo(filepath.Join(dir, "shards", "fifo"), 0o644) == nil
	for _, k := range []string{"memfs://fz/a.txt", "memfs://fz/b/c.txt", "memfs://fz/.h.txt"} {
		memfs.Write(k, []byte("x\n"))
	}
	for _, s := range []string{"*", "*.txt", "./*", ".//*", ".*.txt", "shards/*", "shards/part-*.txt", "shards/part-000[0-9].txt*", "part[1].txt",
		"star*.txt", "q?.txt", "sub/*/*", "sub/.d/*", "*/*/*", "missing*.txt", "missing.txt", "[", "sub/d", "a.txt", `back\\slash.txt`,
		"shards/fifo", "memfs://fz/*", "memfs://fz/*/*", "memfs://fz/.*", "memfs://none/*"} {
		f.Add(s)
	}
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, pattern string) {
		p := pattern
		switch {
		case isRemote(pattern):
			if !strings.HasPrefix(pattern, "memfs://") {
				t.Skip("only memfs:// among the remote file systems")
			}
		default:
			p = dir + "/" + pattern
			if c := filepath.Clean(p); c != dir && !strings.HasPrefix(c, dir+"/") {
				t.Skip("outside the tree")
			}
		}
		got, err := Expand(ctx, []string{p})
		again, err2 := Expand(ctx, []string{p})
		if (err == nil) != (err2 == nil) || !reflect.DeepEqual(got, again) {
			t.Fatalf("Expand(%q) twice: %v, %v; then %v, %v", p, got, err, again, err2)
		}
		if err != nil {
			if msg := err.Error(); !strings.Contains(msg, p) && !strings.Contains(msg, "not a regular file") {
				t.Fatalf("Expand(%q): error %q names neither the pattern nor an input", p, msg)
			}
			if fifo && p == filepath.Join(dir, "shards", "fifo") && !strings.Contains(err.Error(), "a pipe") {
				t.Errorf("Expand(fifo): %v, want a pipe refused", err)
			}
			return
		}
		if len(got) == 0 {
			t.Fatalf("Expand(%q): no file and no error", p)
		}
		var paths []string
		for i, sh := range got {
			if sh.Index != i {
				t.Fatalf("Expand(%q): shard %d has index %d", p, i, sh.Index)
			}
			paths = append(paths, sh.Path)
		}
		if !slices.IsSorted(paths) || len(slices.Compact(slices.Clone(paths))) != len(paths) {
			t.Fatalf("Expand(%q) = %q: not sorted, or twice the same", p, paths)
		}
		if isRemote(p) {
			for _, m := range paths {
				if !strings.HasPrefix(m, "memfs://") {
					t.Fatalf("Expand(%q) = %q", p, paths)
				}
			}
			return
		}
		if _, err := os.Stat(p); err == nil || !strings.ContainsAny(p, "*?[") {
			if len(paths) != 1 || paths[0] != p {
				t.Fatalf("Expand(%q) = %q, want the path itself", p, paths)
			}
			return
		}
		// The reference: every path of the tree the cleaned pattern
		// matches, but for hidden names that a wildcard matched.
		cp := filepath.Clean(p)
		var want []string
		filepath.WalkDir(dir, func(path string, _ fs.DirEntry, err error) error {
			if ok, _ := filepath.Match(cp, path); ok && !wildcardHidden(cp, path) {
				want = append(want, path)
			}
			return nil
		})
		if strings.HasSuffix(p, "/") { // "d/*/": the directories alone, as a shell's
			want = slices.DeleteFunc(want, func(path string) bool {
				fi, err := os.Stat(path)
				return err != nil || !fi.IsDir()
			})
		}
		if !slices.Equal(paths, want) {
			t.Fatalf("Expand(%q) = %q, want %q", p, paths, want)
		}
		for _, m := range paths {
			fi, err := os.Stat(m)
			if err != nil || !fi.Mode().IsRegular() && !fi.IsDir() {
				t.Fatalf("Expand(%q) gives %s: %v", p, m, err)
			}
		}
	})
}

// wildcardHidden is hiddenMatch, written out once more: an element of
// path that begins with '.' where the pattern's has a wildcard and no
// leading '.'.
func wildcardHidden(pattern, path string) bool {
	pe, me := strings.Split(pattern, "/"), strings.Split(path, "/")
	for i := 0; i < len(pe) && i < len(me); i++ {
		if me[i] != "" && me[i][0] == '.' && !strings.HasPrefix(pe[i], ".") && strings.ContainsAny(pe[i], `*?[\`) {
			return true
		}
	}
	return false
}

// FuzzPlan: the Plan side input, as accumulateFn.StartBundle decodes it:
// no panic; an error names the plan (or is the plan's BadInput, marked as
// bad input); a plan that decodes indexes its vocabulary, re-marshals to
// a plan that decodes the same (a fixed point after one round), and maps
// a corpus onto its vocabulary. The same bytes are decoded as a
// ReadConfig (a DoFn field, in JSON) and as the text options of a Meta
// (planFn), each a round trip.
func FuzzPlan(f *testing.F) {
	seeds := []Plan{
		{Vocab: []string{"rain", "snow", "sun"}, Ranges: 2, Preprocessing: &corpus.Preprocessing{Format: corpus.FormatLines,
			Text:  &text.Options{Encoding: text.EncodingAuto, StopWords: []string{"and"}, MinLen: 2, Rules: text.RulesBasic},
			Prune: &corpus.PruneOptions{MinDF: 2, MaxDF: 0.5, MaxVocab: 10, StopWords: []string{"the"}}}},
		{Vocab: []string{"a"}, Ranges: 1, Preprocessing: &corpus.Preprocessing{Format: corpus.FormatUCI, Prune: &corpus.PruneOptions{}}},
		{BadInput: "prune: nothing left: no word of the 3 documents passes min-df 2"},
		{},
	}
	for _, p := range seeds {
		js, err := json.Marshal(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(js)
	}
	for _, rc := range []ReadConfig{{Format: corpus.FormatJSONL, VocabWords: []string{"rain", "snow"}, Text: text.Options{Stem: true, Clean: []text.Clean{"email"}}, Strict: true}} {
		js, _ := json.Marshal(rc)
		f.Add(js)
	}
	f.Add([]byte(`{"Vocab":["a","a","b"],"Ranges":-3}`))
	f.Add([]byte(`{"Vocab":null,"Ranges":1e9,"Preprocessing":{"text":{"min_len":-1}}}`))
	f.Add([]byte(`not json`))
	f.Add([]byte{})
	log.SetLogger(quiet{}) // planFn's progress lines
	f.Cleanup(func() { log.SetLogger(&log.Structural{}) })
	ctx := context.Background()
	c := &corpus.Corpus{Vocab: []string{"rain", "snow", "sun", "a", "b"}, Offsets: []int64{0, 3, 5, 5}, Words: []int32{0, 1, 3, 2, 4},
		Counts: []int32{1, 2, 1, 1, 3}, DocIDs: []string{"d0", "d1", "d2"}}
	f.Fuzz(func(t *testing.T, data []byte) {
		fn := &accumulateFn{}
		err := fn.StartBundle(ctx, data, nil)
		if err != nil {
			var plan Plan
			switch jerr := json.Unmarshal(data, &plan); {
			case jerr != nil:
				if !strings.Contains(err.Error(), "plan") {
					t.Fatalf("StartBundle(%q): error %q does not name the plan", data, err)
				}
			case err.Error() != badInputMark+plan.BadInput:
				t.Fatalf("StartBundle(%q): error %q, want the plan's BadInput marked", data, err)
			}
		} else {
			if fn.plan.BadInput != "" {
				t.Fatalf("StartBundle(%q) accepted a plan of bad input", data)
			}
			for w, i := range fn.index {
				if fn.plan.Vocab[i] != w {
					t.Fatalf("index[%q] = %d, the word there is %q", w, i, fn.plan.Vocab[i])
				}
			}
			js, err := json.Marshal(fn.plan)
			if err != nil {
				t.Fatal(err)
			}
			fn2 := &accumulateFn{}
			if err := fn2.StartBundle(ctx, js, nil); err != nil {
				t.Fatalf("re-marshalled plan %s: %v", js, err)
			}
			js2, _ := json.Marshal(fn2.plan)
			if !bytes.Equal(js, js2) {
				t.Fatalf("plan round trip: %s, then %s", js, js2)
			}
			if err := fn.StartBundle(ctx, data, nil); err != nil || !bytes.Equal(fn.planJSON, data) {
				t.Fatalf("the same plan again: %v", err)
			}
			r := fn.restrict(c)
			if err := r.Validate(); err != nil {
				t.Fatalf("restrict on plan %s: %v", data, err)
			}
			if _, err := cooc.FromCorpus(ctx, r, cooc.Options{}); err != nil && len(fn.plan.Vocab) > 0 {
				t.Fatalf("restricted corpus of plan %s: %v", data, err)
			}
		}

		var rc ReadConfig
		if json.Unmarshal(data, &rc) == nil {
			js, err := json.Marshal(rc)
			if err != nil {
				t.Fatal(err)
			}
			var rc2 ReadConfig
			if err := json.Unmarshal(js, &rc2); err != nil || !reflect.DeepEqual(rc, rc2) {
				t.Fatalf("ReadConfig round trip: %+v, then %+v (%v)", rc, rc2, err)
			}
		}

		// The Meta's text options, as planFn records them in the plan.
		var opts text.Options
		jerr := json.Unmarshal(data, &opts)
		var out [][]byte
		entries := []Entry{{Word: "rain", DF: 2, First: 0}, {Word: "snow", DF: 2, First: 1}}
		i := 0
		pf := &planFn{RangeBytes: 1 << 20}
		err = pf.ProcessElement(ctx, Meta{Inputs: 1, Docs: 3, Format: "lines", Text: string(data)}, func(e *Entry) bool {
			if i == len(entries) {
				return false
			}
			*e = entries[i]
			i++
			return true
		}, func(b []byte) { out = append(out, b) })
		if (err == nil) != (jerr == nil) && len(data) > 0 {
			t.Fatalf("planFn with text options %q: %v; json: %v", data, err, jerr)
		}
		if err != nil {
			return
		}
		if len(out) != 1 {
			t.Fatalf("planFn emitted %d plans", len(out))
		}
		fn = &accumulateFn{}
		if err := fn.StartBundle(ctx, out[0], nil); err != nil {
			if len(data) > 0 || !strings.HasPrefix(err.Error(), badInputMark) {
				t.Fatalf("planFn's plan %s: %v", out[0], err)
			}
			return
		}
		if got := fn.plan.Preprocessing.Text; len(data) == 0 && got != nil || len(data) > 0 && (got == nil || !reflect.DeepEqual(*got, opts)) {
			t.Fatalf("planFn recorded text options %+v, want %+v", got, opts)
		}
	})
}

// quiet is a Beam logger that logs nothing.
type quiet struct{}

func (quiet) Log(context.Context, log.Severity, int, string) {}

// FuzzPartialsGet: partial statistics read back, whether they travel in
// the elements, in a local file or in a remote one (memfs), are read the
// same: the same statistics or an error each time, the error naming the
// file; and what put stores, get returns. The statistics format itself is
// cooc's, fuzzed there (FuzzReadStats).
func FuzzPartialsGet(f *testing.F) {
	ctx := context.Background()
	for _, docs := range [][]int32{{0, 1, 2}, {0, 1, 0, 1, 2}} {
		s, err := cooc.FromCorpus(ctx, &corpus.Corpus{Vocab: []string{"a", "b", "c"}, Offsets: []int64{0, 2, int64(len(docs))}, Words: docs[:len(docs):len(docs)],
			Counts: slices.Repeat([]int32{1}, len(docs)), DocIDs: []string{"d0", "d1"}}, cooc.Options{})
		if err != nil {
			continue // an unsorted seed document: skip it
		}
		for _, p := range append(s.Split(2), s) {
			b, err := (Partials{}).put(ctx, p, "seed")
			if err != nil {
				f.Fatal(err)
			}
			f.Add(b)
			f.Add(b[:len(b)/2])
		}
	}
	f.Add([]byte("not statistics"))
	dir := f.TempDir()
	n := 0
	f.Fuzz(func(t *testing.T, data []byte) {
		n++
		local := filepath.Join(dir, fmt.Sprintf("bundle-range0-%d.stats", n))
		if err := os.WriteFile(local, data, 0o644); err != nil {
			t.Fatal(err)
		}
		defer os.Remove(local)
		remote := fmt.Sprintf("memfs://partials/bundle-range0-%d.stats", n)
		memfs.Write(remote, data)
		s, err := (Partials{}).get(ctx, data)
		ls, lerr := (Partials{Dir: dir}).get(ctx, []byte(local))
		rs, rerr := (Partials{Dir: "memfs://partials"}).get(ctx, []byte(remote))
		for _, c := range []struct {
			name string
			s    *cooc.Stats
			err  error
		}{{local, ls, lerr}, {remote, rs, rerr}} {
			switch {
			case (c.err == nil) != (err == nil):
				t.Fatalf("%s: %v; in the element: %v", c.name, c.err, err)
			case c.err != nil && !strings.Contains(c.err.Error(), c.name):
				t.Fatalf("%s: error %q does not name the file", c.name, c.err)
			case c.err == nil && c.s.Digest() != s.Digest():
				t.Fatalf("%s: not the statistics of the element", c.name)
			}
		}
		if err != nil {
			if !strings.Contains(err.Error(), "partial statistics") {
				t.Fatalf("in the element: error %q does not say what it read", err)
			}
			return
		}
		for _, p := range []Partials{{}, {Dir: dir}, {Dir: "memfs://partials"}} {
			b, err := p.put(ctx, s, "back")
			if err != nil {
				t.Fatal(err)
			}
			got, err := p.get(ctx, b)
			if err != nil || got.Digest() != s.Digest() {
				t.Fatalf("put then get (%q): %v", p.Dir, err)
			}
			if p.Dir == dir {
				os.Remove(string(b))
			}
		}
	})
}

// FuzzUserError: the runner's error texts and the log records, as the
// launcher takes them apart: no panic; what UserError finds is in the
// message; a DoFn's error marked as bad input is found whole, as
// InputError's; a progress line is found whole, relayed by Prism or not.
func FuzzUserError(f *testing.F) {
	for _, s := range []string{
		`a.jsonl:3: "text" must be a string`,
		"stage [accumulateFn] failed:\nbad input: a.jsonl:3: \"text\" must be a string",
		"stage [writeFn] failed:\nwrite o.stats: no space left on device",
		"job failed: worker lost",
		"x] failed:\n] failed:\nbad input: y\nerror may be due to Apache Beam Go's migration",
		"vocabulary pass: x\x1b[2Jy.txt: 3 documents",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, msg string) {
		if got, ok := ProgressLine(progressMark + msg); !ok || got != msg {
			t.Fatalf("ProgressLine(mark + %q) = %q, %v", msg, got, ok)
		}
		if got, ok := ProgressLine("[SDK] " + progressMark + msg); !ok || got != msg {
			t.Fatalf("ProgressLine([SDK] mark + %q) = %q, %v", msg, got, ok)
		}
		if got := UserError(errors.New(msg)); !strings.Contains(msg, got) {
			t.Fatalf("UserError(%q) = %q, not in the message", msg, got)
		}
		if got, ok := InputError(errors.New(msg)); ok && !strings.Contains(msg, got) {
			t.Fatalf("InputError(%q) = %q, not in the message", msg, got)
		}
		if strings.TrimSpace(msg) != msg || msg == "" || strings.Contains(msg, "] failed:\n") || strings.Contains(msg, "\nerror may be due to") {
			return
		}
		// A DoFn's error, as a runner wraps it.
		err := fmt.Errorf("stage [scanFn] failed:\n%w", markInput(&corpus.ParseError{File: "in.txt", Line: 1, Msg: msg}))
		got, ok := InputError(err)
		if want := (&corpus.ParseError{File: "in.txt", Line: 1, Msg: msg}).Error(); !ok || got != want {
			t.Fatalf("InputError of a parse error: %q, %v, want %q", got, ok, want)
		}
		if got := UserError(fmt.Errorf("stage [writeFn] failed:\n%s", msg)); got != msg {
			t.Fatalf("UserError of %q: %q", msg, got)
		}
		if _, ok := InputError(fmt.Errorf("stage [writeFn] failed:\n%s", msg)); ok && !strings.HasPrefix(msg, badInputMark) {
			t.Fatalf("InputError of an unmarked error %q: ok", msg)
		}
	})
}

// TestPlanDecodeError: a plan that does not decode fails the bundle with
// an error that says so (FuzzPlan found a bare "invalid character 'o' in
// literal null"), and leaves nothing half decoded: the previous plan, seen
// again, is decoded afresh, not taken for the one held.
func TestPlanDecodeError(t *testing.T) {
	ctx := context.Background()
	fn := &accumulateFn{}
	good, _ := json.Marshal(Plan{Vocab: []string{"a", "b"}, Ranges: 1})
	if err := fn.StartBundle(ctx, good, nil); err != nil {
		t.Fatal(err)
	}
	err := fn.StartBundle(ctx, []byte(`{"Vocab":["x","y","z"],"Ranges":"two"}`), nil)
	if err == nil || !strings.HasPrefix(err.Error(), "pipeline: decoding the plan of the vocabulary pass") {
		t.Fatalf("StartBundle of a plan that does not decode: %v, want the plan named", err)
	}
	if err := fn.StartBundle(ctx, good, nil); err != nil || !slices.Equal(fn.plan.Vocab, []string{"a", "b"}) || fn.index["b"] != 1 || len(fn.index) != 2 {
		t.Fatalf("the first plan again: %v, %+v, index %v", err, fn.plan, fn.index)
	}
}
