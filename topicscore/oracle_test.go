package topicscore

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/internal/kmeans"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"gonum.org/v1/gonum/mat"
)

// TestOracleVertices locates where vertex hunting fails on a synthetic
// corpus (a "hull synth" directory named by $TOPICSCORE_ORACLE_DIR;
// skipped without it), as docs/BENCHMARKS.md reports for K = 100:
//
//	TOPICSCORE_ORACLE_DIR=/tmp/k100 go test ./topicscore -run OracleVertices -v -timeout 30m
//
// After step 1 of Fit it logs the error of steps 3-5 from oracle vertices
// (for each true topic the frequency-weighted mean row of R of its
// near-anchor words, those with at least 90% of their total weight over
// the true topics in it); how far each oracle vertex is from the nearest
// k-means centre, and from the nearest candidate of 2b' for K0 = K+3 (what
// the budget of the exhaustive search affords at K = 100), ceil(5K/4) (the
// paper's) and 2K, among all centres and among those of at least 5 words;
// and the error of successive projection on the centres of at least s
// words, s = 1, 2, 3, 5, 10.
func TestOracleVertices(t *testing.T) {
	dir := os.Getenv("TOPICSCORE_ORACLE_DIR")
	if dir == "" {
		t.Skip("set TOPICSCORE_ORACLE_DIR to a hull synth output directory")
	}
	c, err := corpus.ReadFile(filepath.Join(dir, "docword.txt"), corpus.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	truth, err := model.Load(filepath.Join(dir, "truth.json"))
	if err != nil {
		t.Fatal(err)
	}
	c, _ = corpus.Align(c, truth.Vocab)
	ctx := context.Background()
	k, dim := truth.K, truth.K-1
	l, err := New(Options{Settings: learner.Settings{Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	o := l.Options()
	f := &fit{o: &o, c: c, k: k, params: map[string]any{}}
	for _, step := range []func(context.Context) error{f.svd, f.ratios} {
		if err := step(ctx); err != nil {
			t.Fatal(err)
		}
	}
	// Oracle vertices.
	freq := make([]float64, c.NumWords())
	for i, w := range c.Words {
		freq[w] += float64(c.Counts[i])
	}
	oracle := make([]float64, k*dim)
	weight := make([]float64, k)
	for i, j := range f.used {
		total, top, at := 0.0, 0.0, 0
		for l := 0; l < k; l++ {
			a := truth.Topics[l][j]
			total += a
			if a > top {
				top, at = a, l
			}
		}
		if top < 0.9*total {
			continue
		}
		weight[at] += freq[j]
		axpy(freq[j], f.r[i*dim:i*dim+dim], oracle[at*dim:at*dim+dim])
	}
	for l := 0; l < k; l++ {
		if weight[l] == 0 {
			t.Fatalf("true topic %d has no word with 90%% of its weight in it", l)
		}
		for c := 0; c < dim; c++ {
			oracle[l*dim+c] /= weight[l]
		}
	}
	fromVertices := func(label string, vert []float64) {
		f.vert = vert
		f.simplex = &model.Simplex{Vertices: rows(vert, dim), Centres: rows(vert, dim), VertexCentres: make([]int, k)}
		if err := f.topics(ctx); err != nil {
			t.Logf("%s: %v", label, err)
			return
		}
		rec, err := eval.L1Recovery(f.model(), truth)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: mean l1 %.4f, max %.4f", label, rec.Mean, rec.Max)
	}
	fromVertices("oracle vertices", oracle)
	// The k-means centres of Fit (m = 10K, its restarts and seed).
	m := min(10*k, len(f.used))
	km, err := kmeans.Cluster(mat.NewDense(len(f.used), dim, f.r), m, kmeans.Options{
		Restarts: o.Restarts, MaxIter: o.KMeansIter, Tol: o.KMeansTol, Seed: o.Seed ^ 0x73636f7265})
	if err != nil {
		t.Fatal(err)
	}
	centres := make([]float64, 0, m*dim)
	for i := 0; i < m; i++ {
		centres = append(centres, km.Centers.RawRowView(i)...)
	}
	sizes := make([]int, m)
	for _, c := range km.Assign {
		sizes[c]++
	}
	// nearest returns, over the oracle vertices, the median and largest
	// distance to the nearest of pts, and how many are within 4 of one.
	nearest := func(pts []float64) (med, worst float64, within int) {
		d := make([]float64, k)
		for l := 0; l < k; l++ {
			d[l] = math.Inf(1)
			for i := 0; i*dim < len(pts); i++ {
				d[l] = math.Min(d[l], math.Sqrt(sqDist(oracle[l*dim:l*dim+dim], pts[i*dim:i*dim+dim])))
			}
			if d[l] < 4 {
				within++
			}
		}
		slices.Sort(d)
		return d[k/2], d[k-1], within
	}
	spacing := math.Inf(1)
	for a := 0; a < k; a++ {
		for b := a + 1; b < k; b++ {
			spacing = math.Min(spacing, math.Sqrt(sqDist(oracle[a*dim:a*dim+dim], oracle[b*dim:b*dim+dim])))
		}
	}
	med, worst, _ := nearest(centres)
	t.Logf("oracle vertices at least %.3g apart; nearest k-means centre: median %.3g, largest %.3g", spacing, med, worst)
	for _, floor := range []int{1, 5} {
		keep, _ := largeCentres(sizes, floor, k)
		kc := make([]float64, 0, len(keep)*dim)
		for _, i := range keep {
			kc = append(kc, centres[i*dim:i*dim+dim]...)
		}
		for _, k0 := range []int{k + 3, (5*k + 3) / 4, 2 * k} {
			var cand []float64
			single := 0
			for n, i := range greedy(kc, len(keep), dim, min(k0, len(keep))) {
				cand = append(cand, kc[i*dim:i*dim+dim]...)
				if n < 20 && sizes[keep[i]] == 1 {
					single++
				}
			}
			med, worst, within := nearest(cand)
			t.Logf("2b' among the %d centres of >= %d words, K0 = %d: %d oracle vertices have a candidate within 4 (median distance %.3g, largest %.3g); %d of the first 20 candidates are single words",
				len(keep), floor, k0, within, med, worst, single)
		}
	}
	for _, floor := range []int{1, 2, 3, 5, 10} {
		keep, _ := largeCentres(sizes, floor, k)
		kc := make([]float64, 0, len(keep)*dim)
		for _, i := range keep {
			kc = append(kc, centres[i*dim:i*dim+dim]...)
		}
		var vert []float64
		for _, i := range successiveProjection(kc, len(keep), dim, k) {
			vert = append(vert, kc[i*dim:i*dim+dim]...)
		}
		_, _, within := nearest(vert)
		fromVertices(fmt.Sprintf("successive projection on the %d centres of >= %d words (%d oracle vertices within 4 of a vertex)", len(keep), floor, within), vert)
	}
}
