package corpus

import (
	"bytes"
	"io"
)

// The Matrix Market coordinate format, as WriteMatrixMarket writes it
// (and scipy.io.mmwrite writes a matrix of integers; R's Matrix::writeMM
// writes reals, which are refused): the banner line, comment lines starting with '%', the size
// line "rows columns entries", then one "row column value" line per
// entry, 1-based. Rows are documents and columns words, so that the
// size line is UCI's header D W NNZ on one line and the entries are
// UCI's.

// mmBanner begins the first line of a Matrix Market file; format
// detection looks for it.
var mmBanner = []byte("%%MatrixMarket")

// mmHeader is the banner of the matrices readMatrixMarket reads: counts (integer)
// of a general (not symmetric) sparse (coordinate) matrix.
const mmHeader = "%%MatrixMarket matrix coordinate integer general"

// readMatrixMarket reads the Matrix Market coordinate format: the banner mmHeader
// (its four words in any case, as the format allows), comment lines, the
// size line "D W NNZ", then "docID wordID count" lines checked as
// readUCI checks them: W must equal len(vocab) and NNZ the number of
// entry lines; repeated pairs are summed; documents 1..D without entries
// are kept as empty documents, with ids the numbers as strings. A size
// line whose D and NNZ need more than maxMemory bytes (0: half the RAM)
// is refused before any entry is read. Blank lines are skipped, as in
// every numeric format; a comment after the size line is a malformed
// entry, as the format has them before it only.
func readMatrixMarket(r io.Reader, name string, vocab []string, maxMemory int64) (*Corpus, error) {
	return readCounted(r, name, vocab, maxMemory, readMMHeader)
}

// readMMHeader reads and checks the banner, the comments and the size
// line.
func readMMHeader(s *lineScanner, numWords int) (uciHeader, error) {
	h := uciHeader{what: "Matrix Market size line"}
	line, ok := s.nextData()
	if !ok {
		return h, mmMissing(s, "banner "+mmHeader)
	}
	f := splitFields(nil, line)
	if len(f) == 5 && bytes.Equal(f[0], mmBanner) && mmWords(f[1:], "matrix", "coordinate", "real", "general") {
		return h, s.errorf("a Matrix Market matrix of reals (R's Matrix::writeMM writes only those): hull reads counts, a matrix with the banner %q", mmHeader)
	}
	if len(f) != 5 || !bytes.Equal(f[0], mmBanner) || !mmWords(f[1:], "matrix", "coordinate", "integer", "general") {
		return h, s.errorf("expected the Matrix Market banner %q (a sparse matrix of counts, documents by words), got %s", mmHeader, quote(line))
	}
	for {
		if line, ok = s.nextData(); !ok {
			return h, mmMissing(s, `size line "D W NNZ" (rows: documents, columns: words, nonzeros)`)
		}
		if bytes.TrimLeft(line, " \t\v\f")[0] != '%' {
			break
		}
	}
	if f = splitFields(f, line); len(f) != 3 {
		return h, s.errorf(`Matrix Market size line: expected "D W NNZ" (rows: documents, columns: words, nonzeros), got %s`, quote(line))
	}
	for i, fd := range h.fields() {
		v, err := s.intField(f[i], "Matrix Market size line "+fd.what, 0, fd.max)
		if err != nil {
			return h, err
		}
		*fd.dst = v
	}
	h.docsLine, h.nnzLine = s.line, s.line
	return h, h.checkWords(s.name, s.line, numWords)
}

// mmWords reports whether the fields f are the words want, in any case.
func mmWords(f [][]byte, want ...string) bool {
	for i, w := range want {
		if !bytes.EqualFold(f[i], []byte(w)) {
			return false
		}
	}
	return true
}

// mmMissing returns the error of a Matrix Market file that ends, or
// fails, before its what.
func mmMissing(s *lineScanner, what string) error {
	if err := s.err(); err != nil {
		return err
	}
	return parseErr(s.name, s.line+1, "missing Matrix Market %s", what)
}
