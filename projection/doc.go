// Package projection learns topics from novel words found by data-dependent
// and random projections: Ding, Rohban, Ishwar and Saligrama, "Topic
// discovery through data dependent and random projections" (ICML 2013;
// ../shared/papers/projections.txt, whose formulas are restored in
// ../shared/algorithms.md). The three detections of section 4.1 share one
// pipeline; Options.Method picks one, and it is the model's Algorithm and
// the "hull fit --algo" name: "rp" (Algorithm 2), "ddp" (Algorithm 1 in
// the agnostic form of section 6.1) and "binning" (Algorithm 3).
//
// Notation: D documents, V words, X the V x D matrix of word frequencies
// (count / document length). A separable topic matrix has novel words,
// words of one topic only; the rows of X normalised to sum 1 (each word's
// cross-document pattern) then lie in a convex hull whose extreme points
// are the novel words (Proposition 1), and every other word's expected
// row is a convex combination of them (Proposition 2).
//
// # Pipeline
//
//  1. Split (stage "split"). Each document's tokens are split at random
//     into two halves, floor(n/2) and the rest (documents of fewer than
//     two tokens are skipped and counted in Params["docs_skipped"]); each
//     half gives X and X', row-normalised to X~ and X~'. Both are kept
//     sparse, word by document. E = D X~' X~^T (V x V) is never formed:
//     its entries over a set of words are computed from a document index
//     of those words' rows, and dist(i, j) = E_ii - E_ij - E_ji + E_jj,
//     an estimate of D times the squared distance of the expected rows
//     that the two independent halves keep free of each word's own
//     sampling noise (section 4.2).
//  2. Candidates. Rare words have noisy, spiky rows that look like extreme
//     points, so only words in at least MinDF documents (and in both
//     halves) may be novel. The default is corpus.AutoMinDF(D), the
//     anchor learner's rule too (1% of the documents, at least 5, at most
//     100), lowered when fewer than K words pass. On separable synthetic
//     corpora it keeps the planted novel words; on real corpora a higher
//     floor gives more coherent, more distinct topics (on KOS, 200
//     documents instead of 34: docs/BENCHMARKS.md), at the price of
//     missing rarer topic words.
//  3. Novel words (stage "novel words"), by RP, DDP or Binning (below),
//     each with a weight saying how strongly it was found.
//  4. Clustering (stage "clustering") of the novel words into K groups
//     (below). Each group's representative is the average of its
//     members' rows (section 4.2: more robust than one word). The
//     model's Anchors hold, per topic, the member nearest that average:
//     the one of least total dist to the other members, since sum_j
//     dist(i, j) over the m members is m times the squared distance of i
//     to their mean plus a constant.
//  5. Topics (stage "topics", Algorithm 5). Y and Y' are the K
//     representatives in each half. For every word i, b_i minimises over
//     the simplex D (X~_i - b Y)(X~'_i - b Y')^T = D (b A b^T - 2 c_i b^T)
//     + const, A = (Y Y'^T + Y' Y^T)/2, c_i = (Y X~'_i^T + Y' X~_i^T)/2:
//     each product pairs the two halves, so the word's own noise does
//     not bias the fit. A word absent from one half uses its other half's
//     row in both places. The solves run in parallel over words with the
//     exponentiated-gradient solver of RecoverL2 (internal/simplex), the
//     objective scaled by K/trace(A) so that Tolerance is relative.
//     beta_i = (row sum of the unsplit X) b_i; the topics are the columns
//     of beta normalised, and their sums, normalised, are TopicWeights:
//     the mean share of each topic over the documents (Alpha is left
//     empty: its scale is not estimated).
//
// # RP (Algorithm 2)
//
// P random directions, uniform on the unit sphere of R^D (Gaussian
// vectors: their length cannot change an argmax), the rows of X~ projected
// on blocks of them by sparse products, and the candidates of largest and
// of smallest projection hit. P is 50 K by default: the paper's value did
// not survive the text we have, and 50 K directions put about 100 hits on
// each topic. The paper keeps every word hit; on sampled data the argmax
// also falls, now and then, on a word whose row is extreme by noise alone,
// so a word must be hit MinHits times (default max(2, 5% of the 2P/K hits
// of an average topic): 5 with the default P) to count. The weight is the
// number of hits.
//
// With Cooccurrence the directions live in R^V and the rows of E are
// projected instead, E G = D X~' (X~^T G), at twice the cost: an
// extension, not in the paper, whose projections average over all the
// documents and so are less noisy (docs/BENCHMARKS.md).
//
// # DDP (Algorithm 1, agnostic form of section 6.1)
//
// For every candidate i, the entries E_ij and E_ji over all candidates,
// one word at a time; J_i is the round(Far (C-1)) candidates farthest from
// i by dist (Far = 1/2: section 6.1 replaces Eq. 1's threshold d by "the
// words maximally distant from i"); score_i = min over J_i of E_ii - E_ij
// (Eq. 2's margin). The candidates are ranked by score and declared novel
// from the top: the K highest and every other one scoring at least
// TopFraction (1/2) of the K-th highest, or exactly Top words if set.
// Section 6.1 "declares the topmost values novel" with a count we could
// not read; a relative cut adapts to topics with one or several novel
// words. The weight is the score.
//
// # Binning (Algorithm 3)
//
// The documents are dealt at random into B bins of equal size; in each bin
// the rows of X (half one) restricted to the bin are normalised on their
// own, one Gaussian direction over the bin's documents is drawn, and the
// candidate of largest projection wins the bin. Only candidates in at
// least max(2, MinDF n_b / D) of the bin's n_b documents compete: a word
// in one document of a bin is a vertex of that bin's hull whatever its
// topics. By default B = min(50 K, D/20): as many draws as RP's
// directions, with bins of 20 documents at least (on separable corpora,
// fewer and larger bins gave too few wins per topic, smaller ones noisy
// winners: docs/BENCHMARKS.md). The weight is the number of wins (p_i =
// wins/B).
//
// # Clustering (Algorithms 4 and 3)
//
// The distances between the s novel words are computed (an s x s matrix).
// The threshold d/2 is Options.Threshold or, by default, ThresholdFraction
// (1/4) times the median, over the K novel words of largest weight, of the
// distance to the farthest novel word: from a novel word the farthest one
// belongs to another topic whatever K and however many novel words each
// topic has, and the weights keep words found by mistake, which lie inside
// the hull, out of the median.
//
// RP and DDP run Algorithm 4: the connected components of the graph with
// an edge where dist <= d/2. When there are exactly K components they are
// the topics (Params["clustering"] = "components").
//
// Binning, and RP and DDP when the components are more or fewer than K,
// run Algorithm 3's selection by weight: in decreasing weight, a word is
// picked when it is farther than d/2 from every word picked before, until
// K are picked; if fewer than K can be, d/2 is halved until K are, so the
// fit always has K topics. Every other word weighing at least as much as
// the last pick joins the nearest pick within d/2; lighter words join none
// (they were never strong candidates, and would pull the averages inside
// the hull). Params["clustering"] is then "greedy" (Binning) or
// "greedy-fallback (N components)", with "; threshold lowered to X" when
// it was. Section 6.1 suggests spectral clustering on exp(-dist) weights
// for the fallback; average-linkage agglomerative clustering, which we
// tried first, let the words found by mistake gather into topics of their
// own, and a selection by weight does not.
//
// # Model
//
// Params holds, as scalars, the options ("method", "min_df",
// "projections", "min_hits", "bins", "far", "top", "top_fraction",
// "threshold", "threshold_fraction", "tolerance", "max_iter") and what the
// fit found: "docs_used", "docs_skipped", "candidates", "words_hit" (RP),
// "j_size" and "kth_score" (DDP; nil when infinite, with one candidate),
// "bin_docs" and "bins_without_winner" (Binning), "novel_words",
// "farthest_median" (the threshold's scale), "threshold_auto",
// "components", "clustering", "unclustered" (novel words in no cluster),
// "words_at_max_iter", "words_stalled", "mean_iterations",
// "words_one_half" and "words_absent" (words in no used document).
//
// The clusters are typed fields: TopicWords holds each topic's cluster of
// novel words (word indices), nearest the cluster average first, so that
// TopicWords[k][0] is Anchors[k], the topic's representative word;
// ClusterSizes holds the size of each cluster. Format 1 models kept them
// in Params as "clusters" (in the clustering's order) and "cluster_sizes",
// with "anchor_words", the words of Anchors; model.Read moves the first two
// to these fields and drops the third.
//
// # Complexity
//
// For nnz document-word entries, C candidates and s novel words: the split
// in O(tokens + nnz); RP in O(P (nnz + D + C)) (twice the products with
// Cooccurrence), linear in D and in the document length as the paper
// says; DDP in O(sum_d c_d^2 + C^2), c_d the candidates in document d, with
// O(C) memory per goroutine; Binning in O(nnz + B); the clustering in
// O(s^2 (K + nnz per word)); Algorithm 5 in O(nnz K + D K^2 + V K^2 T) for
// T solver iterations per word, which is most of the time. Memory is O(nnz
// + (V + D) K + s^2) (EstimateBytes); the memory guard checks it before
// the fit and again for the s x s distances. A fit by RP takes about a
// quarter of a second on KOS at K = 20 and 1.3 s on NIPS at K = 50, on 2
// cores (docs/BENCHMARKS.md, which also has the scaling in D and N).
//
// Results do not depend on Options.Threads: every random choice draws from
// its own seeded PCG stream (the split of document d from its own stream),
// every parallel loop writes per-document, per-word or per-bin results, and
// every sum is taken in a fixed order.
package projection
