package kmeans

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync/atomic"

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
}

// Result is a clustering of n points in dim dimensions into k clusters.
type Result struct {
	// Centers is k x dim; row j is the centre of cluster j.
	Centers *mat.Dense
	// Assign has length n: Assign[i] in [0, k) is the cluster of point i,
	// its nearest centre (the lowest index, on ties).
	Assign []int
	// Inertia is the sum over points of the squared Euclidean distance to
	// the assigned centre, summed in point order.
	Inertia float64
}

// Cluster runs k-means (Lloyd) with k-means++ seeding (Arthur and
// Vassilvitskii 2007) on the rows of points, an n x dim matrix: it seeks k
// centres minimising the inertia, the sum of squared Euclidean distances
// from each point to its nearest centre. It runs Restarts independent
// k-means++ seedings, each refined by at most MaxIter Lloyd iterations, and
// returns the one of least inertia. The returned Assign is the
// nearest-centre assignment for the returned Centers, and Inertia its cost.
//
// A cluster left empty by an assignment step is re-seeded at the point
// farthest from its own centre, as measured in that step (the lowest index
// on ties; several empty clusters take the farthest points in decreasing
// order of distance), a move that cannot increase the inertia.
//
// Cluster returns an error when k < 1, when points holds a NaN or an
// infinity, when it has fewer than k distinct rows, or when an option is
// negative. points is not modified. The result depends on points, k, Seed
// and the other options bit for bit, never on Threads: distances are
// computed per point, and every sum is accumulated in point order.
//
// Each iteration takes O(n k dim) time, the seeding O(n k dim) too, so
// Cluster takes O(Restarts (MaxIter+1) n k dim) time at most, of which the
// distance computations run in parallel, and O(n + k dim) memory besides
// the result (points is not copied).
func Cluster(points *mat.Dense, k int, o Options) (Result, error) {
	return cluster(points, k, o, euclidean{}, nil)
}

// geometry is what k-means knows of the points: seeding, Lloyd's
// iterations, restarts and empty-cluster re-seeding (problem) see point i
// only through it, so that the dense rows of Cluster and ClusterCosine and
// the sparse rows of ClusterCosineCSR share that logic. Centres are dense
// (dim values). dist and nearest are called concurrently for distinct
// points; the other methods are not.
type geometry interface {
	// row returns point i as dim dense values, either a view of the points
	// or buf (of length dim) overwritten.
	row(i int, buf []float64) []float64
	// dist returns the dissimilarity of point i and the centre c.
	dist(i int, c []float64) float64
	// nearest returns the index of the row of centers (k x dim, row-major)
	// least dissimilar to point i, the lowest on ties, and the
	// dissimilarity.
	nearest(i int, centers []float64) (int, float64)
	// add adds point i to sum (dim values).
	add(sum []float64, i int)
	// center turns sum, the sum of the n > 0 points of a cluster, into its
	// centre in place.
	center(sum []float64, n int)
}

// metric is the dissimilarity of dense vectors that k-means minimises, so
// that a spherical (cosine) variant of Cluster is a new metric:
// dissimilarity 1 - x.c between unit vectors, centres renormalised to unit
// length.
type metric interface {
	// dist returns the dissimilarity of x and c, which have equal lengths.
	dist(x, c []float64) float64
	// nearest returns the index of the row of centers (k x len(x),
	// row-major) least dissimilar to x, the lowest on ties, and the
	// dissimilarity.
	nearest(x, centers []float64) (int, float64)
	// center turns sum, the sum of the n > 0 points of a cluster, into its
	// centre in place.
	center(sum []float64, n int)
}

// denseRows is the geometry of the rows of a dense matrix under a metric.
type denseRows struct {
	x           []float64 // row i at x[i*stride:][:dim]
	stride, dim int
	m           metric
}

func (g *denseRows) row(i int, _ []float64) []float64 { return g.x[i*g.stride:][:g.dim] }

func (g *denseRows) dist(i int, c []float64) float64 { return g.m.dist(g.row(i, nil), c) }

func (g *denseRows) nearest(i int, centers []float64) (int, float64) {
	return g.m.nearest(g.row(i, nil), centers)
}

func (g *denseRows) add(sum []float64, i int) {
	sum = sum[:g.dim]
	for t, v := range g.row(i, nil) {
		sum[t] += v
	}
}

func (g *denseRows) center(sum []float64, n int) { g.m.center(sum, n) }

// euclidean is the metric of ordinary k-means: squared Euclidean
// distance, centres at the mean.
type euclidean struct{}

func (euclidean) dist(x, c []float64) float64 {
	c = c[:len(x)]
	d := 0.0
	for t, v := range x {
		e := v - c[t]
		d += e * e
	}
	return d
}

// nearest scans the centres four at a time, with four independent sums:
// about 30% faster than one at a time at dim = 10, and bit-identical, since
// each distance is still summed over t in order and the comparisons are
// made in centre order.
func (euclidean) nearest(x, centers []float64) (int, float64) {
	dim := len(x)
	k := len(centers) / max(dim, 1)
	best, bd := 0, math.Inf(1)
	j := 0
	for ; j+4 <= k; j += 4 {
		c0 := centers[j*dim:][:dim]
		c1 := centers[(j+1)*dim:][:dim]
		c2 := centers[(j+2)*dim:][:dim]
		c3 := centers[(j+3)*dim:][:dim]
		var d0, d1, d2, d3 float64
		for t, v := range x {
			e0, e1, e2, e3 := v-c0[t], v-c1[t], v-c2[t], v-c3[t]
			d0 += e0 * e0
			d1 += e1 * e1
			d2 += e2 * e2
			d3 += e3 * e3
		}
		if d0 < bd {
			best, bd = j, d0
		}
		if d1 < bd {
			best, bd = j+1, d1
		}
		if d2 < bd {
			best, bd = j+2, d2
		}
		if d3 < bd {
			best, bd = j+3, d3
		}
	}
	for ; j < k; j++ {
		c := centers[j*dim:][:dim]
		d := 0.0
		for t, v := range x {
			e := v - c[t]
			d += e * e
		}
		if d < bd {
			best, bd = j, d
		}
	}
	return best, bd
}

func (euclidean) center(sum []float64, n int) {
	inv := 1 / float64(n)
	for t := range sum {
		sum[t] *= inv
	}
}

// problem is one clustering problem with its scratch state, shared by the
// restarts.
type problem struct {
	n, dim, k int
	threads   int
	grain     int
	geo       geometry // the points
	tol       float64
	maxIter   int

	centers []float64 // k x dim
	assign  []int
	dist    []float64 // dissimilarity of each point to its centre
	sums    []float64 // k x dim
	counts  []int
	buf     []float64 // dim values, for geo.row
}

// row returns point i, possibly in p.buf: valid until the next call.
func (p *problem) row(i int) []float64 { return p.geo.row(i, p.buf) }

// setCenter copies point i to centre j. geo.row may write the point into
// its buffer, here the centre itself; a copy of a slice onto itself is a
// no-op.
func (p *problem) setCenter(j, i int) {
	c := p.center(j)
	copy(c, p.geo.row(i, c))
}

func (p *problem) center(j int) []float64 { return p.centers[j*p.dim : (j+1)*p.dim] }

// forPoints calls fn on blocks of points in parallel; fn must write only
// the state of its own points.
func (p *problem) forPoints(fn func(lo, hi int)) {
	_ = parallel.For(context.Background(), p.n, p.grain, p.threads, fn, nil)
}

// options checks o and fills in the defaults.
func options(o Options) (Options, error) {
	if o.Restarts < 0 || o.MaxIter < 0 || o.Tol < 0 || math.IsNaN(o.Tol) {
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

// cluster is Cluster for the rows of points under the metric m. trace,
// when non-nil, is called with the restart and the inertia after every
// assignment step.
func cluster(points *mat.Dense, k int, o Options, m metric, trace func(restart int, inertia float64)) (Result, error) {
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
	g := &denseRows{x: raw.Data, stride: raw.Stride, dim: dim, m: m}
	for i := 0; i < n; i++ {
		for _, v := range g.row(i, nil) {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return Result{}, fmt.Errorf("kmeans: point %d has a non-finite coordinate", i)
			}
		}
	}
	return run(g, n, dim, dim, k, o, trace)
}

// run clusters the n points of g in dim dimensions into k clusters; o has
// been checked by options, k >= 1 and the points are finite. work, the
// average cost of a dissimilarity (dim for dense points, the mean number
// of nonzeros for sparse ones), sets the parallel grain only.
func run(g geometry, n, dim, work, k int, o Options, trace func(restart int, inertia float64)) (Result, error) {
	p := &problem{
		n: n, dim: dim, k: k, geo: g, tol: o.Tol, maxIter: o.MaxIter,
		threads: parallel.Threads(o.Threads),
		centers: make([]float64, k*dim), assign: make([]int, n), dist: make([]float64, n),
		sums: make([]float64, k*dim), counts: make([]int, k), buf: make([]float64, dim),
	}
	if !p.distinctAtLeast(k) {
		return Result{}, fmt.Errorf("kmeans: fewer than k = %d distinct points", k)
	}
	// The grain only affects scheduling: aim for blocks of at least ~64k
	// flops and a few blocks per goroutine.
	p.grain = max(1, 1<<16/max(1, k*work), n/(8*p.threads))

	best := Result{Inertia: math.Inf(1)}
	for r := 0; r < o.Restarts; r++ {
		rng := rand.New(rand.NewPCG(o.Seed, uint64(r)))
		p.seed(rng)
		var tr func(float64)
		if trace != nil {
			tr = func(in float64) { trace(r, in) }
		}
		inertia := p.lloyd(tr)
		if r == 0 || inertia < best.Inertia {
			best.Inertia = inertia
			best.Centers = mat.NewDense(k, dim, append([]float64(nil), p.centers...))
			best.Assign = append(best.Assign[:0], p.assign...)
		}
	}
	return best, nil
}

// distinctAtLeast reports whether the points include at least m distinct
// rows (compared with ==, so that 0 and -0 are equal). It stops as soon as
// it has seen m, so it usually takes O(m dim) time, at most O(n dim).
func (p *problem) distinctAtLeast(m int) bool {
	seen := make(map[uint64][]int) // hash -> representatives
	count := 0
	other := make([]float64, p.dim)
	for i := 0; i < p.n && count < m; i++ {
		x := p.row(i)
		h := uint64(14695981039346656037)
		for _, v := range x {
			h ^= math.Float64bits(v + 0) // v + 0 turns -0 into +0
			h *= 1099511628211
		}
		dup := false
		for _, j := range seen[h] {
			if equal(x, p.geo.row(j, other)) {
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

// seed chooses k initial centres by k-means++ (Arthur and Vassilvitskii
// 2007): the first uniformly among the points, each next one with
// probability proportional to its dissimilarity to the nearest centre
// chosen so far. p.dist holds those dissimilarities, updated in parallel
// per point; their total is summed in point order.
func (p *problem) seed(rng *rand.Rand) {
	first := rng.IntN(p.n)
	p.setCenter(0, first)
	p.forPoints(func(lo, hi int) {
		for i := lo; i < hi; i++ {
			p.dist[i] = p.geo.dist(i, p.center(0))
		}
	})
	for j := 1; j < p.k; j++ {
		total := 0.0
		for _, d := range p.dist {
			total += d
		}
		pick := -1
		if total > 0 {
			r := rng.Float64() * total
			cum := 0.0
			for i, d := range p.dist {
				if d > 0 {
					pick = i
					if cum += d; cum > r {
						break
					}
				}
			}
		} else {
			// Every dissimilarity rounded to 0 although distinct points
			// remain: take the first point equal to no chosen centre.
			pick = p.firstNew(j)
		}
		p.setCenter(j, pick)
		c := p.center(j)
		p.forPoints(func(lo, hi int) {
			for i := lo; i < hi; i++ {
				p.dist[i] = min(p.dist[i], p.geo.dist(i, c))
			}
		})
	}
}

// firstNew returns the first point equal to none of the first j centres (0
// if there is none, which distinctAtLeast rules out).
func (p *problem) firstNew(j int) int {
	for i := 0; i < p.n; i++ {
		x, dup := p.row(i), false
		for c := 0; c < j && !dup; c++ {
			dup = equal(x, p.center(c))
		}
		if !dup {
			return i
		}
	}
	return 0
}

// assignAll assigns every point to its nearest centre and returns the
// number of points whose cluster changed and the inertia, summed in point
// order.
func (p *problem) assignAll() (changed int, inertia float64) {
	var ch atomic.Int64 // an integer sum: exact in any order
	p.forPoints(func(lo, hi int) {
		c := 0
		for i := lo; i < hi; i++ {
			j, d := p.geo.nearest(i, p.centers)
			if j != p.assign[i] {
				p.assign[i] = j
				c++
			}
			p.dist[i] = d
		}
		ch.Add(int64(c))
	})
	for _, d := range p.dist {
		inertia += d
	}
	return int(ch.Load()), inertia
}

// update moves every centre to the centre (for euclidean, the mean) of its
// points, summed in point order, and re-seeds each empty cluster at the
// point farthest from its current centre.
func (p *problem) update() {
	clear(p.sums)
	clear(p.counts)
	for i := 0; i < p.n; i++ {
		j := p.assign[i]
		p.counts[j]++
		p.geo.add(p.sums[j*p.dim:(j+1)*p.dim], i)
	}
	for j := 0; j < p.k; j++ {
		if p.counts[j] == 0 {
			continue
		}
		s := p.sums[j*p.dim : (j+1)*p.dim]
		p.geo.center(s, p.counts[j])
		copy(p.center(j), s)
	}
	for j := 0; j < p.k; j++ {
		if p.counts[j] > 0 {
			continue
		}
		far := 0
		for i, d := range p.dist {
			if d > p.dist[far] {
				far = i
			}
		}
		if p.dist[far] <= 0 {
			return // every point sits on a centre: nothing better to do
		}
		p.setCenter(j, far)
		p.dist[far] = 0 // not chosen again; assignAll recomputes dist
	}
}

// lloyd runs Lloyd's iterations from the current centres and returns the
// final inertia; p.assign is then the nearest-centre assignment for
// p.centers. trace, when non-nil, receives the inertia after every
// assignment step.
func (p *problem) lloyd(trace func(float64)) float64 {
	for i := range p.assign {
		p.assign[i] = -1
	}
	_, inertia := p.assignAll()
	if trace != nil {
		trace(inertia)
	}
	for it := 0; it < p.maxIter; it++ {
		p.update()
		changed, next := p.assignAll()
		if trace != nil {
			trace(next)
		}
		stop := changed == 0 || next == 0 || inertia-next < p.tol*inertia
		inertia = next
		if stop {
			break
		}
	}
	return inertia
}
