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
// Results are deterministic: every random number comes from a PCG stream
// seeded by Options.Seed and the restart number, distances are computed per
// point in parallel, and every floating-point sum is accumulated in point
// order, so the result is bit-identical for every thread count.
//
// Complexity: each Lloyd iteration and each seeding takes O(n k dim) time
// for n points; a run takes O(Restarts (MaxIter+1) n k dim) time at most
// and O(n + k dim) memory beyond the points, which are not copied.
//
// ClusterCosine is spherical k-means (I. S. Dhillon and D. S. Modha,
// Concept decompositions for large sparse text data using clustering,
// Machine Learning 42:143-175, 2001): the dissimilarity is the cosine
// distance 1 - x.c between unit vectors and each centre is the normalised
// sum of its points. ClusterCosineCSR is the same on the rows of a sparse
// (CSR) matrix: each distance is computed over a row's nonzeros against
// dense centres, so a run takes O(Restarts (MaxIter+1) (nnz k + k dim))
// time and O(nnz + n + k dim) memory, and its result is bit-identical to
// ClusterCosine's on the dense equivalent.
//
// All three share the seeding, Lloyd's iterations, restarts and
// empty-cluster re-seeding (the internal problem type), which see the
// points only through an internal geometry interface: the dissimilarity
// of point i to a centre, the nearest centre, the addition of point i to a
// sum, point i as dense values, and the centre of a sum. Dense rows take a
// metric (squared Euclidean or cosine) on dense vectors; sparse rows the
// cosine over their nonzeros. The Projector learner uses ClusterCosine;
// the k-means topics baseline (projector.KMeans, also the k-means topics
// of the plusone comparison) uses ClusterCosineCSR.
package kmeans
