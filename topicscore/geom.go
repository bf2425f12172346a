package topicscore

import "math"

// maxCond is the largest 1-norm condition number of [V, 1] for which K
// points V are taken as affinely independent (step 2b's requirement).
const maxCond = 1e12

// baryInverse holds B = [V, 1]^{-1} for the K vertices V (K x (K-1)) of a
// simplex, and the norms of the barycentric gradients. For a point x of
// R^{K-1} the barycentric coordinates are lambda^T = [x^T, 1] B (step 3 of
// section 3: pi~_j^T = [r_j^T, 1][V*, 1_K]^{-1}).
type baryInverse struct {
	k       int
	a       []float64 // [V, 1], K x K row-major
	lu      []float64 // scratch of the elimination
	inv     []float64 // B, K x K row-major
	col     []float64 // scratch of the rank-one update
	row     []float64
	updates int // rank-one updates since the last full inversion
	// height[k] = 1 / ||B[0:K-1, k]||: the distance from vertex k to the
	// hyperplane of the opposite facet; a point with lambda_k < 0 is at
	// least -lambda_k * height[k] from the simplex.
	height []float64
}

// maxUpdates bounds the rank-one updates between full inversions, and
// maxUpdateCond the condition number at which an update is trusted: the
// rounding error of Sherman-Morrison grows with both.
const (
	maxUpdates    = 16
	maxUpdateCond = 1e6
)

// newBaryInverse returns a baryInverse for simplices of K vertices.
func newBaryInverse(k int) *baryInverse {
	return &baryInverse{k: k, a: make([]float64, k*k), lu: make([]float64, k*k), inv: make([]float64, k*k),
		col: make([]float64, k), row: make([]float64, k), height: make([]float64, k)}
}

// set computes B for the vertices vert(0..K-1) and reports whether they are
// affinely independent: [V, 1] is non-singular with 1-norm condition
// number at most maxCond. Gauss-Jordan elimination with partial pivoting,
// O(K^3), no allocation.
func (b *baryInverse) set(vert func(i int) []float64) bool {
	k := b.k
	for i := 0; i < k; i++ {
		copy(b.a[i*k:i*k+k-1], vert(i))
		b.a[i*k+k-1] = 1
	}
	b.updates = 0
	a, inv := b.lu, b.inv
	copy(a, b.a)
	for i := range inv {
		inv[i] = 0
	}
	for i := 0; i < k; i++ {
		inv[i*k+i] = 1
	}
	for col := 0; col < k; col++ {
		p, best := col, math.Abs(a[col*k+col])
		for r := col + 1; r < k; r++ {
			if v := math.Abs(a[r*k+col]); v > best {
				p, best = r, v
			}
		}
		if best == 0 {
			return false
		}
		if p != col {
			swapRows(a, k, p, col)
			swapRows(inv, k, p, col)
		}
		d := 1 / a[col*k+col]
		for j := 0; j < k; j++ {
			a[col*k+j] *= d
			inv[col*k+j] *= d
		}
		for r := 0; r < k; r++ {
			if r == col {
				continue
			}
			f := a[r*k+col]
			if f == 0 {
				continue
			}
			for j := 0; j < k; j++ {
				a[r*k+j] -= f * a[col*k+j]
				inv[r*k+j] -= f * inv[col*k+j]
			}
		}
	}
	return b.finish(maxCond)
}

// replace changes vertex i to v by a rank-one (Sherman-Morrison) update of
// B in O(K^2), and reports whether the result is trustworthy: B must be
// valid (the last set or replace succeeded), fewer than maxUpdates updates
// made since the last set, and the new condition number at most
// maxUpdateCond. When replace reports false, call set.
func (b *baryInverse) replace(i int, v []float64) bool {
	k := b.k
	if b.updates >= maxUpdates {
		return false
	}
	// A' = A + e_i u^T, u = (v - v_i, 0); B' = B - (B e_i)(u^T B) / (1 + u^T B e_i).
	ai := b.a[i*k : i*k+k-1]
	for c := 0; c < k; c++ {
		b.col[c] = b.inv[c*k+i]
	}
	clear(b.row)
	for r := 0; r < k-1; r++ {
		if u := v[r] - ai[r]; u != 0 {
			axpy(u, b.inv[r*k:r*k+k], b.row)
		}
	}
	den := 1 + b.row[i]
	if !(math.Abs(den) > 1e-8) {
		return false
	}
	for c := 0; c < k; c++ {
		if f := b.col[c] / den; f != 0 {
			axpy(-f, b.row, b.inv[c*k:c*k+k])
		}
	}
	copy(ai, v)
	b.updates++
	return b.finish(maxUpdateCond)
}

// finish checks the 1-norm condition number of [V, 1] against limit and
// computes the heights.
func (b *baryInverse) finish(limit float64) bool {
	k := b.k
	norm, invNorm := 0.0, 0.0 // 1-norms: largest column sums
	for j := 0; j < k; j++ {
		s, t := 0.0, 0.0
		for i := 0; i < k; i++ {
			s += math.Abs(b.a[i*k+j])
			t += math.Abs(b.inv[i*k+j])
		}
		norm, invNorm = math.Max(norm, s), math.Max(invNorm, t)
	}
	if !(norm*invNorm <= limit) {
		return false
	}
	for j := 0; j < k; j++ {
		s := 0.0
		for i := 0; i < k-1; i++ {
			s += b.inv[i*k+j] * b.inv[i*k+j]
		}
		b.height[j] = 1 / math.Sqrt(s)
	}
	return true
}

// swapRows swaps rows i and j of the k-column row-major matrix a.
func swapRows(a []float64, k, i, j int) {
	ri, rj := a[i*k:i*k+k], a[j*k:j*k+k]
	for c := range ri {
		ri[c], rj[c] = rj[c], ri[c]
	}
}

// coords sets lambda to the barycentric coordinates of x (length K-1).
func (b *baryInverse) coords(x, lambda []float64) {
	k := b.k
	copy(lambda, b.inv[(k-1)*k:k*k])
	for c, xc := range x {
		if xc == 0 {
			continue
		}
		row := b.inv[c*k : c*k+k]
		for j := range lambda {
			lambda[j] += xc * row[j]
		}
	}
}

// lowerBound returns a lower bound on the distance from the point with
// barycentric coordinates lambda to the simplex: the largest distance to
// the hyperplane of a facet it lies beyond (0 inside the simplex).
func (b *baryInverse) lowerBound(lambda []float64) float64 {
	lb := 0.0
	for j, l := range lambda {
		if l < 0 {
			lb = math.Max(lb, -l*b.height[j])
		}
	}
	return lb
}

// clipBarycentric clips the negative entries of lambda to 0 and rescales
// it to sum 1 (step 3 of section 3: pi^*_j(k) = max(pi~_j(k), 0), pi_j =
// pi^*_j / ||pi^*_j||_1). Barycentric coordinates sum to 1, so at least one
// entry is positive; if rounding left none, lambda becomes uniform.
func clipBarycentric(lambda []float64) {
	s := 0.0
	for i, l := range lambda {
		if l < 0 || math.IsNaN(l) {
			lambda[i] = 0
			continue
		}
		s += l
	}
	if !(s > 0) {
		for i := range lambda {
			lambda[i] = 1 / float64(len(lambda))
		}
		return
	}
	for i := range lambda {
		lambda[i] /= s
	}
}

// nearest finds the point of the convex hull of K points nearest to a
// given point x, by Wolfe's algorithm ("Finding the nearest point in a
// polytope", Math. Programming 11, 1976): an active-set method that is
// exact up to rounding and finite. It solves the QP of footnote 2 of
// section 3, min ||x - sum_k w_k v_k||^2 over w on the simplex, with K
// variables, in O(K^2 (K-1)) per minor cycle and at most a few K cycles.
// A nearest is reused across calls of one dimension; it is not safe for
// concurrent use.
type nearest struct {
	k, d int
	p    []float64 // the K points v_k - x, K x d row-major
	sq   []float64 // ||p_k||^2
	set  []int     // the active set S, in insertion order
	w    []float64 // weights of S (len(set))
	alfa []float64 // affine minimiser weights of S
	y    []float64 // current point, length d
	q    []float64 // Gram-Schmidt basis of {p_s - p_base}, (K-1) x d
	r    []float64 // its triangular factor, (K-1) x (K-1)
	rhs  []float64
}

// newNearest returns a nearest for K points in d dimensions.
func newNearest(k, d int) *nearest {
	return &nearest{k: k, d: d, p: make([]float64, k*d), sq: make([]float64, k),
		set: make([]int, 0, k), w: make([]float64, 0, k), alfa: make([]float64, k),
		y: make([]float64, d), q: make([]float64, k*d), r: make([]float64, k*k),
		rhs: make([]float64, k)}
}

// Tolerances of Wolfe's algorithm (his Z1 and Z2 in spirit): the
// optimality test and the positivity of weights; and a bound on major
// cycles that only rounding could reach.
const (
	wolfeOptTol  = 1e-12
	wolfeWeight  = 1e-12
	wolfeMaxIter = 1000
)

// dist returns the Euclidean distance from x (length d) to the convex hull
// of vert(0..K-1), which should be affinely independent.
func (n *nearest) dist(x []float64, vert func(i int) []float64) float64 {
	return n.bounded(x, vert, -1, math.Inf(1))
}

// bounded is dist for callers that only need to compare the distance with
// lo <= hi: it may stop early and return an upper bound <= lo when the
// distance is at most lo, or a lower bound > hi when it is above hi; in
// between it returns the distance. Every major cycle has both bounds: the
// norm of the current point of the hull, and the distance from the origin
// to the hyperplane through min_i <y, p_i> orthogonal to y, which separates
// the origin from the hull (Wolfe's optimality test).
func (n *nearest) bounded(x []float64, vert func(i int) []float64, lo, hi float64) float64 {
	k, d := n.k, n.d
	maxSq := 0.0
	first, firstSq := 0, math.Inf(1)
	for i := 0; i < k; i++ {
		v := vert(i)
		pi := n.p[i*d : i*d+d]
		s := 0.0
		for c := range pi {
			pi[c] = v[c] - x[c]
			s += pi[c] * pi[c]
		}
		n.sq[i] = s
		maxSq = math.Max(maxSq, s)
		if s < firstSq {
			first, firstSq = i, s
		}
	}
	n.set = append(n.set[:0], first)
	n.w = append(n.w[:0], 1)
	copy(n.y, n.p[first*d:first*d+d])
	for iter := 0; iter < wolfeMaxIter; iter++ {
		// Step 1: the point minimising <y, p_j>.
		yy := dot(n.y, n.y)
		if yy == 0 {
			return 0
		}
		j, best := -1, math.Inf(1)
		for i := 0; i < k; i++ {
			if v := dot(n.y, n.p[i*d:i*d+d]); v < best {
				j, best = i, v
			}
		}
		if yy-best <= wolfeOptTol*maxSq || n.inSet(j) {
			break
		}
		if ub := math.Sqrt(yy); ub <= lo {
			return ub
		} else if best > 0 && best/ub > hi*(1+1e-9) {
			return best / ub
		}
		n.set = append(n.set, j)
		n.w = append(n.w, 0)
		// Minor cycles: move towards the affine minimiser of S, dropping
		// points whose weight reaches 0, until it is inside the hull of S.
		for minor := 0; ; minor++ {
			if !n.affine() || minor > k {
				return math.Sqrt(dot(n.y, n.y)) // rounding: keep the current point
			}
			positive := true
			for i := range n.set {
				if n.alfa[i] <= wolfeWeight {
					positive = false
					break
				}
			}
			if positive {
				copy(n.w, n.alfa[:len(n.set)])
				n.point()
				break
			}
			theta := 1.0
			for i := range n.set {
				if a := n.alfa[i]; a <= wolfeWeight {
					if den := n.w[i] - a; den > 0 {
						theta = math.Min(theta, n.w[i]/den)
					}
				}
			}
			for i := range n.set {
				n.w[i] += theta * (n.alfa[i] - n.w[i])
			}
			// Drop the zero weights (at least one: the argmin of theta).
			out := 0
			for i, s := range n.set {
				if n.w[i] > wolfeWeight {
					n.set[out], n.w[out] = s, n.w[i]
					out++
				}
			}
			if out == len(n.set) { // rounding kept every weight: drop the smallest
				m := 0
				for i := range n.w {
					if n.w[i] < n.w[m] {
						m = i
					}
				}
				copy(n.set[m:], n.set[m+1:])
				copy(n.w[m:], n.w[m+1:])
				out--
			}
			n.set, n.w = n.set[:out], n.w[:out]
			normalise(n.w)
			n.point()
		}
	}
	return math.Sqrt(dot(n.y, n.y))
}

// inSet reports whether point j is in the active set.
func (n *nearest) inSet(j int) bool {
	for _, s := range n.set {
		if s == j {
			return true
		}
	}
	return false
}

// point sets y = sum_i w_i p_set[i].
func (n *nearest) point() {
	d := n.d
	clear(n.y)
	for i, s := range n.set {
		axpy(n.w[i], n.p[s*d:s*d+d], n.y)
	}
}

// affine sets alfa to the weights (summing to 1) of the point of the
// affine hull of the points of S nearest to the origin: with base b =
// p_set[0] and columns e_i = p_set[i] - b, it solves the least-squares
// problem min ||b + E beta|| by modified Gram-Schmidt, then alfa = (1 -
// sum beta, beta). It reports false if the points are affinely dependent
// to rounding.
func (n *nearest) affine() bool {
	d, s := n.d, len(n.set)
	base := n.p[n.set[0]*d : n.set[0]*d+d]
	m := s - 1
	scale := 0.0
	for i := 0; i < m; i++ {
		qi := n.q[i*d : i*d+d]
		pi := n.p[n.set[i+1]*d : n.set[i+1]*d+d]
		for c := range qi {
			qi[c] = pi[c] - base[c]
		}
		scale = math.Max(scale, math.Sqrt(dot(qi, qi)))
		for j := 0; j < i; j++ {
			qj := n.q[j*d : j*d+d]
			rji := dot(qj, qi)
			n.r[j*n.k+i] = rji
			axpy(-rji, qj, qi)
		}
		rii := math.Sqrt(dot(qi, qi))
		if !(rii > 1e-13*scale) {
			return false
		}
		n.r[i*n.k+i] = rii
		for c := range qi {
			qi[c] /= rii
		}
	}
	// beta = -R^{-1} Q^T b.
	for i := 0; i < m; i++ {
		n.rhs[i] = -dot(n.q[i*d:i*d+d], base)
	}
	sum := 0.0
	for i := m - 1; i >= 0; i-- {
		v := n.rhs[i]
		for j := i + 1; j < m; j++ {
			v -= n.r[i*n.k+j] * n.alfa[j+1]
		}
		n.alfa[i+1] = v / n.r[i*n.k+i]
		sum += n.alfa[i+1]
	}
	n.alfa[0] = 1 - sum
	return true
}

// dot returns x . y.
func dot(x, y []float64) float64 {
	s := 0.0
	for i := range x {
		s += x[i] * y[i]
	}
	return s
}

// axpy sets y += a x.
func axpy(a float64, x, y []float64) {
	for i := range x {
		y[i] += a * x[i]
	}
}

// normalise scales x to sum 1.
func normalise(x []float64) {
	s := 0.0
	for _, v := range x {
		s += v
	}
	for i := range x {
		x[i] /= s
	}
}

// maxBinomial caps binomial: far above any budget of simplices, far
// below overflow.
const maxBinomial = 1 << 53

// binomial returns C(n, k), or maxBinomial when computing it would pass
// maxBinomial (C(n, k) is then above maxBinomial / k).
func binomial(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	k = min(k, n-k)
	c := 1
	for i := 1; i <= k; i++ {
		f := n - k + i
		if c > maxBinomial/f {
			return maxBinomial
		}
		c = c * f / i // exact: C(f-1, i-1) * f / i = C(f, i)
	}
	return c
}

// unrank sets comb to the combination of rank r (0-based) among the
// k-subsets of {0..n-1} in lexicographic order.
func unrank(r, n int, comb []int) {
	k := len(comb)
	x := 0
	for i := 0; i < k; i++ {
		for {
			c := binomial(n-x-1, k-i-1)
			if r < c {
				break
			}
			r -= c
			x++
		}
		comb[i] = x
		x++
	}
}

// nextComb advances comb to the next k-subset of {0..n-1} in lexicographic
// order and reports false after the last one.
func nextComb(comb []int, n int) bool {
	k := len(comb)
	i := k - 1
	for i >= 0 && comb[i] == n-k+i {
		i--
	}
	if i < 0 {
		return false
	}
	comb[i]++
	for j := i + 1; j < k; j++ {
		comb[j] = comb[j-1] + 1
	}
	return true
}
