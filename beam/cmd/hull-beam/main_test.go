package main

import (
	"errors"
	"fmt"
	"testing"
)

// TestExitStatus: the flags' and the inputs' errors exit 2, as hull's, a
// malformed input found during the run too; the runner's and the file
// system's exit 1.
func TestExitStatus(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want int
	}{
		{badInput{errors.New("--min-df -1: want >= 0")}, 2},
		{fmt.Errorf("building: %w", badInput{errors.New("x")}), 2},
		{runError(errors.New("job failed: worker lost")), 1},
		// A DoFn's errors, as the runner returns them.
		{runError(errors.New("stage [accumulateFn] failed:\nbad input: a.jsonl:3: \"text\" must be a string")), 2},
		{runError(errors.New("stage [writeFn] failed:\nwrite o.stats: no space left on device")), 1},
		{errors.New("the pipeline ended without writing o.stats"), 1},
	} {
		if got := exitStatus(tc.err); got != tc.want {
			t.Errorf("exitStatus(%v) = %d, want %d", tc.err, got, tc.want)
		}
	}
}

// TestErrorLineEscapes: a file name of the inputs with terminal controls
// is printed escaped.
func TestErrorLineEscapes(t *testing.T) {
	got := errorLine(runError(errors.New("stage [scanFn] failed:\nbad input: x\x1b]0;PWNED\ax.jsonl:1: \"text\" must be a string")))
	if want := `hull-beam: x\x1b]0;PWNED\ax.jsonl:1: "text" must be a string`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
