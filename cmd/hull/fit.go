package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/hulltopics/hull/cooc"
	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/internal/parallel"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/synth"
	"github.com/hulltopics/hull/text"
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
	input     inputFlags
}

func newFitCmd() *cobra.Command {
	var f fitFlags
	cmd := &cobra.Command{
		Use:   "fit [INPUT...]",
		Short: "Learn topics from a corpus (the embedded demo corpus without INPUT)",
		Long: `Learn K topics from one or more inputs and print each topic's top words,
the anchor word marked with *stars*. Stage times go to stderr.

With no INPUT, hull fits its embedded demo corpus: documents generated from a
fixed seed over planted, human-readable themes, and prints how close each
recovered topic is to its planted theme (l1 distance, 0 = identical, 2 = disjoint).

Algorithms (--algo):
  ` + algorithmHelp(),
		Example: `  hull fit
  hull fit -k 20 docword.kos.txt.gz --vocab vocab.kos.txt -o kos.json
  hull fit -k 15 --stem --min-df 3 --max-df 0.5 ./letters/`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runFit(cmd, args, &f)
		},
	}
	fs := cmd.Flags()
	fs.IntVarP(&f.k, "topics", "k", 0, "number of topics K (required with INPUT; the demo defaults to its planted count)")
	fs.StringVar(&f.algo, "algo", "anchor", "algorithm: "+algorithmNames())
	fs.Uint64Var(&f.seed, "seed", 1, "random seed: the same input and seed give the same model")
	fs.IntVar(&f.threads, "threads", 0, "worker goroutines (0: one per CPU); never changes the result, except for gibbs, whose AD-LDA shards follow it")
	fs.StringVarP(&f.output, "output", "o", "", "write the model to this JSON file (.gz: gzip)")
	fs.IntVar(&f.top, "top", 10, "top words to print per topic")
	fs.BoolVarP(&f.quiet, "quiet", "q", false, "no progress bars or stage times on stderr")
	fs.StringVar(&f.maxMemory, "max-memory", "", "refuse to start when the estimated working memory exceeds this, e.g. 8GiB (default: half the RAM)")
	f.input.bind(fs)
	for _, a := range algorithms {
		a.flags(fs)
	}
	return cmd
}

func algorithmHelp() string {
	s := ""
	for _, name := range strings.Split(algorithmNames(), "|") {
		s += fmt.Sprintf("%-10s %s\n  ", name, algorithms[name].summary)
	}
	return s
}

func runFit(cmd *cobra.Command, args []string, f *fitFlags) error {
	algo, err := lookupAlgorithm(f.algo)
	if err != nil {
		return err
	}
	stderr := cmd.ErrOrStderr()
	if f.quiet {
		stderr = io.Discard
	}
	settings := fitSettings{seed: f.seed, threads: f.threads, progress: newProgress(stderr)}
	if f.maxMemory != "" {
		if settings.maxMemory, err = cooc.ParseBytes(f.maxMemory); err != nil {
			return fmt.Errorf("--max-memory: %w", err)
		}
	}
	start := time.Now()
	c, truth, err := loadFitInput(args, &f.input, stderr, settings.progress)
	if err != nil {
		return err
	}
	readTime := time.Since(start)
	k := f.k
	if k == 0 {
		if truth == nil {
			return fmt.Errorf("-k is required: how many topics to learn")
		}
		k = truth.K
	}
	l, err := algo.build(settings)
	if err != nil {
		return err
	}
	m, err := l.Fit(cmd.Context(), c, k)
	if err != nil {
		return err
	}
	m.Provenance.Threads = parallel.Threads(f.threads)
	m.Provenance.Timings = append([]model.Timing{{Stage: "read", Seconds: readTime.Seconds()}}, m.Provenance.Timings...)
	if n, _ := m.Params["docs_skipped"].(int); n > 0 {
		fmt.Fprintf(stderr, "note: %d documents with fewer than 2 tokens hold no word pair and were skipped\n", n)
	}
	printTopics(cmd.OutOrStdout(), m, f.top)
	if truth != nil {
		if err := printRecovery(cmd.OutOrStdout(), m, truth); err != nil {
			return err
		}
	}
	if f.output != "" {
		if err := model.Save(f.output, m); err != nil {
			return envError{err}
		}
	}
	printTimings(stderr, m.Provenance.Timings, time.Since(start))
	return nil
}

// loadFitInput reads and prunes the inputs, or generates the demo corpus
// (and returns its truth) when there are none.
func loadFitInput(args []string, in *inputFlags, log io.Writer, progress learner.Progress) (*corpus.Corpus, *model.Model, error) {
	if len(args) == 0 {
		c, truth := synth.Demo()
		fmt.Fprintf(log, "demo corpus: %d documents, %d words, %d planted themes (seeded; run with INPUT for your own corpus)\n",
			c.NumDocs(), c.NumWords(), truth.K)
		return c, truth, nil
	}
	c, err := in.read(args, log, progress)
	return c, nil, err
}

// printRecovery matches the learned topics to the planted ones and prints
// the l1 distance of each pair.
func printRecovery(w io.Writer, m, truth *model.Model) error {
	rec, err := eval.L1Recovery(m, truth)
	if err != nil {
		return err
	}
	themes, _ := truth.Params["themes"].([]string)
	fmt.Fprintf(w, "\nrecovery of the planted themes (l1 distance: 0 identical, 2 disjoint)\n")
	for j, k := range rec.Match {
		name := fmt.Sprintf("theme %d", j+1)
		if j < len(themes) {
			name = themes[j]
		}
		fmt.Fprintf(w, "  %-12s <- topic %2d   l1 %.3f\n", name, k+1, rec.Dist[j])
	}
	fmt.Fprintf(w, "  mean l1 %.3f, max l1 %.3f\n", rec.Mean, rec.Max)
	return nil
}

// textOptions returns the tokenizer options of the input flags.
func (in *inputFlags) textOptions() text.Options {
	return text.Options{StopWordFiles: in.stopwords, NoDefaultStopWords: in.noStopwords, Stem: in.stem}
}
