// Package memory holds hull's memory guard: the default limit (half the
// machine's RAM), the error a computation returns before allocating above
// it, the parsing and printing of byte sizes, and the peak resident memory
// of this process (PeakRSS: measured on Linux, 0 elsewhere), and the
// resident memory the Go runtime does not
// manage (OutsideGo, Linux). Learners reach the guard through
// learner.Settings.CheckMemory; cooc.Compute uses it directly.
//
// Complexity: constant, except DefaultLimit, which reads /proc/meminfo once.
package memory
