package corpus

import (
	"io"
	"math"
	"slices"
	"strconv"
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
func readTriplet(r io.Reader, name string, vocab []string) (*Corpus, error) {
	s := newLineScanner(r, name)
	var b cooBuilder
	var f [][]byte
	numDocs := 0
	for {
		line, ok := s.nextData()
		if !ok {
			break
		}
		var err error
		if f, err = b.addEntry(s, f, line, maxDocs, len(vocab)); err != nil {
			return nil, err
		}
		numDocs = max(numDocs, int(b.doc[len(b.doc)-1])+1)
	}
	if err := s.err(); err != nil {
		return nil, err
	}
	return b.build(name, vocab, numberIDs(numDocs, seq))
}

// seq maps a 0-based document number to its 1-based id.
func seq(i int) int { return i + 1 }

// cooBuilder collects nonzeros in coordinate form (document, word, count:
// 0-based indices), in any order, and converts them to a Corpus. It is the
// common back end of the three numeric readers.
type cooBuilder struct {
	doc, word, count []int32
}

func (b *cooBuilder) add(d, w, k int32) {
	b.doc = append(b.doc, d)
	b.word = append(b.word, w)
	b.count = append(b.count, k)
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

// build returns the corpus with the given vocabulary and document ids
// (len(ids) documents, every collected document index must be below it).
// Within a document, words are sorted and repeated words summed; a sum
// beyond MaxInt32 is an error. The builder must not be used after.
func (b *cooBuilder) build(name string, vocab, ids []string) (*Corpus, error) {
	offsets, sorted := docOffsets(b.doc, len(ids))
	words, counts := b.word, b.count
	if !sorted {
		words, counts = scatterByDoc(b.doc, words, counts, offsets)
	}
	b.doc, b.word, b.count = nil, nil, nil
	var out, lo int64
	for d := range ids {
		hi := offsets[d+1]
		n, overflow := compactTerms(words[lo:hi], counts[lo:hi])
		if overflow >= 0 {
			return nil, parseErr(name, 0, "document %s: total count of word %q exceeds %d", ids[d], vocab[overflow], math.MaxInt32)
		}
		copy(words[out:], words[lo:lo+n])
		copy(counts[out:], counts[lo:lo+n])
		offsets[d] = out
		out += n
		lo = hi
	}
	offsets[len(ids)] = out
	return &Corpus{Vocab: vocab, DocIDs: ids, Offsets: offsets, Words: words[:out:out], Counts: counts[:out:out]}, nil
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

// compactTerms sorts the terms of one document by word and sums repeated
// words in place; it returns the number of distinct words. A sum beyond
// MaxInt32 saturates and overflow is then the word concerned (else -1).
func compactTerms(words, counts []int32) (n int64, overflow int32) {
	overflow = -1
	if !slices.IsSorted(words) {
		sortTerms(words, counts)
	}
	for i := range words {
		if n > 0 && words[n-1] == words[i] {
			sum := int64(counts[n-1]) + int64(counts[i])
			if sum > math.MaxInt32 {
				sum, overflow = math.MaxInt32, words[i]
			}
			counts[n-1] = int32(sum)
			continue
		}
		words[n], counts[n] = words[i], counts[i]
		n++
	}
	return n, overflow
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
