package corpus

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
)

// Input plumbing shared by every reader: opening a file with transparent
// gzip decompression, a line scanner that counts lines, and an
// allocation-free integer field parser.

const (
	// peekSize is the read buffer of an opened input; format detection
	// looks at most at this many leading (decompressed) bytes.
	peekSize = 64 << 10
	// maxLineLen bounds a single input line (an LDA-C document line).
	maxLineLen = 1 << 28
)

var utf8BOM = []byte{0xef, 0xbb, 0xbf}

// progressReader reports the bytes read through it about every MiB and at
// the end of the stream.
type progressReader struct {
	r           io.Reader
	done, total int
	last        int
	stage       string
	report      func(stage string, done, total int)
}

func (p *progressReader) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	p.done += n
	if p.done-p.last >= 1<<20 || (err == io.EOF && p.done != p.last) {
		p.last = p.done
		p.report(p.stage, p.done, max(p.total, p.done))
	}
	return n, err
}

// input is an opened, decompressed input stream.
type input struct {
	*bufio.Reader
	closers []io.Closer
}

// Close closes the decompressor (if any) and the file.
func (in *input) Close() error {
	var first error
	for i := len(in.closers) - 1; i >= 0; i-- {
		if err := in.closers[i].Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// openInput opens path for reading. Gzip data is recognized by its magic
// bytes (1f 8b), not by the file name, and decompressed transparently.
func openInput(path string) (*input, error) { return openInputProgress(path, nil) }

// openInputProgress is openInput reporting the bytes read to progress.
func openInputProgress(path string, progress func(stage string, done, total int)) (*input, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	in := &input{closers: []io.Closer{f}}
	var r io.Reader = f
	if progress != nil {
		if fi, err := f.Stat(); err == nil {
			r = &progressReader{r: f, total: int(fi.Size()), stage: "read " + filepath.Base(path), report: progress}
		}
	}
	br, err := decompress(r, path, in)
	if err != nil {
		in.Close()
		return nil, err
	}
	in.Reader = br
	return in, nil
}

// decompress wraps r in a buffered reader, inserting a gzip decoder when
// the stream starts with the gzip magic bytes and skipping a UTF-8 byte
// order mark. Closers to release are appended to in (which may be nil).
func decompress(r io.Reader, name string, in *input) (*bufio.Reader, error) {
	br := bufio.NewReaderSize(r, peekSize)
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("%s: gzip: %w", name, err)
		}
		if in != nil {
			in.closers = append(in.closers, zr)
		}
		br = bufio.NewReaderSize(zr, peekSize)
	}
	if bom, _ := br.Peek(len(utf8BOM)); bytes.Equal(bom, utf8BOM) {
		br.Discard(len(utf8BOM))
	}
	return br, nil
}

// lineScanner reads an input line by line, counting lines from 1. Lines
// lose their terminating "\n" or "\r\n".
type lineScanner struct {
	sc   *bufio.Scanner
	name string
	line int // number of the line last returned
}

func newLineScanner(r io.Reader, name string) *lineScanner {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLineLen)
	return &lineScanner{sc: sc, name: name}
}

// next returns the next line, or false at the end of the input or on a
// read error (see err).
func (s *lineScanner) next() ([]byte, bool) {
	if !s.sc.Scan() {
		return nil, false
	}
	s.line++
	return s.sc.Bytes(), true
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
	err := s.sc.Err()
	switch {
	case err == nil:
		return nil
	case errors.Is(err, bufio.ErrTooLong):
		return parseErr(s.name, s.line+1, "line longer than %d bytes", maxLineLen)
	default:
		return fmt.Errorf("%s: %w", s.name, err)
	}
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
