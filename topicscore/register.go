package topicscore

import (
	"slices"

	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/refine"
)

// The learner name of Topic-SCORE, with the options the command line sets;
// M and K0 below K are refused before any corpus is read (CheckK).
func init() {
	learner.Register(learner.Spec{
		Name:     Algorithm,
		Summary:  "Topic-SCORE (Ke 2017); refined by EM when its topics are near-copies, as on NIPS and Reuters (see README)",
		Options:  slices.Concat(registryOptions, refine.AutoOptions),
		Defaults: func() any { o := DefaultOptions(); return &o },
		New:      func(o any) (learner.Learner, error) { return New(*o.(*Options)) },
		CheckK:   func(o any, k int) error { return o.(*Options).checkK(k) },
	})
}

// registryOptions are the options the registry sets by name.
var registryOptions = []learner.Option{
	{Field: "M", Flag: "score-m", Usage: "k-means centres m of the vertex hunting (0: 10K)"},
	{Field: "K0", Flag: "score-k0", Usage: "candidate centres K0 searched exhaustively (0: ceil(5K/4), lowered so that C(K0, K) <= 200,000; setting it selects the exhaustive search)", Inert: []learner.Inert{{Field: "VertexSearch", Value: string(SearchSP)}}},
	{Field: "VertexSearch", Flag: "score-search", Usage: "vertex hunting: exhaustive (the paper's 2b' and 2b over K0 candidates), sp (successive projection on the k-means centres of at least --score-min-centre words) or auto (exhaustive while ceil(5K/4) candidates fit the budget and the simplex is not degenerate, else sp; the default)"},
	{Field: "MinCentreSize", Flag: "score-min-centre", Usage: "fewest words of a k-means centre taken as a vertex by sp, and below which a vertex of the exhaustive search counts as degenerate (0: 5)"},
	{Field: "Restarts", Flag: "score-restarts", Usage: "k-means++ restarts of the vertex hunting's k-means, the best kept (0: 3)"},
	{Field: "KMeansIter", Flag: "score-kmeans-iter", Usage: "most Lloyd iterations of each k-means restart (0: 100)"},
	{Field: "KMeansTol", Flag: "score-kmeans-tol", Usage: "stop a k-means restart once an iteration lowers the inertia by less than this fraction (0: 1e-3)"},
	{Field: "Normalize", Flag: "normalize", Usage: "divide each word's frequencies by the square root of its mean frequency before the SVD (Ke and Wang)"},
	{Field: "RatioThreshold", Flag: "score-truncate", Usage: "truncate the SVD ratios at +-this (0: log(max(D, V)), the paper's; inf: no truncation)"},
}

// DefaultOptions returns the options of "hull fit --algo score": the
// zero Options' method, with the topics refined by EM when they are noisy
// (refine.DefaultAuto), which the zero Options never do.
func DefaultOptions() Options {
	return Options{Auto: refine.DefaultAuto()}
}
