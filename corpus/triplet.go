package corpus

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"

	"github.com/hulltopics/hull/internal/terms"
)

// maxDocs bounds the number of documents a numeric input may declare (UCI
// header D, the largest triplet document id, LDA-C lines), so that a
// corrupt number fails with an error instead of exhausting memory. Tests
// lower it.
var maxDocs = 1 << 27

// readTriplet reads "doc word count" lines without a header (1-based ids,
// in any order; repeated pairs are summed). The number of documents is
// the largest document id; ids without entries are empty documents. Word
// ids index vocab (1-based). Document ids are the numbers as strings.
// A document id that makes the corpus need more than maxMemory bytes
// (0: half the RAM) is refused at its line.
func readTriplet(r io.Reader, name string, vocab []string, maxMemory int64) (*Corpus, error) {
	var sink entrySink
	numDocs := 0
	err := readEntries(r, name, 0, maxDocs, len(vocab), func(c *entryChunk) error {
		// The memory of the documents a new largest id declares is checked
		// at its line, before anything is reserved for them.
		base := sink.entries()
		for i, d := range c.doc {
			if int(d)+1 <= numDocs {
				continue
			}
			numDocs = int(d) + 1
			what := fmt.Sprintf("%s:%d: document id %d, a corpus of %d documents (most of them empty) and %d nonzeros so far,", name, c.lines.line(i, 0), numDocs, numDocs, base+i+1)
			if err := checkNumericMemory(what, int64(numDocs), int64(base+i+1), maxMemory); err != nil {
				return err
			}
		}
		sink.merge(c)
		return nil
	})
	if err != nil {
		return nil, err
	}
	b := sink.finish(numDocs)
	return b.build(name, vocab, numDocs, seq, b.lines.line, maxMemory)
}

// seq maps a 0-based document number to its 1-based id.
func seq(i int) int { return i + 1 }

// cooBuilder collects nonzeros in coordinate form (document, word, count:
// 0-based indices), in any order, and converts them to a Corpus. It is the
// common back end of the three numeric readers.
type cooBuilder struct {
	doc, word, count []int32
	lines            lineMap // the input line of each entry added by addEntry
	// offsets, if set instead of doc, are the CSR offsets of the entries,
	// which come sorted by document (see entrySink).
	offsets []int64
}

func (b *cooBuilder) add(d, w, k int32) {
	b.doc = append(b.doc, d)
	b.word = append(b.word, w)
	b.count = append(b.count, k)
}

// lineMap maps the entries of a uci or triplet input, one per line, to
// their lines: entry e is on line e + shift, shift changing only after
// blank lines (and the UCI header), so that the map takes memory per run
// of blank lines, not per entry.
type lineMap struct {
	from  []int // entry where a shift starts, increasing
	shift []int
}

// note records that entry e is on line.
func (m *lineMap) note(e, line int) {
	if n := len(m.shift); n == 0 || m.shift[n-1] != line-e {
		m.from = append(m.from, e)
		m.shift = append(m.shift, line-e)
	}
}

// line returns the line of entry e (0 if none was noted).
func (m *lineMap) line(e, _ int) int {
	i, found := slices.BinarySearch(m.from, e)
	if !found {
		i--
	}
	if i < 0 {
		return 0
	}
	return e + m.shift[i]
}

// addEntry parses a "doc word count" line (1-based ids, doc in
// [1,numDocs], word in [1,numWords]) and adds it. f is scratch space for
// the fields and is returned for reuse.
func (b *cooBuilder) addEntry(s *lineScanner, f [][]byte, line []byte, numDocs, numWords int) ([][]byte, error) {
	f = splitFields(f, line)
	if len(f) != 3 {
		return f, s.errorf("expected \"docID wordID count\", got %s", quote(line))
	}
	d, err := s.intField(f[0], "document id", 1, int64(numDocs))
	if err != nil {
		return f, err
	}
	w, err := s.intField(f[1], "word id", 1, int64(numWords))
	if err != nil {
		return f, err
	}
	k, err := s.countField(f[2])
	if err != nil {
		return f, err
	}
	b.lines.note(len(b.doc), s.line)
	b.add(int32(d-1), int32(w-1), k)
	return f, nil
}

// intField parses field b as an integer in [lo,hi]; what names it in the
// error.
func (s *lineScanner) intField(b []byte, what string, lo, hi int64) (int64, error) {
	v, ok := parseInt(b)
	if !ok {
		return 0, s.errorf("%s %s is not an integer", what, quote(b))
	}
	if v < lo || v > hi {
		return 0, s.errorf("%s %s outside [%d,%d]", what, shorten(b), lo, hi)
	}
	return v, nil
}

// countField parses field b as a count in [1, MaxInt32].
func (s *lineScanner) countField(b []byte) (int32, error) {
	v, ok := parseInt(b)
	switch {
	case !ok:
		return 0, s.errorf("count %s is not an integer", quote(b))
	case v < 1:
		return 0, s.errorf("count %s is not positive", shorten(b))
	case v > math.MaxInt32:
		return 0, s.errorf("count %s does not fit in int32 (max %d)", shorten(b), math.MaxInt32)
	}
	return int32(v), nil
}

// shorten returns b as a string for messages, cut if long.
func shorten(b []byte) string {
	if len(b) > 24 {
		return string(b[:24]) + "..."
	}
	return string(b)
}

// build returns the corpus of numDocs documents, with ids id(0), ...,
// id(numDocs-1), on the given vocabulary; every collected document index
// must be below numDocs. It refuses first, with a *learner.MemoryError, a corpus
// above maxMemory bytes (0: half the RAM). Within a document, words are
// sorted and repeated words summed; a sum beyond MaxInt32 is a
// *ParseError at lineOf(e, d), e the entry (in input order) at which the
// sum of document d goes beyond. The builder must not be used after.
func (b *cooBuilder) build(name string, vocab []string, numDocs int, id func(int) int, lineOf func(e, d int) int, maxMemory int64) (*Corpus, error) {
	if err := checkNumericMemory(fmt.Sprintf("%s: a corpus of %d documents and %d nonzeros", name, numDocs, len(b.doc)),
		int64(numDocs), int64(len(b.doc)), maxMemory); err != nil {
		return nil, err
	}
	offsets, sorted := b.offsets, true
	if offsets == nil {
		offsets, sorted = docOffsets(b.doc, numDocs)
	}
	words, counts := b.word, b.count
	if !sorted {
		words, counts = scatterByDoc(b.doc, words, counts, offsets)
	}
	var out, lo int64
	var scratch []uint64
	for d := range numDocs {
		hi := offsets[d+1]
		if p := overflowAt(words[lo:hi], counts[lo:hi]); p >= 0 {
			e := int(lo) + p // the entry in input order: scattering is stable
			if !sorted {
				e = nthOf(b.doc, int32(d), p)
			}
			return nil, parseErr(name, lineOf(e, d), "document %d: the counts of word %q sum to more than %d (the counts of a word repeated in a document are summed)",
				id(d), vocab[words[lo+int64(p)]], math.MaxInt32)
		}
		var n int
		n, _, scratch = terms.Compact(words[lo:hi], counts[lo:hi], scratch)
		copy(words[out:], words[lo:lo+int64(n)])
		copy(counts[out:], counts[lo:lo+int64(n)])
		offsets[d] = out
		out += int64(n)
		lo = hi
	}
	offsets[numDocs] = out
	b.doc, b.word, b.count, b.offsets = nil, nil, nil, nil
	if 2*out < int64(cap(words)) { // reserved from a header that said more
		words, counts = slices.Clone(words[:out]), slices.Clone(counts[:out])
	}
	return &Corpus{Vocab: vocab, DocIDs: numberIDs(numDocs, id), Offsets: offsets, Words: words[:out:out], Counts: counts[:out:out]}, nil
}

// overflowAt returns the first position of the terms of one document (in
// input order) at which the summed counts of a word exceed MaxInt32, or
// -1. It is linear and allocation-free unless the document's counts add
// up beyond MaxInt32 at all.
func overflowAt(words, counts []int32) int {
	var total int64
	for _, k := range counts {
		total += int64(k)
	}
	if total <= math.MaxInt32 {
		return -1
	}
	sums := make(map[int32]int64)
	for i, w := range words {
		sums[w] += int64(counts[i])
		if sums[w] > math.MaxInt32 {
			return i
		}
	}
	return -1
}

// nthOf returns the index of the (n+1)-th occurrence of d in doc.
func nthOf(doc []int32, d int32, n int) int {
	for i, x := range doc {
		if x == d {
			if n == 0 {
				return i
			}
			n--
		}
	}
	return -1
}

// docOffsets returns the CSR offsets of numDocs documents for the given
// per-nonzero document indices, and whether those are nondecreasing.
func docOffsets(doc []int32, numDocs int) ([]int64, bool) {
	offsets := make([]int64, numDocs+1)
	sorted := true
	prev := int32(0)
	for _, d := range doc {
		offsets[d+1]++
		sorted = sorted && d >= prev
		prev = d
	}
	for d := range numDocs {
		offsets[d+1] += offsets[d]
	}
	return offsets, sorted
}

// scatterByDoc returns words and counts reordered by document (stable).
func scatterByDoc(doc, words, counts []int32, offsets []int64) ([]int32, []int32) {
	pos := slices.Clone(offsets[:len(offsets)-1])
	w := make([]int32, len(words))
	k := make([]int32, len(counts))
	for i, d := range doc {
		p := pos[d]
		w[p], k[p] = words[i], counts[i]
		pos[d]++
	}
	return w, k
}

// numberIDs returns the decimal strings of num(0), ..., num(n-1), sharing
// one backing string.
func numberIDs(n int, num func(int) int) []string {
	buf := make([]byte, 0, 8*n)
	ends := make([]int, n)
	for i := range n {
		buf = strconv.AppendInt(buf, int64(num(i)), 10)
		ends[i] = len(buf)
	}
	all := string(buf)
	ids := make([]string, n)
	start := 0
	for i, e := range ends {
		ids[i] = all[start:e]
		start = e
	}
	return ids
}
