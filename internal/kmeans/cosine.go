package kmeans

import (
	"errors"
	"fmt"
	"math"

	"github.com/hulltopics/hull/internal/linalg"
	"gonum.org/v1/gonum/mat"
)

// ClusterCosine runs spherical k-means (Dhillon and Modha 2001): k-means
// in which the dissimilarity of a point x and a centre c is the cosine
// distance 1 - x.c/(|x| |c|), and each centre is the normalised sum of
// its points, the unit vector of greatest total cosine with them. Seeding
// (k-means++ on the cosine distance), restarts, empty clusters, ties and
// determinism are as in Cluster; Result.Inertia is the sum over points of
// the cosine distance to the assigned centre, and Result.Centers has unit
// rows.
//
// The points are scaled to unit length in a copy, so ClusterCosine takes
// O(n dim) memory more than Cluster, and otherwise the same time. It
// returns an error when a row of points is zero (its direction is
// undefined), when the points have fewer than k distinct directions, and
// in the cases of Cluster. points is not modified.
func ClusterCosine(points *mat.Dense, k int, o Options) (Result, error) {
	if points == nil || points.IsEmpty() {
		return Cluster(points, k, o) // the error of Cluster
	}
	n, dim := points.Dims()
	unit := mat.NewDense(n, dim, nil)
	for i := 0; i < n; i++ {
		row := unit.RawRowView(i)
		copy(row, points.RawRowView(i))
		norm := 0.0
		for _, v := range row {
			norm += v * v
		}
		norm = math.Sqrt(norm)
		if math.IsNaN(norm) || math.IsInf(norm, 0) {
			return Result{}, fmt.Errorf("kmeans: point %d has a non-finite coordinate", i)
		}
		if norm == 0 {
			return Result{}, fmt.Errorf("kmeans: point %d is zero and has no direction", i)
		}
		for t := range row {
			row[t] /= norm
		}
	}
	return cluster(unit, k, o, cosine{}, nil)
}

// cosine is the metric of spherical k-means on unit vectors: the
// dissimilarity 1 - x.c, clamped at 0 against rounding, and centres
// renormalised to unit length.
type cosine struct{}

func (cosine) dist(x, c []float64) float64 {
	c = c[:len(x)]
	dot := 0.0
	for t, v := range x {
		dot += v * c[t]
	}
	return max(0, 1-dot)
}

func (g cosine) nearest(x, centers []float64) (int, float64) {
	dim := len(x)
	k := len(centers) / max(dim, 1)
	best, bd := 0, math.Inf(1)
	for j := 0; j < k; j++ {
		if d := g.dist(x, centers[j*dim:][:dim]); d < bd {
			best, bd = j, d
		}
	}
	return best, bd
}

// center scales the sum of a cluster's unit points to unit length; a sum
// of exactly zero (points cancelling out) is left as it is, at cosine
// distance 1 from every point.
func (cosine) center(sum []float64, _ int) {
	norm := 0.0
	for _, v := range sum {
		norm += v * v
	}
	if norm == 0 {
		return
	}
	inv := 1 / math.Sqrt(norm)
	for t := range sum {
		sum[t] *= inv
	}
}

// ClusterCosineCSR is ClusterCosine on the rows of the sparse matrix a
// (n x dim): the same seeding, iterations, restarts, empty-cluster
// re-seeding, ties, errors and Seed and Threads semantics, with dense unit
// centres (Result.Centers is k x dim). The cosine distance 1 - x.c/|x| of
// a row x to a centre c is computed over the nonzeros of x only, summed in
// the order they are stored, and each centre is the normalised sum of its
// unit rows, accumulated densely in row order. Skipping zeros changes no
// sum, so with the columns of each row increasing (as required) the result
// is bit-identical to ClusterCosine's on the dense equivalent of a.
//
// Each assignment step and each seeding takes O(nnz k + k dim) time and
// each centre update O(nnz + k dim), so ClusterCosineCSR takes
// O(Restarts (MaxIter+1) (nnz k + k dim)) time at most (the check of k
// distinct directions O(m dim) more, for the first m rows it reads; usually
// m = k, at worst n), of which the distances run in parallel, and
// O(nnz + n + k dim) memory besides the result: the unit rows are a copy
// of a.Val sharing a.RowPtr and a.ColIdx. It returns an error when a is
// nil or has no rows or no columns, when its structure is invalid (RowPtr
// not of length n+1, not starting at 0 or decreasing, column indices out
// of range or not strictly increasing within a row), and in the cases of
// ClusterCosine: a zero row (explicitly stored zeros count as zeros), a
// non-finite value, fewer than k distinct directions, k < 1, a negative
// option. a is not modified.
func ClusterCosineCSR(a *linalg.CSR, k int, o Options) (Result, error) {
	o, err := options(o)
	if err != nil {
		return Result{}, err
	}
	if a == nil || a.Rows <= 0 || a.Cols <= 0 {
		return Result{}, errors.New("kmeans: no points")
	}
	if k < 1 {
		return Result{}, fmt.Errorf("kmeans: k = %d < 1", k)
	}
	n, dim := a.Rows, a.Cols
	if len(a.RowPtr) != n+1 || a.RowPtr[0] != 0 {
		return Result{}, fmt.Errorf("kmeans: CSR RowPtr has length %d, want %d, starting at 0", len(a.RowPtr), n+1)
	}
	if nnz := a.RowPtr[n]; int64(len(a.ColIdx)) != nnz || int64(len(a.Val)) != nnz {
		return Result{}, fmt.Errorf("kmeans: CSR RowPtr[Rows] = %d with %d column indices and %d values", nnz, len(a.ColIdx), len(a.Val))
	}
	for i := 0; i < n; i++ {
		if a.RowPtr[i+1] < a.RowPtr[i] {
			return Result{}, fmt.Errorf("kmeans: CSR RowPtr decreases at row %d", i)
		}
	}
	unit := make([]float64, len(a.Val))
	for i := 0; i < n; i++ {
		lo, hi := a.RowPtr[i], a.RowPtr[i+1]
		prev := int32(-1)
		norm := 0.0
		for q := lo; q < hi; q++ {
			if c := a.ColIdx[q]; c <= prev || int(c) >= dim {
				return Result{}, fmt.Errorf("kmeans: CSR row %d: column %d out of range or not increasing", i, c)
			}
			prev = a.ColIdx[q]
			v := a.Val[q]
			norm += v * v
		}
		norm = math.Sqrt(norm)
		if math.IsNaN(norm) || math.IsInf(norm, 0) {
			return Result{}, fmt.Errorf("kmeans: point %d has a non-finite coordinate", i)
		}
		if norm == 0 {
			return Result{}, fmt.Errorf("kmeans: point %d is zero and has no direction", i)
		}
		for q := lo; q < hi; q++ {
			unit[q] = a.Val[q] / norm
		}
	}
	g := csrCosine{dim: dim, ptr: a.RowPtr, col: a.ColIdx, val: unit}
	return run(g, n, dim, max(1, int(a.RowPtr[n]/int64(n))), k, o, nil)
}

// csrCosine is the geometry of ClusterCosineCSR: unit rows of a CSR
// matrix under the cosine metric, dissimilarities computed over the
// nonzeros.
type csrCosine struct {
	dim int
	ptr []int64
	col []int32
	val []float64 // unit rows
}

func (g csrCosine) row(i int, buf []float64) []float64 {
	clear(buf)
	lo, hi := g.ptr[i], g.ptr[i+1]
	for q, c := range g.col[lo:hi] {
		buf[c] = g.val[lo+int64(q)]
	}
	return buf
}

// dist sums over the nonzeros in order: the products with the zeros of x
// that cosine.dist adds are +-0, which leave a sum unchanged (up to the
// sign of a zero sum, which max(0, 1-dot) ignores).
func (g csrCosine) dist(i int, c []float64) float64 {
	lo, hi := g.ptr[i], g.ptr[i+1]
	val := g.val[lo:hi]
	dot := 0.0
	for q, t := range g.col[lo:hi] {
		dot += val[q] * c[t]
	}
	return max(0, 1-dot)
}

// nearest scans the centres four at a time, reading the row once per four
// centres; each dot product is still summed over the nonzeros in order and
// the comparisons are made in centre order, so it returns what one centre
// at a time would.
func (g csrCosine) nearest(i int, centers []float64) (int, float64) {
	lo, hi := g.ptr[i], g.ptr[i+1]
	col, val := g.col[lo:hi], g.val[lo:hi]
	dim := g.dim
	k := len(centers) / dim
	best, bd := 0, math.Inf(1)
	j := 0
	for ; j+4 <= k; j += 4 {
		c0 := centers[j*dim:][:dim]
		c1 := centers[(j+1)*dim:][:dim]
		c2 := centers[(j+2)*dim:][:dim]
		c3 := centers[(j+3)*dim:][:dim]
		var s0, s1, s2, s3 float64
		for q, t := range col {
			v := val[q]
			s0 += v * c0[t]
			s1 += v * c1[t]
			s2 += v * c2[t]
			s3 += v * c3[t]
		}
		if d := max(0, 1-s0); d < bd {
			best, bd = j, d
		}
		if d := max(0, 1-s1); d < bd {
			best, bd = j+1, d
		}
		if d := max(0, 1-s2); d < bd {
			best, bd = j+2, d
		}
		if d := max(0, 1-s3); d < bd {
			best, bd = j+3, d
		}
	}
	for ; j < k; j++ {
		if d := g.dist(i, centers[j*dim:][:dim]); d < bd {
			best, bd = j, d
		}
	}
	return best, bd
}

func (g csrCosine) add(sum []float64, i int) {
	lo, hi := g.ptr[i], g.ptr[i+1]
	val := g.val[lo:hi]
	for q, t := range g.col[lo:hi] {
		sum[t] += val[q]
	}
}

func (csrCosine) center(sum []float64, n int) { cosine{}.center(sum, n) }
