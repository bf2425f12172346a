package projector

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// insideTol is how far below 0 a barycentric coordinate may be, to
// absorb rounding, for a point still to count as inside a simplex: the
// point that fixes the scale factor lies on a facet.
const insideTol = 1e-9

// maxCond is the largest condition number of the centres' edge matrix
// accepted as a simplex.
const maxCond = 1e12

// simplex is the barycentric coordinate map of K points c_1..c_K in
// R^(K-1): for a point x, lambda(x) is the K-vector with sum 1 and
// sum_j lambda_j c_j = x, and x lies in the simplex exactly when every
// lambda_j >= 0. The map is affine, lambda(x) = lambda(0) + L x: with T the
// (K-1) x (K-1) matrix of the edges c_j - c_K (as columns), the first K-1
// coordinates of L x are T^-1 x and the last is minus their sum. T is
// inverted once (O(K^3)), so the coordinates of n points take O(n K^2).
//
// Scaling the vertices by s > 0 about the origin gives lambda_s(x) =
// lambda(x/s) = lambda(0) + L x / s: the coordinates of every point for
// every s come from the same product.
type simplex struct {
	k      int
	inv    *mat.Dense // T^-1
	origin []float64  // lambda(0)
}

// newSimplex inverts the edge matrix of the rows of c (K x (K-1)). It
// returns an error when the points are affinely dependent (T singular or
// of condition number above 1e12): they span no (K-1)-simplex.
func newSimplex(c *mat.Dense) (*simplex, error) {
	k, dim := c.Dims()
	if dim != k-1 || k < 2 {
		return nil, fmt.Errorf("%d centres in %d dimensions", k, dim)
	}
	t := mat.NewDense(dim, dim, nil)
	for j := 0; j < dim; j++ {
		for r := 0; r < dim; r++ {
			t.Set(r, j, c.At(j, r)-c.At(k-1, r))
		}
	}
	var lu mat.LU
	lu.Factorize(t)
	cond := lu.Cond()
	s := &simplex{k: k, inv: mat.NewDense(dim, dim, nil)}
	if !(cond <= maxCond) {
		return nil, fmt.Errorf("the %d cluster centres are affinely dependent (condition number %.3g): they span no simplex", k, cond)
	}
	if err := lu.SolveTo(s.inv, false, eye(dim)); err != nil {
		return nil, fmt.Errorf("the %d cluster centres span no simplex: %w", k, err)
	}
	// lambda(0) = e_K + L (0 - c_K), since lambda(c_K) = e_K.
	last := mat.NewDense(1, dim, nil)
	for r := 0; r < dim; r++ {
		last.Set(0, r, -c.At(k-1, r))
	}
	s.origin = s.linear(last).RawRowView(0)
	s.origin[k-1]++
	return s, nil
}

// eye returns the n x n identity matrix.
func eye(n int) *mat.Dense {
	d := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		d.Set(i, i, 1)
	}
	return d
}

// linear returns L x for each row x of p (n x (K-1)), as an n x K matrix:
// the change of the barycentric coordinates from the origin to x. Each row
// sums to 0. Each entry is summed in a fixed order.
func (s *simplex) linear(p *mat.Dense) *mat.Dense {
	n, dim := p.Dims()
	out := mat.NewDense(n, s.k, nil)
	for i := 0; i < n; i++ {
		x := p.RawRowView(i)
		row := out.RawRowView(i)
		sum := 0.0
		for j := 0; j < dim; j++ {
			v := 0.0
			for r, w := range s.inv.RawRowView(j) {
				v += w * x[r]
			}
			row[j] = v
			sum += v
		}
		row[dim] = -sum
	}
	return out
}

// countInside returns how many rows of p lie inside (or on) the simplex
// scaled by s about the origin: every lambda_j(x/s) >= -insideTol.
func (s *simplex) countInside(p *mat.Dense, sc float64) int {
	lin := s.linear(p)
	n, _ := lin.Dims()
	count := 0
	for i := 0; i < n; i++ {
		in := true
		for j, d := range lin.RawRowView(i) {
			if s.origin[j]+d/sc < -insideTol {
				in = false
				break
			}
		}
		if in {
			count++
		}
	}
	return count
}

// smallestScale returns the smallest factor s > 0 such that at least
// ceil(delta n) of the n rows of p lie inside the simplex scaled by s
// about the origin.
//
// Point x is inside at factor s when s lambda_j(0) + (L x)_j >= 0 for every
// j: one linear inequality in s per vertex, so the factors at which x is
// inside form an interval [lo_x, hi_x] (hi_x infinite when lambda(0) > 0,
// the origin inside the simplex, as it is for the Euclidean means of a
// clustering of centred points: lambda(0) are then the cluster shares).
// The count of points inside is a step function of s that rises only at
// the lo_x, so the smallest s is found exactly by sorting the interval ends
// and sweeping, in O(n K^2 + n log n), rather than by bisection on s (which
// needs the count to be monotone in s and stops at a tolerance). When the
// origin is inside, the answer is the ceil(delta n)-th smallest lo_x.
//
// It returns an error when no factor reaches the count (possible only when
// the origin is outside the simplex), or when the smallest factor is 0
// (a fraction delta of the points lie at the origin).
func (s *simplex) smallestScale(p *mat.Dense, delta float64) (float64, error) {
	lin := s.linear(p)
	n, _ := lin.Dims()
	want := max(1, int(math.Ceil(delta*float64(n)-1e-9)))
	var starts, ends []float64
	for i := 0; i < n; i++ {
		lo, hi := 0.0, math.Inf(1)
		ok := true
		for j, d := range lin.RawRowView(i) {
			o := s.origin[j]
			switch {
			case o > 0:
				lo = max(lo, -d/o)
			case o < 0:
				hi = min(hi, -d/o)
			case d < 0:
				ok = false
			}
		}
		if ok && lo <= hi {
			starts = append(starts, lo)
			ends = append(ends, hi)
		}
	}
	slices.Sort(starts)
	slices.Sort(ends)
	best, bestAt := 0, 0.0
	e := 0
	for i, lo := range starts {
		if i+1 < len(starts) && starts[i+1] == lo {
			continue // count every interval starting at lo
		}
		for e < len(ends) && ends[e] < lo {
			e++
		}
		count := i + 1 - e
		if count >= want {
			if lo == 0 {
				return 0, fmt.Errorf("%d of the %d documents lie at the corpus mean: no positive scale factor is needed for delta = %v", count, n, delta)
			}
			return lo, nil
		}
		if count > best {
			best, bestAt = count, lo
		}
	}
	if best == 0 {
		return 0, errors.New("no scale factor puts any document inside the simplex of the centres")
	}
	return 0, fmt.Errorf("the simplex of the centres holds at most %d of %d documents (at scale %.4g), fewer than delta = %v of them", best, n, bestAt, delta)
}
