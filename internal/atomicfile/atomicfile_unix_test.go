//go:build unix

package atomicfile

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestWriteRefusesNonRegular: a directory, a FIFO and a device node are
// refused and left as they were; so is a missing directory.
func TestWriteRefusesNonRegular(t *testing.T) {
	dir := t.TempDir()
	targets := map[string]os.FileMode{"adir": os.ModeDir}
	os.Mkdir(filepath.Join(dir, "adir"), 0o755)
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644); err == nil {
		targets["fifo"] = os.ModeNamedPipe
	}
	// A character device like /dev/null (1, 3), made only where allowed
	// (root); writing to it would be harmless.
	if err := syscall.Mknod(filepath.Join(dir, "null"), syscall.S_IFCHR|0o666, 1<<8|3); err == nil {
		targets["null"] = os.ModeDevice | os.ModeCharDevice
	} else {
		t.Logf("no device node (%v): not tested", err)
	}
	os.Symlink("fifo", filepath.Join(dir, "link-to-fifo"))
	targets["link-to-fifo"] = os.ModeSymlink
	for name, typ := range targets {
		path := filepath.Join(dir, name)
		for _, check := range []func() error{func() error { return writeString(path, "x") }, func() error { return Check(path) }} {
			if err := check(); !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), path) {
				t.Errorf("%s: error %v, want ErrNotRegular naming it", name, err)
			}
		}
		if fi, err := os.Lstat(path); err != nil || fi.Mode().Type() != typ {
			t.Errorf("%s: now %v (%v), want type %v", name, fi.Mode(), err, typ)
		}
	}
	missing := filepath.Join(dir, "nodir", "m.json")
	if err := writeString(missing, "x"); !errors.Is(err, ErrNoDir) || strings.Contains(err.Error(), tempMarker) {
		t.Errorf("missing directory: %v", err)
	}
	if err := Check(missing); !errors.Is(err, ErrNoDir) || !strings.Contains(err.Error(), "no such directory: "+filepath.Join(dir, "nodir")) {
		t.Errorf("Check, missing directory: %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != len(targets) {
		t.Errorf("%d entries, want %d", len(entries), len(targets))
	}
}

// deadPID returns the id of a process that has exited.
func deadPID(t *testing.T) int {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}

// TestWriteRemovesStaleTemps simulates a writer killed by kill -9: its
// temporary file is removed by the next write to the same destination,
// those of live processes and of other destinations are kept.
func TestWriteRemovesStaleTemps(t *testing.T) {
	dir := t.TempDir()
	dead, live := deadPID(t), os.Getppid()
	stale := fmt.Sprintf(".m.json%s%d-12345", tempMarker, dead)
	keep := []string{
		fmt.Sprintf(".m.json%s%d-12345", tempMarker, live),     // a live writer
		fmt.Sprintf(".other.json%s%d-12345", tempMarker, dead), // another destination
		fmt.Sprintf(".m.json%s%d-12x45", tempMarker, dead),     // not a name we make
		fmt.Sprintf(".m.json.gz%s%d-12345", tempMarker, dead),  // another destination
		fmt.Sprintf(".m.json%s%d-12345", "-hull-tmp-", dead),   // not a name we make
	}
	for _, name := range append([]string{stale}, keep...) {
		os.WriteFile(filepath.Join(dir, name), []byte("partial"), 0o600)
	}
	if err := writeString(filepath.Join(dir, "m.json"), "x"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, stale)); !os.IsNotExist(err) {
		t.Errorf("stale temporary file of dead process %d kept", dead)
	}
	for _, name := range keep {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s removed", name)
		}
	}
}
