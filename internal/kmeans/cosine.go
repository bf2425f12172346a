package kmeans

import (
	"fmt"
	"math"

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

// cosine is the geometry of spherical k-means on unit vectors: the
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
