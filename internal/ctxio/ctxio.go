package ctxio

import (
	"context"
	"io"
)

// Reader returns r whose reads fail with ctx's error once ctx is done.
func Reader(ctx context.Context, r io.Reader) io.Reader { return reader{ctx, r} }

// Writer returns w whose writes fail with ctx's error once ctx is done.
func Writer(ctx context.Context, w io.Writer) io.Writer { return writer{ctx, w} }

type reader struct {
	ctx context.Context
	r   io.Reader
}

func (c reader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

type writer struct {
	ctx context.Context
	w   io.Writer
}

func (c writer) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(p)
}
