// Package projector learns topics by Projector, the geometric algorithm of
// D. Wang, V. Huang, J. Cook, A. Gambardella, C. Zhao and S. Rao, "A
// Geometric Algorithm for LDA that's Predictive, Not Perplexing"
// (../shared/papers/projector.txt), section 6.2, and by the paper's
// "k-means" baseline (section 6.1): both cluster documents with the cosine
// distance and read the topics off the clusters.
//
// # Projector
//
// Input: the observed word distributions of the documents, k topics and a
// parameter delta. Fit computes, for the n non-empty documents:
//
//  1. Shift. x_d = h_d / n_d, the document's word counts divided by its
//     length (the paper's "observed distributions of training documents"
//     M-hat: documents are normalised, so every document has the same
//     weight whatever its length), and their mean mu. The centred matrix
//     X - 1 mu^T is never formed: it is an internal/linalg.Shifted, whose
//     products are sparse products with X plus a rank-one correction.
//  2. SVD. The K-1 leading right singular vectors V (V words x (K-1)) of
//     X - 1 mu^T by randomized subspace iteration (Halko et al. 2011;
//     Options.Oversample, Options.PowerIters): the paper's "best rank
//     (k-1) approximation", the subspace spanned by the centred documents.
//     K-1 because the documents' expected distributions lie in the
//     (K-1)-simplex of the topics, an affine space of dimension K-1 through
//     the mean.
//  3. Project. p_d = (x_d - mu) V, the document's coordinates in the
//     subspace (n x (K-1)).
//  4. Clustering. Spherical k-means of the p_d
//     (internal/kmeans.ClusterCosine: distance 1 - cos(x, y), as the paper
//     says; k-means++ seeding, Options.Restarts restarts, 20 by default,
//     the least inertia kept). With at least 1,000 K documents the
//     restarts run on a random sample of 500 K of them and the best
//     restart's centres start one last run on all (Options.KMeansSample;
//     the paper does not say how it runs k-means): at 300,000 documents
//     and K = 100 the clustering took 11 s instead of 72 s and reached a
//     lower inertia. The centre C_j of cluster j is the Euclidean mean of its
//     points ("center in the sense as in euclidean distance"), not the unit
//     cosine centre. A document projected exactly onto the mean has no
//     direction and joins no cluster.
//  5. Scale. The centres are scaled about the origin (the corpus mean) by
//     the smallest common factor s > 0 such that at least ceil(delta n) of
//     the n projected documents lie inside (or on) the simplex with
//     vertices s C_1, ..., s C_K. A point is inside when its barycentric
//     coordinates are all >= 0 (within 1e-9); they come from the inverse
//     of the (K-1) x (K-1) matrix of edges C_j - C_K (one LU
//     factorisation), and since scaling is linear, lambda_s(p) =
//     lambda(0) + L p / s gives every point's coordinates at every s from
//     one product L p. For each point
//     the factors at which it is inside form an interval [lo, hi], so the
//     smallest factor is found exactly by sorting the interval ends and
//     sweeping, not by bisection (which needs the count to rise with s and
//     stops at a tolerance; a test checks that bisection with an
//     independent barycentric count finds the same s). The origin's
//     coordinates lambda(0) are the cluster shares n_j/n (the centred
//     points sum to zero), all positive, so every hi is infinite and s is
//     the ceil(delta n)-th smallest lo. s may be below 1 when more than
//     delta of the documents are already inside: the paper asks for the
//     smallest scalar, not an enlargement. Options.NoScale keeps s = 1, an
//     ablation.
//  6. Whitening. A_j = mu + V (s C_j) in word space, negative entries set
//     to 0, each topic normalised to sum 1. A topic with no positive entry
//     (never seen) would be replaced by mu, its TopicSource
//     SourceCorpusMean.
//
// The paper's figures use delta = 0.8, the default (Options.Delta).
//
// How large s gets. A document is inside when all K of its barycentric
// coordinates are non-negative, and the coordinate of vertex j at the
// origin is the share of cluster j, so a document needs s of about 1 + (its
// most negative coordinate at s = 1) / (that vertex's share): small
// clusters, and documents far from every corner, make s large. On LDA
// corpora with small alpha s stays small and the step pays: at K = 8 s is
// about 1.7 and the mean l1 error to the true topics 0.08-0.09 against
// 0.32-0.34 without scaling (TestRecoversLDATopics); at K = 20 on a corpus
// like the paper's (docs/BENCHMARKS.md) s is about 5, the mean cosine 0.98
// against 0.94 and the mean l1 0.30 against 0.88. On real corpora s is
// large (about 120 on KOS at K = 20, about 390 on NIPS at K = 50): the
// mean is then negligible against s V C_j, clipping removes nearly as much
// mass as it keeps (Params["clipped_mass"], negative over positive mass,
// 0.98-0.99 on average over the topics) and each topic is the positive part of its centre's direction
// in word space; delta then hardly changes the topics.
//
// TopicWeights are the cluster shares n_j/n: the barycentric coordinates of
// the corpus mean with respect to the centres, scaled or not, that is the
// mean topic proportions of the documents, each document weighted equally
// (p(z) when documents have equal lengths). Alpha is not estimated: its
// scale would come from the spread of the documents' coordinates, which
// the sampling noise of short documents inflates.
//
// Params holds, as scalars, the options ("delta", "scaled",
// "svd_oversample", "svd_power_iters", "kmeans_restarts",
// "kmeans_max_iter", "kmeans_tol", "kmeans_sample": the sample size, 0
// for all the documents), "document_rows" ("frequencies"),
// "empty_docs" (documents without tokens, skipped), "docs_at_mean",
// "kmeans_inertia" (sum of cosine distances), "scale" (s),
// "inside_fraction" (at s) and "inside_fraction_unscaled" (at s = 1), and
// "clipped_mass" (the mean over the topics, those replaced by mu aside, of
// each topic's negative mass over its positive mass). The typed fields
// hold the rest: SingularValues the K-1 singular values of the centred
// matrix, ClusterSizes the documents of each cluster, TopicSource how each
// topic was obtained (SourceCentre; SourceCosineCentre for a cluster
// k-means left empty, SourceCorpusMean for a topic replaced by mu). The
// origin's barycentric coordinates, lambda(0), are the cluster shares,
// TopicWeights, and are not recorded again. (Format 1 models kept
// "singular_values" and "cluster_sizes" in Params, which model.Read
// migrates, and "origin_barycentric", the per-topic "clipped_mass" and
// the lists "empty_clusters" and "fallback_topics", which it drops.) The
// stage timings are "shift", "svd", "project", "k-means", "scale" and
// "topics".
//
// # Refinement of noisy topics
//
// Both learners refine their topics when they are near-copies by
// learner.TopicsNoisy's rule or their weights (the cluster shares) are
// concentrated by learner.TopicsConcentrated's or incoherent by
// learner.TopicsIncoherent's (Options.Auto and
// KMeansOptions.Auto, package refine; on in the registered defaults, off in
// the zero Options and with "--refine 0"): at most 20 iterations of
// variational EM for LDA start from them. Their topics are the means of
// documents, which share the corpus's frequent words: Projector on KOS (K =
// 20) 104 distinct top words of 200 and 5 near-duplicate pairs -> 120 and 0,
// on NIPS (K = 50) 213 / 20 -> 309 / 1; k-means on NIPS 206 / 53 -> 277 / 8
// (docs/BENCHMARKS.md, "Refinement of noisy topics"); Projector on the four
// Classic collections (K = 15) 11 incoherent topics of 15 -> 2, on the AP
// news (K = 20) one topic at NPMI -0.435 and a mean of 0.105 -> 0.215
// ("Concentrated and incoherent topics"). The paper's own
// measures (scripts/repro-projector-tables.sh) are of the topics before any
// refinement: the script passes --refine 0. ClusterSizes and TopicSource
// describe the fit the refinement started from. Auto.RefineAlways
// ("--refine-always") refines the topics the rules keep too: k-means on the
// AP news NPMI 0.198 -> 0.240, on Classic 0.157 -> 0.206 and NMI 0.492 ->
// 0.528 (docs/BENCHMARKS.md, "Refining always").
//
// # k-means topics
//
// KMeans is the paper's baseline "K-means: uses k-means with cosine
// similarity to produce a topic matrix": spherical k-means of the
// documents' word distributions x_d in R^V (the paper names no reduced
// space, so none is used), topic j the mean of the x_d of cluster j
// (already a distribution), TopicWeights the cluster shares. It shares the
// document rows, k-means and topic normalisation with Projector.
// The documents stay sparse: internal/kmeans.ClusterCosineCSR computes
// each cosine distance over a document's nonzeros, with dense K x V
// centres, so the time is O(Restarts x iterations x (nnz K + K V)) at
// most (bounds skip most distances after the first iterations) and the
// memory O(nnz + K V + D K) (KMeansEstimateBytes guards it); the result is
// bit-identical to ClusterCosine on the dense D x V matrix, the paper's
// k-means in R^V (docs/BENCHMARKS.md has the timings). Its Params hold
// the k-means options (10 restarts by default), "document_rows",
// "empty_docs" and "kmeans_inertia"; ClusterSizes the documents of each
// cluster and TopicSource how each topic was obtained
// (SourceClusterMean; SourceCosineCentre or SourceCorpusMean as for
// Projector); its stages are "frequencies", "k-means" and "topics".
//
// # Complexity
//
// For nnz document-word entries, V words, D documents and l = K-1+p sketch
// columns: the shift O(nnz + V); the SVD O((2q+2)(nnz + D + V) l +
// (q+1)(D+V) l^2) with q power iterations; the projection O(nnz K); k-means
// O(Restarts x iterations x D K^2) at most (with a sample of m
// documents, O(Restarts x iterations x m K^2 + iterations x D K^2)), the
// first assignment of each restart a matrix product, the later ones
// skipping the distances their bounds rule out; the scaling O(D K^2 + K^3 + D log D);
// the topics O(V K^2). Memory is O(nnz + (D + V) K) (EstimateBytes). On KOS
// (353,160 nonzeros) at K = 20 a fit takes about 0.7 s on 2 cores, most of
// it k-means (docs/BENCHMARKS.md).
//
// Results do not depend on Options.Threads: the SVD and k-means are
// thread-independent, parallel loops write per-row results, and every sum
// across documents is taken in document order.
package projector
