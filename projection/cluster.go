package projection

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/hulltopics/hull/learner"
)

// Clustering outcomes recorded in Params["clustering"]; the fallback adds
// what the threshold gave, e.g. "agglomerative-fallback (23 components)".
const (
	// OutcomeComponents: the threshold graph of Algorithm 4 has exactly K
	// connected components, the topics.
	OutcomeComponents = "components"
	// OutcomeGreedy: Binning's selection (Algorithm 3) picked K words, each
	// farther than the threshold from those picked before.
	OutcomeGreedy = "greedy"
	// OutcomeFallback: the threshold gave more or fewer than K
	// components; the selection of Algorithm 3 by weight made exactly K
	// groups.
	OutcomeFallback = "greedy-fallback"
)

// cluster is Algorithm 4 (RP and DDP) or the selection of Algorithm 3
// (Binning), with the fallback that always yields K clusters, then the
// representatives' anchors. O(s^2 (K + nnz per word)) time for s novel
// words, O(s^2) memory.
func (f *fit) cluster(ctx context.Context) error {
	s, k := len(f.novel), f.k
	if s < k {
		hint := map[Method]string{RP: "raise Projections or lower MinHits", DDP: "raise Top or lower TopFraction", Binning: "raise Bins"}[f.o.Method]
		return fmt.Errorf("projection: %s found %d novel words, fewer than K = %d (%s, or lower K): %w", f.o.Method, s, k, hint, learner.ErrTooFewWords)
	}
	if err := f.o.Settings.CheckMemory(fmt.Sprintf("projection: the distances between %d novel words (lower Top or Projections)", s),
		2*8*int64(s)*int64(s)); err != nil {
		return err
	}
	sp := newSpace(f.h, f.novel)
	_, dist, err := sp.matrices(ctx, f.o.Threads)
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
			var used float64
			groups, used = greedy(dist, f.weight, k, thr)
			outcome = fmt.Sprintf("%s (%d components)", OutcomeFallback, f.params["components"])
			if used != thr {
				outcome = fmt.Sprintf("%s (%d components; threshold lowered to %.4g)", OutcomeFallback, f.params["components"], used)
			}
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
