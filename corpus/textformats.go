package corpus

import (
	"errors"
	"io"

	"github.com/hulltopics/hull/text"
)

// STUBS, to be replaced by the real readers in jsonl.go and rawtext.go.

// readJSONL reads JSON lines {"id":..,"items":[..]} or {"id":..,"text":".."};
// name is used in error messages (file:line).
func readJSONL(r io.Reader, name string, tok *text.Tokenizer) (*Corpus, error) {
	return nil, errors.New("jsonl: not implemented")
}

// readLines reads raw text, one document per line; ids are line numbers.
func readLines(r io.Reader, name string, tok *text.Tokenizer) (*Corpus, error) {
	return nil, errors.New("lines: not implemented")
}

// readDir reads every regular file below dir (recursively, in lexical
// order) as one raw-text document whose id is its path relative to dir.
func readDir(dir string, tok *text.Tokenizer) (*Corpus, error) {
	return nil, errors.New("dir: not implemented")
}
