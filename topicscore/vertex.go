package topicscore

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync/atomic"

	"github.com/hulltopics/hull/internal/parallel"
	"github.com/hulltopics/hull/learner"
)

// DefaultMaxSimplices is the default bound on C(K0, K), the number of
// simplices the exhaustive search 2b examines.
const DefaultMaxSimplices = 200000

// DefaultK0 returns the default number of candidate centres kept by the
// greedy pre-selection 2b' for k topics and m centres: the paper's
// ceil(5K/4) (section 5.1), at most m, then lowered (never below k) until
// C(K0, k) <= maxSimplices, so that the exhaustive search stays bounded.
// With the default budget 200,000 the rule gives ceil(5K/4) up to K = 20
// (C(25, 20) = 53,130 simplices), K+5 for K = 21..26, K+4 for K = 27..44,
// K+3 for K = 45..104, and K+2 or K+1 beyond.
func DefaultK0(k, m, maxSimplices int) int {
	k0 := min(m, (5*k+3)/4)
	for k0 > k && binomial(k0, k) > maxSimplices {
		k0--
	}
	return max(k0, min(k, m))
}

// greedy is step 2b': the two centres farthest apart, then repeatedly the
// centre farthest from the mean of those already chosen, until k0 are
// chosen. centres is m x dim row-major. Ties go to the lower index (for
// the pair: the lexicographically first). It returns the chosen indices in
// the order chosen. O(m^2 dim + k0 m dim).
func greedy(centres []float64, m, dim, k0 int) []int {
	row := func(i int) []float64 { return centres[i*dim : i*dim+dim] }
	chosen := make([]int, 0, k0)
	taken := make([]bool, m)
	if m == 1 || k0 == 1 {
		return append(chosen, 0)
	}
	bi, bj, best := 0, 1, -1.0
	for i := 0; i < m; i++ {
		for j := i + 1; j < m; j++ {
			if d := sqDist(row(i), row(j)); d > best {
				bi, bj, best = i, j, d
			}
		}
	}
	chosen = append(chosen, bi, bj)
	taken[bi], taken[bj] = true, true
	sum := make([]float64, dim)
	mean := make([]float64, dim)
	axpy(1, row(bi), sum)
	axpy(1, row(bj), sum)
	for len(chosen) < k0 {
		for c := range mean {
			mean[c] = sum[c] / float64(len(chosen))
		}
		next, far := -1, -1.0
		for j := 0; j < m; j++ {
			if taken[j] {
				continue
			}
			if d := sqDist(row(j), mean); d > far {
				next, far = j, d
			}
		}
		chosen = append(chosen, next)
		taken[next] = true
		axpy(1, row(next), sum)
	}
	return chosen
}

// nearestVertex returns the distance from x to the nearest of vert(0..k-1),
// an upper bound on its distance to their simplex.
func nearestVertex(x []float64, vert func(i int) []float64, k int) float64 {
	best := math.Inf(1)
	for i := 0; i < k; i++ {
		best = math.Min(best, sqDist(x, vert(i)))
	}
	return math.Sqrt(best)
}

// sqDist returns the squared Euclidean distance of x and y.
func sqDist(x, y []float64) float64 {
	s := 0.0
	for i := range x {
		d := x[i] - y[i]
		s += d * d
	}
	return s
}

// searchResult is the outcome of the exhaustive search 2b.
type searchResult struct {
	subset     []int   // positions (into the candidates) of the K vertices, ascending
	value      float64 // max over the candidates of the distance to the chosen simplex
	simplices  int     // C(K0, K)
	degenerate int     // simplices rejected as affinely dependent
}

// candBound is a candidate centre outside a simplex and the lower bound
// on its distance to it.
type candBound struct {
	j  int
	lb float64
}

// errNoSimplex is returned when every K-subset of the candidates is
// affinely dependent.
var errNoSimplex = errors.New("topicscore: vertex hunting: every K-subset of the candidate centres is affinely dependent")

// search is step 2b on the k0 candidate points cand (k0 x (k-1)
// row-major): among the K-subsets of the candidates that are affinely
// independent, the one whose simplex minimises the largest distance from a
// candidate to it. As in the paper's 2b' ("apply the 2b step to the K0
// chosen centres only") the maximum runs over the k0 candidates; a
// candidate that is a vertex of the simplex is at distance 0.
//
// Subsets are ranked in lexicographic order and searched in parallel blocks
// with a shared upper bound (the best value found so far): a subset stops
// being examined as soon as one candidate is provably farther than the
// bound, first by the distance to the hyperplane of a facet, then by the
// exact distance (Wolfe's algorithm). A subset whose value ties the optimum
// is never cut, and ties go to the lower rank, so the result does not
// depend on threads. O(C(k0, k) (k^3 + (k0-k) k^2)) plus the QPs.
func search(ctx context.Context, cand []float64, k0, k, threads int, progress learner.Progress) (searchResult, error) {
	dim := k - 1
	total := binomial(k0, k)
	res := searchResult{simplices: total}
	if total >= maxBinomial {
		return res, fmt.Errorf("topicscore: C(%d, %d) simplices: too many to search", k0, k)
	}
	row := func(i int) []float64 { return cand[i*dim : i*dim+dim] }
	const grain = 512
	blocks := (total + grain - 1) / grain
	type blockBest struct {
		value      float64
		rank       int
		degenerate int
	}
	bests := make([]blockBest, blocks)
	var bound atomic.Uint64 // float64 bits of the best value so far (values are >= 0)
	bound.Store(math.Float64bits(math.Inf(1)))
	lower := func(v float64) {
		for {
			old := bound.Load()
			if v >= math.Float64frombits(old) || bound.CompareAndSwap(old, math.Float64bits(v)) {
				return
			}
		}
	}
	progress.Report("vertex hunting", 0, total)
	err := parallel.For(ctx, blocks, 1, threads, func(lo, hi int) {
		comb, prev := make([]int, k), make([]int, k)
		in := make([]bool, k0)
		bi := newBaryInverse(k)
		nr := newNearest(k, dim)
		lambda := make([]float64, k)
		outside := make([]candBound, 0, k0)
		vert := func(i int) []float64 { return row(comb[i]) }
		for b := lo; b < hi; b++ {
			first, last := b*grain, min((b+1)*grain, total)
			best := blockBest{value: math.Inf(1), rank: -1}
			unrank(first, k0, comb)
			valid := false // bi holds B for comb's previous value
			for r := first; r < last; r++ {
				changed := -1 // the one position that changed, if only one
				if r > first {
					copy(prev, comb)
					nextComb(comb, k0)
					for i := range comb {
						if comb[i] != prev[i] {
							if changed >= 0 {
								changed = -1
								break
							}
							changed = i
						}
					}
				}
				if changed >= 0 && valid {
					valid = bi.replace(changed, row(comb[changed]))
				} else {
					valid = false
				}
				if !valid {
					if valid = bi.set(vert); !valid {
						best.degenerate++
						continue
					}
				}
				for i := range in {
					in[i] = false
				}
				for _, c := range comb {
					in[c] = true
				}
				// Pass 1: barycentric coordinates and lower bounds of the
				// candidates outside the simplex; cut on any bound above
				// the best value so far. Pass 2: exact distances, largest
				// bound first, cut as soon as one exceeds it.
				limit := math.Float64frombits(bound.Load())
				far := outside[:0]
				cut := false
				for j := 0; j < k0; j++ {
					if in[j] {
						continue
					}
					bi.coords(row(j), lambda)
					if lb := bi.lowerBound(lambda); lb > limit*(1+1e-9) {
						cut = true
						break
					} else if lb > 0 {
						far = append(far, candBound{j, lb})
					}
				}
				value := 0.0
				if !cut {
					slices.SortFunc(far, func(a, b candBound) int { return cmp.Compare(b.lb, a.lb) })
					for _, c := range far {
						if value > 0 && nearestVertex(row(c.j), vert, k) <= value {
							continue // cannot raise the maximum
						}
						value = math.Max(value, nr.bounded(row(c.j), vert, value, limit))
						if cut = value > limit; cut {
							break
						}
					}
				}
				if cut {
					continue
				}
				if value < best.value {
					best.value, best.rank = value, r
				}
				lower(value)
			}
			bests[b] = best
		}
	}, func(done int) { progress.Report("vertex hunting", min(done*grain, total), total) })
	if err != nil {
		return res, err
	}
	bestRank := -1
	res.value = math.Inf(1)
	for _, b := range bests {
		res.degenerate += b.degenerate
		if b.rank >= 0 && b.value < res.value {
			res.value, bestRank = b.value, b.rank
		}
	}
	if bestRank < 0 {
		return res, errNoSimplex
	}
	res.subset = make([]int, k)
	unrank(bestRank, k0, res.subset)
	return res, nil
}

// successiveProjection returns k of the n points pts (n x dim row-major),
// chosen by successive projection (Araújo et al. 2001; the vertex hunting
// "SP" of the authors' later code, there applied to the k-means centres
// as here): with y_j = (1, pts_j), repeatedly the point of largest ||y_j||,
// then every y_j projected on the orthogonal complement of the chosen one.
// In the noiseless case the chosen points are vertices of the convex hull.
// Ties go to the lower index. O(n k dim).
func successiveProjection(pts []float64, n, dim, k int) []int {
	w := dim + 1
	y := make([]float64, n*w)
	for j := 0; j < n; j++ {
		y[j*w] = 1
		copy(y[j*w+1:j*w+w], pts[j*dim:j*dim+dim])
	}
	chosen := make([]int, 0, k)
	taken := make([]bool, n)
	u := make([]float64, w)
	for len(chosen) < k {
		best, at := -1.0, -1
		for j := 0; j < n; j++ {
			if taken[j] {
				continue
			}
			if s := dot(y[j*w:j*w+w], y[j*w:j*w+w]); s > best {
				best, at = s, j
			}
		}
		chosen = append(chosen, at)
		taken[at] = true
		if !(best > 0) {
			continue // the rest is in the span already: any order will do
		}
		copy(u, y[at*w:at*w+w])
		for c := range u {
			u[c] /= math.Sqrt(best)
		}
		for j := 0; j < n; j++ {
			if taken[j] {
				continue
			}
			yj := y[j*w : j*w+w]
			axpy(-dot(yj, u), u, yj)
		}
	}
	return chosen
}

// subsetEval computes the objective of 2b for one subset of the
// candidates: the largest distance from another candidate to its simplex.
// It is not safe for concurrent use.
type subsetEval struct {
	k0, k  int
	bi     *baryInverse
	nr     *nearest
	lambda []float64
	in     []bool
	far    []candBound
}

// newSubsetEval returns a subsetEval for subsets of k of k0 candidates.
func newSubsetEval(k0, k int) *subsetEval {
	return &subsetEval{k0: k0, k: k, bi: newBaryInverse(k), nr: newNearest(k, k-1),
		lambda: make([]float64, k), in: make([]bool, k0), far: make([]candBound, 0, k0)}
}

// value returns the largest distance from a candidate outside sub to the
// simplex of the candidates sub, and false when they are affinely
// dependent. Once the value is known to exceed limit it stops and returns
// a lower bound above limit.
func (e *subsetEval) value(cand []float64, sub []int, limit float64) (float64, bool) {
	dim := e.k - 1
	row := func(i int) []float64 { return cand[i*dim : i*dim+dim] }
	vert := func(i int) []float64 { return row(sub[i]) }
	if !e.bi.set(vert) {
		return 0, false
	}
	clear(e.in)
	for _, c := range sub {
		e.in[c] = true
	}
	far := e.far[:0]
	for j := 0; j < e.k0; j++ {
		if e.in[j] {
			continue
		}
		e.bi.coords(row(j), e.lambda)
		if lb := e.bi.lowerBound(e.lambda); lb > limit*(1+1e-9) {
			return lb, true
		} else if lb > 0 {
			far = append(far, candBound{j, lb})
		}
	}
	slices.SortFunc(far, func(a, b candBound) int { return cmp.Compare(b.lb, a.lb) })
	value := 0.0
	for _, c := range far {
		if value > 0 && nearestVertex(row(c.j), vert, e.k) <= value {
			continue
		}
		value = math.Max(value, e.nr.bounded(row(c.j), vert, value, limit))
		if value > limit*(1+1e-9) {
			return value, true
		}
	}
	return value, true
}
