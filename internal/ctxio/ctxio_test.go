package ctxio

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
)

// TestStopsOnceDone: reads and writes pass through until the context is
// done, then fail with its error.
func TestStopsOnceDone(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	r := Reader(ctx, strings.NewReader("abcdef"))
	var b bytes.Buffer
	w := Writer(ctx, &b)
	buf := make([]byte, 3)
	if n, err := r.Read(buf); n != 3 || err != nil {
		t.Fatalf("read before cancel: %d, %v", n, err)
	}
	if n, err := w.Write(buf); n != 3 || err != nil || b.String() != "abc" {
		t.Fatalf("write before cancel: %d, %v, %q", n, err, b.String())
	}
	cancel()
	if _, err := io.ReadAll(r); !errors.Is(err, context.Canceled) {
		t.Fatalf("read after cancel: %v", err)
	}
	if _, err := w.Write(buf); !errors.Is(err, context.Canceled) || b.String() != "abc" {
		t.Fatalf("write after cancel: %v, %q", err, b.String())
	}
}
