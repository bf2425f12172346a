package corpus

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hulltopics/hull/internal/gz"
	"github.com/hulltopics/hull/internal/progress"
	"github.com/hulltopics/hull/text"
)

// Raw-text readers: "lines" (one document per line) and "dir" (one
// document per file), plus the document assembly they share with the
// JSON-lines reader.

// readLines reads raw text, one document per non-blank line (blank lines,
// white space only, are skipped); a document's id is its 1-based line
// number. Each line is decoded (see decoder) and tokenized as in.
func readLines(r io.Reader, name string, in textInput) (*Corpus, error) {
	return readTextLines(r, name, in, (*textDocs).addLine)
}

// addLine adds line number lineNum as a document.
func (d *textDocs) addLine(line []byte, lineNum int) error {
	s, ok := d.dec.decode(line, d.name, lineNum)
	if !ok {
		return nil
	}
	return d.addText(strconv.Itoa(lineNum), s)
}

// readTextLines calls add for each non-blank line of r with its 1-based
// number, and returns the documents added. A line holding only a UTF-8
// byte order mark (and white space) is blank too: the decoder drops the
// mark, leaving nothing (a file that starts with two marks). An error
// from add becomes a *ParseError at that line.
func readTextLines(r io.Reader, name string, in textInput, add func(d *textDocs, line []byte, lineNum int) error) (*Corpus, error) {
	sc := newLineScanner(r, name)
	docs := newTextDocs(in, name, "lines")
	for {
		line, ok := sc.nextData()
		if !ok {
			break
		}
		if isBlank(bytes.TrimPrefix(bytes.TrimLeft(line, " \t\r\v\f"), utf8BOM)) {
			continue
		}
		if err := add(docs, line, sc.line); err != nil {
			return nil, sc.errorf("%v", err)
		}
	}
	if err := sc.err(); err != nil {
		return nil, err
	}
	return docs.corpus("no documents")
}

// isBlank reports whether b holds only white space.
func isBlank(b []byte) bool { return len(bytes.TrimSpace(b)) == 0 }

// readDir reads every regular file below dir (recursively, in lexical
// order, skipping files and directories whose name starts with '.') as one
// raw-text document whose id is its slash-separated path relative to dir.
// dir itself may be a symbolic link to a directory. Below it, symbolic
// links to regular files are read; symbolic links to directories are not
// followed. A file starting with the gzip magic bytes is
// decompressed, and a leading UTF-8 byte order mark is skipped. Each file
// is decoded on its own (see decoder). A file of SGML records (see
// readSGML) holds many documents, whose ids are the file's path, '#' and
// the record's id. in.progress hears the bytes of the files read (as
// stored) over their total, as the stage "read DIR", DIR the base name
// of dir.
func readDir(dir string, in textInput) (*Corpus, error) {
	files, total, err := dirFiles(dir, in.ctx)
	if err != nil {
		return nil, err
	}
	docs := newTextDocs(in, dir, "files")
	p := progress.New(in.progress, "read "+filepath.Base(dir), int(total), mib)
	for _, f := range files {
		if err := ctxErr(in.ctx); err != nil {
			return nil, err
		}
		if err := docs.addFile(f.id, f.path); err != nil {
			return nil, err
		}
		p.Add(int(f.size))
	}
	p.Finish()
	return docs.corpus("no files")
}

// dirFile is a file of a directory read as documents.
type dirFile struct {
	id, path string // id: the path relative to the directory, slash-separated
	size     int64
}

// dirFiles returns the files below dir that readDir reads, in order, and
// their total size. dir may be a symbolic link to a directory: the walk
// starts at dir with a trailing separator, which the system resolves,
// while links below it stay unfollowed (filepath.WalkDir follows none,
// and Lstat's its root); paths keep dir's spelling, ids are relative to it.
func dirFiles(dir string, ctx context.Context) (files []dirFile, total int64, err error) {
	fi, err := os.Stat(dir)
	if err != nil {
		return nil, 0, err
	}
	if !fi.IsDir() {
		return nil, 0, parseErr(dir, 0, "not a directory")
	}
	root := dir
	if !os.IsPathSeparator(root[len(root)-1]) {
		root += string(filepath.Separator)
	}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case path == root && !d.IsDir(): // replaced since the Stat
			return parseErr(dir, 0, "not a directory")
		case path != root && strings.HasPrefix(d.Name(), "."):
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		case d.IsDir():
			return ctxErr(ctx)
		}
		size, ok := regularSize(path, d)
		if !ok {
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		files = append(files, dirFile{id: filepath.ToSlash(rel), path: path, size: size})
		total += size
		return nil
	})
	return files, total, err
}

// ctxErr returns the error of ctx once it is done, nil before or if ctx
// is nil.
func ctxErr(ctx context.Context) error {
	if ctx == nil {
		return nil
	}
	return ctx.Err()
}

// regularSize returns the size of the walked entry d at path and whether
// it is a regular file or a symbolic link to one.
func regularSize(path string, d fs.DirEntry) (int64, bool) {
	info := d.Info
	if d.Type()&fs.ModeSymlink != 0 {
		info = func() (fs.FileInfo, error) { return os.Stat(path) }
	}
	fi, err := info()
	if err != nil || !fi.Mode().IsRegular() {
		return 0, false
	}
	return fi.Size(), true
}

// addFile adds the file at path as document id.
func (d *textDocs) addFile(id, path string) error {
	data, err := readTextFile(path)
	if err != nil {
		return err
	}
	if isSGML(data) {
		return d.addRecords(id, path, data, nil) // the directory's progress covers it
	}
	s, ok := d.dec.decode(data, path, 0)
	if !ok {
		return nil
	}
	if err := d.addText(id, s); err != nil {
		return parseErr(path, 0, "%v", err)
	}
	return nil
}

// readTextFile returns the content of the file at path, decompressed if it
// starts with the gzip magic bytes, without a leading UTF-8 byte order
// mark. Unlike decompress it allocates no large buffer, for a directory
// may hold many small files.
func readTextFile(path string) ([]byte, error) {
	if fi, err := os.Stat(path); err == nil && fi.Size() > maxWholeLen {
		return nil, parseErr(path, 0, "%v", errTooLong)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if gz.IsMagic(data) {
		content, err := gz.NewReader(bufio.NewReader(bytes.NewReader(data)))
		if err == nil {
			data, err = readAllBounded(content)
		}
		if err != nil { // damaged (a *gz.Error) or too long: the file's
			return nil, parseErr(path, 0, "%v", err)
		}
	}
	data = bytes.TrimPrefix(data, utf8BOM)
	if err := notText(data[:min(len(data), binaryPeek)]); err != nil {
		return nil, parseErr(path, 0, "%v", err)
	}
	if line, col := nulAt(data); line > 0 {
		return nil, parseErr(path, line, "%s", nulMessage(col))
	}
	return data, nil
}

// checkUTF8 reports whether b is valid UTF-8; if not, it returns the
// 1-based line of the first invalid sequence and a description of it with
// its 1-based byte column.
func checkUTF8(b []byte) (line int, msg string, ok bool) {
	if utf8.Valid(b) {
		return 0, "", true
	}
	i := 0
	for {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			break
		}
		i += size
	}
	line = 1 + bytes.Count(b[:i], []byte("\n"))
	col := i - bytes.LastIndexByte(b[:i], '\n')
	return line, "invalid UTF-8 at byte " + strconv.Itoa(col) + ": " + quote(b[i:min(len(b), i+8)]), false
}

// textDocs assembles a corpus from token lists. It keeps its own index of
// the words seen so that each new word is copied before the Builder keeps
// it: tokens may share memory with their text (see text.Tokenizer.Tokens),
// which must not stay reachable through the vocabulary.
type textDocs struct {
	b    *Builder
	tok  *text.Tokenizer
	opts text.Options // tok's
	dec  decoder
	log  func(string)
	name string // the input, for messages
	// tokenized says that some document was raw text, tokenized by tok.
	tokenized bool
	index     map[string]int32
	ids       map[string]int // JSON lines and records: the line of each document id
	toks      []string       // scratch
	excerpt   int            // runes kept of each document's text; 0: no Excerpts
	excerpts  excerptStore
}

// textInput is what the raw-text readers need besides the input: the
// tokenizer, how to decode, and where to report.
type textInput struct {
	tok    *text.Tokenizer
	opts   text.Options // tok's
	strict bool
	// excerpt is ReadOptions.Excerpt: the runes kept of each
	// document's text, 0 for none.
	excerpt  int
	log      func(string)                        // nil: no report
	progress func(stage string, done, total int) // ReadOptions.Progress: nil, no report
	ctx      context.Context                     // nil: never done
}

// newTextDocs returns an empty assembly for the input name, whose units
// (files, lines or records) are kind.
func newTextDocs(in textInput, name, kind string) *textDocs {
	d := &textDocs{b: NewBuilder(nil), tok: in.tok, opts: in.opts, log: in.log, name: name, index: make(map[string]int32), excerpt: in.excerpt}
	d.dec = decoder{tok: in.tok, enc: in.opts.Encoding, strict: in.strict, kind: kind}
	return d
}

// addText tokenizes s and adds its tokens as document id, with its
// excerpt when asked.
func (d *textDocs) addText(id, s string) error {
	d.tokenized = true
	if d.excerpt <= 0 {
		d.toks = d.tok.Tokens(d.toks[:0], s)
		return d.addDoc(id, d.toks)
	}
	mark := len(d.excerpts.pending)
	d.toks, d.excerpts.pending = d.tok.TokensAndExcerpt(d.toks[:0], d.excerpts.pending, s, d.excerpt)
	if err := d.addDoc(id, d.toks); err != nil {
		d.excerpts.pending = d.excerpts.pending[:mark] // no document, no excerpt
		return err
	}
	d.excerpts.end()
	return nil
}

// errTooManyTokens reports a document whose counts could overflow int32.
var errTooManyTokens = errors.New("document has more than 2147483647 tokens")

// addTokens adds toks, given as words rather than text, as document id,
// of an empty excerpt when asked.
func (d *textDocs) addTokens(id string, toks []string) error {
	if err := d.addDoc(id, toks); err != nil {
		return err
	}
	if d.excerpt > 0 {
		d.excerpts.end() // empty
	}
	return nil
}

// addDoc adds toks as document id.
func (d *textDocs) addDoc(id string, toks []string) error {
	if int64(len(toks)) > math.MaxInt32 {
		return errTooManyTokens
	}
	for _, w := range toks {
		i, ok := d.index[w]
		if !ok {
			w = strings.Clone(w)
			i, _ = d.b.WordIndex(w) // the vocabulary grows: always ok
			d.index[w] = i
		}
		d.b.Add(i, 1)
	}
	d.b.EndDoc(id)
	return nil
}

// corpus returns the assembled corpus. It is an *EncodingError if a
// strict read met invalid UTF-8, a *ParseError with the message empty if
// there are no documents. The count of units that were not valid UTF-8 is
// reported on the log.
func (d *textDocs) corpus(empty string) (*Corpus, error) {
	if err := d.dec.err(d.name); err != nil {
		return nil, err
	}
	if line := d.dec.report(d.name); line != "" && d.log != nil {
		d.log(line)
	}
	if d.b.NumDocs() == 0 {
		return nil, parseErr(d.name, 0, "%s", empty)
	}
	c := d.b.Corpus()
	if d.excerpt > 0 {
		c.Excerpts = d.excerpts.strings()
	}
	c.Preprocessing = &Preprocessing{}
	if d.tokenized {
		o, err := d.opts.Resolved()
		if err != nil {
			return nil, err
		}
		c.Preprocessing.Text = &o
	}
	return c, nil
}

// excerptStore keeps the excerpts of many documents in few allocations:
// they are appended to a buffer, which becomes one string every
// excerptChunk bytes, the excerpts its substrings. One string each took
// twice the memory: 130 MiB more peak RSS for the 279,220 one-line
// documents of Reuters repeated 20 times at 100 runes each.
type excerptStore struct {
	done    []string // the excerpts of the chunks made
	pending []byte   // the excerpts since, back to back: append to it, then call end
	ends    []int    // the end of each in pending
}

// excerptChunk is the size of the strings excerptStore makes.
const excerptChunk = 1 << 18

// end ends the excerpt appended to pending since the last.
func (e *excerptStore) end() {
	e.ends = append(e.ends, len(e.pending))
	if len(e.pending) >= excerptChunk {
		e.flush()
	}
}

// flush makes the pending excerpts substrings of one new string.
func (e *excerptStore) flush() {
	chunk, start := string(e.pending), 0
	for _, end := range e.ends {
		e.done = append(e.done, chunk[start:end])
		start = end
	}
	e.pending, e.ends = e.pending[:0], e.ends[:0]
}

// strings returns every excerpt added, in order.
func (e *excerptStore) strings() []string {
	e.flush()
	if e.done == nil {
		e.done = []string{}
	}
	return e.done
}
