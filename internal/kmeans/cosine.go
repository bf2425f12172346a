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
	return cluster(unit, k, o, true, nil)
}

// ClusterCosineCSR is ClusterCosine on the rows of the sparse matrix a
// (n x dim): the same seeding, iterations, restarts, empty-cluster
// re-seeding, ties, errors and Seed and Threads semantics, with dense unit
// centres (Result.Centers is k x dim). The inner product of a row and a
// centre is computed over the row's nonzeros only, in the order they are
// stored, the products of many rows with all the centres as a sparse
// matrix product, and each centre is the normalised sum of its unit rows.
// Skipping zeros changes no sum, so with the columns of each row
// increasing (as required) the result is bit-identical to ClusterCosine's
// on the dense equivalent of a.
//
// The first assignment of each restart takes O(nnz k) time and each
// centre update O(k dim) (plus the points that changed cluster), so
// ClusterCosineCSR takes O(Restarts (MaxIter+1) (nnz k + k dim)) time at
// most (the check of k distinct directions O(m dim) more, for the first m
// rows it reads; usually m = k, at worst n), and O(nnz + n + k dim) memory
// besides the result and the bounds of Cluster (4 bytes per row and centre
// for each restart running at once): the unit rows are a copy of a.Val
// sharing a.RowPtr and a.ColIdx. It returns an error when a is nil or has
// no rows or no columns, when its structure is invalid (RowPtr not of
// length n+1, not starting at 0 or decreasing, column indices out of range
// or not strictly increasing within a row), and in the cases of
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
	g := &csrData{dim: dim, ptr: a.RowPtr, col: a.ColIdx, val: unit}
	return run(g, n, dim, max(1, int(a.RowPtr[n]/int64(n))), k, true, o, nil)
}
