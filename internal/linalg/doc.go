// Package linalg holds the sparse and randomized linear algebra that hull's
// spectral learners share: products of a compressed sparse row (CSR) matrix
// with dense matrices, its transpose, and a truncated SVD by randomized
// subspace iteration.
//
// # Products
//
// CSR.MulDense computes A B and CSR.TMulDense A^T B for a dense B with k
// columns in O(nnz k) time, in parallel over output rows. Every output row is
// accumulated by a single goroutine in a fixed order, so results are
// bit-identical for every thread count; TMulDense achieves this by
// multiplying by a transposed copy (CSR.Transpose, O(nnz)). Inside the
// randomized SVD, the product with the transpose of a tall matrix (at
// least twice as many rows as columns, such as documents x words)
// instead scatters each row into one of 8 partial sums, fixed blocks of
// rows added in block order: it reads the long dense operand in order
// where the transposed copy reads it at random, and was three times
// faster on 300,000 documents (CSR.tmulScatter). gonum's
// mat.Dense.Mul must never be given a sparse operand: it falls back to
// element access and is several hundred times slower.
//
// # Randomized SVD
//
// RandomizedSVD computes the k leading singular triplets of a CSR matrix A
// (Rows x Cols, nnz nonzeros) by Algorithm 4.4 of
//
//	N. Halko, P.-G. Martinsson and J. A. Tropp, Finding structure with
//	randomness: probabilistic algorithms for constructing approximate
//	matrix decompositions, SIAM Review 53(2):217-288, 2011,
//
// randomized subspace iteration with a thin Householder QR once per
// iteration: with l = k + p columns (p oversampling directions) and q power
// iterations, for Rows > Cols,
//
//	Omega ~ N(0, 1)^(Cols x l)
//	Y = A Omega
//	repeat q times: Y = A qr(A^T Y)
//	Q = qr(Y)
//	B^T = A^T Q = U_B S V_B^T            (dense thin SVD, Cols x l)
//	A ~ (Q V_B) S U_B^T
//
// and for Rows <= Cols the QR inside the loop is of Y, the smaller block,
// Y = A A^T qr(Y). Halko et al. orthonormalise after every product; in
// exact arithmetic both span the same subspace, and one QR per iteration
// keeps the columns' scales within (sigma_1/sigma_l)^2 of one another,
// far from what float64 loses. The QRs of the larger block were 40% of
// the time on 300,000 documents and 14,036 words.
//
// The SVD of B^T (Cols x l) is a thin QR, B^T = Q_B R, in parallel, and
// gonum's SVD of the l x l factor R (gonum's SVD of B^T itself would do
// the same QR on one core).
//
// It never forms a dense Rows x Cols matrix. It costs 2q+2 sparse products,
// O((2q+2) nnz l) time, q+2 thin QR factorisations, O(q min(Rows, Cols)
// l^2 + (Rows+Cols) l^2), and one dense SVD, O(l^3), in O(nnz + (Rows+Cols)
// l) memory.
// The error of the computed subspace decays like (sigma_{l+1}/sigma_k)^(2q+1)
// (Halko et al. 2011, section 10.4). Signs are normalised and all random
// numbers come from a seeded PCG, so results are reproducible bit for bit
// on a given platform and independent of the number of threads.
//
// Shifted is a CSR matrix with a vector subtracted from every row, A - 1
// mu^T (Projector's documents shifted to their mean), which is never
// formed: its products are the sparse ones corrected by a rank-one term,
// (A - 1 mu^T) B = A B - 1 (mu^T B), in O(nnz k + (Rows+Cols) k) time, and
// Shifted.RandomizedSVD runs the same subspace iteration on it, so the
// shift keeps the matrix sparse.
//
// The thin QR is our own Householder factorisation (LAPACK's dgeqr2 and
// dorg2r) on a column-major copy, updating the trailing columns in
// parallel; at 20,000 x 30 it takes about 11 ms, as fast as gonum's LAPACK
// Dgeqrf plus Dorgqr (see BenchmarkOrthonormalize), and unlike gonum's
// mat.QR it never forms the full Rows x Rows factor. Like dlarfg it scales
// up a column whose norm is near the underflow threshold before forming its
// reflector: a matrix of rank below l leaves such columns (rounding residue
// that every product shrinks further), and without the scaling they turned
// into NaN and the dense SVD failed to converge (TSVD's thresholded matrix
// at K = 100 when only two words reach their thresholds).
package linalg
