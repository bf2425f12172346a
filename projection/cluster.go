package projection

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/hulltopics/hull/learner"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// Clustering outcomes recorded in Params["clustering"]; the fallback adds
// what the threshold gave, e.g. "spectral-fallback (23 components)".
const (
	// OutcomeComponents: the threshold graph of Algorithm 4 has exactly K
	// connected components, the topics.
	OutcomeComponents = "components"
	// OutcomeGreedy: Binning's selection (Algorithm 3) picked K words, each
	// farther than the threshold from those picked before.
	OutcomeGreedy = "greedy"
	// OutcomeFallback: the threshold gave more or fewer than K
	// components; the spectral clustering of section 6.1 made exactly K
	// groups of all the novel words.
	OutcomeFallback = "spectral-fallback"
)

// cluster is Algorithm 4 (RP and DDP), with the spectral clustering of
// section 6.1 when the threshold graph does not give K components, or the
// selection of Algorithm 3 (Binning), then the representatives' anchors.
// O(s^2 (K + nnz per word)) time for s novel words, and O(s^3) for the
// spectral fallback; O(s^2) memory.
func (f *fit) cluster(ctx context.Context) error {
	s, k := len(f.novel), f.k
	if s < k {
		hint := map[Method]string{RP: "raise Projections or lower MinHits", DDP: "raise Top or lower TopFraction", Binning: "raise Bins"}[f.o.Method]
		return fmt.Errorf("projection: %s found %d novel words, fewer than K = %d (%s, or lower K): %w", f.o.Method, s, k, hint, learner.ErrTooFewWords)
	}
	// The two s x s distance matrices, and the affinities and their
	// eigenvectors of the spectral fallback.
	if err := f.o.Settings.CheckMemory(fmt.Sprintf("projection: the distances between %d novel words (lower Top or Projections)", s),
		4*8*int64(s)*int64(s)); err != nil {
		return err
	}
	sp := newSpace(f.h, f.novel)
	// The bar counts the rows of E, the bulk of the work, then the
	// grouping as one more step.
	f.o.Progress.Report("clustering", 0, s+1)
	_, dist, err := sp.matrices(ctx, f.o.Threads, func(done int) { f.o.Progress.Report("clustering", done, s+1) })
	if err != nil {
		return err
	}
	thr, scale := f.o.Threshold, farthestMedian(dist, f.weight, k)
	if thr == 0 {
		thr = f.o.ThresholdFraction * scale
		f.params["threshold_fraction"] = f.o.ThresholdFraction
	}
	f.params["threshold"] = thr
	f.params["threshold_auto"] = f.o.Threshold == 0
	f.params["farthest_median"] = scale

	var groups [][]int // positions in f.novel
	var outcome string
	if f.o.Method == Binning {
		var used float64
		groups, used = greedy(dist, f.weight, k, thr)
		outcome = OutcomeGreedy
		if used != thr {
			outcome = fmt.Sprintf("%s (threshold lowered to %.4g)", OutcomeGreedy, used)
		}
	} else {
		groups = components(dist, s, thr)
		outcome = OutcomeComponents
		f.params["components"] = len(groups)
		if len(groups) != k {
			near := f.o.ThresholdFraction * scale // the automatic d/2
			spec, err := spectral(ctx, dist, f.weight, k, near)
			if err != nil {
				return err
			}
			groups = betweenLeftOut(spec, dist, near)
			outcome = fmt.Sprintf("%s (%d components)", OutcomeFallback, f.params["components"])
		}
	}
	f.params["clustering"] = outcome

	// The words of each cluster, nearest the cluster average first (least
	// total dist to the other members, the earlier position on ties): the
	// first is the topic's anchor. f.clusters keeps the clustering's order,
	// in which topics sums the representatives.
	f.clusters = make([][]int, k)
	f.topicWords = make([][]int, k)
	f.anchors = make([]int, k)
	f.sizes = make([]int, k)
	total := make([]float64, s) // the groups are disjoint
	clustered := 0
	for m, g := range groups {
		for _, a := range g {
			for _, b := range g {
				total[a] += dist[a*s+b]
			}
		}
		central := slices.Clone(g)
		slices.SortStableFunc(central, func(a, b int) int { return cmp.Compare(total[a], total[b]) })
		for i, a := range g {
			f.clusters[m] = append(f.clusters[m], f.novel[a])
			f.topicWords[m] = append(f.topicWords[m], f.novel[central[i]])
		}
		f.anchors[m] = f.topicWords[m][0]
		f.sizes[m] = len(g)
		clustered += len(g)
	}
	f.params["unclustered"] = s - clustered
	f.o.Progress.Report("clustering", s+1, s+1)
	return nil
}

// farthestMedian returns the median, over the k points of largest weight
// (the most strongly novel), of the distance to the farthest of the s
// points: for a novel word, the distance to a novel word of another topic
// whatever K and however the novel words are shared among the topics.
// Words found novel by mistake lie inside the hull, nearer to everything;
// the weights keep them out of the median. 0 for a single point.
func farthestMedian(dist, weight []float64, k int) float64 {
	s := len(weight)
	if s < 2 {
		return 0
	}
	far := make([]float64, 0, k)
	for _, a := range byWeight(weight)[:min(k, s)] {
		far = append(far, slices.Max(dist[a*s:(a+1)*s]))
	}
	slices.Sort(far)
	n := len(far)
	if n%2 == 1 {
		return far[n/2]
	}
	return (far[n/2-1] + far[n/2]) / 2
}

// byWeight returns the positions 0..len(weight)-1 in decreasing order of
// weight, the lower position first on ties.
func byWeight(weight []float64) []int {
	order := make([]int, len(weight))
	for a := range order {
		order[a] = a
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case weight[a] > weight[b]:
			return -1
		case weight[a] < weight[b]:
			return 1
		}
		return 0
	})
	return order
}

// components returns the connected components of the graph on the s
// points with an edge where dist <= thr (Algorithm 4), each in increasing
// order, ordered by their first point.
func components(dist []float64, s int, thr float64) [][]int {
	parent := make([]int, s)
	for a := range parent {
		parent[a] = a
	}
	var find func(a int) int
	find = func(a int) int {
		for parent[a] != a {
			parent[a] = parent[parent[a]]
			a = parent[a]
		}
		return a
	}
	for a := range s {
		for b := a + 1; b < s; b++ {
			if dist[a*s+b] <= thr {
				ra, rb := find(a), find(b)
				if ra != rb {
					parent[max(ra, rb)] = min(ra, rb)
				}
			}
		}
	}
	index := make(map[int]int)
	var groups [][]int
	for a := range s {
		r := find(a)
		g, ok := index[r]
		if !ok {
			g = len(groups)
			index[r] = g
			groups = append(groups, nil)
		}
		groups[g] = append(groups[g], a)
	}
	return groups
}

// greedy is the selection of Algorithm 3 generalised to any weights: the
// points in decreasing order of weight (the lower position on ties), a
// point picked when it is farther than thr from every point picked
// before, until k are picked. When fewer than k are picked, thr is halved
// (at most 60 times, then -Inf, which lets every point be picked) and the
// selection repeated, so that k points are picked whenever there are k.
// Every other point weighing at least as much as the last point picked
// joins the nearest picked point within the threshold used (the one that
// made it skip it): such a point was found as strongly as a topic's word
// and skipped only for being near one. Lighter points are left out, so
// that the averages are not pulled inside the hull by points that were
// never strong candidates. It returns the groups, each led by its picked
// point, and the threshold used.
func greedy(dist, weight []float64, k int, thr float64) ([][]int, float64) {
	s := len(weight)
	order := byWeight(weight)
	var picked []int
	for try := 0; ; try++ {
		picked = picked[:0]
		for _, a := range order {
			if len(picked) == k {
				break
			}
			near := false
			for _, p := range picked {
				if dist[a*s+p] <= thr {
					near = true
					break
				}
			}
			if !near {
				picked = append(picked, a)
			}
		}
		if len(picked) == k || len(picked) == s {
			break
		}
		switch {
		case try >= 60:
			thr = math.Inf(-1)
		case thr > 0:
			thr /= 2
		default:
			thr = thr*2 - 1
		}
	}
	groups := make([][]int, len(picked))
	isPick := make(map[int]int, len(picked))
	floor := math.Inf(1) // the weight of the weakest pick
	for g, p := range picked {
		groups[g] = []int{p}
		isPick[p] = g
		floor = min(floor, weight[p])
	}
	for a := range s {
		if _, ok := isPick[a]; ok || weight[a] < floor {
			continue
		}
		best, bestD := -1, math.Inf(1)
		for g, p := range picked {
			if d := dist[a*s+p]; d <= thr && d < bestD {
				best, bestD = g, d
			}
		}
		if best >= 0 {
			groups[best] = append(groups[best], a)
		}
	}
	return groups, thr
}

// spectral is the spectral clustering of section 6.1 (the paper's "avoid
// hard thresholding" by weighting the graph instead), in the form of Ng,
// Jordan and Weiss: the affinity of two of the s points is exp(-max(dist,
// 0) / sigma) (0 on the diagonal; the paper's weight formula did not
// survive in the text we have; cluster passes the automatic threshold d/2
// as sigma, the scale of "near", and sigma <= 0 is replaced by the largest
// distance), normalised as D^-1/2 A D^-1/2 by the degrees;
// each point is embedded as its row of the K eigenvectors of largest
// eigenvalue, scaled to length 1, and the embedded points are split into k
// groups by Lloyd's k-means, seeded farthest-first from the point of
// largest weight (deterministic: no random choice). Every point joins a
// group, and every group is non-empty when s >= k (a group left empty is
// given the point farthest from its centre among the groups of two or
// more). The groups are returned each in increasing order, ordered by their
// first point. O(s^3) time for the eigenvectors (0.35 s for 500 points,
// 3.7 s for 1,000 on a loaded 2-core machine) and O(s k^2) per Lloyd
// iteration, O(s^2) memory. Minutes at large K: it returns ctx's error
// once ctx is done (Ctrl-C), checked between the rows of the affinities
// and of Lloyd's steps, and without waiting for the eigen-solve, which
// cannot be stopped and finishes on its own.
func spectral(ctx context.Context, dist, weight []float64, k int, sigma float64) ([][]int, error) {
	s := len(weight)
	if !(sigma > 0) { // no scale: the largest distance, else any
		sigma = 1
		if m := slices.Max(dist); m > 0 {
			sigma = m
		}
	}
	a := mat.NewSymDense(s, nil)
	deg := make([]float64, s)
	for i := range s {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		for j := i + 1; j < s; j++ {
			w := math.Exp(-max(dist[i*s+j], 0) / sigma)
			a.SetSym(i, j, w)
			deg[i] += w
			deg[j] += w
		}
	}
	for i := range s {
		for j := i + 1; j < s; j++ {
			if deg[i] > 0 && deg[j] > 0 {
				a.SetSym(i, j, a.At(i, j)/math.Sqrt(deg[i]*deg[j]))
			}
		}
	}
	vec, ok, err := eigenvectors(ctx, a)
	if err != nil {
		return nil, err
	}
	x := make([][]float64, s)
	for i := range s {
		x[i] = make([]float64, k)
		if !ok { // cannot happen for a symmetric matrix; every point alike
			continue
		}
		for c := range k {
			x[i][c] = vec.At(i, s-1-c)
		}
		if n := floats.Norm(x[i], 2); n > 0 {
			floats.Scale(1/n, x[i])
		}
	}
	label, err := lloyd(ctx, x, byWeight(weight), k)
	if err != nil {
		return nil, err
	}
	return groupsOf(label, k), nil
}

// eigenvectors returns the eigenvectors of a, by increasing eigenvalue,
// and whether the decomposition succeeded, or ctx's error as soon as ctx
// is done: the decomposition runs on a goroutine of its own, left to
// finish (gonum's cannot be stopped) while the fit returns.
func eigenvectors(ctx context.Context, a *mat.SymDense) (*mat.Dense, bool, error) {
	type result struct {
		vec *mat.Dense
		ok  bool
	}
	done := make(chan result, 1) // the goroutine never blocks on it
	go func() {
		var eig mat.EigenSym
		var vec mat.Dense
		ok := eig.Factorize(a, true)
		if ok {
			eig.VectorsTo(&vec)
		}
		done <- result{&vec, ok}
	}()
	select {
	case r := <-done:
		return r.vec, r.ok, nil
	case <-ctx.Done():
		return nil, false, ctx.Err()
	}
}

// lloyd splits the points x into k groups by Lloyd's k-means, the centres
// seeded farthest-first: the first point of order, then each time the
// point of order farthest from the centres chosen (the earlier on ties).
// A group left empty takes the point farthest from its centre among the
// groups of two or more points, so all k groups are non-empty when there
// are k points. At most 100 iterations. It returns each point's group, or
// ctx's error once ctx is done (checked at each centre seeded and each
// point assigned: O(s k) and O(k^2) apart).
func lloyd(ctx context.Context, x [][]float64, order []int, k int) ([]int, error) {
	s := len(x)
	d2 := func(p, q []float64) float64 {
		t := 0.0
		for c := range p {
			t += (p[c] - q[c]) * (p[c] - q[c])
		}
		return t
	}
	cent := [][]float64{slices.Clone(x[order[0]])}
	near := make([]float64, s) // squared distance to the nearest centre
	for i := range s {
		near[i] = d2(x[i], cent[0])
	}
	for len(cent) < min(k, s) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		best := -1
		for _, i := range order {
			if best < 0 || near[i] > near[best] {
				best = i
			}
		}
		cent = append(cent, slices.Clone(x[best]))
		for i := range s {
			near[i] = min(near[i], d2(x[i], cent[len(cent)-1]))
		}
		near[best] = -1 // never chosen twice
	}
	label := make([]int, s)
	size := make([]int, k)
	assign := func() bool {
		changed := false
		clear(size)
		for i := range s {
			if ctx.Err() != nil {
				return false // lloyd returns the error
			}
			g, gd := 0, math.Inf(1)
			for c := range cent {
				if d := d2(x[i], cent[c]); d < gd {
					g, gd = c, d
				}
			}
			changed = changed || label[i] != g
			label[i] = g
			size[g]++
		}
		// Fill empty groups from groups of two or more points.
		for c := range cent {
			if size[c] > 0 || ctx.Err() != nil {
				continue
			}
			far, fd := -1, -1.0
			for i := range s {
				if size[label[i]] > 1 {
					if d := d2(x[i], cent[label[i]]); d > fd {
						far, fd = i, d
					}
				}
			}
			if far < 0 {
				break
			}
			size[label[far]]--
			label[far] = c
			size[c]++
			copy(cent[c], x[far])
			changed = true
		}
		return changed
	}
	for it := 0; it < 100; it++ {
		changed := assign()
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if !changed && it > 0 {
			break
		}
		for c := range cent {
			clear(cent[c])
		}
		for i := range s {
			floats.Add(cent[label[i]], x[i])
		}
		for c := range cent {
			if size[c] > 0 {
				floats.Scale(1/float64(size[c]), cent[c])
			}
		}
	}
	return label, nil
}

// groupsOf returns the non-empty groups of label (values in [0, k)), each
// in increasing order, ordered by their first point.
func groupsOf(label []int, k int) [][]int {
	byLabel := make([][]int, k)
	for i, g := range label {
		byLabel[g] = append(byLabel[g], i)
	}
	var groups [][]int
	for _, g := range byLabel {
		if len(g) > 0 {
			groups = append(groups, g)
		}
	}
	slices.SortFunc(groups, func(a, b []int) int { return a[0] - b[0] })
	return groups
}

// betweenLeftOut returns groups without the points that lie between
// groups: those within thr (dist <= thr, an edge of the threshold graph) of
// a point of another group, unless that would leave their group empty.
// Such a point is a word inside the hull found novel by mistake, near
// several topics' novel words, or a word too noisy to place (its dist
// underestimated to everything); the spectral clustering must put it in
// some group, where it would pull the average inside the hull. groups must
// be disjoint positions 0 ... s-1, s = sqrt(len(dist)). O(s^2).
func betweenLeftOut(groups [][]int, dist []float64, thr float64) [][]int {
	s := int(math.Round(math.Sqrt(float64(len(dist)))))
	of := make([]int, s)
	for i := range of {
		of[i] = -1
	}
	for g, grp := range groups {
		for _, a := range grp {
			of[a] = g
		}
	}
	out := make([][]int, len(groups))
	for g, grp := range groups {
		for _, a := range grp {
			between := false
			for b := range s {
				if of[b] >= 0 && of[b] != g && dist[a*s+b] <= thr {
					between = true
					break
				}
			}
			if !between {
				out[g] = append(out[g], a)
			}
		}
		if len(out[g]) == 0 {
			out[g] = grp
		}
	}
	return out
}
