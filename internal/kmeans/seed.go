package kmeans

import "math/rand/v2"

// seed chooses k initial centres by k-means++ (Arthur and Vassilvitskii
// 2007): the first uniformly among the points, each next one with
// probability proportional to its dissimilarity to the nearest centre
// chosen so far. It draws from exactly that distribution by rejection: a
// point is proposed with probability proportional to an upper bound on its
// dissimilarity (its value when last computed, held in a Fenwick tree),
// its dissimilarity is brought up to date with the centres chosen since,
// and it is accepted with probability dissimilarity / bound, else its
// bound tightens and another is proposed. Most points are never brought
// up to date, so the seeding takes O(n) time plus O(k dim) per proposal
// instead of O(n k dim). After 64 rejections in a row every point is
// brought up to date and the draw is made exactly, as a sum in point
// order.
func (w *worker) seed(rng *rand.Rand) {
	first := rng.IntN(w.n)
	w.setCentre(0, first)
	c0, cn0 := w.centre(0), w.cn[0]
	w.forPoints(func(lo, hi int) {
		for i := lo; i < hi; i++ {
			w.dist[i] = w.dissim(i, w.pts.dot(i, c0), cn0)
			w.checked[i] = 1
		}
	})
	copy(w.weight, w.dist)
	w.tree.build(w.weight)
	for j := 1; j < w.k && !w.stopped(); j++ {
		w.setCentre(j, w.draw(rng, j))
	}
}

// draw returns a point drawn with probability proportional to its
// dissimilarity to the nearest of the first j centres.
func (w *worker) draw(rng *rand.Rand, j int) int {
	for range 64 {
		total := w.tree.total()
		if !(total > 0) {
			break
		}
		i := min(w.tree.find(rng.Float64()*total), w.n-1)
		bound := w.weight[i]
		d := w.refresh(i, j)
		if bound > 0 && rng.Float64()*bound < d {
			return i
		}
		w.tree.add(i, d-bound)
		w.weight[i] = d
	}
	w.forPoints(func(lo, hi int) {
		for i := lo; i < hi; i++ {
			w.refresh(i, j)
		}
	})
	total := 0.0
	for _, d := range w.dist {
		total += d
	}
	pick := -1
	if total > 0 {
		r := rng.Float64() * total
		cum := 0.0
		for i, d := range w.dist {
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
		pick = w.firstNew(j)
	}
	copy(w.weight, w.dist)
	w.tree.build(w.weight)
	return pick
}

// refresh brings dist[i] up to date with the first j centres and returns
// it.
func (w *worker) refresh(i, j int) float64 {
	d := w.dist[i]
	for c := int(w.checked[i]); c < j; c++ {
		d = min(d, w.dissim(i, w.pts.dot(i, w.centre(c)), w.cn[c]))
	}
	w.dist[i], w.checked[i] = d, int32(j)
	return d
}

// firstNew returns the first point equal to none of the first j centres (0
// if there is none, which distinctAtLeast rules out).
func (w *worker) firstNew(j int) int {
	for i := 0; i < w.n; i++ {
		x, dup := w.pts.row(i, w.buf), false
		for c := 0; c < j && !dup; c++ {
			dup = equal(x, w.centre(c))
		}
		if !dup {
			return i
		}
	}
	return 0
}

// fenwick is a Fenwick (binary indexed) tree of n non-negative weights,
// 1-based: prefix sums and updates in O(log n).
type fenwick []float64

// build sets the tree to the weights x (len(t) = len(x)+1) in O(n).
func (t fenwick) build(x []float64) {
	copy(t[1:], x)
	t[0] = 0
	for i := 1; i < len(t); i++ {
		if p := i + i&-i; p < len(t) {
			t[p] += t[i]
		}
	}
}

// add adds d to weight i (0-based).
func (t fenwick) add(i int, d float64) {
	for p := i + 1; p < len(t); p += p & -p {
		t[p] += d
	}
}

// total returns the sum of the weights.
func (t fenwick) total() float64 {
	s := 0.0
	for p := len(t) - 1; p > 0; p -= p & -p {
		s += t[p]
	}
	return s
}

// find returns the smallest i (0-based) whose prefix sum of weights
// 0..i exceeds r, or n when none does.
func (t fenwick) find(r float64) int {
	n := len(t) - 1
	pos := 0
	step := 1
	for step*2 <= n {
		step *= 2
	}
	for ; step > 0; step /= 2 {
		if p := pos + step; p <= n && t[p] <= r {
			pos = p
			r -= t[p]
		}
	}
	return pos
}
