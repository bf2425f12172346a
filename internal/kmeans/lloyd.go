package kmeans

import (
	"context"
	"math"
	"math/rand/v2"

	"github.com/hulltopics/hull/internal/parallel"
)

// worker is the state of one restart at a time: the centres, their sums,
// the assignment and the bounds (see bounds.go). A run keeps one worker
// per restart running at once.
type worker struct {
	*problem

	c      []float64 // k x dim centres
	ct     []float64 // dim x k: the centres as columns
	cn     []float64 // ||c_j||^2 summed in coordinate order
	h      []float64 // cosine: 1 for a zero centre, else 0 (the extra coordinate)
	prev   []float64 // k x dim: the centres before the update
	prevCn []float64
	prevH  []float64
	sums   []float64 // k x dim: sum of the points of each cluster
	counts []int

	move []float64 // k: bound on the distance each centre moved in the last update
	s    []float64 // k: half the distance to the nearest other centre, from below (0: not computed)
	gram []float64 // k x k scratch for s, when it is computed

	// Groups of centres for the bounds (bounds.go).
	groups  int
	grp     []int     // k: group of each centre
	pos     []int     // k: position of each centre in members
	members []int     // the centres, group by group
	gstart  []int     // groups+1: group g is members[gstart[g]:gstart[g+1]]
	cum     []float64 // k, by position: bound on the sum of a centre's moves since the seeding
	gcum    []float64 // groups: the same for the largest move in each group

	assign []int
	u, l   []float64 // n: Hamerly's upper and lower bounds
	gb     []float32 // n x groups: group bounds, offset by gcum
	lb     []float32 // n x k, by position: Elkan's lower bounds, offset by cum
	from   []int32   // n: previous cluster of a point that changed, else -1
	fulls  int       // points computed in full in the last assignStep
	dist   []float64 // n: dissimilarities (seeding, inertia, re-seeding)

	// k-means++ seeding
	weight  []float64 // n: proposal weights, upper bounds on dist
	checked []int32   // n: dist[i] is the dissimilarity to the nearest of the first checked[i] centres
	tree    fenwick

	scratch chan *scratch
	buf     []float64 // dim values, for row
}

// scratch is the per-goroutine workspace of an assignment step.
type scratch struct {
	idx   []int     // points for a matrix product, at most blockRows
	fulls int       // points computed by matrix products in this step
	pend  []int     // points whose upper bound is to be tightened, at most 4
	cand  []int     // k: centres to compare a point with
	x     []float64 // blockRows x dim
	out   []float64 // blockRows x k

}

// maxBounds is the most bounds a worker keeps (512 MiB): with more points
// times centres, every assignment step computes every distance. (A
// variable for the tests.)
var maxBounds int64 = 1 << 27

// bounded reports whether the workers keep bounds (bounds.go).
func (p *problem) bounded() bool { return int64(p.n)*int64(p.k) <= maxBounds }

// workerBytes is the memory of a worker beyond the points: Elkan's k
// bounds per point and k/8 group bounds (4 bytes each) unless n k exceeds
// maxBounds, ten more values per point, and six per centre and
// coordinate.
func workerBytes(n, dim, k int) int64 {
	b := int64(n) * 80
	if int64(n)*int64(k) <= maxBounds {
		b += 4 * int64(n) * int64(k+(k+groupSize-1)/groupSize)
	}
	return b + 8*int64(k)*(6*int64(dim)+int64(k)+8*blockRows)
}

func newWorker(p *problem) *worker {
	n, dim, k := p.n, p.dim, p.k
	groups := (k + groupSize - 1) / groupSize
	w := &worker{
		problem: p,
		c:       make([]float64, k*dim), ct: make([]float64, dim*k), cn: make([]float64, k), h: make([]float64, k),
		prev: make([]float64, k*dim), prevCn: make([]float64, k), prevH: make([]float64, k),
		sums: make([]float64, k*dim), counts: make([]int, k),
		move: make([]float64, k), s: make([]float64, k),
		groups: groups, grp: make([]int, k), pos: make([]int, k), members: make([]int, 0, k), gstart: make([]int, groups+1),
		cum: make([]float64, k), gcum: make([]float64, groups),
		assign: make([]int, n), u: make([]float64, n), l: make([]float64, n),
		from: make([]int32, n), dist: make([]float64, n),
		weight: make([]float64, n), checked: make([]int32, n), tree: make(fenwick, n+1),
		scratch: make(chan *scratch, p.inner), buf: make([]float64, dim),
	}
	if p.bounded() {
		w.gb, w.lb = make([]float32, n*groups), make([]float32, n*k)
	}
	if w.useS() {
		w.gram = make([]float64, k*k)
	}
	for range p.inner {
		sc := &scratch{idx: make([]int, 0, blockRows), pend: make([]int, 0, 4), cand: make([]int, 0, k), out: make([]float64, blockRows*k)}
		if _, dense := p.pts.(*denseData); dense {
			sc.x = make([]float64, blockRows*dim) // the rows for the matrix product
		}
		w.scratch <- sc
	}
	return w
}

// useS reports whether Hamerly's half distances between centres are
// worth their O(k^2 dim) time per iteration: when it is at most a
// sixteenth of the O(n k work) of a full assignment step.
func (w *worker) useS() bool { return w.k > 1 && 16*w.k*w.dim <= w.n*w.work }

func (w *worker) centre(j int) []float64 { return w.c[j*w.dim : (j+1)*w.dim] }

// setCentre copies point i to centre j.
func (w *worker) setCentre(j, i int) {
	c := w.centre(j)
	copy(c, w.pts.row(i, c)) // row may write into c itself; copying onto itself is a no-op
	w.cn[j] = dotInOrder(c, c)
	w.h[j] = 0
}

// startAt sets the centres to c (k x dim, row by row), in place of a
// seeding.
func (w *worker) startAt(c []float64) {
	copy(w.c, c)
	for j := range w.k {
		cj := w.centre(j)
		w.cn[j] = dotInOrder(cj, cj)
		w.h[j] = 0
	}
}

// forPoints calls fn on blocks of points in parallel; fn must write only
// the state of its own points.
func (w *worker) forPoints(fn func(lo, hi int)) {
	if w.inner == 1 {
		fn(0, w.n)
		return
	}
	_ = parallel.For(w.context(), w.n, w.grain, w.inner, fn, nil)
}

// context is the clustering's context, Background when Options has none.
func (w *worker) context() context.Context {
	if w.o.Context == nil {
		return context.Background()
	}
	return w.o.Context
}

// stopped reports whether the clustering's context is done: the seeding
// and Lloyd's iterations then stop where they are, and the caller returns
// the context's error rather than their state (a restart of 50 centres on
// 200,000 documents ran for seconds after a cancel).
func (w *worker) stopped() bool { return w.context().Err() != nil }

// restart runs one k-means++ seeding and Lloyd's iterations from it, and
// returns the inertia computed point by point. trace, when non-nil,
// receives the inertia after every assignment step.
func (w *worker) restart(rng *rand.Rand, trace func(float64)) float64 {
	w.seed(rng)
	if w.stopped() {
		return math.Inf(1)
	}
	w.makeGroups()
	w.lloyd(trace)
	return w.inertia()
}

// lloyd runs Lloyd's iterations from the seeding and leaves in w.assign
// the nearest-centre assignment for w.c. trace, when non-nil, receives the
// inertia after every assignment step: the first computed point by point,
// the next ones from the cluster sums (formulaInertia).
func (w *worker) lloyd(trace func(float64)) {
	clear(w.cum)
	clear(w.gcum)
	w.columns()
	w.assignAll(false)
	fullFor, backoff := 0, 1
	inertia := 0.0
	for _, d := range w.dist {
		inertia += d
	}
	if trace != nil {
		trace(inertia)
	}
	clear(w.sums)
	clear(w.counts)
	for i, a := range w.assign {
		w.pts.add(w.sums[a*w.dim:(a+1)*w.dim], i)
		w.counts[a]++
		w.from[i] = -1
	}
	for it := 0; it < w.o.MaxIter && !w.stopped(); it++ {
		w.update()
		// When the bounds sent most points to full computation, they were
		// not worth reading: compute every point (which resets them) for
		// the next 1, 2, 4 or 8 steps, then try the bounds again.
		var changed int
		if fullFor > 0 || !w.bounded() {
			changed = w.assignAll(true)
			fullFor--
		} else {
			changed = w.assignStep()
			if 2*w.fulls > w.n {
				fullFor, backoff = backoff, min(2*backoff, 8)
			} else {
				backoff = 1
			}
		}
		w.moveSums()
		next := w.formulaInertia()
		if trace != nil {
			trace(next)
		}
		stop := changed == 0 || next == 0 || inertia-next < w.o.Tol*inertia
		inertia = next
		if stop {
			break
		}
	}
}

// columns copies the centres to ct.
func (w *worker) columns() {
	k := w.k
	for j := 0; j < k; j++ {
		for t, v := range w.centre(j) {
			w.ct[t*k+j] = v
		}
	}
}

// formulaInertia returns the inertia of the current assignment for the
// current centres from the cluster sums: sum ||x||^2 - 2 sum_j c_j.S_j +
// sum_j n_j ||c_j||^2, or n - sum_j c_j.S_j for cosine, in O(k dim). It
// decides when to stop; the inertia returned is computed point by point.
func (w *worker) formulaInertia() float64 {
	cs, nc := 0.0, 0.0
	for j := 0; j < w.k; j++ {
		cs += dotInOrder(w.centre(j), w.sums[j*w.dim:(j+1)*w.dim])
		nc += float64(w.counts[j]) * w.cn[j]
	}
	if w.cosine {
		return max(0, float64(w.n)-cs)
	}
	return max(0, w.sqSum-2*cs+nc)
}

// inertia returns the sum over points, in point order, of the
// dissimilarity to the assigned centre: ||x - c||^2 coordinate by
// coordinate, or 1 - x.c for cosine.
func (w *worker) inertia() float64 {
	w.forPoints(func(lo, hi int) {
		buf := make([]float64, w.dim)
		for i := lo; i < hi; i++ {
			a := w.assign[i]
			if w.cosine {
				w.dist[i] = w.dissim(i, w.pts.dot(i, w.centre(a)), w.cn[a])
				continue
			}
			w.dist[i] = sqDist(w.pts.row(i, buf), w.centre(a))
		}
	})
	in := 0.0
	for _, d := range w.dist {
		in += d
	}
	return in
}

// sqDist returns ||x - c||^2 summed coordinate by coordinate.
func sqDist(x, c []float64) float64 {
	c = c[:len(x)]
	d := 0.0
	for t, v := range x {
		e := v - c[t]
		d += e * e
	}
	return d
}

// update moves every centre to the centre (for Euclidean, the mean) of its
// points, re-seeds each empty cluster at the point farthest from its
// current centre, and derives the bounds' inputs: the columns ct, the
// norms, how far each centre moved and the half distances s.
func (w *worker) update() {
	copy(w.prev, w.c)
	copy(w.prevCn, w.cn)
	copy(w.prevH, w.h)
	empty := false
	for j := 0; j < w.k; j++ {
		if w.counts[j] == 0 {
			empty = true
			continue
		}
		c := w.centre(j)
		copy(c, w.sums[j*w.dim:(j+1)*w.dim])
		w.centreOf(c, w.counts[j])
		w.cn[j] = dotInOrder(c, c)
		w.h[j] = 0
		if w.cosine && w.cn[j] == 0 {
			w.h[j] = 1
		}
	}
	if empty {
		w.reseed()
	}
	for j := 0; j < w.k; j++ {
		e := w.h[j] - w.prevH[j]
		d := e*e + sqDist(w.centre(j), w.prev[j*w.dim:(j+1)*w.dim])
		w.move[j] = math.Sqrt(d*(1+w.gamma)) * up
		w.cum[w.pos[j]] = (w.cum[w.pos[j]] + w.move[j]) * up
	}
	for g := range w.gcum {
		m := 0.0
		for _, j := range w.members[w.gstart[g]:w.gstart[g+1]] {
			m = max(m, w.move[j])
		}
		w.gcum[g] = (w.gcum[g] + m) * up
	}
	w.columns()
	if w.useS() {
		w.halfDistances()
	}
}

// centreOf turns sum, the sum of the n > 0 points of a cluster, into its
// centre in place: the mean, or for cosine the unit vector of the sum (a
// sum of exactly zero, points cancelling out, is left as it is, at cosine
// dissimilarity 1 from every point).
func (w *worker) centreOf(sum []float64, n int) {
	if !w.cosine {
		inv := 1 / float64(n)
		for t := range sum {
			sum[t] *= inv
		}
		return
	}
	norm := dotInOrder(sum, sum)
	if norm == 0 {
		return
	}
	inv := 1 / math.Sqrt(norm)
	for t := range sum {
		sum[t] *= inv
	}
}

// reseed re-seeds each empty cluster at the point farthest from its
// centre in the last assignment step (the lowest index on ties), in
// decreasing order of that dissimilarity.
func (w *worker) reseed() {
	w.forPoints(func(lo, hi int) {
		for i := lo; i < hi; i++ {
			a := w.assign[i]
			w.dist[i] = w.dissim(i, w.pts.dot(i, w.prev[a*w.dim:(a+1)*w.dim]), w.prevCn[a])
		}
	})
	for j := 0; j < w.k; j++ {
		if w.counts[j] > 0 {
			continue
		}
		far := 0
		for i, d := range w.dist {
			if d > w.dist[far] {
				far = i
			}
		}
		if w.dist[far] <= 0 {
			return // every point sits on a centre: nothing better to do
		}
		w.setCentre(j, far)
		w.dist[far] = 0 // not chosen again
	}
}

// halfDistances sets s[j] to a lower bound on half the distance from c_j
// to its nearest other centre, from the Gram matrix of the centres (a
// matrix product).
func (w *worker) halfDistances() {
	k := w.k
	for lo := 0; lo < k; lo += blockRows {
		mulNN(w.gram[lo*k:], w.c[lo*w.dim:], min(k, lo+blockRows)-lo, w.dim, w.ct, k)
	}
	for a := 0; a < k; a++ {
		m := math.Inf(1)
		for b, ab := range w.gram[a*k : (a+1)*k] {
			if b == a {
				continue
			}
			e := w.h[a] - w.h[b]
			m = min(m, w.cn[a]+w.cn[b]-2*ab+e*e-w.gamma*(w.cn[a]+w.cn[b]+2))
		}
		w.s[a] = math.Sqrt(max(0, m)) / 2 * down
	}
}

// moveSums moves the points that changed cluster from the sum of their
// previous cluster to that of their new one, in point order; the sum of a
// cluster left empty is reset to exactly zero.
func (w *worker) moveSums() {
	dim := w.dim
	for i, f := range w.from {
		if f < 0 {
			continue
		}
		w.from[i] = -1
		a := w.assign[i]
		w.pts.sub(w.sums[int(f)*dim:(int(f)+1)*dim], i)
		w.pts.add(w.sums[a*dim:(a+1)*dim], i)
		w.counts[f]--
		w.counts[a]++
	}
	for j, c := range w.counts {
		if c == 0 {
			clear(w.sums[j*dim : (j+1)*dim])
		}
	}
}
