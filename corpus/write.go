package corpus

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hulltopics/hull/internal/atomicfile"
	"github.com/hulltopics/hull/internal/progress"
	"github.com/hulltopics/hull/internal/words"
)

const writeBufSize = 256 << 10

// ErrNotWritable is what the errors of the writers and SaveDir match
// (errors.Is) when the corpus holds a word or an id that the format
// cannot hold as it is, so that reading the output back would not give
// the corpus: a caller can tell bad content from a failed write.
var ErrNotWritable = errors.New("corpus: not writable in the format")

// notWritable is an error that matches ErrNotWritable.
type notWritable struct{ msg string }

func (e notWritable) Error() string        { return e.msg }
func (e notWritable) Is(target error) bool { return target == ErrNotWritable }

func notWritablef(format string, args ...any) error {
	return notWritable{fmt.Sprintf(format, args...)}
}

// WriteUCI writes c in the UCI bag-of-words format: lines D, W, NNZ, then
// "docID wordID count" (1-based) in document order. Document ids are not
// stored: reading the output back numbers the documents 1..D. Empty
// documents are kept (D counts them).
func WriteUCI(w io.Writer, c *Corpus) error { return Write(w, c, OutputUCI, nil) }

// Write writes c to w in the data format f (OutputUCI if ""), as
// WriteUCI, WriteLDAC, WriteJSONL or WriteMatrixMarket does, and reports
// to report (if not nil) the documents written, as the stage "write F"
// (F the format's name). Time O(nnz), O(tokens) for jsonl.
func Write(w io.Writer, c *Corpus, f OutputFormat, report func(stage string, done, total int)) error {
	if f == "" {
		f = OutputUCI
	}
	if _, err := ParseOutputFormat(string(f)); err != nil {
		return err
	}
	check := c.Validate
	if f == OutputJSONL {
		check = func() error { return checkWritable(c, OutputJSONL) }
	}
	if err := check(); err != nil {
		return err
	}
	p := progress.New(report, "write "+string(f), c.NumDocs(), progress.Step(c.NumDocs()))
	bw := bufio.NewWriterSize(w, writeBufSize)
	var err error
	switch f {
	case OutputUCI:
		fmt.Fprintf(bw, "%d\n%d\n%d\n", c.NumDocs(), c.NumWords(), c.NNZ())
		err = writeEntries(bw, c, p)
	case OutputMM:
		fmt.Fprintf(bw, "%%%%MatrixMarket matrix coordinate integer general\n%% rows: documents, columns: words; written by hull\n%d %d %d\n",
			c.NumDocs(), c.NumWords(), c.NNZ())
		err = writeEntries(bw, c, p)
	case OutputLDAC:
		err = writeLDAC(bw, c, p)
	case OutputJSONL:
		err = writeJSONL(bw, c, p)
	}
	if err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	p.Finish()
	return nil
}

// writeEntries writes one "doc word count" line (1-based) per nonzero of
// c, the body of the UCI and Matrix Market formats, counting the
// documents on p. It stops at the first document whose write fails (bw
// keeps the error: w failed, or its context is done) and returns the
// error, as writeLDAC and writeJSONL do.
func writeEntries(bw *bufio.Writer, c *Corpus, p *progress.Counter) error {
	var buf []byte
	for d := range c.NumDocs() {
		words, counts := c.Doc(d)
		for i, wd := range words {
			buf = strconv.AppendInt(buf[:0], int64(d+1), 10)
			buf = append(buf, ' ')
			buf = strconv.AppendInt(buf, int64(wd)+1, 10)
			buf = append(buf, ' ')
			buf = strconv.AppendInt(buf, int64(counts[i]), 10)
			buf = append(buf, '\n')
			bw.Write(buf)
		}
		if _, err := bw.Write(nil); err != nil { // bw's error, sticky
			return err
		}
		p.Add(1)
	}
	return nil
}

// WriteLDAC writes c in the LDA-C format: per document a line
// "N id:count ..." (0-based word ids, increasing). Document ids are not
// stored: reading the output back numbers the documents by line. An empty
// document is the line "0".
func WriteLDAC(w io.Writer, c *Corpus) error { return Write(w, c, OutputLDAC, nil) }

// writeLDAC writes the documents of c as WriteLDAC, counting them on p.
func writeLDAC(bw *bufio.Writer, c *Corpus, p *progress.Counter) error {
	var buf []byte
	for d := range c.NumDocs() {
		words, counts := c.Doc(d)
		buf = strconv.AppendInt(buf[:0], int64(len(words)), 10)
		for i, wd := range words {
			buf = append(buf, ' ')
			buf = strconv.AppendInt(buf, int64(wd), 10)
			buf = append(buf, ':')
			buf = strconv.AppendInt(buf, int64(counts[i]), 10)
		}
		buf = append(buf, '\n')
		if _, err := bw.Write(buf); err != nil {
			return err
		}
		p.Add(1)
	}
	return nil
}

// WriteVocab writes the vocabulary of c, one word per line (line i holds
// word i). A word that could not be read back as written is an error and
// nothing is written: an empty word, invalid UTF-8, a word containing
// whitespace (including newlines) or a repeated word. A first word that
// starts with U+FEFF is preceded by a byte order mark: readers skip one
// at the start of a file, and would otherwise take the word's own.
func WriteVocab(w io.Writer, c *Corpus) error {
	if err := checkVocab(c.Vocab); err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, writeBufSize)
	if len(c.Vocab) > 0 && strings.HasPrefix(c.Vocab[0], string(utf8BOM)) {
		bw.Write(utf8BOM)
	}
	for _, word := range c.Vocab {
		bw.WriteString(word)
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// checkVocab reports the first word that cannot be written to a
// vocabulary file, nor as a JSON-lines item: what would not read back
// (words.Problem), or a repeated word.
func checkVocab(vocab []string) error {
	seen := make(map[string]int, len(vocab))
	for i, w := range vocab {
		if problem := words.Problem(w); problem != "" {
			return notWritablef("corpus: word %d %q %s; a vocabulary file holds one word per line, as it reads", i, w, problem)
		}
		if j, dup := seen[w]; dup {
			return notWritablef("corpus: word %d %q repeats word %d", i, w, j)
		}
		seen[w] = i
	}
	return nil
}

// SaveUCI writes c in the UCI format to docwordPath and its vocabulary to
// vocabPath (skipped if ""). Each file is written atomically (to a
// temporary file in the same directory, then renamed) and gzip-compressed
// when its name ends in ".gz".
func SaveUCI(docwordPath, vocabPath string, c *Corpus) error {
	return save(docwordPath, vocabPath, c, WriteUCI)
}

// SaveLDAC writes c in the LDA-C format to path and its vocabulary to
// vocabPath (skipped if ""), like SaveUCI.
func SaveLDAC(path, vocabPath string, c *Corpus) error {
	return save(path, vocabPath, c, WriteLDAC)
}

// save checks c and its vocabulary, then writes both files.
func save(path, vocabPath string, c *Corpus, write func(io.Writer, *Corpus) error) error {
	if err := c.Validate(); err != nil {
		return err
	}
	if vocabPath != "" {
		if err := checkVocab(c.Vocab); err != nil {
			return err
		}
	}
	if err := atomicfile.Write(path, func(w io.Writer) error { return write(w, c) }); err != nil {
		return err
	}
	if vocabPath == "" {
		return nil
	}
	return atomicfile.Write(vocabPath, func(w io.Writer) error { return WriteVocab(w, c) })
}

// WriteJSONL writes c as JSON lines, one object per document:
// {"id": "...", "items": ["word", ...]}, each word repeated by its count,
// in vocabulary order (a bag of words keeps no word order). Reading the
// output back (format jsonl) gives the same documents, ids and counts,
// but not c's vocabulary: its words come back in the order they are
// first seen, without those of no document, so the word indices and the
// Digest may differ (a format with a vocabulary file, uci or ldac, keeps
// it). A word that
// WriteVocab refuses, or an id that is not valid UTF-8 (JSON holds only
// Unicode), is an error matching ErrNotWritable, and nothing is written.
func WriteJSONL(w io.Writer, c *Corpus) error { return Write(w, c, OutputJSONL, nil) }

// writeJSONL writes the documents of c as WriteJSONL, counting them on p.
func writeJSONL(bw *bufio.Writer, c *Corpus, p *progress.Counter) error {
	var buf []byte
	for d := range c.NumDocs() {
		buf = append(buf[:0], `{"id":`...)
		buf = appendJSONString(buf, c.DocIDs[d])
		buf = append(buf, `,"items":[`...)
		words, counts := c.Doc(d)
		first := true
		for i, wd := range words {
			for range counts[i] {
				if !first {
					buf = append(buf, ',')
				}
				first = false
				buf = appendJSONString(buf, c.Vocab[wd])
			}
		}
		buf = append(buf, "]}\n"...)
		if _, err := bw.Write(buf); err != nil {
			return err
		}
		p.Add(1)
	}
	return nil
}

// checkDocIDs reports the first id that a list of ids, one per line,
// cannot hold.
func checkDocIDs(ids []string) error {
	for d, id := range ids {
		if strings.ContainsAny(id, "\n\r") {
			return notWritablef("corpus: document %d id %q holds a line break; a list of ids holds one per line (the jsonl format keeps any id)", d+1, id)
		}
	}
	return nil
}

// checkWritable checks c (Corpus.Validate) and reports the first word or
// id that the files of format f cannot hold: the vocabulary file's or
// the JSON items' words, the list of ids or the JSON ids.
func checkWritable(c *Corpus, f OutputFormat) error {
	if err := c.Validate(); err != nil {
		return err
	}
	if err := checkVocab(c.Vocab); err != nil {
		return err
	}
	if f != OutputJSONL {
		return checkDocIDs(c.DocIDs)
	}
	// The JSON lines reader refuses an empty or repeated "id" (a merged
	// corpus of several UCI files repeats "1", "2", ...).
	first := make(map[string]int, len(c.DocIDs))
	for d, id := range c.DocIDs {
		switch e, seen := first[id]; {
		case !utf8.ValidString(id):
			return notWritablef("corpus: document %d id %q is not valid UTF-8, which JSON cannot hold", d+1, id)
		case id == "":
			return notWritablef("corpus: document %d has an empty id, which the jsonl format cannot hold", d+1)
		case seen:
			return notWritablef("corpus: document %d id %q repeats document %d's, and jsonl ids must be unique", d+1, id, e+1)
		}
		first[id] = d
	}
	return nil
}

// appendJSONString appends s as a JSON string.
func appendJSONString(buf []byte, s string) []byte {
	b, _ := json.Marshal(s) // a string always marshals
	return append(buf, b...)
}

// WriteMatrixMarket writes the document-term counts of c as a Matrix
// Market coordinate matrix ("%%MatrixMarket matrix coordinate integer
// general"): one row per document, one column per word, 1-based, as
// scipy.io.mmread and R's Matrix::readMM read it. Rows and columns are
// named by WriteDocIDs and WriteVocab.
func WriteMatrixMarket(w io.Writer, c *Corpus) error { return Write(w, c, OutputMM, nil) }

// WriteDocIDs writes the id of each document of c, one per line. An id
// holding a line break is an error matching ErrNotWritable, and nothing
// is written.
func WriteDocIDs(w io.Writer, c *Corpus) error {
	if err := checkDocIDs(c.DocIDs); err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, writeBufSize)
	for _, id := range c.DocIDs {
		bw.WriteString(id)
		bw.WriteByte('\n')
	}
	return bw.Flush()
}
