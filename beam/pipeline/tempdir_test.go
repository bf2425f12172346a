package pipeline

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// TestPrivateTempDir: a pipeline run between PrivateTempDir and its
// restore leaves nothing in the temporary directory (Beam's loopback run
// leaves a beamloopbackworker-* file in it), and TMPDIR is what it was.
func TestPrivateTempDir(t *testing.T) {
	outer := t.TempDir()
	t.Setenv("TMPDIR", outer)
	dir := t.TempDir() // in TestMain's private directory, made before the change
	in := writeFile(t, dir, "in.txt", lines(rand.New(rand.NewPCG(5, 6)), 50))
	restore, err := PrivateTempDir()
	if err != nil {
		t.Fatal(err)
	}
	if got := os.TempDir(); filepath.Dir(got) != outer {
		t.Errorf("os.TempDir() = %s, want a directory in %s", got, outer)
	}
	runErr := run(t, Options{Inputs: []string{in}, Output: filepath.Join(dir, "out.stats")})
	if err := restore(); err != nil {
		t.Fatal(err)
	}
	if runErr != nil {
		t.Fatal(runErr)
	}
	if got := os.Getenv("TMPDIR"); got != outer {
		t.Errorf("TMPDIR = %q after restore, want %q", got, outer)
	}
	if left, _ := os.ReadDir(outer); len(left) > 0 {
		t.Errorf("left in the temporary directory: %v", left)
	}
}
