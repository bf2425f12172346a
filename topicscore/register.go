package topicscore

import "github.com/hulltopics/hull/learner"

// The learner name of Topic-SCORE, with the options the command line sets.
func init() {
	learner.Register(learner.Spec{
		Name:     Algorithm,
		Summary:  "Topic-SCORE (Ke 2017); collapses on real text, even with --normalize (see README)",
		Options:  registryOptions,
		Defaults: func() any { return &Options{} },
		New:      func(o any) (learner.Learner, error) { return New(*o.(*Options)) },
	})
}

// registryOptions are the options the registry sets by name.
var registryOptions = []learner.Option{
	{Field: "M", Flag: "score-m", Usage: "k-means centres m of the vertex hunting (0: 10K)"},
	{Field: "K0", Flag: "score-k0", Usage: "candidate centres K0 searched exhaustively (0: ceil(5K/4), lowered so that C(K0, K) <= 200,000)"},
	{Field: "Normalize", Flag: "normalize", Usage: "divide each word's frequencies by the square root of its mean frequency before the SVD (Ke and Wang)"},
	{Field: "RatioThreshold", Flag: "score-truncate", Usage: "truncate the SVD ratios at +-this (0: log(max(D, V)), the paper's; inf: no truncation)"},
}
