package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"text/tabwriter"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/model"
	"github.com/spf13/cobra"
)

// plusOneFlags are the flags of "hull bench plusone".
type plusOneFlags struct {
	algos   []string
	k       int
	knn     int
	seed    uint64
	repeat  int
	threads int
	asJSON  bool
	input   inputFlags
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

Predictors: baseline (the training corpus's word distribution), knn-15 (the
words of the 15 training documents nearest by cosine) and one per --algos
entry: topics learned on the training part, the test document's mixture inferred
by variational inference, words scored by sum_k theta_k phi_kw.

With --repeat R the protocol runs with seeds S, S+1, ..., S+R-1 and the table
shows the mean precision and its standard deviation across seeds.`,
		Example: `  hull bench plusone --algos anchor -k 15 ../shared/data/classic/med.json`,
		Args:    cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runPlusOne(cmd, args, &f)
		},
	}
	fs := cmd.Flags()
	fs.StringSliceVar(&f.algos, "algos", []string{"anchor"}, "topic-model algorithms to compare: "+algorithmNames())
	fs.IntVarP(&f.k, "topics", "k", 15, "number of topics K (the paper uses 15)")
	fs.IntVar(&f.knn, "knn", eval.DefaultKNN, "neighbours of the KNN predictor")
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
}

func runPlusOne(cmd *cobra.Command, args []string, f *plusOneFlags) error {
	if f.repeat < 1 {
		return fmt.Errorf("--repeat %d: want at least 1", f.repeat)
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
		results, err := plusOneOnce(cmd.Context(), c, f, seed, cmd.ErrOrStderr())
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
		}
	}
	for i := range rows {
		rows[i].Precision, rows[i].StdDev = meanStd(rows[i].PerSeed)
		rows[i].Splits = len(rows[i].PerSeed)
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
// and scores every predictor. An algorithm whose fit fails is reported on
// log and left out.
func plusOneOnce(ctx context.Context, c *corpus.Corpus, f *plusOneFlags, seed uint64, log io.Writer) ([]eval.PlusOneResult, error) {
	o := eval.PlusOneOptions{Seed: seed, Threads: f.threads}
	split, err := eval.SplitPlusOne(c, o)
	if err != nil {
		return nil, err
	}
	predictors := []eval.Predictor{eval.Baseline{}, eval.KNN{K: f.knn}}
	for _, a := range f.algos {
		algo, _ := lookupAlgorithm(a)
		l, err := algo.build(fitSettings{seed: seed, threads: f.threads})
		if err != nil {
			return nil, err
		}
		m, err := l.Fit(ctx, split.Train, f.k)
		if err != nil {
			if ctx.Err() != nil {
				return nil, err
			}
			fmt.Fprintf(log, "plusone: seed %d: %s failed and is left out: %v\n", seed, a, err)
			continue
		}
		predictors = append(predictors, eval.TopicPredictor{Label: a, Model: m, Infer: vbInfer(seed, f.threads)})
	}
	return eval.PlusOne(ctx, split, predictors, o)
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
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "predictor\tprecision\tstd dev\tsplits\ttest docs\t")
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%.3f\t%.3f\t%d\t%d\t\n", r.Predictor, r.Precision, r.StdDev, r.Splits, r.TestDocs)
	}
	tw.Flush()
	fmt.Fprintf(w, "precision of 3 predictions per test document, mean over %d split(s); 30%% of distinct words held out\n", repeat)
}
