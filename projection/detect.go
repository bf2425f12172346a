package projection

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/hulltopics/hull/internal/linalg"
	"github.com/hulltopics/hull/internal/parallel"
	"gonum.org/v1/gonum/mat"
)

// gaussianRows is the number of rows of a block of directions drawn from
// one random stream.
const gaussianRows = 1024

// detectRP is Algorithm 2: P directions drawn uniformly on the unit sphere
// of R^D (standard Gaussian vectors: their lengths do not change an argmax,
// so they are not normalised), the rows of X~ projected on each by the
// sparse product X~ G, and the candidates of largest and of smallest
// projection hit. With Cooccurrence the directions are in R^V and the
// projections those of the rows of E, D X~' (X~^T G). The novel words are
// those hit at least MinHits times, in word order, each weighted by its
// hits. O(nnz P + D P + C P) time (twice the products with Cooccurrence).
func (f *fit) detectRP(ctx context.Context) error {
	h, p := f.h, f.o.Projections
	d, v := h.numDocs(), f.c.NumWords()
	dim := d
	var xt *linalg.CSR // X~^T, for the rows of E
	if f.o.Cooccurrence {
		dim = v
		xt = h.x.Transpose()
	}
	blk := rpBlock(max(d, dim))
	hits := make([]int, v)
	var g, z, out *mat.Dense
	f.o.Progress.Report("novel words", 0, p)
	for start := 0; start < p; start += blk {
		if err := ctx.Err(); err != nil {
			return err
		}
		pb := min(blk, p-start)
		if g == nil || pb != blk {
			g, z, out = mat.NewDense(dim, pb, nil), mat.NewDense(d, pb, nil), mat.NewDense(v, pb, nil)
		}
		// The directions' entries, gaussianRows rows at a time, each run
		// of rows from its own stream: the same numbers for any threads.
		raw := g.RawMatrix().Data
		err := parallel.For(ctx, dim, gaussianRows, f.o.Threads, func(lo, hi int) {
			rng := rand.New(rand.NewPCG(f.o.Seed, streamRP^uint64(start)<<32^uint64(lo)))
			for i := lo * pb; i < hi*pb; i++ {
				raw[i] = rng.NormFloat64()
			}
		}, nil)
		if err != nil {
			return err
		}
		if xt != nil { // E G = D X~' (X~^T G): two sparse products
			xt.MulDenseChunked(z, g, f.o.Threads)
			h.xp.MulDenseChunked(out, z, f.o.Threads)
		} else {
			h.x.MulDenseChunked(out, g, f.o.Threads)
		}
		om := out.RawMatrix()
		first := om.Data[f.cands[0]*om.Stride:][:pb]
		hi, lo := slices.Clone(first), slices.Clone(first)
		amax, amin := make([]int, pb), make([]int, pb)
		for j := range pb {
			amax[j], amin[j] = f.cands[0], f.cands[0]
		}
		for _, w := range f.cands[1:] {
			for j, x := range om.Data[w*om.Stride:][:pb] {
				if x > hi[j] {
					hi[j], amax[j] = x, w
				}
				if x < lo[j] {
					lo[j], amin[j] = x, w
				}
			}
		}
		for j := range pb {
			hits[amax[j]]++
			hits[amin[j]]++
		}
		f.o.Progress.Report("novel words", start+pb, p)
	}
	distinct := 0
	for _, n := range hits {
		if n > 0 {
			distinct++
		}
	}
	floor := f.o.minHits(f.k)
	auto := f.o.MinHits == 0
	count := func(t int) int {
		n := 0
		for _, h := range hits {
			if h >= t {
				n++
			}
		}
		return n
	}
	for auto && floor > 1 && count(floor) < f.k {
		floor--
	}
	for w, n := range hits {
		if n >= floor {
			f.novel = append(f.novel, w)
			f.weight = append(f.weight, float64(n))
		}
	}
	f.params["projections"] = p
	f.params["words_hit"] = distinct
	f.params["min_hits"] = floor
	f.params["novel_words"] = len(f.novel)
	return nil
}

// detectDDP is Algorithm 1 in the agnostic form of section 6.1: for every
// candidate i, J_i is the |J_i| = round(Far (C-1)) other candidates
// farthest from i by dist (the threshold d of Eq. 1 replaced by a rank),
// score_i = min over j in J_i of E_ii - E_ij (the margin of Eq. 2, gamma
// replaced by a rank too), and the candidates of highest score are
// declared novel, highest first: the Top highest or, by default, the K
// highest and every other candidate scoring at least TopFraction times the
// K-th highest score. Only the rows and columns of E over the
// candidates are computed, one word at a time. O(sum_d nnz_C(d)^2 + C^2)
// time, O(C) memory per goroutine.
func (f *fit) detectDDP(ctx context.Context) error {
	cands := f.cands
	s := len(cands)
	sp := newSpace(f.h, cands)
	diag := make([]float64, s)
	for a, w := range cands {
		diag[a] = sp.self(w)
	}
	far := max(1, int(math.Round(f.o.Far*float64(s-1))))
	score := make([]float64, s)
	f.o.Progress.Report("novel words", 0, s)
	err := parallel.For(ctx, s, 16, f.o.Threads, func(lo, hi int) {
		row, col := make([]float64, s), make([]float64, s)
		dist, tmp := make([]float64, 0, s), make([]float64, 0, s)
		for a := lo; a < hi; a++ {
			if s == 1 {
				score[a] = math.Inf(1)
				continue
			}
			sp.row(cands[a], row)
			sp.col(cands[a], col)
			dist = dist[:0]
			for b := range s {
				if b != a {
					dist = append(dist, diag[a]+diag[b]-row[b]-col[b])
				}
			}
			t := kthLargest(append(tmp[:0], dist...), far)
			above := 0
			for _, x := range dist {
				if x > t {
					above++
				}
			}
			ties := far - above // entries equal to t taken in index order
			sc := math.Inf(1)
			for n, x := range dist {
				b := n
				if b >= a {
					b++
				}
				if x > t || (x == t && ties > 0) {
					if x == t {
						ties--
					}
					sc = min(sc, diag[a]-row[b])
				}
			}
			score[a] = sc
		}
	}, func(done int) { f.o.Progress.Report("novel words", done, s) })
	if err != nil {
		return err
	}
	order := make([]int, s)
	for a := range order {
		order[a] = a
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case score[a] > score[b]:
			return -1
		case score[a] < score[b]:
			return 1
		}
		return 0
	})
	top := min(f.o.Top, s)
	if f.o.Top == 0 { // the words scoring at least TopFraction of the K-th score
		kth := score[order[min(f.k, s)-1]]
		top = f.k
		for top < s && score[order[top]] >= f.o.TopFraction*kth {
			top++
		}
		f.params["top_fraction"] = f.o.TopFraction
		f.params["kth_score"] = finiteOrNil(kth)
	}
	for _, a := range order[:top] {
		f.novel = append(f.novel, cands[a])
		f.weight = append(f.weight, score[a])
	}
	f.params["far"] = f.o.Far
	f.params["j_size"] = far
	f.params["top"] = top
	f.params["novel_words"] = len(f.novel)
	return nil
}

// finiteOrNil returns x, or nil when JSON cannot hold it (a DDP score is
// +Inf when there is one candidate).
func finiteOrNil(x float64) any {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return nil
	}
	return x
}

// kthLargest returns the k-th largest element of x (1 <= k <= len(x)),
// reordering x: a quickselect with a median-of-three pivot, deterministic.
func kthLargest(x []float64, k int) float64 {
	lo, hi, want := 0, len(x)-1, k-1 // want: index in decreasing order
	for lo < hi {
		mid := lo + (hi-lo)/2
		a, b, c := x[lo], x[mid], x[hi]
		pivot := max(min(a, b), min(max(a, b), c))
		i, j := lo, hi
		for i <= j {
			for x[i] > pivot {
				i++
			}
			for x[j] < pivot {
				j--
			}
			if i <= j {
				x[i], x[j] = x[j], x[i]
				i++
				j--
			}
		}
		switch {
		case want <= j:
			hi = j
		case want >= i:
			lo = i
		default:
			return x[want]
		}
	}
	return x[want]
}

// detectBinning is Algorithm 3: the documents are dealt at random into B
// bins of equal size (within one); in each bin the rows of X (half one)
// restricted to the bin's documents are normalised on their own, one
// Gaussian direction over the bin's documents is drawn, and the candidate
// with the largest projection wins the bin. Only candidates in at least
// max(2, ceil(MinDF n_b / D)) of the bin's n_b documents compete: a word in
// a single document of a bin is a vertex of that bin's hull whatever its
// topics. The novel words are the winners, most wins first (p_i =
// wins/B), each weighted by its wins. O(nnz + B + D) time.
func (f *fit) detectBinning(ctx context.Context) error {
	h, c := f.h, f.c
	nd, v, nb := h.numDocs(), c.NumWords(), f.o.Bins
	perm := rand.New(rand.NewPCG(f.o.Seed, streamBinning)).Perm(nd)
	isCand := make([]bool, v)
	for _, w := range f.cands {
		isCand[w] = true
	}
	minDF := f.minDF
	winner := make([]int, nb)
	f.o.Progress.Report("novel words", 0, nb)
	err := parallel.For(ctx, nb, 4, f.o.Threads, func(lo, hi int) {
		num, den := make([]float64, v), make([]float64, v)
		cnt := make([]int32, v)
		var touched []int
		pcg := rand.NewPCG(0, 0)
		rng := rand.New(pcg)
		for b := lo; b < hi; b++ {
			pcg.Seed(f.o.Seed, streamBinning^uint64(b+1)<<32)
			first, last := b*nd/nb, (b+1)*nd/nb
			floor := int32(max(2, (minDF*(last-first)+nd-1)/nd))
			for _, j := range perm[first:last] {
				r := rng.NormFloat64()
				d := h.docs[j]
				off := c.Offsets[d]
				m := float64(h.len1[j])
				words, _ := c.Doc(d)
				for t, w := range words {
					k1 := h.cnt1[off+int64(t)]
					if k1 == 0 || !isCand[w] {
						continue
					}
					if cnt[w] == 0 {
						touched = append(touched, int(w))
					}
					x := float64(k1) / m
					num[w] += x * r
					den[w] += x
					cnt[w]++
				}
			}
			best, bestV := -1, math.Inf(-1)
			for _, w := range touched {
				if cnt[w] >= floor {
					if x := num[w] / den[w]; x > bestV || (x == bestV && w < best) {
						best, bestV = w, x
					}
				}
				num[w], den[w], cnt[w] = 0, 0, 0
			}
			touched = touched[:0]
			winner[b] = best
		}
	}, func(done int) { f.o.Progress.Report("novel words", done, nb) })
	if err != nil {
		return err
	}
	wins := make([]int, v)
	for _, w := range winner {
		if w >= 0 {
			wins[w]++
		}
	}
	for w, n := range wins {
		if n > 0 {
			f.novel = append(f.novel, w)
		}
	}
	slices.SortStableFunc(f.novel, func(a, b int) int { return wins[b] - wins[a] })
	for _, w := range f.novel {
		f.weight = append(f.weight, float64(wins[w]))
	}
	empty := 0
	for _, w := range winner {
		if w < 0 {
			empty++
		}
	}
	f.params["bins"] = nb
	f.params["bin_docs"] = nd / nb
	f.params["bins_without_winner"] = empty
	f.params["novel_words"] = len(f.novel)
	return nil
}
