// Package gz opens the inputs hull reads gzip-compressed or not, whatever
// their names: a stream that starts with gzip's magic bytes (1f 8b) is
// decompressed, and the errors of a damaged stream are an *Error saying
// how it is damaged (cut short, or corrupt), which the readers report as
// the input's fault, not the machine's. Corpora, models, statistics and
// stop-word files all go through it. Decompression costs O(bytes).
package gz

import (
	"bufio"
	"compress/flate"
	"compress/gzip"
	"errors"
	"io"
)

// IsMagic reports whether head starts with gzip's magic bytes.
func IsMagic(head []byte) bool {
	return len(head) >= 2 && head[0] == 0x1f && head[1] == 0x8b
}

// Error is the error of a damaged gzip stream: Err is compress/gzip's,
// io.ErrUnexpectedEOF for a stream cut short, or ErrTrailing.
type Error struct{ Err error }

// ErrTrailing is the Err of an *Error for bytes after the last gzip
// member that are not another member.
var ErrTrailing = errors.New("trailing bytes that begin no gzip member")

// Truncated reports whether the stream ends before its end marker.
func (e *Error) Truncated() bool {
	return errors.Is(e.Err, io.ErrUnexpectedEOF) || errors.Is(e.Err, io.EOF)
}

func (e *Error) Error() string {
	if e.Truncated() {
		return "truncated gzip stream: the compressed data ends too early (is the file complete?)"
	}
	return "corrupt gzip stream: " + e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }

// NewReader returns the content of br: br itself unless it starts with
// gzip's magic bytes, else a decoder of its gzip members, one after the
// other (as gzip -d), whose errors of damaged data are *Error (other
// errors, the underlying reader's, pass as they are). A damaged gzip
// header is an *Error at once, and so are bytes after the last member
// that begin no other.
func NewReader(br *bufio.Reader) (io.Reader, error) {
	if head, _ := br.Peek(2); !IsMagic(head) {
		return br, nil
	}
	zr, err := gzip.NewReader(br)
	if err != nil {
		return nil, damaged(err)
	}
	zr.Multistream(false)
	return &reader{zr: zr, br: br}, nil
}

// reader decodes the gzip members of br one at a time, so that what
// follows the last one is seen: compress/gzip's own multistream reading
// called junk shorter than a header a stream cut short. The decoder reads
// br byte by byte (a bufio.Reader is an io.ByteReader), never past a
// member's end.
type reader struct {
	zr *gzip.Reader
	br *bufio.Reader
}

func (r *reader) Read(p []byte) (int, error) {
	for {
		n, err := r.zr.Read(p)
		if err != io.EOF {
			if err != nil {
				err = damaged(err)
			}
			return n, err
		}
		head, perr := r.br.Peek(2)
		switch {
		case perr != nil && perr != io.EOF:
			return n, perr // the machine's, whatever came before it
		case len(head) == 0:
			return n, io.EOF
		case !IsMagic(head):
			return n, &Error{ErrTrailing}
		}
		if err := r.zr.Reset(r.br); err != nil {
			return n, damaged(err)
		}
		r.zr.Multistream(false)
		if n > 0 {
			return n, nil
		}
	}
}

// damaged returns err as an *Error when it says the gzip data is damaged
// (cut short, a bad header or checksum, corrupt deflate data), else err.
func damaged(err error) error {
	var ce flate.CorruptInputError
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF),
		errors.Is(err, gzip.ErrChecksum), errors.Is(err, gzip.ErrHeader), errors.As(err, &ce):
		return &Error{err}
	}
	return err
}
