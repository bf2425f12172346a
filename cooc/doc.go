// Package cooc computes the word co-occurrence statistics that the anchor
// algorithms start from: the V x V matrix
//
//	Q = (1/M) sum_d (h_d h_d^T - diag(h_d)) / (n_d (n_d - 1))
//
// of Arora et al. 2013, "A Practical Algorithm for Topic Modeling with
// Provable Guarantees", supplement D.1, where h_d is the count vector of
// document d, n_d its length and M the number of documents with n_d >= 2
// (shorter documents hold no pair of tokens: they are skipped and counted).
// Each used document contributes a matrix summing to 1, so Q sums to 1 and
// Q_ij estimates p(w1 = i, w2 = j) for two tokens of one document.
//
// Two forms are offered. Compute materialises Q densely (V^2 float64s);
// it first estimates the bytes it needs and refuses, with the estimate and
// the vocabulary size that would fit, when they exceed the caller's limit. Operator
// never forms Q: it multiplies Q by a dense V x K matrix straight from the
// documents in O(nnz K) time instead of the O(V^2 K) of a dense product,
// gives any row of Q in O(V) memory, and Q's row sums in O(nnz). The
// anchor pipeline works through Operator alone, so its memory grows with
// V K and nnz, not V^2 (on NIPS, V = 14,036, the dense Q would be 1.5 GiB).
//
// Reproducibility: work is split over the rows of Q, never over documents
// with per-thread partial matrices. Every entry is summed by one goroutine
// in document order, which is the fixed-order reduction that makes Q
// bit-identical for every thread count, and it needs no V x V partial per
// thread.
//
// Complexity: Compute takes O(sum_d nnz_d^2) time and O(V^2 + nnz) memory;
// Operator.Mul takes O(nnz K + V K) time and O(D_b K) extra memory, where
// D_b is a fixed block of documents; Operator.Row(i) takes O(V) plus the
// lengths of the documents containing word i.
package cooc
