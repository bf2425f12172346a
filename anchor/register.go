package anchor

import (
	"slices"

	"github.com/hulltopics/hull/learner"
)

// rectifyFields are the options of the rectification, which change
// nothing without it (Rectify none, or the original recovery).
var rectifyFields = []string{"RectifyWords", "RectifyMaxIter", "RectifyTolerance"}

// solveFields are the options of the per-word simplex solves, which the
// original recovery's matrix inversion does not run.
var solveFields = []string{"Tolerance", "MaxIter"}

// unrectified are the settings under which rectifyFields change nothing.
var unrectified = []learner.Inert{{Field: "Rectify", Value: string(RectifyNone)}, {Field: "Rectify", Value: ""}}

// The learner names of the three recovery methods. "anchor" and
// "anchor-kl" rectify and refine when the paper's topics are noisy, by
// default (DefaultOptions, RectifyAuto); "recover", the paper's baseline,
// cannot be rectified and refines them alone, and has neither the
// rectification's options nor the solves' (refused, not ignored). Their
// CheckK refuses, before any input is read, a RectifyWords block too
// small for K.
func init() {
	for _, m := range []struct {
		method  Method
		summary string
	}{
		{RecoverL2, "FastAnchorWords + RecoverL2; rectified with EM refinement when those topics are near-copies (Arora et al. 2013; Lee, Bindel and Mimno 2015)"},
		{RecoverKL, "FastAnchorWords + RecoverKL; rectified with EM refinement when those topics are near-copies (Arora et al. 2013; Lee, Bindel and Mimno 2015)"},
		{Original, "FastAnchorWords + original Recover by matrix inversion (Arora et al. 2012); refined by EM when those topics are near-copies"},
	} {
		opts := registryOptions
		if m.method == Original { // never rectified, nothing solved per word
			opts = slices.DeleteFunc(slices.Clone(opts), func(o learner.Option) bool {
				return slices.Contains(rectifyFields, o.Field) || slices.Contains(solveFields, o.Field)
			})
		}
		learner.Register(learner.Spec{
			Name:    AlgorithmName(m.method),
			Summary: m.summary,
			Options: opts,
			Defaults: func() any {
				o := DefaultOptions()
				o.Recover = m.method
				return &o
			},
			New:    func(o any) (learner.Learner, error) { return New(*o.(*Options)) },
			CheckK: func(o any, k int) error { return o.(*Options).checkK(k) },
		})
	}
}

// registryOptions are the options the registry sets by name.
var registryOptions = []learner.Option{
	{Field: "Weighting", Flag: "cooc-weighting", Usage: "how much each document weighs in the co-occurrence matrix Q: documents (the paper: each the same), tokens (its length) or pairs (its pairs of tokens); tokens and pairs let short documents weigh less and give the topics the tokens' weights (see README; default: documents, and with --stats the statistics' weighting, of hull stats --cooc-weighting)"},
	{Field: "AnchorMinDF", Flag: "anchor-min-df", Usage: "anchor candidates must occur in at least this many documents (0: 1% of the documents, at least 5 and at most 100)"},
	{Field: "ProjectDim", Flag: "anchor-project-dim", Usage: "find anchors in a random projection of Q-bar's rows to this many dimensions (0: no projection; needs --rectify none, or recover's auto, which never rectifies)"},
	{Field: "Tolerance", Flag: "tolerance", Usage: "KKT-gap tolerance of each word's recovery solve: anchor-kl's Newton stops on it; anchor's active-set solves run to the minimum and it only says whether they converged (0: the default)"},
	{Field: "MaxIter", Flag: "max-iter", Usage: "most iterations of each word's recovery solve (active-set iterations for anchor, projected Newton ones for anchor-kl; 0: the default)"},
	{Field: "Rectify", Flag: "rectify", Usage: "rectify the co-occurrence matrix of the --rectify-words most frequent words by alternating projection onto rank-K PSD, sum-1 and non-negative matrices before choosing anchors (Lee, Bindel and Mimno 2015): ap|none|auto (auto: the paper's pipeline, kept unless more than 2% of its topic pairs share half their top 10 words or fewer than 60% of the top-word slots hold different words, else ap with --refine; default: auto; recover: none or auto, where auto refines noisy topics without rectifying)"},
	{Field: "RectifyWords", Flag: "rectify-words", Usage: "words of highest document frequency whose co-occurrence block is rectified, 8 N^2 bytes; anchors are chosen among them, so more than K (0: max(1000, 10 K), at most V)", Inert: unrectified},
	{Field: "RectifyMaxIter", Flag: "rectify-iter", Usage: "most alternating projections of the rectification (0: the default)", Inert: unrectified},
	{Field: "RectifyTolerance", Flag: "rectify-tol", Usage: "stop rectifying once a projection changes the block by less than this fraction of its Frobenius norm (0: the default)", Inert: unrectified},
	{Field: "Refine", Flag: "refine", Usage: "iterations of variational EM for LDA (alpha 0.1, beta 0.01) started from the recovered topics: anchor and anchor-kl after --rectify ap or none and when auto turns to the rectified pipeline (--rectify none --refine 0: the paper's pipeline alone), recover when the rules of the other learners' --refine find its topics noisy; on real text they turn near-duplicate topics into distinct ones; 0: none"},
	{Field: "RefineAlways", Flag: "refine-always", Usage: "with --rectify auto, refine by the --refine iterations the topics it keeps unrefined (the paper's when distinct; recover's when the rules of refinement pass them) whatever they are: slower, and on real text the topics' words usually occur together more (see README)"},
	{Field: "RefineTolerance", Flag: "refine-tol", Usage: "stop refining once an iteration moves the topics by less than this mean l1 distance (0: 1e-6)", Inert: []learner.Inert{{Field: "Refine", Value: ""}}},
}
