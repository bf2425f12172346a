// Package terms sorts and compacts the terms of one document: a slice of
// word indices and the parallel slice of their counts, as a corpus holds
// them (the CSR row of a document is its words in increasing order, each
// once).
//
// Sort packs each (word, count) pair into one uint64, the word in the high
// half, and sorts the integers: a sort through an interface swapping two
// slices took 43% of the time to read JSON lines (corpus.Builder) and
// re-indexing a corpus word by word most of 14 s at 300,000 documents.
//
// Complexity: Sort and Compact take O(n log n) time for n terms (O(n)
// when already sorted) and reuse the caller's scratch of n uint64s.
package terms

import (
	"math"
	"slices"
)

// Sort sorts words increasingly, moving counts with them; words must be
// non-negative. It returns scratch, grown to len(words) if needed, for the
// next call.
func Sort(words, counts []int32, scratch []uint64) []uint64 {
	scratch = scratch[:0]
	for i, w := range words {
		scratch = append(scratch, uint64(w)<<32|uint64(uint32(counts[i])))
	}
	slices.Sort(scratch)
	for i, e := range scratch {
		words[i], counts[i] = int32(e>>32), int32(uint32(e))
	}
	return scratch
}

// Compact sorts the terms by word unless they are sorted and sums the
// counts of a repeated word in place; it returns the number of distinct
// words n (words[:n] and counts[:n] hold them), the word whose sum
// exceeded MaxInt32 and was saturated (-1 if none), and scratch as Sort
// does.
func Compact(words, counts []int32, scratch []uint64) (n int, overflow int32, _ []uint64) {
	overflow = -1
	if !slices.IsSorted(words) {
		scratch = Sort(words, counts, scratch)
	}
	for i := range words {
		if n > 0 && words[n-1] == words[i] {
			sum := int64(counts[n-1]) + int64(counts[i])
			if sum > math.MaxInt32 {
				sum, overflow = math.MaxInt32, words[i]
			}
			counts[n-1] = int32(sum)
			continue
		}
		words[n], counts[n] = words[i], counts[i]
		n++
	}
	return n, overflow, scratch
}
