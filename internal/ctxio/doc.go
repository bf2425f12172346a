// Package ctxio stops a stream's reads or writes once a context is done,
// so that a long read (a corpus) or write (a corpus or synthetic set on
// disk) ends at its next call when the user interrupts it. No paper; each
// call adds one check of the context, O(1). Err is the check at a
// function's entry, refusing a nil context (ErrNilContext).
package ctxio
