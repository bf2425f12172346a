package cooc

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/text"
	"gonum.org/v1/gonum/mat"
)

// statsOf returns the statistics of documents lo..hi-1 of c, added one by one.
func statsOf(c *corpus.Corpus, lo, hi int) *Stats {
	s := NewStats(c.Vocab)
	for d := lo; d < hi; d++ {
		if err := s.AddDoc(c.Doc(d)); err != nil {
			panic(err) // the corpora of the tests are valid
		}
	}
	return s
}

func fromCorpus(t *testing.T, c *corpus.Corpus, threads int) *Stats {
	t.Helper()
	s, err := FromCorpus(context.Background(), c, Options{Threads: threads})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestStatsMergeExact: statistics of any split of the documents, merged in
// any order, are bit for bit those of one pass, whatever the thread count.
func TestStatsMergeExact(t *testing.T) {
	c := randomCorpus(3, 300, 40, 30)
	whole := fromCorpus(t, c, 1).Digest()
	if got := fromCorpus(t, c, 3).Digest(); got != whole {
		t.Fatalf("FromCorpus with 3 threads: digest %s, with 1: %s", got, whole)
	}
	if got := statsOf(c, 0, c.NumDocs()).Digest(); got != whole {
		t.Fatalf("AddDoc one by one: digest %s, FromCorpus: %s", got, whole)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 5 {
		cuts := []int{0, rng.IntN(100), 100 + rng.IntN(100), c.NumDocs()}
		parts := []*Stats{statsOf(c, cuts[0], cuts[1]), statsOf(c, cuts[1], cuts[2]), statsOf(c, cuts[2], cuts[3])}
		rng.Shuffle(len(parts), func(i, j int) { parts[i], parts[j] = parts[j], parts[i] })
		merged := parts[0]
		for _, p := range parts[1:] {
			if err := merged.Merge(p); err != nil {
				t.Fatal(err)
			}
		}
		if got := merged.Digest(); got != whole {
			t.Fatalf("trial %d, cuts %v: merged digest %s, whole %s", trial, cuts, got, whole)
		}
	}
}

// TestStatsMatrix: Q from the statistics is Q from Compute to the
// rounding of the sums.
func TestStatsMatrix(t *testing.T) {
	c := randomCorpus(5, 200, 30, 25)
	want, err := Compute(context.Background(), c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := fromCorpus(t, c, 2).Matrix(context.Background(), 0, 2)
	if err != nil {
		t.Fatal(err)
	}
	if got.Docs != want.Docs || got.Skipped != want.Skipped {
		t.Fatalf("docs %d/%d skipped, want %d/%d", got.Docs, got.Skipped, want.Docs, want.Skipped)
	}
	for e := range want.Data {
		if d := math.Abs(got.Data[e] - want.Data[e]); d > 1e-15 {
			t.Fatalf("entry %d: %g, Compute %g", e, got.Data[e], want.Data[e])
		}
	}
}

// TestStatsSource: the dense source gives what the operator gives.
func TestStatsSource(t *testing.T) {
	c := randomCorpus(7, 150, 25, 20)
	op, err := NewOperator(c, 2)
	if err != nil {
		t.Fatal(err)
	}
	m, err := fromCorpus(t, c, 1).Matrix(context.Background(), 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	ds := m.Source(2)
	v, k := c.NumWords(), 3
	rng := rand.New(rand.NewPCG(2, 3))
	b := mat.NewDense(v, k, nil)
	x := make([]float64, v)
	for i := range v {
		x[i] = rng.Float64()
		for j := range k {
			b.Set(i, j, rng.NormFloat64())
		}
	}
	close := func(what string, a, b []float64) {
		t.Helper()
		for i := range a {
			if math.Abs(a[i]-b[i]) > 1e-13 {
				t.Fatalf("%s[%d]: dense %g, operator %g", what, i, a[i], b[i])
			}
		}
	}
	ctx := context.Background()
	for _, s := range []Source{op, ds} {
		if s.NumWords() != v || s.Docs() != op.Docs() {
			t.Fatalf("%T: V %d docs %d", s, s.NumWords(), s.Docs())
		}
	}
	close("RowSums", ds.RowSums(), op.RowSums())
	r1, r2 := make([]float64, v), make([]float64, v)
	ds.Row(4, r1)
	op.Row(4, r2)
	close("Row", r1, r2)
	ds.MulVec(ctx, r1, x)
	op.MulVec(ctx, r2, x)
	close("MulVec", r1, r2)
	y1, y2 := mat.NewDense(v, k, nil), mat.NewDense(v, k, nil)
	ds.Mul(ctx, y1, b)
	op.Mul(ctx, y2, b)
	close("Mul", y1.RawMatrix().Data, y2.RawMatrix().Data)
	q1, q2 := mat.NewDense(k, k, nil), mat.NewDense(k, k, nil)
	ds.QuadForm(ctx, q1, b)
	op.QuadForm(ctx, q2, b)
	close("QuadForm", q1.RawMatrix().Data, q2.RawMatrix().Data)
	n1, _ := ds.SqRowNorms(ctx, nil)
	n2, _ := op.SqRowNorms(ctx, nil)
	close("SqRowNorms", n1, n2)
}

// TestStatsSplitJoin: ranges of rows merge range by range and join into
// the whole, as a distributed engine combines them.
func TestStatsSplitJoin(t *testing.T) {
	c := randomCorpus(9, 120, 33, 20)
	whole := fromCorpus(t, c, 1)
	a, b := statsOf(c, 0, 50).Split(4), statsOf(c, 50, 120).Split(4)
	if len(a) != 4 {
		t.Fatalf("Split(4) gave %d parts", len(a))
	}
	for i := range a {
		if err := a[i].Merge(b[i]); err != nil {
			t.Fatal(err)
		}
	}
	a[0], a[3] = a[3], a[0] // any order
	joined, err := Join(a)
	if err != nil {
		t.Fatal(err)
	}
	if joined.Digest() != whole.Digest() {
		t.Fatal("joined ranges differ from the whole")
	}
	if _, err := Join(a[:3]); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Fatalf("joining 3 of 4 ranges: %v", err)
	}
	if err := a[0].Merge(a[1]); err == nil {
		t.Fatal("merging different ranges succeeded")
	}
}

func TestStatsMergeRefusesOtherVocab(t *testing.T) {
	c := randomCorpus(1, 20, 10, 10)
	s := fromCorpus(t, c, 1)
	o := NewStats(append([]string{"zz"}, c.Vocab[1:]...))
	if err := s.Merge(o); !errors.Is(err, ErrVocabDiffers) || !strings.Contains(err.Error(), `word 1 is "aa"`) {
		t.Fatalf("Merge over another vocabulary: %v", err)
	}
	o = NewStats(c.Vocab)
	o.Preprocessing = &corpus.Preprocessing{Format: corpus.FormatUCI}
	if err := s.Merge(o); err == nil || !strings.Contains(err.Error(), "prepared differently") {
		t.Fatalf("Merge of other preprocessing: %v", err)
	}
	// Text prepared alike, recorded two ways (--drop-junk, with and
	// without --max-token-length 25): merged; another limit is not.
	junk := func(max int) *corpus.Preprocessing {
		return &corpus.Preprocessing{Format: corpus.FormatLines, Text: &text.Options{DropJunk: true, MaxTokenLen: max}}
	}
	a, b := NewStats(c.Vocab), NewStats(c.Vocab)
	a.Preprocessing, b.Preprocessing = junk(0), junk(text.DefaultMaxTokenLen)
	if err := a.Merge(b); err != nil {
		t.Fatalf("Merge of equivalent preparations: %v", err)
	}
	b.Preprocessing = junk(30)
	if err := a.Merge(b); err == nil || !strings.Contains(err.Error(), "prepared differently") {
		t.Fatalf("Merge of another token length: %v", err)
	}
}

// TestMergeFiles: shards saved apart and merged from their files are the
// whole; a file of another vocabulary is named, and no file is an error.
func TestMergeFiles(t *testing.T) {
	c := randomCorpus(5, 90, 20, 15)
	dir := t.TempDir()
	var paths []string
	for i, cut := range [][2]int{{60, 90}, {0, 25}, {25, 60}} {
		paths = append(paths, filepath.Join(dir, fmt.Sprintf("shard%d.stats", i)))
		if err := statsOf(c, cut[0], cut[1]).Save(context.Background(), paths[i]); err != nil {
			t.Fatal(err)
		}
	}
	merged, err := MergeFiles(context.Background(), paths, 0)
	if err != nil {
		t.Fatal(err)
	}
	if merged.Digest() != fromCorpus(t, c, 1).Digest() {
		t.Fatal("merged shards differ from the whole")
	}
	other := filepath.Join(dir, "other.stats")
	if err := NewStats(append([]string{"zz"}, c.Vocab[1:]...)).Save(context.Background(), other); err != nil {
		t.Fatal(err)
	}
	if _, err := MergeFiles(context.Background(), append(paths, other), 0); !errors.Is(err, ErrVocabDiffers) || !strings.HasPrefix(err.Error(), other+": ") {
		t.Fatalf("merging a file of another vocabulary: %v", err)
	}
	if _, err := MergeFiles(context.Background(), nil, 0); err == nil {
		t.Fatal("merging no file: no error")
	}
	// The same shard twice, by its name or a link, would count its
	// documents twice: refused (it merged with exit 0).
	link := filepath.Join(dir, "link.stats")
	os.Symlink(paths[1], link)
	for _, twice := range [][]string{{paths[0], paths[1], paths[1]}, {paths[1], paths[2], link}} {
		if _, err := MergeFiles(context.Background(), twice, 0); err == nil || !strings.Contains(err.Error(), "same file") {
			t.Errorf("MergeFiles(%v): %v, want the same file refused", twice, err)
		}
	}
	// A copy, or the same statistics compressed, too.
	gz := filepath.Join(dir, "copy.stats.gz")
	s, err := LoadStats(paths[1], 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Save(context.Background(), gz); err != nil {
		t.Fatal(err)
	}
	if _, err := MergeFiles(context.Background(), []string{paths[1], paths[0], gz}, 0); err == nil || !strings.Contains(err.Error(), paths[1]+" and "+gz+" hold the same statistics") {
		t.Errorf("merging a shard and its copy: %v", err)
	}
	// Interrupted, the merge and the save stop with the context's error
	// and the old file stays (hull stats merge ran on after Ctrl-C and
	// replaced it with exit 0).
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := MergeFiles(ctx, paths, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("MergeFiles cancelled: %v, want context.Canceled", err)
	}
	old, _ := os.ReadFile(paths[0])
	if err := merged.Save(ctx, paths[0]); !errors.Is(err, context.Canceled) {
		t.Errorf("Save cancelled: %v, want context.Canceled", err)
	}
	if now, _ := os.ReadFile(paths[0]); !bytes.Equal(now, old) {
		t.Error("a cancelled Save replaced the file")
	}
}

// TestStatsString: the one-line summary counts what s holds and names a
// range of rows only when s holds part of Q's rows.
func TestStatsString(t *testing.T) {
	c := randomCorpus(2, 30, 12, 10)
	c.Preprocessing = &corpus.Preprocessing{Format: corpus.FormatUCI}
	s := fromCorpus(t, c, 1)
	want := fmt.Sprintf("%d documents (%d of 2 or more tokens), 12 words, %d tokens; ", s.Docs, s.Used, s.Tokens)
	if got := s.String(); !strings.HasPrefix(got, want) || !strings.HasSuffix(got, "digest "+s.Digest()[:16]) || strings.Contains(got, "rows") {
		t.Fatalf("String() = %q, want %q...", got, want)
	}
	part := s.Split(2)[1]
	lo, hi := part.Rows()
	if got := part.String(); !strings.Contains(got, fmt.Sprintf(", rows %d-%d only; ", lo, hi)) {
		t.Fatalf("String() of rows %d-%d = %q", lo, hi, got)
	}
}

func TestStatsFileRoundTrip(t *testing.T) {
	c := randomCorpus(11, 100, 20, 15)
	c.Preprocessing = &corpus.Preprocessing{Format: corpus.FormatUCI}
	s := fromCorpus(t, c, 2)
	dir := t.TempDir()
	for _, name := range []string{"q.stats", "q.stats.gz"} {
		path := filepath.Join(dir, name)
		if err := s.Save(context.Background(), path); err != nil {
			t.Fatal(err)
		}
		got, err := LoadStats(path, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got.Digest() != s.Digest() || got.Preprocessing.Format != corpus.FormatUCI {
			t.Fatalf("%s: read back other statistics", name)
		}
	}
	for _, p := range s.Split(3) {
		var buf bytes.Buffer
		if _, err := p.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		got, err := ReadStats(&buf, "part", 0)
		if err != nil {
			t.Fatal(err)
		}
		if lo, hi := got.Rows(); got.Digest() != p.Digest() || lo != p.lo || hi != p.hi {
			t.Fatal("a range of rows read back differently")
		}
	}
}

// TestLoadStatsDirectory: a directory is said to be one, not "not a hull
// statistics file".
func TestLoadStatsDirectory(t *testing.T) {
	dir := t.TempDir()
	if _, err := LoadStats(dir, 0); err == nil || err.Error() != dir+": is a directory" {
		t.Fatalf("LoadStats of a directory: %v", err)
	}
}

func TestReadStatsErrors(t *testing.T) {
	c := randomCorpus(13, 60, 12, 12)
	var buf bytes.Buffer
	if _, err := fromCorpus(t, c, 1).WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	header := bytes.IndexByte(good[len(statsMagic):], '\n') + len(statsMagic) + 1
	flip := bytes.Clone(good)
	flip[header+5] ^= 0x40
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(good[:len(good)-10])
	zw.Close()
	var whole bytes.Buffer // the whole file, its gzip checksum zeroed
	zw = gzip.NewWriter(&whole)
	zw.Write(good)
	zw.Close()
	badCRC := whole.Bytes()
	copy(badCRC[len(badCRC)-8:], make([]byte, 4))
	for _, tc := range []struct {
		name, data, want string
	}{
		{"empty", "", "f:1: not a hull statistics file"},
		{"other", "docword\n", "f:1: not a hull statistics file"},
		{"another version", "hull-stats 9\n{}\n", `f:1: statistics file format "9", not this hull's "1"`},
		{"bad json", statsMagic + "{\n", "f:2: header"},
		{"unknown field", statsMagic + `{"vocab":[],"doc_freq":[],"colour":1}` + "\n", `f:2: header: json: unknown field "colour"`},
		{"type", statsMagic + `{"vocab":5,"doc_freq":[]}` + "\n", "f:2: header: field vocab holds a JSON number, want an array"},
		{"freqs", statsMagic + `{"vocab":["a"],"doc_freq":[]}` + "\n", "f:2: header: 0 document frequencies for 1 words"},
		{"rows", statsMagic + `{"vocab":["a"],"doc_freq":[0],"rows":[0,2]}` + "\n", "f:2: header: rows 0-2 of 1 words"},
		{"counts", statsMagic + `{"vocab":["a"],"doc_freq":[0],"docs":1,"used":2}` + "\n", "f:2: header: counts out of range"},
		// 2*used overflowed to 0 and passed tokens >= 2*used.
		{"counts overflow", statsMagic + `{"vocab":["a"],"doc_freq":[0],"docs":4611686018427387904,"used":4611686018427387904}` + "\n", "f:2: header: counts out of range"},
		{"stop-word files", statsMagic + `{"vocab":["a"],"doc_freq":[0],"preprocessing":{"format":"lines","text":{"stop_word_files":["/etc/passwd"]}}}` + "\n", "f:2: header: preprocessing: text: stop-word files"},
		{"negative tokens", statsMagic + `{"vocab":["a"],"doc_freq":[0],"tokens":-1}` + "\n", "f:2: header: counts out of range"},
		{"df", statsMagic + `{"vocab":["a"],"doc_freq":[3],"docs":1,"rows":[0,1]}` + "\n", `f:2: header: word 1 ("a") in 3 of 1 documents`},
		{"nonzeros", statsMagic + `{"vocab":["a"],"doc_freq":[0],"rows":[0,1],"nonzeros":2}` + "\n", "f:2: header: 2 nonzeros in 1 entries"},
		{"cut", string(good[:header+3]), "entry 1 of"},
		{"no checksum", string(good[:len(good)-5]), "checksum is missing"},
		{"flipped", string(flip), "f: byte"},
		{"trailing", string(good) + "x", "data after the checksum"},
		{"gzip cut", gz.String(), "checksum is missing"},
		// Not "data after the checksum": the gzip trailer is damaged.
		{"gzip checksum", string(badCRC), "f: corrupt gzip stream: gzip: invalid checksum"},
	} {
		_, err := ReadStats(strings.NewReader(tc.data), "f", 0)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
		if _, serr := ReadStatsSummary(strings.NewReader(tc.data), "f"); serr == nil || serr.Error() != err.Error() {
			t.Errorf("%s: ReadStatsSummary: error %v, want ReadStats's %v", tc.name, serr, err)
		}
	}
}

// ReadStatsSummary says what ReadStats's statistics say of themselves,
// for whole files, row ranges and gzip, without holding the entries.
func TestReadStatsSummary(t *testing.T) {
	c := randomCorpus(23, 40, 30, 12)
	s, err := FromCorpus(context.Background(), c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for i, p := range append(s.Split(3), s) {
		path := filepath.Join(dir, fmt.Sprintf("s%d.stats.gz", i))
		if err := p.Save(context.Background(), path); err != nil {
			t.Fatal(err)
		}
		got, err := LoadStatsSummary(path)
		if err != nil {
			t.Fatal(err)
		}
		if want := p.Summary(); !reflect.DeepEqual(got, want) {
			t.Errorf("part %d: summary %+v, want %+v", i, got, want)
		}
		if got.String() != p.String() || got.Nonzeros == 0 {
			t.Errorf("part %d: %q (%d nonzeros), want %q", i, got.String(), got.Nonzeros, p.String())
		}
	}
}

func FuzzReadStats(f *testing.F) {
	c := randomCorpus(17, 20, 6, 8)
	s := statsOf(c, 0, c.NumDocs())
	for _, p := range append(s.Split(2), s) {
		var buf bytes.Buffer
		p.WriteTo(&buf)
		f.Add(buf.Bytes())
	}
	f.Add([]byte(statsMagic + `{"vocab":["a","b"],"doc_freq":[1,1],"docs":1,"used":1,"tokens":2,"rows":[0,2],"nonzeros":1}` + "\n\x01\x00\x01\x02\x03\x04\x05\x06\x07\x08"))
	for _, w := range []Weighting{WeightTokens, WeightPairs} {
		ws, _ := NewWeightedStats(c.Vocab, w)
		for d := range c.NumDocs() {
			if err := ws.AddDoc(c.Doc(d)); err != nil {
				f.Fatal(err)
			}
		}
		var buf bytes.Buffer
		ws.WriteTo(&buf)
		f.Add(buf.Bytes())
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ReadStats(bytes.NewReader(data), "f", 1<<20)
		sum, serr := ReadStatsSummary(bytes.NewReader(data), "f")
		if err != nil {
			if serr == nil && !strings.Contains(err.Error(), "memory") {
				t.Fatalf("ReadStats: %v; ReadStatsSummary read the file", err)
			}
			return
		}
		// The summary checks what ReadStats checks and says what it read.
		if serr != nil || !reflect.DeepEqual(sum, s.Summary()) {
			t.Fatalf("ReadStatsSummary: %+v, %v; want %+v", sum, serr, s.Summary())
		}
		// What reads writes back to the same bytes.
		var buf bytes.Buffer
		if _, err := s.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(buf.Bytes(), data) && len(data) > 1 && data[0] != 0x1f {
			again, err := ReadStats(&buf, "again", 1<<20)
			if err != nil || again.Digest() != s.Digest() {
				t.Fatalf("statistics read do not round-trip: %v", err)
			}
		}
		if lo, hi := s.Rows(); lo == 0 && hi == len(s.Vocab) && s.Used > 0 {
			want, err := s.Matrix(context.Background(), 1<<20, 1)
			if err != nil && !strings.Contains(err.Error(), "memory") {
				t.Fatal(err)
			}
			// Q read straight from the file is the statistics' Q.
			r, rerr := NewStatsReader(bytes.NewReader(data), "f")
			if rerr != nil {
				t.Fatalf("NewStatsReader: %v; ReadStats read the file", rerr)
			}
			got, rerr := r.Matrix(context.Background(), 1<<20)
			if (err == nil) != (rerr == nil) || err == nil && !reflect.DeepEqual(got, want) {
				t.Fatalf("StatsReader.Matrix: %v (%v); Stats.Matrix: %v", rerr, got, err)
			}
			if err == nil && !reflect.DeepEqual(r.Summary(), sum) {
				t.Fatalf("StatsReader.Summary: %+v, want %+v", r.Summary(), sum)
			}
		}
	})
}

// A StatsReader reads the header, then Q straight from the entries: the
// matrix and summary of ReadStats's statistics, gzip-compressed or not,
// with the refusals of Stats.Matrix, and a file cut short or corrupt
// fails as it fails ReadStats.
func TestStatsReader(t *testing.T) {
	c := randomCorpus(23, 300, 40, 12)
	s := fromCorpus(t, c, 2)
	want, err := s.Matrix(context.Background(), 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	var plain, zipped bytes.Buffer
	if _, err := s.WriteTo(&plain); err != nil {
		t.Fatal(err)
	}
	zw := gzip.NewWriter(&zipped)
	zw.Write(plain.Bytes())
	zw.Close()
	for name, data := range map[string][]byte{"plain": plain.Bytes(), "gzip": zipped.Bytes()} {
		r, err := NewStatsReader(bytes.NewReader(data), name)
		if err != nil {
			t.Fatal(err)
		}
		if r.Summary().Digest != "" || len(r.Summary().Vocab) != 40 {
			t.Fatalf("%s: summary before the entries %+v", name, r.Summary())
		}
		// Its String said the digest's first 16 digits, and panicked.
		if str := r.Summary().String(); !strings.HasSuffix(str, "digest not read yet") {
			t.Errorf("%s: summary before the entries prints %q", name, str)
		}
		got, err := r.Matrix(context.Background(), 0)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: Q read differs from Stats.Matrix", name)
		}
		if !reflect.DeepEqual(r.Summary(), s.Summary()) {
			t.Fatalf("%s: summary %+v, want %+v", name, r.Summary(), s.Summary())
		}
		if _, err := r.Matrix(context.Background(), 0); err == nil {
			t.Fatalf("%s: a second Matrix call succeeded", name)
		}
	}
	refused := func(what string, data []byte, maxMemory int64, want string) {
		t.Helper()
		r, err := NewStatsReader(bytes.NewReader(data), "f")
		if err == nil {
			_, err = r.Matrix(context.Background(), maxMemory)
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("%s: %v, want an error saying %q", what, err, want)
		}
	}
	var part bytes.Buffer
	s.Split(2)[0].WriteTo(&part)
	refused("rows 0-20 only", part.Bytes(), 0, "join them first")
	refused("a limit below 8 V^2", plain.Bytes(), 8*40*40-1, "memory")
	cut := plain.Bytes()[:plain.Len()-40]
	_, readErr := ReadStats(bytes.NewReader(cut), "f", 0)
	refused("cut short", cut, 0, readErr.Error())
	corrupt := bytes.Clone(plain.Bytes())
	corrupt[len(corrupt)-60] ^= 0xff
	_, readErr = ReadStats(bytes.NewReader(corrupt), "f", 0)
	refused("corrupt", corrupt, 0, readErr.Error())
}

// BenchmarkStatsFile writes and reads back the statistics of 2,000
// documents over 3,000 words (about 1.1M nonzero entries, 13 MB).
func BenchmarkStatsFile(b *testing.B) {
	c := randomCorpus(19, 2000, 3000, 200)
	s, err := FromCorpus(context.Background(), c, Options{})
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if _, err := s.WriteTo(&buf); err != nil {
			b.Fatal(err)
		}
		if _, err := ReadStats(bytes.NewReader(buf.Bytes()), "bench", 0); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(buf.Len()))
}

// TestStatsFileIsNoCorpus: a statistics file, plain or gzip-compressed,
// given as documents is refused by the corpus reader (its header is text
// for kilobytes, read as lines it gave junk topics with exit 0).
func TestStatsFileIsNoCorpus(t *testing.T) {
	s := fromCorpus(t, randomCorpus(1, 200, 500, 60), 1)
	dir := t.TempDir()
	for _, name := range []string{"s.stats", "s.stats.gz"} {
		path := filepath.Join(dir, name)
		if err := s.Save(context.Background(), path); err != nil {
			t.Fatal(err)
		}
		_, err := corpus.ReadFile(path, corpus.ReadOptions{})
		if _, ok := errors.AsType[*corpus.ParseError](err); !ok || !strings.Contains(err.Error(), "statistics file") {
			t.Errorf("%s read as a corpus: %v", name, err)
		}
	}
}

// TestReadStatsHeaderAgreesWithEntries: a header whose counts or weighting
// were changed, with the checksum made anew, is refused: its W is not the
// entries' sum (the topics' weights then summed to 0.014 or 750).
func TestReadStatsHeaderAgreesWithEntries(t *testing.T) {
	c := randomCorpus(13, 60, 12, 12)
	for _, tc := range []struct {
		name string
		w    Weighting
		edit func(*Stats)
		want string
	}{
		{"used", WeightDocuments, func(s *Stats) { s.Used-- }, "does not belong to these entries"},
		{"relabelled tokens", WeightDocuments, func(s *Stats) { s.Weighting, s.Weight = WeightTokens, s.Tokens }, "does not belong to these entries"},
		{"tokens weight", WeightTokens, func(s *Stats) { s.Weight-- }, "does not belong to these entries"},
		{"relabelled pairs", WeightTokens, func(s *Stats) { s.Weighting = WeightPairs }, "not a whole number of pairs"},
		{"pairs weight", WeightPairs, func(s *Stats) { s.Weight++ }, "does not belong to these entries"},
	} {
		s, err := FromCorpus(context.Background(), c, Options{Weighting: tc.w})
		if err != nil {
			t.Fatal(err)
		}
		var good bytes.Buffer
		if _, err := s.WriteTo(&good); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadStats(&good, "f", 0); err != nil {
			t.Fatalf("%s: the file before the change: %v", tc.name, err)
		}
		tc.edit(s)
		var bad bytes.Buffer
		if _, err := s.WriteTo(&bad); err != nil {
			t.Fatal(err)
		}
		data := bad.String()
		if _, err := ReadStats(strings.NewReader(data), "f", 0); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: ReadStats: %v, want an error with %q", tc.name, err, tc.want)
		}
		r, err := NewStatsReader(strings.NewReader(data), "f")
		if err == nil {
			_, err = r.Matrix(context.Background(), 0)
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: StatsReader.Matrix: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}

// TestReadStatsAcceptsEveryValidFile: the check of the entries' sum
// against W rejects no file FromCorpus writes, for small corpora too,
// where W is a few units and a floating-point difference of the sum and
// W would exceed the bound by its rounding.
func TestReadStatsAcceptsEveryValidFile(t *testing.T) {
	for seed := range uint64(200) {
		c := randomCorpus(seed, 1+int(seed%7), 3+int(seed%11), 2+int(seed%9))
		for _, w := range []Weighting{WeightDocuments, WeightTokens, WeightPairs} {
			s, err := FromCorpus(context.Background(), c, Options{Weighting: w})
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if _, err := s.WriteTo(&buf); err != nil {
				t.Fatal(err)
			}
			if _, err := ReadStats(&buf, "f", 0); err != nil {
				t.Fatalf("seed %d, %s: %v", seed, w, err)
			}
		}
	}
}

// TestDamagedPairsFile: a damaged entry of a pairs file is reported as
// damage (the checksum) before the header is blamed for a fraction.
func TestDamagedPairsFile(t *testing.T) {
	s, err := FromCorpus(context.Background(), randomCorpus(13, 60, 12, 12), Options{Weighting: WeightPairs})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := s.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	header := bytes.IndexByte(data[len(statsMagic):], '\n') + len(statsMagic) + 1
	data[header+3] ^= 0x01 // the low word of the first entry: a fraction
	if _, err := ReadStats(bytes.NewReader(data), "f", 0); err == nil || !strings.Contains(err.Error(), "wrong checksum") {
		t.Errorf("a flipped bit: %v, want the checksum's error", err)
	}
}

// TestNilCorpus: the entry points from a corpus refuse a nil one (they
// panicked).
func TestNilCorpus(t *testing.T) {
	if _, err := FromCorpus(context.Background(), nil, Options{}); err == nil {
		t.Error("FromCorpus: no error")
	}
	if _, err := Compute(context.Background(), nil, Options{}); err == nil {
		t.Error("Compute: no error")
	}
	if _, err := NewOperator(nil, 1); err == nil {
		t.Error("NewOperator: no error")
	}
}

// TestMergeNil: merging no statistics (nil) is an error, not a panic.
func TestMergeNil(t *testing.T) {
	if err := NewStats([]string{"a", "b"}).Merge(nil); err == nil {
		t.Error("Merge(nil): no error")
	}
}

// TestMergeCountsOverflow: counts that sum beyond an int64 (files edited
// by hand) are refused, and the statistics merged into are left as they
// were: a merge wrote negative counts with exit 0.
func TestMergeCountsOverflow(t *testing.T) {
	for _, field := range []string{"docs", "used", "tokens", "doc_freq"} {
		a, b := NewStats([]string{"a", "b"}), NewStats([]string{"a", "b"})
		if err := a.AddDoc([]int32{0, 1}, []int32{1, 1}); err != nil {
			t.Fatal(err)
		}
		if err := b.AddDoc([]int32{0, 1}, []int32{2, 1}); err != nil {
			t.Fatal(err)
		}
		switch field {
		case "docs":
			b.Docs = math.MaxInt64
		case "used":
			b.Used = math.MaxInt64
		case "tokens":
			b.Tokens = math.MaxInt64
		case "doc_freq":
			b.DocFreq[1] = math.MaxInt64
		}
		before := a.Digest()
		if err := a.Merge(b); err == nil || !strings.Contains(err.Error(), "sum to more than 2^63 - 1") {
			t.Errorf("%s: %v", field, err)
		}
		if a.Digest() != before {
			t.Errorf("%s: a refused merge changed the statistics", field)
		}
	}
}

// TestAddDocRefuses: words and counts that do not describe a document
// (lengths apart, a word outside the vocabulary or given twice, a count
// below 1) are refused, and nothing is added: the exact sums cannot be
// mended once wrong.
func TestAddDocRefuses(t *testing.T) {
	s := NewStats([]string{"a", "b", "c", "d"})
	for name, doc := range map[string][2][]int32{
		"fewer counts":         {{0, 1}, {1}},
		"word too large":       {{0, 9}, {1, 1}},
		"negative word":        {{-1, 0}, {1, 1}},
		"word twice":           {{2, 2}, {1, 1}},
		"word twice, unsorted": {{3, 0, 3}, {1, 1, 1}},
		"count 0":              {{0, 1}, {0, 2}},
		"negative count":       {{0, 1}, {-3, 1}},
	} {
		if err := s.AddDoc(doc[0], doc[1]); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if empty := NewStats(s.Vocab); s.Digest() != empty.Digest() || s.Docs != 0 {
		t.Errorf("the refused documents changed the statistics: %d documents", s.Docs)
	}
}

// TestStatsFileWords: a word that is not UTF-8 is refused on writing (JSON
// wrote U+FFFD, another word: the loaded statistics no longer merged with
// their source), a header that repeats a word on reading, and a nil part
// on joining.
func TestStatsFileWords(t *testing.T) {
	bad := NewStats([]string{"caf\xe9", "tea"})
	if err := bad.AddDoc([]int32{0, 1}, []int32{1, 1}); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := bad.WriteTo(&buf); err == nil || !strings.Contains(err.Error(), "not valid UTF-8") || buf.Len() > 0 {
		t.Errorf("a word not UTF-8: error %v, %d bytes written; want an error and none", err, buf.Len())
	}
	twice := NewStats([]string{"a", "a"})
	buf.Reset()
	if _, err := twice.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadStats(&buf, "twice.stats", 0); err == nil || !strings.Contains(err.Error(), `word 2 ("a") is word 1 too`) {
		t.Errorf("a header repeating a word: %v", err)
	}
	if _, err := Join([]*Stats{NewStats([]string{"a"}), nil}); err == nil {
		t.Error("Join with a nil part: no error")
	}
}
