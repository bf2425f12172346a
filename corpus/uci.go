package corpus

import (
	"io"
	"math"
)

// uciHeader is the three header lines of a UCI bag-of-words file, with
// the line numbers they were read from.
type uciHeader struct {
	docs, words, nnz int64
	nnzLine          int
}

// readUCI reads the UCI bag-of-words format: header lines D, W and NNZ,
// then "docID wordID count" lines (1-based ids, in any order; repeated
// pairs are summed). W must equal len(vocab) and NNZ the number of entry
// lines. Documents 1..D without entries are kept as empty documents.
// Document ids are the numbers as strings.
func readUCI(r io.Reader, name string, vocab []string) (*Corpus, error) {
	s := newLineScanner(r, name)
	h, err := readUCIHeader(s, len(vocab))
	if err != nil {
		return nil, err
	}
	var b cooBuilder
	hint := min(h.nnz, 1<<22)
	b.doc, b.word, b.count = make([]int32, 0, hint), make([]int32, 0, hint), make([]int32, 0, hint)
	var f [][]byte
	for {
		line, ok := s.nextData()
		if !ok {
			break
		}
		if f, err = b.addEntry(s, f, line, int(h.docs), len(vocab)); err != nil {
			return nil, err
		}
	}
	if err := s.err(); err != nil {
		return nil, err
	}
	if n := int64(len(b.doc)); n != h.nnz {
		return nil, parseErr(name, h.nnzLine, "header says NNZ=%d but the file has %d entries", h.nnz, n)
	}
	return b.build(name, vocab, numberIDs(int(h.docs), seq))
}

// readUCIHeader reads and checks the D, W and NNZ lines.
func readUCIHeader(s *lineScanner, numWords int) (uciHeader, error) {
	var h uciHeader
	fields := [3]struct {
		what string
		max  int64
		dst  *int64
	}{
		{"number of documents D", int64(maxDocs), &h.docs},
		{"number of words W", math.MaxInt32, &h.words},
		{"number of nonzeros NNZ", numLimit - 1, &h.nnz},
	}
	var f [][]byte
	var lines [3]int
	for i, fd := range fields {
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
	h.nnzLine = lines[2]
	if h.words != int64(numWords) {
		return h, parseErr(s.name, lines[1], "UCI header says W=%d words but the vocabulary has %d", h.words, numWords)
	}
	return h, nil
}
