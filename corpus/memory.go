package corpus

import (
	"math"

	"github.com/hulltopics/hull/internal/memory"
)

// The memory of a corpus as the numeric readers build it, per document
// and per nonzero, at the peak. A document costs its offset (8 bytes),
// its id (a 16-byte string header and about 10 digits), the id builder's
// scratch (8) and, at the peak, the old buffers of the slices that grow
// while it reads (ids, offsets, counts): 42 bytes were counted, and
// triplet input declaring 2^27 documents, 14 bytes long, took 8.3 GiB,
// 66 bytes a document (UCI 58), past a limit of 6 GiB; 72 covers both. A
// nonzero costs its document, word and count as read (12) and their
// copies sorted by document (8).
const (
	docBytes = 72
	nnzBytes = 20
)

// numericBytes estimates the bytes the numeric readers need for a corpus
// of docs documents and nnz nonzeros, saturating at MaxInt64/2.
func numericBytes(docs, nnz int64) int64 {
	const most = math.MaxInt64 / 2
	if docs > most/(2*docBytes) || nnz > most/(2*nnzBytes) {
		return most
	}
	return docs*docBytes + nnz*nnzBytes
}

// checkNumericMemory returns a *learner.MemoryError when a
// corpus of docs documents and nnz nonzeros, which what describes (with
// the position that declares it), needs more than limit bytes (0: half
// the RAM). The readers call it before they allocate per document, so
// that a number in the input cannot allocate memory the input does not
// hold.
func checkNumericMemory(what string, docs, nnz, limit int64) error {
	return memory.Check(what, numericBytes(docs, nnz), limit, "is that number right? (ReadOptions.MaxMemory sets the limit)")
}
