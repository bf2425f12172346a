//go:build linux

package memory

import (
	"os"
	"syscall"
)

// PeakRSS returns the peak resident set size of this process in bytes
// (getrusage's ru_maxrss), or 0 where it cannot be measured: on other
// platforms than Linux, or if getrusage fails.
func PeakRSS() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Maxrss << 10 // kilobytes on Linux
}

// ChildPeakRSS returns the peak resident set size in bytes of the finished
// child process whose state is ps (as os/exec's Cmd.ProcessState after
// Wait), or 0 where it cannot be measured: on other platforms than Linux,
// or when ps is nil or carries no resource usage.
func ChildPeakRSS(ps *os.ProcessState) int64 {
	if ps == nil {
		return 0
	}
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss << 10
	}
	return 0
}
