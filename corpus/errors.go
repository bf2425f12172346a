package corpus

import (
	"errors"
	"fmt"
)

// ParseError reports malformed input at a position in a file.
// Its message has the form "file:line: what is wrong".
type ParseError struct {
	File string // file name as given by the caller
	Line int    // 1-based line number; 0 when the problem is the whole file
	Msg  string
	Err  error // the cause, when there is one (a damaged gzip stream's)
}

// errNoCorpus is the error of a function given no corpus (nil).
var errNoCorpus = errors.New("corpus: no corpus (nil)")

// Unwrap returns the cause.
func (e *ParseError) Unwrap() error { return e.Err }

func (e *ParseError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

func parseErr(file string, line int, format string, args ...any) error {
	return &ParseError{File: file, Line: line, Msg: fmt.Sprintf(format, args...)}
}
