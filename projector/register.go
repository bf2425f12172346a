package projector

import (
	"slices"

	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/refine"
)

// The learner names of Projector and of the k-means topics.
func init() {
	learner.Register(learner.Spec{
		Name:     Algorithm,
		Summary:  "Projector: centred SVD, cosine k-means, scaled simplex (Wang et al., section 6.2)",
		Options:  slices.Concat(projectorOptions, kmeansOptions, refine.AutoOptions),
		Defaults: func() any { o := DefaultOptions(); return &o },
		New:      func(o any) (learner.Learner, error) { return New(*o.(*Options)) },
	})
	learner.Register(learner.Spec{
		Name:     KMeansAlgorithm,
		Summary:  "k-means topics: cosine k-means of the documents, topics the cluster means (Wang et al.'s baseline)",
		Options:  slices.Concat(kmeansOptions, refine.AutoOptions),
		Defaults: func() any { o := DefaultKMeansOptions(); return &o },
		New:      func(o any) (learner.Learner, error) { return NewKMeans(*o.(*KMeansOptions)) },
	})
}

// projectorOptions are the options of Projector alone that the registry
// sets by name.
var projectorOptions = []learner.Option{
	{Field: "Delta", Flag: "delta", Usage: "scale the K centres by the smallest factor that puts this fraction of the projected documents inside their simplex (0: the default)", Inert: []learner.Inert{{Field: "NoScale", Value: "true"}}},
	{Field: "NoScale", Flag: "projector-no-scale", Usage: "skip the scaling step (topics from the k-means centres as found)"},
	{Field: "PowerIters", Flag: "projector-power-iters", Usage: "power iterations of the randomized SVD (0: 4; negative: none)"},
	{Field: "Oversample", Flag: "projector-oversample", Usage: "extra directions of the randomized SVD's sketch (0: 10; negative: none)"},
	{Field: "KMeansSample", Flag: "projector-kmeans-sample", Usage: "documents the k-means restarts run on before one last run on all (0: 500 K when there are at least twice as many; negative: all)"},
}

// kmeansOptions are the k-means options Projector and the k-means topics
// share (the same fields of Options and KMeansOptions).
var kmeansOptions = []learner.Option{
	{Field: "Restarts", Flag: "kmeans-restarts", Usage: "k-means++ restarts, the least inertia kept (0: 20 for projector, 10 for kmeans)"},
	{Field: "KMeansIter", Flag: "kmeans-iter", Usage: "most Lloyd iterations per k-means restart (0: 100)"},
	{Field: "KMeansTol", Flag: "kmeans-tol", Usage: "stop a k-means restart once an iteration lowers the inertia by less than this fraction (0: 1e-8)"},
}

// DefaultOptions returns the options of "hull fit --algo projector":
// DefaultDelta, with the topics refined by EM when they are noisy
// (refine.DefaultAuto), which the zero Options never do.
func DefaultOptions() Options {
	return Options{Delta: DefaultDelta, Auto: refine.DefaultAuto()}
}

// DefaultKMeansOptions returns the options of "hull fit --algo kmeans":
// the topics refined by EM when they are noisy (refine.DefaultAuto), which
// the zero KMeansOptions never do.
func DefaultKMeansOptions() KMeansOptions {
	return KMeansOptions{Auto: refine.DefaultAuto()}
}
