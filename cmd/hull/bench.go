package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/internal/atomicfile"
	"github.com/hulltopics/hull/internal/memory"
	"github.com/hulltopics/hull/internal/textsafe"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// benchFlags are the flags of "hull bench".
type benchFlags struct {
	algos []string
	ks    []int
	// recoveredAt is the --recovered-at threshold.
	recoveredAt float64
	repeat      int
	asJSON      bool
	eval        evalFlags
	learners    *learnerFlags
}

func newBenchCmd() *cobra.Command {
	var f benchFlags
	cmd := &cobra.Command{
		Use:   "bench --algos A,B,... -k K[,K...] INPUT...",
		Short: "Run algorithms side by side on the same corpus and seed, and measure them",
		Long: `Run each algorithm on the same corpus with the same seed, each fit in its own
process ("hull fit"), and print one table: wall time of the whole fit (median of
--repeat runs), peak resident memory (largest of the runs) and every measure that
applies, as "hull eval" computes them: recovery with --truth, held-out perplexity
with --heldout, coherence on --reference (by default the training input itself),
unique words and the topics' health (see "hull eval --help"), and with --labels
NMI and purity of each reference document's dominant topic against its label.
The "health" column marks the models whose topics have collapsed: whatever their
coherence, they are not good models; "(few docs)" when the documents measured are
too few to judge the topics by (fewer than 5 K or 50).

-k takes one number of topics or several (-k 10,20,50): each algorithm is then
fitted and measured at each K, a row each, to choose K by the figures side by
side: held-out perplexity mostly falls as K grows; the labels' NMI, the coherence and
the number of distinct top words say when more topics stop adding new ones.
With --truth, l1 and cosine recovery apply at the truth's K only; with several
K, "recovered" counts at every K the true topics matched at cosine >=
--recovered-at (0.9), as "hull eval --recovered-at" does.

--labels FILE holds id<TAB>label lines; the ids are those of the reference
documents (for JSON lines input, their "id" fields). Unlabelled documents are left
out; the table says how many documents were used.`,
		Example: `  hull synth separable -k 10 --docs 20000 -o sep
  hull bench --algos anchor,anchor-kl,recover -k 10 sep/docword.txt --truth sep/truth.json
  hull bench -k 10,20,40 --repeat 1 --heldout test.jsonl.gz train.jsonl.gz   # which K?
  hull bench --algos anchor,gibbs -k 20 --min-df 5 --max-df 0.5 --labels labels.tsv reuters-train.jsonl.gz`,
		Args: positional(1, -1, "at least one INPUT, the corpus to fit"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runBench(cmd, args, &f)
		},
	}
	fs := cmd.Flags()
	fs.StringSliceVar(&f.algos, "algos", []string{"anchor"}, "algorithms to compare: "+algorithmNames())
	fs.IntSliceVarP(&f.ks, "topics", "k", nil, "number of topics K, or several, comma-separated: a row each (required)")
	fs.IntVar(&f.repeat, "repeat", 3, "fits per algorithm; the table shows the median wall time")
	fs.BoolVar(&f.asJSON, "json", false, "print a JSON array, one object per row of the table: per algorithm and K")
	fs.StringVar(&f.eval.truth, "truth", "", "true model, for l1 and cosine recovery")
	fs.BoolVar(&f.eval.ignoreDigest, "ignore-digest", false, "with --truth: score even when the truth records another corpus than INPUT read with these flags")
	fs.Float64Var(&f.recoveredAt, "recovered-at", eval.DefaultRecoveredAt, "with --truth: count the true topics matched at cosine >= this (by default only with several -k)")
	fs.StringVar(&f.eval.heldout, "heldout", "", "held-out documents, for perplexity")
	fs.StringVar(&f.eval.reference, "reference", "", "reference corpus for coherence and the document figures (default: the input, when there is one)")
	fs.StringVar(&f.eval.labels, "labels", "", "id<TAB>label file: NMI and purity of the reference documents' dominant topics against their labels")
	fs.IntVar(&f.eval.top, "top", 10, "top words per topic for coherence, unique words and health")
	fs.Uint64Var(&f.eval.seed, "seed", 1, "seed of every fit and of the evaluation")
	fs.IntVar(&f.eval.threads, "threads", 0, "worker goroutines per fit (0: one per CPU)")
	fs.BoolVarP(&f.eval.quiet, "quiet", "q", false, "no progress or notes on stderr (failures are still said)")
	f.eval.input.bind(fs)
	f.learners = bindLearnerFlags(fs)
	fs.MarkHidden("log-every") // refused: the fits print no log
	cmd.AddCommand(newPlusOneCmd())
	return cmd
}

// benchRow is one algorithm's line of the table.
type benchRow struct {
	Algo         string  `json:"algo"`
	K            int     `json:"k"`
	Runs         int     `json:"runs"`
	WallSeconds  float64 `json:"wall_seconds"`
	PeakRSSBytes int64   `json:"peak_rss_bytes"`
	Error        string  `json:"error,omitempty"`
	*eval.Measures
}

func runBench(cmd *cobra.Command, inputs []string, f *benchFlags) error {
	if err := checkKs(f.ks); err != nil {
		return err
	}
	if f.eval.truth != "" && (len(f.ks) > 1 || cmd.Flags().Changed("recovered-at")) {
		f.eval.recoveredAt = &f.recoveredAt
	} else if cmd.Flags().Changed("recovered-at") {
		return errors.New("--recovered-at needs --truth: the true model whose topics are counted")
	}
	if f.repeat < 1 {
		return fmt.Errorf("--repeat %d: want at least 1", f.repeat)
	}
	if slices.Contains(inputs, stdinPath) {
		return errors.New("INPUT -: bench fits each algorithm in a process of its own, which reads INPUT again: give a file, not standard input")
	}
	if err := f.eval.check(); err != nil {
		return err
	}
	if err := f.learners.validate(f.algos, learner.Settings{Seed: f.eval.seed, Threads: f.eval.threads}, f.ks...); err != nil {
		return err
	}
	if err := unusedFlags(cmd.Flags(), "bench's fits print no log (each runs as hull fit -q)", "log-every"); err != nil {
		return err
	}
	if f.eval.reference == "" && len(inputs) == 1 {
		f.eval.reference = inputs[0]
	}
	dir, err := os.MkdirTemp("", "hull-bench")
	if err != nil {
		return envError{err}
	}
	defer os.RemoveAll(dir)
	if err := f.eval.input.copyStreams(dir); err != nil {
		return err
	}
	log := logWriter(cmd, f.eval.quiet)
	f.eval.input.memo = map[string]*corpus.Corpus{} // every model is measured on the same corpora
	if err := checkLabels(cmd.Context(), &f.eval, log); err != nil {
		return err
	}
	if err := f.preflight(cmd.Context(), inputs, log); err != nil {
		return err
	}
	var rows []benchRow
	envFailures := 0 // of the machine, not of the input (a full disk)
	for _, a := range f.algos {
		for _, k := range f.ks {
			row, err := benchAlgorithm(cmd.Context(), a, k, inputs, f, filepath.Join(dir, fmt.Sprintf("%s-%d.json", a, k)), log)
			if err != nil {
				if ctxErr := cmd.Context().Err(); ctxErr != nil {
					return ctxErr // interrupted: the child's failure is a consequence
				}
				if errors.As(err, new(envError)) {
					envFailures++
				}
				row.Error = err.Error()
				fmt.Fprintf(cmd.ErrOrStderr(), "bench: %s failed: %s\n", row.name(len(f.ks) > 1), textsafe.Escape(err.Error()))
			}
			rows = append(rows, row)
		}
	}
	if slices.IndexFunc(rows, func(r benchRow) bool { return r.Error == "" }) < 0 {
		if envFailures == len(rows) {
			return envError{errors.New("every algorithm failed")}
		}
		return fmt.Errorf("every algorithm failed")
	}
	if f.asJSON {
		return printJSON(cmd.OutOrStdout(), rows)
	}
	printBench(cmd.OutOrStdout(), rows)
	return nil
}

// preflight reads, before any fit, what bench would read after each, so
// that bad input fails once, not once per algorithm after every fit: the
// inputs as fit reads them (raw-text flags on input that is tokens
// already, and the truth's corpus by digest), the truth (recovery counts
// the true topics matched when no -k is the truth's K) and --heldout and
// --reference, kept for the measures.
func (f *benchFlags) preflight(ctx context.Context, inputs []string, log io.Writer) error {
	c, err := f.eval.input.read(ctx, inputs, io.Discard, nil, rawTextPrune)
	if err != nil {
		return err
	}
	if f.eval.truth != "" {
		truth, err := loadModel("--truth", f.eval.truth)
		if err != nil {
			return err
		}
		if !f.eval.ignoreDigest {
			if err := checkTruthDigest(c.Digest(), truth, f.eval.truth, log); err != nil {
				return err
			}
		}
		if !slices.Contains(f.ks, truth.K) && f.eval.recoveredAt == nil {
			f.eval.recoveredAt = &f.recoveredAt
			fmt.Fprintf(log, "bench: the truth has %d topics and no -k is %d: recovery counts the true topics matched at cosine >= %g\n", truth.K, truth.K, f.recoveredAt)
		}
	} else if f.eval.ignoreDigest {
		return errors.New("--ignore-digest: it is for --truth, and none is given")
	}
	for _, in := range []struct{ flag, path string }{{"--heldout", f.eval.heldout}, {"--reference", f.eval.reference}} {
		flag, path := in.flag, in.path
		if path == "" {
			continue
		}
		other, err := f.eval.input.readMemo([]string{path}, f.eval.input.readOptions(ctx, nil))
		if err != nil {
			return namingFlag(flag, readError(err))
		}
		// Every model's vocabulary is INPUT's (pruned), so a corpus that
		// shares no word with it fails every measure, after every fit.
		if _, rep := corpus.Align(other, c.Vocab); rep.Tokens == 0 {
			return fmt.Errorf("%s %s: no word of it is in the vocabulary of INPUT as the fits read it (%d words): is it the right corpus, and the right --vocab?", flag, path, c.NumWords())
		}
	}
	return nil
}

// checkLabels reads the --labels file, if any, and checks before any fit
// that it labels documents of the reference corpus, saying on log how many.
func checkLabels(ctx context.Context, f *evalFlags, log io.Writer) error {
	if f.labels == "" {
		return nil
	}
	if f.reference == "" {
		return errors.New("--labels needs --reference (or a single INPUT): the documents whose labels it gives")
	}
	labels, err := readLabels(f.labels)
	if err != nil {
		return err
	}
	c, err := corpus.Read([]string{f.reference}, f.input.readOptions(ctx, nil))
	if err != nil {
		return readError(err)
	}
	_, names, n := eval.LabelClasses(c.DocIDs, labels)
	if n == 0 {
		return fmt.Errorf("--labels %s: none of the %d ids labels a document of %s (whose ids are such as %q)",
			f.labels, len(labels), f.reference, c.DocIDs[:min(3, len(c.DocIDs))])
	}
	fmt.Fprintf(log, "bench: %s labels %d of the %d documents of %s (%d labels)\n", textsafe.Escape(f.labels), n, c.NumDocs(), textsafe.Escape(f.reference), len(names))
	return nil
}

// checkKs validates the -k list: numbers of topics of at least 2, each
// once.
func checkKs(ks []int) error {
	if len(ks) == 0 {
		return errors.New("-k is required: how many topics to learn (or several, -k 10,20,50)")
	}
	for i, k := range ks {
		if k < 2 {
			return fmt.Errorf("-k %d: want numbers of topics of at least 2", k)
		}
		if slices.Contains(ks[:i], k) {
			return fmt.Errorf("-k: %d is given twice", k)
		}
	}
	return nil
}

// name returns what the table and the notes call the row: its algorithm,
// and its K when several are compared.
func (r benchRow) name(withK bool) string {
	if withK {
		return fmt.Sprintf("%s, K = %d", r.Algo, r.K)
	}
	return r.Algo
}

// benchAlgorithm fits algo with k topics f.repeat times in child processes
// and measures the model of the last fit (every fit gives the same model).
func benchAlgorithm(ctx context.Context, algo string, k int, inputs []string, f *benchFlags, out string, log io.Writer) (benchRow, error) {
	row := benchRow{Algo: algo, K: k, Runs: f.repeat}
	var walls []float64
	for r := 0; r < f.repeat; r++ {
		what := fmt.Sprintf("%s, run %d of %d", row.name(len(f.ks) > 1), r+1, f.repeat)
		fmt.Fprintf(log, "bench: %s\n", what)
		wall, rss, err := fitChild(ctx, algo, k, inputs, f, out, func(running time.Duration) {
			fmt.Fprintf(log, "bench: %s: running for %v\n", what, running.Round(time.Second))
		})
		if err != nil {
			return row, err
		}
		walls = append(walls, wall)
		row.PeakRSSBytes = max(row.PeakRSSBytes, rss)
	}
	slices.Sort(walls)
	row.WallSeconds = median(walls)
	m, err := model.Load(out)
	if err != nil {
		return row, err
	}
	row.Measures, err = measure(ctx, m, &f.eval, log)
	return row, err
}

// median returns the median of sorted x, the mean of the middle two for
// an even count (the lower of two runs was shown as their median).
func median(x []float64) float64 {
	n := len(x)
	if n%2 == 1 {
		return x[n/2]
	}
	return (x[n/2-1] + x[n/2]) / 2
}

// childGrace is how long an interrupted child fit may take to stop. It is
// shorter than stopGrace, bench's own, so that bench has killed the child
// and removed its temporary directory when that runs out (it left the
// directory when the child took the whole grace).
const childGrace = stopGrace - 2*time.Second

// childEnv marks a process started by hull bench: the test binary runs
// hull's main when it sees it.
const childEnv = "HULL_BENCH_CHILD=1"

// peakEnv names the file in which a child fit leaves its peak resident
// set (memory.PeakRSS) as it exits: its resource usage, which the parent
// gets, starts from the parent's own peak (memory.PeakRSS says why).
const peakEnv = "HULL_BENCH_PEAK"

// heartbeatEvery is how often bench says that a long fit still runs.
const heartbeatEvery = 10 * time.Second

// childErrors is the standard error of a child fit run with -q: its error
// lines, escaped by it, for the error of a failed fit.
type childErrors struct {
	mu    sync.Mutex
	lines strings.Builder
}

func (c *childErrors) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lines.Write(p)
}

// failure returns what the child said of its failure, on one line: its
// error lines ("hull: ..."), else its first line, at most maxFailure
// bytes (a crash's trace held 12 KB).
func (c *childErrors) failure() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	all := strings.Split(strings.TrimSpace(c.lines.String()), "\n")
	var errs []string
	for _, line := range all {
		if strings.HasPrefix(line, "hull: ") {
			errs = append(errs, line)
		}
	}
	if len(errs) == 0 {
		errs = all[:1]
	}
	msg := strings.Join(errs, "; ")
	if len(msg) > maxFailure {
		msg = strings.ToValidUTF8(msg[:maxFailure], "") + "..."
	}
	return msg
}

// maxFailure bounds what bench says of a failed child fit.
const maxFailure = 1000

// fitChild runs "hull fit -q" as a child process and returns its wall
// time and peak resident memory; running is called every heartbeatEvery
// while it runs, with the time so far. (-q: the child's progress lines
// would cost it the topic-health stage, which is no part of a fit's
// time.) A child that fails for the machine (exit status 1: a full disk)
// gives an envError.
func fitChild(ctx context.Context, algo string, k int, inputs []string, f *benchFlags, out string, running func(time.Duration)) (float64, int64, error) {
	exe, err := os.Executable()
	if err != nil {
		return 0, 0, envError{err}
	}
	args := append([]string{"fit", "-q", "--algo", algo, "-k", strconv.Itoa(k), "--seed", strconv.FormatUint(f.eval.seed, 10),
		"--threads", strconv.Itoa(f.eval.threads), "-o", out}, f.eval.input.args()...)
	args = append(args, f.learners.args(algo)...)
	// "--": an INPUT named like a flag ("-d.txt", "--top=10") is an INPUT
	// to the child too (it took "--top=10" for --top and fitted the demo).
	child := exec.CommandContext(ctx, exe, append(append(args, "--"), inputs...)...)
	peakFile := out + ".peak"
	child.Env = append(os.Environ(), childEnv, peakEnv+"="+peakFile)
	// Interrupted, the child stops as hull does on SIGINT (its temporary
	// files removed), and is killed only if it has not within childGrace.
	child.Cancel = func() error { return child.Process.Signal(os.Interrupt) }
	child.WaitDelay = childGrace
	errs := &childErrors{}
	child.Stderr = errs
	start := time.Now()
	stop, stopped := make(chan struct{}), make(chan struct{})
	defer func() { close(stop); <-stopped }() // no line after the fit's
	go func() {
		defer close(stopped)
		tick := time.NewTicker(heartbeatEvery)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				running(time.Since(start))
			case <-stop:
				return
			}
		}
	}()
	if err := child.Run(); err != nil {
		err = fmt.Errorf("hull fit failed: %v: %s", err, errs.failure())
		if child.ProcessState != nil && child.ProcessState.ExitCode() == exitFailure {
			return 0, 0, envError{err}
		}
		return 0, 0, err
	}
	wall := time.Since(start).Seconds()
	peak, err := os.ReadFile(peakFile)
	if err != nil {
		return wall, 0, nil // not measured: the child wrote none (hull writes 0 where it cannot measure)
	}
	rss, err := strconv.ParseInt(string(peak), 10, 64)
	if err != nil {
		return 0, 0, fmt.Errorf("hull fit wrote its peak memory as %q", peak)
	}
	return wall, rss, nil
}

// copyStreams makes the --vocab and --stopwords files that may read
// differently the next time (a pipe: --vocab <(...) gives its words to
// one read only) regular files in dir, which bench and its child fits read
// each time: the vocabulary is read once and written to dir, and the stop
// words that check has read (it must have run) are written to dir in
// place of their files. A regular file, or a name that is no file (whose
// read then fails as usual), is left as given.
func (in *inputFlags) copyStreams(dir string) error {
	if in.vocab != "" && !readsAgain(in.vocab) {
		words, err := corpus.ReadVocabFile(in.vocab)
		if err != nil {
			return fmt.Errorf("--vocab: %w", err)
		}
		path := filepath.Join(dir, "vocab.txt")
		if err := atomicfile.Write(path, func(w io.Writer) error { return corpus.WriteVocab(w, &corpus.Corpus{Vocab: words}) }); err != nil {
			return envError{err}
		}
		in.vocab = path
	}
	if slices.ContainsFunc(in.stopwords, func(p string) bool { return !readsAgain(p) }) {
		path := filepath.Join(dir, "stopwords.txt")
		if err := atomicfile.Write(path, func(w io.Writer) error {
			_, err := io.WriteString(w, strings.Join(in.stopWords, "\n")+"\n")
			return err
		}); err != nil {
			return envError{err}
		}
		in.stopwords = []string{path}
	}
	return nil
}

// readsAgain reports whether path is a regular file, which gives the same
// bytes to every read, or names none.
func readsAgain(path string) bool {
	fi, err := os.Stat(path)
	return err != nil || fi.Mode().IsRegular()
}

// args returns the command-line flags that reproduce in: every input flag
// given, as given (a repeated flag once per value, which no flag parses
// as a list: a stop-word file "sw,x.txt" reaches the child whole), so
// that the child fit reads the corpus as this command does.
func (in *inputFlags) args() []string {
	var a []string
	in.own.VisitAll(func(f *pflag.Flag) {
		if !f.Changed {
			return
		}
		values := []string{f.Value.String()}
		if list, ok := f.Value.(pflag.SliceValue); ok {
			values = list.GetSlice()
		}
		for _, v := range values {
			a = append(a, "--"+f.Name+"="+v)
		}
	})
	return a
}

// benchColumn is a column of measures of the table: its name, and the
// value of a row formatted, or false when it does not apply.
type benchColumn struct {
	name string
	get  func(*eval.Measures) (string, bool)
}

// applies reports whether the column has a value for m.
func (c benchColumn) applies(m *eval.Measures) bool {
	_, ok := c.get(m)
	return ok
}

// floatColumn returns a column of a float measure printed with format.
func floatColumn(name, format string, get func(*eval.Measures) *float64) benchColumn {
	return benchColumn{name, func(m *eval.Measures) (string, bool) {
		if v := get(m); v != nil {
			return fmt.Sprintf(format, *v), true
		}
		return "", false
	}}
}

// intColumn returns a column of an integer measure.
func intColumn(name string, get func(*eval.Measures) *int) benchColumn {
	return benchColumn{name, func(m *eval.Measures) (string, bool) {
		if v := get(m); v != nil {
			return strconv.Itoa(*v), true
		}
		return "", false
	}}
}

// benchColumns are the measure columns of the table, in order.
var benchColumns = []benchColumn{
	floatColumn("l1_mean", "%.4f", func(m *eval.Measures) *float64 { return m.L1Mean }),
	floatColumn("l1_max", "%.4f", func(m *eval.Measures) *float64 { return m.L1Max }),
	floatColumn("cosine_mean", "%.4f", func(m *eval.Measures) *float64 { return m.CosineMean }),
	intColumn("recovered", func(m *eval.Measures) *int { return m.Recovered }),
	floatColumn("perplexity", "%.4f", func(m *eval.Measures) *float64 { return m.Perplexity }),
	floatColumn("coherence_umass", "%.4f", func(m *eval.Measures) *float64 { return m.CoherenceUMass }),
	floatColumn("coherence_npmi", "%.4f", func(m *eval.Measures) *float64 { return m.CoherenceNPMI }),
	intColumn("incoherent_topics", func(m *eval.Measures) *int { return m.IncoherentTopics }),
	floatColumn("least_topic_npmi", "%.4f", func(m *eval.Measures) *float64 { return m.LeastTopicNPMI }),
	floatColumn("unique_words", "%.4f", func(m *eval.Measures) *float64 { return m.UniqueWords }),
	intColumn("distinct_words", func(m *eval.Measures) *int { return m.DistinctWords }),
	intColumn("near_duplicate_pairs", func(m *eval.Measures) *int { return m.NearDuplicatePairs }),
	floatColumn("largest_topic_share", "%.3f", func(m *eval.Measures) *float64 { return m.LargestTopicShare }),
	intColumn("rare_topics", func(m *eval.Measures) *int { return m.RareTopics }),
	floatColumn("effective_topics", "%.1f", func(m *eval.Measures) *float64 { return m.EffectiveTopics }),
	floatColumn("nmi", "%.4f", func(m *eval.Measures) *float64 { return m.NMI }),
	floatColumn("purity", "%.4f", func(m *eval.Measures) *float64 { return m.Purity }),
	{"health", func(m *eval.Measures) (string, bool) {
		if m.Collapsed == nil {
			return "", false
		}
		health := "ok"
		if *m.Collapsed {
			health = "COLLAPSED"
		}
		if m.TooFewDocs != nil { // the documents' signs not judged
			health += " (few docs)"
		}
		return health, true
	}},
}

func printBench(w io.Writer, rows []benchRow) {
	ok := rows[slices.IndexFunc(rows, func(r benchRow) bool { return r.Error == "" })]
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	withK := slices.ContainsFunc(rows, func(r benchRow) bool { return r.K != rows[0].K })
	header := "algo\twall (median)\tpeak RSS"
	if withK {
		header = "algo\tK\twall (median)\tpeak RSS"
	}
	var used []benchColumn
	for _, c := range benchColumns {
		if slices.ContainsFunc(rows, func(r benchRow) bool { return r.Error == "" && c.applies(r.Measures) }) {
			header += "\t" + c.name
			used = append(used, c)
		}
	}
	fmt.Fprintln(tw, header+"\t")
	var collapsed []string
	for _, r := range rows {
		name := r.Algo
		if withK {
			name += "\t" + strconv.Itoa(r.K)
		}
		if r.Error != "" {
			// A cell for every column: tabwriter aligns a column only
			// over the lines that have it.
			fmt.Fprintln(tw, name+"\tfailed\t"+strings.Repeat("-\t", len(used)+1))
			continue
		}
		line := fmt.Sprintf("%s\t%s\t%s", name, fmtSeconds(r.WallSeconds), memory.Format(r.PeakRSSBytes))
		for _, c := range used {
			v, applies := c.get(r.Measures)
			if !applies {
				v = "-" // e.g. l1 at another K than the truth's
			}
			line += "\t" + v
		}
		fmt.Fprintln(tw, line+"\t")
		if h := r.Health; h != nil && h.Collapsed {
			collapsed = append(collapsed, fmt.Sprintf("  %s: %s", r.name(withK), strings.Join(h.Signs, "; ")))
		}
	}
	tw.Flush()
	if ok.RecoveredThreshold != nil {
		fmt.Fprintf(w, "recovered: true topics matched at cosine >= %g\n", *ok.RecoveredThreshold)
	}
	if ok.Estimator != "" {
		fmt.Fprintf(w, "perplexity: %s\n", ok.Estimator)
	}
	if ok.LabelledDocs != nil {
		fmt.Fprintf(w, "nmi, purity: dominant topics of the %d reference documents with a label and a token, against their labels\n", *ok.LabelledDocs)
	}
	if len(collapsed) > 0 {
		fmt.Fprintf(w, "COLLAPSED: the topics are near-copies or one topic takes most documents, whatever the other figures say (UMass coherence rewards collapsed topics):\n%s\n",
			strings.Join(collapsed, "\n"))
	}
	fmt.Fprintf(w, "wall: median of %s of hull fit, each its own process; peak RSS: largest of the runs\n", documents(ok.Runs, "run"))
}
