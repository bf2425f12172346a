package tsvd

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"

	"github.com/hulltopics/hull/internal/kmeans"
	"github.com/hulltopics/hull/internal/linalg"
	"github.com/hulltopics/hull/internal/parallel"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// kmeansSeed is mixed into Options.Seed for k-means ("tsvd").
const kmeansSeed = 0x74737664

// svd is step 3: the rank-K SVD of B, and the projection of every
// retained document (column of B) on the span of the K leading left
// singular vectors, in their coordinates: column j of B projects to
// sigma_t v_t(j), t = 1..K, v_t the right singular vectors. Clustering
// these coordinates is clustering the columns of B(k), the best rank-K
// approximation of B, since the coordinates are an isometry of its column
// space.
func (f *fit) svd(ctx context.Context) error {
	f.o.Progress.Report("svd", 0, 1)
	dim := min(f.k, f.b.Rows, f.b.Cols)
	u, s, _, err := linalg.RandomizedSVD(f.b, dim, linalg.SVDOptions{PowerIters: f.o.PowerIters, Seed: f.o.Seed, Threads: f.o.Threads, Context: ctx})
	if err != nil {
		return fmt.Errorf("tsvd: SVD of B: %w", err)
	}
	f.dim = dim
	f.points = make([]float64, f.b.Rows*dim)
	for r := 0; r < f.b.Rows; r++ {
		for t := 0; t < dim; t++ {
			f.points[r*dim+t] = u.At(r, t) * s[t]
		}
	}
	f.sv = s
	f.params["svd_power_iters"] = max(f.o.PowerIters, 0)
	f.reportRank() // degenerate.go
	f.o.Progress.Report("svd", 1, 1)
	return ctx.Err()
}

// kmeans is step 4a: k-means of the projected documents, k-means++ seeded,
// Restarts restarts, the least inertia kept. When the retained columns of
// B (or their projections) hold fewer than K distinct points, they are
// clustered into as many clusters as there are distinct points and the
// other clusters stay empty (their topics fall back, see topics).
func (f *fit) kmeans(ctx context.Context) error {
	n := f.b.Rows
	pts := mat.NewDense(n, f.dim, f.points)
	k := min(distinctUpTo(f.points, f.dim, f.k), distinctRowsUpTo(f.b, f.k))
	f.o.Progress.Report("k-means", 0, f.o.Restarts)
	res, err := kmeans.Cluster(pts, k, kmeans.Options{
		Restarts: f.o.Restarts, MaxIter: f.o.KMeansIter, Seed: f.o.Seed ^ kmeansSeed, Threads: f.o.Threads, Context: ctx,
		Progress: func(done, total int) { f.o.Progress.Report("k-means", done, total) }})
	if err != nil {
		return fmt.Errorf("tsvd: k-means: %w", err)
	}
	f.init = res.Assign
	f.clusters = k
	f.params["kmeans_restarts"] = f.o.Restarts
	f.params["kmeans_inertia"] = res.Inertia
	f.params["kmeans_clusters"] = k
	return ctx.Err()
}

// distinctUpTo returns the number of distinct rows of the n x dim
// row-major x, counting no further than limit.
func distinctUpTo(x []float64, dim, limit int) int {
	seen := make(map[string]struct{}, limit)
	key := make([]byte, 8*dim)
	for r := 0; r*dim < len(x) && len(seen) < limit; r++ {
		for t, v := range x[r*dim : (r+1)*dim] {
			b := math.Float64bits(v + 0) // +0 turns -0 into 0
			for i := range 8 {
				key[8*t+i] = byte(b >> (8 * i))
			}
		}
		seen[string(key)] = struct{}{}
	}
	return len(seen)
}

// distinctRowsUpTo returns the number of distinct rows of b, counting no
// further than limit. (Equal columns of B may project to points that
// differ in the last bits, so the projection alone can overcount.)
func distinctRowsUpTo(b *linalg.CSR, limit int) int {
	seen := make(map[string]struct{}, limit)
	var key []byte
	for r := 0; r < b.Rows && len(seen) < limit; r++ {
		key = key[:0]
		for p := b.RowPtr[r]; p < b.RowPtr[r+1]; p++ {
			key = binary.LittleEndian.AppendUint32(key, uint32(b.ColIdx[p]))
			key = binary.LittleEndian.AppendUint64(key, math.Float64bits(b.Val[p]))
		}
		seen[string(key)] = struct{}{}
	}
	return len(seen)
}

// centres are K cluster centres in the space of B's columns (R^V), stored
// word-major so that a sparse column meets them contiguously: centre l's
// coordinate i is at[i*K+l].
type centres struct {
	k     int
	at    []float64 // V x K
	norm2 []float64 // ||c_l||^2
	alive []bool    // the centre exists (its cluster has had a document)
}

// newCentres returns the centres of the clusters labels (one per row of b;
// a cluster without rows has no centre).
func newCentres(b *linalg.CSR, labels []int, k int) *centres {
	c := &centres{k: k, at: make([]float64, b.Cols*k), norm2: make([]float64, k), alive: make([]bool, k)}
	c.update(b, labels, make([]float64, b.Cols*k))
	return c
}

// update moves every centre with at least one row to the mean of its rows
// (summed in row order into sums, a V x K scratch) and leaves the others
// where they are. It returns the size of each cluster.
func (c *centres) update(b *linalg.CSR, labels []int, sums []float64) []int {
	k := c.k
	clear(sums)
	counts := make([]int, k)
	for r, l := range labels {
		if l < 0 {
			continue
		}
		counts[l]++
		for p := b.RowPtr[r]; p < b.RowPtr[r+1]; p++ {
			sums[int(b.ColIdx[p])*k+l] += b.Val[p]
		}
	}
	inv := make([]float64, k)
	for l, n := range counts {
		if n > 0 {
			inv[l] = 1 / float64(n)
			c.alive[l] = true
		}
	}
	for i := 0; i < b.Cols; i++ {
		row, s := c.at[i*k:(i+1)*k], sums[i*k:(i+1)*k]
		for l, n := range counts {
			if n > 0 {
				row[l] = s[l] * inv[l]
			}
		}
	}
	clear(c.norm2)
	for i := 0; i < b.Cols; i++ {
		for l, x := range c.at[i*k : (i+1)*k] {
			c.norm2[l] += x * x
		}
	}
	return counts
}

// assign sets labels[r] to the centre nearest row r of b, by
// ||b_r||^2 - 2 b_r.c_l + ||c_l||^2 over the nonzeros of b_r (the lowest
// index on ties, -1 for an empty row), and returns the number of labels
// changed and the sum of the squared distances (in row order). Rows are
// processed in parallel, each by one goroutine, so the result does not
// depend on threads.
func (c *centres) assign(ctx context.Context, b *linalg.CSR, labels []int, dist []float64, threads int) (int, float64, error) {
	k := c.k
	changed := make([]bool, b.Rows)
	grain := max(16, min(1024, b.Rows/(8*parallel.Threads(threads))))
	err := parallel.For(ctx, b.Rows, grain, threads, func(lo, hi int) {
		dots := make([]float64, k)
		for r := lo; r < hi; r++ {
			plo, phi := b.RowPtr[r], b.RowPtr[r+1]
			if plo == phi {
				changed[r] = labels[r] != -1
				labels[r], dist[r] = -1, 0
				continue
			}
			clear(dots)
			bn := 0.0
			for p := plo; p < phi; p++ {
				v := b.Val[p]
				bn += v * v
				i := int(b.ColIdx[p])
				floats.AddScaled(dots, v, c.at[i*k:(i+1)*k])
			}
			best, bd := -1, math.Inf(1)
			for l := range k {
				if !c.alive[l] {
					continue
				}
				if d := bn - 2*dots[l] + c.norm2[l]; d < bd {
					best, bd = l, d
				}
			}
			changed[r] = labels[r] != best
			labels[r], dist[r] = best, max(bd, 0)
		}
	}, nil)
	if err != nil {
		return 0, 0, err
	}
	n, total := 0, 0.0
	for r, ch := range changed {
		if ch {
			n++
		}
		total += dist[r]
	}
	return n, total, nil
}

// lloyd is step 4b: Lloyd's k-means on the columns of B themselves (not
// B(k)), starting from the clusters of step 4a: centres at the means of
// the clusters, then alternately every document to its nearest centre and
// every centre to the mean of its documents, until no document moves or
// after LloydIter assignments; the final labels are always the nearest
// centres to the final centres. A cluster left empty keeps its centre (it may win
// documents back); it is not re-seeded. The clusters R_1..R_K of the last
// assignment are the dominant topics of step 4c.
func (f *fit) lloyd(ctx context.Context) error {
	b := f.b
	f.labels = append([]int(nil), f.init...)
	f.cen = newCentres(b, f.labels, f.k)
	sums := make([]float64, b.Cols*f.k)
	dist := make([]float64, b.Rows)
	iters, moves := 0, 0
	inertia := 0.0
	f.o.Progress.Report("lloyd", 0, f.o.LloydIter)
	for {
		changed, total, err := f.cen.assign(ctx, b, f.labels, dist, f.o.Threads)
		if err != nil {
			return err
		}
		iters++
		inertia = total
		moves += changed
		f.o.Progress.Report("lloyd", iters, f.o.LloydIter)
		if changed == 0 || iters >= f.o.LloydIter {
			break // the labels are nearest to the current centres
		}
		f.cen.update(b, f.labels, sums)
	}
	f.o.Progress.Report("lloyd", f.o.LloydIter, f.o.LloydIter)
	sizes := make([]int, f.k)
	for _, l := range f.labels {
		if l >= 0 {
			sizes[l]++
		}
	}
	f.params["lloyd_iterations"] = iters
	f.params["lloyd_moves"] = moves
	f.params["lloyd_inertia"] = inertia
	f.sizes = sizes
	f.reportClusters() // degenerate.go
	return nil
}
