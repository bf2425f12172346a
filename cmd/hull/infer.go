package main

import (
	"fmt"
	"io"
	"math"
	"slices"
	"time"

	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/internal/atomicfile"
	"github.com/hulltopics/hull/model"
	"github.com/spf13/cobra"
	"gonum.org/v1/gonum/floats"
)

// inferFlags are the flags of "hull infer".
type inferFlags struct {
	method     string
	iterations int
	burnIn     int
	alpha      float64
	seed       uint64
	threads    int
	output     string
	quiet      bool
	header     bool
	input      inputFlags
}

func newInferCmd() *cobra.Command {
	var f inferFlags
	cmd := &cobra.Command{
		Use:   "infer MODEL INPUT...",
		Short: "Infer the topic mixture of each document of a corpus under a saved model",
		Long: `Infer the topic mixture of each document of INPUT under the fixed topics of
MODEL (a model saved by "hull fit -o"). INPUT is read as by "hull fit" (same
format flags; no pruning unless asked) and aligned to the model's vocabulary by
word: words the model lacks are dropped, and their count is reported on stderr.

Methods (--method):
  vb     variational inference, the E-step of LDA (Blei, Ng and Jordan 2003):
         up to --iterations updates per document (default 100), stopping early
         once the topic weights stop moving; deterministic
  gibbs  collapsed Gibbs sampling of the tokens' topics with the topics fixed:
         --iterations sweeps (default 100), the first --burn-in (default half)
         discarded, the mixture averaged over the rest; seeded by --seed

The Dirichlet prior of the mixtures has total concentration --alpha, shaped
like the model's alpha or its topic weights p(z) when it has them, else
symmetric (default: the model's own alpha, else a total of 0.1 x K).

Output: tab-separated, one line per input document, in input order: its id
(backslashes doubled, and tabs, line breaks and other control characters
escaped as \t, \n, \x1b) and its K weights (%.6g), which sum
to 1, topics numbered as by "hull topics". --header adds a first line
"id<TAB>topic1<TAB>...<TAB>topicK". A document with no known word, or none of
positive weight in a topic, gets the prior mean.
Without -o the table goes to stdout. Results do not depend on --threads.`,
		Example: `  hull infer kos.json docword.kos.txt.gz --vocab vocab.kos.txt -o kos-doc-topics.tsv
  hull infer model.json new-letters/ --method gibbs --seed 7 > doc-topics.tsv`,
		Args: positional(2, -1, "MODEL and at least one INPUT, the documents to infer"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runInfer(cmd, args[0], args[1:], &f)
		},
	}
	fs := cmd.Flags()
	fs.StringVar(&f.method, "method", string(infer.VB), "inference method: vb|gibbs")
	fs.IntVar(&f.iterations, "iterations", 0, "vb: maximum updates per document; gibbs: sweeps (0: 100)")
	fs.IntVar(&f.burnIn, "burn-in", 0, "gibbs: sweeps discarded before averaging (0: half of --iterations)")
	fs.Float64Var(&f.alpha, "alpha", 0, "total concentration sum_k alpha_k of the prior (0: the model's alpha, else 0.1 x K)")
	fs.Uint64Var(&f.seed, "seed", 1, "random seed of gibbs: the same input and seed give the same output")
	fs.IntVar(&f.threads, "threads", 0, "worker goroutines (0: one per CPU); never changes the result")
	fs.StringVarP(&f.output, "output", "o", "", "write the table to this file (.gz: gzip) instead of stdout")
	fs.BoolVarP(&f.quiet, "quiet", "q", false, "no progress bars, notes or times on stderr")
	fs.BoolVar(&f.header, "header", false, "start the table with a header line: id, topic1 ... topicK")
	f.input.bind(fs)
	f.input.pruneOnlyByFlags()
	return cmd
}

func runInfer(cmd *cobra.Command, modelPath string, inputs []string, f *inferFlags) error {
	if err := f.check(); err != nil {
		return err
	}
	if infer.Method(f.method) != infer.Gibbs {
		if err := unusedFlags(cmd.Flags(), "only --method gibbs draws random numbers", "seed"); err != nil {
			return err
		}
	}
	if f.output != "" {
		if err := checkOutput(f.output, append(f.input.files(inputs), modelPath)...); err != nil {
			return err
		}
	}
	method := infer.Method(f.method)
	stderr := logWriter(cmd, f.quiet)
	progress := newProgress(stderr)
	start := time.Now()
	m, err := loadModelArg(modelPath, inputs, cmd.UseLine())
	if err != nil {
		return err
	}
	alpha, err := alphaFor(m, f.alpha, "--alpha")
	if err != nil {
		return err
	}
	f.input.keepEmptyDocs = true // a row for every input document, in order
	_, c, err := f.input.readAligned(cmd.Context(), inputs, m, flagPruning, stderr, progress)
	if err != nil {
		return err
	}
	// Documents whose words all have zero weight in every topic get the
	// prior mean too: emptied, they are counted in the note (their
	// weights are the same).
	if c, _, err = infer.EmptyUnexplained(m, c); err != nil {
		return err
	}
	noteEmptyDocs(stderr, c, nil, "get the prior mean")
	readTime := time.Since(start)
	o := infer.Options{
		Method:     method,
		Alpha:      alpha,
		Iterations: f.iterations,
		BurnIn:     f.burnIn,
		Seed:       f.seed,
		Threads:    f.threads,
		Progress:   progress,
	}
	inferStart := time.Now()
	theta, err := infer.Infer(cmd.Context(), m, c, o)
	if err != nil {
		return err
	}
	inferTime := time.Since(inferStart)
	write := func(w io.Writer) error { return infer.WriteDocTopics(w, c.DocIDs, theta, f.header) }
	if f.output == "" {
		if err := write(cmd.OutOrStdout()); err != nil {
			return envError{err}
		}
	} else if err := atomicfile.WriteContext(cmd.Context(), f.output, write); err != nil {
		return envError{err}
	}
	printTimings(stderr, []model.Timing{{Stage: "read", Seconds: readTime.Seconds()}, {Stage: "infer", Seconds: inferTime.Seconds()}}, time.Since(start))
	return nil
}

// check validates every flag before any work: the library would refuse
// most of them too, but after the model and the input are read, and
// naming its fields.
// alphaFor returns infer.AlphaFor(m, total), or an error naming flag when
// total, given, is too small to share out (a topic's share rounds to 0)
// or so large that the shares sum to infinity: the alphas that inference
// refuses. Any other total works, a subnormal one included.
func alphaFor(m *model.Model, total float64, flag string) ([]float64, error) {
	alpha := infer.AlphaFor(m, total)
	if slices.ContainsFunc(alpha, func(a float64) bool { return !(a > 0) }) {
		return nil, fmt.Errorf("%s %v: too small to share out among the model's %d topics (a topic's share rounds to 0)", flag, total, m.K)
	}
	if s := floats.Sum(alpha); math.IsInf(s, 0) {
		return nil, fmt.Errorf("%s %v: too large: the shares of the model's %d topics sum to %v", flag, total, m.K, s)
	}
	return alpha, nil
}

func (f *inferFlags) check() error {
	method := infer.Method(f.method)
	sweeps := f.iterations
	if sweeps == 0 {
		sweeps = 100
	}
	switch {
	case method != infer.VB && method != infer.Gibbs:
		return fmt.Errorf("--method %q: want vb or gibbs", f.method)
	case !(f.alpha >= 0) || math.IsInf(f.alpha, 1):
		return fmt.Errorf("--alpha %v: want a positive total concentration (or 0 for the default)", f.alpha)
	case f.iterations < 0:
		return fmt.Errorf("--iterations %d: want a positive number (or 0 for 100)", f.iterations)
	case f.burnIn < 0:
		return fmt.Errorf("--burn-in %d: want >= 0 (0: half of --iterations)", f.burnIn)
	case f.burnIn > 0 && method != infer.Gibbs:
		return fmt.Errorf("--burn-in %d: only --method gibbs discards sweeps", f.burnIn)
	case f.burnIn >= sweeps:
		return fmt.Errorf("--burn-in %d: want fewer than the %d sweeps (--iterations)", f.burnIn, sweeps)
	case f.threads < 0:
		return fmt.Errorf("--threads %d: want >= 0 (0: one per CPU)", f.threads)
	}
	return f.input.check()
}
