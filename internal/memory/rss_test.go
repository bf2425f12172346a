package memory

import (
	"os"
	"os/exec"
	"runtime"
	"testing"
)

// rssChildEnv makes the test binary, run as a child by TestChildPeakRSS,
// touch rssChildBytes and exit.
const (
	rssChildEnv   = "HULL_MEMORY_RSS_CHILD=1"
	rssChildBytes = 64 << 20
)

func TestMain(m *testing.M) {
	if os.Getenv("HULL_MEMORY_RSS_CHILD") == "1" {
		runtime.KeepAlive(touch(rssChildBytes))
		os.Exit(0)
	}
	os.Exit(m.Run())
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

func TestChildPeakRSS(t *testing.T) {
	if ChildPeakRSS(nil) != 0 {
		t.Error("ChildPeakRSS(nil) != 0")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	child := exec.Command(exe, "-test.run=^$")
	child.Env = append(os.Environ(), rssChildEnv)
	if out, err := child.CombinedOutput(); err != nil {
		t.Fatalf("child: %v: %s", err, out)
	}
	got := ChildPeakRSS(child.ProcessState)
	if runtime.GOOS != "linux" {
		if got != 0 {
			t.Fatalf("on %s: child peak RSS %d, want 0 (not measured)", runtime.GOOS, got)
		}
		return
	}
	// The child touched rssChildBytes; this process's own peak is not it.
	if got < rssChildBytes || got > 1<<40 {
		t.Errorf("child peak RSS %d bytes, want at least the %d it touched", got, rssChildBytes)
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
