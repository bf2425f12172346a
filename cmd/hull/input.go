package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/learner"
	"github.com/spf13/pflag"
)

// inputFlags are the flags that say how to read and prune a corpus.
type inputFlags struct {
	format      string
	vocab       string
	stopwords   []string
	noStopwords bool
	stem        bool
	minDF       int
	maxDF       float64
	maxVocab    int
	// maxMemory bounds the corpus a numeric input declares (0: half the
	// RAM): the command's --max-memory, where it has one, sets it.
	maxMemory int64
}

func (in *inputFlags) bind(fs *pflag.FlagSet) {
	fs.StringVar(&in.format, "format", "", "input format: uci|ldac|triplet|jsonl|lines|dir (default: detected)")
	fs.StringVar(&in.vocab, "vocab", "", "vocabulary file for uci, ldac and triplet inputs (default: found next to the input)")
	fs.StringSliceVar(&in.stopwords, "stopwords", nil, "extra stop-word file(s) for raw text, one word per line")
	fs.BoolVar(&in.noStopwords, "no-stopwords", false, "do not remove the embedded English stop words from raw text")
	fs.BoolVar(&in.stem, "stem", false, "stem raw-text tokens (English Snowball)")
	fs.IntVar(&in.minDF, "min-df", 0, "drop words in fewer than N documents")
	fs.Float64Var(&in.maxDF, "max-df", 0, "drop words in more than this fraction of documents (0: keep all)")
	fs.IntVar(&in.maxVocab, "max-vocab", 0, "keep only the N words of highest document frequency (0: all)")
}

// check validates the input flags, naming them: read calls it before
// reading anything; a command may call it earlier, with its other flags.
func (in *inputFlags) check() error {
	if _, err := corpus.ParseFormat(in.format); err != nil {
		return fmt.Errorf("--format: %w", err)
	}
	switch {
	case in.minDF < 0:
		return fmt.Errorf("--min-df %d: want >= 0 (0: keep every word)", in.minDF)
	case !(in.maxDF >= 0 && in.maxDF <= 1):
		return fmt.Errorf("--max-df %v: want a fraction of the documents in [0, 1] (0: no limit)", in.maxDF)
	case in.maxVocab < 0:
		return fmt.Errorf("--max-vocab %d: want >= 0 (0: every word)", in.maxVocab)
	case in.maxMemory < 0:
		return fmt.Errorf("--max-memory %d: want >= 0", in.maxMemory)
	}
	return nil
}

// read reads the inputs, prunes the vocabulary and reports what was
// dropped on log.
func (in *inputFlags) read(paths []string, log io.Writer, progress learner.Progress) (*corpus.Corpus, error) {
	if err := in.check(); err != nil {
		return nil, err
	}
	opts := in.readOptions(progress)
	opts.Log = func(line string) { fmt.Fprintln(log, line) }
	c, err := corpus.Read(paths, opts)
	if err != nil {
		return nil, readError(err)
	}
	pruned, rep, err := corpus.Prune(c, corpus.PruneOptions{MinDF: in.minDF, MaxDF: in.maxDF, MaxVocab: in.maxVocab})
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(log, "corpus: %s\n", rep)
	return pruned, nil
}

// readOptions returns the corpus reader's options of the input flags.
func (in *inputFlags) readOptions(progress learner.Progress) corpus.ReadOptions {
	return corpus.ReadOptions{Format: corpus.Format(in.format), Vocab: in.vocab, Text: in.textOptions(), MaxMemory: in.maxMemory, Progress: progress}
}

// readFlags are the flags of the reader's options that its errors name.
var readFlags = strings.NewReplacer("ReadOptions.VocabWords", "--vocab", "ReadOptions.Vocab", "--vocab", "ReadOptions.Format", "--format",
	"ReadOptions.MaxMemory", "--max-memory")

// readError names the reader's options in a corpus error by their flags.
func readError(err error) error {
	if err == nil {
		return nil
	}
	if msg := readFlags.Replace(err.Error()); msg != err.Error() {
		return errors.New(msg)
	}
	return err
}
