package kmeans

import (
	"math"
	"sync/atomic"
)

// Rounding factors for the bounds: a sum of two bounds rounded to nearest
// and scaled by up (down) is never below (above) the exact sum.
const (
	up   = 1 + 0x1p-50
	down = 1 - 0x1p-50
)

// The assignment steps after the first skip the distances that the
// triangle inequality shows cannot change a point's cluster. Each point
// has three tiers of bounds: Hamerly's (G. Hamerly, Making k-means even
// faster, SDM 2010), one lower bound on every other centre; one per group
// of about eight centres, as in Yinyang k-means (Y. Ding, Y. Zhao, X.
// Shen, M. Musuvathi and T. Mytkowicz, ICML 2015); and Elkan's, one per
// centre (C. Elkan, Using the triangle inequality to accelerate k-means,
// ICML 2003). In high dimension the distances to the centres concentrate,
// so that a point has several centres nearly as near as its own and only
// per-centre bounds keep up with the moves; the coarser tiers spare most
// points most of the reading.
//
//   - u[i] bounds from above sqrt(d(x_i, c_a)^2 + 2 slack_i), a the
//     assigned centre;
//   - l[i] bounds from below d(x_i, c_j) for every j != a;
//   - gb[i*G+g] - gcum[g] bounds from below d(x_i, c_j) for every j != a
//     of group g;
//   - lb[i*k+p] - cum[p] bounds from below d(x_i, c_j), j = members[p];
//   - s[j] is at most half the distance of c_j to its nearest other
//     centre (computed when k^2 <= n).
//
// cum and gcum are a centre's and a group's cumulated moves (a group's
// move is the largest of its centres'): storing a bound plus the
// cumulated move when it was set lets a move cost O(1) per centre or
// group, not per point. The stored bounds are float32 rounded down, the
// centres of a group contiguous in a point's row.
//
// All are Euclidean distances (for cosine, on the sphere, where the
// squared distance is twice the cosine dissimilarity; a centre that is
// exactly zero sits at height 1 above the origin in one more dimension,
// which keeps the cosine dissimilarity of every unit point to it, 1, equal
// to half the squared distance), every value rounded in the safe
// direction. A centre whose lower bound exceeds u[i] is farther from x_i
// than c_a by more than the rounding of the computed distances (slack), so
// computing every distance would not choose it either: the bounds only
// skip work, they never change the result.

// groupSize is the number of centres per group of bounds.
const groupSize = 8

// makeGroups groups the centres, as Yinyang k-means does, by a few Lloyd
// iterations on the centres themselves from the first of them, so that the
// centres of a group tend to be near one another (and so to be near a
// point together), and lays out the members of each group contiguously.
func (w *worker) makeGroups() {
	k, dim, gs := w.k, w.dim, w.groups
	gc := make([]float64, gs*dim)
	copy(gc, w.c[:gs*dim])
	size := make([]int, gs)
	for range 5 {
		for j := 0; j < k; j++ {
			best, bd := 0, math.Inf(1)
			for g := 0; g < gs; g++ {
				if d := sqDist(w.centre(j), gc[g*dim:(g+1)*dim]); d < bd {
					best, bd = g, d
				}
			}
			w.grp[j] = best
		}
		clear(gc)
		clear(size)
		for j, g := range w.grp {
			size[g]++
			for t, v := range w.centre(j) {
				gc[g*dim+t] += v
			}
		}
		for g, m := range size {
			if m > 0 {
				inv := 1 / float64(m)
				for t := range gc[g*dim : (g+1)*dim] {
					gc[g*dim+t] *= inv
				}
			}
		}
	}
	w.members = w.members[:0]
	for g := 0; g < gs; g++ {
		w.gstart[g] = len(w.members)
		for j, gj := range w.grp {
			if gj == g {
				w.pos[j] = len(w.members)
				w.members = append(w.members, j)
			}
		}
	}
	w.gstart[gs] = k
}

// assignAll assigns every point to its nearest centre by matrix products
// and sets all the bounds and dist, and returns the number of points whose
// cluster changed (recorded in from when record is set).
func (w *worker) assignAll(record bool) int {
	var changed atomic.Int64 // an integer sum: exact in any order
	w.forPoints(func(lo, hi int) {
		sc := <-w.scratch
		defer func() { w.scratch <- sc }()
		ch := 0
		for b := lo; b < hi; b += blockRows {
			sc.idx = sc.idx[:0]
			for i := b; i < min(hi, b+blockRows); i++ {
				sc.idx = append(sc.idx, i)
			}
			ch += w.full(sc, record)
		}
		sc.idx = sc.idx[:0]
		changed.Add(int64(ch))
	})
	return int(changed.Load())
}

// lower returns a lower bound on the distance of point i to a centre at
// computed dissimilarity d.
func (w *worker) lower(i int, d float64) float64 {
	return math.Sqrt(max(0, w.scale()*d-w.slack(i))) * down
}

// upper returns an upper bound on sqrt(d(x_i, c)^2 + 2 slack_i) for a
// centre at computed dissimilarity d.
func (w *worker) upper(i int, d float64) float64 {
	return math.Sqrt(w.scale()*d+3*w.slack(i)) * up
}

// store returns the stored form of a lower bound e with cumulated move
// cum: e + cum rounded down to float32. Converting rounds to nearest, up
// by at most 2^-24 of a normal value: start 2^-22 below; values too small
// for that (or infinite) and too large for float32 are stored as 0 and
// the largest float32.
func store(e, cum float64) float32 {
	x := (e + cum) * (1 - 0x1p-22)
	switch {
	case x < 0x1p-100:
		return 0
	case x > math.MaxFloat32:
		if math.IsInf(x, 1) {
			return float32(x)
		}
		return math.MaxFloat32
	}
	return float32(x)
}

// bound returns the lower bound held in the stored value b with cumulated
// move cum.
func bound(b float32, cum float64) float64 { return max(0, (float64(b)-cum)*down) }

// full computes the dissimilarities of the points sc.idx to every centre
// by a matrix product, assigns each to the nearest (the lowest index on
// ties), sets its bounds and its dist, and returns the number whose
// cluster changed (recorded in from when record is set).
func (w *worker) full(sc *scratch, record bool) int {
	if len(sc.idx) == 0 {
		return 0
	}
	k, gs := w.k, w.groups
	sc.fulls += len(sc.idx)
	w.pts.dots(sc.idx, w.c, w.ct, k, sc.out, sc.x)
	scale := w.scale()
	ch := 0
	for r, i := range sc.idx {
		out := sc.out[r*k : (r+1)*k]
		best, bd := 0, math.Inf(1)
		for j, dot := range out {
			d := w.dissim(i, dot, w.cn[j])
			out[j] = d
			if d < bd {
				best, bd = j, d
			}
		}
		w.dist[i] = bd
		if a := w.assign[i]; a != best {
			if record {
				w.from[i] = int32(a)
			}
			w.assign[i] = best
			ch++
		}
		if w.lb == nil {
			continue
		}
		sl := w.slack(i)
		lb, gb := w.lb[i*k:(i+1)*k], w.gb[i*gs:(i+1)*gs]
		l := math.Inf(1)
		for g := range gb {
			m := math.Inf(1)
			for p := w.gstart[g]; p < w.gstart[g+1]; p++ {
				j := w.members[p]
				e := math.Sqrt(max(0, scale*out[j]-sl)) * down
				lb[p] = store(e, w.cum[p])
				if e < m && j != best {
					m = e
				}
			}
			gb[g] = store(m, w.gcum[g])
			l = min(l, m)
		}
		w.u[i], w.l[i] = w.upper(i, bd), l
	}
	return ch
}

// assignStep assigns every point to its nearest centre and returns the
// number of points whose cluster changed; w.from records their previous
// clusters. A point stays when u is below l or s of its centre; else the
// group bounds and, in the groups they do not settle, the centres' bounds
// are read (open), and a point with a centre within u is tightened (its
// u recomputed, four points at a time), then compared with the centres
// still within u (search), or, when more than half are, with every centre
// by a matrix product (full, blockRows points at a time).
func (w *worker) assignStep() int {
	// A point's l drops by the largest move of a centre other than its
	// own.
	j1, m1, m2 := -1, 0.0, 0.0
	for j, m := range w.move {
		if m > m1 {
			j1, m1, m2 = j, m, m1
		} else if m > m2 {
			m2 = m
		}
	}
	var changed, fulls atomic.Int64 // integer sums: exact in any order
	w.forPoints(func(lo, hi int) {
		sc := <-w.scratch
		defer func() { w.scratch <- sc }()
		sc.fulls = 0
		ch := 0
		for i := lo; i < hi; i++ {
			a := w.assign[i]
			u := (w.u[i] + w.move[a]) * up
			drop := m1
			if a == j1 {
				drop = m2
			}
			l := max(0, (w.l[i]-drop)*down)
			w.u[i], w.l[i] = u, l
			if u < max(l, w.s[a]) {
				continue
			}
			z, within := w.open(i, a, u, nil)
			w.l[i] = max(l, z)
			if !within || u < w.s[a] {
				continue
			}
			sc.pend = append(sc.pend, i)
			if len(sc.pend) == cap(sc.pend) {
				ch += w.tighten(sc)
			}
		}
		ch += w.tighten(sc)
		ch += w.full(sc, true)
		sc.idx = sc.idx[:0]
		changed.Add(int64(ch))
		fulls.Add(int64(sc.fulls))
	})
	w.fulls = int(fulls.Load())
	return int(changed.Load())
}

// open reads the bounds of point i, assigned to a, against u: each group
// whose bound is not above u is opened, its bound refreshed from its
// centres' bounds. It returns the least bound on the centres other than
// a, and whether some centre's bound is not above u; with cand non-nil,
// it also appends those centres to *cand.
func (w *worker) open(i, a int, u float64, cand *[]int) (float64, bool) {
	k, gs := w.k, w.groups
	lb, gb := w.lb[i*k:(i+1)*k], w.gb[i*gs:(i+1)*gs]
	cum, gcum, members, gstart := w.cum[:k], w.gcum[:gs], w.members[:k], w.gstart[:gs+1]
	// A bound (b - cum) down exceeds u when b - cum exceeds thr, u / down
	// rounded up; the least of the b - cum is scaled by down at the end.
	thr := u / down * up
	z, within := math.Inf(1), false
	for g, b := range gb {
		if v := float64(b) - gcum[g]; v > thr {
			z = min(z, v)
			continue
		}
		m := math.Inf(1)
		for p := gstart[g]; p < gstart[g+1]; p++ {
			v := float64(lb[p]) - cum[p]
			if j := members[p]; j == a {
				continue
			} else if v <= thr {
				within = true
				if cand != nil {
					*cand = append(*cand, j)
				}
			}
			if v < m {
				m = v
			}
		}
		gb[g] = store(max(0, m*down), gcum[g])
		z = min(z, m)
	}
	return max(0, z*down), within
}

// tighten recomputes the upper bounds of the points sc.pend as their
// distances to their centres, then skips, searches or queues for full
// computation each, and returns the number whose cluster changed.
func (w *worker) tighten(sc *scratch) int {
	n := len(sc.pend)
	if n == 0 {
		return 0
	}
	var cs [4][]float64
	var dots [4]float64
	for r, i := range sc.pend {
		cs[r] = w.centre(w.assign[i])
	}
	w.pts.dotPairs(sc.pend, cs[:n], dots[:n])
	ch := 0
	for r, i := range sc.pend {
		a := w.assign[i]
		da := w.dissim(i, dots[r], w.cn[a])
		u := w.upper(i, da)
		w.u[i] = u
		if u < max(w.l[i], w.s[a]) {
			continue
		}
		if w.search(i, a, da, u, sc) {
			ch++
		}
		if len(sc.idx) == blockRows {
			ch += w.full(sc, true)
			sc.idx = sc.idx[:0]
		}
	}
	sc.pend = sc.pend[:0]
	return ch
}

// search compares point i, assigned to a at computed dissimilarity da
// with upper bound u, with the centres whose bounds are not above u, four
// at a time, each skipped when its bound exceeds the bound of the best
// centre so far; it updates the assignment and the bounds and reports
// whether the cluster changed. When more than half of the centres are
// candidates, it queues the point in sc.idx for full instead (and reports
// false: full counts the change).
func (w *worker) search(i, a int, da, u float64, sc *scratch) bool {
	k, gs := w.k, w.groups
	cand := sc.cand[:0]
	if _, within := w.open(i, a, u, &cand); !within {
		return false
	}
	if 2*len(cand) > k {
		sc.idx = append(sc.idx, i)
		return false
	}
	lb, gb := w.lb[i*k:(i+1)*k], w.gb[i*gs:(i+1)*gs]
	best, bd, bu := a, da, u
	for len(cand) > 0 {
		m := min(4, len(cand))
		var d4 [4]float64
		if m == 4 {
			d4[0], d4[1], d4[2], d4[3] = w.pts.dot4(i, w.centre(cand[0]), w.centre(cand[1]), w.centre(cand[2]), w.centre(cand[3]))
		} else {
			for r, j := range cand[:m] {
				d4[r] = w.pts.dot(i, w.centre(j))
			}
		}
		for r, j := range cand[:m] {
			d := w.dissim(i, d4[r], w.cn[j])
			p := w.pos[j]
			lb[p] = store(w.lower(i, d), w.cum[p])
			if d < bd || d == bd && j < best {
				best, bd = j, d
				bu = w.upper(i, bd)
			}
		}
		// Drop the candidates the best so far rules out.
		rest := cand[:0]
		for _, j := range cand[m:] {
			if p := w.pos[j]; bound(lb[p], w.cum[p]) <= bu {
				rest = append(rest, j)
			}
		}
		cand = rest
	}
	w.u[i] = bu
	if best == a {
		// The computed centres' bounds only rose: the group bounds open
		// set stay valid.
		return false
	}
	// a joins the others of its group, best leaves its own: recompute
	// both groups' bounds, and l.
	pa := w.pos[a]
	lb[pa] = store(w.lower(i, da), w.cum[pa])
	for _, g := range [2]int{w.grp[a], w.grp[best]} {
		m := math.Inf(1)
		for p := w.gstart[g]; p < w.gstart[g+1]; p++ {
			if w.members[p] != best {
				m = min(m, bound(lb[p], w.cum[p]))
			}
		}
		gb[g] = store(m, w.gcum[g])
	}
	l := math.Inf(1)
	for g, b := range gb {
		l = min(l, bound(b, w.gcum[g]))
	}
	w.l[i] = l
	w.from[i] = int32(a)
	w.assign[i] = best
	return true
}
