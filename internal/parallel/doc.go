// Package parallel runs loops over index ranges on a fixed number of
// goroutines. The split of work never changes what is computed: callers
// write each result to its own slot, so results are identical for any
// number of threads.
//
// Complexity: For adds O(n/grain) scheduling work to the loop body's own cost.
package parallel
