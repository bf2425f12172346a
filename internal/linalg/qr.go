package linalg

import (
	"context"
	"math"

	"github.com/hulltopics/hull/internal/parallel"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// qrParallelMin is the least column length (rows) for which orthonormalize
// applies each reflector to the trailing columns in parallel.
const qrParallelMin = 4096

// safeMin is LAPACK's dlamch('S')/dlamch('E'), about 2e-292: dlarfg scales
// up a column whose norm is below it before forming its reflector.
const safeMin = 0x1p-1022 / 0x1p-53

// orthonormalize replaces the n x m matrix y (n >= m) by the thin factor Q
// of its Householder QR factorisation y = Q R: Q has orthonormal columns
// spanning the range of y whenever y has full column rank, and is
// orthonormal even when it does not. The reflectors follow LAPACK's dgeqr2
// (beta = -sign(alpha) ||x||), so the signs are deterministic. The work is
// done in a column-major copy so that every reflector touches contiguous
// memory; each column is updated by one goroutine, so the result does not
// depend on threads. It takes O(n m^2) time and n m + m words of scratch.
func orthonormalize(y *mat.Dense, threads int) { thinQR(y, nil, threads) }

// thinQR is orthonormalize that also sets r, when non-nil (m x m), to the
// factor R: y = Q R with R upper triangular (its diagonal the reflectors'
// betas, of either sign).
func thinQR(y, r *mat.Dense, threads int) {
	n, m := y.Dims()
	if m > n {
		panic("linalg: orthonormalize needs a tall matrix")
	}
	a := make([]float64, n*m) // column-major: column j is a[j*n:(j+1)*n]
	for i := 0; i < n; i++ {
		for j, v := range y.RawRowView(i) {
			a[j*n+i] = v
		}
	}
	col := func(j int) []float64 { return a[j*n : (j+1)*n] }
	tau := make([]float64, m)
	// apply applies H_j = I - tau_j v_j v_j^T (v_j = [1; a[j*n+j+1 : (j+1)*n]])
	// to rows j.. of columns [lo, m) of c.
	apply := func(j int, c []float64, lo int) {
		if tau[j] == 0 {
			return
		}
		v := col(j)[j+1:]
		one := func(l int) {
			x := c[l*n+j : (l+1)*n]
			w := tau[j] * (x[0] + floats.Dot(v, x[1:]))
			x[0] -= w
			floats.AddScaled(x[1:], -w, v)
		}
		if n-j < qrParallelMin || m-lo < 2 {
			for l := lo; l < m; l++ {
				one(l)
			}
			return
		}
		_ = parallel.For(context.Background(), m-lo, 1, threads, func(s, e int) {
			for l := lo + s; l < lo+e; l++ {
				one(l)
			}
		}, nil)
	}
	for j := 0; j < m; j++ {
		x := col(j)[j:]
		alpha := x[0]
		xnorm := floats.Norm(x[1:], 2)
		if xnorm == 0 {
			continue // H_j = I
		}
		beta := -math.Copysign(math.Hypot(alpha, xnorm), alpha)
		// As dlarfg: a column whose norm is near the underflow threshold
		// is scaled up first, so that 1/(alpha-beta) cannot overflow
		// (a rank-deficient y leaves such columns: rounding residue,
		// shrunk further by every product of the subspace iteration).
		knt := 0
		for math.Abs(beta) < safeMin && knt < 20 {
			knt++
			floats.Scale(1/safeMin, x[1:])
			beta /= safeMin
			alpha /= safeMin
		}
		if knt > 0 {
			xnorm = floats.Norm(x[1:], 2)
			beta = -math.Copysign(math.Hypot(alpha, xnorm), alpha)
		}
		tau[j] = (beta - alpha) / beta
		floats.Scale(1/(alpha-beta), x[1:])
		for range knt {
			beta *= safeMin
		}
		x[0] = beta
		apply(j, a, j+1)
	}
	if r != nil {
		r.Zero()
		for j := 0; j < m; j++ {
			for i := 0; i <= j; i++ {
				r.Set(i, j, a[j*n+i])
			}
		}
	}
	// Q = H_0 H_1 ... H_{m-1} applied to the first m columns of I, as in
	// dorg2r: the reflectors are applied backwards to a shrinking block, so
	// Q overwrites the reflectors column by column.
	q := make([]float64, n*m)
	for j := m - 1; j >= 0; j-- {
		qj := q[j*n : (j+1)*n]
		qj[j] = 1
		apply(j, q, j)
	}
	for i := 0; i < n; i++ {
		row := y.RawRowView(i)
		for j := range row {
			row[j] = q[j*n+i]
		}
	}
}
