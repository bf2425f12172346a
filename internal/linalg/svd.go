package linalg

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// Default values of the SVDOptions fields.
const (
	defaultOversample = 10
	defaultPowerIters = 4
)

// SVDOptions configure RandomizedSVD. The zero value selects the defaults.
type SVDOptions struct {
	// Oversample is p, the number of random directions drawn beyond k:
	// the sketch has l = min(k+p, Rows, Cols) columns. 0 selects the
	// default 10 (Halko et al. 2011 find p = 5 to 10 adequate for Gaussian
	// test matrices); a negative value requests none.
	Oversample int
	// PowerIters is q, the number of subspace (power) iterations, each one
	// product with A^T and one with A and a thin QR of the smaller of the
	// two results. 0 selects the default 4; a negative value requests
	// none.
	//
	// The sketch then sees A (A^T A)^q, whose singular values are
	// sigma_i^(2q+1), so the part of the basis outside the leading
	// k-dimensional subspace shrinks by about (sigma_{l+1}/sigma_k)^(2q+1)
	// (Halko et al. 2011, section 4.5; bounds in section 10.4). Re-
	// orthonormalising once per iteration keeps this stable in floating
	// point. The default 4 is a compromise: with a clear gap
	// (sigma_{l+1}/sigma_k up to about 0.35) it reaches singular values accurate to
	// about 1e-8 relative, whereas q = 0 can be off by tens of percent
	// (TestRandomizedSVDPowerIterations). Document-word matrices have a
	// flat noise tail: on a simulated 3000 x 1500 topic-model matrix (K =
	// 10, sigma_21/sigma_10 = 0.61) q = 4 gave singular values within 1e-3
	// relative and a subspace error sum sin^2(theta_i) of 2e-3 to 7e-3
	// across seeds, q = 8 gave 6e-8 and 5e-7, q = 10 gave 8e-10 and 7e-9.
	// Each iteration costs two sparse products and one thin QR; callers
	// that need the subspace to many digits should raise q (a larger p
	// helps far less when the tail is flat).
	PowerIters int
	// Seed seeds the Gaussian test matrix (math/rand/v2 PCG): equal seeds
	// give bit-identical results.
	Seed uint64
	// Threads bounds the goroutines used (0: one per CPU). It never
	// changes the result.
	Threads int
	// Context, when not nil, stops the power iterations and the products
	// after them once it is done: the call returns its error (20,000
	// iterations ran on after a cancel).
	Context context.Context
}

// RandomizedSVD returns the k largest singular values of a (descending) and
// their left and right singular vectors: u is Rows x k, v is Cols x k. It
// is Halko, Martinsson and Tropp 2011, Algorithm 4.4 (randomized subspace
// iteration) with re-orthonormalisation by thin QR once per iteration,
// followed by the SVD of the small matrix B = Q^T A (l x Cols), by a thin
// QR of B^T and gonum's dense SVD of its l x l factor R. It
// never forms a dense Rows x Cols matrix. Signs are fixed deterministically
// so that results are reproducible.
//
// Precisely: with l = min(k+p, Rows, Cols), RandomizedSVD draws a Cols x l
// Gaussian matrix Omega, sets Y = A Omega, then q times Y = A qr(A^T Y)
// when Rows > Cols, or Y = A A^T qr(Y) otherwise (the QR on the smaller
// block; Halko et al. orthonormalise after every product, which spans the
// same subspace in exact arithmetic), then Q = qr(Y), and finally factors
// the Cols x l matrix B^T = A^T Q = U_B S V_B^T, as B^T = Q_B R and R =
// U_R S V_B^T by gonum's dense SVD (U_B = Q_B U_R): the estimates are s = diag(S)[:k], u = Q
// V_B[:, :k] and v = U_B[:, :k]. The columns of u and v are orthonormal.
// Each left singular vector is signed so that its entry of largest
// magnitude (the first such, on ties) is positive, and the right one
// follows. When l = min(Rows, Cols) the factorisation is exact up to
// rounding.
//
// RandomizedSVD returns an error when k < 1 or k > min(Rows, Cols), when a
// is malformed (RowPtr, ColIdx or Val inconsistent, column indices out of
// range or not increasing within a row) or holds a NaN or an infinity, and
// when the dense SVD fails to converge. The result depends on a, k, p, q
// and Seed only, bit for bit, never on Threads. A's scale must leave
// room for its square: the block A^T A Y is formed before its QR, so a
// largest singular value above about 1e154 overflows (an error, "a
// non-finite value"), and one below about 1e-154 loses precision to
// subnormals (2.4% at 1e-169); counts and frequencies are far from both.
//
// It takes O((2q+2) nnz l + q min(Rows, Cols) l^2 + (Rows+Cols) l^2) time,
// of which the products with A and A^T run in parallel, and O(nnz +
// (Rows+Cols) l) memory (SVDScratchBytes): a transposed copy of a (12
// bytes per nonzero) unless a is tall, partial sums of the scattered
// product when a or its transpose is tall (see csrOp), and a few dense n
// x l blocks.
func RandomizedSVD(a *CSR, k int, o SVDOptions) (u *mat.Dense, s []float64, v *mat.Dense, err error) {
	if err := a.validate(); err != nil {
		return nil, nil, nil, err
	}
	return randomizedSVD("RandomizedSVD", &csrOp{a: a}, k, o)
}

// TransposedRandomizedSVD is RandomizedSVD of A = at^T, given as its
// transpose: the same result bit for bit, without transposing at when A
// is wide (its products then need only at; see csrOp), as when at holds
// documents as rows and A is the words x documents matrix. Errors and
// memory are those of RandomizedSVD, for the matrix at.
func TransposedRandomizedSVD(at *CSR, k int, o SVDOptions) (u *mat.Dense, s []float64, v *mat.Dense, err error) {
	if err := at.validate(); err != nil {
		return nil, nil, nil, err
	}
	return randomizedSVD("TransposedRandomizedSVD", &csrOp{at: at}, k, o)
}

// randomizedSVD is RandomizedSVD of the linear map op (see operator), which
// it only multiplies by dense blocks; name prefixes its errors.
func randomizedSVD(name string, op operator, k int, o SVDOptions) (u *mat.Dense, s []float64, v *mat.Dense, err error) {
	rows, cols := op.dims()
	if k < 1 || k > min(rows, cols) {
		return nil, nil, nil, fmt.Errorf("linalg: %s: k = %d not in [1, %d] for a %dx%d matrix", name, k, min(rows, cols), rows, cols)
	}
	p, q := o.Oversample, o.PowerIters
	if p == 0 {
		p = defaultOversample
	}
	if q == 0 {
		q = defaultPowerIters
	}
	l := min(k+min(max(p, 0), rows, cols), rows, cols) // p clamped first: k + a huge p wrapped around
	th := o.Threads

	// Each round trip A^T then A gets one thin QR, of the smaller block (z,
	// Cols x l, when A is tall; y otherwise): between two QRs the columns'
	// scales spread by at most (sigma_1/sigma_l)^2, far from what float64
	// loses, and the subspace is the same as with a QR after every
	// product. The larger block is orthonormalised once, at the end, where
	// Q must be: on a 300,000 x 14,036 document matrix with l = 109 its
	// QRs were 40% of the time.
	tall := rows > cols
	z := gaussian(cols, l, o.Seed) // Omega, then A^T Q
	y := mat.NewDense(rows, l, nil)
	// done is the context's error, checked between the products, each
	// O(nnz l): a cancel waited for the end of the iteration (2 s on
	// 200,000 documents).
	done := func() error {
		if o.Context == nil {
			return nil
		}
		return o.Context.Err()
	}
	op.mul(y, z, th)
	for range max(q, 0) {
		if err := done(); err != nil {
			return nil, nil, nil, err
		}
		if !tall {
			orthonormalize(y, th)
		}
		op.tmul(z, y, th)
		if tall {
			orthonormalize(z, th)
		}
		if err := done(); err != nil {
			return nil, nil, nil, err
		}
		op.mul(y, z, th)
	}
	if err := done(); err != nil {
		return nil, nil, nil, err
	}
	orthonormalize(y, th)
	op.tmul(z, y, th) // z = B^T, Cols x l
	if err := done(); err != nil {
		return nil, nil, nil, err
	}

	for _, x := range z.RawMatrix().Data {
		if math.IsNaN(x) || math.IsInf(x, 0) { // gonum's SVD would panic or fail
			return nil, nil, nil, fmt.Errorf("linalg: %s: the subspace iteration produced a non-finite value (k = %d, l = %d, %d power iterations)", name, k, l, max(q, 0))
		}
	}
	// B^T = Q_B R by our parallel QR and R = U_R S V_R^T by gonum (l x l),
	// so B^T = (Q_B U_R) S V_R^T. gonum's SVD of B^T would take the same
	// QR first, serially: 10 s of Topic-SCORE's 52 at 300,000 documents.
	r := mat.NewDense(l, l, nil)
	thinQR(z, r, th)
	var svd mat.SVD
	if !svd.Factorize(r, mat.SVDThin) {
		return nil, nil, nil, fmt.Errorf("linalg: %s: dense SVD did not converge", name)
	}
	s = svd.Values(nil)[:k]
	var ur, vr mat.Dense
	svd.UTo(&ur)
	svd.VTo(&vr)
	u = mat.NewDense(rows, k, nil)
	u.Mul(y, vr.Slice(0, l, 0, k))
	v = mat.NewDense(cols, k, nil)
	v.Mul(z, ur.Slice(0, l, 0, k))
	fixSigns(u, v)
	return u, s, v, nil
}

// gaussian returns an r x c matrix of independent standard normal entries
// drawn in row-major order from PCG(seed, gaussianStream).
func gaussian(r, c int, seed uint64) *mat.Dense {
	rng := rand.New(rand.NewPCG(seed, gaussianStream))
	d := mat.NewDense(r, c, nil)
	for i := range d.RawMatrix().Data {
		d.RawMatrix().Data[i] = rng.NormFloat64()
	}
	return d
}

// gaussianStream is the second PCG seed word of the test matrix.
const gaussianStream = 0x5356445f4f4d4547 // "SVD_OMEG"

// fixSigns flips column j of u and of v when the entry of largest magnitude
// in column j of u (the first one, on ties) is negative.
func fixSigns(u, v *mat.Dense) {
	r, k := u.Dims()
	vr, _ := v.Dims()
	for j := 0; j < k; j++ {
		big, at := -1.0, 0
		for i := 0; i < r; i++ {
			if x := math.Abs(u.At(i, j)); x > big {
				big, at = x, i
			}
		}
		if u.At(at, j) >= 0 {
			continue
		}
		for i := 0; i < r; i++ {
			u.Set(i, j, -u.At(i, j))
		}
		for i := 0; i < vr; i++ {
			v.Set(i, j, -v.At(i, j))
		}
	}
}
