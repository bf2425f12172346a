package kmeans

import (
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// With a Sample the restarts run on the sample and the last run on every
// point: the result is a nearest-centre assignment of all the points,
// recovers separated blobs, does not depend on the threads, reports
// Restarts+1 steps of progress and differs from the unsampled run.
func TestSample(t *testing.T) {
	x, labels := blobs(6, 2000, 4, 100, 0.5, 7)
	var progress [][2]int
	o := Options{Restarts: 3, Seed: 2, Sample: 600, Threads: 1, Progress: func(done, total int) { progress = append(progress, [2]int{done, total}) }}
	ref, err := Cluster(x, 6, o)
	if err != nil {
		t.Fatal(err)
	}
	checkResult(t, x, 6, ref)
	if !sameUpToRelabelling(labels, ref.Assign) {
		t.Error("blobs not recovered from a sample")
	}
	if want := [][2]int{{1, 4}, {2, 4}, {3, 4}, {4, 4}}; !slices.Equal(progress, want) {
		t.Errorf("progress %v, want %v", progress, want)
	}
	o.Progress = nil
	for _, threads := range []int{2, 3, 0} {
		o.Threads = threads
		r, err := Cluster(x, 6, o)
		if err != nil {
			t.Fatal(err)
		}
		if !identical(r, ref) {
			t.Fatalf("threads=%d: result differs from threads=1", threads)
		}
	}
	// The last run starts from the sample's centres, not from a seeding
	// on all the points: the centres differ in the last bits at least.
	all, err := Cluster(x, 6, Options{Restarts: 3, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	if identical(all, ref) {
		t.Error("the sampled run gave the unsampled result bit for bit")
	}
}

// A Sample of at least n points, or one with fewer than k distinct points
// (here: all copies of one point but for the rest), runs every restart on
// all the points.
func TestSampleFallsBack(t *testing.T) {
	x, _ := blobs(3, 50, 2, 100, 0.5, 3)
	all, err := Cluster(x, 3, Options{Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []int{150, 151, 1000} {
		r, err := Cluster(x, 3, Options{Seed: 4, Sample: m})
		if err != nil {
			t.Fatal(err)
		}
		if !identical(r, all) {
			t.Errorf("Sample = %d >= n: result differs from the unsampled run", m)
		}
	}
	dup := mat.NewDense(400, 2, nil) // 397 copies of the origin and three other points
	dup.Set(397, 0, 1)
	dup.Set(398, 1, 1)
	dup.Set(399, 0, 5)
	want, err := Cluster(dup, 4, Options{Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	got, err := Cluster(dup, 4, Options{Seed: 4, Sample: 10})
	if err != nil {
		t.Fatalf("a sample with fewer than k distinct points: %v", err)
	}
	if !identical(got, want) {
		t.Error("a sample with fewer than k distinct points did not fall back to all the points")
	}
	if _, err := Cluster(x, 3, Options{Sample: -1}); err == nil {
		t.Error("Sample = -1: no error")
	}
}

// samplePoints draws m distinct indices in increasing order, each index
// about equally often, and the same ones for the same seed.
func TestSamplePoints(t *testing.T) {
	counts := make([]int, 10)
	for seed := range uint64(2000) {
		idx := samplePoints(10, 3, seed)
		if len(idx) != 3 || !slices.IsSorted(idx) || idx[0] == idx[1] || idx[1] == idx[2] {
			t.Fatalf("seed %d: %v", seed, idx)
		}
		for _, i := range idx {
			counts[i]++
		}
	}
	for i, c := range counts { // expected 600 each, sd about 20
		if c < 500 || c > 700 {
			t.Errorf("index %d drawn %d times of 6000", i, c)
		}
	}
	if !slices.Equal(samplePoints(1000, 5, 9), samplePoints(1000, 5, 9)) {
		t.Error("the same seed drew different samples")
	}
}

// The sampled CSR path equals the dense one bit for bit, as without a
// sample.
func TestSampleCSRMatchesDense(t *testing.T) {
	a, dense := sparseRays(5, 1500, 60, 0.5, 1)
	o := Options{Restarts: 2, Seed: 3, Sample: 300}
	want, err := ClusterCosine(dense, 5, o)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ClusterCosineCSR(a, 5, o)
	if err != nil {
		t.Fatal(err)
	}
	if !identical(got, want) {
		t.Error("ClusterCosineCSR with a sample differs from ClusterCosine")
	}
}
