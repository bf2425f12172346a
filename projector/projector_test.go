package projector

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/internal/kmeans"
	"github.com/hulltopics/hull/internal/linalg"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/synth"
	"gonum.org/v1/gonum/mat"
)

// ldaCorpus draws an LDA corpus with small alpha: most documents lie near
// a corner of the topic simplex.
func ldaCorpus(t testing.TB, g synth.LDA, seed uint64) (*corpus.Corpus, *model.Model) {
	t.Helper()
	c, truth, err := g.Generate(rand.New(rand.NewPCG(seed, 1)))
	if err != nil {
		t.Fatal(err)
	}
	return c, truth
}

var smallAlpha = synth.LDA{K: 8, V: 500, Docs: 1500, DocLength: 80, Alpha: 0.05, Beta: 0.05}

func fitWith(t testing.TB, c *corpus.Corpus, k int, o Options) *model.Model {
	t.Helper()
	l, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	m, err := l.Fit(context.Background(), c, k)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	return m
}

// meanModel has every topic equal to the corpus mean word distribution:
// the recovery a method gets without learning anything.
func meanModel(c *corpus.Corpus, k int) *model.Model {
	docs, _ := checkCorpus("test", c, 1, 1)
	mu := rowMean(frequencies(c, docs))
	topics := make([][]float64, k)
	for j := range topics {
		topics[j] = mu
	}
	return &model.Model{Algorithm: "mean", K: k, Vocab: c.Vocab, Topics: topics}
}

func recovery(t testing.TB, m, truth *model.Model) (cos, l1 float64) {
	t.Helper()
	s, err := eval.CosineRecovery(m, truth)
	if err != nil {
		t.Fatal(err)
	}
	r, err := eval.L1Recovery(m, truth)
	if err != nil {
		t.Fatal(err)
	}
	return s.Mean, r.Mean
}

// On LDA data with small alpha Projector recovers the topics far better
// than the corpus-mean baseline, and the scaling step improves on the
// k-means centres as found (NoScale), in cosine and much more in l1.
func TestRecoversLDATopics(t *testing.T) {
	for _, seed := range []uint64{1, 2} {
		c, truth := ldaCorpus(t, smallAlpha, seed)
		m := fitWith(t, c, 8, Options{Settings: learner.Settings{Seed: 1}})
		ns := fitWith(t, c, 8, Options{Settings: learner.Settings{Seed: 1}, NoScale: true})
		cos, l1 := recovery(t, m, truth)
		nsCos, nsL1 := recovery(t, ns, truth)
		baseCos, baseL1 := recovery(t, meanModel(c, 8), truth)
		t.Logf("seed %d: projector cos %.4f l1 %.4f (scale %.3g); no scale cos %.4f l1 %.4f; mean baseline cos %.4f l1 %.4f",
			seed, cos, l1, m.Params["scale"], nsCos, nsL1, baseCos, baseL1)
		if !(cos > 0.9 && cos > baseCos+0.3) {
			t.Errorf("seed %d: cosine %.4f, baseline %.4f", seed, cos, baseCos)
		}
		if !(cos > nsCos && l1 < nsL1-0.1) {
			t.Errorf("seed %d: scaled cos %.4f l1 %.4f, not better than unscaled cos %.4f l1 %.4f", seed, cos, l1, nsCos, nsL1)
		}
		if m.Params["inside_fraction"].(float64) < 0.8 || ns.Params["scale"].(float64) != 1 {
			t.Errorf("seed %d: inside fraction %v, unscaled factor %v", seed, m.Params["inside_fraction"], ns.Params["scale"])
		}
	}
}

// runStages runs the stages of a Projector fit up to and including the
// scaling step and returns its state.
func runStages(t testing.TB, c *corpus.Corpus, k int, o Options) *fit {
	t.Helper()
	l, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	docs, err := checkCorpus("test", c, k, 2)
	if err != nil {
		t.Fatal(err)
	}
	f := &fit{o: &l.opts, c: c, k: k, docs: docs, params: map[string]any{}}
	for _, st := range []func(context.Context) error{f.shift, f.svd, f.project, f.cluster, f.scale} {
		if err := st(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

// insideDense counts the rows of p inside the simplex of the rows of
// vertices scaled by s, by solving the K x K barycentric system
// [s c_1 ... s c_K; 1 ... 1] lambda = [x; 1] for every point with a dense
// solver: independent of the LU and the linear map of simplex.
func insideDense(t testing.TB, p, vertices *mat.Dense, s float64) int {
	t.Helper()
	k, dim := vertices.Dims()
	a := mat.NewDense(k, k, nil)
	for j := 0; j < k; j++ {
		for r := 0; r < dim; r++ {
			a.Set(r, j, s*vertices.At(j, r))
		}
		a.Set(dim, j, 1)
	}
	n, _ := p.Dims()
	count := 0
	b := mat.NewVecDense(k, nil)
	var lambda mat.VecDense
	for i := 0; i < n; i++ {
		for r := 0; r < dim; r++ {
			b.SetVec(r, p.At(i, r))
		}
		b.SetVec(dim, 1)
		if err := lambda.SolveVec(a, b); err != nil {
			t.Fatal(err)
		}
		in := true
		for j := 0; j < k; j++ {
			if lambda.AtVec(j) < -1e-9 {
				in = false
			}
		}
		if in {
			count++
		}
	}
	return count
}

// The scaling step puts ceil(delta n) of the projected documents inside
// the scaled simplex, and a slightly smaller factor fewer, as an
// independent barycentric solve counts them; bisection on the factor with
// that count finds the same factor.
func TestScalePutsDeltaInside(t *testing.T) {
	c, _ := ldaCorpus(t, synth.LDA{K: 5, V: 300, Docs: 600, DocLength: 60, Alpha: 0.1, Beta: 0.1}, 3)
	for _, delta := range []float64{0.5, 0.8, 1} {
		f := runStages(t, c, 5, Options{Settings: learner.Settings{Seed: 2}, Delta: delta})
		n, _ := f.points.Dims()
		want := int(math.Ceil(delta * float64(n)))
		s := f.factor
		if got := insideDense(t, f.points, f.centres, s); got < want {
			t.Errorf("delta %v: %d of %d inside at s = %v, want >= %d", delta, got, n, s, want)
		}
		if got := insideDense(t, f.points, f.centres, s*(1-1e-6)); got >= want {
			t.Errorf("delta %v: %d of %d inside at 0.999999 s, want fewer than %d: s is not the smallest", delta, got, n, want)
		}
		// Bisection on log s with the independent count.
		lo, hi := 1e-3, 1e6
		for range 200 {
			mid := math.Sqrt(lo * hi)
			if insideDense(t, f.points, f.centres, mid) >= want {
				hi = mid
			} else {
				lo = mid
			}
			if hi/lo < 1+1e-10 {
				break
			}
		}
		if math.Abs(hi-s) > 1e-7*s {
			t.Errorf("delta %v: bisection gives %v, the sweep %v", delta, hi, s)
		}
		if fr := f.params["inside_fraction"].(float64); fr < delta || fr > delta+2/float64(n) {
			t.Errorf("delta %v: recorded inside fraction %v", delta, fr)
		}
		t.Logf("delta %v: s = %.6g, unscaled inside %.3f", delta, s, f.params["inside_fraction_unscaled"])
	}
}

// smallestScale against a brute-force count on a grid, in the plane, with
// the origin inside the triangle (the count rises with s) and outside it
// (points enter and leave).
func TestSmallestScaleTriangle(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	pts := mat.NewDense(200, 2, nil)
	for i := 0; i < 200; i++ {
		pts.Set(i, 0, 3*rng.NormFloat64())
		pts.Set(i, 1, 3*rng.NormFloat64())
	}
	for _, tc := range []struct {
		name  string
		verts []float64
	}{
		{"origin inside", []float64{1, 0, -0.5, 0.8, -0.5, -0.8}},
		{"origin outside", []float64{1, 0.2, 2, 0.3, 1.5, 1.5}},
	} {
		v := mat.NewDense(3, 2, tc.verts)
		smp, err := newSimplex(v)
		if err != nil {
			t.Fatal(err)
		}
		for _, delta := range []float64{0.05, 0.2, 0.5} {
			s, err := smp.smallestScale(pts, delta)
			want := int(math.Ceil(delta * 200))
			// Brute force: the first grid factor with enough points inside,
			// by Cramer's rule.
			first := math.Inf(1)
			for g := 1; g <= 40000; g++ {
				if sg := float64(g) * 0.005; insideTriangle(pts, v, sg) >= want {
					first = sg
					break
				}
			}
			if err != nil {
				if !math.IsInf(first, 1) {
					t.Errorf("%s delta %v: %v, but factor %v works", tc.name, delta, err, first)
				}
				continue
			}
			if !(s <= first && first-s <= 0.005+1e-9) || insideDense(t, pts, v, s) < want || smp.countInside(pts, s) < want {
				t.Errorf("%s delta %v: s = %v, grid %v", tc.name, delta, s, first)
			}
		}
	}
	// Affinely dependent centres span no simplex.
	if _, err := newSimplex(mat.NewDense(3, 2, []float64{0, 0, 1, 1, 2, 2})); err == nil || !strings.Contains(err.Error(), "affinely dependent") {
		t.Errorf("collinear centres: %v", err)
	}
}

// insideTriangle counts the rows of p inside the triangle of the rows of v
// scaled by s, barycentric coordinates by Cramer's rule.
func insideTriangle(p, v *mat.Dense, s float64) int {
	ax, ay := s*v.At(0, 0), s*v.At(0, 1)
	bx, by := s*v.At(1, 0), s*v.At(1, 1)
	cx, cy := s*v.At(2, 0), s*v.At(2, 1)
	det := (by-cy)*(ax-cx) + (cx-bx)*(ay-cy)
	n, _ := p.Dims()
	count := 0
	for i := 0; i < n; i++ {
		x, y := p.At(i, 0), p.At(i, 1)
		l1 := ((by-cy)*(x-cx) + (cx-bx)*(y-cy)) / det
		l2 := ((cy-ay)*(x-cx) + (ax-cx)*(y-cy)) / det
		if l1 >= -1e-9 && l2 >= -1e-9 && 1-l1-l2 >= -1e-9 {
			count++
		}
	}
	return count
}

// The model is bit-identical for any number of threads.
func TestThreadIndependent(t *testing.T) {
	c, _ := ldaCorpus(t, synth.LDA{K: 6, V: 2000, Docs: 3000, DocLength: 50, Alpha: 0.1, Beta: 0.1}, 5)
	var ref []byte
	for _, th := range []int{1, 2, 3} {
		m := fitWith(t, c, 6, Options{Settings: learner.Settings{Seed: 3, Threads: th}})
		b, err := json.Marshal([]any{m.Topics, m.Params, m.TopicWeights, m.SingularValues, m.ClusterSizes, m.TopicSource})
		if err != nil {
			t.Fatal(err)
		}
		if ref == nil {
			ref = b
		} else if !bytes.Equal(b, ref) {
			t.Fatalf("threads %d: model differs from threads 1", th)
		}
	}
	small, _ := ldaCorpus(t, synth.LDA{K: 6, V: 300, Docs: 800, DocLength: 50, Alpha: 0.1, Beta: 0.1}, 5)
	km := func(th int) []byte {
		l, _ := NewKMeans(KMeansOptions{Settings: learner.Settings{Seed: 3, Threads: th}})
		m, err := l.Fit(context.Background(), small, 6)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal([]any{m.Topics, m.Params, m.ClusterSizes, m.TopicSource})
		return b
	}
	if !bytes.Equal(km(1), km(3)) {
		t.Fatal("kmeans: model differs between 1 and 3 threads")
	}
}

func TestModelAndParams(t *testing.T) {
	c, _ := ldaCorpus(t, synth.LDA{K: 4, V: 200, Docs: 400, DocLength: 50, Alpha: 0.1, Beta: 0.1}, 6)
	// Two empty documents: skipped, recorded.
	c = appendEmpty(c, 2)
	var stages []string
	m := fitWith(t, c, 4, Options{
		Settings: learner.Settings{Seed: 1, Progress: func(stage string, done, total int) {
			if done == 0 {
				stages = append(stages, stage)
			}
		}},
	})
	if got := strings.Join(stages, ","); got != "shift,svd,project,k-means,scale,topics" {
		t.Errorf("progress stages %s", got)
	}
	var timed []string
	for _, tm := range m.Provenance.Timings {
		timed = append(timed, tm.Stage)
	}
	if strings.Join(timed, ",") != strings.Join(stages, ",") {
		t.Errorf("timings %v", timed)
	}
	if m.Algorithm != Algorithm || m.K != 4 || m.Params["empty_docs"] != 2 || m.Params["delta"] != 0.8 || m.Provenance.Docs != 402 {
		t.Errorf("algorithm %q K %d params %v", m.Algorithm, m.K, m.Params)
	}
	if len(m.SingularValues) != 3 || len(m.ClusterSizes) != 4 || !slices.Equal(m.TopicSource, []string{SourceCentre, SourceCentre, SourceCentre, SourceCentre}) {
		t.Errorf("singular values %v, cluster sizes %v, topic sources %v", m.SingularValues, m.ClusterSizes, m.TopicSource)
	}
	for _, key := range []string{"singular_values", "cluster_sizes", "origin_barycentric", "empty_clusters", "fallback_topics"} {
		if _, ok := m.Params[key]; ok {
			t.Errorf("Params has %q", key)
		}
	}
	if cm, ok := m.Params["clipped_mass"].(float64); !ok || !(cm >= 0) {
		t.Errorf("clipped_mass %v, want a number >= 0", m.Params["clipped_mass"])
	}
	sum := 0.0
	for j, w := range m.TopicWeights {
		sum += w
		if want := float64(m.ClusterSizes[j]) / 400; w != want {
			t.Errorf("topic weight %d = %v, want the cluster share %v", j, w, want)
		}
	}
	// The origin's barycentric coordinates are the cluster shares.
	f := runStages(t, c, 4, Options{Settings: learner.Settings{Seed: 1}})
	for j, o := range f.origin {
		if w := m.TopicWeights[j]; math.Abs(o-w) > 1e-9 {
			t.Errorf("origin coordinate %d = %v, cluster share %v", j, o, w)
		}
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Errorf("topic weights sum to %v", sum)
	}
	// The typed results survive Write and Read with their Go types.
	var buf bytes.Buffer
	if err := model.Write(&buf, m, false); err != nil {
		t.Fatal(err)
	}
	got, err := model.Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.SingularValues, m.SingularValues) || !reflect.DeepEqual(got.ClusterSizes, m.ClusterSizes) || !reflect.DeepEqual(got.TopicSource, m.TopicSource) {
		t.Errorf("after Write and Read: singular values %v, sizes %v, sources %v", got.SingularValues, got.ClusterSizes, got.TopicSource)
	}
}

// appendEmpty returns c with n empty documents added.
func appendEmpty(c *corpus.Corpus, n int) *corpus.Corpus {
	out := *c
	out.DocIDs = append(append([]string(nil), c.DocIDs...), make([]string, n)...)
	for i := range n {
		out.DocIDs[c.NumDocs()+i] = "empty" + string(rune('a'+i))
	}
	out.Offsets = append(append([]int64(nil), c.Offsets...), make([]int64, n)...)
	for i := range n {
		out.Offsets[c.NumDocs()+1+i] = c.NNZ()
	}
	return &out
}

func TestBadInput(t *testing.T) {
	for _, tc := range []struct {
		o     Options
		field string
	}{
		{Options{Delta: -0.1}, "Delta"}, {Options{Delta: 1.5}, "Delta"}, {Options{Delta: math.NaN()}, "Delta"},
		{Options{Restarts: -1}, "Restarts"}, {Options{KMeansIter: -1}, "KMeansIter"}, {Options{KMeansTol: -1}, "KMeansTol"},
		{Options{KMeansTol: 1}, "KMeansTol"}, {Options{KMeansTol: math.NaN()}, "KMeansTol"},
		{Options{Settings: learner.Settings{Threads: -1}}, "Threads"}, {Options{Settings: learner.Settings{MaxMemory: -1}}, "MaxMemory"},
	} {
		_, err := New(tc.o)
		var oe *learner.OptionError
		if !errors.As(err, &oe) || oe.Learner != Algorithm || oe.Field != tc.field || strings.Contains(err.Error(), "--") {
			t.Errorf("New(%+v): err %v, want a *learner.OptionError for %s", tc.o, err, tc.field)
		}
		// Delta's 0 takes the default: its range says so ("in (0, 1]"
		// alone made 0 seem refused).
		if tc.field == "Delta" && oe != nil && !strings.Contains(oe.Want, "(0: the default, 0.8)") {
			t.Errorf("New(%+v): want %q, not saying that 0 is the default", tc.o, oe.Want)
		}
	}
	for _, tc := range []struct {
		o     KMeansOptions
		field string
	}{
		{KMeansOptions{Restarts: -1}, "Restarts"}, {KMeansOptions{KMeansIter: -2}, "KMeansIter"},
		{KMeansOptions{KMeansTol: -1}, "KMeansTol"}, {KMeansOptions{Settings: learner.Settings{Threads: -1}}, "Threads"},
	} {
		_, err := NewKMeans(tc.o)
		var oe *learner.OptionError
		if !errors.As(err, &oe) || oe.Learner != KMeansAlgorithm || oe.Field != tc.field || strings.Contains(err.Error(), "--") {
			t.Errorf("NewKMeans(%+v): err %v, want a *learner.OptionError for %s", tc.o, err, tc.field)
		}
	}
	c, _ := ldaCorpus(t, synth.LDA{K: 3, V: 50, Docs: 40, DocLength: 20, Alpha: 0.1, Beta: 0.1}, 7)
	// All documents the same: the centred matrix is zero.
	same := corpus.NewBuilder([]string{"a", "b", "c"})
	for d := 0; d < 10; d++ {
		same.Add(0, 2)
		same.Add(1, 1)
		same.EndDoc("")
	}
	for _, tc := range []struct {
		name string
		c    *corpus.Corpus
		k    int
		o    Options
		want string
	}{
		{"K = 1", c, 1, Options{}, "at least 2"},
		{"K above documents", c, 41, Options{}, "documents"},
		{"K-1 above words", c, 52, Options{}, "K"},
		{"memory", c, 3, Options{Settings: learner.Settings{MaxMemory: 1}}, "memory"},
		{"identical documents", same.Corpus(), 2, Options{}, "fewer than K-1"},
		{"empty corpus", &corpus.Corpus{Offsets: []int64{0}}, 2, Options{}, "empty"},
	} {
		l, err := New(tc.o)
		if err != nil {
			t.Fatal(err)
		}
		_, err = l.Fit(context.Background(), tc.c, tc.k)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one mentioning %q", tc.name, err, tc.want)
		}
	}
	l, _ := New(Options{Settings: learner.Settings{MaxMemory: 1}})
	if _, err := l.Fit(context.Background(), c, 3); !errors.As(err, new(*learner.MemoryError)) || strings.Contains(err.Error(), "--") {
		t.Errorf("memory: %T %v, want *learner.MemoryError naming no flag", err, err)
	}
	km, _ := NewKMeans(KMeansOptions{Settings: learner.Settings{MaxMemory: 1}})
	if _, err := km.Fit(context.Background(), c, 3); !errors.As(err, new(*learner.MemoryError)) || strings.Contains(err.Error(), "--") {
		t.Errorf("kmeans memory: %T %v, want *learner.MemoryError naming no flag", err, err)
	}
	km, _ = NewKMeans(KMeansOptions{})
	if _, err := km.Fit(context.Background(), same.Corpus(), 2); err == nil || !strings.Contains(err.Error(), "distinct") {
		t.Errorf("kmeans on identical documents: %v", err)
	}
	if _, err := km.Fit(context.Background(), c, 0); err == nil {
		t.Error("kmeans K = 0: no error")
	}
}

func TestContextCancelled(t *testing.T) {
	c, _ := ldaCorpus(t, synth.LDA{K: 3, V: 100, Docs: 100, DocLength: 30, Alpha: 0.1, Beta: 0.1}, 8)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	l, _ := New(Options{})
	if _, err := l.Fit(ctx, c, 3); !errors.Is(err, context.Canceled) {
		t.Errorf("projector: %v", err)
	}
	km, _ := NewKMeans(KMeansOptions{})
	if _, err := km.Fit(ctx, c, 3); !errors.Is(err, context.Canceled) {
		t.Errorf("kmeans: %v", err)
	}
	// Cancelled during the SVD: the fit stops after that stage.
	ctx, cancel = context.WithCancel(context.Background())
	l, _ = New(Options{
		Settings: learner.Settings{Progress: func(stage string, done, _ int) {
			if stage == "svd" && done == 1 {
				cancel()
			}
		}},
	})
	if _, err := l.Fit(ctx, c, 3); !errors.Is(err, context.Canceled) {
		t.Errorf("projector cancelled during the SVD: %v", err)
	}
}

// The k-means baseline recovers topics above the corpus-mean baseline,
// below Projector; its topics are the means of its clusters' documents.
func TestKMeansTopics(t *testing.T) {
	c, truth := ldaCorpus(t, smallAlpha, 1)
	l, err := NewKMeans(KMeansOptions{Settings: learner.Settings{Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	m, err := l.Fit(context.Background(), c, 8)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	cos, l1 := recovery(t, m, truth)
	baseCos, _ := recovery(t, meanModel(c, 8), truth)
	pCos, pL1 := recovery(t, fitWith(t, c, 8, Options{Settings: learner.Settings{Seed: 1}}), truth)
	t.Logf("kmeans cos %.4f l1 %.4f; projector cos %.4f l1 %.4f; mean baseline cos %.4f", cos, l1, pCos, pL1, baseCos)
	if !(cos > baseCos+0.2) || !(pL1 < l1) {
		t.Errorf("kmeans cos %.4f l1 %.4f, projector l1 %.4f, baseline cos %.4f", cos, l1, pL1, baseCos)
	}
	if m.Algorithm != KMeansAlgorithm || len(m.ClusterSizes) != 8 || len(m.TopicWeights) != 8 || len(m.TopicSource) != 8 || m.TopicSource[0] != SourceClusterMean {
		t.Errorf("model %q, cluster sizes %v, topic weights %v, sources %v", m.Algorithm, m.ClusterSizes, m.TopicWeights, m.TopicSource)
	}
	if m.SingularValues != nil || m.Params["cluster_sizes"] != nil {
		t.Errorf("singular values %v, params %v", m.SingularValues, m.Params)
	}
	total := 0
	for _, n := range m.ClusterSizes {
		total += n
	}
	if total != c.NumDocs() {
		t.Errorf("cluster sizes sum to %d for %d documents", total, c.NumDocs())
	}
}

// clusterMeans averages the rows of each cluster; an empty cluster takes
// its centre, normalised.
func TestClusterMeans(t *testing.T) {
	x := &linalg.CSR{Rows: 4, Cols: 3, RowPtr: []int64{0, 2, 3, 4, 6}, ColIdx: []int32{0, 1, 1, 2, 0, 2}, Val: []float64{0.5, 0.5, 1, 1, 0.2, 0.8}}
	res := kmeans.Result{Centers: mat.NewDense(3, 3, []float64{0, 1, 0, 0, 0, 1, 0.6, 0.8, 0}), Assign: []int{0, 0, 1, 1}}
	out := clusterMeans(x, res, []float64{0.2, 0.4, 0.4})
	want := [][]float64{{0.25, 0.75, 0}, {0.1, 0, 0.9}, {0.6 / 1.4, 0.8 / 1.4, 0}}
	for j := range want {
		for w := range want[j] {
			if math.Abs(out.topics[j][w]-want[j][w]) > 1e-15 {
				t.Fatalf("topics %v, want %v", out.topics, want)
			}
		}
	}
	if !slices.Equal(out.source, []string{SourceClusterMean, SourceClusterMean, SourceCosineCentre}) || out.weights[0] != 0.5 || out.weights[2] != 0 {
		t.Errorf("sources %v, weights %v", out.source, out.weights)
	}
	// A topic with no positive entry is replaced by the mean.
	res.Centers.Set(2, 0, 0)
	res.Centers.Set(2, 1, 0)
	out = clusterMeans(x, res, []float64{0.2, 0.4, 0.4})
	if !slices.Equal(out.source, []string{SourceClusterMean, SourceClusterMean, SourceCorpusMean}) || !slices.Equal(out.topics[2], []float64{0.2, 0.4, 0.4}) {
		t.Errorf("sources %v, topic 2 %v", out.source, out.topics[2])
	}
}

// A document projected exactly onto the mean joins no cluster but counts
// (inside, at the origin) in the scaling step.
func TestDocumentAtMean(t *testing.T) {
	pts := mat.NewDense(7, 2, []float64{
		1, 0, 1.2, 0.1, // cluster near (1, 0)
		-0.5, 0.9, -0.6, 1, // near (-0.5, 0.9)
		-0.5, -0.9, -0.55, -1.1, // near (-0.5, -0.9)
		0, 0, // at the mean
	})
	o := Options{Delta: 0.5, Restarts: 1, KMeansIter: 10}
	f := &fit{o: &o, k: 3, points: pts, params: map[string]any{}}
	if err := f.cluster(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := f.scale(context.Background()); err != nil {
		t.Fatal(err)
	}
	sizes := f.sizes
	if f.params["docs_at_mean"] != 1 || sizes[0]+sizes[1]+sizes[2] != 6 {
		t.Errorf("docs at mean %v, cluster sizes %v", f.params["docs_at_mean"], sizes)
	}
	if got := insideDense(t, pts, f.centres, f.factor); got < 4 {
		t.Errorf("%d of 7 inside at s = %v, want 4", got, f.factor)
	}
}
