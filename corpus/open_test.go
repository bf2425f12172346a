package corpus

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hulltopics/hull/internal/gz"
)

// TestLongLineLinear scans a gzip-compressed 16 MiB line: the search for
// its end must look at each byte once, not once per read (issue 15: a
// 300 MiB line inside gzip took 53 s of CPU before "line too long").
func TestLongLineLinear(t *testing.T) {
	const n = 16 << 20
	long := strings.Repeat("1 ", n/2)
	br, err := decompress(strings.NewReader(gzipBytes([]byte(long+"\nlast\n"))), "long.gz")
	if err != nil {
		t.Fatal(err)
	}
	s := newLineScanner(br, "long.gz")
	var lens []int
	for {
		line, ok := s.next()
		if !ok {
			break
		}
		lens = append(lens, len(line))
	}
	if err := s.err(); err != nil {
		t.Fatal(err)
	}
	if len(lens) != 2 || lens[0] != n || lens[1] != 4 {
		t.Fatalf("line lengths %v, want [%d 4]", lens, n)
	}
	if got, most := s.split.examined, int64(n+16); got > most {
		t.Errorf("%d bytes examined for %d bytes of input, want at most %d", got, n+6, most)
	}
}

// TestTruncatedGzip reads gzip streams cut short: the error says that the
// stream is truncated and after which line, instead of reporting the
// line it cut as malformed (issue 15).
func TestTruncatedGzip(t *testing.T) {
	var b strings.Builder
	for i := range 100000 {
		fmt.Fprintf(&b, "%d %d %d\n", i+1, i%5+1, i%7+1)
	}
	data := gzipBytes([]byte(b.String()))
	for _, cut := range []int{len(data) / 2, len(data) - 4, 12} {
		_, err := ReadFrom(strings.NewReader(data[:cut]), "t.gz", ReadOptions{VocabWords: testVocab(5), Format: FormatTriplet})
		var pe *ParseError
		var damaged *gz.Error
		switch {
		case err == nil:
			t.Fatalf("cut at %d: no error", cut)
		case !errors.As(err, &pe):
			t.Fatalf("cut at %d: %v, want a *ParseError: a damaged input is bad input", cut, err)
		case pe.Err == nil:
			t.Fatalf("cut at %d: %v, a *ParseError of a line: the cut line was parsed", cut, err)
		case !errors.As(err, &damaged) || !damaged.Truncated() || !strings.HasPrefix(err.Error(), "t.gz: truncated gzip stream"):
			t.Fatalf("cut at %d: error %q, want a truncated stream", cut, err)
		case cut == len(data)/2 && !strings.Contains(err.Error(), "it breaks off after line "):
			t.Errorf("cut at %d: error %q does not say after which line", cut, err)
		}
	}
	// A corrupt checksum is a corrupt stream.
	bad := []byte(gzipBytes([]byte("1 1 1\n")))
	bad[len(bad)-5] ^= 0xff
	_, err := ReadFrom(bytes.NewReader(bad), "c.gz", ReadOptions{VocabWords: testVocab(5)})
	if err == nil || !strings.Contains(err.Error(), "c.gz: corrupt gzip stream") {
		t.Errorf("bad checksum: %v", err)
	}
	// A stream that fails within the bytes format detection reads first
	// (a small file, here with data after its gzip stream) says after
	// which line too; it said "before the first line".
	small := gzipBytes([]byte("1 1 1\n2 2 2\n3 3 3\n")) + "not gzip at all"
	_, err = ReadFrom(strings.NewReader(small), "s.gz", ReadOptions{VocabWords: testVocab(5)})
	if err == nil || !strings.Contains(err.Error(), "s.gz: corrupt gzip stream after line 3") {
		t.Errorf("data after a small gzip stream: %v", err)
	}
	// The same after SGML records longer than detection reads.
	var recs strings.Builder
	for i := range 2000 {
		fmt.Fprintf(&recs, "<DOC>\n<DOCNO> D%d </DOCNO>\n<TEXT>\nrain and snow fall on the hills\n</TEXT>\n</DOC>\n", i)
	}
	sgml := gzipBytes([]byte(recs.String())) + "not gzip at all"
	_, err = ReadFrom(strings.NewReader(sgml), "r.gz", ReadOptions{})
	if err == nil || !strings.Contains(err.Error(), "r.gz: corrupt gzip stream after line 12000") {
		t.Errorf("data after SGML records: %v", err)
	}
}

// A stream in a compression hull does not read, or holding a NUL byte
// (a binary file), is refused: both were read as text and gave junk
// topics with exit 0. Text that merely starts with the same letters is
// read ("BZh" is not bzip2 without its block-size digit and the magic of
// a block or of the end after it).
func TestNotText(t *testing.T) {
	for in, want := range map[string]string{
		"BZh91AY&SY\x00\x01": "compressed with bzip2",
		"\xfd7zXZ\x00\x00":   "compressed with xz",
		"PK\x03\x04\x14\x00": "compressed with zip",
		"id\ttext\nabc\x00d": "f:2: a NUL byte at byte 4 of the line",
		"hull-stats 1\n{}\n": "a co-occurrence statistics file (hull stats), not documents",
	} {
		_, err := ReadFrom(strings.NewReader(in), "f", ReadOptions{Format: FormatLines})
		var pe *ParseError
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want a *ParseError with %q", in, err, want)
		}
	}
	// A NUL byte beyond the first bytes looked at is refused as well, at
	// its line, in every format: line by line, and a file read whole.
	late := strings.Repeat("a line of text\n", 400) + "foo\x00bar\n"
	for _, f := range []Format{FormatLines, FormatJSONL, FormatSGML} {
		in := late
		if f == FormatJSONL {
			in = strings.Repeat(`{"text":"a"}`+"\n", 400) + `{"text":"b` + "\x00" + `"}` + "\n"
		}
		if f == FormatSGML {
			in = "<DOC>\n" + late + "</DOC>\n"
		}
		_, err := ReadFrom(strings.NewReader(in), "f", ReadOptions{Format: f})
		if want := fmt.Sprintf("f:%d: a NUL byte at byte ", 401+map[Format]int{FormatSGML: 1}[f]); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: NUL on line %d: %v, want %q", f, 401, err, want)
		}
	}
	// The entries of UCI and triplet files, parsed in parallel chunks.
	var uci, triplet strings.Builder
	uci.WriteString("1001\n3\n1001\n")
	for d := 1; d <= 1000; d++ {
		fmt.Fprintf(&uci, "%d 1 1\n", d)
		fmt.Fprintf(&triplet, "%d 1 1\n", d)
	}
	uci.WriteString("1001 2\x003\n")
	triplet.WriteString("1001 2\x003\n")
	for f, in := range map[Format]string{FormatUCI: uci.String(), FormatTriplet: triplet.String()} {
		_, err := ReadFrom(strings.NewReader(in), "f", ReadOptions{Format: f, VocabWords: []string{"a", "b", "c"}})
		line := map[Format]int{FormatUCI: 1004, FormatTriplet: 1001}[f]
		if want := fmt.Sprintf("f:%d: a NUL byte at byte 7 of the line", line); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", f, err, want)
		}
	}
	lateDir := t.TempDir()
	os.WriteFile(filepath.Join(lateDir, "late.txt"), []byte(late), 0o644)
	if _, err := ReadFile(lateDir, ReadOptions{}); err == nil || !strings.Contains(err.Error(), "late.txt:401: a NUL byte at byte 4") {
		t.Errorf("directory: %v", err)
	}
	for _, in := range []string{"BZh is a word\nand here another\n", "BZh91 is a word, and hull's vocabulary may hold it\nand here another\n"} {
		if _, err := ReadFrom(strings.NewReader(in), "f", ReadOptions{Format: FormatLines}); err != nil {
			t.Errorf("text starting with BZh: %v", err)
		}
	}
	// bzip2 of nothing: the end-of-stream magic after the header.
	if _, err := ReadFrom(strings.NewReader("BZh9\x17\x72\x45\x38\x50\x90\x00\x00\x00\x00"), "f", ReadOptions{}); err == nil || !strings.Contains(err.Error(), "compressed with bzip2") {
		t.Errorf("an empty bzip2 stream: %v", err)
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("one doc\x00"), 0o644)
	if _, err := ReadFile(dir, ReadOptions{Format: FormatDir}); err == nil || !strings.Contains(err.Error(), "NUL byte") {
		t.Errorf("a directory of a binary file: %v", err)
	}
}

// TestStatsFileNamesGoAPI: a statistics file read as documents is refused
// naming the Go API that reads it, not the command-line flag ("--stats"),
// which the library does not have.
func TestStatsFileNamesGoAPI(t *testing.T) {
	_, err := ReadFrom(strings.NewReader("hull-stats 1\n{}\n"), "stats.bin", ReadOptions{})
	if err == nil || !strings.Contains(err.Error(), "cooc.LoadStats") || !strings.Contains(err.Error(), "FitStats") || strings.Contains(err.Error(), "--") {
		t.Errorf("%v: want the Go API named, no flag", err)
	}
}
