// Command hull learns topic models with fast, provable, geometric
// algorithms. Run "hull help" for the commands.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
)

// Exit statuses: 2 for bad input or usage (the common case), 1 for
// failures of the environment (e.g. a model that cannot be written), 130
// when interrupted.
const (
	exitFailure     = 1
	exitBadInput    = 2
	exitInterrupted = 130
)

// envError marks a failure that is not the user's input.
type envError struct{ err error }

func (e envError) Error() string { return e.err.Error() }
func (e envError) Unwrap() error { return e.err }

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	err := newRootCmd().ExecuteContext(ctx)
	if err == nil {
		return
	}
	fmt.Fprintln(os.Stderr, "hull:", err)
	var env envError
	switch {
	case errors.Is(err, context.Canceled):
		os.Exit(exitInterrupted)
	case errors.As(err, &env):
		os.Exit(exitFailure)
	default:
		os.Exit(exitBadInput)
	}
}
