// Package memory holds hull's memory guard: the default limit (half the
// machine's RAM), the error a computation returns before allocating above
// it, and the parsing and printing of byte sizes. Learners reach it through
// learner.Settings.CheckMemory; cooc.Compute uses it directly.
//
// Complexity: constant, except DefaultLimit, which reads /proc/meminfo once.
package memory
