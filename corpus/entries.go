package corpus

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"math"
	"runtime"
	"slices"
	"sync"
)

// The parallel reader of "doc word count" lines, the body of the uci and
// triplet formats: one goroutine reads (and decompresses) the input and
// cuts it into chunks of whole lines, counting their lines; worker
// goroutines parse the chunks; the caller merges the parsed chunks in
// input order. The result, and the first error in input order, are those
// of a sequential read whatever the number of workers. Memory beyond the
// entries is a few chunks in flight.

// chunkSize is the size of the chunks of input the workers parse.
const chunkSize = 1 << 20

// entryChunk is a run of whole input lines and the entries parsed from
// them.
type entryChunk struct {
	buf       []byte
	firstLine int // the number of its first line
	// Parsed by a worker:
	doc, word, count []int32
	lines            lineMap // entry within the chunk -> line
	err              error   // the first error of the chunk, or a read error after it
	done             chan struct{}
}

// entryReader runs the pipeline over one input.
type entryReader struct {
	name              string
	numDocs, numWords int // the bounds of the ids (1-based, inclusive)
	order             chan *entryChunk
	work              chan *entryChunk
	free              chan *entryChunk
	quit              chan struct{}
	wg                sync.WaitGroup
}

// readEntries parses the lines of r, the first of which is line
// startLine+1, calling merge with each chunk in input order, and returns
// the first error in input order (a malformed line, a read error) or
// merge's. Document ids must lie in [1, numDocs] and word ids in
// [1, numWords].
func readEntries(r io.Reader, name string, startLine, numDocs, numWords int, merge func(c *entryChunk) error) error {
	workers := max(1, runtime.GOMAXPROCS(0))
	er := &entryReader{
		name: name, numDocs: numDocs, numWords: numWords,
		order: make(chan *entryChunk, 2*workers+2), work: make(chan *entryChunk, 2*workers+2),
		free: make(chan *entryChunk, 2*workers+4), quit: make(chan struct{}),
	}
	for range cap(er.free) {
		er.free <- &entryChunk{} // buffers grow as the input proves long
	}
	er.wg.Add(1 + workers)
	go er.produce(r, startLine)
	for range workers {
		go er.parseChunks()
	}
	err := er.consume(merge)
	close(er.quit)
	for range er.order { // let the producer finish
	}
	er.wg.Wait()
	return err
}

// consume merges the chunks in order until the end or an error.
func (er *entryReader) consume(merge func(c *entryChunk) error) error {
	for c := range er.order {
		<-c.done
		if c.err != nil {
			return c.err
		}
		if err := merge(c); err != nil {
			return err
		}
		c.doc, c.word, c.count, c.lines = c.doc[:0], c.word[:0], c.count[:0], lineMap{}
		er.free <- c
	}
	return nil
}

// produce reads r into chunks of whole lines and sends them, in order, to
// the workers and to the consumer. A read error travels as the error of
// the chunk of the lines before it; a line it may have cut is dropped, as
// lineScanner drops it.
func (er *entryReader) produce(r io.Reader, line int) {
	defer er.wg.Done()
	defer close(er.order)
	defer close(er.work)
	var carry []byte // a cut line from the previous read
	for n := 0; ; n++ {
		var c *entryChunk
		select {
		case c = <-er.free:
		case <-er.quit:
			return
		}
		// Room for a chunk (small ones first, for small inputs), or to
		// double a line longer than one.
		size := min(chunkSize, 16<<10<<min(n, 6))
		c.buf = slices.Grow(append(c.buf[:0], carry...), max(size, len(carry)))
		n, err := io.ReadFull(r, c.buf[len(c.buf):cap(c.buf)])
		c.buf = c.buf[:len(c.buf)+n]
		end := err != nil
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			err = nil
		}
		carry = carry[:0]
		if !end || err != nil {
			cut := bytes.LastIndexByte(c.buf, '\n') + 1
			if cut == 0 && err == nil {
				if len(c.buf) > maxLineLen {
					err = parseErr(er.name, line+1, "line longer than %d bytes", maxLineLen)
				} else {
					carry = append(carry, c.buf...) // the line goes on: read more of it
					er.free <- c
					continue
				}
			}
			carry = append(carry, c.buf[cut:]...)
			c.buf = c.buf[:cut]
		}
		c.firstLine = line + 1
		line += bytes.Count(c.buf, []byte{'\n'})
		if err != nil && !isParseErr(err) {
			err = streamError(er.name, line, err)
		}
		c.err, c.done = err, make(chan struct{})
		er.order <- c
		er.work <- c
		if end || err != nil {
			return
		}
	}
}

// isParseErr reports whether err is a *ParseError.
func isParseErr(err error) bool {
	var pe *ParseError
	return errors.As(err, &pe)
}

// parseChunks parses chunks until there are no more.
func (er *entryReader) parseChunks() {
	defer er.wg.Done()
	for c := range er.work {
		if c.err == nil {
			c.err = er.parse(c)
		} else if err := er.parse(c); err != nil {
			c.err = err // a malformed line comes before the read error after it
		}
		close(c.done)
	}
}

// parse parses the lines of c. Well-formed lines take a fast path; any
// other line goes through the sequential reader's addEntry, which gives
// the error message (or parses what the fast path does not, such as a
// leading zero run).
func (er *entryReader) parse(c *entryChunk) error {
	s := &lineScanner{name: er.name, line: c.firstLine - 1}
	var b cooBuilder
	b.doc, b.word, b.count = c.doc, c.word, c.count
	var f [][]byte
	data := c.buf
	for len(data) > 0 {
		var ln []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			ln, data = data[:i], data[i+1:]
		} else {
			ln, data = data, nil
		}
		s.line++
		if d, w, k, ok := parseEntry(ln); ok && d <= er.numDocs && w <= er.numWords {
			b.lines.note(len(b.doc), s.line)
			b.add(int32(d-1), int32(w-1), int32(k))
			continue
		}
		if len(bytes.TrimSpace(ln)) == 0 {
			continue
		}
		if i := bytes.IndexByte(ln, 0); i >= 0 { // the fast path refuses a NUL: only here
			c.doc, c.word, c.count, c.lines = b.doc, b.word, b.count, b.lines
			return s.errorf("%s", nulMessage(i+1))
		}
		var err error
		if f, err = b.addEntry(s, f, dropCR(ln), er.numDocs, er.numWords); err != nil {
			c.doc, c.word, c.count, c.lines = b.doc, b.word, b.count, b.lines
			return err
		}
	}
	c.doc, c.word, c.count, c.lines = b.doc, b.word, b.count, b.lines
	return nil
}

// parseEntry parses a line "d w k" of three positive decimal integers
// separated by spaces or tabs, possibly with white space around and a
// final '\r', each below 2^31. ok is false for anything else, which the
// careful path then reports or parses.
func parseEntry(ln []byte) (d, w, k int, ok bool) {
	i := 0
	var v [3]int
	for f := range 3 {
		for i < len(ln) && (ln[i] == ' ' || ln[i] == '\t') {
			i++
		}
		start := i
		x := 0
		for i < len(ln) && ln[i] >= '0' && ln[i] <= '9' && i-start < 10 {
			x = x*10 + int(ln[i]-'0')
			i++
		}
		if i == start || x == 0 || x > math.MaxInt32 || (i < len(ln) && ln[i] >= '0' && ln[i] <= '9') {
			return 0, 0, 0, false
		}
		v[f] = x
	}
	for i < len(ln) && (ln[i] == ' ' || ln[i] == '\t' || ln[i] == '\r') {
		i++
	}
	return v[0], v[1], v[2], i == len(ln)
}

// lineReader hands out at most one line per Read, so that a lineScanner
// over it consumes exactly the lines it returns (a bufio.Scanner stops
// reading once its buffer holds a line), leaving the rest of br to the
// parallel reader.
type lineReader struct {
	br   *bufio.Reader
	rest []byte
}

func (l *lineReader) Read(p []byte) (int, error) {
	if len(l.rest) == 0 {
		line, err := l.br.ReadSlice('\n')
		if len(line) == 0 {
			return 0, err
		}
		l.rest = line
	}
	n := copy(p, l.rest)
	l.rest = l.rest[n:]
	return n, nil
}

// entrySink merges parsed chunks, in input order, into a cooBuilder. While
// the entries come sorted by document, as UCI files usually are, it keeps
// each document's entry count instead of a document index per entry, so
// that sorted input costs 8 bytes per entry while reading, the memory of
// the corpus it becomes.
type entrySink struct {
	b        cooBuilder
	hint     int     // the number of entries a header declares, 0 if none
	perDoc   []int64 // entries of each document, while sorted
	unsorted bool
	last     int32 // the document of the last entry, while sorted
}

// merge appends the entries of c.
func (s *entrySink) merge(c *entryChunk) {
	base := len(s.b.word)
	for i, from := range c.lines.from {
		s.b.lines.note(base+from, from+c.lines.shift[i])
	}
	s.b.word = s.appendEntries(s.b.word, c.word)
	s.b.count = s.appendEntries(s.b.count, c.count)
	rest := c.doc
	for i, d := range c.doc {
		if s.unsorted {
			break
		}
		if d < s.last {
			s.unsort(base + i)
			break
		}
		s.last = d
		if int(d) >= len(s.perDoc) {
			s.perDoc = slices.Grow(s.perDoc, int(d)+1-len(s.perDoc))[:d+1]
		}
		s.perDoc[d]++
		rest = c.doc[i+1:]
	}
	if s.unsorted {
		s.b.doc = append(s.b.doc, rest...)
	}
}

// appendEntries appends more to dst, growing it to the declared count at
// once when the entries so far make the declaration credible (a 64th of
// it, or a million entries), so that a true header costs no growth copies
// (reading then needs little more than the corpus it becomes), and
// doubling before that, so that a false one reserves nothing the entries
// do not fill.
func (s *entrySink) appendEntries(dst, more []int32) []int32 {
	need := len(dst) + len(more)
	if need > cap(dst) && need <= s.hint {
		size := max(2*cap(dst), need)
		if need >= min(s.hint/64, 1<<20) {
			size = s.hint
		}
		grown := make([]int32, len(dst), min(s.hint, size))
		copy(grown, dst)
		dst = grown
	}
	return append(dst, more...)
}

// unsort switches to a document index per entry, for the n entries
// merged so far (sorted, so their documents follow from perDoc).
func (s *entrySink) unsort(n int) {
	s.b.doc = make([]int32, 0, max(n, cap(s.b.word)))
	for d, k := range s.perDoc {
		for range k {
			s.b.doc = append(s.b.doc, int32(d))
		}
	}
	s.unsorted, s.perDoc = true, nil
}

// finish readies the builder for numDocs documents: with sorted input, the
// CSR offsets from the per-document counts.
func (s *entrySink) finish(numDocs int) *cooBuilder {
	if !s.unsorted {
		offsets := make([]int64, numDocs+1)
		for d, k := range s.perDoc[:min(len(s.perDoc), numDocs)] {
			offsets[d+1] = k
		}
		for d := range numDocs {
			offsets[d+1] += offsets[d]
		}
		s.b.offsets = offsets
	}
	return &s.b
}

// entries returns the number of entries merged.
func (s *entrySink) entries() int { return len(s.b.word) }
