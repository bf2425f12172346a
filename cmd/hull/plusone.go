package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"text/tabwriter"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/model"
	"github.com/spf13/cobra"
)

// plusOneFlags are the flags of "hull bench plusone".
type plusOneFlags struct {
	algos       []string
	k           int
	knn         []int
	lsi         []int
	truth       string
	trueWeights string
	seed        uint64
	repeat      int
	threads     int
	asJSON      bool
	input       inputFlags
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
shows the mean precision and its standard deviation across seeds.`,
		Example: `  hull bench plusone --algos anchor -k 15 ../shared/data/classic/med.json
  hull synth lda -k 20 --alpha 0.1 --beta 0.05 --doc-length 75 --poisson -o lda20
  hull bench plusone --algos gibbs -k 20 --knn 25 lda20/docword.txt \
      --truth lda20/truth.json --true-weights lda20/doc-topics.tsv`,
		Args: cobra.MinimumNArgs(1),
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
	fs.StringVar(&f.trueWeights, "true-weights", "", "true document-topic weights (doc-topics.tsv of hull synth): adds ldaC; needs --truth")
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the first split, of every fit and of inference")
	fs.IntVar(&f.repeat, "repeat", 1, "number of splits (seeds) to average over")
	fs.IntVar(&f.threads, "threads", 0, "worker goroutines (0: one per CPU); never changes the result")
	fs.BoolVar(&f.asJSON, "json", false, "print a JSON array, one object per predictor")
	f.input.bind(fs)
	return cmd
}

// plusOneRow is one predictor's precision over the splits.
type plusOneRow struct {
	Predictor string    `json:"predictor"`
	Precision float64   `json:"precision"`
	StdDev    float64   `json:"std_dev"`
	PerSeed   []float64 `json:"per_seed"`
	Splits    int       `json:"splits"`
	TestDocs  int       `json:"test_docs"`
	// Cosine is the mean over splits of the matched cosine similarity of
	// the learned topics to the truth (with --truth, topic models only).
	Cosine  *float64 `json:"cosine,omitempty"`
	cosines []float64
}

// plusOneTruth holds what --truth and --true-weights load.
type plusOneTruth struct {
	model   *model.Model
	weights map[string][]float64
}

// loadPlusOneTruth reads --truth and --true-weights.
func loadPlusOneTruth(f *plusOneFlags) (plusOneTruth, error) {
	var t plusOneTruth
	if f.trueWeights != "" && f.truth == "" {
		return t, errors.New("--true-weights needs --truth: ldaC scores words with the true topics")
	}
	if f.truth == "" {
		return t, nil
	}
	m, err := model.Load(f.truth)
	if err != nil {
		return t, err
	}
	if err := m.Validate(); err != nil {
		return t, fmt.Errorf("--truth %s: %w", f.truth, err)
	}
	t.model = m
	if f.trueWeights != "" {
		file, err := os.Open(f.trueWeights)
		if err != nil {
			return t, err
		}
		defer file.Close()
		if t.weights, err = eval.ReadDocWeights(file); err != nil {
			return t, fmt.Errorf("--true-weights %s: %w", f.trueWeights, err)
		}
	}
	return t, nil
}

func runPlusOne(cmd *cobra.Command, args []string, f *plusOneFlags) error {
	if f.repeat < 1 {
		return fmt.Errorf("--repeat %d: want at least 1", f.repeat)
	}
	if f.lsi == nil {
		f.lsi = []int{f.k}
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
	truth, err := loadPlusOneTruth(f)
	if err != nil {
		return err
	}
	for _, a := range f.algos {
		if _, err := lookupAlgorithm(a); err != nil {
			return err
		}
	}
	c, err := f.input.read(args, cmd.ErrOrStderr(), nil)
	if err != nil {
		return err
	}
	var rows []plusOneRow
	index := map[string]int{}
	for r := 0; r < f.repeat; r++ {
		seed := f.seed + uint64(r)
		results, cosines, err := plusOneOnce(cmd.Context(), c, f, truth, seed, cmd.ErrOrStderr())
		if err != nil {
			return err
		}
		for _, res := range results {
			i, ok := index[res.Name]
			if !ok {
				i = len(rows)
				index[res.Name] = i
				rows = append(rows, plusOneRow{Predictor: res.Name})
			}
			rows[i].PerSeed = append(rows[i].PerSeed, res.Precision)
			rows[i].TestDocs = res.Docs
			if cos, ok := cosines[res.Name]; ok {
				rows[i].cosines = append(rows[i].cosines, cos)
			}
		}
	}
	for i := range rows {
		rows[i].Precision, rows[i].StdDev = meanStd(rows[i].PerSeed)
		rows[i].Splits = len(rows[i].PerSeed)
		if len(rows[i].cosines) > 0 {
			cos, _ := meanStd(rows[i].cosines)
			rows[i].Cosine = &cos
		}
	}
	if f.asJSON {
		enc := json.NewEncoder(cmd.OutOrStdout())
		enc.SetIndent("", "  ")
		return enc.Encode(rows)
	}
	printPlusOne(cmd.OutOrStdout(), rows, f.repeat)
	return nil
}

// plusOneOnce splits c with seed, fits every algorithm on the training part
// and scores every predictor; with a truth it also returns the cosine
// recovery of each algorithm's topics, by name. An algorithm whose fit
// fails is reported on log and left out.
func plusOneOnce(ctx context.Context, c *corpus.Corpus, f *plusOneFlags, truth plusOneTruth, seed uint64, log io.Writer) ([]eval.PlusOneResult, map[string]float64, error) {
	o := eval.PlusOneOptions{Seed: seed, Threads: f.threads}
	split, err := eval.SplitPlusOne(c, o)
	if err != nil {
		return nil, nil, err
	}
	predictors := []eval.Predictor{eval.Baseline{}}
	for _, r := range f.lsi {
		if r > 0 {
			predictors = append(predictors, eval.LSI{K: r, Seed: seed, Threads: f.threads})
		}
	}
	for _, n := range f.knn {
		if n > 0 {
			predictors = append(predictors, eval.KNN{K: n})
		}
	}
	cosines := map[string]float64{}
	for _, a := range f.algos {
		algo, _ := lookupAlgorithm(a)
		l, err := algo.build(fitSettings{seed: seed, threads: f.threads})
		if err != nil {
			return nil, nil, err
		}
		m, err := l.Fit(ctx, split.Train, f.k)
		if err != nil {
			if ctx.Err() != nil {
				return nil, nil, err
			}
			fmt.Fprintf(log, "plusone: seed %d: %s failed and is left out: %v\n", seed, a, err)
			continue
		}
		predictors = append(predictors, eval.TopicPredictor{Label: a, Model: m, Infer: vbInfer(seed, f.threads)})
		if truth.model != nil {
			cos, err := matchedCosine(m, truth.model)
			if err != nil {
				fmt.Fprintf(log, "plusone: seed %d: no cosine for %s: %v\n", seed, a, err)
				continue
			}
			cosines[a] = cos
		}
	}
	if truth.weights != nil {
		predictors = append(predictors, eval.LDAC(truth.model, truth.weights))
	}
	if truth.model != nil {
		predictors = append(predictors, eval.LDAT(truth.model, vbInfer(seed, f.threads)))
	}
	results, err := eval.PlusOne(ctx, split, predictors, o)
	return results, cosines, err
}

// matchedCosine is the cosine recovery of the Projector paper (section
// 5.2): the mean cosine similarity over the pairs of the maximum-weight
// matching of learned to true topics. When the numbers of topics differ it
// is the mean over the min(K, K') matched pairs (eval.CosineRecovery needs
// equal K).
func matchedCosine(learned, truth *model.Model) (float64, error) {
	r, err := eval.RecoveredAt(learned, truth, 0)
	if err != nil {
		return 0, err
	}
	sum, n := 0.0, 0
	for i, j := range r.Match {
		if j >= 0 {
			sum += r.Cos[i]
			n++
		}
	}
	return sum / float64(max(n, 1)), nil
}

// vbInfer returns an eval.InferFunc running variational inference.
func vbInfer(seed uint64, threads int) eval.InferFunc {
	return func(ctx context.Context, m *model.Model, observed *corpus.Corpus) ([][]float64, error) {
		return infer.Infer(ctx, m, observed, infer.Options{Method: infer.VB, Seed: seed, Threads: threads})
	}
}

func meanStd(x []float64) (mean, std float64) {
	for _, v := range x {
		mean += v / float64(len(x))
	}
	if len(x) < 2 {
		return mean, 0
	}
	for _, v := range x {
		std += (v - mean) * (v - mean) / float64(len(x)-1)
	}
	return mean, math.Sqrt(std)
}

func printPlusOne(w io.Writer, rows []plusOneRow, repeat int) {
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
