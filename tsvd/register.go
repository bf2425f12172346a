package tsvd

import (
	"slices"

	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/refine"
)

// The learner name of TSVD, with the options the command line sets.
func init() {
	learner.Register(learner.Spec{
		Name:     Algorithm,
		Summary:  "Thresholded SVD, k-means and catchwords (Bansal, Bhattacharyya and Kannan 2014); below anchor on real text (see README)",
		Options:  slices.Concat(registryOptions, refine.AutoOptions),
		Defaults: func() any { o := DefaultOptions(); return &o },
		New:      func(o any) (learner.Learner, error) { return New(*o.(*Options)) },
	})
}

// registryOptions are the options the registry sets by name.
var registryOptions = []learner.Option{
	{Field: "W0", Flag: "tsvd-w0", Usage: "w0, least probability of a dominant topic, for the thresholds and catchwords (0: 1/K)"},
	{Field: "Eps", Flag: "tsvd-eps", Usage: "epsilon of the thresholds (no threshold on a count held by more than 3 eps w0 s documents; 0: the default)"},
	{Field: "Gamma", Flag: "tsvd-gamma", Usage: "gamma of the catchwords (g(i,l) > gamma g(i,l') for every other topic; 0: the default)"},
	{Field: "Eps0", Flag: "tsvd-eps0", Usage: "epsilon_0 of the catchwords (g(i,l) is the floor(eps0 w0 s/2)-th highest frequency in cluster l; 0: the default)"},
	{Field: "TopFraction", Flag: "tsvd-top", Usage: "eps0 w0 of the topic vectors, each the average of the floor(top s/2) documents richest in its catchwords (0: 1/K)"},
	{Field: "Thresholds", Flag: "tsvd-thresholds", Usage: "step 2 for words whose threshold is 0: paper (no row in B, as printed), authors (kept at their least count, as the authors' code) or auto (paper, unless B is then degenerate, or its topics are near-copies and the authors' have fewer near-duplicate pairs)"},
	{Field: "NoSplit", Flag: "tsvd-no-split", Usage: "threshold and cluster all documents instead of the paper's two random halves"},
}

// DefaultOptions returns the options of "hull fit --algo tsvd": the
// paper's constants, the automatic choice of thresholds, and the topics
// refined by EM when they are noisy (refine.DefaultAuto), which the zero
// Options never do. On real text the refinement is what makes the topics
// readable (README, "Refinement of noisy topics").
func DefaultOptions() Options {
	return Options{Eps: DefaultEps, Gamma: DefaultGamma, Eps0: DefaultEps0, Thresholds: ThresholdsAuto, Auto: refine.DefaultAuto()}
}
