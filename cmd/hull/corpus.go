package main

import (
	"errors"
	"fmt"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/textsafe"
	"github.com/spf13/cobra"
)

// corpusFlags are the flags of "hull corpus".
type corpusFlags struct {
	output string
	to     string
	gzip   bool
	quiet  bool
	input  inputFlags
}

func newCorpusCmd() *cobra.Command {
	var f corpusFlags
	cmd := &cobra.Command{
		Use:   "corpus INPUT... -o DIR",
		Short: "Prepare a corpus as hull fit would, and write it for hull or other tools",
		Long: `Read, decode, clean, tokenize and prune the inputs exactly as "hull fit" does
with the same flags, print what was kept and dropped, and write the prepared
corpus into the directory DIR, so that other tools can be compared on the same
tokens and the preparation is done once:

  --to uci     docword.txt (UCI bag of words), vocab.txt, docids.txt
  --to ldac    corpus.ldac (LDA-C: lda-c, gensim's BleiCorpus), vocab.txt, docids.txt
  --to jsonl   corpus.jsonl: {"id": .., "items": [words]} per document
  --to mm      corpus.mtx (Matrix Market: scipy.io.mmread, R's Matrix::readMM;
               rows documents, columns words), vocab.txt, docids.txt

and preprocessing.json, the record of the preparation that "hull fit" stores in
its models. Each file is written whole to a temporary file first; the files
replace the old ones only when all are complete. "hull fit DIR/docword.txt"
reads the uci output back (DIR/corpus.ldac the ldac one, DIR/corpus.mtx the mm
one): vocab.txt, docids.txt and preprocessing.json are read with it, so that
the documents keep their ids (for --labels) and a model fitted on them
prepares new raw text as the inputs were prepared (hull infer, topics,
report).`,
		Example: `  hull corpus --format sgml --clean markup --drop-numbers ../shared/data/ap/ap.txt.gz -o ap-prepared
  hull corpus --clean email --drop-junk ./newsgroups/ --to mm -o news-mm
  python3 -c "import scipy.io; X = scipy.io.mmread('news-mm/corpus.mtx').tocsr(); print(X.shape)"`,
		Args: positional(1, -1, "at least one INPUT, the corpus to convert"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCorpus(cmd, args, &f)
		},
	}
	fs := cmd.Flags()
	fs.StringVarP(&f.output, "output", "o", "", "directory to write the corpus into (required)")
	fs.StringVar(&f.to, "to", "uci", "output format: uci|ldac|jsonl|mm")
	fs.BoolVar(&f.gzip, "gzip", false, "gzip the data file (docword.txt.gz, ...)")
	fs.BoolVarP(&f.quiet, "quiet", "q", false, "no progress or summary on stderr")
	f.input.bind(fs)
	return cmd
}

func runCorpus(cmd *cobra.Command, args []string, f *corpusFlags) (rerr error) {
	format, err := corpus.ParseOutputFormat(f.to)
	switch {
	case err != nil:
		return fmt.Errorf("--to: %w", err)
	case f.output == "":
		return fmt.Errorf("-o is required: the directory to write the corpus into")
	}
	if err := f.input.check(); err != nil {
		return err
	}
	opts := corpus.SaveOptions{Format: format, Gzip: f.gzip}
	removeCreated, err := corpus.PrepareDir(f.output, opts, f.input.files(args)...)
	if err != nil {
		return fmt.Errorf("-o: %w", err)
	}
	defer undoOnError(&rerr, removeCreated)
	stderr := logWriter(cmd, f.quiet)
	progress := newProgress(stderr)
	c, err := f.input.read(cmd.Context(), args, stderr, progress, rawTextPrune)
	if err != nil {
		return err
	}
	if err := cmd.Context().Err(); err != nil {
		return err // interrupted while reading, which does not stop: write nothing
	}
	opts.Progress = progress
	paths, err := corpus.SaveDir(cmd.Context(), f.output, c, opts)
	switch {
	case errors.Is(err, corpus.ErrNotWritable):
		return err // the input's words or ids: bad input
	case err != nil:
		return envError{err}
	}
	out := cmd.OutOrStdout()
	fmt.Fprintf(out, "%d documents, %d words, %d tokens; %s\n", c.NumDocs(), c.NumWords(), c.Tokens(), textsafe.Escape(c.Preprocessing.String()))
	for _, p := range paths {
		fmt.Fprintf(out, "wrote %s\n", textsafe.Escape(p))
	}
	return nil
}
