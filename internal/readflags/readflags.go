// Package readflags checks the flags that say how hull and hull-beam read
// a corpus (--format, the pruning and the raw-text flags), which the two
// commands share with the same names and meanings: one check, so that
// both refuse the same combinations with the same words. No paper; O(1).
package readflags

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/text"
)

// Values holds the reading flags as given.
type Values struct {
	Format                 string
	MinDF, MaxVocab        int
	MaxDF                  float64
	NoPrune                bool
	MinLength, MaxTokenLen int
	DropJunk, Strict       bool
	Encoding, Clean, Rules string
	StopWords              []string // --stopwords, one file a value
}

// Check returns an error naming the first flag out of range, or the
// flags that contradict each other; nil if they all hold.
func (v Values) Check() error {
	if _, err := corpus.ParseFormat(v.Format); err != nil {
		return fmt.Errorf("--format: %w", err)
	}
	switch {
	case v.MinDF < 0:
		return fmt.Errorf("--min-df %d: want >= 0 (0: keep every word)", v.MinDF)
	case !(v.MaxDF >= 0 && v.MaxDF <= 1):
		return fmt.Errorf("--max-df %v: want a fraction of the documents in [0, 1] (0: no limit)", v.MaxDF)
	case v.MaxVocab < 0:
		return fmt.Errorf("--max-vocab %d: want >= 0 (0: every word)", v.MaxVocab)
	case v.NoPrune && (v.MinDF != 0 || v.MaxDF != 0 || v.MaxVocab != 0):
		return errors.New("--no-prune keeps every word: it cannot go with --min-df, --max-df or --max-vocab")
	case v.MinLength < 1:
		return fmt.Errorf("--min-length %d: want >= 1", v.MinLength)
	case v.MaxTokenLen < 0:
		return fmt.Errorf("--max-token-length %d: want >= 0 (0: no limit)", v.MaxTokenLen)
	}
	if err := v.checkStopWords(); err != nil {
		return err
	}
	if err := v.checkTokenLengths(); err != nil {
		return err
	}
	if err := v.checkEncoding(); err != nil {
		return err
	}
	if _, err := text.ParseClean(v.Clean); err != nil {
		return fmt.Errorf("--clean: %w", err)
	}
	if _, err := text.ParseRules(v.Rules); err != nil {
		return fmt.Errorf("--token-rules: %w", err)
	}
	return nil
}

// checkStopWords refuses an empty --stopwords and a local file that is
// not there, before any input is read; a name with a comma that is no
// file is told the flag repeats (it took a comma-separated list once).
// A remote name (gs://...) is the readers' to open.
func (v Values) checkStopWords() error {
	for _, f := range v.StopWords {
		switch {
		case f == "":
			return errors.New(`--stopwords "": want a stop-word file (repeat the flag for more files)`)
		case strings.Contains(f, "://"):
			continue
		}
		if _, err := os.Stat(f); err != nil {
			hint := ""
			if strings.Contains(f, ",") {
				hint = " (one file a flag: repeat --stopwords for more files)"
			}
			return fmt.Errorf("--stopwords %s: %w%s", f, errors.Unwrap(err), hint)
		}
	}
	return nil
}

// checkTokenLengths refuses a --min-length above the longest token kept:
// --max-token-length, or the limit --drop-junk implies without it.
func (v Values) checkTokenLengths() error {
	switch {
	case v.MaxTokenLen != 0 && v.MaxTokenLen < v.MinLength:
		return fmt.Errorf("--max-token-length %d is below --min-length %d: no token would be kept", v.MaxTokenLen, v.MinLength)
	case v.MaxTokenLen == 0 && v.DropJunk && text.DefaultMaxTokenLen < v.MinLength:
		return fmt.Errorf("--min-length %d is above the %d characters --drop-junk keeps at most (--max-token-length sets it): no token would be kept",
			v.MinLength, text.DefaultMaxTokenLen)
	}
	return nil
}

// checkEncoding checks --encoding, which --strict contradicts unless
// auto: strict, text that is not UTF-8 is an error, never decoded.
func (v Values) checkEncoding() error {
	enc, err := text.ParseEncoding(v.Encoding)
	if err != nil {
		return fmt.Errorf("--encoding: %w", err)
	}
	if v.Strict && enc != text.EncodingAuto {
		return fmt.Errorf("--strict, --encoding %s: --strict takes raw text as UTF-8 and fails on any file or line that is not, which an encoding would decode: give one of the two", v.Encoding)
	}
	return nil
}
