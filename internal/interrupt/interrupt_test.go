package interrupt

import (
	"context"
	"errors"
	"syscall"
	"testing"
	"time"
)

// A signal cancels the context with a Signal cause, which is a
// context.Canceled and gives 128 + its number.
func TestWatch(t *testing.T) {
	ctx, done := Watch(time.Minute, func(Signal) { t.Error("late called") })
	defer done()
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-ctx.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("the signal did not cancel the context")
	}
	var s Signal
	if !errors.As(context.Cause(ctx), &s) || s.ExitStatus() != 143 || !errors.Is(context.Cause(ctx), context.Canceled) {
		t.Errorf("cause %v (status %d), want SIGTERM's, 143, a context.Canceled", context.Cause(ctx), s.ExitStatus())
	}
}
