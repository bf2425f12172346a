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
//  2. Candidates (hull's addition: see Departures). Rare words have noisy,
//     spiky rows that look like extreme points, so only words in at least
//     MinDF documents (and in both halves) may be novel. The default is
//     corpus.AutoMinDF(D), the anchor learner's rule too (1% of the
//     documents, at least 5, at most 100), lowered when fewer than K words
//     pass. On separable synthetic corpora it keeps the planted novel
//     words; on real corpora a higher floor gives more coherent, more
//     distinct topics (on KOS, 200 documents instead of 34:
//     docs/BENCHMARKS.md), at the price of missing rarer topic words.
//     So when the topics at the automatic floor are noisy
//     (learner.TopicsNoisy: near-copies of one another) or one topic has
//     a weight above 0.3 and 3 / K (learner.DominantWeight),
//     Fit runs stages 1-5 again with the floor at RaisedMinDFFraction
//     (10%) of the documents and keeps that fit (Params min_df_chosen
//     "raised", and the first fit's paper_* figures); NoRaise, or a MinDF
//     the caller sets, keeps the first. This is hull's addition too.
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
//     exponentiated-gradient solver (internal/simplex.EG: supplement
//     Algorithm 5 of Arora et al. 2013, once hull's RecoverL2 solver; it
//     now uses an active-set method), the objective scaled by K/trace(A)
//     so that Tolerance is relative.
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
// each topic. The paper keeps every word hit; hull, by default, only words
// hit MinHits times (default max(2, 5% of the 2P/K hits of an average
// topic): 5 with the default P), meant to drop words whose row is extreme
// by noise alone (a departure; see Departures: it hurts more often than
// it helps). The weight is the number of hits.
//
// On sampled data every word's row is extreme: the V rows of X~ are V
// points in R^D, and with D > V points in general position are all
// vertices of their hull, so the premise of Algorithm 2, that only novel
// words are extreme, holds for the expected rows only. With one novel word
// per topic (synth separable --style ding, K = 5, V = 500, N = 100, D =
// 8,000) RP as printed hits 244-311 of the 500 words with P = 250 and all
// 500 with P = 5,000, and its l1 error stays at 0.42-0.53 for P from 250
// to 5,000 on seeds 1-3 (RecoverL2: 0.06). With a fifth of the vocabulary
// novel (20 per topic) the hits gather on the novel words and RP as
// printed comes within 1.5-2.0 times RecoverL2's error (docs/BENCHMARKS.md,
// section 6.2).
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
// When the components are more or fewer than K, RP and DDP run the
// spectral clustering section 6.1 proposes in place of the hard threshold
// (Params["clustering"] = "spectral-fallback (N components)"): the graph
// on all the novel words weighted exp(-max(dist, 0) / sigma), sigma the
// automatic d/2 (ThresholdFraction times the median above, whatever
// Threshold is: a threshold set too small or too large is what brings the
// fallback, so it must not set the scale too), normalised by the degrees
// as in Ng, Jordan and Weiss; the K leading eigenvectors embed the words,
// and Lloyd's k-means on the embedded words (seeded farthest-first from
// the word of largest weight; no random choice) makes K groups of all of
// them. The paper's weight formula did not survive the text we have. A
// word within that d/2 of a word of another group then leaves its group
// (unless the group would be empty): it lies between topics, a word inside
// the hull found novel by mistake or one too rare for its distances to
// place it, and averaged in it pulls the representative inside the hull.
// Params["unclustered"] counts these words.
//
// Binning runs Algorithm 3's selection by weight: in decreasing weight, a
// word is picked when it is farther than d/2 from every word picked
// before, until K are picked; if fewer than K can be, d/2 is halved until
// K are, so the fit always has K topics. Every other word weighing at
// least as much as the last pick joins the nearest pick within d/2;
// lighter words join none. Params["clustering"] is then "greedy", with
// " (threshold lowered to X)" when it was.
//
// Until issue 19 RP and DDP fell back to that selection too, which left
// every word lighter than the last pick out of the groups, so that a group
// was often its pick alone: on the section 6.2 corpora of
// scripts/repro-projections.sh (K = 5, V = 500, N = 100, 3 seeds), DDP
// with one novel word per topic went from l1 0.366, 0.218, 0.190 at D =
// 2,000, 4,000, 8,000 to 0.292, 0.218, 0.176 with the spectral fallback,
// and with 20 per topic from 0.284, 0.184, 0.056 to 0.209, 0.095, 0.056;
// RP with 20 per topic from 0.711, 0.629, 0.498 to 0.450, 0.399, 0.115.
// On Swimmer (256 poses, N = 500) DDP finds 16 distinct limb positions in
// 3 of 3 draws instead of 1. It costs a little on the noisiest corpora
// (DDP at N = 25 tokens: 0.787 to 0.843). Letting every word within d/2
// join its nearest pick instead (the other fix issue 19 proposed) gave
// DDP 0.175 at D = 8,000 with one novel word per topic, but RP with 20 per
// topic stayed at 0.447 and 0.761 on seeds 1 and 3, where the spectral
// fallback gives 0.141 and 0.120; on Binning it changed nothing that
// mattered (0.40-0.64 either way), so Binning keeps the paper's
// selection. Without leaving out the
// words between groups, the spectral fallback put four words found by
// mistake into one topic of an RP fit (hull fit --algo rp --proj-p 400
// --proj-min-hits 4 --proj-threshold-fraction 0.3 on synth separable
// --style ding -k 6 --vocab-size 200 --docs 8000 --doc-length 200
// --anchors-per-topic 2): l1 0.162, against 0.063 with the selection by
// weight and 0.044 with them left out.
//
// # Departures from the paper
//
// What hull does that Ding et al. do not, or where their text lost the
// value. The figures are l1 errors (mean of 3 seeds) on the section 6.2
// corpora of scripts/repro-projections.sh (K = 5, V = 500, N = 100, D =
// 2,000, 4,000, 8,000; one novel word per topic, or 20: a fifth of the
// vocabulary) and distinct limb positions (of 16) on the 256 Swimmer poses
// of scripts/repro-swimmer.sh, with and without each addition (the
// commands are below the list), and first the refinement measured on real
// text:
//
//   - The refinement of noisy topics (Options.Auto, package refine; on in
//     the registered defaults, off in the zero Options and with
//     "--refine 0"): after the raised floor (NoRaise), topics that are
//     still near-copies by learner.TopicsNoisy's rule, or whose weights
//     are concentrated by learner.TopicsConcentrated's, are refined by at
//     most 20 iterations of variational EM for LDA. On the AP news (K =
//     20) rp's topics are distinct at the automatic floor but three near
//     the frequent words hold 71% of the weight (7.4 effective topics):
//     refined, 18.0, NPMI 0.086 -> 0.174. On NIPS (K = 50) rp
//     278 distinct top words of 500 and 20 near-duplicate pairs -> 321 and
//     2, binning 273 / 7 -> 337 / 2 (its largest topic 0.30 -> 0.05 of
//     the documents); ddp and every learner on KOS keep the raised
//     floor's topics, which are not noisy; at the automatic floor alone
//     (NoRaise) ddp's 68 / 89 on KOS become 115 / 4 (docs/BENCHMARKS.md,
//     "Refinement of noisy topics"). Anchors, TopicWords and
//     ClusterSizes describe the fit the refinement started from.
//     Auto.RefineAlways ("--refine-always") refines the topics the rules
//     keep too: Reuters rp NPMI 0.164 -> 0.201 and NMI 0.404 -> 0.462,
//     binning on the AP news NPMI 0.139 -> 0.184 (docs/BENCHMARKS.md,
//     "Refining always").
//
//   - The candidate floor MinDF (all three methods; Binning also needs a
//     word in max(2, MinDF n_b / D) of a bin's n_b documents). The paper
//     lets every word be novel. Without it (--proj-min-df 1) RP with 20
//     novel words per topic gets 0.583, 0.637, 0.396 instead of 0.361,
//     0.399, 0.115, and DDP 0.182 instead of 0.056 at D = 8,000 (rare
//     novel words of small weight become noisy picks); with one novel word
//     per topic, on Swimmer and for Binning it changes nothing (every word
//     passes, or the bins' own floor decides). On real text it is needed,
//     and a higher floor than the default is better: without it RP and
//     DDP make every KOS topic (K = 20) a near-copy of the others (190 of
//     190 pairs sharing half their top words) and Binning's Reuters NMI
//     falls from 0.256 to 0.092; at 10% of the documents all three are
//     healthy on KOS, NIPS and Reuters (docs/BENCHMARKS.md, "Hull's own
//     additions, on and off"), which the raised floor (Options.NoRaise)
//     gives by default: on the synthetic corpora above the automatic
//     floor's topics are kept, except on a few draws where they are
//     near-copies (20 novel words per topic at D = 2,000: RP 0.450 ->
//     0.361, Binning 0.704 -> 0.707; Swimmer at N = 200: DDP 13.3 -> 13.7
//     limb positions, limb-pixel cosine 0.57 -> 0.75).
//
//   - RP's hit floor MinHits. The paper keeps every word hit once. The
//     floor hurts more often than it helps: with 20 novel words per topic
//     0.361, 0.399, 0.115 with it and 0.301, 0.143, 0.085 without
//     (--proj-min-hits 1; RecoverL2 0.171, 0.116, 0.081); with one, 0.819,
//     0.494, 0.411 with it and 0.453, 0.474, 0.451 without; on Swimmer at N
//     = 2,000 13.3 distinct limb positions with it, 16 without (cosine 0.55
//     against 0.82); on NIPS (K = 50) 129 different top words of 500 with
//     it (collapsed), 223 without (healthy), and at --proj-min-df 248
//     269 and 344. On KOS (K = 20) it is mixed: at --proj-min-df 343, 149
//     and 160 different top words of 200, NPMI 0.218 and 0.211; at the
//     default floor both collapse. On Reuters (K = 20) it helps: 121
//     different top words and NMI 0.287 with it, 64 (collapsed, 120
//     near-duplicate pairs) and 0.326 without; at --proj-min-df 1396, 160
//     and 154, NMI 0.404 and 0.390.
//     Without both floors (rp-paper, Algorithm 2 as printed) RP gets 0.279,
//     0.178, 0.159 with 20 novel words per topic and 0.45-0.47 with one.
//
//   - Values the text lost, chosen by hull: P = 50 K, DDP's |J_i| (Far)
//     and its cut (TopFraction of the K-th score), the threshold d/2
//     (ThresholdFraction of the median farthest distance), the spectral
//     weights of the fallback, Binning's B. The representative is the
//     average of the cluster's rows, which section 4.2 offers as the more
//     robust choice.
//
//   - Cooccurrence (RP on the rows of E) is hull's extension.
//
// The commands (rp-hits1 is --proj-min-hits 1, rp-df1 --proj-min-df 1,
// rp-paper both; ddp-df1 and binning-df1 --proj-min-df 1):
//
//	ALGOS="rp rp-hits1 rp-df1 rp-paper ddp ddp-df1 binning binning-df1 anchor" scripts/repro-projections.sh 3 novel
//	GRID_ALGOS="rp rp-hits1 rp-paper ddp ddp-df1" scripts/repro-swimmer.sh grid
//	hull fit -q --algo rp -k 50 [--proj-min-hits 1] ../shared/data/nips/docword.nips.txt.gz -o m.json
//	hull eval m.json --reference ../shared/data/nips/docword.nips.txt.gz --json   # distinct_words, collapsed
//
// (KOS: the same with -k 20, ../shared/data/kos/docword.kos.txt.gz and
// --proj-min-df 343; every real-text figure above, Reuters too, is a row
// of scripts/repro-realtext.sh.)
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
// O(s^2 (K + nnz per word)), and O(s^3) more for the spectral fallback's
// eigenvectors; Algorithm 5 in O(nnz K + D K^2 + V K^2 T) for
// T solver iterations per word, which is most of the time. Memory is O(nnz
// + (V + D) K + s^2) (EstimateBytes); the memory guard checks it before
// the fit and again for the s x s matrices of the clustering. A fit by RP takes about a
// quarter of a second on KOS at K = 20 and 1.3 s on NIPS at K = 50, on 2
// cores (docs/BENCHMARKS.md, which also has the scaling in D and N).
//
// Results do not depend on Options.Threads: every random choice draws from
// its own seeded PCG stream (the split of document d from its own stream),
// every parallel loop writes per-document, per-word or per-bin results, and
// every sum is taken in a fixed order.
package projection
