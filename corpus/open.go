package corpus

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"path/filepath"
	"strconv"

	"github.com/hulltopics/hull/internal/gz"
	"github.com/hulltopics/hull/internal/progress"
)

// Input plumbing shared by every reader: transparent gzip decompression
// of a stream, progress reporting, a line scanner that counts lines, and
// an allocation-free integer field parser.

const (
	// peekSize is the read buffer of an opened input; format detection
	// looks at most at this many leading (decompressed) bytes.
	peekSize = 64 << 10
	// maxLineLen bounds a single input line (an LDA-C document line).
	maxLineLen = 1 << 28
)

// maxWholeLen bounds an input read whole (an SGML file, a file of a
// directory) once decompressed: a gzip of 1 MB that inflates to 1 GiB of
// spaces took 5.7 GiB and two minutes to read as SGML. A variable for
// the tests.
var maxWholeLen int64 = 1 << 30

// errTooLong is the error of an input read whole that is longer than
// maxWholeLen.
var errTooLong = errors.New("longer than 1 GiB (decompressed), and such a file is read whole: split it into files")

// readAllBounded returns what r holds, or errTooLong (with what it read)
// when that is more than maxWholeLen bytes.
func readAllBounded(r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxWholeLen+1))
	if err == nil && int64(len(data)) > maxWholeLen {
		return data, errTooLong
	}
	return data, err
}

var utf8BOM = []byte{0xef, 0xbb, 0xbf}

// mib is the step of byte counts' progress: about every MiB.
const mib = 1 << 20

// sizeOf returns the length in bytes of the stream r if it tells it (a
// regular *os.File, or a reader with a Len method such as *bytes.Reader,
// *strings.Reader or *bytes.Buffer), else -1. It only feeds progress.
func sizeOf(r io.Reader) int64 {
	switch r := r.(type) {
	case interface{ Len() int }:
		return int64(r.Len())
	case interface{ Stat() (fs.FileInfo, error) }:
		if fi, err := r.Stat(); err == nil && fi.Mode().IsRegular() {
			return fi.Size()
		}
	}
	return -1
}

// withProgress returns r reporting the bytes read through it to report
// (if non-nil) under the stage "read BASE", BASE the base name of name;
// size is the length of r, -1 if unknown.
func withProgress(r io.Reader, name string, size int64, report progress.Func) io.Reader {
	return progress.Reader(r, progress.New(report, "read "+filepath.Base(name), int(max(size, 0)), mib))
}

// decompress wraps r in a buffered reader, inserting a gzip decoder when
// the stream starts with the gzip magic bytes (1f 8b), whatever its name,
// and skipping a UTF-8 byte order mark. name prefixes errors. Every
// stream reader (data files, vocabulary files, ReadFrom) goes through it.
func decompress(r io.Reader, name string) (*bufio.Reader, error) {
	br := bufio.NewReaderSize(r, peekSize)
	content, err := gz.NewReader(br)
	if err != nil {
		return nil, streamError(name, 0, err)
	}
	if content != io.Reader(br) {
		br = bufio.NewReaderSize(content, peekSize)
	}
	if bom, _ := br.Peek(len(utf8BOM)); bytes.Equal(bom, utf8BOM) {
		br.Discard(len(utf8BOM))
	}
	head, _ := br.Peek(binaryPeek)
	if err := notText(head); err != nil {
		return nil, parseErr(name, 0, "%v", err)
	}
	if line, col := nulAt(head); line > 0 {
		return nil, parseErr(name, line, "%s", nulMessage(col))
	}
	return br, nil
}

// nulAt returns the 1-based line of the first NUL byte of data and its
// 1-based byte in the line, or 0, 0 when data holds none. No text hull
// reads holds a NUL byte: a binary file read as text gave junk topics,
// with exit 0.
func nulAt(data []byte) (line, col int) {
	i := bytes.IndexByte(data, 0)
	if i < 0 {
		return 0, 0
	}
	start := bytes.LastIndexByte(data[:i], '\n') + 1
	return bytes.Count(data[:start], []byte{'\n'}) + 1, i - start + 1
}

// nulMessage says what a NUL byte at byte col of a line means.
func nulMessage(col int) string {
	return fmt.Sprintf("a NUL byte at byte %d of the line: binary data (or UTF-16), not the text hull reads (UTF-8, Latin-1)", col)
}

// binaryPeek is how many bytes of a stream notText looks at.
const binaryPeek = 4096

// compressionMagic maps the magic bytes of the compressed and archive
// formats hull does not read to their names.
var compressionMagic = []struct{ magic, name string }{
	{"BZh", "bzip2"}, {"\xfd7zXZ\x00", "xz"}, {"\x28\xb5\x2f\xfd", "zstd"},
	{"PK\x03\x04", "zip"}, {"7z\xbc\xaf\x27\x1c", "7-Zip"}, {"\x04\x22\x4d\x18", "lz4"},
}

// statsFilePrefix begins the first line of a statistics file of package
// cooc ("hull-stats 1"), whose header is text for tens of kilobytes
// before its binary entries.
const statsFilePrefix = "hull-stats "

// StatsFileHint ends the error of a statistics file read as documents:
// it says what reads one. A command line tool may replace it with its
// own way.
const StatsFileHint = "load it with cooc.LoadStats and fit it with a learner.StatsLearner's FitStats"

// notText returns an error when head, the first bytes of a decompressed
// stream, is not text: the magic bytes of another compression or archive
// format, or a statistics file. (A NUL byte is nulAt's, which says its
// line.)
func notText(head []byte) error {
	if bytes.HasPrefix(head, []byte(statsFilePrefix)) {
		return errors.New("a co-occurrence statistics file (hull stats), not documents: " + StatsFileHint)
	}
	for _, c := range compressionMagic {
		if bytes.HasPrefix(head, []byte(c.magic)) && (c.name != "bzip2" || isBzip2(head)) {
			return fmt.Errorf("compressed with %s: hull reads plain or gzip-compressed files; decompress it first", c.name)
		}
	}
	return nil
}

// isBzip2 reports whether head starts a bzip2 stream: "BZh", the block
// size ('1' to '9'), then the magic of a block (the digits of pi) or of
// the end of the stream (those of the square root of pi), so that text
// starting "BZh9" is read as text.
func isBzip2(head []byte) bool {
	if len(head) < 10 || head[3] < '1' || head[3] > '9' {
		return false
	}
	magic := string(head[4:10])
	return magic == "\x31\x41\x59\x26\x53\x59" || magic == "\x17\x72\x45\x38\x50\x90"
}

// lineScanner reads an input line by line, counting lines from 1. Lines
// lose their terminating "\n" or "\r\n".
type lineScanner struct {
	sc    *bufio.Scanner
	split *lineSplitter
	name  string
	line  int   // number of the line last returned
	nul   error // the error of a line holding a NUL byte, which ends the scan
}

func newLineScanner(r io.Reader, name string) *lineScanner {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLineLen)
	split := new(lineSplitter)
	sc.Split(split.split)
	return &lineScanner{sc: sc, split: split, name: name}
}

// lineSplitter is bufio.ScanLines in time linear in the length of a line.
// A Scanner passes its split function the whole unconsumed buffer after
// each read, so ScanLines searches a long line again from its start after
// every read (quadratic: 53 s of CPU for one 300 MiB line); lineSplitter
// resumes the search where the previous call stopped. That is valid
// because the Scanner hands it the same unconsumed bytes, grown, until it
// returns a token.
type lineSplitter struct {
	searched int   // bytes of the pending data known to hold no '\n'
	examined int64 // bytes searched for '\n' in all, for tests
}

func (l *lineSplitter) split(data []byte, atEOF bool) (advance int, token []byte, err error) {
	from := min(l.searched, len(data))
	i := bytes.IndexByte(data[from:], '\n')
	if i < 0 {
		l.examined += int64(len(data) - from)
	} else {
		l.examined += int64(i + 1)
		i += from
		l.searched = 0
		return i + 1, dropCR(data[:i]), nil
	}
	if atEOF {
		l.searched = 0
		if len(data) == 0 {
			return 0, nil, nil
		}
		return len(data), dropCR(data), nil
	}
	l.searched = len(data)
	return 0, nil, nil
}

// dropCR drops a terminal '\r' from b.
func dropCR(b []byte) []byte {
	if len(b) > 0 && b[len(b)-1] == '\r' {
		return b[:len(b)-1]
	}
	return b
}

// next returns the next line, or false at the end of the input or on a
// read error (see err). A line that a read error may have cut (a
// truncated gzip stream) is not returned: the error is what is wrong.
func (s *lineScanner) next() ([]byte, bool) {
	if s.nul != nil || !s.sc.Scan() || s.sc.Err() != nil {
		return nil, false
	}
	s.line++
	b := s.sc.Bytes()
	if i := bytes.IndexByte(b, 0); i >= 0 {
		s.nul = parseErr(s.name, s.line, "%s", nulMessage(i+1))
		return nil, false
	}
	return b, true
}

// nextData returns the next line that is not blank (blank lines are
// skipped by the numeric formats).
func (s *lineScanner) nextData() ([]byte, bool) {
	for {
		b, ok := s.next()
		if !ok || len(bytes.TrimSpace(b)) > 0 {
			return b, ok
		}
	}
}

// err returns the error that ended the scan, if any, naming the file and,
// for an over-long line, the line.
func (s *lineScanner) err() error {
	if s.nul != nil {
		return s.nul
	}
	err := s.sc.Err()
	switch {
	case err == nil:
		return nil
	case errors.Is(err, bufio.ErrTooLong):
		return parseErr(s.name, s.line+1, "line longer than %d bytes", maxLineLen)
	default:
		return streamError(s.name, s.line, err)
	}
}

// streamError describes a read error of the stream name after line lines
// (0: before the first full line).
func streamError(name string, line int, err error) error {
	where := "before the first line"
	if line > 0 {
		where = fmt.Sprintf("after line %d", line)
	}
	// A damaged stream is the input's fault (a *ParseError: exit 2 in
	// hull, bad input in hull-beam), another read error the machine's.
	var damaged *gz.Error
	switch {
	case errors.Is(err, errTooLong):
		return &ParseError{File: name, Msg: err.Error()}
	case !errors.As(err, &damaged):
		return fmt.Errorf("%s: %w", name, err)
	case damaged.Truncated():
		return &ParseError{File: name, Msg: fmt.Sprintf("%v: it breaks off %s", damaged, where), Err: err}
	}
	return &ParseError{File: name, Msg: fmt.Sprintf("corrupt gzip stream %s: %v", where, damaged.Err), Err: err}
}

// errorf returns a *ParseError at the line last returned.
func (s *lineScanner) errorf(format string, args ...any) error {
	return parseErr(s.name, s.line, format, args...)
}

// isSpace reports whether c separates fields on a numeric line.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'
}

// splitFields appends the whitespace-separated fields of line to dst[:0]
// and returns it; the fields alias line.
func splitFields(dst [][]byte, line []byte) [][]byte {
	dst = dst[:0]
	i := 0
	for i < len(line) {
		for i < len(line) && isSpace(line[i]) {
			i++
		}
		j := i
		for j < len(line) && !isSpace(line[j]) {
			j++
		}
		if j > i {
			dst = append(dst, line[i:j])
		}
		i = j
	}
	return dst
}

// numLimit is the saturation value of parseInt: larger magnitudes parse as
// ±numLimit, which every caller rejects as out of range.
const numLimit = math.MaxInt64 / 16

// parseInt parses a decimal integer with an optional leading '-'. Values
// beyond ±numLimit saturate. ok is false when b is not an integer.
func parseInt(b []byte) (v int64, ok bool) {
	neg := len(b) > 0 && b[0] == '-'
	if neg {
		b = b[1:]
	}
	if len(b) == 0 {
		return 0, false
	}
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		if v < numLimit {
			v = v*10 + int64(c-'0')
		}
	}
	v = min(v, numLimit)
	if neg {
		v = -v
	}
	return v, true
}

// isDigits reports whether b is a non-empty string of ASCII digits.
func isDigits(b []byte) bool {
	_, ok := parseInt(b)
	return ok && len(b) > 0 && b[0] != '-'
}

// quote returns b as a quoted string for messages, shortened if long.
func quote(b []byte) string {
	const max = 60
	if len(b) > max {
		return strconv.Quote(string(b[:max])) + "..."
	}
	return strconv.Quote(string(b))
}
