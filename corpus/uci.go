package corpus

import (
	"bufio"
	"fmt"
	"io"
	"math"
)

// uciHeader is the three header lines of a UCI bag-of-words file (or
// the size line of a Matrix Market file), with the line numbers they
// were read from.
type uciHeader struct {
	docs, words, nnz  int64
	docsLine, nnzLine int
	what              string // "UCI header" or "Matrix Market size line", in messages
}

// readUCI reads the UCI bag-of-words format: header lines D, W and NNZ,
// then "docID wordID count" lines (1-based ids, in any order; repeated
// pairs are summed). W must equal len(vocab) and NNZ the number of entry
// lines. Documents 1..D without entries are kept as empty documents.
// Document ids are the numbers as strings. A header whose D and NNZ need
// more than maxMemory bytes (0: half the RAM) is refused before any
// entry is read, and nothing is reserved from D or NNZ before entries
// fill it (see entrySink.appendEntries); the entries are parsed in
// parallel (readEntries).
func readUCI(r io.Reader, name string, vocab []string, maxMemory int64) (*Corpus, error) {
	return readCounted(r, name, vocab, maxMemory, readUCIHeader)
}

// readCounted reads a header by readHeader, then entries as readUCI
// does: the header declares D, W (checked by readHeader against
// numWords) and NNZ, which the entries must match.
func readCounted(r io.Reader, name string, vocab []string, maxMemory int64, readHeader func(s *lineScanner, numWords int) (uciHeader, error)) (*Corpus, error) {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReaderSize(r, peekSize)
	}
	s := newLineScanner(&lineReader{br: br}, name)
	h, err := readHeader(s, len(vocab))
	if err != nil {
		return nil, err
	}
	line := h.docsLine // of the number that needs the more memory
	if numericBytes(0, h.nnz) > numericBytes(h.docs, 0) {
		line = h.nnzLine
	}
	what := fmt.Sprintf("%s:%d: the corpus of the %s, D = %d documents and NNZ = %d nonzeros,", name, line, h.what, h.docs, h.nnz)
	if err := checkNumericMemory(what, h.docs, h.nnz, maxMemory); err != nil {
		return nil, err
	}
	sink := entrySink{hint: int(h.nnz)}
	if err := readEntries(br, name, s.line, int(h.docs), len(vocab), func(c *entryChunk) error {
		sink.merge(c)
		return nil
	}); err != nil {
		return nil, err
	}
	if n := int64(sink.entries()); n != h.nnz {
		return nil, parseErr(name, h.nnzLine, "%s says NNZ=%d but the file has %d entries", h.what, h.nnz, n)
	}
	b := sink.finish(int(h.docs))
	return b.build(name, vocab, int(h.docs), seq, b.lines.line, maxMemory)
}

// headerField is a number of a header: what it is, its largest value
// and where it goes.
type headerField struct {
	what string
	max  int64
	dst  *int64
}

// fields returns the numbers of h, D, W and NNZ, in that order.
func (h *uciHeader) fields() [3]headerField {
	return [3]headerField{
		{"number of documents D", int64(maxDocs), &h.docs},
		{"number of words W", math.MaxInt32, &h.words},
		{"number of nonzeros NNZ", numLimit - 1, &h.nnz},
	}
}

// checkWords reports a W, read at line, other than numWords, the size of
// the vocabulary.
func (h *uciHeader) checkWords(name string, line, numWords int) error {
	if h.words != int64(numWords) {
		return parseErr(name, line, "%s says W=%d words but the vocabulary has %d", h.what, h.words, numWords)
	}
	return nil
}

// readUCIHeader reads and checks the D, W and NNZ lines.
func readUCIHeader(s *lineScanner, numWords int) (uciHeader, error) {
	h := uciHeader{what: "UCI header"}
	var f [][]byte
	var lines [3]int
	for i, fd := range h.fields() {
		line, ok := s.nextData()
		if !ok {
			if err := s.err(); err != nil {
				return h, err
			}
			return h, parseErr(s.name, s.line+1, "missing UCI header: expected %s (the header is three lines D, W, NNZ)", fd.what)
		}
		if f = splitFields(f, line); len(f) != 1 {
			return h, s.errorf("UCI header: expected a single integer (%s), got %s", fd.what, quote(line))
		}
		v, err := s.intField(f[0], "UCI header "+fd.what, 0, fd.max)
		if err != nil {
			return h, err
		}
		*fd.dst, lines[i] = v, s.line
	}
	h.docsLine, h.nnzLine = lines[0], lines[2]
	return h, h.checkWords(s.name, lines[1], numWords)
}
