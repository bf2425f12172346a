// Package interrupt stops a command on the first SIGINT or SIGTERM, as
// hull's commands (hull, hull-beam) stop: the signal cancels the
// command's context, with a Signal as its cause, so that the command
// removes its temporary files on its way out and exits 128 + the
// signal's number (130, 143). A command that has not stopped some time
// later is ended with that status, as is the process by a second signal,
// which has its default effect.
//
// Complexity: one goroutine per Watch.
package interrupt

import (
	"context"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// Signal is the cause of a context cancelled by a signal; it is a
// context.Canceled for errors.Is.
type Signal struct{ Sig os.Signal }

func (e Signal) Error() string { return "interrupted by signal: " + e.Sig.String() }

// Is makes a Signal a context.Canceled.
func (e Signal) Is(target error) bool { return target == context.Canceled }

// ExitStatus returns 128 + the signal's number (130 for SIGINT).
func (e Signal) ExitStatus() int {
	if s, ok := e.Sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 130
}

// Watch returns a context that the first SIGINT or SIGTERM cancels, with a
// Signal as its cause, and done, to call when the command has stopped.
// When the command is not done grace after the signal, late is called with
// it and the process exits with its ExitStatus.
func Watch(grace time.Duration, late func(Signal)) (ctx context.Context, done func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	finished := make(chan struct{})
	go func() {
		var s os.Signal
		select {
		case s = <-sigs:
		case <-finished:
			return
		}
		signal.Stop(sigs) // the next signal has its default effect
		cause := Signal{s}
		cancel(cause)
		select {
		case <-finished:
		case <-time.After(grace):
			late(cause)
			os.Exit(cause.ExitStatus())
		}
	}()
	return ctx, func() {
		close(finished)
		signal.Stop(sigs)
		cancel(nil)
	}
}
