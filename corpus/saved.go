package corpus

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Reading back what SaveDir wrote. The numeric formats hold word and
// document numbers only: SaveDir writes the documents' ids
// (DocIDsFileName) and the record of the preparation
// (PreprocessingFileName) beside the data file, and ReadFile reads them
// with it, so that labels keyed by id meet their documents again and a
// model fitted on the files knows how their words were made.

// savedDataFile reports whether path names a data file of a numeric
// format as SaveDir names it (docword.txt, corpus.ldac, corpus.mtx, each
// maybe with ".gz").
func savedDataFile(path string) bool {
	base := strings.TrimSuffix(filepath.Base(path), ".gz")
	for f, name := range dataFileNames {
		if f != OutputJSONL && base == name {
			return true
		}
	}
	return false
}

// SavedCompanions returns the files that ReadFile reads beside path, a
// data file that SaveDir wrote (docword.txt, corpus.ldac or corpus.mtx,
// each maybe with ".gz"), besides its vocabulary (CompanionVocab): the
// document ids and the preparation record, those that exist. A command
// that reads path must not overwrite them. nil for any other path.
func SavedCompanions(path string) []string {
	if !savedDataFile(path) {
		return nil
	}
	var files []string
	for _, name := range []string{DocIDsFileName, PreprocessingFileName} {
		p := filepath.Join(filepath.Dir(path), name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			files = append(files, p)
		}
	}
	return files
}

// readSaved gives c, read from path, the ids and the preparation record
// SaveDir wrote beside it, when path is a data file SaveDir names and
// they exist. A list of ids of another length than c's documents is an
// error, and so is a record that is no valid JSON Preprocessing: they are
// not these files'. log, if not nil, hears what was read.
func readSaved(path string, c *Corpus, log func(string)) error {
	if !savedDataFile(path) {
		return nil
	}
	dir := filepath.Dir(path)
	var read []string
	ids, err := readSavedIDs(filepath.Join(dir, DocIDsFileName), c.NumDocs())
	switch {
	case err != nil:
		return err
	case ids != nil:
		c.DocIDs = ids
		read = append(read, "document ids from "+DocIDsFileName)
	}
	rec, err := readSavedRecord(filepath.Join(dir, PreprocessingFileName))
	switch {
	case err != nil:
		return err
	case rec != nil:
		if c.Preprocessing == nil {
			c.Preprocessing = &Preprocessing{}
		}
		c.Preprocessing.Saved = rec
		read = append(read, "how its words were made from "+PreprocessingFileName+" ("+rec.String()+")")
	}
	if log != nil && len(read) > 0 {
		log(fmt.Sprintf("%s: %s, written with it by hull corpus", path, strings.Join(read, "; ")))
	}
	return nil
}

// readSavedIDs reads the list of ids at path, one per line as
// WriteDocIDs writes them (a line break of "\r\n" too), which must hold
// docs ids; nil, nil when there is no such file. It is read line by line:
// a corpus of 50 million documents has a list of a gigabyte.
func readSavedIDs(path string, docs int) ([]string, error) {
	f, err := openSaved(path)
	if f == nil || err != nil {
		return nil, err
	}
	defer f.Close()
	s := newLineScanner(f, path)
	ids := make([]string, 0, docs)
	for {
		line, ok := s.next()
		if !ok {
			break
		}
		if len(ids) == docs {
			return nil, s.errorf("more ids than the %d documents beside it: not the ids of these documents (remove the file to number the documents 1, 2, ...)", docs)
		}
		ids = append(ids, string(line))
	}
	if err := s.err(); err != nil {
		return nil, err
	}
	if len(ids) != docs {
		return nil, parseErr(path, 0, "%d ids, for %d documents beside it: not the ids of these documents (remove the file to number the documents 1, 2, ...)", len(ids), docs)
	}
	return ids, nil
}

// readSavedRecord reads the preparation record at path; nil, nil when
// there is no such file.
func readSavedRecord(path string) (*Preprocessing, error) {
	data, err := readSavedFile(path)
	if data == nil || err != nil {
		return nil, err
	}
	var rec Preprocessing
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rec); err != nil {
		return nil, parseErr(path, 0, "not a preparation record as hull corpus writes it: %v", err)
	}
	if dec.More() {
		return nil, parseErr(path, 0, "data after the preparation record")
	}
	if err := rec.Validate(); err != nil {
		return nil, parseErr(path, 0, "%v", err)
	}
	return &rec, nil
}

// readSavedFile returns the content of the regular file at path, nil when
// there is none.
func readSavedFile(path string) ([]byte, error) {
	f, err := openSaved(path)
	if f == nil || err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := readAllBounded(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if data == nil {
		data = []byte{}
	}
	return data, nil
}

// openSaved opens the regular file at path; nil, nil when there is none.
func openSaved(path string) (*os.File, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return nil, errors.Join(err, parseErr(path, 0, "not a regular file"))
	}
	return f, nil
}
