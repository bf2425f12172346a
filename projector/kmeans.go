package projector

import (
	"context"
	"errors"
	"fmt"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/kmeans"
	"github.com/hulltopics/hull/internal/linalg"
	"github.com/hulltopics/hull/internal/options"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/refine"
)

// KMeansAlgorithm is the model.Model Algorithm (and "hull fit --algo"
// name) of the k-means topics baseline.
const KMeansAlgorithm = "kmeans"

// KMeansOptions are the parameters of the k-means topics baseline. The
// zero value of each field selects its documented default.
type KMeansOptions struct {
	// Settings are the run settings. The seed drives k-means, the only
	// random choice; results do not depend on Threads; the memory bound
	// applies to KMeansEstimateBytes.
	learner.Settings
	// Auto refines the topics by EM when they are noisy (package refine;
	// the zero value never does, the registered default of "hull fit"
	// does).
	refine.Auto
	// Restarts is the number of k-means++ restarts, the one of least
	// inertia kept. Default 10.
	Restarts int
	// KMeansIter bounds the Lloyd iterations of each restart. Default 100.
	KMeansIter int
	// KMeansTol stops a restart once an iteration lowers the inertia by
	// less than this fraction of it. Default 1e-8.
	KMeansTol float64
}

// KMeans learns topics as the cluster means of a spherical k-means of the
// documents, the paper's "k-means" baseline. Create it with NewKMeans;
// the zero value is the learner NewKMeans(KMeansOptions{}) makes.
type KMeans struct {
	opts KMeansOptions
	made bool // by NewKMeans; see ready
}

// ready returns l, or for a KMeans declared rather than made by NewKMeans the one
// NewKMeans(KMeansOptions{}) makes: the zero value fits with the defaults.
func (l *KMeans) ready() *KMeans {
	return options.Made(l, l.made, func() (*KMeans, error) { return NewKMeans(KMeansOptions{}) })
}

var _ learner.Learner = (*KMeans)(nil)

// NewKMeans validates opts, fills in the defaults and returns the learner.
// An option out of range gives a *learner.OptionError naming the field.
func NewKMeans(opts KMeansOptions) (*KMeans, error) {
	if err := checkKMeans(KMeansAlgorithm, &opts.Restarts, &opts.KMeansIter, &opts.KMeansTol, DefaultKMeansRestarts); err != nil {
		return nil, err
	}
	if err := opts.Auto.Validate(KMeansAlgorithm); err != nil {
		return nil, err
	}
	if err := opts.Settings.Validate(KMeansAlgorithm); err != nil {
		return nil, err
	}
	return &KMeans{opts: opts, made: true}, nil
}

// Options returns the learner's options with the defaults filled in.
func (l *KMeans) Options() KMeansOptions { return l.ready().opts }

// EstimateBytes returns the working memory Fit needs for c and k topics
// with the learner's options: KMeansEstimateBytes. It makes the
// learner a learner.Estimator.
func (l *KMeans) EstimateBytes(c *corpus.Corpus, k int) int64 {
	l = l.ready()
	return KMeansEstimateBytes(c, k, l.opts)
}

// KMeansEstimateBytes returns the working memory of the k-means baseline
// for c and k topics under o: the sparse D x V matrix of word frequencies
// (12 bytes per nonzero) and the unit-length copy k-means makes of its
// values (8 more), the best restart's centres and the topics (K x V each,
// 8 bytes per entry), a few values per document, and for each restart
// running at once, one per thread, the centres, their sums and k-means'
// bounds, 4 bytes per document and cluster (internal/kmeans.WorkBytes).
func KMeansEstimateBytes(c *corpus.Corpus, k int, o KMeansOptions) int64 {
	v, d := int64(c.NumWords()), int64(c.NumDocs())
	restarts := o.Restarts
	if restarts == 0 {
		restarts = DefaultKMeansRestarts
	}
	return max(20*c.NNZ()+2*8*int64(k)*v+24*d+kmeans.WorkBytes(int(d), int(v), k, kmeans.Options{Restarts: restarts, Threads: o.Threads}), o.Auto.EstimateBytes(c, k))
}

// Fit learns k topics from c: spherical k-means (distance 1 - cos) of the
// documents' word-frequency rows in R^V, each topic the mean of the word
// distributions of its cluster's documents (see the package
// documentation). It fails for k < 1, when the non-empty documents are
// fewer than k or have fewer than k distinct directions, and with a
// *learner.MemoryError when KMeansEstimateBytes exceeds MaxMemory. The
// documents are clustered as sparse rows (internal/kmeans.ClusterCosineCSR),
// so each Lloyd iteration takes O(nnz K + K V) time.
func (l *KMeans) Fit(ctx context.Context, c *corpus.Corpus, k int) (*model.Model, error) {
	l = l.ready()
	if err := learner.CheckCorpus(c); err != nil {
		return nil, err
	}
	o := l.opts
	docs, err := checkCorpus("kmeans", c, k, 1)
	if err != nil {
		return nil, err
	}
	if err := o.Settings.CheckMemory(fmt.Sprintf("kmeans: k-means topics of %d documents over %d words with K = %d", c.NumDocs(), c.NumWords(), k),
		KMeansEstimateBytes(c, k, o)); err != nil {
		return nil, err
	}
	params := map[string]any{
		"document_rows": "frequencies", "kmeans_restarts": o.Restarts, "kmeans_max_iter": o.KMeansIter, "kmeans_tol": o.KMeansTol,
		"empty_docs": c.NumDocs() - len(docs),
	}
	var x *linalg.CSR
	var mu []float64
	var res kmeans.Result
	var out result
	timings, err := learner.RunStages(ctx, []learner.Stage{
		{Name: "frequencies", Run: func(context.Context) error {
			o.Progress.Report("frequencies", 0, 1)
			x = frequencies(c, docs)
			mu = rowMean(x)
			o.Progress.Report("frequencies", 1, 1)
			return nil
		}},
		{Name: "k-means", Run: func(ctx context.Context) error {
			o.Progress.Report("k-means", 0, o.Restarts)
			var err error
			res, err = kmeans.ClusterCosineCSR(x, k, kmeans.Options{Restarts: o.Restarts, MaxIter: o.KMeansIter, Tol: o.KMeansTol, Seed: o.Seed, Threads: o.Threads, Context: ctx,
				Progress: func(done, total int) { o.Progress.Report("k-means", done, total) }})
			if errors.Is(err, kmeans.ErrFewDistinct) {
				return fmt.Errorf("kmeans: the documents have fewer than K = %d distinct word frequencies", k)
			}
			if err != nil {
				return fmt.Errorf("kmeans: %w", err)
			}
			params["kmeans_inertia"] = res.Inertia
			return nil
		}},
		{Name: "topics", Run: func(context.Context) error {
			o.Progress.Report("topics", 0, 1)
			out = clusterMeans(x, res, mu)
			o.Progress.Report("topics", 1, 1)
			return nil
		}},
	})
	if err != nil {
		return nil, err
	}
	m := newModel(KMeansAlgorithm, c, k, &out, o.Settings, params, timings)
	if err := o.Auto.Apply(ctx, c, m, o.Settings); err != nil {
		return nil, err
	}
	return m, nil
}

// clusterMeans returns, per cluster, the mean of its rows of x (word
// distributions, so the mean is one too), summed in row order. A cluster
// left empty (k-means re-seeds empty clusters, so this does not happen in
// practice) takes its cosine centre normalised to sum 1 (the rows are
// non-negative, so the centre is too; its source is SourceCosineCentre);
// mu, the mean of all rows, replaces a topic with no positive entry
// (SourceCorpusMean).
func clusterMeans(x *linalg.CSR, res kmeans.Result, mu []float64) result {
	k, v := res.Centers.Dims()
	rows := make([][]float64, k)
	for j := range rows {
		rows[j] = make([]float64, v)
	}
	sizes := make([]int, k)
	for i, j := range res.Assign {
		sizes[j]++
		row := rows[j]
		for p := x.RowPtr[i]; p < x.RowPtr[i+1]; p++ {
			row[x.ColIdx[p]] += x.Val[p]
		}
	}
	var empty []int
	for j, row := range rows {
		if sizes[j] == 0 {
			copy(row, res.Centers.RawRowView(j))
			empty = append(empty, j)
		}
	}
	// Normalising the sums is dividing by the sizes, up to rounding.
	out := clipNormalise(rows, mu)
	out.source = sources(k, SourceClusterMean, empty, out.fallback)
	out.sizes = sizes
	out.weights = shares(sizes)
	return out
}
