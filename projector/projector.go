package projector

import (
	"context"
	"fmt"
	"math"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/kmeans"
	"github.com/hulltopics/hull/internal/linalg"
	"github.com/hulltopics/hull/internal/options"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/refine"
	"gonum.org/v1/gonum/mat"
)

// Algorithm is the model.Model Algorithm (and "hull fit --algo" name) of
// Projector.
const Algorithm = "projector"

// Defaults of the Options fields.
const (
	// DefaultDelta is delta of the scaling step: the scaled simplex holds
	// this fraction of the projected documents (0.8 in the paper's Figure
	// 2).
	DefaultDelta = 0.8
	// DefaultRestarts is the number of k-means++ restarts of Projector's
	// clustering, the one of least inertia kept. The paper gives none; 10
	// (TSVD's) lost a topic at K = 20 on half of the paper-like LDA corpora
	// of BenchmarkKMeansRestarts (a cluster of a few outlying documents
	// kept, two topics merged), 20 on one in ten, and restarts are cheap
	// in K-1 dimensions.
	DefaultRestarts = 20
	// DefaultKMeansRestarts is the number of k-means++ restarts of the
	// k-means topics baseline, whose restarts cost O(D K V) per iteration.
	DefaultKMeansRestarts = 10
	// DefaultKMeansIter bounds the Lloyd iterations of each restart.
	DefaultKMeansIter = 100
	// DefaultKMeansTol stops a restart's Lloyd iterations once one lowers
	// the inertia by less than this fraction of it (internal/kmeans's
	// default). A looser 1e-5 changed neither the clustering nor the time
	// much with 20 restarts on KOS (BenchmarkKMeansTolerance).
	DefaultKMeansTol = 1e-8
	// DefaultPowerIters is the number of power iterations of the
	// randomized SVD.
	DefaultPowerIters = 4
	// DefaultOversample is the number of extra directions of the
	// randomized SVD's sketch.
	DefaultOversample = 10
)

// Options are the parameters of Projector. The zero value of each field
// selects its documented default.
type Options struct {
	// Settings are the run settings. The seed drives the SVD's test matrix
	// and k-means (the only random choices); results do not depend on
	// Threads; the memory bound applies to EstimateBytes.
	learner.Settings
	// Auto refines the topics by EM when they are noisy (package refine;
	// the zero value never does, the registered default of "hull fit"
	// does).
	refine.Auto
	// Delta is delta of the scaling step: the K centres are scaled about
	// the corpus mean by the smallest common factor that puts at least
	// ceil(Delta n) of the n projected documents inside (or on) their
	// simplex. Default 0.8; must be in (0, 1].
	Delta float64
	// NoScale skips the scaling step (the factor is 1): the topics are the
	// k-means centres mapped back, an ablation of the paper's algorithm.
	NoScale bool
	// Oversample is the number of random directions of the SVD's sketch
	// beyond K-1. Default 10; negative: none.
	Oversample int
	// PowerIters is the number of power iterations of the randomized SVD.
	// Default 4; negative: none.
	PowerIters int
	// Restarts is the number of k-means++ restarts of the clustering, the
	// one of least inertia kept. Default 20.
	Restarts int
	// KMeansIter bounds the Lloyd iterations of each restart. Default 100.
	KMeansIter int
	// KMeansTol stops a restart once an iteration lowers the inertia by
	// less than this fraction of it. Default 1e-8.
	KMeansTol float64
	// KMeansSample is the number of projected documents the k-means
	// restarts run on, drawn at random; the best restart's centres then
	// start one last run of Lloyd's iterations on all the documents
	// (internal/kmeans Options.Sample). 0 selects
	// DefaultKMeansSamplePerTopic x K documents when there are at least
	// twice as many, else all of them; negative: always all of them.
	KMeansSample int
}

// DefaultKMeansSamplePerTopic is the number of documents per topic of the
// default k-means sample (Options.KMeansSample). At 300,000 documents and
// K = 100 the restarts on 50,000 of them and the last run on all took 21 s
// where 20 restarts on all took 87 s, and reached a lower inertia
// (docs/BENCHMARKS.md).
const DefaultKMeansSamplePerTopic = 500

// kmeansSample returns the sample size of the k-means restarts for n
// documents and k topics: 0 for all of them.
func (o *Options) kmeansSample(n, k int) int {
	m := o.KMeansSample
	switch {
	case m < 0:
		return 0
	case m == 0 && n >= 2*DefaultKMeansSamplePerTopic*k:
		return DefaultKMeansSamplePerTopic * k
	case m >= n:
		return 0
	}
	return m
}

// Learner learns topics by Projector. Create it with New; the zero value
// is the learner New(Options{}) makes.
type Learner struct {
	opts Options
	made bool // by New; see ready
}

// ready returns l, or for a Learner declared rather than made by New the one
// New(Options{}) makes: the zero value fits with the defaults.
func (l *Learner) ready() *Learner {
	return options.Made(l, l.made, func() (*Learner, error) { return New(Options{}) })
}

var _ learner.Learner = (*Learner)(nil)

// New validates opts, fills in the defaults and returns a Learner. An
// option out of range gives a *learner.OptionError naming the field.
func New(opts Options) (*Learner, error) {
	if opts.Delta == 0 {
		opts.Delta = DefaultDelta
	}
	if opts.Oversample == 0 {
		opts.Oversample = DefaultOversample
	}
	if opts.PowerIters == 0 {
		opts.PowerIters = DefaultPowerIters
	}
	if err := checkKMeans(Algorithm, &opts.Restarts, &opts.KMeansIter, &opts.KMeansTol, DefaultRestarts); err != nil {
		return nil, err
	}
	if !(opts.Delta > 0 && opts.Delta <= 1) {
		return nil, &learner.OptionError{Learner: Algorithm, Field: "Delta", Value: opts.Delta, Want: fmt.Sprintf("in (0, 1] (0: the default, %v)", DefaultDelta)}
	}
	if err := opts.Auto.Validate(Algorithm); err != nil {
		return nil, err
	}
	if err := opts.Settings.Validate(Algorithm); err != nil {
		return nil, err
	}
	return &Learner{opts: opts, made: true}, nil
}

// checkKMeans fills in the defaults of the k-means options and validates
// them, for the learner registered as name.
func checkKMeans(name string, restarts, iter *int, tol *float64, defaultRestarts int) error {
	if *restarts == 0 {
		*restarts = defaultRestarts
	}
	if *iter == 0 {
		*iter = DefaultKMeansIter
	}
	if *tol == 0 {
		*tol = DefaultKMeansTol
	}
	switch {
	case !(*tol > 0 && *tol < 1):
		return &learner.OptionError{Learner: name, Field: "KMeansTol", Value: *tol, Want: fmt.Sprintf("in [0, 1) (0: %v)", DefaultKMeansTol)}
	case *restarts < 0:
		return &learner.OptionError{Learner: name, Field: "Restarts", Value: *restarts, Want: ">= 0"}
	case *iter < 0:
		return &learner.OptionError{Learner: name, Field: "KMeansIter", Value: *iter, Want: ">= 0"}
	}
	return nil
}

// Options returns the learner's options with the defaults filled in.
func (l *Learner) Options() Options { return l.ready().opts }

// EstimateBytes returns the working memory Fit needs for c and k topics
// with the learner's options: the package's EstimateBytes. It makes the
// learner a learner.Estimator.
func (l *Learner) EstimateBytes(c *corpus.Corpus, k int) int64 {
	return EstimateBytes(c, k, l.ready().opts)
}

// EstimateBytes returns the working memory Projector needs for c and k
// topics under o, the corpus aside: the documents' word frequencies (12
// bytes per nonzero), kept to the end, beside the largest of the SVD's
// peak, the clustering's and the topics'. The SVD holds the scratch of its
// products (internal/linalg.SVDScratchBytes: the transpose of the
// frequencies, or the partial sums that replace it when there are many
// more documents than words) and at most three dense (D + V) x (K-1 +
// Oversample) blocks (the sketch and the two of its QR, or the small
// SVD's copies); the clustering holds the projected documents (D x
// (K-1)), the unit copy k-means makes of them and k-means' bounds, 4
// bytes per document and cluster for each restart running at once, one
// per thread, on the sample when there is one (internal/kmeans.WorkBytes);
// the topics step the projected documents and the topics (K x V, twice).
func EstimateBytes(c *corpus.Corpus, k int, o Options) int64 {
	v, d, kk := int64(c.NumWords()), int64(c.NumDocs()), int64(k)
	p := int64(o.Oversample)
	if p == 0 {
		p = DefaultOversample
	}
	l := min(kk-1+min(max(p, 0), v, d), v, d)
	restarts := o.Restarts
	if restarts == 0 {
		restarts = DefaultRestarts
	}
	svd := linalg.SVDScratchBytes(int(d), int(v), c.NNZ(), int(l)) + 8*v + 3*8*(v+d)*l
	cluster := 2*8*d*(kk-1) + kmeans.WorkBytes(int(d), k-1, k, kmeans.Options{Restarts: restarts, Threads: o.Threads, Sample: o.kmeansSample(int(d), k)})
	topics := 8*d*(kk-1) + 2*8*v*kk
	return max(12*c.NNZ()+8*d+8*v+max(svd, cluster, topics), o.Auto.EstimateBytes(c, k))
}

// Fit learns k topics from c by the steps of section 6.2 of the paper (see
// the package documentation). It fails for k < 2, when the non-empty
// documents are fewer than k or the words fewer than k-1 (wrapping
// learner.ErrTooFewWords), when the
// centred documents span fewer than k-1 dimensions, when the projected
// documents have fewer than k distinct directions, when the k centres are
// affinely dependent (no simplex), and with a *learner.MemoryError when
// EstimateBytes exceeds MaxMemory. It honours ctx between stages.
func (l *Learner) Fit(ctx context.Context, c *corpus.Corpus, k int) (*model.Model, error) {
	l = l.ready()
	if err := learner.CheckCorpus(c); err != nil {
		return nil, err
	}
	o := l.opts
	docs, err := checkCorpus("projector", c, k, 2)
	if err != nil {
		return nil, err
	}
	if k-1 > c.NumWords() {
		return nil, fmt.Errorf("projector: K = %d topics for %d words: want K-1 <= V: %w", k, c.NumWords(), learner.ErrTooFewWords)
	}
	if err := o.Settings.CheckMemory(fmt.Sprintf("projector: Projector for %d words, %d documents and K = %d", c.NumWords(), c.NumDocs(), k),
		EstimateBytes(c, k, o)); err != nil {
		return nil, err
	}
	f := &fit{o: &o, c: c, k: k, docs: docs, params: map[string]any{
		"delta": o.Delta, "scaled": !o.NoScale, "document_rows": "frequencies",
		"svd_oversample": max(o.Oversample, 0), "svd_power_iters": max(o.PowerIters, 0),
		"kmeans_restarts": o.Restarts, "kmeans_max_iter": o.KMeansIter, "kmeans_tol": o.KMeansTol,
		"empty_docs": c.NumDocs() - len(docs),
	}}
	timings, err := learner.RunStages(ctx, []learner.Stage{
		{Name: "shift", Run: f.shift},
		{Name: "svd", Run: f.svd},
		{Name: "project", Run: f.project},
		{Name: "k-means", Run: f.cluster},
		{Name: "scale", Run: f.scale},
		{Name: "topics", Run: f.topics},
	})
	if err != nil {
		return nil, err
	}
	m := newModel(Algorithm, c, k, &f.out, o.Settings, f.params, timings)
	m.SingularValues = f.singular
	if err := o.Auto.Apply(ctx, c, m, o.Settings); err != nil {
		return nil, err
	}
	return m, nil
}

// fit holds the state of one Projector fit, stage by stage.
type fit struct {
	o    *Options
	c    *corpus.Corpus
	k    int
	docs []int // the non-empty documents, the rows of x

	x       *linalg.CSR     // word frequencies, one row per document of docs
	mu      []float64       // mean of the rows of x
	shifted *linalg.Shifted // x - 1 mu^T
	v       *mat.Dense      // V x (K-1) right singular vectors
	points  *mat.Dense      // n x (K-1) projected documents
	centres *mat.Dense      // K x (K-1) Euclidean means of the clusters
	sizes   []int           // documents per cluster
	empty   []int           // clusters k-means left empty (centres from the cosine centres)
	origin  []float64       // barycentric coordinates of the origin (the cluster shares)
	factor  float64         // the scale factor s

	singular []float64 // the K-1 singular values of the centred documents

	out    result
	params map[string]any
}

// shift builds the documents' word frequencies and their mean, the centre
// of the paper's Shift step.
func (f *fit) shift(ctx context.Context) error {
	f.o.Progress.Report("shift", 0, 1)
	f.x = frequencies(f.c, f.docs)
	f.mu = rowMean(f.x)
	var err error
	if f.shifted, err = linalg.NewShifted(f.x, f.mu); err != nil {
		return fmt.Errorf("projector: %w", err)
	}
	f.o.Progress.Report("shift", 1, 1)
	return nil
}

// svd computes the K-1 leading right singular vectors of the centred
// document matrix, the paper's rank K-1 subspace U.
func (f *fit) svd(ctx context.Context) error {
	f.o.Progress.Report("svd", 0, 1)
	_, s, v, err := f.shifted.RandomizedSVD(f.k-1, linalg.SVDOptions{
		Oversample: f.o.Oversample, PowerIters: f.o.PowerIters, Seed: f.o.Seed, Threads: f.o.Threads, Context: ctx,
	})
	if err != nil {
		return fmt.Errorf("projector: SVD: %w", err)
	}
	// Relative to the norm of the uncentred documents too: when they are
	// all equal, every singular value is rounding noise.
	norm := 0.0
	for _, x := range f.x.Val {
		norm += x * x
	}
	if !(s[f.k-2] > 1e-12*max(s[0], math.Sqrt(norm))) {
		return fmt.Errorf("projector: the centred documents span fewer than K-1 = %d dimensions (singular values %v)", f.k-1, s)
	}
	f.v = v
	f.singular = s
	f.o.Progress.Report("svd", 1, 1)
	return nil
}

// project sets the coordinates of every centred document in the subspace,
// V_i = (x_i - mu) V.
func (f *fit) project(ctx context.Context) error {
	f.o.Progress.Report("project", 0, 1)
	f.points = mat.NewDense(len(f.docs), f.k-1, nil)
	f.shifted.MulDense(f.points, f.v, f.o.Threads)
	f.shifted = nil // the transpose is no longer needed
	f.o.Progress.Report("project", 1, 1)
	return nil
}

// cluster runs spherical k-means (distance 1 - cos) on the projected
// documents and takes the Euclidean mean of each cluster as its centre.
// Documents projected exactly onto the mean have no direction and are
// left out of the clustering (they still count in the scaling step).
func (f *fit) cluster(ctx context.Context) error {
	f.o.Progress.Report("k-means", 0, f.o.Restarts)
	n, dim := f.points.Dims()
	var rows []int // points with a direction
	for i := 0; i < n; i++ {
		if nonzero(f.points.RawRowView(i)) {
			rows = append(rows, i)
		}
	}
	f.params["docs_at_mean"] = n - len(rows)
	if len(rows) < f.k {
		return fmt.Errorf("projector: %d documents away from the mean for K = %d clusters", len(rows), f.k)
	}
	pts := f.points
	if len(rows) < n {
		pts = mat.NewDense(len(rows), dim, nil)
		for r, i := range rows {
			copy(pts.RawRowView(r), f.points.RawRowView(i))
		}
	}
	sample := f.o.kmeansSample(len(rows), f.k)
	f.params["kmeans_sample"] = sample
	res, err := kmeans.ClusterCosine(pts, f.k, kmeans.Options{Restarts: f.o.Restarts, MaxIter: f.o.KMeansIter, Tol: f.o.KMeansTol, Seed: f.o.Seed, Threads: f.o.Threads,
		Context: ctx, Sample: sample, Progress: func(done, total int) { f.o.Progress.Report("k-means", done, total) }})
	if err != nil {
		return fmt.Errorf("projector: k-means of the projected documents: %w", err)
	}
	f.centres = mat.NewDense(f.k, dim, nil)
	f.sizes = make([]int, f.k)
	for r, j := range res.Assign {
		f.sizes[j]++
		floatsAdd(f.centres.RawRowView(j), pts.RawRowView(r))
	}
	f.empty = nil
	for j, nj := range f.sizes {
		row := f.centres.RawRowView(j)
		if nj == 0 {
			// Never seen in practice (k-means re-seeds empty clusters):
			// the unit cosine centre at the mean distance of the points.
			f.empty = append(f.empty, j)
			copy(row, res.Centers.RawRowView(j))
			scaleBy(row, meanNorm(pts))
			continue
		}
		scaleBy(row, 1/float64(nj))
	}
	f.params["kmeans_inertia"] = res.Inertia
	return nil
}

// scale finds the smallest factor s such that the simplex of the centres
// scaled by s about the origin (the corpus mean) holds a fraction Delta of
// the projected documents.
func (f *fit) scale(ctx context.Context) error {
	f.o.Progress.Report("scale", 0, 1)
	smp, err := newSimplex(f.centres)
	if err != nil {
		return fmt.Errorf("projector: %w", err)
	}
	n, _ := f.points.Dims()
	f.params["inside_fraction_unscaled"] = float64(smp.countInside(f.points, 1)) / float64(n)
	f.factor = 1
	if !f.o.NoScale {
		sc, err := smp.smallestScale(f.points, f.o.Delta)
		if err != nil {
			return fmt.Errorf("projector: %w", err)
		}
		f.factor = sc
	}
	f.params["scale"] = f.factor
	f.params["inside_fraction"] = float64(smp.countInside(f.points, f.factor)) / float64(n)
	f.origin = smp.origin
	f.o.Progress.Report("scale", 1, 1)
	return nil
}

// topics maps the scaled centres back to word space, adds the mean, clips
// the negative entries and normalises each topic to sum 1.
func (f *fit) topics(ctx context.Context) error {
	f.o.Progress.Report("topics", 0, 1)
	wordsV, dim := f.v.Dims()
	sc := mat.NewDense(f.k, dim, nil)
	sc.Scale(f.factor, f.centres)
	rows := make([][]float64, f.k)
	for j := range rows {
		rows[j] = make([]float64, wordsV)
	}
	vm := f.v.RawMatrix()
	parallelWords(wordsV, f.o.Threads, func(lo, hi int) {
		for w := lo; w < hi; w++ {
			vw := vm.Data[w*vm.Stride:][:dim]
			for j := range rows {
				x := f.mu[w]
				for t, c := range sc.RawRowView(j) {
					x += vw[t] * c
				}
				rows[j][w] = x
			}
		}
	})
	f.out = clipNormalise(rows, f.mu)
	f.out.sizes = f.sizes
	f.out.weights = shares(f.sizes)
	f.out.source = sources(f.k, SourceCentre, f.empty, f.out.fallback)
	f.params["clipped_mass"] = meanClipped(f.out)
	f.o.Progress.Report("topics", 1, 1)
	return nil
}

// meanNorm returns the mean Euclidean norm of the rows of p.
func meanNorm(p *mat.Dense) float64 {
	n, _ := p.Dims()
	s := 0.0
	for i := 0; i < n; i++ {
		s += mat.Norm(p.RowView(i), 2)
	}
	return s / float64(n)
}

func nonzero(x []float64) bool {
	for _, v := range x {
		if v != 0 {
			return true
		}
	}
	return false
}

func floatsAdd(dst, x []float64) {
	for i, v := range x {
		dst[i] += v
	}
}

func scaleBy(x []float64, a float64) {
	for i := range x {
		x[i] *= a
	}
}

// finite reports whether x is neither NaN nor infinite.
func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
