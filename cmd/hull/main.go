package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/hulltopics/hull/internal/interrupt"
	"github.com/hulltopics/hull/internal/memory"
	"github.com/hulltopics/hull/internal/textsafe"
)

// Exit statuses: 2 for bad input or usage (the common case, an unusable
// output path included), 1 for failures of the environment (e.g. a disk
// full while writing a model, standard output that cannot be written, a
// file the process has no permission to read or write),
// 128 + the signal's number when interrupted by SIGINT (130) or SIGTERM
// (143).
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
	os.Exit(hullMain())
}

// hullMain runs hull on the process's arguments and standard streams and
// returns the exit status.
//
// The first SIGINT or SIGTERM cancels the run's context: the command stops
// at its next check, removes its temporary files and exits 130 or 143
// (what is already written stays; a model being renamed into place is
// completed). A command that has not stopped stopGrace later (blocked
// opening a FIFO no one writes, or in work that does not check) is ended
// with the same status, as is the process by a second signal; the
// temporary file either may leave is removed by the next write to the
// same path.
//
// SIGPIPE is ignored, so that a reader closing standard output early
// ("hull fit -o M | head") makes writes fail with EPIPE rather than kill
// the process: the command finishes (fit saves the model before it prints
// anything) and exits 1 with "hull: writing output: ...".
func hullMain() int {
	signal.Ignore(syscall.SIGPIPE)
	ctx, done := interrupt.Watch(stopGrace, func(cause interrupt.Signal) {
		fmt.Fprintf(os.Stderr, "hull: %v; the command did not stop within %v\n", cause, stopGrace)
	})
	defer done()
	status := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	if path := os.Getenv(peakEnv); path != "" && status == 0 {
		// A fit of hull bench: its peak, which bench cannot measure.
		if err := os.WriteFile(path, strconv.AppendInt(nil, memory.PeakRSS(), 10), 0o600); err != nil {
			fmt.Fprintln(os.Stderr, "hull:", err)
			return exitFailure
		}
	}
	return status
}

// stopGrace is how long hull waits for a signalled command to stop.
const stopGrace = 5 * time.Second

// run executes hull with args and returns the exit status. A failed write
// to stdout (a full disk, a closed pipe) is remembered, later writes are
// skipped, and the status is 1 whatever the command returns.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	out := &stickyWriter{w: stdout}
	root := newRootCmd()
	root.SetArgs(args)
	root.SetOut(out)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	if out.err != nil {
		if err != nil && !errors.Is(err, out.err) {
			fmt.Fprintln(stderr, "hull:", textsafe.Escape(err.Error()))
		}
		fmt.Fprintln(stderr, "hull: writing output:", out.err)
		return exitFailure
	}
	if err == nil {
		return 0
	}
	var sig interrupt.Signal
	if errors.As(context.Cause(ctx), &sig) && errors.Is(err, context.Canceled) {
		fmt.Fprintln(stderr, "hull:", sig)
		return sig.ExitStatus()
	}
	fmt.Fprintln(stderr, "hull:", textsafe.Escape(err.Error()))
	return exitStatus(err)
}

// exitStatus returns the exit status of a command's error: 130 when
// cancelled, 1 for a failure of the environment (an envError, or a file
// the process may not read or write, or a read-only file system), 2
// otherwise.
func exitStatus(err error) int {
	var env envError
	switch {
	case errors.Is(err, context.Canceled):
		return exitInterrupted
	case errors.As(err, &env), errors.Is(err, fs.ErrPermission), errors.Is(err, syscall.EROFS):
		return exitFailure
	default:
		return exitBadInput
	}
}

// stickyWriter passes writes to w until the first error, which it records
// and returns for every later write.
type stickyWriter struct {
	w   io.Writer
	err error
}

func (s *stickyWriter) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	s.err = err
	return n, err
}
