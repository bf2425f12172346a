//go:build linux

package memory

import (
	"bytes"
	"os"
	"runtime/metrics"
	"strconv"
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

// OutsideGo returns the resident memory of this process that the Go
// runtime does not manage, in bytes: the resident set (/proc/self/statm)
// less the memory the runtime has mapped and not released. It is mostly
// the binary's code and data (about 13 MiB for hull), which
// debug.SetMemoryLimit does not count, so a limit on the resident memory
// sets the collector's limit that much lower. It returns 0 where it
// cannot be measured.
func OutsideGo() int64 {
	statm, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	fields := bytes.Fields(statm)
	if len(fields) < 2 {
		return 0
	}
	pages, err := strconv.ParseInt(string(fields[1]), 10, 64)
	if err != nil {
		return 0
	}
	sample := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 || sample[1].Value.Kind() != metrics.KindUint64 {
		return 0 // a runtime without these metrics
	}
	held := int64(sample[0].Value.Uint64()) - int64(sample[1].Value.Uint64())
	return max(0, pages*int64(os.Getpagesize())-held)
}
