package export

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/atomicfile"
	"github.com/hulltopics/hull/internal/ctxio"
	"github.com/hulltopics/hull/model"
)

// Format names what Save writes.
type Format string

// The formats of Save.
const (
	Mallet   Format = "mallet"   // DIR/topic-keys.txt, and DIR/doc-topics.txt with documents
	PyLDAvis Format = "pyldavis" // one JSON file of pyLDAvis.prepare's arguments; needs documents
	CSV      Format = "csv"      // DIR/topic_words.csv, and DIR/doc_topics.csv with documents
)

// Formats lists the formats, in the order to show them.
var Formats = []Format{Mallet, PyLDAvis, CSV}

// The names of the files Save writes into a directory.
const (
	MalletTopicKeysFile = "topic-keys.txt"
	MalletDocTopicsFile = "doc-topics.txt"
	CSVTopicWordsFile   = "topic_words.csv"
	CSVDocTopicsFile    = "doc_topics.csv"
)

// ErrNeedsDocs is wrapped by the error for a format asked for without the
// documents it describes.
var ErrNeedsDocs = errors.New("export: the format describes documents and none were given")

// ParseFormat returns the Format named s.
func ParseFormat(s string) (Format, error) {
	names := make([]string, len(Formats))
	for i, f := range Formats {
		if string(f) == s {
			return f, nil
		}
		names[i] = string(f)
	}
	return "", fmt.Errorf("unknown export format %q (want %s)", s, strings.Join(names, ", "))
}

// Docs are documents and their topic weights under a model.
type Docs struct {
	// Corpus holds the documents, on the model's vocabulary
	// (corpus.Align puts them there).
	Corpus *corpus.Corpus
	// Theta holds the K topic weights of each document of Corpus, as
	// infer.Infer returns them.
	Theta [][]float64
}

// Paths returns the files Save writes for format f at out (a directory
// for Mallet and CSV, the file itself for PyLDAvis), with documents or
// without, in the order Save writes them. It panics for an unknown
// format.
func Paths(f Format, out string, withDocs bool) []string {
	var names []string
	switch f {
	case Mallet:
		names = []string{MalletTopicKeysFile, MalletDocTopicsFile}
	case CSV:
		names = []string{CSVTopicWordsFile, CSVDocTopicsFile}
	case PyLDAvis:
		return []string{out}
	default:
		panic(fmt.Sprintf("export: unknown format %q", f))
	}
	if !withDocs {
		names = names[:1]
	}
	paths := make([]string, len(names))
	for i, n := range names {
		paths[i] = filepath.Join(out, n)
	}
	return paths
}

// Prepare readies out for Save before the long work that precedes it
// (reading and inferring documents): for Mallet and CSV it makes the
// directory out and its missing parents, refusing an existing
// non-directory; then it checks that every file of Paths can be written
// and is none of inputs, the files the caller reads (atomicfile.Check),
// and that out holds no export's file Save would not replace (an error
// wrapping atomicfile.ErrStale: an export without documents into the
// directory of one with them would leave the old documents' weights
// beside the new topics, and one in CSV into a Mallet export's directory
// the old topics and weights).
// undo removes the directories it created, when still empty, for a caller
// that fails before Save: nothing is left behind.
func Prepare(f Format, out string, withDocs bool, inputs ...string) (undo func(), err error) {
	if _, err := ParseFormat(string(f)); err != nil {
		return nil, err
	}
	paths := Paths(f, out, withDocs)
	undo = func() {}
	if f != PyLDAvis {
		if undo, err = atomicfile.MakeDir(out); err != nil {
			return nil, err
		}
	}
	for _, p := range paths {
		if err := atomicfile.Check(p, inputs...); err != nil {
			undo()
			return nil, err
		}
	}
	if err := atomicfile.CheckAbsent(leftOut(f, out, withDocs)...); err != nil {
		undo()
		return nil, err
	}
	return undo, nil
}

// leftOut returns the files of an export at out that Save does not write
// in format f with documents or without (withDocs): the documents' file of
// Mallet and CSV without documents, and every file of the other of the
// two. An earlier export's file there would describe other documents or
// another model than the new files.
func leftOut(f Format, out string, withDocs bool) []string {
	if f == PyLDAvis {
		return nil
	}
	var left []string
	if !withDocs {
		left = Paths(f, out, true)[1:]
	}
	for _, other := range []Format{Mallet, CSV} {
		if other != f {
			left = append(left, Paths(other, out, true)...)
		}
	}
	return left
}

// checkModel returns the error of a model the writers cannot export
// (model.Validate): rows of another length made them panic, a NaN weight
// made invalid JSON.
func checkModel(m *model.Model) error {
	if err := m.Validate(); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	return nil
}

// Check returns the error Save would return for m, top and whether
// documents are given, without writing: an unknown format, an error
// wrapping ErrNeedsDocs for PyLDAvis without documents, a model that fails
// model.Validate, an error wrapping
// ErrWhitespace for Mallet when a word to list holds whitespace. It is
// O(K V log top) for Mallet (the words are ranked), O(1) otherwise.
func Check(f Format, m *model.Model, top int, withDocs bool) error {
	if _, err := ParseFormat(string(f)); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	if err := checkModel(m); err != nil {
		return err
	}
	switch {
	case f == PyLDAvis && !withDocs:
		return fmt.Errorf("%w: pyLDAvis.prepare needs the documents' topic weights, lengths and word counts", ErrNeedsDocs)
	case f == Mallet:
		_, err := malletWords(m, top)
		return err
	}
	return nil
}

// CheckDocIDs returns the error Save would return for the ids of the
// documents to export in format f, without writing: for Mallet an error
// wrapping ErrFieldBreak when an id holds a tab or a line break; nil for
// the other formats, which hold any id. A caller that infers the
// documents' weights checks their ids first. It is O(total length of the
// ids).
func CheckDocIDs(f Format, ids []string) error {
	if f == Mallet {
		return checkMalletNames(ids)
	}
	return nil
}

// Save writes the export of m in format f at out (see Paths), with the
// top words of each topic (Mallet and CSV; top as WriteMalletTopicKeys and
// WriteCSVTopicWords take it) and, when docs is not nil, the documents'
// files. A directory out is created if missing. Every file is written in
// full to a temporary file first, and the files are renamed into place
// only when all are complete, so a failure leaves the old files as they
// were. A documents' file left at out by an earlier export is refused
// when docs is nil (see Prepare). It returns the paths written, or Check's
// and CheckDocIDs's errors (before writing anything), the writers' errors
// or the file system's, and ctx's error, the old files kept, once ctx is
// done.
func Save(ctx context.Context, f Format, out string, m *model.Model, top int, docs *Docs) ([]string, error) {
	if err := Check(f, m, top, docs != nil); err != nil {
		return nil, err
	}
	if docs != nil && docs.Corpus == nil {
		return nil, errors.New("export: Docs without a Corpus")
	}
	var writers []func(io.Writer) error
	switch f {
	case Mallet:
		writers = append(writers, func(w io.Writer) error { return WriteMalletTopicKeys(w, m, top) })
		if docs != nil {
			writers = append(writers, func(w io.Writer) error { return WriteMalletDocTopics(w, docs.Corpus.DocIDs, docs.Theta) })
		}
	case CSV:
		writers = append(writers, func(w io.Writer) error { return WriteCSVTopicWords(w, m, top) })
		if docs != nil {
			writers = append(writers, func(w io.Writer) error { return WriteCSVDocTopics(w, docs.Corpus.DocIDs, docs.Theta) })
		}
	case PyLDAvis:
		writers = append(writers, func(w io.Writer) error { return WritePyLDAvis(w, m, docs.Corpus, docs.Theta) })
	}
	if docs != nil && f != PyLDAvis {
		// The writers of ids and weights alone check the rows; these
		// check them against the model and the documents.
		if err := m.CheckVocab(docs.Corpus.Vocab); err != nil {
			return nil, fmt.Errorf("export: %w", err)
		}
		if err := checkTheta(docs.Corpus.NumDocs(), docs.Theta, m.K); err != nil {
			return nil, err
		}
		if err := CheckDocIDs(f, docs.Corpus.DocIDs); err != nil {
			return nil, err
		}
	}
	paths := Paths(f, out, docs != nil)
	if err := atomicfile.CheckAbsent(leftOut(f, out, docs != nil)...); err != nil {
		return nil, err
	}
	if f != PyLDAvis {
		if err := os.MkdirAll(out, 0o755); err != nil {
			return nil, err
		}
	}
	var pending []*atomicfile.Pending
	defer func() {
		for _, p := range pending {
			p.Discard() // after a Commit, a no-op
		}
	}()
	for i, write := range writers {
		p, err := atomicfile.PrepareContext(ctx, paths[i], write)
		if err != nil {
			return nil, err
		}
		pending = append(pending, p)
	}
	if err := ctxio.Err(ctx); err != nil {
		return nil, err
	}
	written := make([]string, 0, len(pending))
	for _, p := range pending {
		if err := p.Commit(); err != nil {
			return nil, err
		}
		written = append(written, p.Target())
	}
	return written, nil
}
