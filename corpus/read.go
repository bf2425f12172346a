package corpus

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/hulltopics/hull/text"
)

// Format names an input format. The zero value asks Read to detect it.
type Format string

// The input formats hull reads.
const (
	FormatAuto    Format = ""        // detect from the path and the first lines
	FormatUCI     Format = "uci"     // UCI bag-of-words: D, W, NNZ header lines, then "doc word count" (1-based)
	FormatLDAC    Format = "ldac"    // LDA-C: "N id:count ..." per document (0-based ids)
	FormatTriplet Format = "triplet" // "doc word count" lines without header (1-based)
	FormatJSONL   Format = "jsonl"   // JSON lines: {"id":..,"items":[tokens]} or {"id":..,"text":".."}
	FormatLines   Format = "lines"   // raw text, one document per line
	FormatDir     Format = "dir"     // raw text, a directory of files, one document per file (recursive)
)

var allFormats = []Format{FormatUCI, FormatLDAC, FormatTriplet, FormatJSONL, FormatLines, FormatDir}

// ParseFormat returns the Format named s ("uci", "ldac", "triplet",
// "jsonl", "lines", "dir"); "" and "auto" mean FormatAuto.
func ParseFormat(s string) (Format, error) {
	if s == "" || s == "auto" {
		return FormatAuto, nil
	}
	for _, f := range allFormats {
		if string(f) == s {
			return f, nil
		}
	}
	names := make([]string, len(allFormats))
	for i, f := range allFormats {
		names[i] = string(f)
	}
	return FormatAuto, fmt.Errorf("unknown corpus format %q (want auto, %s)", s, strings.Join(names, ", "))
}

// ReadOptions configures ReadFile and Read. The zero value detects the
// format, discovers the vocabulary file and tokenizes text with the
// default text.Options.
type ReadOptions struct {
	// Format forces the input format; FormatAuto (or "auto") detects it.
	Format Format
	// Vocab is the vocabulary file of the numeric formats (uci, ldac,
	// triplet); "" discovers it next to the data file (see the package
	// documentation). Text formats ignore it.
	Vocab string
	// Text configures the tokenizer of the text formats (jsonl items are
	// used as they are; "text" fields, lines and dir are tokenized).
	Text text.Options
	// Progress, if non-nil, receives the bytes of each input file read so
	// far (of its size on disk, compressed or not) under the stage
	// "read FILE", about every megabyte.
	Progress func(stage string, done, total int)
}

// ReadFile reads the corpus at path: a file in any supported format,
// possibly gzip-compressed, or a directory of raw-text files. Malformed
// input yields a *ParseError ("file:line: what is wrong"); a corpus
// without documents or without tokens is an error too.
func ReadFile(path string, opts ReadOptions) (*Corpus, error) {
	format, err := ParseFormat(string(opts.Format))
	if err != nil {
		return nil, err
	}
	opts.Format = format
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if fi.IsDir() {
		return readDirectory(path, opts)
	}
	if opts.Format == FormatDir {
		return nil, fmt.Errorf("%s: format %q needs a directory", path, FormatDir)
	}
	in, err := openInputProgress(path, opts.Progress)
	if err != nil {
		return nil, err
	}
	defer in.Close()
	return decode(in.Reader, path, opts, func() ([]string, error) { return loadVocab(path, opts.Vocab) })
}

// Read reads and merges the corpora at paths (see ReadFile and Merge):
// the vocabulary is the union in first-seen order and the documents are
// concatenated, keeping their ids as read.
func Read(paths []string, opts ReadOptions) (*Corpus, error) {
	switch len(paths) {
	case 0:
		return nil, errors.New("corpus: no input paths")
	case 1:
		return ReadFile(paths[0], opts)
	}
	cs := make([]*Corpus, len(paths))
	for i, p := range paths {
		c, err := ReadFile(p, opts)
		if err != nil {
			return nil, err
		}
		cs[i] = c
	}
	return Merge(cs...), nil
}

// readDirectory reads a directory of raw-text files.
func readDirectory(path string, opts ReadOptions) (*Corpus, error) {
	if opts.Format != FormatAuto && opts.Format != FormatDir {
		return nil, fmt.Errorf("%s is a directory; format %q needs a file", path, opts.Format)
	}
	tok, err := text.New(opts.Text)
	if err != nil {
		return nil, err
	}
	c, err := readDir(path, tok)
	if err != nil {
		return nil, err
	}
	return c, checkNonEmpty(path, c)
}

// loadVocab reads the vocabulary file for the numeric data file at path:
// file if set, else the discovered one.
func loadVocab(path, file string) ([]string, error) {
	if file == "" {
		var err error
		if file, err = findVocab(path); err != nil {
			return nil, err
		}
	}
	return readVocabFile(file)
}

// decode reads a corpus from the decompressed stream br named name in
// the format of opts (detected if FormatAuto). vocab supplies the
// vocabulary of the numeric formats; it is called only for them.
func decode(br *bufio.Reader, name string, opts ReadOptions, vocab func() ([]string, error)) (*Corpus, error) {
	format := opts.Format
	if format == FormatAuto {
		var err error
		if format, err = detect(br, name); err != nil {
			return nil, err
		}
	}
	c, err := decodeAs(br, name, format, opts, vocab)
	if err != nil {
		return nil, err
	}
	return c, checkNonEmpty(name, c)
}

// numericReaders holds the reader of each numeric format.
var numericReaders = map[Format]func(r io.Reader, name string, vocab []string) (*Corpus, error){
	FormatUCI:     readUCI,
	FormatLDAC:    readLDAC,
	FormatTriplet: readTriplet,
}

// decodeAs reads a corpus in the given format.
func decodeAs(r io.Reader, name string, format Format, opts ReadOptions, vocab func() ([]string, error)) (*Corpus, error) {
	if read, ok := numericReaders[format]; ok {
		v, err := vocab()
		if err != nil {
			return nil, err
		}
		return read(r, name, v)
	}
	switch format {
	case FormatJSONL, FormatLines:
		tok, err := text.New(opts.Text)
		if err != nil {
			return nil, err
		}
		if format == FormatJSONL {
			return readJSONL(r, name, tok)
		}
		return readLines(r, name, tok)
	case FormatDir:
		return nil, fmt.Errorf("%s: format %q needs a directory", name, format)
	}
	return nil, fmt.Errorf("%s: unknown corpus format %q", name, format)
}

// checkNonEmpty reports a corpus without documents or without tokens.
func checkNonEmpty(name string, c *Corpus) error {
	switch {
	case c.NumDocs() == 0:
		return parseErr(name, 0, "no documents")
	case c.NNZ() == 0:
		return parseErr(name, 0, "no tokens (all %d documents are empty)", c.NumDocs())
	}
	return nil
}

// detect returns the format of the stream br from its first bytes without
// consuming them.
func detect(br *bufio.Reader, name string) (Format, error) {
	head, err := br.Peek(br.Size())
	atEOF := err != nil
	if err != nil && err != io.EOF {
		return FormatAuto, fmt.Errorf("%s: %w", name, err)
	}
	f := detectFormat(head, atEOF)
	if f == FormatAuto {
		return f, parseErr(name, 0, "empty input")
	}
	return f, nil
}

// lineKind classifies a line for format detection.
type lineKind int

const (
	kindText lineKind = iota // anything else: raw text
	kindJSON                 // starts with '{'
	kindInt1                 // a single integer (UCI header, empty LDA-C document)
	kindInt3                 // three integers (UCI entry, triplet)
	kindLDAC                 // an integer, then id:count pairs
)

// detectFormat returns the format of an input starting with head (the
// whole input if atEOF), or FormatAuto if head holds no data. It looks
// at up to three non-blank lines:
//
//	first line starts with '{'                 -> jsonl
//	first line is three integers               -> triplet
//	first line is "N id:count ..."             -> ldac
//	first line is one integer, and the next two
//	  lines are one integer or three integers  -> uci
//	  lines contain "N id:count ..." lines     -> ldac (empty first documents)
//	anything else                              -> lines (raw text)
func detectFormat(head []byte, atEOF bool) Format {
	kinds := headKinds(head, atEOF, 3)
	if len(kinds) == 0 {
		return FormatAuto
	}
	switch kinds[0] {
	case kindJSON:
		return FormatJSONL
	case kindInt3:
		return FormatTriplet
	case kindLDAC:
		return FormatLDAC
	case kindInt1:
		return detectAfterInt(kinds[1:])
	}
	return FormatLines
}

// detectAfterInt decides the format of an input whose first line is a
// single integer, from the kinds of the next lines.
func detectAfterInt(next []lineKind) Format {
	f := FormatUCI
	for _, k := range next {
		switch k {
		case kindLDAC:
			f = FormatLDAC
		case kindText, kindJSON:
			return FormatLines
		}
	}
	return f
}

// headKinds classifies up to n non-blank lines at the start of head. If
// head is not the whole input its last, cut line is ignored unless it is
// the only one, in which case its last (possibly cut) field is ignored.
func headKinds(head []byte, atEOF bool, n int) []lineKind {
	var kinds []lineKind
	for len(head) > 0 && len(kinds) < n {
		line, rest, found := bytes.Cut(head, []byte{'\n'})
		head = rest
		cut := !found && !atEOF
		if cut && len(kinds) > 0 {
			break
		}
		if len(bytes.TrimSpace(line)) > 0 {
			kinds = append(kinds, classifyLine(line, cut))
		}
	}
	return kinds
}

// classifyLine returns the kind of line; if cut, its last field may be
// incomplete and is ignored.
func classifyLine(line []byte, cut bool) lineKind {
	line = bytes.TrimLeft(line, " \t\r\v\f")
	if line[0] == '{' {
		return kindJSON
	}
	f := splitFields(nil, line)
	if cut && len(f) > 1 {
		f = f[:len(f)-1]
	}
	if !isDigits(f[0]) {
		return kindText
	}
	ints, pairs := 1, 0
	for _, x := range f[1:] {
		if isDigits(x) {
			ints++
		} else if a, b, ok := bytes.Cut(x, []byte{':'}); ok && isDigits(a) && isDigits(b) {
			pairs++
		}
	}
	switch {
	case ints == 1 && len(f) == 1:
		return kindInt1
	case ints == 3 && len(f) == 3:
		return kindInt3
	case ints == 1 && pairs == len(f)-1:
		return kindLDAC
	}
	return kindText
}
