package text

import (
	"bufio"
	"bytes"
	_ "embed" // for the English stop-word list
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/hulltopics/hull/internal/gz"
	vocabwords "github.com/hulltopics/hull/internal/words"
)

//go:embed stopwords_en.txt
var englishStopWordsFile string

// englishStopWords parses the embedded list once.
var englishStopWords = sync.OnceValue(func() []string {
	words, err := parseStopWords(strings.NewReader(englishStopWordsFile), "stopwords_en.txt")
	if err != nil {
		panic("text: embedded stop-word list: " + err.Error()) // a build defect, caught by the tests
	}
	return words
})

// EnglishStopWords returns a copy of the embedded English stop-word list,
// which a Tokenizer uses unless Options.NoDefaultStopWords is set.
func EnglishStopWords() []string {
	return slices.Clone(englishStopWords())
}

// readStopWordFile reads the stop-word file at path, gzip-compressed or
// not (as every input hull reads).
func readStopWordFile(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("text: stop-word file: %w", err)
	}
	defer f.Close()
	r, err := gz.NewReader(bufio.NewReader(f))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return parseStopWords(r, path)
}

var utf8BOM = []byte("\ufeff")

// parseStopWords reads one stop word per line from r: '#' starts a comment,
// surrounding white space and blank lines are ignored, and words are folded
// like tokens (lowercased, U+2019 and Unicode hyphens normalised, hidden
// format characters dropped; a word of them alone is ignored). name
// prefixes error messages as "name:line: ...".
func parseStopWords(r io.Reader, name string) ([]string, error) {
	var words []string
	sc := bufio.NewScanner(r)
	line := 1
	for ; sc.Scan(); line++ {
		b := sc.Bytes()
		if line == 1 {
			b = bytes.TrimPrefix(b, utf8BOM)
		}
		if !utf8.Valid(b) {
			return nil, fmt.Errorf("%s:%d: invalid UTF-8", name, line)
		}
		if i := bytes.IndexByte(b, 0); i >= 0 {
			return nil, fmt.Errorf("%s:%d: a NUL byte at byte %d of the line: binary data, not a stop-word file", name, line, i+1)
		}
		if i := bytes.IndexByte(b, '#'); i >= 0 {
			b = b[:i]
		}
		b = bytes.TrimSpace(b)
		if len(b) == 0 {
			continue
		}
		if p := vocabwords.Problem(string(b)); p != "" { // white space: UTF-8 and NUL are the line's
			return nil, fmt.Errorf("%s:%d: stop word %q %s", name, line, b, p)
		}
		if f := appendFolded(nil, string(b)); len(f) > 0 { // not only hidden runes
			words = append(words, string(f))
		}
	}
	if err := sc.Err(); errors.Is(err, bufio.ErrTooLong) {
		return nil, fmt.Errorf("%s:%d: line longer than %d bytes (one stop word per line)", name, line, bufio.MaxScanTokenSize)
	} else if err != nil {
		return nil, fmt.Errorf("%s:%d: %w", name, line, err)
	}
	return words, nil
}
