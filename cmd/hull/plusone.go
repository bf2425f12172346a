package main

import (
	"errors"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/internal/textsafe"
	"github.com/hulltopics/hull/learner"
	"github.com/spf13/cobra"
)

// plusOneFlags are the flags of "hull bench plusone".
type plusOneFlags struct {
	algos        []string
	k            int
	knn          []int
	lsi          []int
	truth        string
	ignoreDigest bool
	trueWeights  string
	seed         uint64
	repeat       int
	threads      int
	asJSON       bool
	quiet        bool
	input        inputFlags
	learners     *learnerFlags
}

func newPlusOneCmd() *cobra.Command {
	var f plusOneFlags
	cmd := &cobra.Command{
		Use:   "plusone --algos A,B,... DATA...",
		Short: "Word-prediction precision (the Projector paper's plusone protocol)",
		Long: `Run the plusone word-prediction protocol of Wang et al. (Projector paper,
section 5.1): each document goes to training with probability 0.5; from each
test document 30% of its distinct words are held out; each predictor names the 3
words it finds most likely among those not observed, and its precision is the
share of them that were held out, averaged over test documents.

Predictors (section 6.1), in this order:
  baseline  the training corpus's word distribution
  lsi-R     the test document projected on the rank-R SVD subspace of the
            training counts, one per --lsi rank (default: R = K; 0: none)
  knn-N     the words of the N training documents nearest by cosine, one per
            --knn value (default 15; 0: none)
  ALGO      one per --algos entry: topics learned on the training part, the
            test document's mixture inferred by variational inference, words
            scored by sum_k theta_k phi_kw
  ldaC      with --truth and --true-weights (synthetic data): the test
            document's true word distribution sum_k theta_dk A_k, theta_d read
            from the doc-topics.tsv of "hull synth"
  ldaT      with --truth: the true topics A with variational inference

With --truth, a "cosine" column gives, for each --algos entry, the mean cosine
similarity of its topics (learned on the training part) to the true topics
after a maximum-weight matching (section 5.2, the paper's Table 2); with K
below the true number of topics, the mean over the K matched pairs.

With --repeat R the protocol runs with seeds S, S+1, ..., S+R-1 and the table
shows the mean precision and its standard deviation across seeds, and the mean
number of test documents of a split.`,
		Example: `  hull bench plusone --algos anchor -k 15 ../shared/data/classic/med.json
  hull synth lda -k 20 --alpha 0.1 --beta 0.05 --doc-length 75 --poisson -o lda20
  hull bench plusone --algos gibbs -k 20 --knn 25 lda20/docword.txt \
      --truth lda20/truth.json --true-weights lda20/doc-topics.tsv`,
		Args: positional(1, -1, "at least one DATA file, the corpus to split"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runPlusOne(cmd, args, &f)
		},
	}
	fs := cmd.Flags()
	fs.StringSliceVar(&f.algos, "algos", []string{"anchor"}, "topic-model algorithms to compare: "+algorithmNames())
	fs.IntVarP(&f.k, "topics", "k", 15, "number of topics K (the paper uses 15)")
	fs.IntSliceVar(&f.knn, "knn", []int{eval.DefaultKNN}, "neighbours of the KNN predictors, one predictor per value (0: no KNN)")
	fs.IntSliceVar(&f.lsi, "lsi", nil, "ranks of the LSI predictors, one predictor per value (default: --topics; 0: no LSI)")
	fs.StringVar(&f.truth, "truth", "", "true model of a synthetic corpus (truth.json of hull synth): adds ldaT and the cosine column")
	fs.BoolVar(&f.ignoreDigest, "ignore-digest", false, "with --truth: score even when the truth records another corpus than DATA read with these flags")
	fs.StringVar(&f.trueWeights, "true-weights", "", "true document-topic weights (doc-topics.tsv of hull synth): adds ldaC; needs --truth")
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the first split, of every fit and of inference")
	fs.IntVar(&f.repeat, "repeat", 1, "number of splits (seeds) to average over")
	fs.IntVar(&f.threads, "threads", 0, "worker goroutines (0: one per CPU); never changes the result")
	fs.BoolVar(&f.asJSON, "json", false, "print a JSON array, one object per predictor")
	fs.BoolVarP(&f.quiet, "quiet", "q", false, "no progress or notes on stderr")
	f.input.bind(fs)
	f.learners = bindLearnerFlags(fs)
	fs.MarkHidden("log-every") // refused: the fits print no log
	return cmd
}

func runPlusOne(cmd *cobra.Command, args []string, f *plusOneFlags) error {
	switch {
	case f.repeat < 1:
		return fmt.Errorf("--repeat %d: want at least 1", f.repeat)
	case f.k < 2:
		return fmt.Errorf("-k %d: want the number of topics to learn, at least 2", f.k)
	case f.threads < 0:
		return fmt.Errorf("--threads %d: want >= 0 (0: one per CPU)", f.threads)
	case f.ignoreDigest && f.truth == "":
		return errors.New("--ignore-digest: it is for --truth, and none is given")
	}
	if err := f.input.check(); err != nil {
		return err
	}
	for _, list := range []struct {
		flag   string
		values []int
	}{{"--knn", f.knn}, {"--lsi", f.lsi}} {
		for _, v := range list.values {
			if v < 0 {
				return fmt.Errorf("%s %d: want a positive number (or 0 for none)", list.flag, v)
			}
		}
	}
	stderr := logWriter(cmd, f.quiet)
	progress := newProgress(stderr)
	o := eval.PlusOneBenchOptions{K: f.k, LSI: f.lsi, KNN: f.knn, Seed: f.seed, Repeat: f.repeat, Threads: f.threads,
		Log: func(line string) { fmt.Fprintln(stderr, learnerFlagWords(line, f.algos)) }}
	if err := loadPlusOneTruth(f, &o); err != nil {
		return err
	}
	if err := f.learners.validate(f.algos, learner.Settings{Seed: f.seed, Threads: f.threads}, f.k); err != nil {
		return err
	}
	if err := unusedFlags(cmd.Flags(), "the fits of plusone print no log", "log-every"); err != nil {
		return err
	}
	for _, a := range f.algos {
		o.Learners = append(o.Learners, eval.PlusOneLearner{Name: a, New: func(seed uint64) (learner.Learner, error) {
			return f.learners.buildOwn(a, learner.Settings{Seed: seed, Threads: f.threads, Progress: progress}, f.k)
		}})
	}
	c, err := f.input.read(cmd.Context(), args, stderr, nil, rawTextPrune)
	if err != nil {
		return err
	}
	if o.Truth != nil && !f.ignoreDigest {
		if err := checkTruthDigest(c.Digest(), o.Truth, f.truth, stderr); err != nil {
			return err
		}
	}
	rows, err := eval.PlusOneBench(cmd.Context(), c, o)
	if err != nil {
		return plusOneError(err, f.trueWeights)
	}
	var failures []error // of the learners that failed on every split
	for i, r := range rows {
		if r.Failure == "" {
			continue
		}
		spec, _ := learner.Lookup(r.Predictor)
		err := commandLineError(errors.New(r.Failure), spec) // named by their flags
		rows[i].Failure = err.Error()
		failures = append(failures, err)
		fmt.Fprintf(cmd.ErrOrStderr(), "bench plusone: %s failed: %s\n", textsafe.Escape(r.Predictor), textsafe.Escape(err.Error()))
	}
	if len(failures) > 0 && len(failures) == len(o.Learners) {
		return failures[0] // every learner asked for: no table of baselines alone
	}
	if f.asJSON {
		return printJSON(cmd.OutOrStdout(), rows)
	}
	printPlusOne(cmd.OutOrStdout(), rows, f.repeat)
	return nil
}

// plusOneFlagOf is the flag of each field of eval.PlusOneBenchOptions.
var plusOneFlagOf = map[string]string{"K": "-k", "LSI": "--lsi", "KNN": "--knn", "Repeat": "--repeat", "TrueWeights": "--true-weights", "Learners": "--algos"}

// plusOneError names the options of an *eval.OptionError by their flags,
// and the file of --true-weights, trueWeights, for a document's weights.
func plusOneError(err error, trueWeights string) error {
	var oe *eval.OptionError
	if errors.As(err, &oe) {
		if flag, ok := plusOneFlagOf[oe.Field]; ok {
			if oe.Field == "TrueWeights" {
				return fmt.Errorf("%s %s: document %q: want %s", flag, trueWeights, fmt.Sprint(oe.Value), oe.Want)
			}
			return fmt.Errorf("%s %v: want %s", flag, oe.Value, oe.Want)
		}
	}
	return commandLineError(err, nil)
}

// loadPlusOneTruth reads --truth and --true-weights into o.
func loadPlusOneTruth(f *plusOneFlags, o *eval.PlusOneBenchOptions) (err error) {
	if f.trueWeights != "" && f.truth == "" {
		return errors.New("--true-weights needs --truth: ldaC scores words with the true topics")
	}
	if f.truth == "" {
		return nil
	}
	if o.Truth, err = loadModel("--truth", f.truth); err != nil {
		return err
	}
	if f.trueWeights == "" {
		return nil
	}
	// Its errors name the file (and line): "--true-weights: FILE:3: ...".
	if o.TrueWeights, err = eval.ReadDocWeightsFile(f.trueWeights); err != nil {
		return fmt.Errorf("--true-weights: %w", err)
	}
	return nil
}

func printPlusOne(w io.Writer, rows []eval.PlusOneSummary, repeat int) {
	withCosine := false
	for _, r := range rows {
		withCosine = withCosine || r.Cosine != nil
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	header := "predictor\tprecision\tstd dev\tsplits\ttest docs\t"
	if withCosine {
		header += "cosine\t"
	}
	fmt.Fprintln(tw, header)
	for _, r := range rows {
		if r.Failure != "" {
			fmt.Fprintf(tw, "%s\tfailed\t-\t0\t-\t", r.Predictor)
			if withCosine {
				fmt.Fprint(tw, "-\t")
			}
			fmt.Fprintln(tw)
			continue
		}
		fmt.Fprintf(tw, "%s\t%.3f\t%.3f\t%d\t%d\t", r.Predictor, r.Precision, r.StdDev, r.Splits, r.TestDocs)
		switch {
		case !withCosine:
		case r.Cosine != nil:
			fmt.Fprintf(tw, "%.3f\t", *r.Cosine)
		default:
			fmt.Fprint(tw, "-\t")
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	if withCosine {
		fmt.Fprintln(w, "cosine: mean cosine similarity of the learned topics to the true topics, matched one to one (mean over splits)")
	}
	fmt.Fprintf(w, "precision of 3 predictions per test document, mean over %d split(s); 30%% of distinct words held out\n", repeat)
}
