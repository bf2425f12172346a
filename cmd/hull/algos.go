package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hulltopics/hull/anchor"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/topicscore"
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

var algorithms = map[string]algorithm{
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
