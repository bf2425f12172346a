package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/hulltopics/hull/anchor"
	"github.com/hulltopics/hull/lda"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/projection"
	"github.com/hulltopics/hull/projector"
	"github.com/hulltopics/hull/topicscore"
	"github.com/hulltopics/hull/tsvd"
	"github.com/spf13/pflag"
)

// fitSettings are the settings every learner may draw on.
type fitSettings struct {
	seed      uint64
	threads   int
	maxMemory int64
	progress  learner.Progress
}

// algorithm is one entry of the registry behind --algo: adding a learner
// adds one entry here and its flags.
type algorithm struct {
	summary string
	flags   func(fs *pflag.FlagSet) // registers the learner's own flags
	build   func(s fitSettings) (learner.Learner, error)
}

// anchorFlags holds the flags of the anchor-word learners.
var anchorFlags struct {
	minDF      int
	projectDim int
	tolerance  float64
	maxIter    int
}

func bindAnchorFlags(fs *pflag.FlagSet) {
	if fs.Lookup("anchor-min-df") != nil {
		return
	}
	fs.IntVar(&anchorFlags.minDF, "anchor-min-df", 0, "anchor candidates must occur in at least this many documents (0: 1% of the documents, at least 5 and at most 100)")
	fs.IntVar(&anchorFlags.projectDim, "anchor-project-dim", 0, "find anchors in a random projection of Q-bar's rows to this many dimensions (0: no projection)")
	fs.Float64Var(&anchorFlags.tolerance, "tolerance", 1e-5, "KKT-gap tolerance of each word's recovery solve")
	fs.IntVar(&anchorFlags.maxIter, "max-iter", 1000, "most exponentiated-gradient iterations per word")
}

func anchorAlgorithm(m anchor.Method, summary string) algorithm {
	return algorithm{
		summary: summary,
		flags:   bindAnchorFlags,
		build: func(s fitSettings) (learner.Learner, error) {
			return anchor.New(anchor.Options{
				Recover:     m,
				AnchorMinDF: anchorFlags.minDF,
				ProjectDim:  anchorFlags.projectDim,
				Tolerance:   anchorFlags.tolerance,
				MaxIter:     anchorFlags.maxIter,
				Seed:        s.seed,
				Threads:     s.threads,
				MaxMemory:   s.maxMemory,
				Progress:    s.progress,
			})
		},
	}
}

// scoreFlags holds the flags of Topic-SCORE.
var scoreFlags struct {
	m         int
	k0        int
	normalize bool
	truncate  float64
}

// bindScoreFlags registers the flags of Topic-SCORE (once per flag set).
func bindScoreFlags(fs *pflag.FlagSet) {
	if fs.Lookup("score-m") != nil {
		return
	}
	fs.IntVar(&scoreFlags.m, "score-m", 0, "Topic-SCORE: k-means centres m of the vertex hunting (0: 10K)")
	fs.IntVar(&scoreFlags.k0, "score-k0", 0, "Topic-SCORE: candidate centres K0 searched exhaustively (0: ceil(5K/4), lowered so that C(K0, K) <= 200,000)")
	fs.BoolVar(&scoreFlags.normalize, "normalize", false, "Topic-SCORE: divide each word's frequencies by the square root of its mean frequency before the SVD (Ke and Wang)")
	fs.Float64Var(&scoreFlags.truncate, "score-truncate", 0, "Topic-SCORE: truncate the SVD ratios at +-this (0: log(max(D, V)), the paper's; inf: no truncation)")
}

// tsvdFlags holds the flags of TSVD.
var tsvdFlags struct {
	w0, eps, gamma, eps0, top float64
	noSplit                   bool
}

// bindTSVDFlags registers the flags of TSVD (once per flag set).
func bindTSVDFlags(fs *pflag.FlagSet) {
	if fs.Lookup("tsvd-w0") != nil {
		return
	}
	fs.Float64Var(&tsvdFlags.w0, "tsvd-w0", 0, "TSVD: w0, least probability of a dominant topic, for the thresholds and catchwords (0: 1/K)")
	fs.Float64Var(&tsvdFlags.eps, "tsvd-eps", tsvd.DefaultEps, "TSVD: epsilon of the thresholds (no threshold on a count held by more than 3 eps w0 s documents)")
	fs.Float64Var(&tsvdFlags.gamma, "tsvd-gamma", tsvd.DefaultGamma, "TSVD: gamma of the catchwords (g(i,l) > gamma g(i,l') for every other topic)")
	fs.Float64Var(&tsvdFlags.eps0, "tsvd-eps0", tsvd.DefaultEps0, "TSVD: epsilon_0 of the catchwords (g(i,l) is the floor(eps0 w0 s/2)-th highest frequency in cluster l)")
	fs.Float64Var(&tsvdFlags.top, "tsvd-top", 0, "TSVD: eps0 w0 of the topic vectors, each the average of the floor(top s/2) documents richest in its catchwords (0: 1/K)")
	fs.BoolVar(&tsvdFlags.noSplit, "tsvd-no-split", false, "TSVD: threshold and cluster all documents instead of the paper's two random halves")
}

// projectorFlags holds the flags of Projector and of the k-means topics.
var projectorFlags struct {
	fs                     *pflag.FlagSet // the flag set bound last: what was set
	delta                  float64
	noScale                bool
	powerIters, oversample int
	restarts, iter         int
	tol                    float64
}

// bindProjectorFlags registers the flags of projector and kmeans (once per
// flag set).
func bindProjectorFlags(fs *pflag.FlagSet) {
	if fs.Lookup("delta") != nil {
		return
	}
	projectorFlags.fs = fs
	fs.Float64Var(&projectorFlags.delta, "delta", projector.DefaultDelta, "projector: scale the K centres by the smallest factor that puts this fraction of the projected documents inside their simplex")
	fs.BoolVar(&projectorFlags.noScale, "projector-no-scale", false, "projector: skip the scaling step (topics from the k-means centres as found)")
	fs.IntVar(&projectorFlags.powerIters, "projector-power-iters", 0, "projector: power iterations of the randomized SVD (0: 4; negative: none)")
	fs.IntVar(&projectorFlags.oversample, "projector-oversample", 0, "projector: extra directions of the randomized SVD's sketch (0: 10; negative: none)")
	fs.IntVar(&projectorFlags.restarts, "kmeans-restarts", 0, "projector, kmeans: k-means++ restarts, the least inertia kept (0: 20 for projector, 10 for kmeans)")
	fs.IntVar(&projectorFlags.iter, "kmeans-iter", 0, "projector, kmeans: most Lloyd iterations per k-means restart (0: 100)")
	fs.Float64Var(&projectorFlags.tol, "kmeans-tol", 0, "projector, kmeans: stop a k-means restart once an iteration lowers the inertia by less than this fraction (0: 1e-8)")
}

// projFlags holds the flags of the projection learners rp, ddp and binning.
var projFlags struct {
	fs                           *pflag.FlagSet // the flag set bound last: what was set
	minDF, p, minHits, bins, top int
	maxIter                      int
	cooccurrence                 bool
	far, topFraction             float64
	threshold, thresholdFraction float64
	tolerance                    float64
}

// bindProjFlags registers the flags of rp, ddp and binning (once per flag
// set).
func bindProjFlags(fs *pflag.FlagSet) {
	if fs.Lookup("proj-min-df") != nil {
		return
	}
	projFlags.fs = fs
	fs.IntVar(&projFlags.minDF, "proj-min-df", 0, "rp, ddp, binning: novel-word candidates must occur in at least this many documents (0: 1% of the documents, at least 5 and at most 100; on real text try about 10% of the documents, see the README)")
	fs.IntVar(&projFlags.p, "proj-p", 0, "rp: random directions P (0: 50K)")
	fs.IntVar(&projFlags.minHits, "proj-min-hits", 0, "rp: a word is novel when at least this many directions have it as argmax or argmin (0: max(2, 5% of 2P/K))")
	fs.BoolVar(&projFlags.cooccurrence, "proj-cooccurrence", false, "rp: project the rows of E = D X~' X~^T (directions in R^V) instead of the rows of X~")
	fs.IntVar(&projFlags.bins, "proj-bins", 0, "binning: bins B (0: 50K, at most D/20)")
	fs.Float64Var(&projFlags.far, "proj-far", projection.DefaultFar, "ddp: |J_i|, the farthest candidates each word is compared with, as a fraction of the candidates")
	fs.IntVar(&projFlags.top, "proj-top", 0, "ddp: words declared novel, the highest scores (0: those scoring at least --proj-top-fraction of the K-th highest)")
	fs.Float64Var(&projFlags.topFraction, "proj-top-fraction", projection.DefaultTopFraction, "ddp: with --proj-top 0, the fraction of the K-th highest score a novel word must reach")
	fs.Float64Var(&projFlags.threshold, "proj-threshold", 0, "rp, ddp, binning: clustering threshold d/2 on the scale of dist(i,j) (0: --proj-threshold-fraction of the median distance from the K most novel words to the farthest novel word)")
	fs.Float64Var(&projFlags.thresholdFraction, "proj-threshold-fraction", projection.DefaultThresholdFraction, "rp, ddp, binning: the automatic threshold's fraction")
	fs.Float64Var(&projFlags.tolerance, "proj-tolerance", projection.DefaultTolerance, "rp, ddp, binning: KKT-gap tolerance of each word's topic regression (Algorithm 5)")
	fs.IntVar(&projFlags.maxIter, "proj-max-iter", projection.DefaultMaxIter, "rp, ddp, binning: most exponentiated-gradient iterations per word")
}

// projAlgorithm is the registry entry of one projection method; the flags
// of the other methods are rejected.
func projAlgorithm(m projection.Method, summary string, others ...string) algorithm {
	return algorithm{
		summary: summary,
		flags:   bindProjFlags,
		build: func(s fitSettings) (learner.Learner, error) {
			if fs := projFlags.fs; fs != nil {
				for _, name := range others {
					if fs.Changed(name) {
						return nil, fmt.Errorf("--%s does not apply to --algo %s", name, m)
					}
				}
			}
			return projection.New(projection.Options{
				Method:            m,
				MinDF:             projFlags.minDF,
				Projections:       projFlags.p,
				MinHits:           projFlags.minHits,
				Cooccurrence:      projFlags.cooccurrence,
				Bins:              projFlags.bins,
				Far:               projFlags.far,
				Top:               projFlags.top,
				TopFraction:       projFlags.topFraction,
				Threshold:         projFlags.threshold,
				ThresholdFraction: projFlags.thresholdFraction,
				Tolerance:         projFlags.tolerance,
				MaxIter:           projFlags.maxIter,
				Seed:              s.seed,
				Threads:           s.threads,
				MaxMemory:         s.maxMemory,
				Progress:          s.progress,
			})
		},
	}
}

// ldaFlags holds the flags of the LDA baselines, gibbs and vb.
var ldaFlags struct {
	fs               *pflag.FlagSet // the flag set bound last: what was set, --quiet
	iterations       int
	burnIn           int
	saveEvery        int
	optimizeInterval int
	init             string
	alpha, beta      float64
	logEvery         int
	alphaEstimate    string
	emTolerance      float64
}

// ldaLog receives the log likelihood of gibbs and the bound of vb as they
// run, unless --quiet.
var ldaLog io.Writer = os.Stderr

// bindLDAFlags registers the flags of gibbs and vb (once per flag set).
func bindLDAFlags(fs *pflag.FlagSet) {
	if fs.Lookup("iterations") != nil {
		return
	}
	ldaFlags.fs = fs
	fs.IntVar(&ldaFlags.iterations, "iterations", 0, "gibbs: sweeps over all tokens (0: 1000); with --threads N > 1 they run as AD-LDA over N shards, so the model depends on --threads; vb: most EM iterations (0: 100)")
	fs.IntVar(&ldaFlags.burnIn, "burn-in", 0, "gibbs: sweeps before the first saved state (0: half of --iterations)")
	fs.IntVar(&ldaFlags.saveEvery, "save-every", 0, "gibbs: sweeps between the saved states whose topics are averaged, counted back from the last (0: 10 states after the burn-in)")
	fs.IntVar(&ldaFlags.optimizeInterval, "optimize-interval", 0, "gibbs: optimise alpha (asymmetric) and beta every N sweeps after min(200, burn-in/2), as MALLET (0: off)")
	fs.StringVar(&ldaFlags.init, "init", "random", "gibbs, vb: start from random topics, or from an anchor-word fit: random|anchor")
	fs.Float64Var(&ldaFlags.alpha, "alpha", 0, "gibbs, vb: initial total concentration sum_k alpha_k of the symmetric document-topic prior (0: 0.1 x K)")
	fs.Float64Var(&ldaFlags.beta, "beta", 0, "gibbs, vb: parameter of the symmetric Dirichlet prior of the topics (0: 0.01)")
	fs.IntVar(&ldaFlags.logEvery, "log-every", 0, "gibbs: print the log likelihood per token every N sweeps (0: 10); vb prints its bound every iteration")
	fs.StringVar(&ldaFlags.alphaEstimate, "alpha-estimate", "symmetric", "vb: estimate of alpha after each M-step: symmetric (lda-c's Newton)|asymmetric (Minka's fixed point)|fixed")
	fs.Float64Var(&ldaFlags.emTolerance, "em-tolerance", 0, "vb: stop once the bound improves by less than this fraction (0: 1e-4)")
}

// ldaLogger rejects the flags of the other LDA learner and returns the
// printer of the log likelihood or bound: nil with --quiet; on a terminal
// each line first clears the progress bar.
func ldaLogger(algo string, s fitSettings, others ...string) (func(format string, args ...any), error) {
	fs := ldaFlags.fs
	if fs != nil {
		for _, name := range others {
			if fs.Changed(name) {
				return nil, fmt.Errorf("--%s does not apply to --algo %s", name, algo)
			}
		}
		if q := fs.Lookup("quiet"); q != nil && q.Value.String() == "true" {
			return nil, nil
		}
	}
	prefix := ""
	if s.progress != nil {
		prefix = "\r\x1b[K"
	}
	return func(format string, args ...any) { fmt.Fprintf(ldaLog, prefix+format+"\n", args...) }, nil
}

func buildGibbs(s fitSettings) (learner.Learner, error) {
	logf, err := ldaLogger("gibbs", s, "alpha-estimate", "em-tolerance")
	if err != nil {
		return nil, err
	}
	o := lda.GibbsOptions{
		Iterations:       ldaFlags.iterations,
		BurnIn:           ldaFlags.burnIn,
		SaveEvery:        ldaFlags.saveEvery,
		AlphaSum:         ldaFlags.alpha,
		Beta:             ldaFlags.beta,
		OptimizeInterval: ldaFlags.optimizeInterval,
		Init:             lda.Init(ldaFlags.init),
		LogEvery:         ldaFlags.logEvery,
		Seed:             s.seed,
		Threads:          s.threads,
		MaxMemory:        s.maxMemory,
		Progress:         s.progress,
	}
	if logf != nil {
		o.LogLikelihood = func(it int, ll float64) { logf("gibbs sweep %d: log likelihood per token %.4f", it, ll) }
	}
	return lda.NewGibbs(o)
}

func buildVB(s fitSettings) (learner.Learner, error) {
	logf, err := ldaLogger("vb", s, "burn-in", "save-every", "optimize-interval", "log-every")
	if err != nil {
		return nil, err
	}
	o := lda.VBOptions{
		Iterations: ldaFlags.iterations,
		Tolerance:  ldaFlags.emTolerance,
		AlphaSum:   ldaFlags.alpha,
		AlphaMode:  lda.AlphaMode(ldaFlags.alphaEstimate),
		Eta:        ldaFlags.beta,
		Init:       lda.Init(ldaFlags.init),
		Seed:       s.seed,
		Threads:    s.threads,
		MaxMemory:  s.maxMemory,
		Progress:   s.progress,
	}
	if logf != nil {
		o.Bound = func(it int, b float64) { logf("vb iteration %d: bound per token %.4f", it, b) }
	}
	return lda.NewVB(o)
}

var algorithms = map[string]algorithm{
	"gibbs": {
		summary: "LDA by collapsed Gibbs sampling, SparseLDA (Griffiths and Steyvers 2004; Yao et al. 2009), AD-LDA over --threads",
		flags:   bindLDAFlags,
		build:   buildGibbs,
	},
	"vb": {
		summary: "LDA by batch variational EM, as lda-c (Blei, Ng and Jordan 2003)",
		flags:   bindLDAFlags,
		build:   buildVB,
	},
	"anchor":    anchorAlgorithm(anchor.RecoverL2, "FastAnchorWords + RecoverL2 (Arora et al. 2013)"),
	"anchor-kl": anchorAlgorithm(anchor.RecoverKL, "FastAnchorWords + RecoverKL (Arora et al. 2013)"),
	"recover":   anchorAlgorithm(anchor.Original, "FastAnchorWords + original Recover by matrix inversion (Arora et al. 2012)"),
	"score": {
		summary: "Topic-SCORE (Ke 2017)",
		flags:   bindScoreFlags,
		build: func(s fitSettings) (learner.Learner, error) {
			return topicscore.New(topicscore.Options{
				M:              scoreFlags.m,
				K0:             scoreFlags.k0,
				Normalize:      scoreFlags.normalize,
				RatioThreshold: scoreFlags.truncate,
				Seed:           s.seed,
				Threads:        s.threads,
				MaxMemory:      s.maxMemory,
				Progress:       s.progress,
			})
		},
	},
	"projector": {
		summary: "Projector: centred SVD, cosine k-means, scaled simplex (Wang et al., section 6.2)",
		flags:   bindProjectorFlags,
		build: func(s fitSettings) (learner.Learner, error) {
			return projector.New(projector.Options{
				Delta:      projectorFlags.delta,
				NoScale:    projectorFlags.noScale,
				PowerIters: projectorFlags.powerIters,
				Oversample: projectorFlags.oversample,
				Restarts:   projectorFlags.restarts,
				KMeansIter: projectorFlags.iter,
				KMeansTol:  projectorFlags.tol,
				Seed:       s.seed,
				Threads:    s.threads,
				MaxMemory:  s.maxMemory,
				Progress:   s.progress,
			})
		},
	},
	"kmeans": {
		summary: "k-means topics: cosine k-means of the documents, topics the cluster means (Wang et al.'s baseline)",
		flags:   bindProjectorFlags,
		build: func(s fitSettings) (learner.Learner, error) {
			if fs := projectorFlags.fs; fs != nil {
				for _, name := range []string{"delta", "projector-no-scale", "projector-power-iters", "projector-oversample"} {
					if fs.Changed(name) {
						return nil, fmt.Errorf("--%s does not apply to --algo kmeans", name)
					}
				}
			}
			return projector.NewKMeans(projector.KMeansOptions{
				Restarts:   projectorFlags.restarts,
				KMeansIter: projectorFlags.iter,
				KMeansTol:  projectorFlags.tol,
				Seed:       s.seed,
				Threads:    s.threads,
				MaxMemory:  s.maxMemory,
				Progress:   s.progress,
			})
		},
	},
	"rp": projAlgorithm(projection.RP, "random projections: novel words as the extremes of P random projections, clustered, topics by regression (Ding, Rohban, Ishwar, Saligrama 2013, Alg. 2, 4, 5)",
		"proj-bins", "proj-far", "proj-top", "proj-top-fraction"),
	"ddp": projAlgorithm(projection.DDP, "data-dependent projections, agnostic form (Ding, Rohban, Ishwar, Saligrama 2013, Alg. 1, 4, 5 and section 6.1)",
		"proj-p", "proj-min-hits", "proj-cooccurrence", "proj-bins"),
	"binning": projAlgorithm(projection.Binning, "random projections with binning (Ding, Rohban, Ishwar, Saligrama 2013, Alg. 3 and 5)",
		"proj-p", "proj-min-hits", "proj-cooccurrence", "proj-far", "proj-top", "proj-top-fraction"),
	"tsvd": {
		summary: "Thresholded SVD, k-means and catchwords (Bansal, Bhattacharyya and Kannan 2014)",
		flags:   bindTSVDFlags,
		build: func(s fitSettings) (learner.Learner, error) {
			return tsvd.New(tsvd.Options{
				W0:          tsvdFlags.w0,
				Eps:         tsvdFlags.eps,
				Gamma:       tsvdFlags.gamma,
				Eps0:        tsvdFlags.eps0,
				TopFraction: tsvdFlags.top,
				NoSplit:     tsvdFlags.noSplit,
				Seed:        s.seed,
				Threads:     s.threads,
				MaxMemory:   s.maxMemory,
				Progress:    s.progress,
			})
		},
	},
}

func algorithmNames() string {
	names := make([]string, 0, len(algorithms))
	for n := range algorithms {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, "|")
}

func lookupAlgorithm(name string) (algorithm, error) {
	a, ok := algorithms[name]
	if !ok {
		return a, fmt.Errorf("unknown --algo %q (want %s)", name, algorithmNames())
	}
	return a, nil
}
