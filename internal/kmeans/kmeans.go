package kmeans

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/hulltopics/hull/internal/parallel"
	"gonum.org/v1/gonum/mat"
)

// Default values of the Options fields.
const (
	defaultRestarts = 10
	defaultMaxIter  = 100
	defaultTol      = 1e-8
)

// Options configure Cluster. Zero fields select the defaults; negative
// Restarts, MaxIter or Tol are errors.
type Options struct {
	// Restarts is the number of independent k-means++ initialisations,
	// each followed by Lloyd iterations; the result of least inertia is
	// kept (the earliest, on ties). Default 10.
	Restarts int
	// MaxIter bounds the Lloyd iterations per restart, each an update of
	// the centres followed by a reassignment of the points. Default 100.
	MaxIter int
	// Tol stops a restart when no assignment changes or when an iteration
	// decreases the inertia by less than Tol times its previous value.
	// Default 1e-8.
	Tol float64
	// Seed seeds the random streams: restart r draws from
	// math/rand/v2 PCG(Seed, r). Equal seeds give bit-identical results.
	Seed uint64
	// Threads bounds the goroutines used (0: one per CPU). It never
	// changes the result.
	Threads int
	// Sample, when 0 < Sample < n, runs the restarts on a uniform sample
	// of Sample of the n points (drawn from PCG(Seed, sampleStream), kept
	// in point order) and then one more run of Lloyd's iterations on all
	// the points, started from the centres of the sample's best restart;
	// its result is returned. The restarts pick among local optima, which
	// a sample of a few hundred points per cluster ranks as the whole does
	// at a fraction of the cost (Bradley and Fayyad 1998 refine initial
	// points on subsamples likewise). 0, the default, runs every restart
	// on all the points. A sample with fewer than k distinct points falls
	// back to that.
	Sample int
	// Progress, if non-nil, is called after each restart with the number
	// of restarts done and Restarts (Restarts+1 with Sample, the last run
	// counting as one), from one goroutine at a time.
	Progress func(done, total int)
	// Context, when not nil, stops the clustering once it is done, within
	// a seeding step or an iteration of Lloyd's: the call returns its
	// error (20,000 restarts ran to the end after a cancel, and one
	// restart of 50 centres on 200,000 documents for seconds).
	Context context.Context
}

// Result is a clustering of n points in dim dimensions into k clusters.
type Result struct {
	// Centers is k x dim; row j is the centre of cluster j.
	Centers *mat.Dense
	// Assign has length n: Assign[i] in [0, k) is the cluster of point i,
	// its nearest centre (the lowest index, on ties), with distances
	// computed as ||x||^2 - 2 x.c + ||c||^2 (see the package
	// documentation).
	Assign []int
	// Inertia is the sum over points of the squared Euclidean distance to
	// the assigned centre, ||x - c||^2 computed coordinate by coordinate,
	// summed in point order.
	Inertia float64
}

// Cluster runs k-means (Lloyd) with k-means++ seeding (Arthur and
// Vassilvitskii 2007) on the rows of points, an n x dim matrix: it seeks k
// centres minimising the inertia, the sum of squared Euclidean distances
// from each point to its nearest centre. It runs Restarts independent
// k-means++ seedings, each refined by at most MaxIter Lloyd iterations, and
// returns the one of least inertia (the lowest restart on ties). The
// returned Assign is the nearest-centre assignment for the returned
// Centers, and Inertia its cost.
//
// A cluster left empty by an assignment step is re-seeded at the point
// farthest from its own centre, as measured in that step (the lowest index
// on ties; several empty clusters take the farthest points in decreasing
// order of distance), a move that cannot increase the inertia.
//
// Cluster returns an error when k < 1, when points holds a NaN or an
// infinity, when it has fewer than k distinct rows, or when an option is
// negative. points is not modified. The result depends on points, k, Seed
// and the other options bit for bit, never on Threads (see the package
// documentation).
//
// The first assignment of each restart is a matrix product, O(n k dim)
// time; the later ones skip the distances the bounds rule out. Cluster
// takes O(Restarts (MaxIter+1) n k dim) time at most and O(min(Threads,
// Restarts) n k) memory for the bounds (4 bytes per point and centre) and
// O(n + k dim) per restart besides the result (points is not copied).
func Cluster(points *mat.Dense, k int, o Options) (Result, error) {
	return cluster(points, k, o, false, nil)
}

// WorkBytes returns the memory Cluster, ClusterCosine or
// ClusterCosineCSR uses for n points in dim dimensions and k clusters
// under o, besides the points (and the unit copy the cosine variants make)
// and the result: for each restart running at once (min(Threads,
// Restarts) of them), the bounds, 4 bytes per point and centre, and about
// ten values per point and six per centre and coordinate. With a Sample,
// the restarts hold that for the sample and its dense copy (dim values a
// point: the sparse copy of ClusterCosineCSR is smaller), and the last
// run a worker for all the points.
func WorkBytes(n, dim, k int, o Options) int64 {
	o, _ = options(o)
	conc := int64(min(parallel.Threads(o.Threads), max(o.Restarts, 1)))
	if m := o.Sample; m > 0 && m < n {
		restarts := conc*workerBytes(m, dim, k) + 8*int64(m)*int64(dim+2)
		return max(restarts, workerBytes(n, dim, k)) + 8*int64(n)
	}
	return conc*workerBytes(n, dim, k) + 8*int64(n)
}

// options checks o and fills in the defaults.
func options(o Options) (Options, error) {
	if o.Restarts < 0 || o.MaxIter < 0 || o.Tol < 0 || math.IsNaN(o.Tol) || o.Sample < 0 {
		return o, fmt.Errorf("kmeans: negative option in %+v", o)
	}
	if o.Restarts == 0 {
		o.Restarts = defaultRestarts
	}
	if o.MaxIter == 0 {
		o.MaxIter = defaultMaxIter
	}
	if o.Tol == 0 {
		o.Tol = defaultTol
	}
	return o, nil
}

// cluster is Cluster (cosine false) or ClusterCosine on unit rows (cosine
// true). trace, when non-nil, is called with the restart and the inertia
// after every assignment step.
func cluster(points *mat.Dense, k int, o Options, cosine bool, trace func(restart int, inertia float64)) (Result, error) {
	o, err := options(o)
	if err != nil {
		return Result{}, err
	}
	if points == nil || points.IsEmpty() {
		return Result{}, errors.New("kmeans: no points")
	}
	n, dim := points.Dims()
	if k < 1 {
		return Result{}, fmt.Errorf("kmeans: k = %d < 1", k)
	}
	raw := points.RawMatrix()
	g := &denseData{x: raw.Data, stride: raw.Stride, dim: dim}
	for i := 0; i < n; i++ {
		for _, v := range g.row(i, nil) {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return Result{}, fmt.Errorf("kmeans: point %d has a non-finite coordinate", i)
			}
		}
	}
	return run(g, n, dim, dim, k, cosine, o, trace)
}

// problem is one clustering problem, shared read-only by the restarts.
type problem struct {
	pts       data
	n, dim, k int
	cosine    bool // dissimilarity 1 - x.c of unit rows, centres renormalised
	o         Options
	grain     int // points per parallel block
	inner     int // goroutines per restart
	work      int // cost of an inner product: dim, or the mean nonzeros of a sparse row

	sq    []float64 // ||x_i||^2, summed in coordinate order
	sqSum float64   // sum of sq in point order
	maxSq float64   // max of sq: a bound on the squared norm of any centre
	gamma float64   // relative rounding bound of a computed squared distance
}

// run clusters the n points of g in dim dimensions into k clusters; o has
// been checked by options, k >= 1 and the points are finite. work, the
// average cost of an inner product (dim for dense points, the mean number
// of nonzeros for sparse ones), sets the parallel grain only.
//
// The restarts run min(threads, Restarts) at a time, each on its own
// state and on threads/that many goroutines; each is a function of the
// points, k, Seed and its index only, and the best is the least (inertia,
// restart index), a total order, so the result does not depend on which
// restart finishes first.
func run(g data, n, dim, work, k int, cosine bool, o Options, trace func(restart int, inertia float64)) (Result, error) {
	if o.Sample > 0 && o.Sample < n {
		res, err := runSampled(g, n, dim, work, k, cosine, o, trace)
		var few fewDistinctError
		if !errors.As(err, &few) {
			return res, err
		}
	}
	p, err := newProblem(g, n, dim, work, k, cosine, o)
	if err != nil {
		return Result{}, err
	}
	return p.restarts(trace)
}

// fewDistinctError is the error of a problem with fewer than k distinct
// points: the k. Callers prefix what the points are.
type fewDistinctError int

func (e fewDistinctError) Error() string {
	return fmt.Sprintf("fewer than k = %d distinct points", int(e))
}

// ErrFewDistinct is wrapped by the error of a problem with fewer than k
// distinct points.
var ErrFewDistinct = errors.New("fewer distinct points than clusters")

func (e fewDistinctError) Is(target error) bool { return target == ErrFewDistinct }

// newProblem checks that g has at least k distinct points and returns
// the problem with the points' norms.
func newProblem(g data, n, dim, work, k int, cosine bool, o Options) (*problem, error) {
	p := &problem{pts: g, n: n, dim: dim, k: k, cosine: cosine, o: o, work: work, sq: make([]float64, n)}
	for i := range p.sq {
		p.sq[i] = g.sqNorm(i)
		p.sqSum += p.sq[i]
		p.maxSq = max(p.maxSq, p.sq[i])
	}
	// A squared distance computed from the inner products is within
	// gamma (||x||^2 + ||c||^2) of the exact one (Higham's bound for sums
	// of dim products, with room for the norms of unit rows, which are 1
	// only up to rounding).
	p.gamma = float64(2*dim+16) * 0x1p-52
	if !p.distinctAtLeast(k) {
		return nil, fewDistinctError(k)
	}
	return p, nil
}

// runSampled is run with o.Sample: the restarts on the sample, then one
// run of Lloyd's iterations on every point from the best restart's
// centres, on all the threads. trace sees that run as restart
// o.Restarts.
func runSampled(g data, n, dim, work, k int, cosine bool, o Options, trace func(restart int, inertia float64)) (Result, error) {
	idx := samplePoints(n, o.Sample, o.Seed)
	so := o
	so.Sample = 0
	if o.Progress != nil {
		so.Progress = func(done, _ int) { o.Progress(done, o.Restarts+1) }
	}
	sp, err := newProblem(g.subset(idx), len(idx), dim, work, k, cosine, so)
	if err != nil {
		return Result{}, err
	}
	best, err := sp.restarts(trace)
	if err != nil {
		return Result{}, err
	}
	p, err := newProblem(g, n, dim, work, k, cosine, o)
	if err != nil {
		return Result{}, err
	}
	p.setInner(parallel.Threads(o.Threads))
	w := newWorker(p)
	w.startAt(best.Centers.RawMatrix().Data)
	w.makeGroups()
	var tr func(float64)
	if trace != nil {
		tr = func(in float64) { trace(o.Restarts, in) }
	}
	w.lloyd(tr)
	res := Result{Centers: mat.NewDense(k, dim, append([]float64(nil), w.c...)), Assign: w.assign, Inertia: w.inertia()}
	if w.stopped() { // checked after inertia, whose blocks the context stops too
		return Result{}, w.context().Err()
	}
	if o.Progress != nil {
		o.Progress(o.Restarts+1, o.Restarts+1)
	}
	return res, nil
}

// sampleStream is the second PCG seed word of Options.Sample's draw.
const sampleStream = 0x6b6d5f73616d706c // "km_sampl"

// samplePoints returns m of the indices 0..n-1 drawn uniformly without
// replacement (a partial Fisher-Yates shuffle), in increasing order.
func samplePoints(n, m int, seed uint64) []int {
	rng := rand.New(rand.NewPCG(seed, sampleStream))
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	for i := 0; i < m; i++ {
		j := i + rng.IntN(n-i)
		perm[i], perm[j] = perm[j], perm[i]
	}
	idx := perm[:m]
	slices.Sort(idx)
	return idx
}

// setInner sets the goroutines of each restart and the grain of their
// blocks, which only affects scheduling: blocks of at least ~64k flops
// and a few blocks per goroutine.
func (p *problem) setInner(inner int) {
	p.inner = inner
	p.grain = max(blockRows, 1<<16/max(1, p.k*p.work), p.n/(8*inner))
}

// restarts runs the restarts of p and returns the best.
func (p *problem) restarts(trace func(restart int, inertia float64)) (Result, error) {
	dim, k, o := p.dim, p.k, p.o
	threads := parallel.Threads(o.Threads)
	conc := min(threads, o.Restarts)
	p.setInner(max(1, threads/conc))

	var mu sync.Mutex // guards best, done and trace
	best := Result{Inertia: math.Inf(1)}
	bestRestart, done := -1, 0
	workers := make(chan *worker, conc)
	for range conc {
		workers <- newWorker(p)
	}
	ctx := o.Context
	if ctx == nil {
		ctx = context.Background()
	}
	err := parallel.For(ctx, o.Restarts, 1, conc, func(lo, hi int) {
		w := <-workers
		defer func() { workers <- w }()
		for r := lo; r < hi; r++ {
			var tr func(float64)
			if trace != nil {
				tr = func(in float64) {
					mu.Lock()
					trace(r, in)
					mu.Unlock()
				}
			}
			inertia := w.restart(rand.New(rand.NewPCG(o.Seed, uint64(r))), tr)
			mu.Lock()
			if bestRestart < 0 || inertia < best.Inertia || inertia == best.Inertia && r < bestRestart {
				best.Inertia, bestRestart = inertia, r
				if best.Centers == nil {
					best.Centers = mat.NewDense(k, dim, nil)
				}
				copy(best.Centers.RawMatrix().Data, w.c)
				best.Assign = append(best.Assign[:0], w.assign...)
			}
			done++
			if o.Progress != nil {
				o.Progress(done, o.Restarts)
			}
			mu.Unlock()
		}
	}, nil)
	if err == nil {
		err = ctx.Err() // a restart stopped inside by it
	}
	if err != nil {
		return Result{}, err
	}
	return best, nil
}

// distinctAtLeast reports whether the points include at least m distinct
// rows (compared with ==, so that 0 and -0 are equal). It stops as soon as
// it has seen m, so it usually takes O(m dim) time, at most O(n dim).
func (p *problem) distinctAtLeast(m int) bool {
	seen := make(map[uint64][]int) // hash -> representatives
	count := 0
	buf, other := make([]float64, p.dim), make([]float64, p.dim)
	for i := 0; i < p.n && count < m; i++ {
		x := p.pts.row(i, buf)
		h := uint64(14695981039346656037)
		for _, v := range x {
			h ^= math.Float64bits(v + 0) // v + 0 turns -0 into +0
			h *= 1099511628211
		}
		dup := false
		for _, j := range seen[h] {
			if equal(x, p.pts.row(j, other)) {
				dup = true
				break
			}
		}
		if !dup {
			seen[h] = append(seen[h], i)
			count++
		}
	}
	return count >= m
}

func equal(a, b []float64) bool {
	for t, v := range a {
		if v != b[t] {
			return false
		}
	}
	return true
}

// dissim returns the dissimilarity of point i and a centre from their
// inner product and the centre's squared norm: ||x||^2 - 2 x.c + ||c||^2,
// or 1 - x.c for cosine, clamped at 0 against rounding.
func (p *problem) dissim(i int, dot, cn float64) float64 {
	if p.cosine {
		return max(0, 1-dot)
	}
	return max(0, p.sq[i]-2*dot+cn)
}

// scale turns a dissimilarity into a squared Euclidean distance: cosine
// dissimilarities of unit vectors are half of it.
func (p *problem) scale() float64 {
	if p.cosine {
		return 2
	}
	return 1
}

// slack is the rounding bound on a squared distance of point i to any
// centre computed by dissim (times scale).
func (p *problem) slack(i int) float64 { return p.gamma * (p.sq[i] + p.maxSq) }
