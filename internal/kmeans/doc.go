// Package kmeans clusters points in R^dim by k-means: it seeks k centres
// c_1..c_k minimising the inertia
//
//	sum_i min_j ||x_i - c_j||^2
//
// with Lloyd's algorithm (S. P. Lloyd, Least squares quantization in PCM,
// IEEE Trans. Inf. Theory 28(2):129-137, 1982), alternating the assignment
// of every point to its nearest centre with the move of every centre to
// the mean of its points, neither of which can increase the inertia. The
// centres are seeded by k-means++ (D. Arthur and S. Vassilvitskii,
// k-means++: the advantages of careful seeding, SODA 2007), whose expected
// inertia is within O(log k) of the optimum, and the best of several
// seeded runs is kept.
//
// # Distances
//
// A squared distance is computed as ||x||^2 - 2 x.c + ||c||^2 (clamped at
// 0 against rounding), so that the inner products of many points with
// all the centres form one matrix product: gonum's Dgemm for dense points,
// a row-by-row product over the nonzeros for sparse ones. Every inner
// product is summed over the coordinates in increasing order, one product
// at a time, whether it comes from a matrix product or alone, so that a
// distance does not depend on how it was computed (nor, for sparse rows,
// on the zeros). The expanded form loses accuracy to cancellation when a
// point is much nearer its centre than to the origin: two centres whose
// distances to a point differ by less than about dim 2^-52 (||x||^2 +
// max ||c||^2) may be ordered either way, where the earlier code, which
// summed (x_t - c_t)^2, could order them differently; on well-separated
// data the assignments are the same. The reported inertia is summed
// coordinate by coordinate, as before.
//
// # Bounds
//
// After the first assignment, the triangle inequality skips most
// distances: each point keeps an upper bound on the distance to its centre
// and lower bounds on the distances to the others, one for all of them
// (Hamerly), one per group of about eight centres (Yinyang) and one per
// centre (Elkan), loosened by how far the centres move and tightened when
// computed (bounds.go). The bounds are rounded in the safe direction and
// carry the rounding of the computed distances, so a point is skipped only
// when computing every distance would leave it where it is: they save
// time, never change the result. In high dimension the distances to the
// centres concentrate and most points have several centres almost as near
// as their own; only the per-centre bounds keep up there, at 4 bytes per
// point and centre.
//
// # Restarts and determinism
//
// Restart r draws every random number from a PCG stream seeded by
// (Options.Seed, r). The restarts run min(Threads, Restarts) at a time,
// each on its own state; within a restart the points are processed in
// parallel, each point's result computed by one goroutine, and every
// floating-point sum over points (the cluster sums, the inertia, the
// seeding's weights) is accumulated serially in an order that depends on
// the points alone. The best restart is
// the least (inertia, restart index), a total order, so the result is
// bit-identical for every thread count and every order in which the
// restarts finish.
//
// With Options.Sample = m < n the restarts run on m points drawn
// uniformly (PCG(Seed, a stream of their own), kept in point order) and
// the best restart's centres start one more run of Lloyd's iterations on
// all n points, on all the threads: the restarts choose among local
// optima, which a sample of a few hundred points per cluster ranks about
// as the whole does, and the last run moves the chosen centres to a local
// optimum of the whole (P. S. Bradley and U. M. Fayyad, Refining initial
// points for k-means clustering, ICML 1998, choose starting points on
// subsamples likewise). On 300,000 documents projected to 99 dimensions,
// K = 100, 20 restarts on 50,000 of them and the last run took 21 s and
// reached an inertia of 78,143 where 20 restarts on all took 87 s and
// reached 78,239 (Projector's clustering, docs/BENCHMARKS.md).
//
// The k-means++ seeding draws each centre by rejection sampling: a point
// is proposed in proportion to a stale upper bound on its dissimilarity
// (held in a Fenwick tree), brought up to date, and accepted with
// probability dissimilarity / bound. That is the k-means++ distribution
// exactly, at O(n) cost plus O(k dim) per proposal instead of O(n k dim).
//
// The cluster sums are updated incrementally: a point that changes cluster
// is subtracted from the sum of the one it leaves and added to the one it
// joins, in point order. The inertia that decides when to stop is computed
// from the sums in O(k dim) (Result.Inertia is computed point by point).
//
// # Complexity
//
// A full assignment takes O(n k dim) time (O(nnz k) for sparse rows); a
// run takes O(Restarts (MaxIter+1) n k dim) time at most, far less in
// practice, and O(min(Threads, Restarts) n k) memory for the bounds (4
// bytes per point and centre) besides O(n + k dim) per restart and the
// points, which are not copied. With a sample of m points the restarts
// take O(Restarts (MaxIter+1) m k dim) and the last run O((MaxIter+1) n k
// dim) at most; the memory is the larger of the restarts' on the sample
// (with its copy, O(m dim)) and one worker's on all the points.
//
// ClusterCosine is spherical k-means (I. S. Dhillon and D. S. Modha,
// Concept decompositions for large sparse text data using clustering,
// Machine Learning 42:143-175, 2001): the dissimilarity is the cosine
// distance 1 - x.c between unit vectors, half their squared Euclidean
// distance, and each centre is the normalised sum of its points.
// ClusterCosineCSR is the same on the rows of a sparse (CSR) matrix with
// dense centres, and its result is bit-identical to ClusterCosine's on the
// dense equivalent.
//
// The Projector learner uses ClusterCosine; the k-means topics baseline
// (projector.KMeans) uses ClusterCosineCSR; TSVD and Topic-SCORE use
// Cluster.
package kmeans
