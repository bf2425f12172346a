package kmeans

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// rays returns perK points near each of k random directions in the
// positive orthant, each at a random length in [0.1, 10], and the true
// labels.
func rays(k, perK, dim int, noise float64, seed uint64) (*mat.Dense, []int) {
	x, labels := blobs(k, perK, dim, 1, noise, seed)
	rng := rand.New(rand.NewPCG(seed, 2))
	for i := range labels {
		row := x.RawRowView(i)
		s := 0.1 + 9.9*rng.Float64()
		for t := range row {
			row[t] = s * math.Abs(row[t])
		}
	}
	return x, labels
}

func TestCosineRecoversDirections(t *testing.T) {
	x, labels := rays(6, 80, 12, 0.02, 11)
	r, err := ClusterCosine(x, 6, Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !sameUpToRelabelling(labels, r.Assign) {
		t.Fatal("directions not recovered")
	}
	// Centres are unit vectors, each point is assigned to the centre of
	// greatest cosine, and the inertia is the sum of cosine distances.
	in := 0.0
	for i := range labels {
		row := x.RawRowView(i)
		norm := math.Sqrt(mat.Dot(mat.NewVecDense(len(row), row), mat.NewVecDense(len(row), row)))
		best, bestCos := -1, math.Inf(-1)
		for j := 0; j < 6; j++ {
			c := r.Centers.RawRowView(j)
			cos := 0.0
			for t, v := range row {
				cos += v * c[t] / norm
			}
			if cos > bestCos+1e-12 {
				best, bestCos = j, cos
			}
		}
		if best != r.Assign[i] {
			t.Fatalf("point %d assigned to %d, greatest cosine with %d", i, r.Assign[i], best)
		}
		in += 1 - bestCos
	}
	if math.Abs(in-r.Inertia) > 1e-9*float64(len(labels)) {
		t.Errorf("inertia %v, recomputed %v", r.Inertia, in)
	}
	for j := 0; j < 6; j++ {
		c := r.Centers.RawRowView(j)
		if n := mat.Norm(mat.NewVecDense(len(c), c), 2); math.Abs(n-1) > 1e-12 {
			t.Errorf("centre %d has norm %v", j, n)
		}
	}
}

// Scaling the points changes nothing: only their directions count.
func TestCosineScaleInvariant(t *testing.T) {
	x, _ := rays(5, 60, 8, 0.3, 12) // overlapping rays
	a, err := ClusterCosine(x, 5, Options{Seed: 3, Restarts: 3})
	if err != nil {
		t.Fatal(err)
	}
	y := mat.DenseCopyOf(x)
	for i := 0; i < 300; i++ {
		row := y.RawRowView(i)
		for t := range row {
			row[t] *= 4 // a power of two: the unit vectors are bit-identical
		}
	}
	b, err := ClusterCosine(y, 5, Options{Seed: 3, Restarts: 3})
	if err != nil {
		t.Fatal(err)
	}
	if !identical(a, b) {
		t.Error("scaling the points by 4 changed the clustering")
	}
	if y.At(0, 0) != 4*x.At(0, 0) {
		t.Error("ClusterCosine modified its input")
	}
}

func TestCosineThreadIndependentAndMonotone(t *testing.T) {
	x, _ := rays(8, 1000, 6, 0.5, 13)
	ref, err := ClusterCosine(x, 8, Options{Restarts: 2, Seed: 9, Threads: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, threads := range []int{2, 5} {
		r, err := ClusterCosine(x, 8, Options{Restarts: 2, Seed: 9, Threads: threads})
		if err != nil {
			t.Fatal(err)
		}
		if !identical(r, ref) {
			t.Fatalf("threads=%d: result differs from threads=1", threads)
		}
	}
	unit := mat.DenseCopyOf(x)
	for i := 0; i < 8000; i++ {
		row := unit.RawRowView(i)
		n := mat.Norm(mat.NewVecDense(len(row), row), 2)
		for t := range row {
			row[t] /= n
		}
	}
	last := map[int]float64{}
	_, err = cluster(unit, 8, Options{Restarts: 2, Seed: 9}, true, func(r int, in float64) {
		if prev, ok := last[r]; ok && in > prev*(1+1e-12) {
			t.Errorf("restart %d: inertia rose from %v to %v", r, prev, in)
		}
		last[r] = in
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestCosineErrors(t *testing.T) {
	x := mat.NewDense(3, 2, []float64{1, 0, 0, 0, 0, 1})
	if _, err := ClusterCosine(x, 2, Options{}); err == nil || !strings.Contains(err.Error(), "point 1 is zero") {
		t.Errorf("zero row: err %v", err)
	}
	y := mat.NewDense(3, 2, []float64{1, 1, 2, 2, 4, 4}) // one direction, exact unit vectors
	if _, err := ClusterCosine(y, 2, Options{}); err == nil {
		t.Error("one direction, k = 2: no error")
	}
	if _, err := ClusterCosine(mat.NewDense(1, 1, []float64{math.NaN()}), 1, Options{}); err == nil {
		t.Error("NaN: no error")
	}
}
