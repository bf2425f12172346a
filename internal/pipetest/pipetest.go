// Package pipetest gives tests a path that reads from a pipe, as a
// shell's process substitution <(...) gives one: its bytes go to the
// first read only, and a second read finds it empty. Commands that read a
// file given by name more than once (a vocabulary, stop words) fail on
// it; the tests check they read it once. It is imported by tests only.
package pipetest

import (
	"fmt"
	"os"
	"runtime"
	"testing"
)

// Path returns /dev/fd/N of a pipe holding content, its writer closed
// and its reader closed when t ends. It skips t off Linux, where /dev/fd
// of a pipe may not open. content must fit in the pipe's buffer (64 KiB
// on Linux).
func Path(t testing.TB, content string) string {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("/dev/fd of a pipe is Linux's")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	if _, err := w.WriteString(content); err != nil {
		t.Fatal(err)
	}
	w.Close()
	return fmt.Sprintf("/dev/fd/%d", r.Fd())
}
