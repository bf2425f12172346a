package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/hulltopics/hull/cooc"
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

// statsFlags are the flags of "hull stats".
type statsFlags struct {
	output    string
	words     string
	threads   int
	maxMemory string
	weighting string
	quiet     bool
	input     inputFlags
}

func newStatsCmd() *cobra.Command {
	var f statsFlags
	cmd := &cobra.Command{
		Use:   "stats INPUT... -o FILE",
		Short: "Compute the co-occurrence statistics of a corpus, for hull fit --stats",
		Long: `Read the inputs exactly as "hull fit" does with the same flags and write their
co-occurrence statistics: the sums over the documents that the anchor learners
need (Q's numerator, the number of documents, each word's document frequency),
held exactly, so that the statistics of separate shards merge ("hull stats
merge") into bit for bit those of the whole. "hull fit --stats FILE" learns
from them without the documents; hull's Beam pipeline (beam/) computes the same
file on a cluster.

The file holds about 10 bytes for each nonzero entry of the upper triangle of
the V x V matrix (the gap from the entry before and the integer part as varints,
then 8 bytes of fraction), at most 8 V^2 bytes (about 1.5 GiB for 14,000
words).

Shards merge only over one vocabulary: give each the same --words file (one
word per line, e.g. the vocab.txt of "hull corpus" on a sample, or "hull stats
show --vocab -o FILE" of an earlier file); words outside it are dropped and counted.`,
		Example: `  hull stats -o kos.stats ../shared/data/kos/docword.kos.txt.gz
  hull fit -k 20 --stats kos.stats -o kos.json
  hull stats --words vocab.txt -o part1.stats shard1/
  hull stats --words vocab.txt -o part2.stats shard2/
  hull stats merge part1.stats part2.stats -o all.stats`,
		Args: positional(1, -1, "at least one INPUT, the corpus to count"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runStats(cmd, args, &f)
		},
	}
	fs := cmd.Flags()
	fs.StringVarP(&f.output, "output", "o", "", "write the statistics to this file (.gz: gzip; required)")
	fs.StringVar(&f.words, "words", "", "compute over the words of this file, one per line, in its order, without pruning (so that shards merge)")
	fs.IntVar(&f.threads, "threads", 0, "worker goroutines (0: one per CPU); never changes the result")
	fs.StringVar(&f.maxMemory, "max-memory", "", "refuse to start when the statistics would exceed this, e.g. 8GiB (default: half the RAM)")
	fs.StringVar(&f.weighting, "cooc-weighting", "documents", "how much each document weighs: documents (the paper), tokens or pairs, as hull fit --cooc-weighting; hull fit --stats learns with it, and only files of one weighting merge")
	fs.BoolVarP(&f.quiet, "quiet", "q", false, "no progress or summary on stderr")
	f.input.bind(fs)
	cmd.AddCommand(newStatsMergeCmd(), newStatsShowCmd())
	return cmd
}

func runStats(cmd *cobra.Command, args []string, f *statsFlags) error {
	stderr := logWriter(cmd, f.quiet)
	settings, err := runSettings(0, f.threads, f.maxMemory, stderr, f.quiet, "")
	if err != nil {
		return err
	}
	f.input.maxMemory = settings.MaxMemory
	if f.output == "" {
		return errStatsOutput
	}
	weighting := cooc.Weighting(f.weighting)
	if err := weighting.Check(); err != nil {
		return fmt.Errorf("--cooc-weighting %s: want documents, tokens or pairs", textsafe.Escape(f.weighting))
	}
	if err := checkOutput(f.output, append(f.input.files(args), f.words)...); err != nil {
		return err
	}
	if err := f.input.check(); err != nil {
		return err
	}
	if f.words != "" && f.input.pruneFlagsSet() {
		return errors.New("--words fixes the vocabulary: it cannot go with --min-df, --max-df, --max-vocab or --no-prune")
	}
	var vocab []string
	if f.words != "" {
		if vocab, err = corpus.ReadVocabFile(f.words); err != nil {
			return fmt.Errorf("--words: %w", readError(err))
		}
	}
	start := time.Now()
	var timings []model.Timing
	prune := rawTextPrune
	if vocab != nil {
		prune = nil
	}
	c, err := f.input.read(cmd.Context(), args, stderr, settings.Progress, prune)
	if err != nil {
		return err
	}
	if vocab != nil {
		var rep corpus.AlignReport
		pre := c.Preprocessing
		c, rep = corpus.Align(c, vocab)
		c.Preprocessing = pre // how the text was prepared; no pruning: the words are given
		// No word in common: the statistics would be empty, and fit
		// --stats would fail on them.
		if rep.Tokens == 0 {
			return fmt.Errorf("--words %s: none of its %d words occurs in INPUT (whose %d words it lacks): is it the right vocabulary?",
				f.words, len(vocab), rep.UnknownWords)
		}
		if rep.UnknownWords > 0 {
			fmt.Fprintf(stderr, "--words: %d words outside %s dropped (%d tokens; %d kept)\n", rep.UnknownWords, textsafe.Escape(f.words), rep.DroppedTokens, rep.Tokens)
		}
	}
	timings = append(timings, model.Timing{Stage: "read", Seconds: time.Since(start).Seconds()})
	mark := time.Now()
	s, err := cooc.FromCorpus(cmd.Context(), c, cooc.Options{Threads: f.threads, Weighting: weighting,
		MaxMemory: fitLimit(settings, c).MaxMemory, Progress: settings.Progress})
	if err != nil {
		return wholeLimitError(err, settings, "the corpus", c)
	}
	if err := s.Save(cmd.Context(), f.output); err != nil {
		return envError{err}
	}
	timings = append(timings, model.Timing{Stage: "statistics", Seconds: time.Since(mark).Seconds()})
	fmt.Fprintf(stderr, "stats: %s\n", textsafe.Escape(s.String()))
	printTimings(stderr, timings, time.Since(start))
	return nil
}

// errStatsOutput is the error of hull stats and hull stats merge without -o.
var errStatsOutput = errors.New("-o is required: the file to write the statistics to")

func newStatsMergeCmd() *cobra.Command {
	var output, maxMemory string
	var quiet bool
	cmd := &cobra.Command{
		Use:   "merge FILE... -o FILE",
		Short: "Merge statistics files of disjoint shards into those of their union",
		Long: `Add statistics files computed over disjoint sets of documents, with one
vocabulary and one preparation: the result is bit for bit what "hull stats" on
all the documents gives, in any order of the files.

Two files that hold the same statistics (the same digest) are refused, as a
file given twice or a copy of one: counted twice, their documents would
weigh double. Two shards of different documents whose counts are equal (the
same texts under other ids) are refused too; count them together with
"hull stats" instead.`,
		Args: positional(1, -1, "at least one statistics FILE to merge"),
		RunE: func(cmd *cobra.Command, args []string) error {
			limit, err := parseMaxMemory(maxMemory)
			if err != nil {
				return err
			}
			if output == "" {
				return errStatsOutput
			}
			if err := checkOutput(output, args...); err != nil {
				return err
			}
			sum, err := cooc.MergeFiles(cmd.Context(), args, limit)
			if err != nil {
				return statsError(err)
			}
			if err := sum.Save(cmd.Context(), output); err != nil {
				return envError{err}
			}
			if !quiet {
				fmt.Fprintf(cmd.ErrOrStderr(), "stats: %s\n", textsafe.Escape(sum.String()))
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&output, "output", "o", "", "write the merged statistics to this file (required)")
	cmd.Flags().StringVar(&maxMemory, "max-memory", "", "refuse files whose statistics exceed this, e.g. 8GiB (default: half the RAM)")
	cmd.Flags().BoolVarP(&quiet, "quiet", "q", false, "no summary on stderr")
	return cmd
}

func newStatsShowCmd() *cobra.Command {
	var vocab bool
	var output string
	cmd := &cobra.Command{
		Use:   "show FILE",
		Short: "Say what a statistics file holds (or list its words)",
		Args:  positional(1, 1, "one statistics FILE to show"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if output != "" && !vocab {
				return errors.New("-o writes the words: it needs --vocab")
			}
			if output != "" {
				if err := checkOutput(output, args[0]); err != nil {
					return err
				}
			}
			s, err := cooc.LoadStatsSummary(args[0])
			if err != nil {
				return statsError(err)
			}
			out := cmd.OutOrStdout()
			if output != "" {
				// The words as they are (the terminal gets them escaped).
				write := func(w io.Writer) error { return corpus.WriteVocab(w, &corpus.Corpus{Vocab: s.Vocab}) }
				if err := atomicfile.Write(output, write); err != nil {
					return envError{err}
				}
				return nil
			}
			if vocab {
				for _, w := range s.Vocab {
					fmt.Fprintln(out, textsafe.Data(w))
				}
				return nil
			}
			fmt.Fprintln(out, textsafe.Escape(s.String()))
			return nil
		},
	}
	cmd.Flags().BoolVar(&vocab, "vocab", false, "print the words, one per line, escaped for the terminal (with -o, a --words file for other shards)")
	cmd.Flags().StringVarP(&output, "output", "o", "", "with --vocab, write the words as they are to this file (.gz: gzip): the --words file of other shards")
	return cmd
}

// parseMaxMemory parses a --max-memory flag ("": 0, half the RAM).
func parseMaxMemory(s string) (int64, error) {
	if s == "" {
		return 0, nil
	}
	n, err := memory.Parse(s)
	if err != nil {
		return 0, fmt.Errorf("--max-memory: %w", err)
	}
	return n, nil
}

// statsError marks a statistics file that cannot be opened for another
// reason than its absence as a failure of the environment.
func statsError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) && !errors.Is(err, os.ErrNotExist) && !errors.Is(err, os.ErrPermission) {
		return envError{err}
	}
	return err
}

// runFitStats is "hull fit --stats": learn from a statistics file with an
// anchor learner, refining on the documents of INPUT if given, save and
// print the topics and their word health.
func runFitStats(cmd *cobra.Command, args []string, f *fitFlags, settings learner.Settings, stderr io.Writer) error {
	switch {
	case f.k < 2:
		return fmt.Errorf("-k %d: want the number of topics to learn, at least 2", f.k)
	case len(args) == 0 && len(f.input.given()) > 0:
		return fmt.Errorf("%s: --stats learns from statistics already counted, which no input flag changes (give it to hull stats, and to INPUT, the documents to refine on)", strings.Join(f.input.given(), ", "))
	case f.input.pruneFlagsSet():
		return errors.New("--min-df, --max-df, --max-vocab and --no-prune prune the vocabulary, which is the statistics' with --stats")
	case len(args) > 0 && cmd.Flags().Lookup("refine").Value.String() == "0":
		return errors.New("--refine 0 asks for no refinement, and INPUT is the documents a fit from statistics refines on: drop one")
	case len(args) == 0 && refineAsked(cmd.Flags()):
		return errors.New("--refine, --refine-tol, --refine-always: a fit from statistics refines on documents given as INPUT (a sample of them, read as the statistics' were), and none is given")
	}
	l, err := f.learners.build(f.algo, settings, f.k)
	if err != nil {
		return err
	}
	if _, ok := l.(learner.StatsLearner); !ok {
		return fmt.Errorf("--algo %s learns from documents, not from statistics: --stats works with %s", f.algo, strings.Join(statsLearners(), ", "))
	}
	start := time.Now()
	file, err := os.Open(f.stats)
	if err != nil {
		return statsError(err)
	}
	defer file.Close()
	r, err := cooc.NewStatsReader(file, f.stats) // the header: Q is read by the fit, S never held
	if err != nil {
		return statsError(err)
	}
	timings := []model.Timing{{Stage: "read header", Seconds: time.Since(start).Seconds()}}
	var sample *corpus.Corpus
	if len(args) > 0 { // after the header: a damaged statistics file fails before the documents are read
		mark := time.Now()
		if sample, err = f.input.read(cmd.Context(), args, stderr, settings.Progress, nil); err != nil {
			return err
		}
		timings = append(timings, model.Timing{Stage: "read documents", Seconds: time.Since(mark).Seconds()})
	}
	whole := settings
	settings = fitLimit(settings, sample) // --max-memory bounds the whole process
	if l, err = f.learners.build(f.algo, settings, f.k); err != nil {
		return err
	}
	var m *model.Model
	if sl := l.(learner.StatsLearner); sample != nil {
		m, err = sl.FitStatsReaderSample(cmd.Context(), r, f.k, sample)
	} else {
		m, err = sl.FitStatsReader(cmd.Context(), r, f.k)
	}
	if _, ok := errors.AsType[*learner.MemoryError](err); ok {
		// The input flags that prune the vocabulary are hull stats's here.
		return fmt.Errorf("%w (-k, or count the statistics again on fewer words: hull stats --max-vocab, --max-df), or raise --max-memory",
			wholeLimitError(err, whole, "the documents to refine on", sample))
	}
	if err != nil {
		spec, _ := learner.Lookup(f.algo)
		return commandLineError(statsError(err), spec)
	}
	fmt.Fprintf(stderr, "stats: %s\n", textsafe.Escape(r.Summary().String()))
	// The entries are read by the fit's co-occurrence stage.
	m.Provenance.Timings = append(timings, m.Provenance.Timings...)
	if f.output != "" {
		if err := model.SaveContext(cmd.Context(), f.output, m); err != nil {
			return envError{err}
		}
	}
	printTopics(cmd.OutOrStdout(), m, f.top)
	if !f.quiet {
		h := eval.TopicHealth(m, nil, eval.DefaultTopN) // no documents: the words' figures only
		printHealth(stderr, &h, 0, 0)
	}
	printTimings(stderr, m.Provenance.Timings, time.Since(start))
	return nil
}

// refineAsked reports whether the command line asks for a refinement:
// --refine above 0, --refine-tol or --refine-always.
func refineAsked(fs *pflag.FlagSet) bool {
	r := fs.Lookup("refine")
	return r != nil && r.Changed && r.Value.String() != "0" || fs.Changed("refine-tol") || fs.Changed("refine-always")
}

// statsLearners lists the registered learners that learn from statistics.
func statsLearners() []string {
	var names []string
	for _, name := range learner.Names() {
		if l, err := learner.New(name, learner.Settings{}, nil); err == nil {
			if _, ok := l.(learner.StatsLearner); ok {
				names = append(names, name)
			}
		}
	}
	return names
}
