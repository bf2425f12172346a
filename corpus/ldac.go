package corpus

import (
	"bytes"
	"io"
	"math"
)

// readLDAC reads the LDA-C format: one document per line,
// "N id:count id:count ..." with N the number of pairs and 0-based word
// ids indexing vocab; repeated ids within a line are summed, "0" is an
// empty document and blank lines are skipped. Document ids are the
// 1-based line numbers (so "1".."D" when there are no blank lines).
// maxMemory bounds the corpus (0: half the RAM).
func readLDAC(r io.Reader, name string, vocab []string, maxMemory int64) (*Corpus, error) {
	s := newLineScanner(r, name)
	var b cooBuilder
	var f [][]byte
	var lines []int
	for {
		line, ok := s.nextData()
		if !ok {
			break
		}
		if len(lines) >= maxDocs {
			return nil, s.errorf("more than the supported %d documents", maxDocs)
		}
		var err error
		if f, err = b.addLDACLine(s, f, line, int32(len(lines)), len(vocab)); err != nil {
			return nil, err
		}
		lines = append(lines, s.line)
	}
	if err := s.err(); err != nil {
		return nil, err
	}
	line := func(d int) int { return lines[d] }
	return b.build(name, vocab, len(lines), line, func(_, d int) int { return line(d) }, maxMemory)
}

// addLDACLine parses one LDA-C line as document doc and adds its terms.
// f is scratch space for the fields and is returned for reuse.
func (b *cooBuilder) addLDACLine(s *lineScanner, f [][]byte, line []byte, doc int32, numWords int) ([][]byte, error) {
	f = splitFields(f, line)
	n, err := s.intField(f[0], "number of terms", 0, math.MaxInt32)
	if err != nil {
		return f, err
	}
	if n != int64(len(f)-1) {
		return f, s.errorf("line declares %d terms but has %d id:count pairs", n, len(f)-1)
	}
	for _, p := range f[1:] {
		i := bytes.IndexByte(p, ':')
		if i < 0 {
			return f, s.errorf("expected id:count, got %s", quote(p))
		}
		w, err := s.intField(p[:i], "word id", 0, int64(numWords)-1)
		if err != nil {
			return f, err
		}
		k, err := s.countField(p[i+1:])
		if err != nil {
			return f, err
		}
		b.add(doc, int32(w), k)
	}
	return f, nil
}
