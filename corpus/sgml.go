package corpus

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/hulltopics/hull/internal/progress"
	"github.com/hulltopics/hull/text"
)

// SGML records: files that hold many documents as <DOC>...</DOC> records
// (TREC, as the AP collection of Blei's lda-c) or <REUTERS>...</REUTERS>
// records (Reuters-21578's .sgm files). Read line by line such a file
// would give one document per line of markup; read as one document, one
// document for thousands of stories.

// isSGML reports whether data, the start of an input, holds SGML records:
// its first non-blank line is a <!DOCTYPE ...> declaration or opens a
// record.
func isSGML(data []byte) bool {
	data = bytes.TrimPrefix(data, utf8BOM)
	for len(data) > 0 {
		line, rest, _ := bytes.Cut(data, []byte{'\n'})
		data = rest
		if t := bytes.TrimSpace(line); len(t) > 0 {
			return recordStart(t) != "" || bytes.HasPrefix(bytes.ToUpper(t), []byte("<!DOCTYPE LEWIS"))
		}
	}
	return false
}

// recordTags are the elements that hold one document each.
var recordTags = []string{"DOC", "REUTERS"}

// recordStart returns the record element a trimmed line opens ("DOC" or
// "REUTERS"), or "".
func recordStart(line []byte) string {
	for _, tag := range recordTags {
		if len(line) > len(tag)+1 && line[0] == '<' && strings.EqualFold(string(line[1:1+len(tag)]), tag) {
			if c := line[1+len(tag)]; c == '>' || c == ' ' || c == '\t' {
				return tag
			}
		}
	}
	return ""
}

// readSGML reads SGML records from r: each <DOC> or <REUTERS> element is a
// document (see addRecords). The input is read whole, then its records
// tokenized, which in.progress hears as the stage "tokenize NAME".
func readSGML(r io.Reader, name string, in textInput) (*Corpus, error) {
	data, err := readAllBounded(r)
	if err != nil {
		return nil, streamError(name, bytes.Count(data, []byte{'\n'}), err)
	}
	if line, col := nulAt(data); line > 0 {
		return nil, parseErr(name, line, "%s", nulMessage(col))
	}
	docs := newTextDocs(in, name, "records")
	p := progress.New(in.progress, "tokenize "+filepath.Base(name), len(data), mib)
	if err := docs.addRecords("", name, data, p); err != nil {
		return nil, err
	}
	p.Finish()
	return docs.corpus("no <DOC> or <REUTERS> records")
}

// addRecords adds each record of data, the content of file, as a document,
// reporting the bytes done to p (nil: no report). A record runs from the
// tag that opens it to the tag that closes it, which may stand anywhere
// in a line ("</DOC><DOC>" ends one record and opens the next). Its id is
// the text of its <DOCNO> element, else the NEWID attribute of its
// opening tag (Reuters-21578), else its 1-based number in the file;
// prefix, if not "", and '#' come before it (a file of a directory). Its
// text is that of its <TEXT> elements, with the <HEAD> and <HEADLINE>
// elements outside them, or the whole record if it has no <TEXT>; the
// markup is removed and entities decoded (text.CleanMarkup), so that the
// metadata of Reuters (<TOPICS>, <PLACES>, ...) does not become words.
// Each record is decoded on its own (see decoder). Blank lines and
// <!DOCTYPE> declarations between records are skipped; any other text
// between them, a record opened inside an open one of its element, or a
// record left open at the end, is a *ParseError.
func (d *textDocs) addRecords(prefix, file string, data []byte, p *progress.Counter) error {
	rs := recordSplitter{d: d, prefix: prefix, file: file}
	for len(data) > 0 {
		line, rest, _ := bytes.Cut(data, []byte{'\n'})
		rs.lineNum++
		if err := rs.line(line); err != nil {
			return err
		}
		p.Add(len(data) - len(rest))
		data = rest
	}
	if rs.open != "" {
		return parseErr(file, rs.start, "<%s> record not closed before the end of the input", rs.open)
	}
	return nil
}

// recordSplitter cuts the lines of a file of SGML records into records.
type recordSplitter struct {
	d            *textDocs
	prefix, file string
	lineNum      int    // the line being split
	open         string // the element of the open record, "" between records
	start        int    // the line of its opening tag
	body         []byte // the record so far
	ordinal      int    // records ended
}

// line splits the line lineNum, which may end a record and open others.
func (rs *recordSplitter) line(line []byte) error {
	for more := true; more; {
		var err error
		if rs.open == "" {
			if line, more, err = rs.between(line); !more || err != nil {
				return err
			}
		}
		if line, more, err = rs.within(line); err != nil {
			return err
		}
	}
	return nil
}

// between reads line, or what is left of it, between records: it opens a
// record, is blank or a declaration ("<!DOCTYPE ..."), or is an error.
// more says that the rest, after the opening tag's name, is to be split.
func (rs *recordSplitter) between(line []byte) (rest []byte, more bool, err error) {
	t := bytes.TrimSpace(line)
	switch rs.open = recordStart(t); {
	case rs.open != "":
		rs.start = rs.lineNum
		line = bytes.TrimLeft(line, " \t\r\v\f")
		n := len(rs.open) + 1 // "<DOC"
		rs.body = append(rs.body[:0], line[:n]...)
		return line[n:], true, nil
	case len(t) == 0 || bytes.HasPrefix(t, []byte("<!")):
		return nil, false, nil
	}
	return nil, false, parseErr(rs.file, rs.lineNum, "text outside any <DOC> or <REUTERS> record: %s", quote(t[:min(len(t), 40)]))
}

// within adds line, or what is left of it, to the open record, up to its
// closing tag if the line holds it, and then ends the record; more says
// that the rest, after the closing tag, is to be split. A tag opening a
// record of the same element before it is an error.
func (rs *recordSplitter) within(line []byte) (rest []byte, more bool, err error) {
	closing := "</" + rs.open + ">"
	end := indexTag(line, closing)
	closed := end >= 0
	if closed {
		end += len(closing)
	} else {
		end = len(line)
	}
	if indexOpenTag(line[:end], rs.open) >= 0 {
		return nil, false, parseErr(rs.file, rs.lineNum, "<%s> opened before the record of line %d closed", rs.open, rs.start)
	}
	rs.body = append(append(rs.body, line[:end]...), '\n')
	if !closed {
		return nil, false, nil
	}
	return line[end:], true, rs.end()
}

// end adds the record closed.
func (rs *recordSplitter) end() error {
	rs.ordinal++
	if err := rs.d.addRecord(rs.prefix, rs.file, rs.start, rs.ordinal, rs.body); err != nil {
		return parseErr(rs.file, rs.start, "%v", err)
	}
	rs.open = ""
	return nil
}

// indexTag returns the index of the first tag in b, matched
// case-insensitively, or -1.
func indexTag(b []byte, tag string) int {
	for i := 0; ; i++ {
		j := bytes.IndexByte(b[i:], '<')
		if j < 0 {
			return -1
		}
		i += j
		if len(b)-i >= len(tag) && strings.EqualFold(string(b[i:i+len(tag)]), tag) {
			return i
		}
	}
}

// indexOpenTag returns the index of the first tag in b that opens a
// record of element elem ("<DOC>", "<DOC ..."), or -1.
func indexOpenTag(b []byte, elem string) int {
	for i := 0; ; {
		j := indexTag(b[i:], "<"+elem)
		if j < 0 {
			return -1
		}
		if recordStart(b[i+j:]) == elem {
			return i + j
		}
		i += j + 1
	}
}

// addRecord adds the record rec, number ordinal, starting at line start of
// file.
func (d *textDocs) addRecord(prefix, file string, start, ordinal int, rec []byte) error {
	s, ok := d.dec.decode(rec, file, start)
	if !ok {
		return nil
	}
	own, from := recordID(s, ordinal)
	id := own
	if prefix != "" {
		id = prefix + "#" + own
	}
	if first, dup := d.seenID(id, start); dup {
		return recordDupID(own, from, first)
	}
	return d.addText(id, recordText(s))
}

// recordDupID is the error of a record whose own id (without its file's
// prefix in a directory), taken from from ("<DOCNO>", "NEWID" or "" for
// its number), the record at line first of its file has already.
func recordDupID(id, from string, first int) error {
	if from == "" {
		return fmt.Errorf("the record has no <DOCNO> or NEWID, so its id is its number, %s, which the record of line %d has already: document ids must be unique", quote([]byte(id)), first)
	}
	return fmt.Errorf("%s %s repeats the id of line %d: document ids must be unique", from, quote([]byte(id)), first)
}

var (
	docnoRE = regexp.MustCompile(`(?is)<DOCNO>(.*?)</DOCNO>`)
	newidRE = regexp.MustCompile(`(?i)^\s*<REUTERS[^>]*\sNEWID="([^"]+)"`)
	textRE  = regexp.MustCompile(`(?is)<TEXT(?:\s[^>]*)?>(.*?)</TEXT>`)
	headRE  = regexp.MustCompile(`(?is)<(HEAD|HEADLINE)>(.*?)</(?:HEAD|HEADLINE)>`)
)

// recordID returns the id of record rec (see addRecords) and where it
// comes from: "<DOCNO>", "NEWID", or "" for the ordinal.
func recordID(rec string, ordinal int) (id, from string) {
	for _, src := range []struct {
		re   *regexp.Regexp
		from string
	}{{docnoRE, "<DOCNO>"}, {newidRE, "NEWID"}} {
		if m := src.re.FindStringSubmatch(rec); m != nil {
			if id := strings.Join(strings.Fields(m[1]), " "); id != "" {
				return id, src.from
			}
		}
	}
	return strconv.Itoa(ordinal), ""
}

// recordText returns the text of record rec (see addRecords).
func recordText(rec string) string {
	texts := textRE.FindAllStringSubmatch(rec, -1)
	if len(texts) == 0 {
		return text.CleanText(rec, []text.Clean{text.CleanMarkup})
	}
	var b strings.Builder
	outside := textRE.ReplaceAllString(rec, " ")
	for _, m := range headRE.FindAllStringSubmatch(outside, -1) {
		b.WriteString(m[2] + "\n")
	}
	for _, m := range texts {
		b.WriteString(m[1] + "\n")
	}
	return text.CleanText(b.String(), []text.Clean{text.CleanMarkup})
}
