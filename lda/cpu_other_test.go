//go:build !unix

package lda

// cpuSeconds is 0 where getrusage is missing: the benchmarks then report
// no CPU time.
func cpuSeconds() float64 { return 0 }
