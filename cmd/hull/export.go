package main

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hulltopics/hull/export"
	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/internal/textsafe"
	"github.com/hulltopics/hull/model"
	"github.com/spf13/cobra"
)

// exportFlags are the flags of "hull export".
type exportFlags struct {
	to      string
	output  string
	top     int
	threads int
	quiet   bool
	input   inputFlags
}

// formatNames is "mallet|pyldavis|csv".
func formatNames() string {
	names := make([]string, len(export.Formats))
	for i, f := range export.Formats {
		names[i] = string(f)
	}
	return strings.Join(names, "|")
}

func newExportCmd() *cobra.Command {
	var f exportFlags
	cmd := &cobra.Command{
		Use:   "export MODEL --to FORMAT -o OUT [INPUT...]",
		Short: "Write a model, and its documents' topic weights, in files other tools read",
		Long: `Write MODEL (a model saved by "hull fit -o") for other tools. With INPUT, the
documents are read as by "hull infer" (same format flags; raw text prepared as
the model records; no pruning), aligned to the model's vocabulary, and their
topic weights inferred by variational inference under the model's prior
(as "hull infer" does by default).

--to mallet    -o DIR: DIR/topic-keys.txt and, with INPUT, DIR/doc-topics.txt,
               byte for byte as MALLET 2.0.8 and later write them
               (train-topics --output-topic-keys, --output-doc-topics):
                 topic-keys.txt  "k<TAB>alpha_k<TAB>w1 w2 ... wN " per topic,
                                 topics from 0, alpha as MALLET prints it (at
                                 most 5 decimals), the --top words of positive
                                 weight, each followed by a space
                 doc-topics.txt  "d<TAB>id<TAB>p_0<TAB>...<TAB>p_K-1" per
                                 document: MALLET's dense form (its default
                                 since 2.0.8; older versions wrote sparse
                                 topic-weight pairs), documents from 0
               alpha_k is the model's where it has one (gibbs, vb), else the
               prior the weights are inferred under. MALLET's files are split
               on whitespace: a listed word holding whitespace is refused
               (exit 2); use csv or pyldavis for such a vocabulary. A
               document id holding a tab or a line break, which would split
               its line, is refused too (exit 2, before the inference); csv
               holds any id.
--to pyldavis  -o FILE.json: the arguments of pyLDAvis.prepare as one JSON
               object: topic_term_dists (K x V), doc_topic_dists (D x K),
               doc_lengths, vocab and term_frequency (the words' counts in
               INPUT). Needs INPUT, best the corpus the model was fitted on
               (pyLDAvis divides by each word's frequency).
--to csv       -o DIR: DIR/topic_words.csv, the long table
               "topic,rank,word,weight" of the --top words of each topic,
               and with INPUT DIR/doc_topics.csv, "doc_id,topic_1,...,topic_K";
               topics and ranks from 1 as "hull topics" numbers them, fields
               quoted as RFC 4180 says. Words and ids are written as they
               are: a spreadsheet runs a cell that starts with = + - or @
               as a formula (a vocabulary or JSON items may hold one), so
               import the files there as text.

Loading them:
  python3: import json, pyLDAvis
           d = json.load(open('vis.json'))
           vis = pyLDAvis.prepare(**d)          # pyLDAvis.save_html(vis, 'vis.html')
  pandas:  import pandas as pd
           words = pd.read_csv('out/topic_words.csv', keep_default_na=False)
           theta = pd.read_csv('out/doc_topics.csv', keep_default_na=False)
  R:       words <- read.csv("out/topic_words.csv", na.strings = character(0), encoding = "UTF-8")
           theta <- read.csv("out/doc_topics.csv", na.strings = character(0), encoding = "UTF-8")
           words[words$topic == 1, ]
  (keep_default_na and na.strings keep words such as "NA" and "null" as words.)

Words and ids are written verbatim in every format (JSON and CSV escape and
quote them; "<script>" stays data). A directory -o is created if missing; each
file is written whole to a temporary name and the files renamed into place
together, so a failure leaves the old files. -o is checked before any work.`,
		Example: `  hull export kos.json --to mallet -o kos-mallet docword.kos.txt.gz --vocab vocab.kos.txt
  hull export kos.json --to pyldavis -o kos-vis.json docword.kos.txt.gz --vocab vocab.kos.txt
  hull export model.json --to csv -o model-csv --top 0     # every word of positive weight, no documents`,
		Args: positional(1, -1, "MODEL, then optionally INPUT files"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runExport(cmd, args[0], args[1:], &f)
		},
	}
	fs := cmd.Flags()
	fs.StringVar(&f.to, "to", "", "export format: "+formatNames()+" (required)")
	fs.StringVarP(&f.output, "output", "o", "", "the directory (mallet, csv) or file (pyldavis) to write (required)")
	fs.IntVar(&f.top, "top", 20, "mallet, csv: words listed per topic, those of positive weight only (0: every such word)")
	fs.IntVar(&f.threads, "threads", 0, "worker goroutines of the inference (0: one per CPU); never changes the result")
	fs.BoolVarP(&f.quiet, "quiet", "q", false, "no progress, notes or times on stderr")
	f.input.bind(fs)
	f.input.hidePruning()
	return cmd
}

func runExport(cmd *cobra.Command, modelPath string, inputs []string, f *exportFlags) (rerr error) {
	format, err := f.check(cmd, len(inputs) > 0)
	if err != nil {
		return err
	}
	removeCreated, err := export.Prepare(format, f.output, len(inputs) > 0, append(f.input.files(inputs), modelPath)...)
	if err != nil {
		return fmt.Errorf("-o: %w", err)
	}
	defer undoOnError(&rerr, removeCreated)
	stderr := logWriter(cmd, f.quiet)
	start := time.Now()
	m, err := loadModelArg(modelPath, inputs, cmd.UseLine())
	if err != nil {
		return err
	}
	top := f.top
	if top == 0 {
		top = len(m.Vocab)
	}
	if err := export.Check(format, m, top, len(inputs) > 0); err != nil {
		return err
	}
	var docs *export.Docs
	var timings []model.Timing
	if len(inputs) > 0 {
		progress := newProgress(stderr)
		_, c, err := f.input.readAligned(cmd.Context(), inputs, m, noPruning, stderr, progress)
		if err != nil {
			return err
		}
		if err := export.CheckDocIDs(format, c.DocIDs); err != nil {
			return err
		}
		// The documents are written whole (their words are pyLDAvis's
		// counts): those of no word of weight are counted, not emptied.
		unexplained, _, err := infer.UnexplainedDocs(m, c)
		if err != nil {
			return err
		}
		noteEmptyDocs(stderr, c, unexplained, "get the prior mean")
		timings = append(timings, model.Timing{Stage: "read", Seconds: time.Since(start).Seconds()})
		inferStart := time.Now()
		theta, err := infer.Infer(cmd.Context(), m, c, infer.Options{
			Method:   infer.VB,
			Alpha:    infer.AlphaFor(m, 0),
			Threads:  f.threads,
			Progress: progress,
		})
		if err != nil {
			return err
		}
		timings = append(timings, model.Timing{Stage: "infer", Seconds: time.Since(inferStart).Seconds()})
		docs = &export.Docs{Corpus: c, Theta: theta}
	}
	writeStart := time.Now()
	written, err := export.Save(cmd.Context(), format, f.output, m, top, docs)
	if err != nil {
		return envError{err}
	}
	timings = append(timings, model.Timing{Stage: "write", Seconds: time.Since(writeStart).Seconds()})
	for _, p := range written {
		fmt.Fprintf(cmd.OutOrStdout(), "wrote %s\n", textsafe.Escape(p))
	}
	printTimings(stderr, timings, time.Since(start))
	return nil
}

// check validates the flags before any work and returns the format.
func (f *exportFlags) check(cmd *cobra.Command, withInput bool) (export.Format, error) {
	if f.to == "" {
		return "", fmt.Errorf("--to is required: %s", formatNames())
	}
	format, err := export.ParseFormat(f.to)
	switch {
	case err != nil:
		return "", fmt.Errorf("--to: %w", err)
	case f.output == "" && format == export.PyLDAvis:
		return "", errors.New("-o is required: the JSON file to write")
	case f.output == "":
		return "", errors.New("-o is required: the directory to write the files into")
	case format == export.PyLDAvis && !withInput:
		return "", errors.New("--to pyldavis needs INPUT: pyLDAvis.prepare takes the documents' topic weights, lengths and word counts (give the corpus the model was fitted on)")
	case format == export.PyLDAvis && cmd.Flags().Changed("top"):
		return "", errors.New("--top: --to pyldavis writes every word (pyLDAvis ranks them itself)")
	case f.top < 0:
		return "", fmt.Errorf("--top %d: want >= 0 (0: every word of positive weight)", f.top)
	case f.threads < 0:
		return "", fmt.Errorf("--threads %d: want >= 0 (0: one per CPU)", f.threads)
	}
	if err := f.input.check(); err != nil {
		return "", err
	}
	if !withInput {
		if err := unusedFlags(cmd.Flags(), "it infers the topic weights of INPUT's documents, and none is given", "threads"); err != nil {
			return "", err
		}
		return format, f.input.unused("they say how to read INPUT, and none is given")
	}
	return format, f.input.unusedPruning()
}
