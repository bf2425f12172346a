package lda

import "github.com/hulltopics/hull/learner"

// The learner names gibbs and vb.
func init() {
	learner.Register(learner.Spec{
		Name:     "gibbs",
		Summary:  "LDA by collapsed Gibbs sampling, SparseLDA (Griffiths and Steyvers 2004; Yao et al. 2009), in parallel over --shards x --shards blocks of documents and words (Yan et al. 2009)",
		Options:  gibbsOptions,
		Defaults: func() any { o := DefaultGibbsOptions(); return &o },
		New:      func(o any) (learner.Learner, error) { return NewGibbs(*o.(*GibbsOptions)) },
	})
	learner.Register(learner.Spec{
		Name:     "vb",
		Summary:  "LDA by batch variational EM, as lda-c (Blei, Ng and Jordan 2003), warm-started; --vb-online: online variational Bayes (Hoffman, Blei and Bach 2010)",
		Options:  vbOptions,
		Defaults: func() any { o := DefaultVBOptions(); return &o },
		New:      func(o any) (learner.Learner, error) { return NewVB(*o.(*VBOptions)) },
	})
}

// The options the registry sets by name, shared by both learners.
var (
	initOption  = learner.Option{Field: "Init", Flag: "init", Usage: "start from random topics, or from an anchor-word fit: random|anchor"}
	alphaOption = learner.Option{Field: "AlphaSum", Flag: "alpha", Usage: "initial total concentration sum_k alpha_k of the symmetric document-topic prior (0: 0.1 x K)"}
	betaUsage   = "parameter of the symmetric Dirichlet prior of the topics (0: 0.01)"
)

// gibbsOptions are the options of gibbs the registry sets by name.
var gibbsOptions = []learner.Option{
	{Field: "Iterations", Flag: "iterations", Usage: "sweeps over all tokens (0: 1000)"},
	{Field: "Shards", Flag: "shards", Usage: "documents and words split into N groups each, the N x N blocks sampled N at a time in parallel on --threads against shared counts (only the topic totals lag, by one block); the model depends on it, never on --threads (0: 1, exact Gibbs sampling); at most 256: a sweep visits every document once per shard, so its time grows with N (docs/BENCHMARKS.md, Gibbs sampling in shards), and more shards than --threads sample nothing more at once"},
	{Field: "BurnIn", Flag: "burn-in", Usage: "sweeps before the first saved state (0: half of --iterations)"},
	{Field: "SaveEvery", Flag: "save-every", Usage: "sweeps between the saved states whose topics are averaged, counted back from the last (0: 10 states after the burn-in)"},
	{Field: "OptimizeInterval", Flag: "optimize-interval", Usage: "optimise alpha (asymmetric) and beta every N sweeps after min(200, burn-in/2), as MALLET (0: off)"},
	initOption,
	alphaOption,
	{Field: "Beta", Flag: "beta", Usage: betaUsage},
	{Field: "LogEvery", Flag: "log-every", Usage: "print the log likelihood per token every N sweeps (0: 10)"},
}

// offline is the setting under which the options of online VB change
// nothing: Online false.
var offline = []learner.Inert{{Field: "Online", Value: ""}}

// vbOptions are the options of vb the registry sets by name.
var vbOptions = []learner.Option{
	{Field: "Iterations", Flag: "iterations", Usage: "most EM iterations (0: 100)"},
	initOption,
	alphaOption,
	{Field: "Eta", Flag: "beta", Usage: betaUsage},
	{Field: "AlphaMode", Flag: "alpha-estimate", Usage: "estimate of alpha after each M-step: symmetric (lda-c's Newton)|asymmetric (Minka's fixed point)|fixed"},
	{Field: "Tolerance", Flag: "em-tolerance", Usage: "stop once the bound improves by less than this fraction (0: 1e-4)"},
	{Field: "Online", Flag: "vb-online", Usage: "online variational Bayes (Hoffman, Blei and Bach 2010): lambda updated after every mini-batch; --iterations counts passes"},
	{Field: "BatchSize", Flag: "vb-batch-size", Usage: "documents per mini-batch of --vb-online (0: 1024)", Inert: offline},
	{Field: "Kappa", Flag: "vb-kappa", Usage: "forgetting rate of --vb-online, in (0.5, 1]: mini-batch t moves lambda by (tau0 + t)^-kappa (0: 0.7)", Inert: offline},
	{Field: "Tau0", Flag: "vb-tau0", Usage: "delay tau0 >= 0 of --vb-online, slowing the first mini-batches' steps (default 0)", Inert: offline},
}

// DefaultGibbsOptions returns the options of "hull fit --algo gibbs":
// the zero GibbsOptions' defaults, shown (random initial topics).
func DefaultGibbsOptions() GibbsOptions {
	return GibbsOptions{Init: InitRandom}
}

// DefaultVBOptions returns the options of "hull fit --algo vb": the zero
// VBOptions' defaults, shown (random initial topics, a symmetric alpha
// estimated by Newton's method).
func DefaultVBOptions() VBOptions {
	return VBOptions{Init: InitRandom, AlphaMode: AlphaSymmetric}
}
