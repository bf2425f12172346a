package memory

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// For TestPeakRSSOfChild the test binary runs as a parent that grows by
// rssParentBytes and starts itself again as a child that touches
// rssChildBytes, prints its PeakRSS and exits; the parent prints what
// the child printed. The test process itself does not grow: under the
// race detector the shadow of 384 MiB stayed resident outside Go's
// accounting, which TestOutsideGo then counted.
const (
	rssRoleEnv     = "HULL_MEMORY_RSS_ROLE"
	rssParentBytes = 384 << 20
	rssChildBytes  = 64 << 20
)

func TestMain(m *testing.M) {
	switch os.Getenv(rssRoleEnv) {
	case "child":
		runtime.KeepAlive(touch(rssChildBytes))
		fmt.Println(PeakRSS())
		os.Exit(0)
	case "parent":
		b := touch(rssParentBytes)
		out, err := rssSelf("child")
		runtime.KeepAlive(b)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Print(out)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// rssSelf runs the test binary in the role given and returns its output.
func rssSelf(role string) (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), rssRoleEnv+"="+role)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("%s: %v: %s", role, err, out)
	}
	return string(out), nil
}

// touch allocates n bytes and writes every page, so that they are resident.
func touch(n int) []byte {
	b := make([]byte, n)
	for i := 0; i < len(b); i += 4096 {
		b[i] = 1
	}
	return b
}

// aroundTouch returns measure's figure before and after 64 MiB of heap
// are touched, and false where it is not measured (not Linux), having
// checked that it then says 0.
func aroundTouch(t *testing.T, measure func() int64) (before, after int64, measured bool) {
	t.Helper()
	before = measure()
	b := touch(64 << 20)
	after = measure()
	runtime.KeepAlive(b)
	if runtime.GOOS != "linux" {
		if before != 0 || after != 0 {
			t.Fatalf("on %s: %d then %d, want 0 (not measured)", runtime.GOOS, before, after)
		}
		return before, after, false
	}
	return before, after, true
}

func TestPeakRSS(t *testing.T) {
	before, after, measured := aroundTouch(t, PeakRSS)
	if !measured {
		return
	}
	// Bytes, not kilobytes: 64 MiB of touched pages are resident.
	if after < before || after < 64<<20 {
		t.Errorf("peak RSS %d before touching 64 MiB, %d after: want at least %d after", before, after, 64<<20)
	}
	if after > 1<<40 {
		t.Errorf("peak RSS %d: not in bytes", after)
	}
}

// TestPeakRSSOfChild: a child a grown process starts measures its own
// peak, not its parent's: getrusage's ru_maxrss starts a child of a Go
// program at its parent's peak, which hull bench reported as its fits'.
func TestPeakRSSOfChild(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the peak resident set is measured on Linux")
	}
	out, err := rssSelf("parent")
	if err != nil {
		t.Fatal(err)
	}
	got, err := strconv.ParseInt(strings.TrimSpace(out), 10, 64)
	if err != nil {
		t.Fatalf("child printed %q", out)
	}
	// The child touched rssChildBytes; its parent, grown by 384 MiB, is
	// not its floor.
	if got < rssChildBytes || got >= rssParentBytes {
		t.Errorf("child's peak RSS %d bytes, want at least the %d it touched and below its parent's %d", got, rssChildBytes, rssParentBytes)
	}
}

func TestStatusKB(t *testing.T) {
	status := []byte("Name:\thull\nVmPeak:\t  123 kB\nVmHWM:\t   5120 kB\nVmRSS:\t 4000 kB\n")
	if kb, ok := statusKB(status, "VmHWM:"); !ok || kb != 5120 {
		t.Errorf("VmHWM: %d, %v; want 5120", kb, ok)
	}
	for _, bad := range []string{"VmHWM:\t12 MB\n", "VmHWM:\n", "VmHWM:\t-4 kB\n", "VmRSS:\t4 kB\n"} {
		if kb, ok := statusKB([]byte(bad), "VmHWM:"); ok {
			t.Errorf("%q: %d, want not read", bad, kb)
		}
	}
}

// OutsideGo counts the binary's resident pages, not the heap: touching
// 64 MiB of heap leaves it within a few MiB.
func TestOutsideGo(t *testing.T) {
	before, after, measured := aroundTouch(t, OutsideGo)
	if !measured {
		return
	}
	if before <= 0 || before > 256<<20 {
		t.Errorf("OutsideGo() = %d before touching the heap: want the binary's resident pages, 0 to 256 MiB", before)
	}
	if raceEnabled {
		return // the race detector's shadow of the heap is outside Go's accounting
	}
	if d := after - before; d > 8<<20 || d < -8<<20 {
		t.Errorf("OutsideGo() %d before touching 64 MiB of heap, %d after: it counts the heap", before, after)
	}
}
