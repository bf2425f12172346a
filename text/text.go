package text

import (
	"fmt"
	"unicode/utf8"

	"github.com/kljensen/snowball/english"
)

// DefaultMinLen is the minimum token length, in runes, used when
// Options.MinLen is 0.
const DefaultMinLen = 2

// Options configures a Tokenizer. The zero value means: the embedded
// English stop-word list, no stemming, minimum token length 2, numbers kept.
type Options struct {
	// StopWordFiles lists files of extra stop words: one word per line,
	// '#' starts a comment, blank lines are ignored.
	StopWordFiles []string
	// NoDefaultStopWords drops the embedded English list.
	NoDefaultStopWords bool
	// Stem applies the English Snowball stemmer to every kept token.
	Stem bool
	// MinLen is the minimum token length in runes; 0 means DefaultMinLen.
	MinLen int
	// DropNumbers drops tokens without any letter, such as "1988" or "3-4".
	DropNumbers bool
}

// Tokenizer turns raw text into tokens; create it with New. It is safe for
// concurrent use.
type Tokenizer struct {
	stop        stopSet
	minLen      int
	stem        bool
	dropNumbers bool
	stems       stemCache
}

// New returns a Tokenizer for opts. It fails if MinLen is negative or a
// stop-word file cannot be read or holds invalid UTF-8.
func New(opts Options) (*Tokenizer, error) {
	if opts.MinLen < 0 {
		return nil, fmt.Errorf("text: negative minimum token length %d", opts.MinLen)
	}
	t := &Tokenizer{
		minLen:      opts.MinLen,
		stem:        opts.Stem,
		dropNumbers: opts.DropNumbers,
	}
	if t.minLen == 0 {
		t.minLen = DefaultMinLen
	}
	if !opts.NoDefaultStopWords {
		t.addStopWords(englishStopWords())
	}
	for _, path := range opts.StopWordFiles {
		words, err := readStopWordFile(path)
		if err != nil {
			return nil, err
		}
		t.addStopWords(words)
	}
	return t, nil
}

func (t *Tokenizer) addStopWords(words []string) {
	for _, w := range words {
		t.stop.add(w)
	}
}

// IsStopWord reports whether w, once lowercased, is one of t's stop words.
func (t *Tokenizer) IsStopWord(w string) bool {
	return contains(&t.stop, appendFolded(nil, w))
}

// Tokens appends the tokens of s to dst and returns the extended slice.
// The rules are in the package documentation. A returned token may share
// memory with s (like the results of strings.Fields): copy it, for example
// with strings.Clone, to keep it while letting s be collected.
func (t *Tokenizer) Tokens(dst []string, s string) []string {
	var scratch [64]byte
	buf := scratch[:0]
	for i := 0; i < len(s); {
		sp := scan(s, i)
		if sp.start == sp.end {
			break
		}
		i = sp.end
		w := s[sp.start:sp.end]
		if !t.admits(sp, w) {
			continue
		}
		if sp.fold() {
			buf = appendFolded(buf[:0], w)
			if contains(&t.stop, buf) {
				continue
			}
			w = string(buf)
		} else if contains(&t.stop, w) {
			continue
		}
		if t.stem {
			if w = t.stemmed(w); w == "" {
				continue
			}
		}
		dst = append(dst, w)
	}
	return dst
}

// admits reports whether the token w found as sp passes the length and
// number filters. Only a non-ASCII token needs its runes counted.
func (t *Tokenizer) admits(sp span, w string) bool {
	if len(w) < t.minLen || (t.dropNumbers && !sp.letter()) {
		return false
	}
	return sp.ascii() || utf8.RuneCountInString(w) >= t.minLen
}

// stemmed returns the stem of the folded token w, or "" if the stem fails
// the length or stop-word filter.
func (t *Tokenizer) stemmed(w string) string {
	if st, ok := t.stems.get(w); ok {
		return st
	}
	st := english.Stem(w, false)
	if st != w && (utf8.RuneCountInString(st) < t.minLen || contains(&t.stop, st)) {
		st = ""
	}
	t.stems.put(w, st)
	return st
}
