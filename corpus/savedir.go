package corpus

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/hulltopics/hull/internal/atomicfile"
	"github.com/hulltopics/hull/internal/ctxio"
)

// OutputFormat names a format SaveDir writes.
type OutputFormat string

// The formats SaveDir writes, for other topic-model tools and for
// scientific Python and R.
const (
	OutputUCI   OutputFormat = "uci"   // docword.txt (UCI bag of words) + vocab.txt + docids.txt
	OutputLDAC  OutputFormat = "ldac"  // corpus.ldac (LDA-C, lda-c and gensim's BleiCorpus) + vocab.txt + docids.txt
	OutputJSONL OutputFormat = "jsonl" // corpus.jsonl: {"id", "items"} per document, ids inside
	OutputMM    OutputFormat = "mm"    // corpus.mtx (Matrix Market, scipy.io.mmread, Matrix::readMM) + vocab.txt + docids.txt
)

var outputFormats = []OutputFormat{OutputUCI, OutputLDAC, OutputJSONL, OutputMM}

// dataFileNames are the names of the data files SaveDir writes.
var dataFileNames = map[OutputFormat]string{
	OutputUCI: "docword.txt", OutputLDAC: "corpus.ldac", OutputJSONL: "corpus.jsonl", OutputMM: "corpus.mtx",
}

// ParseOutputFormat returns the OutputFormat named s.
func ParseOutputFormat(s string) (OutputFormat, error) {
	for _, f := range outputFormats {
		if string(f) == s {
			return f, nil
		}
	}
	names := make([]string, len(outputFormats))
	for i, f := range outputFormats {
		names[i] = string(f)
	}
	return "", fmt.Errorf("unknown output format %q (want %s)", s, strings.Join(names, ", "))
}

// The names of the files SaveDir writes.
const (
	VocabFileName         = "vocab.txt"
	DocIDsFileName        = "docids.txt"
	PreprocessingFileName = "preprocessing.json"
)

// SaveOptions configures SaveDir.
type SaveOptions struct {
	// Format is the format of the data file (default OutputUCI).
	Format OutputFormat
	// Gzip compresses the data file (its name then ends in ".gz").
	Gzip bool
	// Progress, if not nil, hears the documents of the data file written
	// (see Write).
	Progress func(stage string, done, total int)
}

// PrepareDir readies dir for SaveDir before the long work that precedes it
// (reading the corpus): it makes dir and its missing parents, refusing an
// existing non-directory, and checks that every file SaveDir may write
// there with opts can be written and is none of inputs, the files and
// directories the caller reads, nor inside one of the directories
// (atomicfile.Check). undo removes the directories it created, when still
// empty, for a caller that fails before SaveDir.
func PrepareDir(dir string, opts SaveOptions, inputs ...string) (undo func(), err error) {
	if opts.Format == "" {
		opts.Format = OutputUCI
	}
	if _, err := ParseOutputFormat(string(opts.Format)); err != nil {
		return nil, err
	}
	if undo, err = atomicfile.MakeDir(dir); err != nil {
		return nil, err
	}
	// A corpus with a preprocessing record, so that its file is checked too.
	for _, f := range saveFiles(&Corpus{Preprocessing: &Preprocessing{}}, opts) {
		if err := atomicfile.Check(filepath.Join(dir, f.name), inputs...); err != nil {
			undo()
			return nil, err
		}
	}
	if err := atomicfile.CheckAbsent(OtherDataFiles(dir, opts)...); err != nil {
		undo()
		return nil, err
	}
	return undo, nil
}

// OtherDataFiles returns the data files in dir of the formats SaveDir
// does not write with opts, compressed or not: an earlier SaveDir's, in
// another format, would sit beside the new vocabulary and preprocessing
// record and no longer match them (a docword.txt read with a new
// vocab.txt names the wrong words). A writer of a corpus's files in a
// directory checks them with atomicfile.CheckAbsent.
func OtherDataFiles(dir string, opts SaveOptions) []string {
	written := saveFiles(&Corpus{}, opts)[0].name
	var other []string
	for _, f := range outputFormats {
		for _, gz := range []bool{false, true} {
			if n := saveFiles(&Corpus{}, SaveOptions{Format: f, Gzip: gz})[0].name; n != written {
				other = append(other, filepath.Join(dir, n))
			}
		}
	}
	return other
}

// SaveDir writes c into the directory dir (created if missing) in the
// format of opts: the data file, the vocabulary (one word per line, line i
// word i) and the document ids (one per line) where the data file does
// not hold them, and c.Preprocessing as JSON when set. Every file is
// written in full to a temporary file first and the files are renamed
// into place only when all are complete, so a failure leaves dir as it
// was (ctx done included: the writes stop with its error). A word or an
// id that the format's files cannot hold is an error matching
// ErrNotWritable, before dir is made. It returns the paths written, data
// file first.
func SaveDir(ctx context.Context, dir string, c *Corpus, opts SaveOptions) ([]string, error) {
	if c == nil {
		return nil, errNoCorpus
	}
	if err := ctxio.Err(ctx); err != nil {
		return nil, err
	}
	if opts.Format == "" {
		opts.Format = OutputUCI
	}
	if _, err := ParseOutputFormat(string(opts.Format)); err != nil {
		return nil, err
	}
	if err := checkWritable(c, opts.Format); err != nil {
		return nil, err
	}
	files := saveFiles(c, opts)
	stale := OtherDataFiles(dir, opts)
	if c.Preprocessing == nil {
		stale = append(stale, filepath.Join(dir, PreprocessingFileName))
	}
	if err := atomicfile.CheckAbsent(stale...); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var pending []*atomicfile.Pending
	defer func() {
		for _, p := range pending {
			p.Discard() // after a Commit, a no-op
		}
	}()
	for _, f := range files {
		p, err := atomicfile.PrepareContext(ctx, filepath.Join(dir, f.name), f.write)
		if err != nil {
			return nil, err
		}
		pending = append(pending, p)
	}
	var paths []string
	for _, p := range pending {
		if err := p.Commit(); err != nil {
			return nil, err
		}
		paths = append(paths, p.Target())
	}
	return paths, nil
}

// saveFile is a file SaveDir writes: its name and its writer.
type saveFile struct {
	name  string
	write func(io.Writer) error
}

// saveFiles returns the files of c in the format of opts.
func saveFiles(c *Corpus, opts SaveOptions) []saveFile {
	data := saveFile{dataFileNames[opts.Format], func(w io.Writer) error { return Write(w, c, opts.Format, opts.Progress) }}
	if opts.Gzip {
		data.name += ".gz"
	}
	files := []saveFile{data}
	if opts.Format != OutputJSONL {
		files = append(files,
			saveFile{VocabFileName, func(w io.Writer) error { return WriteVocab(w, c) }},
			saveFile{DocIDsFileName, func(w io.Writer) error { return WriteDocIDs(w, c) }})
	}
	if c.Preprocessing != nil {
		files = append(files, saveFile{PreprocessingFileName, func(w io.Writer) error {
			b, err := json.MarshalIndent(c.Preprocessing, "", "  ")
			if err == nil {
				_, err = w.Write(append(b, '\n'))
			}
			return err
		}})
	}
	return files
}
