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

// Error is the error of a damaged gzip stream: Err is compress/gzip's
// (or io.ErrUnexpectedEOF for a stream cut short).
type Error struct{ Err error }

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
// gzip's magic bytes, else a decoder whose errors of damaged data are
// *Error (other errors, the underlying reader's, pass as they are). A
// damaged gzip header is an *Error at once.
func NewReader(br *bufio.Reader) (io.Reader, error) {
	if head, _ := br.Peek(2); !IsMagic(head) {
		return br, nil
	}
	zr, err := gzip.NewReader(br)
	if err != nil {
		return nil, damaged(err)
	}
	return reader{zr}, nil
}

// reader is a gzip decoder whose errors of damaged data are *Error.
type reader struct{ zr *gzip.Reader }

func (r reader) Read(p []byte) (int, error) {
	n, err := r.zr.Read(p)
	if err != nil && err != io.EOF {
		err = damaged(err)
	}
	return n, err
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
