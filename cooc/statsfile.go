package cooc

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"math/bits"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/atomicfile"
	"github.com/hulltopics/hull/internal/ctxio"
	"github.com/hulltopics/hull/internal/gz"
	"github.com/hulltopics/hull/internal/jsonerr"
	"github.com/hulltopics/hull/internal/memory"
	"github.com/hulltopics/hull/internal/words"
)

// ErrVocabDiffers is wrapped by the errors of Merge, Join and the readers
// when two statistics are over different vocabularies.
var ErrVocabDiffers = errors.New("vocabularies differ")

// statsMagic is the first line of a statistics file.
const statsMagic = "hull-stats 1\n"

// statsHeader is the second line of a statistics file, in JSON.
type statsHeader struct {
	Vocab         []string              `json:"vocab"`
	Docs          int64                 `json:"docs"`
	Used          int64                 `json:"used"`
	Tokens        int64                 `json:"tokens"`
	DocFreq       []int64               `json:"doc_freq"`
	Rows          [2]int                `json:"rows"`
	Nonzeros      int64                 `json:"nonzeros"`
	Preprocessing *corpus.Preprocessing `json:"preprocessing,omitempty"`
	// Weighting and Weight are absent with the paper's weighting (W is
	// then Used), so that its files are those of the hulls before them;
	// those hulls refuse the fields of the others.
	Weighting Weighting `json:"weighting,omitempty"`
	Weight    int64     `json:"weight,omitempty"`
}

// WriteTo writes s in hull's statistics format: the line "hull-stats 1",
// a line of JSON (vocabulary, counts, rows held, preprocessing, and the
// weighting and W unless the documents weigh the same), then the
// nonzero entries of S in order, each as the uvarint gap from the one
// before, the uvarint integer part and the 8 little-endian bytes of the
// fraction, and last the SHA-256 of everything before it. Equal
// statistics give equal bytes. A word the readers refuse (an empty word,
// invalid UTF-8, white space or a NUL byte in a word) is an error and
// nothing is written.
func (s *Stats) WriteTo(w io.Writer) (int64, error) {
	if s.overflow {
		return 0, ErrOverflow
	}
	for i, word := range s.Vocab {
		// What the readers refuse (words.Problem) is not written: a file
		// that cannot be read back. Invalid UTF-8 is encode's to refuse,
		// for Digest too.
		if problem := words.Problem(word); problem != "" && utf8.ValidString(word) {
			return 0, fmt.Errorf("cooc: word %d (%q) %s; a statistics file cannot hold it", i+1, word, problem)
		}
	}
	cw := newCountWriter(w)
	s.encode(cw)
	if cw.err == nil {
		cw.err = cw.w.Flush() // the hash has every byte before the checksum
	}
	if cw.err == nil {
		var n int
		n, cw.err = w.Write(cw.h.Sum(nil))
		cw.n += int64(n)
	}
	return cw.n, cw.err
}

// Digest returns the hex SHA-256 of s's encoding: equal statistics, and
// only those, have equal digests. It is the checksum ending the file.
func (s *Stats) Digest() string {
	cw := newCountWriter(io.Discard)
	s.encode(cw)
	cw.w.Flush()
	return hex.EncodeToString(cw.h.Sum(nil))
}

func (s *Stats) encode(cw *countWriter) {
	h := statsHeader{Vocab: s.Vocab, Docs: s.Docs, Used: s.Used, Tokens: s.Tokens, DocFreq: s.DocFreq,
		Rows: [2]int{s.lo, s.hi}, Nonzeros: s.nonzeros(), Preprocessing: s.Preprocessing}
	if w := s.Weighting.orDefault(); w != WeightDocuments {
		h.Weighting, h.Weight = w, s.Weight
	}
	if h.Vocab == nil {
		h.Vocab = []string{}
	}
	if h.DocFreq == nil {
		h.DocFreq = []int64{}
	}
	for w, word := range h.Vocab {
		if !utf8.ValidString(word) { // JSON would write U+FFFD: another word
			cw.err = fmt.Errorf("cooc: word %d %q is not valid UTF-8, which the statistics' header (JSON) cannot hold", w+1, word)
			return
		}
	}
	js, err := json.Marshal(h)
	if err != nil {
		cw.err = err
		return
	}
	cw.write([]byte(statsMagic))
	cw.write(js)
	cw.write([]byte{'\n'})
	var buf [2*binary.MaxVarintLen64 + 8]byte
	prev := int64(-1)
	for e, x := range s.sums {
		if x == (fixed{}) {
			continue
		}
		n := binary.PutUvarint(buf[:], uint64(int64(e)-prev-1))
		n += binary.PutUvarint(buf[n:], x.hi)
		binary.LittleEndian.PutUint64(buf[n:], x.lo)
		cw.write(buf[:n+8])
		prev = int64(e)
	}
}

// countWriter writes to a destination and to a SHA-256 through one
// buffer (so that the hash sees large chunks, not an entry at a time),
// counting bytes and keeping the first error.
type countWriter struct {
	w   *bufio.Writer
	h   hash.Hash
	n   int64
	err error
}

func newCountWriter(dst io.Writer) *countWriter {
	h := sha256.New()
	return &countWriter{w: bufio.NewWriterSize(io.MultiWriter(dst, h), 1<<20), h: h}
}

func (cw *countWriter) write(p []byte) {
	if cw.err != nil {
		return
	}
	var n int
	n, cw.err = cw.w.Write(p)
	cw.n += int64(n)
}

// Save writes s to path atomically (a temporary file renamed into place),
// gzip-compressed when the name ends in ".gz" (atomicfile.Write). Once ctx
// is done the write stops with its error and path is left as it was.
func (s *Stats) Save(ctx context.Context, path string) error {
	return atomicfile.Write(path, func(w io.Writer) error {
		_, err := s.WriteTo(ctxio.Writer(ctx, w))
		return err
	})
}

// LoadStats reads the statistics file at path (gzip-compressed or not).
func LoadStats(path string, maxMemory int64) (*Stats, error) {
	s, _, err := loadStats(context.Background(), path, maxMemory)
	return s, err
}

// loadStats is LoadStats, returning the file's digest too; the read stops
// with ctx's error once ctx is done.
func loadStats(ctx context.Context, path string, maxMemory int64) (*Stats, string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, "", err
	}
	defer f.Close()
	s, digest, err := readStats(ctxio.Reader(ctx, f), path, maxMemory)
	if err != nil && ctx.Err() != nil {
		return nil, "", fmt.Errorf("%s: %w", path, ctx.Err()) // the read stopped: the file may be fine
	}
	return s, digest, err
}

// MergeFiles loads the statistics files at paths, computed over disjoint
// sets of documents, and merges them in order (Stats.Merge): the result
// is bit for bit that of all the documents at once, whatever the order.
// Each file is refused above maxMemory (0: half the RAM); an error of
// Merge names the file that does not fit the ones before it (and, for
// documents prepared differently, says which preparation is that file's
// and which that of the files before it). A file given
// twice, by any name or as a copy (the same digest), is refused: its
// documents would count twice. Once ctx is done the merge stops with its
// error.
func MergeFiles(ctx context.Context, paths []string, maxMemory int64) (*Stats, error) {
	if err := ctxio.Err(ctx); err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, errors.New("cooc: no statistics files to merge")
	}
	seen := make([]os.FileInfo, 0, len(paths))
	for i, path := range paths {
		fi, err := os.Stat(path)
		if err != nil {
			return nil, err
		}
		for j, prev := range seen {
			if os.SameFile(fi, prev) {
				return nil, fmt.Errorf("cooc: %s and %s are the same file: merged twice, its documents would count twice", paths[j], paths[i])
			}
		}
		seen = append(seen, fi)
	}
	var sum *Stats
	digests := make(map[string]string, len(paths))
	for i, path := range paths {
		s, digest, err := loadStats(ctx, path, maxMemory)
		if err != nil {
			return nil, err
		}
		if prev, ok := digests[digest]; ok && s.Used > 0 { // shards without a pair may well be alike
			return nil, fmt.Errorf("cooc: %s and %s hold the same statistics (digest %.16s): merged twice, their documents would count twice", prev, path, digest)
		}
		digests[digest] = path
		switch {
		case sum == nil:
			sum = s
		default:
			if err := sum.Merge(s); err != nil {
				return nil, mergeError(paths[:i], path, err)
			}
		}
	}
	return sum, nil
}

// mergeError is the error of merging the file path into the files before
// it: err, after the file's name, but for documents prepared differently
// it says which preparation is the file's and which is that of the files
// before it.
func mergeError(before []string, path string, err error) error {
	pe, ok := errors.AsType[*prepError](err)
	if !ok {
		return fmt.Errorf("%s: %w", path, err)
	}
	var others string
	switch len(before) {
	case 1:
		others = before[0] + ", merged before it,"
	case 2:
		others = before[0] + " and " + before[1] + ", merged before it,"
	default:
		others = fmt.Sprintf("the %d files merged before it (%s to %s)", len(before), before[0], before[len(before)-1])
	}
	return fmt.Errorf("%s: cooc: its documents were prepared as [%s], those of %s as [%s]: statistics of documents prepared differently cannot be merged",
		path, pe.from, others, pe.into)
}

// ReadStats reads statistics in the format of WriteTo from r (gzip-
// compressed or not); name prefixes its errors, which say the line of the
// header or the byte of the entries that is wrong. The header's words
// follow a vocabulary file's rules (corpus.ReadVocab): none is empty,
// holds invalid UTF-8, white space or a NUL byte, or is given twice. It
// refuses, before allocating them, entries above maxMemory (0: half the
// RAM).
func ReadStats(r io.Reader, name string, maxMemory int64) (*Stats, error) {
	s, _, err := readStats(r, name, maxMemory)
	return s, err
}

// readStats is ReadStats, returning the digest too.
func readStats(r io.Reader, name string, maxMemory int64) (*Stats, string, error) {
	f, err := openStats(r, name)
	if err != nil {
		return nil, "", err
	}
	h, v := &f.header, len(f.header.Vocab)
	if err := memory.Check(fmt.Sprintf("cooc: %s: the co-occurrence statistics of %d words", name, v), 16*f.entries, maxMemory, ""); err != nil {
		return nil, "", err
	}
	s := &Stats{Vocab: h.Vocab, Docs: h.Docs, Used: h.Used, Tokens: h.Tokens, DocFreq: h.DocFreq,
		Preprocessing: h.Preprocessing, Weighting: h.Weighting, Weight: h.Weight,
		lo: h.Rows[0], hi: h.Rows[1], sums: make([]fixed, f.entries)}
	if err := f.readEntries(context.Background(), func(at int64, x fixed) { s.sums[at] = x }); err != nil {
		return nil, "", err
	}
	digest, err := f.checksum()
	if err != nil {
		return nil, "", err
	}
	return s, digest, nil
}

// StatsSummary is what a statistics file says about itself: its header
// and its digest, without the entries of S.
type StatsSummary struct {
	Vocab         []string
	Docs          int64 // documents of any length
	Used          int64 // M, documents of 2 or more tokens
	Tokens        int64
	DocFreq       []int64
	Preprocessing *corpus.Preprocessing
	Weighting     Weighting // the documents' weight in S, never ""
	Weight        int64     // W, Q's denominator (Stats.Weight)
	Rows          [2]int    // the rows of S held, [lo, hi)
	Nonzeros      int64     // the nonzero entries stored
	Digest        string    // the file's checksum, Stats.Digest of its statistics
}

// String is the one-line summary of Stats.String.
func (s *StatsSummary) String() string {
	rows := ""
	if s.Rows[0] != 0 || s.Rows[1] != len(s.Vocab) {
		rows = fmt.Sprintf(", rows %d-%d only", s.Rows[0], s.Rows[1])
	}
	weighting := ""
	if s.Weighting != WeightDocuments && s.Weighting != "" {
		weighting = "; weighted by " + string(s.Weighting)
	}
	return fmt.Sprintf("%d documents (%d of 2 or more tokens), %d words, %d tokens%s; %s%s; digest %s",
		s.Docs, s.Used, len(s.Vocab), s.Tokens, rows, s.Preprocessing.String(), weighting, shortDigest(s.Digest))
}

// shortDigest returns the first 16 hex digits of a digest, or "not read
// yet" for none (a StatsReader's summary before Matrix).
func shortDigest(d string) string {
	if d == "" {
		return "not read yet"
	}
	return d[:min(16, len(d))]
}

// LoadStatsSummary reads the summary of the statistics file at path.
func LoadStatsSummary(path string) (*StatsSummary, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadStatsSummary(f, path)
}

// ReadStatsSummary reads the summary of statistics in the format of
// WriteTo from r, checking the whole file as ReadStats does but holding
// only the header: O(V) memory whatever the size of S (ReadStats holds 16
// bytes per entry of S, 1.5 GiB for 14,000 words).
func ReadStatsSummary(r io.Reader, name string) (*StatsSummary, error) {
	f, err := openStats(r, name)
	if err != nil {
		return nil, err
	}
	if err := f.readEntries(context.Background(), nil); err != nil {
		return nil, err
	}
	digest, err := f.checksum()
	if err != nil {
		return nil, err
	}
	sum := f.header.summary()
	sum.Digest = digest
	return sum, nil
}

// summary is the summary the header gives: all of it but the digest.
func (h *statsHeader) summary() *StatsSummary {
	return &StatsSummary{Vocab: h.Vocab, Docs: h.Docs, Used: h.Used, Tokens: h.Tokens, DocFreq: h.DocFreq,
		Preprocessing: h.Preprocessing, Weighting: h.Weighting, Weight: h.Weight, Rows: h.Rows, Nonzeros: h.Nonzeros}
}

// StatsReader reads a statistics file in two steps, so that a fit from
// the file never holds S beside Q (16 bytes an entry of S's triangle and
// 8 V^2 bytes: twice the memory of Q alone). NewStatsReader reads and
// checks the header, whose summary tells what Q and a fit will need
// before either is allocated; Matrix then reads the entries straight into
// the dense Q and checks the checksum.
type StatsReader struct {
	f       *statsFile
	summary *StatsSummary
	done    bool
}

// NewStatsReader reads and checks the header of statistics in the format
// of WriteTo from r (gzip-compressed or not); name prefixes its errors and
// Matrix's.
func NewStatsReader(r io.Reader, name string) (*StatsReader, error) {
	f, err := openStats(r, name)
	if err != nil {
		return nil, err
	}
	return &StatsReader{f: f, summary: f.header.summary()}, nil
}

// Summary returns the statistics' summary. Its Digest is empty until
// Matrix has read the whole file and checked it.
func (sr *StatsReader) Summary() *StatsSummary { return sr.summary }

// Matrix reads the entries into the dense co-occurrence matrix Q = S / W,
// bit for bit the Matrix of the statistics ReadStats would return, then
// the checksum, which becomes the summary's Digest. It refuses statistics
// of a range of rows and, before allocating its 8 V^2 bytes, a Q above
// maxMemory (0: half the RAM). It can be called once.
//
// Time O(V^2), memory 8 V^2 bytes (Stats.Matrix's, without the statistics
// beside it).
func (sr *StatsReader) Matrix(ctx context.Context, maxMemory int64) (*Matrix, error) {
	if err := ctxio.Err(ctx); err != nil {
		return nil, err
	}
	if sr.done {
		return nil, fmt.Errorf("cooc: %s: the statistics were read already", sr.f.name)
	}
	sr.done = true
	h, v := &sr.f.header, len(sr.f.header.Vocab)
	m, err := newMatrix("cooc: "+sr.f.name, v, h.Rows, h.Docs, h.Used, maxMemory)
	if err != nil {
		return nil, err
	}
	scale := 1 / float64(h.Weight) // as Stats.Matrix: the same Q to the bit
	i, end := 0, int64(v)          // entries [end - (v - i), end) are row i's, S_ii to S_i,V-1
	put := func(at int64, x fixed) {
		for at >= end {
			i++
			end += int64(v - i)
		}
		j := v + int(at-end)
		q := x.float() * scale
		m.Data[i*v+j], m.Data[j*v+i] = q, q
	}
	if err := sr.f.readEntries(ctx, put); err != nil {
		return nil, err
	}
	digest, err := sr.f.checksum()
	if err != nil {
		return nil, err
	}
	sr.summary.Digest = digest
	return m, nil
}

// statsFile is a statistics file being read: its header read and checked,
// its entries next.
type statsFile struct {
	name    string
	header  statsHeader
	entries int64 // the entries of the rows held
	sum     entrySum
	th      *tailHasher
	sr      *countReader
}

// openStats reads and checks the first two lines of a statistics file.
func openStats(r io.Reader, name string) (*statsFile, error) {
	in, err := gz.NewReader(bufio.NewReader(r))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	f := &statsFile{name: name, th: &tailHasher{r: in, h: sha256.New()}}
	f.sr = &countReader{r: bufio.NewReaderSize(f.th, 1<<20)}
	line, err := f.sr.line(len(statsMagic))
	if pe, ok := errors.AsType[*fs.PathError](err); ok { // a directory, an I/O error: not the content
		return nil, fmt.Errorf("%s: %w", name, pe.Err)
	}
	if v, ok := strings.CutPrefix(strings.TrimSpace(line), "hull-stats "); err == nil && ok && line != statsMagic {
		return nil, fmt.Errorf("%s:1: statistics file format %q, not this hull's %q: made by another version of hull", name, v, strings.TrimPrefix(strings.TrimSpace(statsMagic), "hull-stats "))
	}
	if err != nil || line != statsMagic {
		return nil, fmt.Errorf("%s:1: not a hull statistics file (want the line %q)", name, strings.TrimSpace(statsMagic))
	}
	js, err := f.sr.line(1 << 30)
	if err != nil {
		return nil, fmt.Errorf("%s:2: header: %w", name, err)
	}
	// encoding/json reads invalid UTF-8 as U+FFFD: another word, which
	// the file's writer refuses to write.
	if at := invalidUTF8(js); at >= 0 {
		return nil, fmt.Errorf("%s:2: header: byte %d of the line (%q) is not valid UTF-8", name, at+1, js[at:min(at+utf8.UTFMax, len(js))])
	}
	h := &f.header
	dec := json.NewDecoder(strings.NewReader(js))
	dec.DisallowUnknownFields()
	if err := dec.Decode(h); err != nil {
		if te, ok := errors.AsType[*json.UnmarshalTypeError](err); ok {
			return nil, fmt.Errorf("%s:2: header: %s", name, jsonerr.Mismatch(te, "the header"))
		}
		return nil, fmt.Errorf("%s:2: header: %v", name, err)
	}
	if end := dec.InputOffset(); strings.TrimSpace(js[end:]) != "" {
		return nil, fmt.Errorf("%s:2: header: %q after the header's JSON object, which ends at byte %d: the line holds the object alone", name, clip(strings.TrimSpace(js[end:]), 20), end)
	}
	if h.Vocab == nil { // null or absent: no words, as WriteTo writes them
		h.Vocab = []string{}
	}
	if h.DocFreq == nil {
		h.DocFreq = []int64{}
	}
	if err := h.check(); err != nil {
		return nil, fmt.Errorf("%s:2: header: %v", name, err)
	}
	f.entries = triangle(len(h.Vocab), h.Rows[0], h.Rows[1])
	if h.Nonzeros > f.entries {
		return nil, fmt.Errorf("%s:2: header: %d nonzeros in %d entries", name, h.Nonzeros, f.entries)
	}
	return f, nil
}

// readEntries reads the nonzero entries, passing each to put with its
// index among the entries of the rows held (increasing), or checks them
// without keeping them when put is nil. It stops when ctx is done.
func (f *statsFile) readEntries(ctx context.Context, put func(at int64, x fixed)) error {
	name, sr, nonzeros := f.name, f.sr, f.header.Nonzeros
	at := int64(-1)
	lo := make([]byte, 8) // one buffer: a fresh array per entry would escape to the heap
	f.sum.start(len(f.header.Vocab), f.header.Rows[0])
	for i := range nonzeros {
		if i%(1<<16) == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		start := sr.n
		gap, err1 := binary.ReadUvarint(sr)
		hi, err2 := binary.ReadUvarint(sr)
		_, err3 := io.ReadFull(sr, lo)
		if err1 != nil || err2 != nil || err3 != nil {
			return fmt.Errorf("%s: byte %d: entry %d of %d cut short or malformed", name, start, i+1, nonzeros)
		}
		if gap >= uint64(f.entries-at-1) {
			return fmt.Errorf("%s: byte %d: entry beyond the %d entries of rows %d-%d", name, start, f.entries, f.header.Rows[0], f.header.Rows[1])
		}
		at += int64(gap) + 1
		x := fixed{hi, binary.LittleEndian.Uint64(lo)}
		if x == (fixed{}) {
			return fmt.Errorf("%s: byte %d: a zero entry is stored", name, start)
		}
		if x.lo != 0 && f.sum.fraction == 0 {
			f.sum.fraction = i + 1
		}
		f.sum.add(at, x)
		if put != nil {
			put(at, x)
		}
	}
	return nil
}

// entrySum sums the entries of the rows of S a file holds as the whole
// symmetric matrix: twice those off the diagonal.
type entrySum struct {
	v, row  int   // the matrix's order, and the row of the last entry
	diag    int64 // the index of the row's diagonal entry, its first
	nextRow int64 // the index of the next row's first entry
	sum     fixed
	// fraction is the first entry (from 1) that is not a whole number,
	// 0 when none is: the weighting pairs gives whole numbers.
	fraction int64
}

func (e *entrySum) start(v, lo int) {
	e.v, e.row, e.nextRow = v, lo, int64(v-lo)
}

// add adds entry x at index at of the rows held, at after the last one.
func (e *entrySum) add(at int64, x fixed) {
	for at >= e.nextRow {
		e.row++
		e.diag, e.nextRow = e.nextRow, e.nextRow+int64(e.v-e.row)
	}
	e.sum.add(x)
	if at != e.diag { // off the diagonal: (i, j) and (j, i)
		e.sum.add(x)
	}
}

// checkSum checks that the entries of a pairs file are whole numbers and,
// for a file of every row, that the entries sum to the header's W: S sums u_d / (n_d (n_d - 1)), rounded down to a multiple of
// 2^-64, over the n_d (n_d - 1) ordered pairs of tokens of each document
// (its u_d: 1, n_d or n_d (n_d - 1)), so W less the sum lies in [0,
// sum_d n_d (n_d - 1) 2^-64], below Tokens^2 2^-64. A header whose
// counts were changed, or put on other entries, gave topics whose
// weights did not sum to 1.
func (h *statsHeader) checkSum(name string, e *entrySum) error {
	if h.Weighting == WeightPairs && e.fraction > 0 {
		return fmt.Errorf("%s:2: header: weighting %s, but entry %d is not a whole number of pairs: the header does not belong to these entries", name, WeightPairs, e.fraction)
	}
	if h.Rows[0] != 0 || h.Rows[1] != len(h.Vocab) {
		return nil // a range of rows: its share of W is unknown
	}
	// W less the sum, exactly: in floating point the rounding of a sum
	// near W could exceed the bound on a small corpus.
	w := uint64(h.Weight)
	lo, borrow := bits.Sub64(0, e.sum.lo, 0)
	hi, under := bits.Sub64(w, e.sum.hi, borrow)
	short := fixed{hi, lo}.float()
	if under != 0 || short > float64(h.Tokens)*float64(h.Tokens)*0x1p-64*(1+1e-9) {
		return fmt.Errorf("%s:2: header: weight %d (%s), but the entries sum to %.17g: the header does not belong to these entries", name, h.Weight, h.Weighting, e.sum.float())
	}
	return nil
}

// checksum reads the checksum ending the file, checks it and returns it
// in hex, once the entries read agree with the header (checkSum): a
// damaged file is reported as such before a header that does not belong
// to its entries.
func (f *statsFile) checksum() (string, error) {
	name, sr := f.name, f.sr
	var got [sha256.Size]byte
	if _, err := io.ReadFull(sr, got[:]); err != nil {
		return "", fmt.Errorf("%s: byte %d: the checksum is missing: the file is cut short", name, sr.n)
	}
	switch _, err := sr.r.ReadByte(); {
	case err == nil:
		return "", fmt.Errorf("%s: byte %d: data after the checksum", name, sr.n)
	case err != io.EOF: // a damaged gzip trailer (a *gz.Error), a read error
		return "", fmt.Errorf("%s: %w", name, err)
	}
	if !bytes.Equal(got[:], f.th.sum()) {
		return "", fmt.Errorf("%s: byte %d: wrong checksum: the file is damaged", name, sr.n-sha256.Size)
	}
	if err := f.header.checkSum(name, &f.sum); err != nil {
		return "", err
	}
	return hex.EncodeToString(got[:]), nil
}

// check validates a header's counts and ranges, and its words: each
// passes words.Problem and none repeats.
func (h *statsHeader) check() error {
	v := len(h.Vocab)
	switch {
	case len(h.DocFreq) != v:
		return fmt.Errorf("%d document frequencies for %d words", len(h.DocFreq), v)
	case h.Rows[0] < 0 || h.Rows[0] > h.Rows[1] || h.Rows[1] > v:
		return fmt.Errorf("rows %d-%d of %d words", h.Rows[0], h.Rows[1], v)
	// Used > Tokens/2, not Tokens < 2*Used: that product overflowed
	// (Used = 2^62 passed).
	case h.Docs < 0 || h.Used < 0 || h.Used > h.Docs || h.Tokens < 0 || h.Used > h.Tokens/2 || h.Nonzeros < 0:
		return fmt.Errorf("counts out of range: %d documents, %d used, %d tokens, %d nonzeros", h.Docs, h.Used, h.Tokens, h.Nonzeros)
	}
	for w, n := range h.DocFreq {
		if n < 0 || n > h.Docs {
			return fmt.Errorf("word %d (%q) in %d of %d documents", w+1, h.Vocab[w], n, h.Docs)
		}
	}
	if err := h.Preprocessing.Validate(); err != nil {
		return err
	}
	first := make(map[string]int, v)
	for w, word := range h.Vocab {
		if problem := words.Problem(word); problem != "" {
			return fmt.Errorf("word %d (%q) %s", w+1, word, problem)
		}
		if e, seen := first[word]; seen {
			return fmt.Errorf("word %d (%q) is word %d too: a word's statistics are in one row", w+1, word, e+1)
		}
		first[word] = w
	}
	return h.checkWeight()
}

// checkWeight validates the weighting and W, and sets them when the
// header leaves them out (the paper's weighting: W = Used).
func (h *statsHeader) checkWeight() error {
	switch h.Weighting {
	case "", WeightDocuments:
		if h.Weight != 0 || h.Weighting != "" {
			return fmt.Errorf("weighting %q and weight %d: the documents' weighting is written as neither", h.Weighting, h.Weight)
		}
		h.Weighting, h.Weight = WeightDocuments, h.Used
		return nil
	case WeightTokens, WeightPairs:
	default:
		return fmt.Errorf("unknown weighting %q (want tokens or pairs)", h.Weighting)
	}
	// Each used document weighs at least 2 (two tokens, two pairs), at
	// most its tokens under WeightTokens.
	if h.Weight < 0 || h.Used > h.Weight/2 || h.Used == 0 && h.Weight != 0 || h.Weighting == WeightTokens && h.Weight > h.Tokens {
		return fmt.Errorf("weight %d out of range for %d documents of 2 or more tokens and %d tokens weighted by %s", h.Weight, h.Used, h.Tokens, h.Weighting)
	}
	return nil
}

// invalidUTF8 returns the offset of the first byte of s that is not valid
// UTF-8, -1 if all are.
func invalidUTF8(s string) int {
	for i, r := range s {
		if r == utf8.RuneError {
			if _, n := utf8.DecodeRuneInString(s[i:]); n == 1 {
				return i
			}
		}
	}
	return -1
}

// clip returns s, or its first n bytes and "..." when longer.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// countReader reads from r, counting the bytes.
type countReader struct {
	r *bufio.Reader
	n int64
}

func (cr *countReader) ReadByte() (byte, error) {
	b, err := cr.r.ReadByte()
	if err == nil {
		cr.n++
	}
	return b, err
}

func (cr *countReader) Read(p []byte) (int, error) {
	n, err := cr.r.Read(p)
	cr.n += int64(n)
	return n, err
}

// line reads up to and including the next newline, at most limit bytes.
func (cr *countReader) line(limit int) (string, error) {
	var b strings.Builder
	for b.Len() < limit {
		c, err := cr.ReadByte()
		if err != nil {
			return "", fmt.Errorf("cut short: %w", err)
		}
		b.WriteByte(c)
		if c == '\n' {
			return b.String(), nil
		}
	}
	return "", fmt.Errorf("line longer than %d bytes", limit)
}

// tailHasher passes r's bytes on and hashes all but the last
// sha256.Size of them: at the end, sum is the checksum a file ending in
// its own checksum should hold.
type tailHasher struct {
	r    io.Reader
	h    hash.Hash
	tail []byte // the last bytes read, not hashed yet (at most sha256.Size)
}

func (t *tailHasher) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	if excess := len(t.tail) + n - sha256.Size; excess > 0 {
		fromTail := min(excess, len(t.tail))
		t.h.Write(t.tail[:fromTail])
		t.h.Write(p[:excess-fromTail])
		t.tail = append(append([]byte(nil), t.tail[fromTail:]...), p[excess-fromTail:n]...)
	} else {
		t.tail = append(t.tail, p[:n]...)
	}
	return n, err
}

func (t *tailHasher) sum() []byte { return t.h.Sum(nil) }
