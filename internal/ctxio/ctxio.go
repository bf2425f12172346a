package ctxio

import (
	"context"
	"errors"
	"io"
)

// ErrNilContext is the error of a call given a nil context: hull's
// functions return it where the context would be dereferenced, often in
// a worker goroutine, whose panic no caller could recover.
var ErrNilContext = errors.New("nil context (pass context.Background())")

// Err returns ErrNilContext for a nil ctx, else ctx.Err(): the check at
// the entry of a function taking a context.
func Err(ctx context.Context) error {
	if ctx == nil {
		return ErrNilContext
	}
	return ctx.Err()
}

// Reader returns r whose reads fail with ctx's error once ctx is done
// (ErrNilContext for a nil ctx).
func Reader(ctx context.Context, r io.Reader) io.Reader { return reader{ctx, r} }

// Writer returns w whose writes fail with ctx's error once ctx is done
// (ErrNilContext for a nil ctx).
func Writer(ctx context.Context, w io.Writer) io.Writer { return writer{ctx, w} }

type reader struct {
	ctx context.Context
	r   io.Reader
}

func (c reader) Read(p []byte) (int, error) {
	if err := Err(c.ctx); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

type writer struct {
	ctx context.Context
	w   io.Writer
}

func (c writer) Write(p []byte) (int, error) {
	if err := Err(c.ctx); err != nil {
		return 0, err
	}
	return c.w.Write(p)
}
