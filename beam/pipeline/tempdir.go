package pipeline

import (
	"errors"
	"fmt"
	"os"
)

// PrivateTempDir points TMPDIR, and with it os.TempDir, at a new
// directory made in the current os.TempDir, and returns the function that
// points it back and removes the directory with what it holds.
//
// Beam's runner (runnerlib.Execute of the Go SDK v2.77) creates an empty
// file beamloopbackworker-* in os.TempDir for every pipeline run in
// loopback mode, Prism's default for a pipeline run in the process, and
// never removes it (apache/beam issue 27569): hull-beam and the tests run
// their pipelines between the two calls, so that nothing stays behind.
// TMPDIR is the process's: call it before the pipeline starts, from main
// or TestMain, not while other goroutines make temporary files.
func PrivateTempDir() (restore func() error, err error) {
	old, had := os.LookupEnv("TMPDIR")
	dir, err := os.MkdirTemp("", "hull-beam-tmp-")
	if err != nil {
		return nil, fmt.Errorf("pipeline: making a temporary directory: %w", err)
	}
	if err := os.Setenv("TMPDIR", dir); err != nil {
		return nil, errors.Join(err, os.Remove(dir))
	}
	return func() error {
		var err error
		if had {
			err = os.Setenv("TMPDIR", old)
		} else {
			err = os.Unsetenv("TMPDIR")
		}
		return errors.Join(err, os.RemoveAll(dir))
	}, nil
}
