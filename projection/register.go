package projection

import (
	"slices"

	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/refine"
)

// The learner names of the three detections, each with the options that
// apply to it; ddp's --proj-top below K is refused before any corpus is
// read (CheckK).
func init() {
	for _, m := range []struct {
		method  Method
		summary string
		options []string // flags of registryOptions
	}{
		{RP, "random projections: novel words as the extremes of P random projections, clustered, topics by regression (Ding, Rohban, Ishwar, Saligrama 2013, Alg. 2, 4, 5); on noisy topics fits again with the candidate floor at 10% of the documents (--proj-no-raise)",
			[]string{"proj-min-df", "proj-no-raise", "proj-p", "proj-min-hits", "proj-cooccurrence", "proj-threshold", "proj-threshold-fraction", "proj-tolerance", "proj-max-iter"}},
		{DDP, "data-dependent projections, agnostic form (Ding, Rohban, Ishwar, Saligrama 2013, Alg. 1, 4, 5 and section 6.1); on noisy topics fits again with the candidate floor at 10% of the documents (--proj-no-raise)",
			[]string{"proj-min-df", "proj-no-raise", "proj-far", "proj-top", "proj-top-fraction", "proj-threshold", "proj-threshold-fraction", "proj-tolerance", "proj-max-iter"}},
		{Binning, "random projections with binning (Ding, Rohban, Ishwar, Saligrama 2013, Alg. 3 and 5); on noisy topics fits again with the candidate floor at 10% of the documents (--proj-no-raise)",
			[]string{"proj-min-df", "proj-no-raise", "proj-bins", "proj-threshold", "proj-threshold-fraction", "proj-tolerance", "proj-max-iter"}},
	} {
		opts := optionsOf(m.options)
		if m.method == Binning {
			// Binning's threshold is Threshold when set; rp's and ddp's
			// spectral fallback scales by ThresholdFraction whatever it is.
			for i := range opts {
				if opts[i].Field == "ThresholdFraction" {
					opts[i].Inert = []learner.Inert{{Field: "Threshold", Value: "", Unless: true}}
				}
			}
		}
		learner.Register(learner.Spec{
			Name:     string(m.method),
			Summary:  m.summary,
			Options:  slices.Concat(opts, refine.AutoOptions),
			Defaults: func() any { o := DefaultOptions(m.method); return &o },
			New:      func(o any) (learner.Learner, error) { return New(*o.(*Options)) },
			CheckK:   func(o any, k int) error { return o.(*Options).checkK(k) },
		})
	}
}

// DefaultOptions returns the options of method m as "hull fit --algo"
// sets them: the defaults New would fill in, shown, and the topics refined
// by EM when they are noisy (refine.DefaultAuto), which the zero Options
// never do.
func DefaultOptions(m Method) Options {
	return Options{
		Method:            m,
		Far:               DefaultFar,
		TopFraction:       DefaultTopFraction,
		ThresholdFraction: DefaultThresholdFraction,
		Tolerance:         DefaultTolerance,
		MaxIter:           DefaultMaxIter,
		Auto:              refine.DefaultAuto(),
	}
}

// optionsOf returns the options of registryOptions with the given flags,
// in registryOptions' order.
func optionsOf(flags []string) []learner.Option {
	var out []learner.Option
	for _, o := range registryOptions {
		for _, f := range flags {
			if o.Flag == f {
				out = append(out, o)
			}
		}
	}
	return out
}

// registryOptions are the options of rp, ddp and binning that the registry
// sets by name.
var registryOptions = []learner.Option{
	{Field: "MinDF", Flag: "proj-min-df", Usage: "novel-word candidates must occur in at least this many documents (0: 1% of the documents, at least 5 and at most 100, raised to 10% when the topics are noisy: see --proj-no-raise)"},
	{Field: "NoRaise", Flag: "proj-no-raise", Usage: "keep the fit at the automatic --proj-min-df whatever its topics (by default, when they are near-copies or one topic weighs more than 0.3 and 3/K, the fit runs again with the floor at 10% of the documents); not with --proj-min-df set, which is never raised",
		Inert: []learner.Inert{{Field: "MinDF", Value: "", Unless: true, Why: "only the automatic floor, MinDF 0, is ever raised"}}},
	{Field: "Projections", Flag: "proj-p", Usage: "random directions P (0: 50K)"},
	{Field: "MinHits", Flag: "proj-min-hits", Usage: "a word is novel when at least this many directions have it as argmax or argmin (0: max(2, 5% of 2P/K))"},
	{Field: "Cooccurrence", Flag: "proj-cooccurrence", Usage: "project the rows of E = D X~' X~^T (directions in R^V) instead of the rows of X~"},
	{Field: "Bins", Flag: "proj-bins", Usage: "bins B (0: 50K, at most D/20)"},
	{Field: "Far", Flag: "proj-far", Usage: "|J_i|, the farthest candidates each word is compared with, as a fraction of the candidates (0: the default)"},
	{Field: "Top", Flag: "proj-top", Usage: "words declared novel, the highest scores (0: those scoring at least --proj-top-fraction of the K-th highest)"},
	{Field: "TopFraction", Flag: "proj-top-fraction", Usage: "with --proj-top 0, the fraction of the K-th highest score a novel word must reach (0: the default)", Inert: []learner.Inert{{Field: "Top", Value: "", Unless: true}}},
	{Field: "Threshold", Flag: "proj-threshold", Usage: "clustering threshold d/2 on the scale of dist(i,j) (0: --proj-threshold-fraction of the median distance from the K most novel words to the farthest novel word)"},
	{Field: "ThresholdFraction", Flag: "proj-threshold-fraction", Usage: "the automatic threshold's fraction (0: the default)"},
	{Field: "Tolerance", Flag: "proj-tolerance", Usage: "KKT-gap tolerance of each word's topic regression (Algorithm 5; 0: the default)"},
	{Field: "MaxIter", Flag: "proj-max-iter", Usage: "most exponentiated-gradient iterations per word (0: the default)"},
}
