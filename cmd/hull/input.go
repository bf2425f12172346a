package main

import (
	"fmt"
	"io"

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

// read reads the inputs, prunes the vocabulary and reports what was
// dropped on log.
func (in *inputFlags) read(paths []string, log io.Writer, progress learner.Progress) (*corpus.Corpus, error) {
	c, err := corpus.Read(paths, corpus.ReadOptions{Format: corpus.Format(in.format), Vocab: in.vocab, Text: in.textOptions(), Progress: progress})
	if err != nil {
		return nil, err
	}
	pruned, rep, err := corpus.Prune(c, corpus.PruneOptions{MinDF: in.minDF, MaxDF: in.maxDF, MaxVocab: in.maxVocab})
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(log, "corpus: %s\n", rep)
	return pruned, nil
}
