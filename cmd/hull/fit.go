package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"time"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/internal/memory"
	"github.com/hulltopics/hull/internal/textsafe"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/synth"
	"github.com/spf13/cobra"
)

// fitFlags are the flags of "hull fit".
type fitFlags struct {
	k         int
	algo      string
	seed      uint64
	threads   int
	output    string
	top       int
	quiet     bool
	maxMemory string
	stats     string
	input     inputFlags
	learners  *learnerFlags
}

func newFitCmd() *cobra.Command {
	var f fitFlags
	cmd := &cobra.Command{
		Use:   "fit [INPUT...]",
		Short: "Learn topics from a corpus (the embedded demo corpus without INPUT)",
		Long: `Learn K topics from one or more inputs and print each topic's share and top
words, the word the learner singles out (an anchor word, a TSVD catchword, a
Topic-SCORE vertex word; see "hull topics --help") marked with *stars*. Stage
times go to stderr.

After the topics, stderr gets their health: how many different words the K x 10
top words hold, how many topic pairs share at least half of their top 10 words,
the share of the training documents whose dominant topic (by variational
inference, at most 20 updates per document; of 20,000 documents sampled evenly
when there are more) is the largest topic's, and the topics dominant in fewer
than 0.5% of the documents (1/(2K) above K = 100), then the topics whose top 10
words occur together in the documents less often than at random (NPMI below
-0.02; of the same 20,000 documents at most) and the least NPMI of a topic.
When the topics have collapsed (more than a quarter of the pairs
near-duplicates, fewer than 40% of the top words different, one topic dominant
in more than half the documents, or more than half the topics rare) or are
incoherent (more than a quarter of them so, or one below -0.25), a warning says
what to try. --quiet skips it.

INPUT "-" is standard input, read alone: zcat corpus.jsonl.gz | hull fit -k 20 -
(numeric formats need --vocab there).

With no INPUT, hull fits its embedded demo corpus: documents generated from a
fixed seed over planted, human-readable themes, and prints how close each
recovered topic is to its planted theme (l1 distance, 0 = identical, 2 = disjoint).

Algorithms (--algo):
  ` + algorithmHelp(),
		Example: `  hull fit
  hull fit -k 20 docword.kos.txt.gz --vocab vocab.kos.txt -o kos.json
  hull fit -k 15 --stem --min-df 3 --max-df 0.5 ./letters/
  hull fit -k 20 --stats corpus.stats -o model.json
  hull fit -k 20 --stats corpus.stats shard1/ -o model.json   # refined on shard1's documents`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runFit(cmd, args, &f)
		},
	}
	fs := cmd.Flags()
	fs.IntVarP(&f.k, "topics", "k", 0, "number of topics K (required with INPUT or --stats; the demo defaults to its planted count)")
	fs.StringVar(&f.algo, "algo", "anchor", "algorithm: "+algorithmNames())
	fs.Uint64Var(&f.seed, "seed", 1, "random seed: the same input and seed give the same model")
	fs.IntVar(&f.threads, "threads", 0, "worker goroutines (0: one per CPU); never changes the result (gibbs samples its --shards on them)")
	fs.StringVarP(&f.output, "output", "o", "", "write the model to this JSON file (.gz: gzip)")
	fs.IntVar(&f.top, "top", 10, "top words to print per topic (0: none, only each topic's share and anchor)")
	fs.BoolVarP(&f.quiet, "quiet", "q", false, "no progress bars, stage times or topic health on stderr (and no time spent on the health)")
	fs.StringVar(&f.maxMemory, "max-memory", "", "refuse to start when the estimated working memory exceeds this, e.g. 8GiB (default: half the RAM)")
	fs.StringVar(&f.stats, "stats", "", "learn from this co-occurrence statistics file (hull stats, hull's Beam pipeline); INPUT is then optional: documents, read as the statistics' were, to run the refinement on (a shard, say); anchor learners only")
	f.input.bind(fs)
	f.learners = bindLearnerFlags(fs)
	return cmd
}

// runFit validates every flag, builds the learner and checks that -o can
// be written before it reads any input, then reads, fits, saves and prints.
func runFit(cmd *cobra.Command, args []string, f *fitFlags) error {
	stderr := logWriter(cmd, f.quiet)
	settings, err := runSettings(f.seed, f.threads, f.maxMemory, stderr, f.quiet, f.algo)
	if err != nil {
		return err
	}
	f.input.maxMemory = settings.MaxMemory // the reader refuses declared sizes above it
	if err := checkFitFlags(cmd, args, f); err != nil {
		return err
	}
	l, err := f.learners.build(f.algo, settings, f.k) // f.k 0: the demo's, known after
	if err != nil {
		return err
	}
	if f.quiet {
		if err := unusedFlags(cmd.Flags(), "it prints the log likelihood on stderr, which -q silences", "log-every"); err != nil {
			return err
		}
	}
	if f.output != "" {
		// An unusable -o is the user's to fix, and better known before the fit.
		if err := checkOutput(f.output, append(f.input.files(args), f.stats)...); err != nil {
			return err
		}
	}
	if f.stats != "" {
		return runFitStats(cmd, args, f, settings, stderr)
	}
	start := time.Now()
	c, truth, err := loadFitInput(cmd.Context(), args, &f.input, stderr, settings.Progress)
	if err != nil {
		return err
	}
	readTime := time.Since(start)
	k := f.k
	if k == 0 {
		k = truth.K
	}
	fitSettings, restore := softMemoryLimit(fitLimit(settings, c), f.maxMemory, c)
	if l, err = f.learners.build(f.algo, fitSettings, k); err != nil {
		return err
	}
	m, err := l.Fit(cmd.Context(), c, k)
	restore()
	err = wholeLimitError(err, settings, "the corpus", c)
	if err != nil {
		spec, _ := learner.Lookup(f.algo)
		return commandLineError(err, spec)
	}
	m.Provenance.Timings = append([]model.Timing{{Stage: "read", Seconds: readTime.Seconds()}}, m.Provenance.Timings...)
	if n, _ := m.Param("docs_skipped"); n > 0 {
		fmt.Fprintf(stderr, "note: %d documents with fewer than 2 tokens hold no word pair and were skipped\n", int(n))
	}
	// Saved before anything is printed: a reader closing stdout early
	// ("| head") or an interrupt during the health must not lose the model.
	if f.output != "" {
		if err := model.SaveContext(cmd.Context(), f.output, m); err != nil {
			return envError{err}
		}
	}
	printTopics(cmd.OutOrStdout(), m, f.top)
	if err := printRecovery(cmd.OutOrStdout(), m, truth); err != nil {
		return err
	}
	timings := m.Provenance.Timings
	if !f.quiet {
		t, err := fitHealth(cmd.Context(), m, c, f.threads, stderr)
		if err != nil {
			return err
		}
		timings = append(slices.Clone(timings), t)
	}
	printTimings(stderr, timings, time.Since(start))
	return nil
}

// checkFitFlags refuses the flags of fit that no input can make right,
// before any is read: -k (required with INPUT or --stats), --top, and an
// empty -o or --stats (a script's variable left unset: they were a model
// not written, and the demo fitted).
func checkFitFlags(cmd *cobra.Command, args []string, f *fitFlags) error {
	switch {
	case f.k == 0 && !cmd.Flags().Changed("topics") && (len(args) > 0 || f.stats != ""):
		return errors.New("-k is required with INPUT or --stats: the number of topics to learn, at least 2")
	case f.k < 0 || f.k == 1 || (f.k == 0 && (len(args) > 0 || f.stats != "")):
		return fmt.Errorf("-k %d: want the number of topics to learn, at least 2", f.k)
	case f.top < 0:
		return fmt.Errorf("--top %d: want >= 0", f.top)
	case f.output == "" && cmd.Flags().Changed("output"):
		return errors.New(`-o "": want a file name (without -o the model is not written)`)
	case f.stats == "" && cmd.Flags().Changed("stats"):
		return errors.New(`--stats "": want a statistics file (without --stats the fit learns from INPUT, or the demo corpus)`)
	}
	return nil
}

// fitHealth measures the health of m's topics, with the dominant topics of
// the training corpus c, prints it on log and returns its time (not a
// stage of the fit: the model does not record it).
func fitHealth(ctx context.Context, m *model.Model, c *corpus.Corpus, threads int, log io.Writer) (model.Timing, error) {
	start := time.Now()
	if m.CheckVocab(c.Vocab) != nil {
		c, _ = corpus.Align(c, m.Vocab)
	}
	dominant, sampled, err := eval.SampleDominantTopics(ctx, m, c, eval.HealthSampleDocs, threads)
	if err != nil {
		return model.Timing{}, err
	}
	h := eval.TopicHealth(m, dominant, eval.DefaultTopN)
	if err := h.AddCoherence(m, c); err != nil {
		return model.Timing{}, err
	}
	printHealth(log, &h, sampled, c.NumDocs())
	return model.Timing{Stage: "health", Seconds: time.Since(start).Seconds()}, nil
}

// loadFitInput reads and prunes the inputs, or generates the demo corpus
// (and returns its truth) when there are none.
func loadFitInput(ctx context.Context, args []string, in *inputFlags, log io.Writer, progress learner.Progress) (*corpus.Corpus, *model.Model, error) {
	if len(args) == 0 {
		if err := in.unused("they say how to read INPUT, and none is given (hull fit alone learns the demo corpus)"); err != nil {
			return nil, nil, err
		}
		c, truth := synth.Demo()
		fmt.Fprintf(log, "demo corpus: %d documents, %d words, %d planted themes (seeded; run with INPUT for your own corpus)\n",
			c.NumDocs(), c.NumWords(), truth.K)
		return c, truth, nil
	}
	c, err := in.read(ctx, args, log, progress, rawTextPrune)
	return c, nil, err
}

// printRecovery matches the learned topics to the planted ones of truth
// (nil: no demo, nothing to print) and prints the l1 distance of each
// pair; with another K than the planted one, a note says why it does not.
func printRecovery(w io.Writer, m, truth *model.Model) error {
	switch {
	case truth == nil:
		return nil
	case m.K != truth.K:
		fmt.Fprintf(w, "\nrecovery of the planted themes: not measured, for it matches each of the %d themes to a topic and %d were learned (leave out -k, or -k %d, to measure it)\n",
			truth.K, m.K, truth.K)
		return nil
	}
	rec, err := eval.L1Recovery(m, truth)
	if err != nil {
		return err
	}
	themes := truth.TopicLabels
	fmt.Fprintf(w, "\nrecovery of the planted themes (l1 distance: 0 identical, 2 disjoint)\n")
	for j, k := range rec.Match {
		name := fmt.Sprintf("theme %d", j+1)
		if j < len(themes) {
			name = textsafe.Data(themes[j])
		}
		fmt.Fprintf(w, "  %-12s <- topic %2d   l1 %.3f\n", name, k+1, rec.Dist[j])
	}
	fmt.Fprintf(w, "  mean l1 %.3f, max l1 %.3f\n", rec.Mean, rec.Max)
	return nil
}

// softMemoryLimit returns s with a Budget that, when neither --max-memory
// nor GOMEMLIMIT sets a limit, sets the garbage collector's soft limit
// before each fit the learner starts to the runtime, the corpus and 1.5
// times the fit's estimated working memory (within 25% of its live
// peak), at least 64 MiB: the collector then works before the heap
// doubles the live data, as it would by default, and the process's peak
// follows the estimate (anchor at 300,000 documents: docs/BENCHMARKS.md).
// The limit is soft: a fit above it runs, with more collections. restore
// lifts it again.
func softMemoryLimit(s learner.Settings, maxMemory string, c *corpus.Corpus) (_ learner.Settings, restore func()) {
	if maxMemory != "" || os.Getenv("GOMEMLIMIT") != "" {
		return s, func() {}
	}
	old := debug.SetMemoryLimit(-1)
	s.Budget = func(need int64) { debug.SetMemoryLimit(max(runtimeBytes+c.Bytes()+need*3/2, 64<<20)) }
	return s, func() { debug.SetMemoryLimit(old) }
}

// runtimeBytes is the memory of the process before it reads anything: the
// Go runtime, the binary and its tables.
const runtimeBytes = 16 << 20

// wholeLimitError adds to a memory refusal (a *learner.MemoryError, whose
// limit was fitLimit's share) the whole --max-memory limit of s and what
// the process holds of it: the runtime and c (nil: nothing read), named
// what. Other errors are returned as they are.
func wholeLimitError(err error, s learner.Settings, what string, c *corpus.Corpus) error {
	if _, ok := errors.AsType[*learner.MemoryError](err); !ok {
		return err
	}
	whole := s.MaxMemory
	if whole == 0 {
		whole = memory.DefaultLimit()
	}
	held := "the runtime holds " + memory.Format(runtimeBytes)
	if c != nil {
		held += fmt.Sprintf(" and %s %s", what, memory.Format(c.Bytes()))
	}
	return fmt.Errorf("%w (what is left of the whole limit of %s once %s)", err, memory.Format(whole), held)
}

// fitLimit returns s with MaxMemory lowered by what the process already
// holds, the runtime and the corpus c, so that --max-memory bounds the whole
// process and not only the learner's working memory. A limit the corpus
// already uses up leaves 1 byte: the learner then refuses with its estimate.
func fitLimit(s learner.Settings, c *corpus.Corpus) learner.Settings {
	limit := s.MaxMemory
	if limit == 0 {
		limit = memory.DefaultLimit()
	}
	var held int64
	if c != nil { // nil: nothing read (hull fit --stats without documents)
		held = c.Bytes()
	}
	s.MaxMemory = max(1, limit-runtimeBytes-held)
	return s
}

// runSettings returns the run settings of a fit of algo ("": none) from
// the common flags: progress bars on a terminal, the learner's running
// log on log unless quiet, its lines naming algo's options by their
// flags as its errors do (logInFlags), and the memory limit parsed, at
// least what the process holds before it reads (fitLimit subtracts it).
func runSettings(seed uint64, threads int, maxMemory string, log io.Writer, quiet bool, algo string) (learner.Settings, error) {
	s := learner.Settings{Seed: seed, Threads: threads, Progress: newProgress(log)}
	if threads < 0 {
		return s, fmt.Errorf("--threads %d: want >= 0 (0: one per CPU)", threads)
	}
	if maxMemory != "" {
		var err error
		if s.MaxMemory, err = memory.Parse(maxMemory); err != nil {
			return s, fmt.Errorf("--max-memory: %w", err)
		}
		if s.MaxMemory <= runtimeBytes { // fitLimit would leave nothing: refused after the read
			return s, fmt.Errorf("--max-memory %s: want more than the %s the process holds before it reads anything (the Go runtime, the binary and its tables), which the limit counts",
				maxMemory, memory.Format(runtimeBytes))
		}
		// The garbage collector keeps the heap under the limit, where the
		// default would let it grow to twice the live data before it
		// collects; its limit leaves out the resident memory it does not
		// manage (the binary's pages), so that the limit bounds the
		// process's resident memory.
		debug.SetMemoryLimit(max(s.MaxMemory-memory.OutsideGo(), s.MaxMemory/2))
	}
	if !quiet {
		prefix := ""
		if f, ok := log.(*os.File); ok && isTerminal(f) {
			prefix = "\r\x1b[K" // clear the progress bar's line first
		}
		s.Log = func(line string) { fmt.Fprintf(log, "%s%s\n", prefix, textsafe.Escape(line)) }
		if algo != "" {
			s.Log = logInFlags(s.Log, algo)
		}
	}
	return s, nil
}
