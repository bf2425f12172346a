//go:build !linux

package memory

// PeakRSS returns 0: the peak resident set size is not measured on this
// platform (see the Linux version).
func PeakRSS() int64 { return 0 }

// OutsideGo returns 0: the resident memory outside the Go runtime is not
// measured on this platform (see the Linux version).
func OutsideGo() int64 { return 0 }
