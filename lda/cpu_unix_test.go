//go:build unix

package lda

import (
	"syscall"
	"time"
)

// cpuSeconds returns the user CPU time of the process so far: the
// benchmarks report it per operation, a figure that the other programs
// on a shared machine disturb less than the wall time.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano()).Seconds()
}
