// Package topicscore learns topics by Topic-SCORE: Ke, "A geometrical
// approach to topic model estimation" (../shared/papers/topicscore.txt),
// steps 1-5 of section 3 with the vertex hunting of steps 2a, 2b and 2b'.
//
// With D the p x n word-document frequency matrix (column d is document
// d's counts divided by its length n_d), D_0 = E[D] = A W, and Xi = A V for
// the K leading left singular vectors of D_0 (section 2). Dividing the
// rows of Xi entrywise by xi_1 removes each word's frequency: the rows r_j
// of the ratio matrix R lie in a simplex of R^{K-1} whose K vertices are
// the rows of the anchor words, every other word being the convex
// combination pi_j of the vertices (Lemma 2). Fit computes:
//
//  1. xi_1 ... xi_K, the rank-K left singular vectors of D, by a seeded
//     randomized SVD (internal/linalg, Halko et al. 2011); xi_1 is signed
//     positive (Perron). R(j, k) = T(xi_{k+1}(j) / xi_1(j), log(max(n, p)))
//     with T(x, a) = sign(x) min(|x|, a), entry by entry: the ratios of
//     words with a tiny xi_1(j) are cut at +-log(max(n, p)). The vertices'
//     coordinates grow with K, the threshold only with log(n): on the
//     paper's simulated corpora it starts clipping the anchor words' own
//     rows from about K = 9 on, which shrinks the simplex and costs
//     accuracy; Options.RatioThreshold raises it or turns it off (see
//     docs/BENCHMARKS.md).
//  2. Vertex hunting. 2a: k-means with m centres on the rows of R
//     (internal/kmeans: k-means++ seeding, Restarts restarts, the least
//     inertia kept). 2b': the two centres farthest apart, then repeatedly
//     the centre farthest from the mean of those chosen, until K0 are
//     chosen. 2b on those K0 only (as the paper says, and as its authors'
//     code does): over all C(K0, K) K-subsets that are affinely independent,
//     the simplex that minimises the largest distance from a candidate
//     centre to it. distance(point, simplex) is the QP of the paper's
//     footnote 2 in K variables, solved exactly by Wolfe's nearest-point
//     algorithm after a cheap test (barycentric coordinates all >= 0:
//     distance 0) and a cheap lower bound (the distance to the hyperplane
//     of a facet the point lies beyond) that cut most subsets early.
//     Beyond K = 20 (with the default budget) the paper's K0 = ceil(5K/4)
//     does not fit the exhaustive search, and VertexSearch auto replaces
//     2b'-2b by successive projection on the centres of at least
//     MinCentreSize words (see "Large K" below).
//  3. The barycentric coordinates pi~_j of every row of R in the estimated
//     simplex, [r_j^T, 1][V*, 1_K]^{-1}; negative entries set to 0 and the
//     row rescaled to sum 1 (pi_j).
//  4. A* = diag(xi_1) Pi: row j of Pi times xi_1(j). (The paper prints
//     "Pi diag(xi_1)", which does not conform; section 2's identity Pi =
//     diag(xi_1)^{-1} A diag(V_1) fixes the order.) Row j of A* sums to
//     xi_1(j) because pi_j sums to 1: the clipping and row normalisation of
//     step 3 change how word j's mass is split among the topics, never its
//     total, which comes from xi_1 alone.
//  5. The s largest entries of each column of A* kept (default s = p, all),
//     each column normalised to sum 1: A*'s unknown column scales
//     diag(V_1) cancel.
//
// Normalize applies the pre-SVD normalisation of the later version (Ke and
// Wang, "Using SVD for topic modeling", JASA 2024): with M = diag(D 1_n /
// n) the mean word frequencies, the SVD is of M^{-1/2} D. Then M^{-1/2} D_0
// = (M^{-1/2} A) W, so the whole of section 2 holds with A replaced by
// M^{-1/2} A: steps 1-3 are unchanged and step 4 gives M^{-1/2} A
// diag(V_1) = diag(xi_1) Pi. The undo step is therefore A* = M^{1/2}
// diag(xi_1) Pi, row j multiplied by sqrt(M_j), before the column
// normalisation of step 5 (the authors' code does the same). It evens out
// the influence of frequent and rare words on the SVD.
//
// Words with xi_1(j) <= 0 (those that never occur: their row of D is zero)
// have no ratio; they take no part in vertex hunting and get probability 0
// in every topic (Params["words_excluded"]).
//
// The model's typed results are Simplex, the geometry of vertex hunting
// for "hull plot simplex" (the paper's Figure 3, right): Vertices (K x
// (K-1), the rows of V*), Centres (the m k-means centres, in R^{K-1}),
// VertexCentres (the centre of each vertex), Sample (the first two
// columns of the rows of R of up to MaxRatioSample words evenly spaced
// over the vocabulary, plus the words nearest the vertices) and SampleWords (the word of each sample
// row); TopicWords, per topic the VertexWordsPerTopic words whose rows of
// R are nearest to its vertex, nearest first (the paper's Table 1): words
// characteristic of the topic, not anchor words, so Anchors stays empty;
// and SingularValues, the K singular values of D, largest first.
//
// # Large K
//
// At K = 100 (synth lda, V = 15,000, 30,000 documents of 230 tokens) the
// exhaustive search can only afford K0 = K+3 candidates, and 2b' fills
// them with centres of one or two words: rare words, whose tiny xi_1(j)
// puts their ratios far out in R^{K-1}, each drawing a k-means centre of
// its own. None of the K vertices is then among the candidates and the
// topics collapse (l1 1.8); with the paper's K0 = ceil(5K/4) = 125
// candidates and without those centres, all of them are. A vertex is
// estimated by the centre of a cluster of anchor words (section 3: "the
// corresponding r_j's form a local data cluster around v_k"), so:
//
//   - A simplex is degenerate when more than half of its vertices are
//     centres of fewer than MinCentreSize words, or when two of its
//     vertices nearly coincide (closer than a quarter of the median
//     distance between vertices: two topics on one cluster of words,
//     another topic lost; at K = 20 on the paper's simulated corpora the
//     exhaustive search does this on 4 to 8 seeds of 8, at ratios of
//     0.05-0.15, where simplices that find every topic have 0.6-1). It is
//     logged (Settings.Log, hull fit's stderr) and recorded in Params
//     ("vertex_degenerate", "vertex_small_centres",
//     "vertex_distance_ratio").
//   - VertexSearch SearchSP picks the K vertices by successive projection
//     (the "SVS-SP" vertex hunting of the authors' later code) among the
//     centres of at least MinCentreSize words (hull's floor, 5 by
//     default): K0 is then every such centre.
//     At K = 100 it finds every vertex: l1 0.45 (mean), 0.51 (max).
//   - VertexSearch SearchAuto (the default) searches exhaustively when K0
//     is set or the paper's K0 fits MaxSimplices, by successive projection
//     otherwise, and by successive projection again after a degenerate
//     exhaustive search ("vertex_recovered"). Successive projection never
//     lost a topic in these experiments (docs/BENCHMARKS.md, "Large K").
//
// # Departures from the paper
//
// What hull does that section 3 does not, with the measured effect where
// the addition can be turned off (docs/BENCHMARKS.md, the Topic-SCORE
// section and "Hull's own additions, on and off"):
//
//   - The refinement of noisy topics (Options.Auto, package refine; on in
//     the registered defaults, off in the zero Options and with
//     "--refine 0"): when the topics are near-copies by
//     learner.TopicsNoisy's rule or incoherent by
//     learner.TopicsIncoherent's (Topic-SCORE estimates no topic weights
//     for learner.TopicsConcentrated to judge), at most 20 iterations of
//     variational EM for LDA start from them. Step 4's A* = diag(xi_1) Pi puts every
//     frequent word, whose pi_j is spread over the topics, near the top
//     of every topic; the EM reassigns its tokens by document. KOS (K =
//     20) 90 distinct top words of 200 and 13 near-duplicate pairs ->
//     126 and 0; NIPS (K = 50) 173 / 60 -> 310 / 1, NPMI 0.084 -> 0.129,
//     4.9 -> 10.0 s of CPU; Reuters, below (docs/BENCHMARKS.md,
//     "Refinement of noisy topics"). The paper's simulated corpora are
//     not noisy and keep the paper's estimate (TestRefinesNoisyTopics).
//     The typed results (Simplex, TopicWords) are those of the vertex
//     hunting the refinement started from. Auto.RefineAlways
//     ("--refine-always") refines whatever the topics; on the six real
//     corpora of docs/BENCHMARKS.md the rules refine them already.
//   - The vertex search beyond the paper's: the centre floor
//     MinCentreSize (5), the two degeneracy tests and SearchAuto's
//     recovery by successive projection are hull's (successive projection
//     itself is the authors' later code's). Off (VertexSearch
//     SearchExhaustive, --score-search exhaustive): at K = 100 mean l1
//     1.82 instead of 0.45; at K = 20 a topic lost on 8 of 8 fit seeds
//     instead of 0; on the section 5.1 Experiments 1 and 4 (K = 3 to 9,
//     10 corpora each) the same errors to three decimals: no simplex there
//     is degenerate, so the default is the paper's search. On real text:
//     KOS (K = 20) 48 different top words of 200 and 62 near-duplicate
//     pairs instead of 90 and 13 (the exhaustive simplex is degenerate
//     there); NIPS (K = 50) 73 and 334 instead of 173 and 60; Reuters
//     unchanged (not degenerate). MinCentreSize 1 (every centre a
//     candidate; no degeneracy test): NIPS 122 and 74, KOS as the
//     exhaustive search; at K = 100 successive projection on every centre
//     gives mean l1 1.566 and 1.635 (two corpora) instead of 0.450 and
//     0.455.
//   - The budget MaxSimplices lowers K0 below the paper's ceil(5K/4) from
//     K = 21 on (with SearchExhaustive or an explicit K0), so that the
//     exhaustive search stays bounded; the paper reports 2 minutes at K =
//     20, its R code does not finish there.
//   - Step 2a's k-means is Lloyd's from k-means++ seeds, 3 restarts,
//     stopped at a relative inertia change of 1e-3; the paper's is R's
//     kmeans. On Experiment 1 R's defaults (one start, 10 iterations) give
//     the same error from m = 24 on and a worse one at m = 12 (0.221
//     against 0.166 over 50 corpora); 10K starts with 100K iterations, as
//     the authors' later code, give 0.162-0.165 (Restarts, KMeansIter,
//     KMeansTol).
//   - The SVD is randomized (4 power iterations; 30 give the same errors
//     to three decimals) where the paper's is exact.
//   - Words with xi_1(j) <= 0 are left out (above); the paper's ratios are
//     undefined for them.
//   - When every K-subset of the K0 candidates of the exhaustive search
//     is affinely dependent, Fit returns an error ("every K-subset of the
//     candidate centres is affinely dependent"; SearchAuto does not then
//     turn to successive projection, as it does for a degenerate
//     simplex), where step 2b outputs the standard
//     basis vectors e_1, ..., e_K: a simplex in R^(K-1) needs K vertices,
//     and R^(K-1) has K-1 such vectors, so the paper's fallback is no
//     simplex either.
//   - Options beyond the paper, off by default: RatioThreshold other than
//     log(max(n, p)) (the truncation hurts from K = 7 on), Normalize (Ke
//     and Wang 2024), S below p.
//
// Params holds scalars only: "ratio_threshold" (log(max(n, p)) by
// default; null when off), "ratios_truncated", "m", "k0" (the candidates
// searched), "s", "normalize", "svd_power_iters", "kmeans_restarts",
// "kmeans_inertia", "vertex_search" ("exhaustive" or "sp"),
// "min_centre_size", "centres_small" (k-means centres below it),
// "vertex_small_centres" (vertices among them), "vertex_distance_ratio"
// (the least distance between two vertices over the median one),
// "vertex_degenerate" (when the simplex returned is) and
// "vertex_recovered" (when a degenerate exhaustive search was replaced), "simplices" (C(K0, K); 1 for successive
// projection), "simplices_degenerate", "vertex_fit" (the largest distance
// from a candidate to the simplex chosen, minimised by the exhaustive
// search), "words_used" and "words_excluded". The K0
// candidate centres of 2b' are not kept (before model format 2 they were
// Params "candidates"); the vertices' centres are. The stage timings are
// "svd" (building D and the SVD), "ratios", "vertex hunting" and "topics".
//
// Complexity, for nnz document-word entries, l = K+10 sketch columns and q
// power iterations: D in O(nnz); the SVD in O((2q+2) nnz l + (q+1)(p+n)
// l^2); R in O(pK); k-means in O(Restarts * iterations * p m K); 2b' in
// O(m^2 K + K0 m K); 2b in O(C(K0, K) (K^3 + (K0-K) K^2)) plus the QPs,
// which is why K0 is bounded so that C(K0, K) <= MaxSimplices (200,000 by
// default: ceil(5K/4) up to K = 20, then K plus a few); successive
// projection in O(m K^2) plus one distance per centre for "vertex_fit";
// steps 3-5 in O(p K^2).
// The paper reports about 2 minutes at K = 20, and its public R code (whose
// default K0 = 1.5K gives C(30, 20) = 30 million simplices) hangs there;
// here the search at K = 20 takes a fraction of a second
// (docs/BENCHMARKS.md).
//
// Results do not depend on Options.Threads: the SVD and k-means are
// thread-independent, every parallel loop writes per-word results, and the
// search takes the lowest-ranked subset among equal optima.
package topicscore
