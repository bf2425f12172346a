package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/internal/atomicfile"
	"github.com/hulltopics/hull/model"
	"github.com/spf13/cobra"
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
(tabs and line breaks replaced by spaces) and its K weights (%.6g), which sum
to 1, topics numbered as by "hull topics". --header adds a first line
"id<TAB>topic1<TAB>...<TAB>topicK". A document with no known word gets the prior mean.
Without -o the table goes to stdout. Results do not depend on --threads.`,
		Example: `  hull infer kos.json docword.kos.txt.gz --vocab vocab.kos.txt -o kos-doc-topics.tsv
  hull infer model.json new-letters/ --method gibbs --seed 7 > doc-topics.tsv`,
		Args: cobra.MinimumNArgs(2),
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
	return cmd
}

func runInfer(cmd *cobra.Command, modelPath string, inputs []string, f *inferFlags) error {
	method := infer.Method(f.method)
	if method != infer.VB && method != infer.Gibbs {
		return fmt.Errorf("--method %q: want vb or gibbs", f.method)
	}
	if f.alpha < 0 {
		return fmt.Errorf("--alpha %v: want a positive total concentration (or 0 for the default)", f.alpha)
	}
	stderr := cmd.ErrOrStderr()
	if f.quiet {
		stderr = io.Discard
	}
	progress := newProgress(stderr)
	start := time.Now()
	m, err := model.Load(modelPath)
	if err != nil {
		return err
	}
	raw, err := f.input.read(inputs, stderr, progress)
	if err != nil {
		return err
	}
	c, rep := corpus.Align(raw, m.Vocab)
	if rep.Tokens == 0 {
		return fmt.Errorf("no word of the input is in the model's vocabulary (%d words, %d tokens): is it the right model, and the right --vocab?",
			raw.NumWords(), rep.DroppedTokens)
	}
	fmt.Fprintf(stderr, "aligned to the model's vocabulary: %d of %d words unknown, %d of %d tokens dropped\n",
		rep.UnknownWords, raw.NumWords(), rep.DroppedTokens, rep.DroppedTokens+rep.Tokens)
	if empty := emptyDocs(c); empty > 0 {
		fmt.Fprintf(stderr, "note: %d documents have no word the model knows and get the prior mean\n", empty)
	}
	readTime := time.Since(start)
	o := infer.Options{
		Method:     method,
		Alpha:      infer.AlphaFor(m, f.alpha),
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
	write := func(w io.Writer) error { return writeDocTopics(w, c.DocIDs, theta, m.K, f.header) }
	if f.output == "" {
		if err := write(cmd.OutOrStdout()); err != nil {
			return envError{err}
		}
	} else if err := atomicfile.Write(f.output, write); err != nil {
		return envError{err}
	}
	printTimings(stderr, []model.Timing{{Stage: "read", Seconds: readTime.Seconds()}, {Stage: "infer", Seconds: inferTime.Seconds()}}, time.Since(start))
	return nil
}

// emptyDocs returns the number of documents of c without tokens.
func emptyDocs(c *corpus.Corpus) int {
	n := 0
	for d := range c.NumDocs() {
		if c.Offsets[d] == c.Offsets[d+1] {
			n++
		}
	}
	return n
}

// docIDReplacer makes a document id safe for a TSV field.
var docIDReplacer = strings.NewReplacer("\t", " ", "\r\n", " ", "\n", " ", "\r", " ")

// writeDocTopics writes the document-topic table: per document its id and
// K weights, tab-separated, after a header line if header is set.
func writeDocTopics(w io.Writer, ids []string, theta [][]float64, k int, header bool) error {
	bw := bufio.NewWriter(w)
	if header {
		bw.WriteString("id")
		for j := 1; j <= k; j++ {
			bw.WriteString("\ttopic")
			bw.WriteString(strconv.Itoa(j))
		}
		bw.WriteByte('\n')
	}
	var buf []byte
	for d, row := range theta {
		bw.WriteString(docIDReplacer.Replace(ids[d]))
		for _, x := range row {
			buf = strconv.AppendFloat(append(buf[:0], '\t'), x, 'g', 6, 64)
			bw.Write(buf)
		}
		if err := bw.WriteByte('\n'); err != nil {
			return err
		}
	}
	return bw.Flush()
}
