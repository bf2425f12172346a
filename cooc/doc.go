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
// Weighting (Options.Weighting, NewWeightedOperator) may weigh document d
// by u_d instead of 1: Q = sum_d u_d (h_d h_d^T - diag(h_d)) /
// (n_d (n_d - 1)) / sum_d u_d, with u_d = n_d (WeightTokens) or n_d (n_d -
// 1) (WeightPairs: Q is then the share of all the corpus's pairs of tokens
// of one document). Each document's term has expectation A theta_d
// theta_d^T A^T under the topic model whatever its weight, so Q keeps the
// form A R A^T the anchor algorithms need, R now the weighted mean of
// theta_d theta_d^T: the topics' weights p(z) become those of the tokens
// or pairs rather than of the documents, and short documents, whose few
// pairs estimate their term with much noise, weigh less. On the four
// Classic collections, where the 3,204 CACM titles and abstracts (29
// tokens on average) are 45% of the documents and 24% of the tokens, the
// paper's weighting gives CACM 10 of 15 anchor topics and the Med
// abstracts 1 (docs/BENCHMARKS.md, "Weighting the documents in Q").
//
// Two forms are offered. Compute materialises Q densely (V^2 float64s);
// it first estimates the bytes it needs and refuses, with the estimate and
// the vocabulary size that would fit, when they exceed the caller's limit. Operator
// never forms Q: it multiplies Q by a dense V x K matrix straight from the
// documents in O(nnz K) time instead of the O(V^2 K) of a dense product
// (MulVec for one vector in a single pass; QuadForm for b^T Q b without
// the product), gives any row of Q in O(V) memory, the squared norms of
// all rows from Q's upper triangle formed once (SqRowNorms), and Q's row
// sums in O(nnz). The anchor pipeline works through Operator alone, so its
// memory grows with V K and nnz, not V^2 (on NIPS, V = 14,036, the dense Q
// would be 1.5 GiB): 10 bytes per nonzero, the documents with each word
// and count packed in 32 bits and, word by word, the documents containing
// it with its position there.
//
// Stats holds the same statistic as exact partial sums, for corpora that
// do not fit one machine: the numerator of Q, M, the token count and each
// word's document frequency, each document's weight per pair rounded once
// to a multiple of 2^-64 (so an entry of its contribution, that weight
// times h_i h_j, is within h_i h_j 2^-64 of the exact one) and summed as
// 128-bit integers, so that the Stats of
// disjoint sets of documents merge in any order and grouping into bit for
// bit those of their union (what a distributed engine, hull's Beam
// pipeline in beam/, needs), and are written to a checksummed file, whose
// summary (header and digest, StatsSummary) reads in O(V) memory.
// Stats may hold any weighting (NewWeightedStats, Options.Weighting of
// FromCorpus): each pair's weight u_d / (n_d (n_d - 1)) is rounded once
// (exactly 1 with WeightPairs, whose sums are integers), W = sum_d u_d is
// an exact integer kept beside them, and Q = S / W; statistics of two
// weightings do not merge.
// Stats.Matrix gives the dense Q from them, and Matrix.Source gives it the
// interface the anchor learners read Q through (Source), which Operator
// implements too.
//
// Reproducibility: no sum depends on the thread count. Compute, Row and
// Mul split the work over the rows of Q, never over documents with
// per-thread partial matrices: every entry is summed by one goroutine in
// document order, and needs no V x V partial per thread. MulVec and
// QuadForm sum over a fixed split of the documents into blocks (16, of
// about equal numbers of nonzeros), each block into its own partial sum,
// the partials added in block order; SqRowNorms likewise over a fixed
// split of the rows into 64 groups.
//
// Complexity: Compute takes O(sum_d nnz_d^2) time and O(V^2 + nnz) memory;
// Operator.Mul takes O(nnz K + V K) time and O(D_b K) extra memory, where
// D_b is a fixed block of documents; MulVec O(nnz + V) with O(V) partials
// per block; QuadForm O(nnz K + D K^2 / 2); SqRowNorms O(sum_d nnz_d^2 / 2
// + V^2 / 2) time and O(V) per group; Operator.Row(i) takes O(V) plus the
// lengths of the documents containing word i. FromCorpus and AddDoc take
// O(sum_d nnz_d^2 / 2) time and Stats hold 16 bytes an entry of Q's upper
// triangle (8 V^2 at most; the file stores the nonzero ones in about 10
// bytes each); Merge is O(V^2), Matrix O(V^2) time and 8 V^2 bytes.
package cooc
