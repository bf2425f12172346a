package corpus

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/hulltopics/hull/internal/words"
)

// ReadVocabFile reads the vocabulary file at path, gzip-compressed or
// not, as ReadVocab does; its errors name the file.
func ReadVocabFile(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadVocab(f, path)
}

// readVocabFile is ReadVocabFile for the reader, whose error for a file
// that cannot be opened says it is the vocabulary.
func readVocabFile(path string) ([]string, error) {
	vocab, err := ReadVocabFile(path)
	if _, ok := errors.AsType[*fs.PathError](err); ok {
		return nil, fmt.Errorf("vocabulary: %w", err)
	}
	return vocab, err
}

// ReadVocab reads a vocabulary file from r, possibly gzip-compressed (by
// its magic bytes): line i holds word i. Surrounding white space
// (including a trailing "\r") is trimmed; invalid UTF-8, an empty word,
// a word with white space inside (a word is what the tokenizer or a
// JSON-lines item yields, and what WriteVocab can write: "new york" would
// be two) and a repeated word are errors, and blank lines are allowed
// only at the end. name (a file name, "stdin", ...)
// prefixes errors, which are *ParseError ("name:line: what is wrong")
// for malformed input. The result suits ReadOptions.VocabWords and is
// what WriteVocab writes.
func ReadVocab(r io.Reader, name string) ([]string, error) {
	br, err := decompress(r, name)
	if err != nil {
		return nil, err
	}
	return readVocab(br, name)
}

// checkVocabWords applies the rules of a vocabulary file (except the
// trimming) to the in-memory vocabulary ReadOptions.VocabWords.
func checkVocabWords(vocab []string) error {
	if len(vocab) == 0 {
		return errors.New("corpus: ReadOptions.VocabWords has no words")
	}
	seen := make(map[string]int, len(vocab))
	for i, w := range vocab {
		if problem := words.Problem(w); problem != "" {
			return fmt.Errorf("corpus: ReadOptions.VocabWords[%d] %q %s, which no word of a corpus does", i, w, problem)
		}
		if j, dup := seen[w]; dup {
			return fmt.Errorf("corpus: ReadOptions.VocabWords[%d] %q repeats word %d", i, w, j)
		}
		seen[w] = i
	}
	return nil
}

// readVocab reads a vocabulary: line i holds word i. Surrounding
// whitespace (including a trailing "\r") is trimmed. Invalid UTF-8, an
// empty word, inner white space and a repeated word are errors; blank
// lines are only allowed at the end of the input.
func readVocab(r io.Reader, name string) ([]string, error) {
	s := newLineScanner(r, name)
	var vocab []string
	seen := make(map[string]int)
	blank := 0 // line of the first blank line seen, 0 if none
	for {
		line, ok := s.next()
		if !ok {
			break
		}
		line = bytes.TrimSpace(line)
		switch {
		case len(line) == 0:
			if blank == 0 {
				blank = s.line
			}
			continue
		case blank > 0:
			return nil, parseErr(name, blank, "empty word (blank lines are only allowed at the end of a vocabulary file)")
		}
		w := string(line)
		switch p := words.Problem(w); p {
		case "":
		case words.WhiteSpace:
			return nil, s.errorf("word %s contains white space: a line holds one word, and no word holds white space (join a phrase, e.g. new_york)", quote(line))
		default:
			return nil, s.errorf("word %s %s", quote(line), p)
		}
		if first, dup := seen[w]; dup {
			return nil, s.errorf("duplicate word %q (also on line %d)", w, first)
		}
		seen[w] = s.line
		vocab = append(vocab, w)
	}
	if err := s.err(); err != nil {
		return nil, err
	}
	if len(vocab) == 0 {
		return nil, parseErr(name, 0, "vocabulary file has no words")
	}
	return vocab, nil
}

// vocabCandidates returns the vocabulary files tried, in order, for the
// numeric data file at path:
//
//	DIR/docword.X.txt[.gz] -> DIR/vocab.X.txt
//	DIR/X.txt[.gz], DIR/X.dat[.gz] -> DIR/X.vocab.txt
//	then DIR/vocab.txt
//
// (findVocab also tries each with a ".gz" suffix).
func vocabCandidates(path string) []string {
	dir, base := filepath.Split(path)
	base = strings.TrimSuffix(base, ".gz")
	var names []string
	if x, ok := strings.CutPrefix(base, "docword."); ok && strings.HasSuffix(x, ".txt") {
		names = append(names, "vocab."+x)
	}
	for _, ext := range []string{".txt", ".dat"} {
		if x, ok := strings.CutSuffix(base, ext); ok && x != "" {
			names = append(names, x+".vocab.txt")
		}
	}
	names = append(names, "vocab.txt")
	var paths []string
	for _, n := range names {
		if p := filepath.Join(dir, n); p != filepath.Clean(path) {
			paths = append(paths, p)
		}
	}
	return paths
}

// CompanionVocab returns the vocabulary file that reading path in a
// numeric format (uci, ldac, triplet, mm) without ReadOptions.Vocab
// uses, found beside it, or "" when there is none: a file that a command
// reading path must not overwrite. CompanionVocabAs leaves out the paths
// that are not read so.
func CompanionVocab(path string) string {
	p, err := findVocab(path)
	if err != nil {
		return ""
	}
	return p
}

// CompanionVocabAs returns the vocabulary file that ReadFile(path, opts)
// reads, found beside path, when opts.Format is format and opts sets no
// vocabulary: CompanionVocab(path) if path is read in a numeric format,
// else "". With FormatAuto a directory is not (it is read as dir), and a
// regular file is when detection reads its first lines so (a file that
// cannot be opened or decompressed is taken to be: its read fails). A
// file that cannot be looked at without consuming it, such as a pipe,
// is taken to be as well. Commands call it to refuse to overwrite the
// files they read: a raw-text input reads no vocabulary, so the
// vocab.txt that "hull corpus notes.txt -o ." wrote beside it is no
// input of the next run.
func CompanionVocabAs(path string, format Format) string {
	if format == FormatAuto {
		format = detectPath(path)
	}
	if _, numeric := numericReaders[format]; !numeric && format != FormatAuto {
		return ""
	}
	return CompanionVocab(path)
}

// detectPath returns the format ReadFile(path) detects, as far as it can
// be told without consuming input: FormatDir for a directory, the format
// of the first lines for a regular file, FormatAuto when it cannot be
// told (a pipe, or a file that cannot be opened or fails before its
// first lines are seen).
func detectPath(path string) Format {
	fi, err := os.Stat(path)
	switch {
	case err != nil:
		return FormatAuto
	case fi.IsDir():
		return FormatDir
	case !fi.Mode().IsRegular():
		return FormatAuto
	}
	f, err := os.Open(path)
	if err != nil {
		return FormatAuto
	}
	defer f.Close()
	br, err := decompress(f, path)
	if err != nil {
		return FormatAuto
	}
	format, _, err := detect(br, path)
	if err != nil {
		return FormatAuto
	}
	return format
}

// findVocab returns the first existing vocabulary candidate for path.
func findVocab(path string) (string, error) {
	cands := vocabCandidates(path)
	for _, c := range cands {
		for _, p := range []string{c, c + ".gz"} {
			if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
				return p, nil
			} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
				return "", fmt.Errorf("vocabulary for %s: %w", path, err)
			}
		}
	}
	return "", parseErr(path, 0, "no vocabulary file found (looked for %s, each also with .gz); pass a vocabulary file (ReadOptions.Vocab)",
		strings.Join(cands, ", "))
}
