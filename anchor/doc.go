// Package anchor learns topics by anchor words: Arora, Ge, Halpern, Mimno,
// Moitra, Sontag, Wu and Zhu, "A Practical Algorithm for Topic Modeling
// with Provable Guarantees", ICML 2013 (../shared/papers/anchor.txt), with
// the rectification of Lee, Bindel and Mimno, "Robust Spectral Inference
// for Joint Stochastic Matrix Factorization", NIPS 2015, and an EM
// refinement of the recovered topics.
//
// The zero Options run the paper's Algorithm 1:
//
//  1. Q, the word co-occurrence matrix of supplement D.1 (package cooc),
//     and Q-bar, its rows normalised to sum 1; p(w) are Q's row sums.
//     Every document weighs the same in Q, as in the paper; Weighting
//     (hull's) weighs it by its tokens or its pairs of tokens instead,
//     which keeps Q's form A R A^T (package cooc) and lets the many pairs
//     of long documents outweigh the few, noisy ones of short documents:
//     on the four Classic collections, where the short CACM documents are
//     45% of the documents and 24% of the tokens, cooc.WeightPairs takes
//     the default's mean NPMI from 0.129 to 0.243 and its NMI against
//     the collections from 0.477 to 0.544 (docs/BENCHMARKS.md,
//     "Weighting the documents in Q").
//  2. FastAnchorWords (Algorithm 4, section 4): among candidate words
//     (those in at least AnchorMinDF documents: rare words have noisy
//     rows), the row farthest from the origin, then repeatedly the row
//     farthest from the span of those chosen (Gram-Schmidt), then the
//     clean-up pass that re-chooses each anchor as the row farthest from
//     the span of the other K-1. Optionally on a random projection. The
//     rows' squared norms come from Q's upper triangle, formed once (when
//     there are many candidates; few are streamed row by row); each
//     Gram-Schmidt step then costs one product of Q with a vector, one
//     pass over the documents. The candidate floor AnchorMinDF is hull's:
//     the paper's text has none (public implementations, such as
//     ankura's identify_candidates, restrict candidates by document
//     frequency too). The default, corpus.AutoMinDF(D), is 1% of the
//     documents, at least 5 and at most 100. Without it (AnchorMinDF 1),
//     the section 6.2 corpora give the same error where every word passes
//     the floor, and a worse one on short documents (N = 25: l1 0.549
//     instead of 0.482) and with 20 novel words per topic (D = 8,000:
//     0.179 instead of 0.081); on real text the default learner is
//     unchanged (its anchors come from the rectified block of frequent
//     words) while the paper's pipeline collapses further (KOS: 36
//     distinct top words of 200 and 146 near-duplicate pairs instead of 59
//     and 53; docs/BENCHMARKS.md, "Hull's own additions, on and off").
//  3. Recovery: RecoverL2 or RecoverKL (Algorithm 3, section 3) find for
//     every word i the convex combination C_i = p(z | w = i) of the anchor
//     rows closest to Q-bar_i, in parallel over words. RecoverL2 needs
//     only the K x K Gram matrix of the anchor rows, shared by every word,
//     and the dots of each row with the anchors, which FastAnchorWords
//     leaves; each word's quadratic over the simplex is solved by a
//     primal active-set method (internal/simplex.ActiveSet), which reaches
//     the minimum itself in about as many iterations as C_i has positive
//     entries (20 to 40 on the corpora of docs/BENCHMARKS.md) and stops
//     on the same KKT gap, below Tolerance, as the paper's exponentiated
//     gradient (EG, supplement D.2). RecoverKL has no such kernel: each
//     evaluation of KL(Qbar_i || C_i Qbar_S) and its gradient costs O(S
//     K) for the S nonzeros of the row, and EG from the uniform point
//     needed over 200 of them a word at K = 100 (a 30,000-document corpus
//     took more than 2,000 CPU seconds). It starts instead from RecoverL2's
//     solution, whose support is near the KL solution's, and runs a
//     projected Newton method (internal/simplex.Newton): the Hessian on a
//     working set W (the support and the indices whose gradient is below
//     the support's mean), the quadratic model minimised on the simplex
//     by the active-set method, a line search whose first step keeps
//     every p_j above a tenth of its value (fraction to the boundary),
//     and EG's KKT-gap test on the exact gradient, so the minimum is the
//     one EG approaches, within Tolerance, in 3 to 8 iterations a word.
//     The Hessian's products are taken in float32 (they only shape the
//     step). The rectified pipeline's rows do not sum to 1, so its
//     RecoverKL minimises the generalised divergence sum_j q_j log(q_j /
//     p_j) - q_j + p_j (Csiszar's I-divergence; on rows summing to 1 it
//     is the KL divergence plus a constant), zero at the separable model's
//     C_i; the plain sum_j q_j log(q_j / p_j) falls as every p_j grows,
//     and its minimiser drifts to the anchors with the largest row sums.
//     It is solved by the same Newton method from the rectified
//     RecoverL2's solution (3.6 iterations a word on KOS at K = 20, where
//     EG took 105). Bayes' rule
//     then gives A = diag(p) C with columns normalised and p(z) = C^T p.
//     The original Recover (Algorithm 2, matrix inversion) is kept as the
//     paper's baseline.
//  4. R = A^+ Q A^+T, the topic-topic matrix (section 3), taken as the
//     quadratic form sum_d s_d u_d u_d^T (u_d = A^+ h_d) less the diagonal
//     correction, one pass over the documents.
//
// Every product of Q (the Gram-Schmidt dot products, the kernel Q-bar
// Q-bar_S^T, R) goes through cooc.Operator in O(nnz) per vector instead
// of O(V^2), and Q is never stored.
//
// # Why real text needs more, and what DefaultOptions add
//
// On real corpora the pipeline above collapses: on KOS (K = 20) the
// anchors are rare, noisy words (parenthesis, cattle, furiousxgeorge) and
// every topic is the corpus's frequent words, 59 distinct words among the
// 20 x 10 top words against 137 for Gibbs sampling (docs/BENCHMARKS.md).
// Lee, Bindel and Mimno (section 3) trace this to Q itself: the empirical
// co-occurrence matrix is not low-rank, positive semidefinite and
// joint-stochastic as the model's B A B^T is, so the extreme points of its
// rows, which FastAnchorWords finds, are noise. DefaultOptions (what "hull
// fit" runs, Rectify = RectifyAuto) run the pipeline above first and keep
// its topics when they are distinct; when they are near-copies of one
// another (learner.TopicsNoisy: more than 2% of the topic pairs share
// half their top 10 words, or fewer than 60% of the top-word slots hold
// different words) they fit again with two more
// steps. With RecoverKL the paper's topics are judged first on RecoverL2's
// solution from the same anchors (RecoverKL's starting point): when those
// are near-copies, the paper's RecoverKL, which would be discarded, is not
// run (Params paper_recover "l2"; on KOS, NIPS and Reuters it was 75-93%
// of the fit); otherwise it runs and its own topics are judged:
//
//   - Rectification (Rectify = RectifyAP; Lee, Bindel and Mimno 2015,
//     section 4, "Rectified Anchor Words"). The dense block of Q over the N
//     words of highest document frequency (RectifyWords; N = max(1000,
//     10 K) by default, all words when V is smaller) is scaled to sum 1
//     and projected alternately onto the rank-K positive semidefinite
//     matrices (the K largest eigenvalues, negative ones dropped), the
//     matrices summing to 1 (adding (1 - sum)/N^2 to every entry) and the
//     non-negative ones (clipping at 0), until an iteration changes it by
//     less than RectifyTolerance relative to its Frobenius norm or
//     RectifyMaxIter iterations have run. The eigenpairs come from
//     subspace iteration on K + 10 directions, started from a random block
//     seeded by Settings.Seed with 10 power steps and advanced by one step
//     per iteration, warm from the previous iterate, with a Rayleigh-Ritz
//     step each time; the PSD projection is kept as Y Y^T (Y N x K) and the
//     sum and clip are applied as it is formed. FastAnchorWords then runs
//     on the rectified rows normalised to sum 1 (candidates: the block's
//     words with at least AnchorMinDF documents). The model's Params
//     record rectify_words, rectify_iterations, rectify_change,
//     rectify_converged and rectify_block_mass (the share of Q's mass in
//     the block).
//
//     The words outside the block are recovered from their unrectified
//     rows: for any word i, Q-bar_{i,N} = sum_k p(z = k | w = i) G_k on the
//     block's columns N, where G_k = p(w2 | z1 = k) restricted to N is the
//     anchor's rectified row on the scale of Q, m x_{s_k} / p(s_k) (m the
//     block's share of Q's mass). RecoverL2 (or RecoverKL) against G thus
//     gives C_i for every word: from the rectified row m x_i / p(i) for a
//     word of the block, from its row of Q restricted to N (a product
//     through the operator) for any other; Bayes' rule then gives the
//     topics over the whole vocabulary. The topic-topic matrix is the
//     paper's diagonal recovery (section 5): C_SS = B_S A B_S^T with B_S
//     diagonal under separability, so A = B_S^-1 C_SS B_S^-1 on the
//     rectified block, normalised to sum 1; it is non-negative.
//
//   - Refinement (at most Refine EM iterations, DefaultRefine by default,
//     fewer once an iteration moves the topics by less than
//     RefineTolerance in mean l1):
//     variational EM for LDA (Blei, Ng and Jordan 2003, section 5.3;
//     package refine, which every geometric learner uses on noisy topics)
//     with Dirichlet(0.1) document weights and topics smoothed by 0.01,
//     started from the recovered topics: 5 E-steps with the topics fixed,
//     then per iteration one update of every document's variational
//     parameters and one M-step (a partial E-step, as in Neal and Hinton's
//     incremental EM). It replaces the topics, p(z) (the expected share of the tokens)
//     and the topic-topic matrix (the documents' mean E[theta theta^T]).
//     Params record refine, refine_tolerance, refine_iterations (run),
//     refine_change (the topics' mean l1 move in the last iteration) and
//     refine_converged. Arora et al. (conclusion) tried their topics as
//     a start for MCMC without finding a hybrid better than either method
//     alone on their corpora; on real text, where the spectral topics
//     share their frequent words, the few EM iterations are what separate
//     them, at a small fraction of Gibbs sampling's cost.
//
// Original (the learner "recover") cannot be rectified: its matrix
// inversion needs every row of Q. With RectifyAuto (its registered
// default) its topics, when noisy, concentrated (by their weights or on
// the documents) or incoherent, are refined
// alone (refine.IfNoisy, the Refine iterations; Params "refined" and the
// "unrefined_*" figures): on KOS (K = 20) 73 distinct top words of 200 and
// 69 near-duplicate pairs become 108 and 6; on the four Classic
// collections (K = 15) 14 incoherent topics of 15 become 1, NPMI -0.311 ->
// 0.156 (docs/BENCHMARKS.md). Options.RefineAlways refines the topics
// RectifyAuto keeps unrefined (the paper's, or recover's) whatever they
// are (refine.Always), as the other geometric learners'
// refine.Auto.RefineAlways does.
//
// Measured (docs/BENCHMARKS.md): rectification alone lifts KOS K = 20
// from 59 to 105-115 distinct top words and makes the anchors meaningful
// (baghdad, delay, cheney, gallup, marriage, caucus), but its topics still
// share their frequent words; with the refinement the default reaches 134
// distinct words and NPMI 0.200 (Gibbs: 137, 0.204) in about 1.2 s of CPU,
// and on NIPS K = 50 347 of 500 (Gibbs 331) in about 11 s (Gibbs 411 s).
// On planted topics the two steps are not always better: they lose
// Swimmer limbs (16 of 16 -> 8 on 4,000 documents) and the refinement's
// priors raise the error of large separable corpora (Ding et al. 6.2,
// D = 8000: 0.060 -> 0.081). The paper's topics there are distinct, so
// RectifyAuto keeps them and reproduces the paper's figures; KOS, NIPS and
// Reuters get the rectified topics.
//
// # Complexity
//
// For V words, C candidates, D documents, nnz document-word entries, N
// rectified words, F positive entries of a row of C, I alternating
// projections and E EM iterations: Q in O(sum_d nnz_d^2) time if streamed
// row by row, never stored; FastAnchorWords in O(sum_d nnz_d^2 / 2 + V^2 +
// K nnz + K^2 V + K^2 C + K^3) on Q-bar (the norms from Q's upper triangle, then K
// products) and O(K N^2) on the rectified block; RecoverL2 in O(V F (K +
// F^2)) beyond the kernel FastAnchorWords leaves (O(K nnz + N^2 K) for
// the rectified rows); RecoverKL in O(V S (K + W^2 / 2) T') beyond
// RecoverL2, where S is the number of nonzeros of a row of Q, W the
// working set (30 to 60 at K = 100) and T' the Newton iterations (3 to
// 8), the Hessian's S W^2 / 2 products most of it (the rectified
// RecoverKL the same with S at most N); R in O(K nnz + D K^2 / 2 + V K^2). On
// the paper's pipeline at 300,000 documents (K = 100, V = 14,036, 55M
// nonzeros) the norms and the K products are most of the
// time (docs/BENCHMARKS.md). The rectification's block takes
// O(sum over the block's words of the lengths of their documents + N V)
// to fill, O(N^2) memory (8 N^2 bytes: 8 MB at N = 1000, against 381 MB
// for KOS's whole Q and 1.5 GiB for NIPS's), and O(N^2 (2K + 10)) time
// per alternating projection plus O(N^2 K) for the 10 start steps. The
// refinement takes O(E nnz K) time, D K digammas per iteration, and O(nnz
// + (D + V) K) memory. The co-occurrence operator holds 10 bytes per
// nonzero (its word-major copy of the counts), most of the memory on large
// corpora. EstimateBytes counts all of it; Fit refuses with a
// *learner.MemoryError before allocating above Settings.MaxMemory.
//
// # From statistics instead of documents
//
// FitStats runs the same pipeline on co-occurrence statistics
// (cooc.Stats: exact sums over the documents, which can be computed in
// shards and merged, e.g. by hull's Beam pipeline), through the dense Q
// they give instead of the operator over the documents: O(V^2 K) for the
// products and 8 V^2 bytes (EstimateStatsBytes), independent of D. Its
// topics are Fit's to the rounding of the sums (3e-15 on KOS); the EM
// refinement needs the documents and is skipped, or run on a sample of
// them (FitStatsSample, FitStatsReaderSample: with the whole corpus,
// Fit's model; docs/BENCHMARKS.md measures smaller samples). The statistics' weighting
// of the documents (cooc.Stats.Weighting) is the fit's: Options.Weighting
// "" takes it, another value must equal it. FitStatsReader learns
// from a statistics file as it is read (cooc.StatsReader): the memory is
// checked against the header before Q is read, and the entries go
// straight into Q, so the statistics (8 V^2 bytes more) are never held.
//
// Results do not depend on Options.Threads: every parallel loop writes
// per-word, per-row or per-document results and every sum is taken in a
// fixed order.
package anchor
