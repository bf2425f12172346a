package kmeans

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// blobs returns perK points around each of k centres drawn uniformly from
// [0, spread]^dim, with standard deviation sd, and the true labels.
func blobs(k, perK, dim int, spread, sd float64, seed uint64) (*mat.Dense, []int) {
	rng := rand.New(rand.NewPCG(seed, 1))
	centers := make([][]float64, k)
	for j := range centers {
		centers[j] = make([]float64, dim)
		for t := range centers[j] {
			centers[j][t] = spread * rng.Float64()
		}
	}
	x := mat.NewDense(k*perK, dim, nil)
	labels := make([]int, k*perK)
	for i := range labels {
		j := rng.IntN(k) // shuffled labels
		if i < k {
			j = i // every blob is populated
		}
		labels[i] = j
		for t := 0; t < dim; t++ {
			x.Set(i, t, centers[j][t]+sd*rng.NormFloat64())
		}
	}
	return x, labels
}

// sameUpToRelabelling reports whether a and b define the same partition.
func sameUpToRelabelling(a, b []int) bool {
	ab, ba := map[int]int{}, map[int]int{}
	for i := range a {
		if j, ok := ab[a[i]]; ok && j != b[i] {
			return false
		}
		if j, ok := ba[b[i]]; ok && j != a[i] {
			return false
		}
		ab[a[i]], ba[b[i]] = b[i], a[i]
	}
	return true
}

// checkResult verifies the invariants of any result: shapes, nearest-centre
// assignment (up to the rounding of the distances, which k-means computes
// as ||x||^2 - 2 x.c + ||c||^2) and inertia (computed coordinate by
// coordinate, in point order).
func checkResult(t *testing.T, x *mat.Dense, k int, r Result) {
	t.Helper()
	n, dim := x.Dims()
	if rr, cc := r.Centers.Dims(); rr != k || cc != dim || len(r.Assign) != n {
		t.Fatalf("centres %dx%d, %d assignments; want %dx%d, %d", rr, cc, len(r.Assign), k, dim, n)
	}
	in := 0.0
	for i := 0; i < n; i++ {
		row := x.RawRowView(i)
		best := math.Inf(1)
		for j := 0; j < k; j++ {
			best = min(best, sqDist(row, r.Centers.RawRowView(j)))
		}
		d := sqDist(row, r.Centers.RawRowView(r.Assign[i]))
		if d > best+1e-12*(mat.Dot(mat.NewVecDense(dim, row), mat.NewVecDense(dim, row))+1) {
			t.Fatalf("point %d assigned to %d at %v, nearest centre at %v", i, r.Assign[i], d, best)
		}
		in += d
	}
	if in != r.Inertia {
		t.Fatalf("inertia %v, recomputed %v", r.Inertia, in)
	}
}

func TestRecoversSeparatedBlobs(t *testing.T) {
	for _, tc := range []struct{ k, perK, dim int }{{2, 50, 2}, {5, 100, 3}, {12, 60, 4}} {
		x, labels := blobs(tc.k, tc.perK, tc.dim, 100, 0.5, uint64(tc.k))
		r, err := Cluster(x, tc.k, Options{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		checkResult(t, x, tc.k, r)
		if !sameUpToRelabelling(labels, r.Assign) {
			t.Errorf("k=%d: blobs not recovered", tc.k)
		}
	}
}

// Every assignment step of every restart has inertia no larger than the
// one before it.
func TestInertiaNeverIncreases(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	x := mat.NewDense(2000, 3, nil)
	for i := range x.RawMatrix().Data {
		x.RawMatrix().Data[i] = rng.Float64() // no structure: many iterations
	}
	last := map[int]float64{}
	steps := 0
	_, err := cluster(x, 25, Options{Restarts: 4, Seed: 2}, false, func(r int, in float64) {
		if prev, ok := last[r]; ok && in > prev*(1+1e-12) {
			t.Errorf("restart %d: inertia rose from %v to %v", r, prev, in)
		}
		last[r] = in
		steps++
	})
	if err != nil {
		t.Fatal(err)
	}
	if steps < 20 {
		t.Errorf("only %d assignment steps: the test exercises nothing", steps)
	}
}

func TestThreadIndependent(t *testing.T) {
	x, _ := blobs(8, 2500, 5, 10, 2, 4) // overlapping blobs, 20,000 points
	ref, err := Cluster(x, 8, Options{Restarts: 2, Seed: 9, Threads: 1})
	if err != nil {
		t.Fatal(err)
	}
	checkResult(t, x, 8, ref)
	for _, threads := range []int{2, 3, 8, 0} {
		r, err := Cluster(x, 8, Options{Restarts: 2, Seed: 9, Threads: threads})
		if err != nil {
			t.Fatal(err)
		}
		if !identical(r, ref) {
			t.Fatalf("threads=%d: result differs from threads=1", threads)
		}
	}
}

// identical reports whether a and b are bit-identical.
func identical(a, b Result) bool {
	return math.Float64bits(a.Inertia) == math.Float64bits(b.Inertia) && fmt.Sprint(a.Assign) == fmt.Sprint(b.Assign) &&
		fmt.Sprint(a.Centers.RawMatrix().Data) == fmt.Sprint(b.Centers.RawMatrix().Data)
}

func TestSeedDeterminesResult(t *testing.T) {
	x, _ := blobs(6, 50, 2, 10, 2, 5)
	a, _ := Cluster(x, 6, Options{Seed: 1, Restarts: 1})
	b, _ := Cluster(x, 6, Options{Seed: 1, Restarts: 1})
	if !identical(a, b) {
		t.Error("equal seeds gave different results")
	}
	// A strided view clusters like a compact copy.
	wide := mat.NewDense(300, 5, nil)
	view := wide.Slice(0, 300, 1, 3).(*mat.Dense)
	view.Copy(x)
	c, _ := Cluster(view, 6, Options{Seed: 1, Restarts: 1})
	if !identical(a, c) {
		t.Error("a strided view gave a different result")
	}
	// More restarts never give a worse result than the first of them.
	d, _ := Cluster(x, 6, Options{Seed: 1, Restarts: 8})
	if d.Inertia > a.Inertia {
		t.Errorf("8 restarts: inertia %v > %v of restart 0", d.Inertia, a.Inertia)
	}
}

func TestOneCluster(t *testing.T) {
	x, _ := blobs(3, 40, 4, 10, 1, 6)
	r, err := Cluster(x, 1, Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkResult(t, x, 1, r)
	n, dim := x.Dims()
	for c := 0; c < dim; c++ {
		mean := mat.Sum(x.ColView(c)) / float64(n)
		if math.Abs(r.Centers.At(0, c)-mean) > 1e-12 {
			t.Errorf("centre[%d] = %v, mean %v", c, r.Centers.At(0, c), mean)
		}
	}
	for _, a := range r.Assign {
		if a != 0 {
			t.Fatal("assignment other than 0")
		}
	}
}

// k equal to the number of distinct points puts every centre on one of
// them, with zero inertia, duplicates included.
func TestDuplicatesAndDistinctCount(t *testing.T) {
	x := mat.NewDense(9, 2, []float64{0, 0, 1, 1, 0, 0, 2, 0, 1, 1, 0, 0, -0.0, 0, 2, 0, 1, 1})
	r, err := Cluster(x, 3, Options{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	checkResult(t, x, 3, r)
	if r.Inertia != 0 {
		t.Errorf("inertia %v, want 0", r.Inertia)
	}
	if _, err := Cluster(x, 4, Options{}); err == nil {
		t.Error("k = 4 > 3 distinct points: no error")
	}
}

// Distinct points whose squared distances underflow to 0 still get
// distinct centres.
func TestSeedingUnderflow(t *testing.T) {
	x := mat.NewDense(3, 1, []float64{0, 1e-200, 0})
	r, err := Cluster(x, 2, Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Centers.At(0, 0) == r.Centers.At(1, 0) {
		t.Errorf("equal centres %v", mat.Formatted(r.Centers))
	}
}

// A centre that attracts no point moves to the point farthest from its
// centre, and the next assignment step gives that point to it. (That this
// can empty another cluster is fine: the next update re-seeds it.)
func TestEmptyClusterReseeded(t *testing.T) {
	x := mat.NewDense(5, 1, []float64{0, 1, 2, 10, 3})
	raw := x.RawMatrix()
	p := &problem{pts: &denseData{x: raw.Data, stride: raw.Stride, dim: 1}, n: 5, dim: 1, k: 3, grain: 1, inner: 1,
		sq: []float64{0, 1, 4, 100, 9}, sqSum: 114, maxSq: 100, gamma: 18 * 0x1p-52}
	w := newWorker(p)
	copy(w.c, []float64{1, 100, 200})
	copy(w.cn, []float64{1, 1e4, 4e4})
	w.makeGroups()
	// All points go to centre 0 (at 1); 1 and 2 are empty.
	for i := range w.assign {
		w.assign[i], w.from[i] = 0, -1
		w.pts.add(w.sums[:1], i)
	}
	w.counts[0] = 5
	in0 := w.formulaInertia()
	w.update()
	// Centre 0 moves to the mean 3.2; the empty ones go to 10 (distance 81
	// from 1), then to 3 (distance 4).
	if want := []float64{3.2, 10, 3}; fmt.Sprint(w.c) != fmt.Sprint(want) {
		t.Fatalf("centres %v, want %v", w.c, want)
	}
	// Now 10 has its own cluster and 3 attracts 0, 1 and 2 away from 3.2.
	for i := range w.u {
		w.u[i], w.l[i], w.gb[i] = math.Inf(1), 0, 0 // no bound: compare every point with every centre
	}
	if changed := w.assignStep(); changed != 5 {
		t.Errorf("%d points changed cluster, want 5", changed)
	}
	w.moveSums()
	in1 := w.formulaInertia()
	if fmt.Sprint(w.assign) != "[2 2 2 1 2]" || in1 > in0 || fmt.Sprint(w.counts) != "[0 1 4]" {
		t.Errorf("assignment %v, counts %v, inertia %v -> %v", w.assign, w.counts, in0, in1)
	}
}

func TestErrors(t *testing.T) {
	x, _ := blobs(2, 5, 2, 10, 1, 1)
	nan := mat.DenseCopyOf(x)
	nan.Set(3, 1, math.NaN())
	inf := mat.DenseCopyOf(x)
	inf.Set(0, 0, math.Inf(-1))
	for name, f := range map[string]func() error{
		"k=0":        func() error { _, err := Cluster(x, 0, Options{}); return err },
		"k>n":        func() error { _, err := Cluster(x, 11, Options{}); return err },
		"NaN":        func() error { _, err := Cluster(nan, 2, Options{}); return err },
		"Inf":        func() error { _, err := Cluster(inf, 2, Options{}); return err },
		"empty":      func() error { _, err := Cluster(&mat.Dense{}, 1, Options{}); return err },
		"nil":        func() error { _, err := Cluster(nil, 1, Options{}); return err },
		"restarts":   func() error { _, err := Cluster(x, 2, Options{Restarts: -1}); return err },
		"maxiter":    func() error { _, err := Cluster(x, 2, Options{MaxIter: -1}); return err },
		"tol":        func() error { _, err := Cluster(x, 2, Options{Tol: -1}); return err },
		"tol is NaN": func() error { _, err := Cluster(x, 2, Options{Tol: math.NaN()}); return err },
	} {
		if f() == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if _, err := Cluster(x, 10, Options{}); err != nil {
		t.Errorf("k = n: %v", err)
	}
}

func BenchmarkCluster(b *testing.B) {
	x, _ := blobs(60, 50000/60+1, 10, 10, 1, 1)
	x = x.Slice(0, 50000, 0, 10).(*mat.Dense)
	for _, threads := range []int{1, 0} {
		b.Run(fmt.Sprintf("n50000_dim10_k60_threads%d", threads), func(b *testing.B) {
			steps := 0
			for b.Loop() {
				if _, err := cluster(x, 60, Options{Seed: 1, Threads: threads}, false, func(int, float64) { steps++ }); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(steps)/float64(b.N), "assign-steps/op")
		})
	}
}

// Restarts run in parallel on their own states; the result is the least
// (inertia, restart index) whatever the number of threads and the order
// in which the restarts finish.
func TestParallelRestarts(t *testing.T) {
	x, _ := blobs(10, 150, 6, 10, 2.5, 7) // overlapping: restarts differ
	var ref Result
	for _, threads := range []int{1, 2, 3, 8} {
		var calls []int
		r, err := Cluster(x, 10, Options{Restarts: 7, Seed: 5, Threads: threads, Progress: func(done, total int) {
			if total != 7 {
				t.Errorf("progress total %d, want 7", total)
			}
			calls = append(calls, done) // serialised by Cluster
		}})
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(calls) != "[1 2 3 4 5 6 7]" {
			t.Errorf("threads=%d: progress %v", threads, calls)
		}
		if threads == 1 {
			ref = r
			checkResult(t, x, 10, r)
			continue
		}
		if !identical(r, ref) {
			t.Fatalf("threads=%d: result differs from threads=1", threads)
		}
	}
	// Restart r is the same whatever Restarts is, so the best of n
	// restarts never rises with n, and at n = 7 it is the result.
	if testing.Short() {
		return
	}
	prev := math.Inf(1)
	for n := 1; n <= 7; n++ {
		r, _ := Cluster(x, 10, Options{Restarts: n, Seed: 5, Threads: 2})
		if r.Inertia > prev {
			t.Fatalf("%d restarts: inertia %v above %v", n, r.Inertia, prev)
		}
		prev = r.Inertia
	}
	if prev != ref.Inertia {
		t.Errorf("7 restarts: inertia %v, want %v", ref.Inertia, prev)
	}
}

// When every restart reaches the same inertia, the earliest is kept: with
// k = n every restart puts a centre on every point (inertia 0), each in
// its own order, and the result is restart 0's.
func TestRestartTiesKeepEarliest(t *testing.T) {
	x := mat.NewDense(6, 2, []float64{0, 0, 1, 0, 0, 1, 5, 5, 6, 5, 9, 9})
	one, err := Cluster(x, 6, Options{Restarts: 1, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	for _, threads := range []int{1, 4} {
		r, err := Cluster(x, 6, Options{Restarts: 9, Seed: 11, Threads: threads})
		if err != nil {
			t.Fatal(err)
		}
		if r.Inertia != 0 || !identical(r, one) {
			t.Errorf("threads=%d: %v, inertia %v; want restart 0's %v", threads, r.Assign, r.Inertia, one.Assign)
		}
	}
	// The restarts do order the centres differently: the test would pass
	// trivially otherwise.
	differ := false
	for s := uint64(0); s < 20 && !differ; s++ {
		r, _ := Cluster(x, 6, Options{Restarts: 1, Seed: s})
		differ = fmt.Sprint(r.Assign) != fmt.Sprint(one.Assign)
	}
	if !differ {
		t.Error("every seed gives the same labelling")
	}
}

// The bounds only skip work: computing every distance at every step
// (as when the points times the centres exceed maxBounds) gives the same
// result bit for bit, on overlapping data where most steps use them.
func TestBoundsChangeNothing(t *testing.T) {
	blobsX, _ := blobs(12, 400, 8, 10, 2, 3)
	raysX, _ := rays(9, 300, 20, 0.5, 4)
	csr, _ := sparseRays(7, 1500, 300, 0.2, 5)
	runs := map[string]func() (Result, error){
		"euclidean": func() (Result, error) { return Cluster(blobsX, 12, Options{Restarts: 3, Seed: 1, Threads: 2}) },
		"cosine":    func() (Result, error) { return ClusterCosine(raysX, 9, Options{Restarts: 3, Seed: 2, Threads: 2}) },
		"csr":       func() (Result, error) { return ClusterCosineCSR(csr, 7, Options{Restarts: 3, Seed: 3, Threads: 2}) },
	}
	for name, run := range runs {
		bounded, err := run()
		if err != nil {
			t.Fatal(err)
		}
		saved := maxBounds
		maxBounds = 0
		full, err := run()
		maxBounds = saved
		if err != nil {
			t.Fatal(err)
		}
		if !identical(bounded, full) {
			t.Errorf("%s: the bounds changed the result (inertia %v, every distance computed %v)", name, bounded.Inertia, full.Inertia)
		}
	}
}

// TestContextStopsRestarts: a context done during the restarts stops them
// (they all ran to the end after a cancel), and the call returns its error.
func TestContextStopsRestarts(t *testing.T) {
	x, _ := blobs(3, 40, 2, 100, 0.5, 7)
	ctx, cancel := context.WithCancel(context.Background())
	done := 0
	_, err := Cluster(x, 3, Options{Seed: 1, Restarts: 1000, Threads: 1, Context: ctx, Progress: func(d, _ int) {
		done = d
		if d == 3 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) || done >= 1000 {
		t.Errorf("cancelled after 3 restarts: %d restarts ran, error %v", done, err)
	}
}

// TestContextStopsInsideARestart: a context done during Lloyd's
// iterations stops them before the next step, in a restart and in the
// sampled path's last run on every point (one restart of 50 centres on
// 200,000 documents ran for seconds after a cancel).
func TestContextStopsInsideARestart(t *testing.T) {
	x, _ := blobs(3, 400, 2, 100, 3, 7)
	for _, sample := range []int{0, 300} {
		ctx, cancel := context.WithCancel(context.Background())
		steps := 0
		o := Options{Seed: 1, Restarts: 1, Threads: 2, Context: ctx, Sample: sample}
		_, err := cluster(x, 3, o, false, func(restart int, _ float64) {
			if restart == o.Restarts && sample > 0 || sample == 0 {
				steps++
				cancel()
			}
		})
		if !errors.Is(err, context.Canceled) || steps != 1 {
			t.Errorf("sample %d: cancelled at the first step: %d steps ran, error %v", sample, steps, err)
		}
	}
}

// doneAfter is a context whose Err turns to Canceled after n calls: it
// cancels at every point where the clustering looks.
type doneAfter struct {
	context.Context
	n     int64
	calls atomic.Int64
}

func (c *doneAfter) Err() error {
	if c.calls.Add(1) > c.n {
		return context.Canceled
	}
	return nil
}

// TestCancelNeverGivesAWrongResult: cancelled at any of the points where
// it checks its context, a clustering (sampled or not) returns the
// context's error or the result it gives uncancelled, never a partial
// one (the sampled path's last inertia came back partial, with no error).
func TestCancelNeverGivesAWrongResult(t *testing.T) {
	x, _ := blobs(3, 2000, 2, 100, 3, 7)
	for _, sample := range []int{0, 300} {
		o := Options{Seed: 1, Restarts: 2, Threads: 2, Sample: sample}
		want, err := Cluster(x, 3, o)
		if err != nil {
			t.Fatal(err)
		}
		count := &doneAfter{Context: context.Background(), n: math.MaxInt64}
		o.Context = count
		if _, err := Cluster(x, 3, o); err != nil {
			t.Fatal(err)
		}
		for n := range count.calls.Load() + 1 {
			o.Context = &doneAfter{Context: context.Background(), n: n}
			got, err := Cluster(x, 3, o)
			if err == nil && (got.Inertia != want.Inertia || !slices.Equal(got.Assign, want.Assign)) {
				t.Errorf("sample %d, cancelled at check %d: no error, inertia %v, want %v", sample, n, got.Inertia, want.Inertia)
			}
		}
	}
}
