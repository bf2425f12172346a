package corpus

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hulltopics/hull/internal/jsonerr"
	"github.com/hulltopics/hull/internal/words"
)

// jsonlRecord is one line of the JSON-lines format. Pointers tell a
// missing (or null) field from an empty one.
type jsonlRecord struct {
	ID    json.RawMessage `json:"id"`
	Items *[]string       `json:"items"`
	Text  *string         `json:"text"`
}

// readJSONL reads JSON lines: one object per non-blank line, either
// {"id": .., "items": ["token", ...]} or {"id": .., "text": "..."}.
//
// Items are taken verbatim as the document's tokens: they are already
// tokenized (and possibly stemmed), so they are not lowercased, stemmed or
// stop-listed (a caller drops listed words from the vocabulary, as "hull
// fit --stopwords" does, and records them in the pruning); an empty item,
// or one with white space (which a vocabulary file cannot hold), is an
// error. A text is tokenized by tok.
// The id is a string or a number (kept as written); a missing or null id
// is the 1-based line number. Ids must be unique: a repeated id is an
// error at its second line (the number 7 and the string "7" are the same
// id). Other fields are ignored; field names match
// case-insensitively, as in encoding/json. A document without tokens is
// kept, empty. Each line is decoded (see decoder) before it is parsed.
// name prefixes errors: every malformed line (invalid JSON, not an object, neither or both of items and text, a field
// of the wrong type) is a *ParseError at that line.
func readJSONL(r io.Reader, name string, in textInput) (*Corpus, error) {
	return readTextLines(r, name, in, (*textDocs).addJSON)
}

// addJSON adds the document of one JSON line, number lineNum.
func (d *textDocs) addJSON(line []byte, lineNum int) error {
	// encoding/json silently replaces invalid UTF-8: decode first.
	s, ok := d.dec.decode(line, d.name, lineNum)
	if !ok {
		return nil
	}
	line = []byte(s)
	if trimmed := bytes.TrimLeft(line, " \t\r"); len(trimmed) == 0 || trimmed[0] != '{' {
		return errors.New("not a JSON object")
	}
	var rec jsonlRecord
	if err := json.Unmarshal(line, &rec); err != nil {
		return jsonError(err)
	}
	id, err := jsonlID(rec.ID, lineNum)
	if err != nil {
		return err
	}
	if first, dup := d.seenID(id, lineNum); dup {
		return jsonlDupID(id, first, len(rec.ID) == 0 || string(rec.ID) == "null")
	}
	switch {
	case rec.Items == nil && rec.Text == nil:
		return errors.New(`neither "items" nor "text"`)
	case rec.Items != nil && rec.Text != nil:
		return errors.New(`both "items" and "text"`)
	case rec.Text != nil:
		return d.addText(id, *rec.Text)
	}
	for i, w := range *rec.Items {
		switch p := words.Problem(w); p {
		case "", words.NotUTF8: // JSON holds valid UTF-8 only: decoded, w is
		case words.Empty:
			return fmt.Errorf("items[%d] is empty (\"\" or null): want a word", i)
		default:
			return fmt.Errorf("items[%d] %q %s, which no word does", i, w, p)
		}
	}
	return d.addTokens(id, *rec.Items)
}

// seenID records that line lineNum holds document id, and returns the
// line of an earlier document with that id, if any: the id is how outputs
// (doc-topics tables, --true-weights) name a document, so two documents
// must not share one.
func (d *textDocs) seenID(id string, lineNum int) (first int, dup bool) {
	if d.ids == nil {
		d.ids = make(map[string]int)
	}
	if first, dup = d.ids[id]; !dup {
		d.ids[id] = lineNum
	}
	return first, dup
}

// jsonlDupID is the error of a JSON line whose id the line first holds
// already; byLine says that the id is the line number, the line having
// none.
func jsonlDupID(id string, first int, byLine bool) error {
	if byLine {
		return fmt.Errorf("the line has no \"id\", so its id is its line number, %s, which line %d has as \"id\" already: document ids must be unique", id, first)
	}
	return fmt.Errorf("\"id\" %s repeats the id of line %d: document ids must be unique", quote([]byte(id)), first)
}

// jsonlID returns the document id held by raw, the line number if raw is
// missing or null.
func jsonlID(raw json.RawMessage, lineNum int) (string, error) {
	switch {
	case len(raw) == 0 || string(raw) == "null":
		return strconv.Itoa(lineNum), nil
	case raw[0] == '"':
		var id string
		if err := json.Unmarshal(raw, &id); err != nil {
			return "", jsonError(err)
		}
		if id == "" {
			return "", errors.New(`"id" is an empty string`)
		}
		return id, nil
	case raw[0] == '-' || (raw[0] >= '0' && raw[0] <= '9'):
		return string(raw), nil // encoding/json has checked the number syntax
	}
	return "", fmt.Errorf(`"id" must be a string or a number, not %s`, quote(raw))
}

// jsonFieldTypes describes, for messages, the JSON type each field needs.
var jsonFieldTypes = map[string]string{"items": "an array of strings", "text": "a string"}

// jsonError rewords an encoding/json error for a ParseError message.
func jsonError(err error) error {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		field, _, _ := strings.Cut(te.Field, ".")
		if want, ok := jsonFieldTypes[field]; ok {
			return fmt.Errorf("%q must be %s, found a JSON %s", field, want, te.Value)
		}
		return errors.New(jsonerr.Mismatch(te, "the line"))
	case errors.As(err, &se):
		return fmt.Errorf("invalid JSON at byte %d: %v", se.Offset, err)
	}
	return fmt.Errorf("invalid JSON: %v", err)
}
