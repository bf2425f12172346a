//go:build linux

package memory

import (
	"bytes"
	"os"
	"runtime/metrics"
	"strconv"
	"syscall"
)

// PeakRSS returns the peak resident set size of this process in bytes:
// the high-water mark of its address space since it was executed (VmHWM
// in /proc/self/status), or getrusage's ru_maxrss where /proc cannot be
// read, or 0 where neither can be: on other platforms than Linux.
//
// ru_maxrss alone is not the process's own: a process started by a Go
// program (os/exec clones it sharing its parent's address space until
// the exec) or any vfork starts it at its parent's peak, so the fits of
// hull bench reported bench's own peak, 4 to 7 times theirs after it had
// read a held-out corpus.
func PeakRSS() int64 {
	if status, err := os.ReadFile("/proc/self/status"); err == nil {
		if kb, ok := statusKB(status, "VmHWM:"); ok {
			return kb << 10
		}
	}
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Maxrss << 10 // kilobytes on Linux
}

// statusKB returns the value of the line of /proc/PID/status that starts
// with key, in kB.
func statusKB(status []byte, key string) (int64, bool) {
	for line := range bytes.Lines(status) {
		rest, ok := bytes.CutPrefix(line, []byte(key))
		if !ok {
			continue
		}
		fields := bytes.Fields(rest)
		if len(fields) != 2 || string(fields[1]) != "kB" {
			return 0, false
		}
		kb, err := strconv.ParseInt(string(fields[0]), 10, 64)
		return kb, err == nil && kb >= 0
	}
	return 0, false
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
