// Package anchor learns topics by anchor words: Arora, Ge, Halpern, Mimno,
// Moitra, Sontag, Wu and Zhu, "A Practical Algorithm for Topic Modeling
// with Provable Guarantees", ICML 2013 (../shared/papers/anchor.txt).
//
// The pipeline is the paper's Algorithm 1:
//
//  1. Q, the word co-occurrence matrix of supplement D.1 (package cooc),
//     and Q-bar, its rows normalised to sum 1; p(w) are Q's row sums.
//  2. FastAnchorWords (Algorithm 4, section 4): among candidate words
//     (those in at least AnchorMinDF documents: rare words have noisy
//     rows), the row farthest from the origin, then repeatedly the row
//     farthest from the span of those chosen (Gram-Schmidt), then the
//     clean-up pass that re-chooses each anchor as the row farthest from
//     the span of the other K-1. Optionally on a random projection.
//  3. Recovery: RecoverL2 or RecoverKL (Algorithm 3, section 3) find for
//     every word i the convex combination C_i = p(z | w = i) of the anchor
//     rows closest to Q-bar_i, by exponentiated gradient with an Armijo
//     line search and the KKT-gap stop of supplement D.2 (package
//     internal/simplex), in parallel over words; Bayes' rule then gives
//     A = diag(p) C with columns normalised and p(z) = C^T p. The
//     original Recover (Algorithm 2, matrix inversion) is kept as the
//     paper's baseline.
//  4. R = A^+ Q A^+T, the topic-topic matrix (section 3).
//
// Every product of Q with a V x K matrix (the kernel Q-bar Q-bar_S^T of
// RecoverL2, the Gram-Schmidt dot products, R) goes through
// cooc.Operator in O(nnz K) instead of O(V^2 K).
//
// Complexity, for V words, C candidates, nnz document-word entries and
// T exponentiated-gradient iterations per word: Q in O(sum_d nnz_d^2) time
// and O(V^2) memory; FastAnchorWords in O(C V + K nnz + K^2 C + K^3);
// RecoverL2 in O(K nnz + V K^2 T); RecoverKL in O(V S K T) where S is the
// number of nonzeros of a row of Q; R in O(K nnz + V K^2).
//
// Results do not depend on Options.Threads: every parallel loop writes
// per-word results and every sum is taken in a fixed order.
package anchor
