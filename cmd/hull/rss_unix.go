//go:build linux

package main

import (
	"os"
	"syscall"
)

// peakRSS returns the peak resident set size of this process in bytes.
func peakRSS() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Maxrss << 10 // kilobytes on Linux
}

// childPeakRSS returns the peak resident set size of a finished child in bytes.
func childPeakRSS(ps *os.ProcessState) int64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss << 10
	}
	return 0
}
