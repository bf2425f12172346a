package corpus

import (
	"bytes"
	"io"
	"regexp"
	"strconv"
	"strings"

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
// document (see addRecords).
func readSGML(r io.Reader, name string, in textInput) (*Corpus, error) {
	data, err := readAllBounded(r)
	if err != nil {
		return nil, streamError(name, bytes.Count(data, []byte{'\n'}), err)
	}
	docs := newTextDocs(in, name, "records")
	if err := docs.addRecords("", name, data); err != nil {
		return nil, err
	}
	return docs.corpus("no <DOC> or <REUTERS> records")
}

// addRecords adds each record of data, the content of file, as a document.
// A record runs from a line that opens it to the line that closes it. Its
// id is the text of its <DOCNO> element, else the NEWID attribute of its
// opening tag (Reuters-21578), else its 1-based number in the file;
// prefix, if not "", and '#' come before it (a file of a directory). Its
// text is that of its <TEXT> elements, with the <HEAD> and <HEADLINE>
// elements outside them, or the whole record if it has no <TEXT>; the
// markup is removed and entities decoded (text.CleanMarkup), so that the
// metadata of Reuters (<TOPICS>, <PLACES>, ...) does not become words.
// Each record is decoded on its own (see decoder). Blank lines and
// <!DOCTYPE> declarations between records are skipped; any other text
// between them, or a record left open at the end, is a *ParseError.
func (d *textDocs) addRecords(prefix, file string, data []byte) error {
	var (
		open     string // the element of the open record, "" between records
		start    int    // the line of its opening tag
		body     []byte
		lineNum  int
		ordinals int
	)
	for len(data) > 0 {
		var line []byte
		line, data, _ = bytes.Cut(data, []byte{'\n'})
		lineNum++
		t := bytes.TrimSpace(line)
		if open == "" {
			switch open = recordStart(t); {
			case open != "":
				start, body = lineNum, body[:0]
			case len(t) == 0 || bytes.HasPrefix(t, []byte("<!")):
				continue
			default:
				return parseErr(file, lineNum, "text outside any <DOC> or <REUTERS> record: %s", quote(t[:min(len(t), 40)]))
			}
		}
		body = append(append(body, line...), '\n')
		if !closesRecord(t, open) {
			continue
		}
		ordinals++
		if err := d.addRecord(prefix, file, start, ordinals, body); err != nil {
			return parseErr(file, start, "%v", err)
		}
		open = ""
	}
	if open != "" {
		return parseErr(file, start, "<%s> record not closed before the end of the input", open)
	}
	return nil
}

// closesRecord reports whether the trimmed line ends the record element
// open.
func closesRecord(t []byte, open string) bool {
	end := "</" + open + ">"
	return len(t) >= len(end) && strings.EqualFold(string(t[len(t)-len(end):]), end)
}

// addRecord adds the record rec, number ordinal, starting at line start of
// file.
func (d *textDocs) addRecord(prefix, file string, start, ordinal int, rec []byte) error {
	s, ok := d.dec.decode(rec, file, start)
	if !ok {
		return nil
	}
	id := recordID(s, ordinal)
	if prefix != "" {
		id = prefix + "#" + id
	}
	if err := d.uniqueID(id, start, false); err != nil {
		return err
	}
	return d.addText(id, recordText(s))
}

var (
	docnoRE = regexp.MustCompile(`(?is)<DOCNO>(.*?)</DOCNO>`)
	newidRE = regexp.MustCompile(`(?i)^\s*<REUTERS[^>]*\sNEWID="([^"]+)"`)
	textRE  = regexp.MustCompile(`(?is)<TEXT(?:\s[^>]*)?>(.*?)</TEXT>`)
	headRE  = regexp.MustCompile(`(?is)<(HEAD|HEADLINE)>(.*?)</(?:HEAD|HEADLINE)>`)
)

// recordID returns the id of record rec (see addRecords).
func recordID(rec string, ordinal int) string {
	for _, re := range []*regexp.Regexp{docnoRE, newidRE} {
		if m := re.FindStringSubmatch(rec); m != nil {
			if id := strings.Join(strings.Fields(m[1]), " "); id != "" {
				return id
			}
		}
	}
	return strconv.Itoa(ordinal)
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
