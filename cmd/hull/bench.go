package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/hulltopics/hull/cooc"
	"github.com/hulltopics/hull/model"
	"github.com/spf13/cobra"
)

// benchFlags are the flags of "hull bench".
type benchFlags struct {
	algos  []string
	k      int
	repeat int
	asJSON bool
	eval   evalFlags
}

func newBenchCmd() *cobra.Command {
	var f benchFlags
	cmd := &cobra.Command{
		Use:   "bench --algos A,B,... -k K INPUT...",
		Short: "Run algorithms side by side on the same corpus and seed, and measure them",
		Long: `Run each algorithm on the same corpus with the same seed, each fit in its own
process ("hull fit"), and print one table: wall time of the whole fit (median of
--repeat runs), peak resident memory (largest of the runs) and every measure that
applies, as "hull eval" computes them: recovery with --truth, held-out perplexity
with --heldout, coherence on --reference (by default the training input itself),
and unique words.`,
		Example: `  hull synth separable -k 10 --docs 20000 -o sep
  hull bench --algos anchor,anchor-kl,recover -k 10 sep/docword.txt --truth sep/truth.json`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runBench(cmd, args, &f)
		},
	}
	fs := cmd.Flags()
	fs.StringSliceVar(&f.algos, "algos", []string{"anchor"}, "algorithms to compare: "+algorithmNames())
	fs.IntVarP(&f.k, "topics", "k", 0, "number of topics K (required)")
	fs.IntVar(&f.repeat, "repeat", 3, "fits per algorithm; the table shows the median wall time")
	fs.BoolVar(&f.asJSON, "json", false, "print a JSON array, one object per algorithm")
	fs.StringVar(&f.eval.truth, "truth", "", "true model, for l1 and cosine recovery")
	fs.StringVar(&f.eval.heldout, "heldout", "", "held-out documents, for perplexity")
	fs.StringVar(&f.eval.reference, "reference", "", "reference corpus for coherence (default: the input, when there is one)")
	fs.IntVar(&f.eval.top, "top", 10, "top words per topic for coherence and unique words")
	fs.Uint64Var(&f.eval.seed, "seed", 1, "seed of every fit and of the evaluation")
	fs.IntVar(&f.eval.threads, "threads", 0, "worker goroutines per fit (0: one per CPU)")
	f.eval.input.bind(fs)
	cmd.AddCommand(newPlusOneCmd())
	return cmd
}

// benchRow is one algorithm's line of the table.
type benchRow struct {
	Algo         string  `json:"algo"`
	Runs         int     `json:"runs"`
	WallSeconds  float64 `json:"wall_seconds"`
	PeakRSSBytes int64   `json:"peak_rss_bytes"`
	Error        string  `json:"error,omitempty"`
	*measures
}

func runBench(cmd *cobra.Command, inputs []string, f *benchFlags) error {
	if f.k == 0 {
		return fmt.Errorf("-k is required: how many topics to learn")
	}
	if f.repeat < 1 {
		return fmt.Errorf("--repeat %d: want at least 1", f.repeat)
	}
	for _, a := range f.algos {
		if _, err := lookupAlgorithm(a); err != nil {
			return err
		}
	}
	if f.eval.reference == "" && len(inputs) == 1 {
		f.eval.reference = inputs[0]
	}
	dir, err := os.MkdirTemp("", "hull-bench")
	if err != nil {
		return envError{err}
	}
	defer os.RemoveAll(dir)
	stderr := cmd.ErrOrStderr()
	var rows []benchRow
	for _, a := range f.algos {
		row, err := benchAlgorithm(cmd.Context(), a, inputs, f, filepath.Join(dir, a+".json"), stderr)
		if err != nil {
			if cmd.Context().Err() != nil {
				return err
			}
			row.Error = err.Error()
			fmt.Fprintf(stderr, "bench: %s failed: %v\n", a, err)
		}
		rows = append(rows, row)
	}
	if slices.IndexFunc(rows, func(r benchRow) bool { return r.Error == "" }) < 0 {
		return fmt.Errorf("every algorithm failed")
	}
	if f.asJSON {
		enc := json.NewEncoder(cmd.OutOrStdout())
		enc.SetIndent("", "  ")
		return enc.Encode(rows)
	}
	printBench(cmd.OutOrStdout(), rows)
	return nil
}

// benchAlgorithm fits algo f.repeat times in child processes and measures
// the model of the last fit (every fit gives the same model).
func benchAlgorithm(ctx context.Context, algo string, inputs []string, f *benchFlags, out string, log io.Writer) (benchRow, error) {
	row := benchRow{Algo: algo, Runs: f.repeat}
	var walls []float64
	for r := 0; r < f.repeat; r++ {
		fmt.Fprintf(log, "bench: %s, run %d of %d\n", algo, r+1, f.repeat)
		wall, rss, err := fitChild(ctx, algo, inputs, f, out)
		if err != nil {
			return row, err
		}
		walls = append(walls, wall)
		row.PeakRSSBytes = max(row.PeakRSSBytes, rss)
	}
	slices.Sort(walls)
	row.WallSeconds = walls[(len(walls)-1)/2]
	m, err := model.Load(out)
	if err != nil {
		return row, err
	}
	row.measures, err = measure(ctx, m, &f.eval, log)
	return row, err
}

// childEnv marks a process started by hull bench: the test binary runs
// hull's main when it sees it.
const childEnv = "HULL_BENCH_CHILD=1"

// fitChild runs "hull fit" as a child process and returns its wall time
// and peak resident memory.
func fitChild(ctx context.Context, algo string, inputs []string, f *benchFlags, out string) (float64, int64, error) {
	exe, err := os.Executable()
	if err != nil {
		return 0, 0, envError{err}
	}
	args := append([]string{"fit", "-q", "--algo", algo, "-k", strconv.Itoa(f.k), "--seed", strconv.FormatUint(f.eval.seed, 10),
		"--threads", strconv.Itoa(f.eval.threads), "-o", out}, f.eval.input.args()...)
	child := exec.CommandContext(ctx, exe, append(args, inputs...)...)
	child.Env = append(os.Environ(), childEnv)
	var errb strings.Builder
	child.Stderr = &errb
	start := time.Now()
	if err := child.Run(); err != nil {
		return 0, 0, fmt.Errorf("hull fit failed: %v: %s", err, strings.TrimSpace(errb.String()))
	}
	return time.Since(start).Seconds(), childPeakRSS(child.ProcessState), nil
}

// args returns the command-line flags that reproduce in.
func (in *inputFlags) args() []string {
	var a []string
	add := func(name, value string, set bool) {
		if set {
			a = append(a, "--"+name+"="+value)
		}
	}
	add("format", in.format, in.format != "")
	add("vocab", in.vocab, in.vocab != "")
	for _, s := range in.stopwords {
		add("stopwords", s, true)
	}
	add("no-stopwords", "true", in.noStopwords)
	add("stem", "true", in.stem)
	add("min-df", strconv.Itoa(in.minDF), in.minDF != 0)
	add("max-df", strconv.FormatFloat(in.maxDF, 'g', -1, 64), in.maxDF != 0)
	add("max-vocab", strconv.Itoa(in.maxVocab), in.maxVocab != 0)
	return a
}

func printBench(w io.Writer, rows []benchRow) {
	cols := []struct {
		name string
		get  func(*measures) *float64
	}{
		{"l1_mean", func(m *measures) *float64 { return m.L1Mean }},
		{"l1_max", func(m *measures) *float64 { return m.L1Max }},
		{"cosine_mean", func(m *measures) *float64 { return m.CosineMean }},
		{"perplexity", func(m *measures) *float64 { return m.Perplexity }},
		{"coherence_umass", func(m *measures) *float64 { return m.CoherenceUMass }},
		{"coherence_npmi", func(m *measures) *float64 { return m.CoherenceNPMI }},
		{"unique_words", func(m *measures) *float64 { return m.UniqueWords }},
	}
	ok := rows[slices.IndexFunc(rows, func(r benchRow) bool { return r.Error == "" })]
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	header := "algo\twall (median)\tpeak RSS"
	var used []int
	for i, c := range cols {
		if c.get(ok.measures) != nil {
			header += "\t" + c.name
			used = append(used, i)
		}
	}
	fmt.Fprintln(tw, header+"\t")
	for _, r := range rows {
		if r.Error != "" {
			fmt.Fprintf(tw, "%s\tfailed\t\t\n", r.Algo)
			continue
		}
		line := fmt.Sprintf("%s\t%s\t%s", r.Algo, fmtSeconds(r.WallSeconds), cooc.FormatBytes(r.PeakRSSBytes))
		for _, i := range used {
			line += fmt.Sprintf("\t%.4f", *cols[i].get(r.measures))
		}
		fmt.Fprintln(tw, line+"\t")
	}
	tw.Flush()
	if ok.estimator != "" {
		fmt.Fprintf(w, "perplexity: %s\n", ok.estimator)
	}
	fmt.Fprintf(w, "wall: median of %d runs of hull fit, each its own process; peak RSS: largest of the runs\n", ok.Runs)
}
