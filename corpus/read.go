package corpus

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/hulltopics/hull/internal/ctxio"
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
	FormatMM      Format = "mm"      // Matrix Market coordinate integer matrix: banner, D W NNZ size line, then "doc word count" (1-based)
	FormatJSONL   Format = "jsonl"   // JSON lines: {"id":..,"items":[tokens]} or {"id":..,"text":".."}
	FormatLines   Format = "lines"   // raw text, one document per line
	FormatDir     Format = "dir"     // raw text, a directory of files, one document per file (recursive)
	FormatSGML    Format = "sgml"    // raw text, SGML records: <DOC>...</DOC> (TREC, AP) or <REUTERS>...</REUTERS> (Reuters-21578)
)

var allFormats = []Format{FormatUCI, FormatLDAC, FormatTriplet, FormatMM, FormatJSONL, FormatLines, FormatDir, FormatSGML}

// numericNames names the numeric formats, those that take a vocabulary,
// in messages.
const numericNames = "uci, ldac, triplet and mm"

// ParseFormat returns the Format named s ("uci", "ldac", "triplet", "mm",
// "jsonl", "lines", "dir", "sgml"); "" and "auto" mean FormatAuto.
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

// ReadOptions configures ReadFile, Read and ReadFrom. The zero value
// detects the format, discovers the vocabulary file (ReadFile and Read
// only), tokenizes text with the default text.Options and bounds the
// corpus by half the RAM.
type ReadOptions struct {
	// Format forces the input format; FormatAuto (or "auto") detects it.
	Format Format
	// Vocab is the vocabulary file of the numeric formats (uci, ldac,
	// triplet, mm); "" discovers it next to the data file (see the package
	// documentation), which ReadFrom cannot do. The text formats have
	// their own words: a vocabulary with one is an error, for it means
	// the input is not what the caller thinks.
	Vocab string
	// VocabWords is the vocabulary of the numeric formats given in
	// memory instead of a file, e.g. a model's Vocab or the result of
	// ReadVocab: word i has word id i+1 in uci and triplet, i in ldac.
	// The words must be what a vocabulary file holds: non-empty,
	// distinct, valid UTF-8 and without white space; the corpus shares
	// the slice. At most one of Vocab and VocabWords may be set (nil
	// means unset). A text format with VocabWords is an error.
	VocabWords []string
	// Text configures the decoding and the tokenizer of the text formats
	// (jsonl items are used as they are; "text" fields, lines, files and
	// records are tokenized). Each unit of raw input (a file, a line, a
	// record) is decoded on its own by Text.Encoding; the units that were
	// not valid UTF-8 are counted and the count reported through Log.
	Text text.Options
	// Excerpt, if positive, keeps the first Excerpt runes of each raw
	// document's text in Corpus.Excerpts, cleaned as it is tokenized and
	// its white space collapsed (text.Tokenizer.Excerpt): the text of
	// the documents a report shows beside their topics. It costs up to
	// 4 x Excerpt bytes a document. The numeric formats have no text and
	// leave Corpus.Excerpts nil.
	Excerpt int
	// Strict makes a unit of raw input that is not valid UTF-8 an error:
	// the read goes on to the end and returns an *EncodingError naming
	// every such unit (the first 20), instead of decoding them.
	Strict bool
	// MaxMemory bounds the memory of a corpus whose size the input
	// declares rather than holds: the documents of a UCI header D and
	// the empty documents below the largest document id of uci and
	// triplet input cost memory without bytes of input. A reader
	// refuses with a *learner.MemoryError (see package learner) before
	// allocating above it. 0 means half the RAM.
	MaxMemory int64
	// Progress, if non-nil, receives the bytes of each input read so far
	// (before decompression) under the stage "read NAME", NAME the base
	// name of the file or of ReadFrom's name, 0 first, then about every
	// megabyte. The
	// total is the size of the file, or for ReadFrom the size of the
	// reader if it tells it (see ReadFrom), else the bytes read so far.
	// A directory is one stage "read DIR", DIR its base name: the bytes
	// of its files read (as stored) over their total size, from 0. An
	// SGML input, read whole before its records are tokenized, adds the
	// stage "tokenize NAME": the bytes of its (decompressed) records
	// done, from 0 to its size. Within a stage done never decreases and
	// ends at total.
	Progress func(stage string, done, total int)
	// Context, if not nil, stops the read once it is done: the reader
	// returns an error wrapping the context's (context.Canceled, ...) at
	// its next read of the input, or before the next file of a directory.
	Context context.Context
	// Log, if non-nil, receives a line for each input whose format was
	// detected, naming it and the format, e.g.
	// "t.txt: format triplet (detected from the first 3 lines)", and for
	// each raw-text input with units that were not valid UTF-8, how many
	// and the first few.
	Log func(line string)

	vocabFile string // the Vocab whose words withFilesRead put in VocabWords, for messages
}

// check returns opts with the format parsed, or an error for invalid
// options; it reads no input.
func (opts ReadOptions) check() (ReadOptions, error) {
	format, err := ParseFormat(string(opts.Format))
	if err != nil {
		return opts, err
	}
	opts.Format = format
	if opts.VocabWords != nil {
		if opts.Vocab != "" {
			return opts, errors.New("corpus: both ReadOptions.Vocab and ReadOptions.VocabWords are set (give one vocabulary)")
		}
		if err := checkVocabWords(opts.VocabWords); err != nil {
			return opts, err
		}
	}
	if opts.Excerpt < 0 {
		return opts, fmt.Errorf("corpus: ReadOptions.Excerpt = %d, want >= 0 (0: no excerpts)", opts.Excerpt)
	}
	if opts.MaxMemory < 0 {
		return opts, fmt.Errorf("corpus: ReadOptions.MaxMemory = %d, want >= 0 (0: half the RAM)", opts.MaxMemory)
	}
	if isText(format) && opts.hasVocab() {
		return opts, fmt.Errorf("corpus: %s is set, but format %s is text, which holds its own words: only %s take a vocabulary", opts.vocabField(), format, numericNames)
	}
	return opts, nil
}

// withFilesRead returns opts with the words of its files in place of
// their names: the vocabulary file's in VocabWords, the stop-word files'
// in Text.StopWords (folded, as text.Options.Resolved gives them).
func (opts ReadOptions) withFilesRead() (ReadOptions, error) {
	if opts.Vocab != "" && opts.VocabWords == nil {
		words, err := readVocabFile(opts.Vocab)
		if err != nil {
			return opts, err
		}
		opts.Vocab, opts.VocabWords, opts.vocabFile = "", words, opts.Vocab
	}
	if len(opts.Text.StopWordFiles) > 0 {
		o, err := (text.Options{StopWords: opts.Text.StopWords, StopWordFiles: opts.Text.StopWordFiles}).Resolved()
		if err != nil {
			return opts, err
		}
		opts.Text.StopWords, opts.Text.StopWordFiles = o.StopWords, nil
	}
	return opts, nil
}

// isText reports whether f is a text format, whose input holds its words.
func isText(f Format) bool {
	return f == FormatJSONL || f == FormatLines || f == FormatDir || f == FormatSGML
}

// hasVocab reports whether opts gives a vocabulary.
func (opts ReadOptions) hasVocab() bool { return opts.Vocab != "" || opts.VocabWords != nil }

// vocabField names the field of opts that gives the vocabulary.
func (opts ReadOptions) vocabField() string {
	if opts.VocabWords != nil && opts.vocabFile == "" {
		return "ReadOptions.VocabWords"
	}
	return "ReadOptions.Vocab"
}

// ReadFile reads the corpus at path: a file in any supported format,
// possibly gzip-compressed, or a directory of raw-text files. Malformed
// input yields a *ParseError ("file:line: what is wrong"); a corpus
// without documents or without tokens is an error too. For a file it is
// ReadFrom on the opened file, plus the discovery of the vocabulary file
// of the numeric formats when opts sets none, and, for a data file named
// as SaveDir names it (docword.txt, corpus.ldac, ...), the documents' ids
// and the record of their preparation SaveDir wrote beside it
// (SavedCompanions; Preprocessing.Saved), without which the documents
// would be numbered 1, 2, ... and labels by id meet other documents. It
// keeps every word of raw text, where "hull fit" then prunes it:
// Prune(c, RawTextPrune(c.NumDocs())) does as it does.
func ReadFile(path string, opts ReadOptions) (*Corpus, error) {
	opts, err := opts.check()
	if err != nil {
		return nil, err
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, withCompressedHint(path, err)
	}
	if fi.IsDir() {
		return readDirectory(path, opts)
	}
	if opts.Format == FormatDir {
		return nil, fmt.Errorf("%s: format %q needs a directory", path, FormatDir)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	discover := func(Format) (string, error) { return findVocab(path) }
	c, err := readStream(f, path, fi.Size(), opts, discover)
	if err != nil {
		return nil, err
	}
	if _, numeric := numericReaders[c.Preprocessing.Format]; numeric {
		if err := readSaved(path, c, opts.Log); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// withCompressedHint adds to the error of a path that does not exist the
// name of its gzip-compressed copy when there is one, as the data sets
// are often kept (ap.txt given, ap.txt.gz there). The error still wraps
// fs.ErrNotExist.
func withCompressedHint(path string, err error) error {
	if !errors.Is(err, fs.ErrNotExist) || strings.HasSuffix(path, ".gz") {
		return err
	}
	if fi, serr := os.Stat(path + ".gz"); serr == nil && !fi.IsDir() {
		return fmt.Errorf("%w (did you mean %s.gz?)", err, filepath.Base(path))
	}
	return err
}

// ReadFrom reads a corpus from r, as ReadFile reads a file: the format is
// opts.Format or detected from the first bytes, gzip-compressed data is
// recognized by its magic bytes and decompressed, and a UTF-8 byte order
// mark is skipped. name (a file name, "stdin", ...; "" means "input")
// stands for the stream in messages: malformed input yields a
// *ParseError "name:line: what is wrong". A stream has no neighbouring
// files, so the numeric formats (uci, ldac, triplet, mm) need
// opts.VocabWords or opts.Vocab (a file), and format dir is an error.
// If opts.Progress is set, the total it reports is the size of r when r
// tells it (a regular *os.File, or a reader with a Len method such as
// *bytes.Reader or *strings.Reader). ReadFrom reads r up to the end of
// the data and does not close it.
func ReadFrom(r io.Reader, name string, opts ReadOptions) (*Corpus, error) {
	if name == "" {
		name = "input"
	}
	opts, err := opts.check()
	if err != nil {
		return nil, err
	}
	if opts.Format == FormatDir {
		return nil, fmt.Errorf("%s: format %q needs a directory path, not a stream", name, FormatDir)
	}
	discover := func(f Format) (string, error) {
		return "", parseErr(name, 0, "format %s needs a vocabulary: set ReadOptions.Vocab (a file) or ReadOptions.VocabWords", f)
	}
	return readStream(r, name, sizeOf(r), opts, discover)
}

// Read reads and merges the corpora at paths (see ReadFile and Merge):
// the vocabulary is the union in first-seen order and the documents are
// concatenated, keeping their ids as read but for an id that two inputs
// hold (the numeric formats all number their documents from 1): each of
// its documents is "NAME#ID", NAME the shortest tail of its input's
// absolute path, links resolved, that no other input's ends with
// ("s1/docword.txt" and "s2/docword.txt" for those two files, however
// their paths are spelled), as a directory's documents are
// "FILE#ID", so that an id still names one document in the tables and
// pages made of the corpus, and the others still meet a labels file. The files of opts (Vocab,
// Text.StopWordFiles) are read once, before the first path, for all of
// them: a pipe gives its words to one read only. Before anything is
// read, it refuses a file given twice (another spelling, a link) and a
// file or directory inside a directory also given, whose documents would
// count twice.
func Read(paths []string, opts ReadOptions) (*Corpus, error) {
	switch len(paths) {
	case 0:
		return nil, errors.New("corpus: no input paths")
	case 1:
		return ReadFile(paths[0], opts)
	}
	if err := CheckDistinct(paths); err != nil {
		return nil, err
	}
	opts, err := opts.withFilesRead()
	if err != nil {
		return nil, err
	}
	cs := make([]*Corpus, len(paths))
	for i, p := range paths {
		c, err := ReadFile(p, opts)
		if err != nil {
			return nil, err
		}
		cs[i] = c
	}
	switch renamed, example, all := distinctIDs(paths, cs); {
	case opts.Log == nil || renamed == 0:
	case all:
		opts.Log(fmt.Sprintf("ids: some ids are held by more than one input, and named NAME#ID after their input they would meet other ids: all %d documents are named NAME#ID (%s)", renamed, example))
	default:
		opts.Log(fmt.Sprintf("ids: %d documents hold an id that another input holds too: each is named NAME#ID after its input (%s)", renamed, example))
	}
	return Merge(cs...), nil
}

// readStream reads the corpus in the stream r named name, of size bytes
// (-1 if unknown), with checked opts: the one code path of every format
// but dir. discover returns the vocabulary file of the numeric format f
// when opts sets no vocabulary.
func readStream(r io.Reader, name string, size int64, opts ReadOptions, discover func(f Format) (string, error)) (*Corpus, error) {
	if opts.Context != nil {
		r = ctxio.Reader(opts.Context, r)
	}
	br, err := decompress(withProgress(r, name, size, opts.Progress), name)
	if err != nil {
		return nil, err
	}
	return decode(br, name, opts, func(f Format) ([]string, error) {
		switch {
		case opts.VocabWords != nil:
			return opts.VocabWords, nil
		case opts.Vocab != "":
			return readVocabFile(opts.Vocab)
		}
		file, err := discover(f)
		if err != nil {
			return nil, err
		}
		return readVocabFile(file)
	})
}

// readDirectory reads a directory of raw-text files.
func readDirectory(path string, opts ReadOptions) (*Corpus, error) {
	if opts.Format != FormatAuto && opts.Format != FormatDir {
		return nil, fmt.Errorf("%s is a directory; format %q needs a file", path, opts.Format)
	}
	if opts.hasVocab() {
		return nil, fmt.Errorf("%s is a directory, read as text (format dir), which holds its own words, but %s is set: only %s take a vocabulary", path, opts.vocabField(), numericNames)
	}
	in, err := opts.textInput()
	if err != nil {
		return nil, err
	}
	c, err := readDir(path, in)
	if err != nil {
		return nil, err
	}
	setFormat(c, FormatDir)
	return c, checkNonEmpty(path, c)
}

// decode reads a corpus from the decompressed stream br named name in
// the format of opts (detected if FormatAuto). vocab supplies the
// vocabulary of the numeric formats; it is called only for them.
func decode(br *bufio.Reader, name string, opts ReadOptions, vocab func(Format) ([]string, error)) (*Corpus, error) {
	format := opts.Format
	if format != FormatAuto {
		c, err := decodeAs(br, name, format, opts, vocab)
		if err != nil {
			return nil, err
		}
		setFormat(c, format)
		return c, checkNonEmpty(name, c)
	}
	format, lines, err := detect(br, name)
	if err != nil {
		return nil, err
	}
	how := fmt.Sprintf("detected from the first %d lines", lines)
	if lines == 1 {
		how = "detected from the first line"
	}
	if isText(format) && opts.hasVocab() {
		return nil, fmt.Errorf("%s: %s is set, but the input reads as text (format %s, %s; ReadOptions.Format sets it), which holds its own words: only %s take a vocabulary",
			name, opts.vocabField(), format, how, numericNames)
	}
	if opts.Log != nil {
		opts.Log(fmt.Sprintf("%s: format %s (%s)", name, format, how))
	}
	c, err := decodeAs(br, name, format, opts, vocab)
	if err == nil {
		err = checkNonEmpty(name, c)
	}
	if err == nil {
		setFormat(c, format)
		return c, nil
	}
	// The input may not be in the detected format at all: say which. An
	// *EncodingError, which names every unit that is not UTF-8, stays
	// whole: errors.As would find the first of its *ParseErrors and drop
	// the others.
	if pe, ok := err.(*ParseError); ok && pe.File == name {
		err = &ParseError{File: pe.File, Line: pe.Line, Msg: fmt.Sprintf("%s (format %s, %s; ReadOptions.Format sets it)", pe.Msg, format, how), Err: pe.Err}
	}
	return nil, err
}

// numericReaders holds the reader of each numeric format.
var numericReaders = map[Format]func(r io.Reader, name string, vocab []string, maxMemory int64) (*Corpus, error){
	FormatUCI:     readUCI,
	FormatLDAC:    readLDAC,
	FormatTriplet: readTriplet,
	FormatMM:      readMatrixMarket,
}

// decodeAs reads a corpus in the given format.
func decodeAs(r io.Reader, name string, format Format, opts ReadOptions, vocab func(Format) ([]string, error)) (*Corpus, error) {
	if read, ok := numericReaders[format]; ok {
		v, err := vocab(format)
		if err != nil {
			return nil, err
		}
		return read(r, name, v, opts.MaxMemory)
	}
	switch format {
	case FormatJSONL, FormatLines, FormatSGML:
		in, err := opts.textInput()
		if err != nil {
			return nil, err
		}
		return textReaders[format](r, name, in)
	case FormatDir:
		return nil, fmt.Errorf("%s: format %q needs a directory", name, format)
	}
	return nil, fmt.Errorf("%s: unknown corpus format %q", name, format)
}

// textReaders holds the reader of each text format read from a stream.
var textReaders = map[Format]func(r io.Reader, name string, in textInput) (*Corpus, error){
	FormatJSONL: readJSONL,
	FormatLines: readLines,
	FormatSGML:  readSGML,
}

// textInput returns the tokenizer and decoding settings of opts.
func (opts ReadOptions) textInput() (textInput, error) {
	// Resolved reads the stop-word files once, for the tokenizer and the
	// record alike.
	o, err := opts.Text.Resolved()
	if err != nil {
		return textInput{}, err
	}
	tok, err := text.New(o)
	if err != nil {
		return textInput{}, err
	}
	return textInput{tok: tok, opts: o, strict: opts.Strict, excerpt: opts.Excerpt, log: opts.Log, progress: opts.Progress, ctx: opts.Context}, nil
}

// checkNonEmpty reports a corpus without documents or without tokens.
func checkNonEmpty(name string, c *Corpus) error {
	switch {
	case c.NumDocs() == 0:
		return parseErr(name, 0, "no documents")
	case c.NNZ() == 0 && c.Preprocessing.Tokenized():
		return parseErr(name, 0, "no tokens (all %d documents are empty once tokenized: stop words and words shorter than %d letters are dropped)",
			c.NumDocs(), cmp.Or(c.Preprocessing.Text.MinLen, text.DefaultMinLen))
	case c.NNZ() == 0:
		return parseErr(name, 0, "no tokens (all %d documents are empty)", c.NumDocs())
	}
	return nil
}

// detect returns the format of the stream br from its first bytes without
// consuming them, and the number of lines it looked at.
func detect(br *bufio.Reader, name string) (Format, int, error) {
	head, err := br.Peek(br.Size())
	atEOF := err != nil
	if err != nil && err != io.EOF {
		// The stream fails within the first bytes: after their whole lines.
		return FormatAuto, 0, streamError(name, bytes.Count(head, []byte{'\n'}), err)
	}
	f, n := detectFormat(head, atEOF)
	if f == FormatAuto {
		return f, 0, parseErr(name, 0, "empty input")
	}
	return f, n, nil
}

// detectLines is the number of non-blank lines format detection looks at.
const detectLines = 8

// lineKind classifies a line for format detection.
type lineKind int

const (
	kindText  lineKind = iota // anything else: raw text
	kindJSON                  // starts with '{'
	kindInt1                  // a single integer (UCI header, empty LDA-C document)
	kindInt3                  // three integers (UCI entry, triplet)
	kindLDAC                  // an integer, then id:count pairs
	kindInts                  // integers only, neither one nor three: a malformed numeric line
	kindPairs                 // an integer, then mostly id:count pairs: a malformed LDA-C line
	kindSGML                  // opens a <DOC> or <REUTERS> record, or <!DOCTYPE lewis
	kindMM                    // a Matrix Market banner, %%MatrixMarket
	numKinds
)

// detectFormat returns the format of an input starting with head (the
// whole input if atEOF), or FormatAuto if head holds no data, and the
// number of lines it looked at: up to detectLines non-blank lines, each
// classified as JSON, SGML, raw text or numeric (a numeric line may be
// malformed: "10 20 30 40" has the fields of no numeric format but is no
// text either). The lines vote:
//
//	first line opens a <DOC> or <REUTERS> record       -> sgml
//	first line a Matrix Market banner (%%MatrixMarket) -> mm
//	first line, or most lines, start with '{'          -> jsonl
//	no more numeric lines than other lines             -> lines (raw text)
//	more LDA-C lines ("N id:count ...") than triplets  -> ldac
//	first line one integer (or the second and third)   -> uci
//	otherwise                                          -> triplet
//
// So a numeric file whose first line is malformed is read in the format
// of its other lines, whose reader reports the bad line, instead of
// passing for raw text.
func detectFormat(head []byte, atEOF bool) (Format, int) {
	kinds := headKinds(head, atEOF, detectLines)
	if len(kinds) == 0 {
		return FormatAuto, 0
	}
	var n [numKinds]int
	for _, k := range kinds {
		n[k]++
	}
	numeric := len(kinds) - n[kindText] - n[kindJSON] - n[kindSGML] - n[kindMM]
	ldac, triplet := n[kindLDAC]+n[kindPairs], n[kindInt3]+n[kindInts]
	switch {
	case kinds[0] == kindSGML:
		return FormatSGML, len(kinds)
	case kinds[0] == kindMM:
		return FormatMM, len(kinds)
	case kinds[0] == kindJSON || 2*n[kindJSON] > len(kinds):
		return FormatJSONL, len(kinds)
	case numeric <= len(kinds)-numeric:
		return FormatLines, len(kinds)
	case ldac > 0 && ldac >= triplet:
		return FormatLDAC, len(kinds)
	case kinds[0] == kindInt1 || (len(kinds) >= 3 && kinds[1] == kindInt1 && kinds[2] == kindInt1):
		return FormatUCI, len(kinds)
	}
	return FormatTriplet, len(kinds)
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
	if isSGML(line) {
		return kindSGML
	}
	if bytes.HasPrefix(line, mmBanner) {
		return kindMM
	}
	f := splitFields(nil, line)
	if cut && len(f) > 1 {
		f = f[:len(f)-1]
	}
	if _, ok := parseInt(f[0]); !ok {
		return kindText
	}
	ints, pairs := 1, 0
	for _, x := range f[1:] {
		if _, ok := parseInt(x); ok {
			ints++
		} else if a, b, ok := bytes.Cut(x, []byte{':'}); ok && isDigits(a) && isDigits(b) {
			pairs++
		}
	}
	switch {
	case len(f) == 1:
		return kindInt1
	case ints == 3 && len(f) == 3:
		return kindInt3
	case ints == 1 && pairs == len(f)-1:
		return kindLDAC
	case ints == len(f):
		return kindInts
	case pairs > 0 && 2*(ints+pairs) > len(f):
		return kindPairs
	}
	return kindText
}
