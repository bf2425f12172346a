package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/internal/atomicfile"
	"github.com/hulltopics/hull/internal/memory"
	"github.com/hulltopics/hull/internal/textsafe"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/report"
	"github.com/spf13/cobra"
)

// reportFlags are the flags of "hull report".
type reportFlags struct {
	output    string
	topDocs   int
	nearCopy  float64
	terms     int
	searchTop int
	excerpt   int
	labels    string
	title     string
	threads   int
	quiet     bool
	input     inputFlags
}

func newReportCmd() *cobra.Command {
	var f reportFlags
	cmd := &cobra.Command{
		Use:   "report MODEL [INPUT...] -o REPORT.html",
		Short: "Write an interactive HTML page to explore a model's topics in a browser",
		Long: `Write one self-contained HTML file that shows the topics of MODEL (a model
saved by "hull fit -o", of any learner): its script, style and data are inline,
nothing is fetched from the network, and it opens from disk (file://).

  - A map of the topics: the classical scaling of the Jensen-Shannon
    divergences between them (as LDAvis), each a circle of area its share of
    the tokens; hover for its top words, click (or Tab to it and press Enter)
    to select it.
  - The selected topic's --terms (30) words as bars against the words'
    frequency, re-ranked by relevance with a slider for lambda (Sievert and
    Shirley 2014): lambda = 1 ranks by p(w|z), 0 by the lift p(w|z)/p(w).
  - A word search: the topics that hold a word, by weight. It covers the words
    among some topic's --search-top (100) most probable words or among its
    relevance candidates.
  - The model's health figures (with INPUT, the incoherent topics too) and
    provenance (algorithm, parameters, corpus digest, seed, hull version,
    preprocessing).

With INPUT (read as by "hull infer": same format flags, raw text prepared as
the model records, no pruning unless asked; aligned to the model's vocabulary),
the topics' weights in each document are inferred by variational inference
under the model's prior, and the page shows the topics' shares of the
documents' tokens, each topic's --top-docs (10) documents of highest weight
(a document whose word counts have cosine similarity --near-copy (0.9) or more
with one shown above it is passed over and counted beside it, among those
ranked above the last one shown; 0: show every document) and the histogram of
its weights over all documents but those with no word of the model (their
weights are the prior's); with --labels FILE
(id<TAB>label lines, as for "hull eval"), the 5 most frequent labels of the
labelled documents whose dominant topic it is. A document is shown by
its id, its most frequent words in the model and, for raw text (lines, jsonl
"text", dir, sgml), its first --excerpt (300) characters, cleaned as they are
tokenized (--clean) and their white space collapsed; the numeric formats (uci,
ldac, triplet, mm) keep no text. The excerpts of all documents are held while
they are read, 1 to 4 bytes a character (UTF-8) of each: lower --excerpt,
or set it to 0, for a corpus of millions of documents. Without INPUT the
circles' areas come from the model's p(z) or alpha where it has them.

The data the page shows is JSON inside it (the <script> element of id
hull-report-data), every word, id and text escaped: a corpus is untrusted input.
KOS with K = 20 and its 3,430 documents makes a page of 170 KiB, drawn within
0.25 s of opening it; K = 200 topics over 100,000 words, 1.3 MiB and 0.4 s
(README, "Looking at the topics in a browser", has the commands).`,
		Example: `  hull fit -k 20 docword.kos.txt.gz -o kos.json
  hull report kos.json docword.kos.txt.gz -o kos.html     # then open kos.html
  hull report model.json -o topics.html                   # the topics alone`,
		Args: positional(1, -1, "MODEL, then optionally INPUT files"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runReport(cmd, args[0], args[1:], &f)
		},
	}
	fs := cmd.Flags()
	fs.StringVarP(&f.output, "output", "o", "", "the HTML file to write (required)")
	fs.IntVar(&f.topDocs, "top-docs", report.DefaultTopDocs, "with INPUT: documents of highest weight shown per topic")
	fs.Float64Var(&f.nearCopy, "near-copy", infer.DefaultNearCopy, "with INPUT: pass over a document whose word counts have at least this cosine similarity with one shown above it (0: show all)")
	fs.IntVar(&f.excerpt, "excerpt", report.DefaultExcerpt, "with raw-text INPUT: the first N characters of each shown document's text, cleaned as it is tokenized, beside its words (0: none)")
	fs.StringVar(&f.labels, "labels", "", "with INPUT: id<TAB>label file: with each topic's documents, the labels of those it dominates")
	fs.IntVar(&f.terms, "terms", report.DefaultTerms, "words in a topic's bars")
	fs.IntVar(&f.searchTop, "search-top", report.DefaultSearchTop, "most probable words of each topic the word search covers")
	fs.StringVar(&f.title, "title", "", `the page's title (default "hull report: ALGORITHM, K = K")`)
	fs.IntVar(&f.threads, "threads", 0, "worker goroutines (0: one per CPU); never changes the page")
	fs.BoolVarP(&f.quiet, "quiet", "q", false, "no progress bars, notes or times on stderr")
	f.input.bind(fs)
	f.input.pruneOnlyByFlags()
	return cmd
}

func runReport(cmd *cobra.Command, modelPath string, inputs []string, f *reportFlags) error {
	if err := f.check(); err != nil {
		return err
	}
	if len(inputs) == 0 {
		if err := unusedFlags(cmd.Flags(), "it is for the documents of INPUT, and none is given", "top-docs", "near-copy", "excerpt", "labels"); err != nil {
			return err
		}
		if err := f.input.unused("they say how to read INPUT, and none is given"); err != nil {
			return err
		}
	}
	if err := checkOutput(f.output, append(f.input.files(inputs), modelPath, f.labels)...); err != nil {
		return err
	}
	stderr := logWriter(cmd, f.quiet)
	progress := newProgress(stderr)
	start := time.Now()
	m, labels, err := loadModelLabels(modelPath, f.labels, inputs, cmd.UseLine())
	if err != nil {
		return err
	}
	o := report.HTMLOptions{Terms: f.terms, TopDocs: f.topDocs, NearCopy: f.nearCopy, SearchTop: f.searchTop, Title: f.title, Threads: f.threads}
	timings := []model.Timing{{Stage: "load model", Seconds: time.Since(start).Seconds()}}
	var dominant []int
	if len(inputs) > 0 {
		f.input.excerpt, f.input.excerptGiven = f.excerpt, cmd.Flags().Changed("excerpt")
		c, theta, stages, err := f.input.inferDocs(cmd.Context(), inputs, m, f.threads, stderr, progress)
		if err != nil {
			return err
		}
		timings = append(timings, stages...)
		o.Docs, o.DocTopics, o.Source = c, theta, strings.Join(inputs, ", ")
		dominant = infer.DominantOfDocs(c, theta)
		if labels != nil {
			classes, names, err := labelClasses(f.labels, labels, c)
			if err != nil {
				return err
			}
			if o.Labels, err = eval.LabelsOfTopics(dominant, classes, names, m.K, reportLabels); err != nil {
				return err
			}
		}
	}
	h := eval.TopicHealth(m, dominant, eval.DefaultTopN)
	if o.Docs != nil {
		if err := h.AddCoherence(m, o.Docs); err != nil {
			return err
		}
	}
	h.Advice = adviceFlags.Replace(h.Advice)
	o.Health, o.Progress = &h, progress
	pageStart := time.Now()
	cw := &countingWriter{}
	var refused error // HTML's refusal of the model or the documents, before it writes
	err = atomicfile.Write(f.output, func(w io.Writer) error {
		cw.w = w
		err := report.HTML(cmd.Context(), cw, m, o)
		if err != nil && cw.n == 0 && cw.err == nil {
			refused = err
		}
		return err
	})
	switch {
	case refused != nil:
		return fmt.Errorf("%s: %w", modelPath, refused)
	case err != nil:
		return envError{err}
	}
	timings = append(timings, model.Timing{Stage: "report", Seconds: time.Since(pageStart).Seconds()})
	fmt.Fprintf(stderr, "report: %d topics", m.K)
	if o.Docs != nil {
		fmt.Fprintf(stderr, ", %d documents", o.Docs.NumDocs())
	}
	fmt.Fprintf(stderr, ": %s (%s)\n", textsafe.Escape(f.output), memory.Format(cw.n))
	printTimings(stderr, timings, time.Since(start))
	return nil
}

// reportLabels is the number of labels the page shows a topic.
const reportLabels = 5

// inferDocs reads paths as "hull infer" does (readAligned, pruned by the
// flags only) and infers the documents' topic weights under m's prior by
// VB, as report and topics show them, with the times of both stages. The
// documents none of whose words has positive weight in a topic are
// emptied (infer.EmptyUnexplained): like the empty ones they get the
// prior mean, and are left out of the topics' documents and labels and
// counted in the note.
func (in *inputFlags) inferDocs(ctx context.Context, paths []string, m *model.Model, threads int, log io.Writer, progress learner.Progress) (*corpus.Corpus, [][]float64, []model.Timing, error) {
	start := time.Now()
	_, c, err := in.readAligned(ctx, paths, m, flagPruning, log, progress)
	if err != nil {
		return nil, nil, nil, err
	}
	if c, _, err = infer.EmptyUnexplained(m, c); err != nil {
		return nil, nil, nil, err
	}
	noteEmptyDocs(log, c, nil, "are left out of the topics' documents and labels")
	timings := []model.Timing{{Stage: "read", Seconds: time.Since(start).Seconds()}}
	start = time.Now()
	theta, err := infer.Infer(ctx, m, c, infer.Options{Method: infer.VB, Alpha: infer.AlphaFor(m, 0), Threads: threads, Progress: progress})
	if err != nil {
		return nil, nil, nil, err
	}
	return c, theta, append(timings, model.Timing{Stage: "infer", Seconds: time.Since(start).Seconds()}), nil
}

// check validates every flag before any work.
func (f *reportFlags) check() error {
	switch {
	case f.output == "":
		return errors.New("-o REPORT.html is required: the HTML file to write")
	case f.excerpt < 0 || f.excerpt > report.MaxExcerpt:
		return fmt.Errorf("--excerpt %d: want 0 to %d (0: no text)", f.excerpt, report.MaxExcerpt)
	case f.topDocs < 1 || f.topDocs > report.MaxTopDocs:
		return fmt.Errorf("--top-docs %d: want 1 to %d", f.topDocs, report.MaxTopDocs)
	case !(f.nearCopy >= 0 && f.nearCopy <= 1):
		return fmt.Errorf("--near-copy %v: want 0 to 1 (0: show every document)", f.nearCopy)
	case f.terms < 1 || f.terms > report.MaxTerms:
		return fmt.Errorf("--terms %d: want 1 to %d", f.terms, report.MaxTerms)
	case f.searchTop < 1 || f.searchTop > report.MaxSearchTop:
		return fmt.Errorf("--search-top %d: want 1 to %d", f.searchTop, report.MaxSearchTop)
	case f.threads < 0:
		return fmt.Errorf("--threads %d: want >= 0 (0: one per CPU)", f.threads)
	}
	return f.input.check()
}

// countingWriter counts the bytes written through it and keeps the first
// error.
type countingWriter struct {
	w   io.Writer
	n   int64
	err error
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	if c.err == nil {
		c.err = err
	}
	return n, err
}
