package cooc

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/memory"
)

// fuzzLimit is the memory limit the fuzz targets read with: statistics
// and Q of a few hundred words.
const fuzzLimit = 16 << 20

// validStatsFiles returns statistics files the tests make: whole and
// ranges of rows, of each weighting, with a preprocessing record, and
// with no document of two tokens.
func validStatsFiles(tb testing.TB) [][]byte {
	tb.Helper()
	c := randomCorpus(17, 20, 6, 8)
	c.Preprocessing = &corpus.Preprocessing{Format: corpus.FormatUCI}
	var files [][]byte
	write := func(s *Stats) {
		var buf bytes.Buffer
		if _, err := s.WriteTo(&buf); err != nil {
			tb.Fatal(err)
		}
		files = append(files, buf.Bytes())
	}
	for _, w := range []Weighting{WeightDocuments, WeightTokens, WeightPairs} {
		s, err := FromCorpus(context.Background(), c, Options{Weighting: w})
		if err != nil {
			tb.Fatal(err)
		}
		write(s)
		for _, p := range s.Split(2) {
			write(p)
		}
	}
	write(NewStats([]string{"a"}))
	write(statsOf(c, 0, 0))
	return files
}

// namesInput reports whether err has the shape of the readers' errors
// for the input called name: "name:line: ...", "name: byte N: ...",
// "name: ..." or, for a refusal above the memory limit, "cooc: name: ...".
func namesInput(err error, name string) bool {
	msg := err.Error()
	return strings.HasPrefix(msg, name+":") || strings.HasPrefix(msg, "cooc: "+name+":")
}

// notTheFile reports whether err is a refusal of StatsReader.Matrix that
// is not about the file's bytes: Q above the limit, or no pairs to
// estimate it from.
func notTheFile(err error) bool {
	_, mem := errors.AsType[*memory.Error](err)
	return mem || errors.Is(err, errNoPairs)
}

// checkStatsBytes reads data with ReadStats, ReadStatsSummary and a
// StatsReader and checks that they agree: the same error, of the
// readers' shape, or the same statistics, whose words a vocabulary file
// holds and which write and read back.
func checkStatsBytes(t *testing.T, data []byte, name string) {
	s, err := ReadStats(bytes.NewReader(data), name, fuzzLimit)
	sum, serr := ReadStatsSummary(bytes.NewReader(data), name)
	for _, e := range []error{err, serr} {
		if e != nil && !namesInput(e, name) {
			t.Fatalf("error %q does not name the input %s", e, name)
		}
	}
	_, tooBig := errors.AsType[*memory.Error](err)
	switch {
	case tooBig:
	case (err == nil) != (serr == nil) || err != nil && err.Error() != serr.Error():
		t.Fatalf("ReadStats: %v; ReadStatsSummary: %v", err, serr)
	}
	r, rerr := NewStatsReader(bytes.NewReader(data), name)
	var m *Matrix
	if rerr == nil {
		if !reflect.DeepEqual(r.Summary(), withoutDigest(sum, serr)) && serr == nil {
			t.Fatalf("StatsReader.Summary: %+v, want %+v", r.Summary(), sum)
		}
		m, rerr = r.Matrix(context.Background(), fuzzLimit)
	}
	switch {
	case rerr != nil && notTheFile(rerr):
	case rerr != nil && !namesInput(rerr, name):
		t.Fatalf("StatsReader: error %q does not name the input %s", rerr, name)
	case rerr != nil && strings.Contains(rerr.Error(), "join them first"):
		// Refused on the header, before the entries are read.
		if h := r.Summary(); h.Rows == [2]int{0, len(h.Vocab)} {
			t.Fatalf("StatsReader.Matrix: %v; the header's rows %v", rerr, h.Rows)
		}
	case (rerr == nil) != (serr == nil) || rerr != nil && rerr.Error() != serr.Error():
		t.Fatalf("StatsReader: %v; ReadStatsSummary: %v", rerr, serr)
	}
	if serr != nil {
		return
	}
	// The summary is the file's: its digest is the file's checksum.
	if end := data; len(end) >= sha256.Size && end[0] != 0x1f {
		if want := hex.EncodeToString(end[len(end)-sha256.Size:]); sum.Digest != want {
			t.Fatalf("digest %s, the file's checksum is %s", sum.Digest, want)
		}
	}
	if rerr == nil && !reflect.DeepEqual(r.Summary(), sum) {
		t.Fatalf("StatsReader.Summary after Matrix: %+v, want %+v", r.Summary(), sum)
	}
	// The words are a vocabulary file's: it writes and reads them back.
	if len(sum.Vocab) > 0 {
		var vb bytes.Buffer
		if err := corpus.WriteVocab(&vb, &corpus.Corpus{Vocab: sum.Vocab}); err != nil {
			t.Fatalf("words read that a vocabulary file cannot hold: %v", err)
		}
		back, err := corpus.ReadVocab(&vb, "vocab")
		if err != nil || !slices.Equal(back, sum.Vocab) {
			t.Fatalf("words %q read back from a vocabulary file as %q, %v", sum.Vocab, back, err)
		}
	}
	if tooBig {
		return
	}
	want := s.Summary()
	want.Digest = sum.Digest
	if !reflect.DeepEqual(sum, want) {
		t.Fatalf("ReadStatsSummary: %+v; ReadStats's: %+v", sum, want)
	}
	if m != nil {
		q, err := s.Matrix(context.Background(), fuzzLimit, 1)
		if err != nil || !reflect.DeepEqual(m, q) {
			t.Fatalf("StatsReader.Matrix is not Stats.Matrix (%v)", err)
		}
	}
	// What reads writes, and reads back as the same statistics.
	var buf bytes.Buffer
	if _, err := s.WriteTo(&buf); err != nil {
		t.Fatalf("statistics read do not write: %v", err)
	}
	again, err := ReadStats(bytes.NewReader(buf.Bytes()), "again", fuzzLimit)
	if err != nil {
		t.Fatalf("statistics written do not read back: %v", err)
	}
	if again.Digest() != s.Digest() || !reflect.DeepEqual(again.Summary(), s.Summary()) {
		t.Fatalf("statistics read back as %+v, want %+v", again.Summary(), s.Summary())
	}
	if d := hex.EncodeToString(buf.Bytes()[buf.Len()-sha256.Size:]); d != s.Digest() {
		t.Fatalf("written checksum %s, Digest %s", d, s.Digest())
	}
}

// withoutDigest returns a copy of sum without its digest (a StatsReader's
// summary before Matrix), nil when err is not.
func withoutDigest(sum *StatsSummary, err error) *StatsSummary {
	if err != nil {
		return nil
	}
	c := *sum
	c.Digest = ""
	return &c
}

// FuzzReadStatsChecksummed fuzzes the body of a statistics file and
// appends its checksum (gzip-compressing the whole when gz), so that a
// mutated file is accepted or refused on its content, not on a checksum
// it almost never matches (FuzzReadStats's): ReadStats, ReadStatsSummary
// and StatsReader must agree, their errors name the input, and what they
// accept is words a vocabulary file holds and statistics that write and
// read back.
func FuzzReadStatsChecksummed(f *testing.F) {
	for _, file := range validStatsFiles(f) {
		f.Add(file[:len(file)-sha256.Size], false)
	}
	f.Add([]byte(statsMagic+`{"vocab":["a","b"],"doc_freq":[1,1],"docs":1,"used":1,"tokens":2,"rows":[0,2],"nonzeros":1}`+"\n\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00"), true)
	// Found by the fuzzer: no words (read as nil, written as []), and a
	// range of rows cut short (Matrix refuses the rows first).
	f.Add([]byte(statsMagic+"{}\n"), false)
	f.Add([]byte(statsMagic+`{"voCAB":["0","1","2","7","8","9"],"doCs":10,"doC_freq":[0,0,0,0,0,0],"rows":[1,2],"nonZeros":1}`+"\n"), false)
	f.Fuzz(func(t *testing.T, body []byte, gz bool) {
		data := checksummed(body)
		if gz {
			var buf bytes.Buffer
			zw := gzip.NewWriter(&buf)
			zw.Write(data)
			zw.Close()
			data = buf.Bytes()
		}
		checkStatsBytes(t, data, "fuzz.stats")
	})
}

// FuzzLoadStats fuzzes a file read by path: LoadStats and
// LoadStatsSummary fail as ReadStats does on its bytes, naming the path,
// or read what it reads.
func FuzzLoadStats(f *testing.F) {
	for _, file := range validStatsFiles(f) {
		f.Add(file)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "f.stats")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		checkStatsBytes(t, data, path)
		want, werr := ReadStats(bytes.NewReader(data), path, fuzzLimit)
		s, err := LoadStats(path, fuzzLimit)
		if (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
			t.Fatalf("LoadStats: %v; ReadStats: %v", err, werr)
		}
		if err == nil && s.Digest() != want.Digest() {
			t.Fatal("LoadStats read other statistics than ReadStats")
		}
		sum, err := LoadStatsSummary(path)
		wantSum, werr := ReadStatsSummary(bytes.NewReader(data), path)
		if (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() || err == nil && !reflect.DeepEqual(sum, wantSum) {
			t.Fatalf("LoadStatsSummary: %v (%+v); ReadStatsSummary: %v (%+v)", err, sum, werr, wantSum)
		}
	})
}

// FuzzMergeFiles merges two fuzzed files (their checksums made anew):
// MergeFiles fails naming the file at fault, or gives what the Merge of
// the files' statistics gives, in either order.
func FuzzMergeFiles(f *testing.F) {
	files := validStatsFiles(f)
	for i, a := range files {
		b := files[(i+1)%len(files)]
		f.Add(a[:len(a)-sha256.Size], b[:len(b)-sha256.Size])
	}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		dir := t.TempDir()
		paths := []string{filepath.Join(dir, "a.stats"), filepath.Join(dir, "b.stats")}
		for i, body := range [][]byte{a, b} {
			if err := os.WriteFile(paths[i], checksummed(body), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		var parts [2]*Stats
		var digests [2]string
		var loadErrs [2]error
		for i, path := range paths {
			parts[i], digests[i], loadErrs[i] = loadStats(context.Background(), path, fuzzLimit)
		}
		if loadErrs[0] != nil || loadErrs[1] != nil {
			// Either order fails naming its first unreadable file.
			for _, order := range [2][2]int{{0, 1}, {1, 0}} {
				bad := order[0]
				if loadErrs[bad] == nil {
					bad = order[1]
				}
				_, merr := MergeFiles(context.Background(), []string{paths[order[0]], paths[order[1]]}, fuzzLimit)
				if merr == nil || !namesInput(merr, paths[bad]) {
					t.Fatalf("MergeFiles of %v, %s unreadable (%v): %v", order, paths[bad], loadErrs[bad], merr)
				}
			}
			return
		}
		for _, order := range [2][2]int{{0, 1}, {1, 0}} {
			got, err := MergeFiles(context.Background(), []string{paths[order[0]], paths[order[1]]}, fuzzLimit)
			first, second := parts[order[0]], parts[order[1]]
			want, _, lerr := loadStats(context.Background(), paths[order[0]], fuzzLimit)
			if lerr != nil {
				t.Fatal(lerr)
			}
			merr := want.Merge(second)
			switch {
			case digests[0] == digests[1] && first.Used > 0:
				if err == nil || !strings.Contains(err.Error(), "hold the same statistics") {
					t.Fatalf("a copy merged: %v", err)
				}
			case merr != nil:
				if err == nil || !strings.HasPrefix(err.Error(), paths[order[1]]+": ") {
					t.Fatalf("MergeFiles: %v; Merge: %v", err, merr)
				}
				// Merge's error, but that each preparation is given to its file.
				want := paths[order[1]] + ": " + merr.Error()
				if _, ok := errors.AsType[*prepError](merr); ok {
					want = fmt.Sprintf("%s: cooc: its documents were prepared as [%s], those of %s, merged before it, as [%s]",
						paths[order[1]], second.Preprocessing, paths[order[0]], first.Preprocessing)
				}
				if !strings.HasPrefix(err.Error(), want) {
					t.Fatalf("MergeFiles: %v; want %s...", err, want)
				}
			case err != nil:
				t.Fatalf("MergeFiles: %v; Merge merged", err)
			case got.Digest() != want.Digest():
				t.Fatal("MergeFiles gave other statistics than Merge")
			}
		}
	})
}
