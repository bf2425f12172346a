package eval

import "fmt"

// OptionError reports an option of a measure or benchmark outside its
// range. Field is the Go field of the options struct (Options), so that
// a caller that exposes the options under other names (the command
// line's flags) can map it back; Value is the value given (for a list,
// the offending entry).
type OptionError struct {
	Options string // the options struct, e.g. "PlusOneBenchOptions"
	Field   string // the field, e.g. "KNN"
	Value   any    // the value given
	Want    string // what is allowed, e.g. "at most the 148 training documents"
}

func (e *OptionError) Error() string {
	return fmt.Sprintf("eval: %s.%s = %v, want %s", e.Options, e.Field, e.Value, e.Want)
}
