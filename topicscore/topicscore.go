package topicscore

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/kmeans"
	"github.com/hulltopics/hull/internal/linalg"
	"github.com/hulltopics/hull/internal/options"
	"github.com/hulltopics/hull/internal/parallel"
	"github.com/hulltopics/hull/internal/topn"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/refine"
	"gonum.org/v1/gonum/mat"
)

// Algorithm is the model.Model Algorithm (and "hull fit --algo" name) of
// Topic-SCORE.
const Algorithm = "score"

// Defaults of the Options fields that are not derived from K.
const (
	// DefaultRestarts is the default number of k-means restarts.
	DefaultRestarts = 3
	// DefaultKMeansIter is the default bound on Lloyd iterations per restart.
	DefaultKMeansIter = 100
	// DefaultKMeansTol is the default relative inertia decrease below
	// which a k-means restart stops.
	DefaultKMeansTol = 1e-3
	// DefaultPowerIters is the default number of power iterations of the
	// randomized SVD.
	DefaultPowerIters = 4
	// VertexWordsPerTopic is the number of words nearest each vertex kept
	// per topic in the model's TopicWords (the paper's Table 1 lists 20).
	VertexWordsPerTopic = 5
	// MaxRatioSample bounds the rows of R sampled evenly over the words
	// into the model's Simplex.Sample, for "hull plot simplex".
	MaxRatioSample = 2000
)

// Vertex searches of step 2 (Options.VertexSearch).
const (
	// SearchExhaustive is the paper's 2b' then 2b: the K0 candidate
	// centres chosen greedily, then the best of their C(K0, K) simplices.
	SearchExhaustive = "exhaustive"
	// SearchSP is successive projection on the k-means centres of at least
	// MinCentreSize words, the vertex hunting "SVS-SP" of the authors'
	// later code (with the size floor, hull's).
	SearchSP = "sp"
	// SearchAuto is SearchExhaustive when K0 is set or the paper's K0 =
	// ceil(5K/4) fits MaxSimplices (K <= 20 with the default budget),
	// SearchSP otherwise, and SearchSP again when the exhaustive search
	// is degenerate: more than half of its vertices are centres of
	// fewer than MinCentreSize words.
	SearchAuto = "auto"
)

// Options are the parameters of Topic-SCORE. The zero value of each field
// selects its documented default.
type Options struct {
	// Settings are the run settings. The seed drives the randomized SVD
	// and k-means (the only random choices); results do not depend on
	// Threads; the memory bound applies to EstimateBytes.
	learner.Settings
	// Auto refines the topics by EM when they are noisy (package refine;
	// the zero value never does, the registered default of "hull fit"
	// does): on NIPS and Reuters the paper's topics are near-copies of
	// the frequent words (docs/BENCHMARKS.md).
	refine.Auto
	// M is m, the number of k-means centres of step 2a; default 10K (the
	// paper's simulations, section 5.1). It is lowered to the number of
	// words used when there are fewer.
	M int
	// K0 is the number of candidate centres kept by the greedy
	// pre-selection 2b' before the exhaustive search 2b over their
	// C(K0, K) K-subsets; default DefaultK0(K, m, MaxSimplices): ceil(5K/4)
	// (section 5.1) while C(K0, K) stays within MaxSimplices. Setting it
	// makes VertexSearch auto search exhaustively at any K. K0 = m
	// searches all centres (plain 2b). A K0 above m is lowered to m; a K0
	// with C(K0, K) > MaxSimplices makes Fit fail.
	K0 int
	// MaxSimplices bounds C(K0, K); default DefaultMaxSimplices (200,000).
	MaxSimplices int
	// VertexSearch is how step 2 picks the K vertices among the k-means
	// centres: SearchExhaustive, SearchSP or SearchAuto (the default; ""
	// selects it). At large K the exhaustive search only affords K0 = K
	// plus a few candidates, and the greedy 2b' picks them among the
	// centres of single noisy words (rare words, whose ratios are far out
	// in R^{K-1}): at K = 100 it finds none of the vertices, successive
	// projection on the centres of at least MinCentreSize words all of
	// them (docs/BENCHMARKS.md).
	VertexSearch string
	// MinCentreSize is the fewest words a k-means centre must hold to be a
	// candidate vertex of successive projection, and below which a vertex
	// of the exhaustive search is reported as degenerate; default
	// DefaultMinCentreSize (5).
	// A vertex is the centre of a cluster of anchor words (section 3); a
	// centre of one or two words is an outlier. hull's addition, not the
	// paper's.
	MinCentreSize int
	// S is s, the number of largest entries kept in each topic (step 5);
	// default p, keep every word.
	S int
	// RatioThreshold is a in the truncation T(x, a) of the ratios (step
	// 1); default log(max(n, p)), the paper's. math.Inf(1) turns the
	// truncation off. The vertices' own coordinates grow with K (like
	// sqrt(K)) while the paper's a grows like log(n): from about K = 9 on
	// the paper's simulated corpora the truncation clips the anchor words'
	// rows, shrinks the simplex and costs accuracy (docs/BENCHMARKS.md), so
	// large K may call for a larger threshold.
	RatioThreshold float64
	// Normalize applies the pre-SVD normalisation of Ke and Wang, "Using
	// SVD for topic modeling" (JASA 2024): row j of D is divided by
	// sqrt(M_j), M_j the mean frequency of word j over the documents, and
	// the topic estimate of step 4 is multiplied back by sqrt(M_j) (see
	// the package documentation).
	Normalize bool
	// PowerIters is the number of power (subspace) iterations of the
	// randomized SVD; default 4 (DefaultPowerIters); negative: none.
	PowerIters int
	// Restarts is the number of k-means++ restarts of step 2a, the best
	// (least inertia) kept; default 3.
	Restarts int
	// KMeansIter bounds the Lloyd iterations of each restart; default 100.
	KMeansIter int
	// KMeansTol stops a k-means restart when an iteration lowers the
	// inertia by less than this fraction; default 1e-3. The centres only
	// sketch the cloud of R's rows: on the paper's simulations 1, 3 or 10
	// restarts and tolerances from 1e-8 to 1e-3 give the same error to
	// 1e-3, while k-means is most of the time of a fit (docs/BENCHMARKS.md).
	KMeansTol float64
}

// Learner learns topics by Topic-SCORE. Create it with New; the zero
// value is the learner New(Options{}) makes.
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

// New validates opts, fills in the defaults that do not depend on K and
// returns a Learner.
func New(opts Options) (*Learner, error) {
	if opts.MaxSimplices == 0 {
		opts.MaxSimplices = DefaultMaxSimplices
	}
	if opts.PowerIters == 0 {
		opts.PowerIters = DefaultPowerIters
	}
	if opts.Restarts == 0 {
		opts.Restarts = DefaultRestarts
	}
	if opts.KMeansIter == 0 {
		opts.KMeansIter = DefaultKMeansIter
	}
	if opts.KMeansTol == 0 {
		opts.KMeansTol = DefaultKMeansTol
	}
	if opts.VertexSearch == "" {
		opts.VertexSearch = SearchAuto
	}
	bad := func(field string, value any, want string) error {
		return &learner.OptionError{Learner: Algorithm, Field: field, Value: value, Want: want}
	}
	switch {
	case opts.M < 0:
		return nil, bad("M", opts.M, ">= 0 (0: 10K)")
	case opts.K0 < 0:
		return nil, bad("K0", opts.K0, ">= 0 (0: ceil(5K/4) within MaxSimplices)")
	case opts.MaxSimplices < 0:
		return nil, bad("MaxSimplices", opts.MaxSimplices, ">= 0")
	case opts.VertexSearch != SearchAuto && opts.VertexSearch != SearchExhaustive && opts.VertexSearch != SearchSP:
		return nil, bad("VertexSearch", opts.VertexSearch, fmt.Sprintf("%s, %s or %s", SearchAuto, SearchExhaustive, SearchSP))
	case opts.MinCentreSize < 0:
		return nil, bad("MinCentreSize", opts.MinCentreSize, ">= 0 (0: 5)")
	case opts.S < 0:
		return nil, bad("S", opts.S, ">= 0 (0: every word)")
	case opts.Restarts < 0:
		return nil, bad("Restarts", opts.Restarts, ">= 0")
	case opts.KMeansIter < 0:
		return nil, bad("KMeansIter", opts.KMeansIter, ">= 0")
	case !(opts.KMeansTol > 0) || math.IsInf(opts.KMeansTol, 1):
		return nil, bad("KMeansTol", opts.KMeansTol, fmt.Sprintf("a finite number >= 0 (0: the default, %g)", DefaultKMeansTol))
	case !(opts.RatioThreshold >= 0):
		return nil, bad("RatioThreshold", opts.RatioThreshold, ">= 0 (0: log(max(n, p)); +Inf: no truncation)")
	}
	if err := opts.Auto.Validate(Algorithm); err != nil {
		return nil, err
	}
	if err := opts.Settings.Validate(Algorithm); err != nil {
		return nil, err
	}
	return &Learner{opts: opts, made: true}, nil
}

// Options returns the learner's options with the K-independent defaults
// filled in.
func (l *Learner) Options() Options { return l.ready().opts }

// EstimateBytes returns the working memory Fit needs for c and k topics
// with the learner's options: the package's EstimateBytes. It makes the
// learner a learner.Estimator.
func (l *Learner) EstimateBytes(c *corpus.Corpus, k int) int64 {
	return EstimateBytes(c, k, l.ready().opts)
}

// EstimateBytes returns the working memory Fit needs for c and k topics
// under o, the corpus aside: the larger of the SVD's peak and the vertex
// hunting's. The SVD holds D^T (12 bytes per nonzero), the scratch of its
// products (internal/linalg.SVDScratchBytes: D itself unless there are
// many more documents than words, and then partial sums) and its dense
// blocks:
// the V x (K + 10) sketch with the two blocks of its QR, and the D x (K +
// 10) product with D^T (the randomized SVD orthonormalises the V-side
// block last, and the D side only when it is the smaller). The
// vertex hunting holds the left singular vectors, R and the topics (V x K
// each) and k-means' bounds for the M centres of the V rows of R
// (internal/kmeans.WorkBytes). The refinement of noisy topics
// (Options.Auto) may need more: refine.EstimateBytes.
func EstimateBytes(c *corpus.Corpus, k int, o Options) int64 {
	v, d, kk := int64(c.NumWords()), int64(c.NumDocs()), int64(k)
	l := min(kk+10, v, d) // K + the default oversampling
	svd := 12*c.NNZ() + linalg.SVDScratchBytes(int(d), int(v), c.NNZ(), int(l)) + 8*(3*v+d)*l + 8*(v+d)
	m := o.M
	if m == 0 {
		m = 10 * k
	}
	hunt := 3*8*v*kk + kmeans.WorkBytes(c.NumWords(), k-1, min(m, c.NumWords()), kmeans.Options{Restarts: o.Restarts, Threads: o.Threads})
	return max(svd, hunt, o.Auto.EstimateBytes(c, k))
}

// Fit learns k topics from c by steps 1-5 of section 3 of the paper. It
// fails for k < 2, k >= V (wrapping learner.ErrTooFewWords) or k > D
// (the number of documents), when D has
// rank below k, when fewer than k words occur (wrapping
// learner.ErrTooFewWords), with a *learner.OptionError when M or K0 is
// below k or C(K0, k) exceeds MaxSimplices, when every K-subset of the
// candidate centres is affinely dependent, and with a *learner.MemoryError
// when EstimateBytes exceeds MaxMemory.
func (l *Learner) Fit(ctx context.Context, c *corpus.Corpus, k int) (*model.Model, error) {
	l = l.ready()
	if err := learner.CheckCorpus(c); err != nil {
		return nil, err
	}
	o := l.opts
	switch {
	case k < 2:
		return nil, fmt.Errorf("topicscore: K = %d topics: want 2 <= K < V", k)
	case k >= c.NumWords():
		return nil, fmt.Errorf("topicscore: K = %d topics for %d words: want 2 <= K < V: %w", k, c.NumWords(), learner.ErrTooFewWords)
	case k > c.NumDocs():
		return nil, fmt.Errorf("topicscore: K = %d topics for %d documents: want K <= D", k, c.NumDocs())
	}
	if err := o.checkK(k); err != nil {
		return nil, err
	}
	if err := o.Settings.CheckMemory(fmt.Sprintf("topicscore: Topic-SCORE for %d words, %d documents and K = %d", c.NumWords(), c.NumDocs(), k), EstimateBytes(c, k, o)); err != nil {
		return nil, err
	}
	f := fit{o: &o, c: c, k: k, params: map[string]any{"normalize": o.Normalize}}
	var err error
	f.timings, err = learner.RunStages(ctx, []learner.Stage{
		{Name: "svd", Run: f.svd},
		{Name: "ratios", Run: f.ratios},
		{Name: "vertex hunting", Run: f.vertices},
		{Name: "topics", Run: f.topics},
	})
	if err != nil {
		return nil, err
	}
	m := f.model()
	if err := o.Auto.Apply(ctx, c, m, o.Settings); err != nil {
		return nil, err
	}
	return m, nil
}

// fit holds the state of one Fit call, stage by stage.
type fit struct {
	o *Options
	c *corpus.Corpus
	k int

	scale []float64  // sqrt(M_j) with Normalize (0 for unseen words), else nil
	xi    *mat.Dense // p x K left singular vectors
	used  []int      // words with xi_1 > 0, in index order
	r     []float64  // len(used) x (K-1) row-major: the truncated ratios
	vert  []float64  // K x (K-1) row-major: the vertices

	nearRows []int     // rows of R (positions in used) of the words nearest each vertex, topic by topic
	words    [][]int   // per topic the VertexWordsPerTopic words nearest its vertex
	sv       []float64 // singular values of D
	simplex  *model.Simplex
	topicsV  [][]float64
	params   map[string]any
	timings  []model.Timing
}

// svd builds D (p x n, column d = counts / n_d; rows scaled by 1/sqrt(M_j)
// with Normalize) and its rank-K left singular vectors (step 1).
func (f *fit) svd(ctx context.Context) error {
	c, p, n := f.c, f.c.NumWords(), f.c.NumDocs()
	f.o.Progress.Report("svd", 0, 1)
	dt := &linalg.CSR{Rows: n, Cols: p, RowPtr: make([]int64, n+1), ColIdx: make([]int32, c.NNZ()), Val: make([]float64, c.NNZ())}
	copy(dt.RowPtr, c.Offsets)
	copy(dt.ColIdx, c.Words)
	for d := 0; d < n; d++ {
		lo, hi := c.Offsets[d], c.Offsets[d+1]
		if nd := c.DocLen(d); nd > 0 {
			inv := 1 / float64(nd)
			for i := lo; i < hi; i++ {
				dt.Val[i] = float64(c.Counts[i]) * inv
			}
		}
	}
	if f.o.Normalize {
		// M_j = (1/n) sum_d D(j, d); rows of D scaled by M_j^{-1/2}.
		mean := make([]float64, p)
		for i, w := range dt.ColIdx {
			mean[w] += dt.Val[i]
		}
		f.scale = make([]float64, p)
		inv := make([]float64, p)
		for j, s := range mean {
			if s > 0 {
				f.scale[j] = math.Sqrt(s / float64(n))
				inv[j] = 1 / f.scale[j]
			}
		}
		for i, w := range dt.ColIdx {
			dt.Val[i] *= inv[w]
		}
	}
	// The SVD of D = dt^T, the words x documents matrix: with many more
	// documents than words its products need only dt.
	u, s, _, err := linalg.TransposedRandomizedSVD(dt, f.k, linalg.SVDOptions{PowerIters: f.o.PowerIters, Seed: f.o.Seed, Threads: f.o.Threads, Context: ctx})
	if err != nil {
		return fmt.Errorf("topicscore: SVD: %w", err)
	}
	if !(s[f.k-1] > 1e-12*s[0]) {
		return fmt.Errorf("topicscore: the word-document matrix has rank below K = %d (singular values %v)", f.k, s)
	}
	f.xi = u
	f.sv = s
	f.params["svd_power_iters"] = max(f.o.PowerIters, 0)
	f.o.Progress.Report("svd", 1, 1)
	return ctx.Err()
}

// ratioThreshold returns log(max(n, p)), the truncation level of step 1.
func ratioThreshold(n, p int) float64 { return math.Log(float64(max(n, p))) }

// truncate is the truncation function of step 1, T(x, a) = sign(x) *
// min(|x|, a).
func truncate(x, a float64) float64 {
	if math.Abs(x) > a {
		return math.Copysign(a, x)
	}
	return x
}

// ratios computes R (step 1): R(j, k) = T(xi_{k+1}(j) / xi_1(j),
// log(max(n, p))) (or Options.RatioThreshold) for every word j with
// xi_1(j) > 0. xi_1 is signed to sum
// positive (Perron: it is non-negative); a word with xi_1(j) <= 0 (one that
// never occurs has a zero row of D) has no ratio and takes no part in
// vertex hunting; its topic weights are 0.
func (f *fit) ratios(ctx context.Context) error {
	p, k := f.c.NumWords(), f.k
	xi := f.xi
	sum := 0.0
	for j := 0; j < p; j++ {
		sum += xi.At(j, 0)
	}
	if sum < 0 {
		xi.Scale(-1, xi)
	}
	a := f.o.RatioThreshold
	if a == 0 {
		a = ratioThreshold(f.c.NumDocs(), p)
	}
	f.used = f.used[:0]
	truncated := 0
	for j := 0; j < p; j++ {
		x1 := xi.At(j, 0)
		if !(x1 > 0) {
			continue
		}
		f.used = append(f.used, j)
		for c := 1; c < k; c++ {
			x := xi.At(j, c) / x1
			t := truncate(x, a)
			if t != x {
				truncated++
			}
			f.r = append(f.r, t)
		}
	}
	if len(f.used) < k {
		return fmt.Errorf("topicscore: only %d words have a positive first singular vector entry, fewer than K = %d: %w", len(f.used), k, learner.ErrTooFewWords)
	}
	if math.IsInf(a, 1) {
		f.params["ratio_threshold"] = nil // JSON has no infinity
	} else {
		f.params["ratio_threshold"] = a
	}
	f.params["ratios_truncated"] = truncated
	f.params["words_used"] = len(f.used)
	f.params["words_excluded"] = p - len(f.used)
	return ctx.Err()
}

// vertices is the vertex hunting of section 3: k-means (2a), then the
// search Options.VertexSearch selects: the greedy pre-selection (2b') and
// the exhaustive search (2b), or successive projection on the k-means
// centres of at least MinCentreSize words. With VertexSearch auto the
// exhaustive search runs when the paper's K0 = ceil(5K/4) fits the budget
// (and whenever K0 is set), successive projection otherwise; an exhaustive
// search that picks a vertex from a centre of fewer than MinCentreSize
// words (a few noisy words, not a cluster of anchor words) is degenerate:
// it is logged and, with auto, replaced by successive projection.
func (f *fit) vertices(ctx context.Context) error {
	k, dim, words := f.k, f.k-1, len(f.used)
	m := f.o.M
	if m == 0 {
		m = 10 * k
	}
	m = min(m, words) // words >= k, and checkK refused an M below k
	mode := f.o.VertexSearch
	k0 := f.o.K0
	if mode == SearchAuto {
		mode = SearchExhaustive
		if k0 == 0 && binomial(min(m, (5*k+3)/4), k) > f.o.MaxSimplices {
			mode = SearchSP
		}
	}
	if mode == SearchExhaustive {
		if k0 == 0 {
			k0 = DefaultK0(k, m, f.o.MaxSimplices)
		}
		// At least k: DefaultK0 is, and checkK refused a K0 below k.
		k0 = min(k0, m)
		if n := binomial(k0, k); n > f.o.MaxSimplices { // DefaultK0 keeps within it: only a K0 set
			return f.o.k0Error(k, k0, m, n)
		}
	}
	f.o.Progress.Report("k-means", 0, 1)
	km, err := kmeans.Cluster(mat.NewDense(words, dim, f.r), m, kmeans.Options{
		Restarts: f.o.Restarts, MaxIter: f.o.KMeansIter, Tol: f.o.KMeansTol, Seed: f.o.Seed ^ 0x73636f7265, Threads: f.o.Threads, Context: ctx}) // "score"
	if errors.Is(err, kmeans.ErrFewDistinct) {
		return fmt.Errorf("topicscore: vertex hunting: the SVD ratios of the %d words hold fewer distinct points than the Options.M = %d k-means centres; lower Options.M or K", words, m)
	}
	if err != nil {
		return fmt.Errorf("topicscore: k-means: %w", err)
	}
	f.o.Progress.Report("k-means", 1, 1)
	centres := make([]float64, 0, m*dim)
	for i := 0; i < m; i++ {
		centres = append(centres, km.Centers.RawRowView(i)...)
	}
	sizes := make([]int, m)
	for _, c := range km.Assign {
		sizes[c]++
	}
	floor := f.o.MinCentreSize
	if floor == 0 {
		floor = DefaultMinCentreSize
	}
	small := 0
	for _, n := range sizes {
		if n < floor {
			small++
		}
	}
	f.params["m"] = m
	f.params["kmeans_restarts"] = f.o.Restarts
	f.params["kmeans_inertia"] = km.Inertia
	f.params["min_centre_size"] = floor
	f.params["centres_small"] = small
	var vc []int
	var res searchResult
	if mode == SearchExhaustive {
		cand := greedy(centres, m, dim, k0)
		candRows := make([]float64, 0, k0*dim)
		for _, i := range cand {
			candRows = append(candRows, centres[i*dim:i*dim+dim]...)
		}
		if res, err = search(ctx, candRows, k0, k, f.o.Threads, f.o.Progress); err != nil {
			return err
		}
		vc = make([]int, k)
		for i, pos := range res.subset {
			vc[i] = cand[pos]
		}
		f.params["k0"] = k0
		if f.degenerate(centres, vc, sizes, floor) {
			if f.o.VertexSearch == SearchAuto {
				f.o.Settings.Logf("topicscore: vertex hunting: recovering by successive projection on the %d centres of at least %d words (VertexSearch = %s)", m-small, floor, SearchSP)
				f.params["vertex_recovered"] = true
				mode = SearchSP
			}
		}
	}
	if mode == SearchSP {
		var keep []int
		if keep, floor = largeCentres(sizes, floor, k); floor != f.params["min_centre_size"] {
			f.o.Settings.Logf("topicscore: vertex hunting: fewer than K = %d k-means centres have %d words or more; the floor MinCentreSize lowered to %d", k, f.params["min_centre_size"], floor)
			f.params["min_centre_size"] = floor
		}
		candRows := make([]float64, 0, len(keep)*dim)
		for _, i := range keep {
			candRows = append(candRows, centres[i*dim:i*dim+dim]...)
		}
		sub := successiveProjection(candRows, len(keep), dim, k)
		ev := newSubsetEval(len(keep), k)
		value, ok := ev.value(candRows, sub, math.Inf(1))
		if !ok {
			return fmt.Errorf("topicscore: vertex hunting: the %d centres chosen by successive projection are affinely dependent", k)
		}
		slices.Sort(sub)
		res = searchResult{subset: sub, value: value, simplices: 1}
		vc = make([]int, k)
		for i, pos := range sub {
			vc[i] = keep[pos]
		}
		f.params["k0"] = len(keep)
		f.degenerate(centres, vc, sizes, floor)
	}
	f.vert = make([]float64, 0, k*dim)
	for _, c := range vc {
		f.vert = append(f.vert, centres[c*dim:c*dim+dim]...)
	}
	f.params["vertex_search"] = mode
	f.params["simplices"] = res.simplices
	f.params["simplices_degenerate"] = res.degenerate
	f.params["vertex_fit"] = res.value
	f.simplex = &model.Simplex{
		Vertices:      rows(f.vert, dim),
		Centres:       rows(centres, dim),
		VertexCentres: vc,
	}
	return nil
}

// DefaultMinCentreSize is the default MinCentreSize: a k-means centre of
// fewer words is an outlier (rare words whose ratios are noise), not the
// local cluster of anchor words around a vertex. At K = 100 (docs/
// BENCHMARKS.md) floors of 3, 5 and 10 words all find every vertex, 2
// misses some; the vertex clusters of the paper's simulations hold 20 and
// more words.
const DefaultMinCentreSize = 5

// duplicateRatio is the least ratio of the smallest to the median distance
// between two vertices of a simplex that is not degenerate. On the
// paper's simulated corpora at K = 20, simplices that find every topic
// have ratios of 0.6-1, and those that lose one (two vertices on the same
// cluster of anchor words) 0.05-0.15.
const duplicateRatio = 0.25

// degenerate reports whether the vertex centres vc (among centres, of
// sizes words each) make a degenerate simplex, records the measures in
// Params ("vertex_small_centres", "vertex_distance_ratio",
// "vertex_degenerate": of the simplex returned) and logs what is wrong: more than half of the
// vertices are centres of fewer than floor words (noisy words, not
// clusters of anchor words), or two vertices nearly coincide (their
// distance below duplicateRatio times the median distance between
// vertices: two topics on one cluster, another topic lost).
func (f *fit) degenerate(centres []float64, vc, sizes []int, floor int) bool {
	k, dim := f.k, f.k-1
	small := 0
	for _, c := range vc {
		if sizes[c] < floor {
			small++
		}
	}
	var d []float64
	ci, cj, least := 0, 0, math.Inf(1)
	for i := 0; i < k; i++ {
		for j := i + 1; j < k; j++ {
			x := math.Sqrt(sqDist(centres[vc[i]*dim:vc[i]*dim+dim], centres[vc[j]*dim:vc[j]*dim+dim]))
			d = append(d, x)
			if x < least {
				ci, cj, least = i, j, x
			}
		}
	}
	slices.Sort(d)
	ratio := least / d[len(d)/2]
	f.params["vertex_small_centres"] = small
	f.params["vertex_distance_ratio"] = ratio
	bad := false
	if 2*small > k {
		f.o.Settings.Logf("topicscore: vertex hunting: %d of the K = %d vertices are k-means centres of fewer than %d words (MinCentreSize): noisy words, not clusters of anchor words; the simplex is degenerate", small, k, floor)
		bad = true
	}
	if ratio < duplicateRatio {
		f.o.Settings.Logf("topicscore: vertex hunting: vertices %d and %d are %.3g apart, %.0f%% of the median distance between vertices: two topics on one cluster of words, another lost; the simplex is degenerate", ci+1, cj+1, least, 100*ratio)
		bad = true
	}
	if bad {
		f.params["vertex_degenerate"] = true
	} else {
		delete(f.params, "vertex_degenerate") // a degenerate exhaustive search recovered from
	}
	return bad
}

// largeCentres returns the centres of at least floor words, in index
// order, with floor lowered (never below 1) until there are at least k of
// them, and the floor used.
func largeCentres(sizes []int, floor, k int) ([]int, int) {
	// No floor above the largest centre keeps one: start there (a floor of
	// MaxInt took as many steps down).
	if len(sizes) > 0 {
		floor = min(floor, max(slices.Max(sizes), 1))
	}
	for ; ; floor-- {
		var keep []int
		for i, n := range sizes {
			if n >= floor {
				keep = append(keep, i)
			}
		}
		if len(keep) >= k || floor <= 1 {
			return keep, floor
		}
	}
}

// checkK refuses the options that cannot fit k topics whatever the
// corpus: fewer k-means centres M, or candidates K0, than K (they were
// refused after the SVD of the whole corpus). The registry's CheckK;
// Fit calls it first.
func (o *Options) checkK(k int) error {
	switch {
	case o.M != 0 && o.M < k:
		return &learner.OptionError{Learner: Algorithm, Field: "M", Value: o.M, Want: fmt.Sprintf(">= K = %d k-means centres (0: 10K)", k)}
	case o.K0 != 0 && o.K0 < k:
		return &learner.OptionError{Learner: Algorithm, Field: "K0", Value: o.K0, Want: fmt.Sprintf(">= K = %d candidate centres (0: ceil(5K/4) within the budget)", k)}
	}
	return nil
}

// k0Error is the error of a K0 whose k0 candidates (K0 lowered to the m
// k-means centres) give n > MaxSimplices simplices of k vertices: the
// numbers are those of the K0 given, and a K0 above m says it was
// lowered, and by what (it cited C(m, k) as if it were K0's).
func (o *Options) k0Error(k, k0, m, n int) error {
	lowered := ""
	if o.K0 > m {
		lowered = fmt.Sprintf("it is lowered to the %d k-means centres (Options.M), and ", m)
	}
	return &learner.OptionError{Learner: Algorithm, Field: "K0", Value: o.K0, Want: fmt.Sprintf(
		"at most %d: %sC(%d, %d) = %s simplices is above the budget of %d",
		largestK0(k, o.MaxSimplices), lowered, k0, k, countString(n), o.MaxSimplices)}
}

// largestK0 returns the largest K0 >= k with C(K0, k) <= maxSimplices
// (k itself when none is larger).
func largestK0(k, maxSimplices int) int {
	k0 := k
	for binomial(k0+1, k) <= maxSimplices {
		k0++
	}
	return k0
}

// rows splits a row-major matrix of width dim into rows.
func rows(x []float64, dim int) [][]float64 {
	out := make([][]float64, 0, len(x)/max(dim, 1))
	for i := 0; i+dim <= len(x); i += dim {
		out = append(out, append([]float64(nil), x[i:i+dim]...))
	}
	return out
}

// countString formats a number of simplices, saturated at maxBinomial.
func countString(n int) string {
	if n >= maxBinomial {
		return "more than 10^15"
	}
	return fmt.Sprint(n)
}

// topics is steps 3-5: the barycentric coordinates of every word's row of
// R in the estimated simplex, negative entries clipped to 0 and rescaled to
// sum 1 (Pi); A* = diag(xi_1) Pi (times diag(sqrt(M)) with Normalize); the
// s largest entries of each column kept; columns normalised to sum 1.
func (f *fit) topics(ctx context.Context) error {
	k, dim, p := f.k, f.k-1, f.c.NumWords()
	bi := newBaryInverse(k)
	if !bi.set(func(i int) []float64 { return f.vert[i*dim : i*dim+dim] }) {
		return errNoSimplex // unreachable: search returns affinely independent vertices
	}
	a := make([][]float64, k) // A*, topic-major
	for t := range a {
		a[t] = make([]float64, p)
	}
	words := len(f.used)
	err := parallel.For(ctx, words, 1024, f.o.Threads, func(lo, hi int) {
		lambda := make([]float64, k)
		for i := lo; i < hi; i++ {
			j := f.used[i]
			bi.coords(f.r[i*dim:i*dim+dim], lambda)
			clipBarycentric(lambda)
			w := f.xi.At(j, 0)
			if f.scale != nil {
				w *= f.scale[j]
			}
			for t := range lambda {
				a[t][j] = w * lambda[t]
			}
		}
	}, nil)
	if err != nil {
		return err
	}
	s := f.o.S
	if s == 0 || s > p {
		s = p
	}
	for t, col := range a {
		if s < p {
			keepLargest(col, s)
		}
		sum := 0.0
		for _, v := range col {
			sum += v
		}
		if !(sum > 0) {
			return fmt.Errorf("topicscore: topic %d has no weight after clipping", t)
		}
		for j := range col {
			col[j] /= sum
		}
	}
	f.topicsV = a
	f.params["s"] = s
	f.vertexWords()
	f.ratioSample()
	return nil
}

// keepLargest zeroes all but the s largest entries of x (ties: the lower
// index is kept).
func keepLargest(x []float64, s int) {
	keep := make([]bool, len(x))
	for _, i := range topn.Indices(len(x), s, func(i int) float64 { return x[i] }) {
		keep[i] = true
	}
	for i, kept := range keep {
		if !kept {
			x[i] = 0
		}
	}
}

// model assembles the fitted model.
func (f *fit) model() *model.Model {
	return &model.Model{
		Algorithm: Algorithm,
		Params:    f.params,
		K:         f.k,
		Vocab:     f.c.Vocab,
		Topics:    f.topicsV,
		// The words nearest each vertex are characteristic of its topic,
		// not anchor words: Anchors stays empty.
		TopicWords:     f.words,
		SingularValues: f.sv,
		Simplex:        f.simplex,
		Provenance:     f.o.Settings.Provenance(f.c, f.timings),
	}
}
