package corpus

import (
	"fmt"
	"strings"

	"github.com/hulltopics/hull/text"
)

// Decoding of raw text: every unit of input (a file of a directory, a
// line of lines or JSON lines input, a record of SGML input) is decoded on
// its own under the tokenizer's text.Encoding, so one stray Latin-1 byte
// spoils neither its neighbours nor the whole read. The units that were
// not valid UTF-8 are counted and named (the first maxNamedUnits), and
// reported through ReadOptions.Log; with ReadOptions.Strict they are an
// *EncodingError naming every one (up to maxNamedUnits) instead.

// maxNamedUnits is how many invalid units a report or an EncodingError
// names.
const maxNamedUnits = 20

// decoder decodes the units of one input and counts the invalid ones.
type decoder struct {
	tok    *text.Tokenizer
	enc    text.Encoding
	strict bool
	kind   string // "files", "lines" or "records", for messages
	units  int    // units decoded
	bad    []error
	nbad   int
}

// decode returns unit as text. A unit that is not valid UTF-8 is decoded
// by the tokenizer's encoding and counted; where is its name in messages
// ("file.txt:12"). In strict mode it is recorded as a *ParseError and ok is
// false: the caller skips the unit, so that the read goes on and the error
// names every bad unit.
func (d *decoder) decode(unit []byte, file string, line int) (s string, ok bool) {
	d.units++
	if d.tok == nil {
		return string(unit), true
	}
	s, invalid := d.tok.Decode(unit)
	if !invalid {
		return s, true
	}
	d.nbad++
	if len(d.bad) < maxNamedUnits {
		at, msg, _ := checkUTF8(unit)
		if line > 0 {
			at += line - 1
		}
		d.bad = append(d.bad, parseErr(file, at, "%s", msg))
	}
	return s, !d.strict
}

// err returns the *EncodingError of a strict read that met invalid units,
// else nil.
func (d *decoder) err(name string) error {
	if !d.strict || d.nbad == 0 {
		return nil
	}
	return &EncodingError{Input: name, Kind: d.kind, Units: d.units, Invalid: d.nbad, First: d.bad}
}

// report returns the line that says how many units were not valid UTF-8
// and how they were decoded, or "" if all were.
func (d *decoder) report(name string) string {
	if d.nbad == 0 || d.strict {
		return ""
	}
	how := "read as Windows-1252 (Latin-1)"
	if d.enc == text.EncodingUTF8 {
		how = "invalid bytes read as U+FFFD, which separates words"
	}
	return fmt.Sprintf("%s: %d of %d %s not valid UTF-8, %s; first: %s", name, d.nbad, d.units, d.kind, how, d.firstNames(5))
}

// firstNames lists the places of the first n invalid units.
func (d *decoder) firstNames(n int) string {
	var names []string
	for _, e := range d.bad[:min(n, len(d.bad))] {
		pe := e.(*ParseError)
		names = append(names, fmt.Sprintf("%s:%d", pe.File, pe.Line))
	}
	if d.nbad > n {
		names = append(names, "...")
	}
	return strings.Join(names, ", ")
}

// EncodingError reports the units of an input (files, lines or records)
// that are not valid UTF-8, in a read with ReadOptions.Strict.
type EncodingError struct {
	Input   string  // the input read: a file or directory name
	Kind    string  // "files", "lines" or "records"
	Units   int     // units read
	Invalid int     // units not valid UTF-8
	First   []error // *ParseError of the first (at most 20) invalid units, with the first invalid byte
}

// Unwrap returns the errors of the first invalid units, so that
// errors.As finds a *ParseError.
func (e *EncodingError) Unwrap() []error { return e.First }

// Error returns one line: the count, then the first invalid units'
// errors separated by semicolons.
func (e *EncodingError) Error() string {
	if e.Invalid == 1 {
		return e.First[0].Error()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d of %d %s are not valid UTF-8 (ReadOptions.Strict):", e.Input, e.Invalid, e.Units, e.Kind)
	for i, pe := range e.First {
		if i > 0 {
			b.WriteByte(';')
		}
		b.WriteString(" " + pe.Error())
	}
	if e.Invalid > len(e.First) {
		fmt.Fprintf(&b, "; ... and %d more", e.Invalid-len(e.First))
	}
	return b.String()
}
