package pipeline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/hulltopics/hull/cooc"
	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/textsafe"
	"github.com/hulltopics/hull/text"
)

// ReadConfig is how a worker reads an input: the fields of
// corpus.ReadOptions that the flags set. It travels with the DoFns, in
// JSON.
type ReadConfig struct {
	Format corpus.Format
	// VocabWords are the words of Options.Vocab, read once when the
	// pipeline is built (readVocab), so that every read of every pass
	// sees the same words, a pipe's included, and a remote file serves
	// local inputs too; nil finds the vocabulary next to each local
	// input.
	VocabWords []string
	Text       text.Options // resolved: no stop-word files to read
	Strict     bool
}

// badInputMark begins the text of an error of the input itself (a
// *corpus.ParseError): the error reaches the launcher as text, where a
// malformed input and a failing disk would otherwise look alike
// (InputError).
const badInputMark = "bad input: "

// read reads the input at path as "hull fit" reads it: a local path with
// corpus.ReadFile (vocabulary files found next to it unless VocabWords
// gives the words), a remote one (scheme://) from Beam's file system with
// corpus.ReadFrom. Errors are hull's: "path:line: what is wrong", marked
// as bad input when the input is malformed.
func (rc ReadConfig) read(ctx context.Context, path string) (*corpus.Corpus, error) {
	c, err := rc.readCorpus(ctx, path)
	return c, markInput(err)
}

// markInput returns err marked as bad input when it is an error of the
// inputs themselves: a malformed input (*corpus.ParseError), documents
// too long for the weighting (cooc.ErrOverflow) or nothing left after
// pruning; other errors as they are.
func markInput(err error) error {
	_, parse := errors.AsType[*corpus.ParseError](err)
	if parse || errors.Is(err, cooc.ErrOverflow) || errors.Is(err, errNothingLeft) {
		return markBad(err)
	}
	return err
}

// markBad returns err marked as bad input, once.
func markBad(err error) error {
	if err == nil || strings.HasPrefix(err.Error(), badInputMark) {
		return err
	}
	return fmt.Errorf("%s%w", badInputMark, err)
}

// localReadError marks an error of reading a local input as bad input
// unless it is the file system's (*fs.PathError: a missing or unreadable
// file, a failing disk) or the context's: the reader's other errors are
// of the input or of the options it was read with (a vocabulary given
// for raw text), which the user must fix.
func localReadError(err error) error {
	if err == nil || errors.As(err, new(*fs.PathError)) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return markBad(err)
}

// readCorpus is read without the mark.
func (rc ReadConfig) readCorpus(ctx context.Context, path string) (*corpus.Corpus, error) {
	opts := corpus.ReadOptions{Format: rc.Format, VocabWords: rc.VocabWords, Text: rc.Text, Strict: rc.Strict,
		Log: func(line string) { progress(ctx, "%s", textsafe.Escape(line)) }}
	if !isRemote(path) {
		c, err := corpus.ReadFile(path, opts)
		return c, localReadError(err)
	}
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return nil, err
	}
	defer fs.Close()
	r, err := fs.OpenRead(ctx, path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return corpus.ReadFrom(r, path, opts)
}

// readVocab returns the words of the vocabulary file path, local (a pipe
// too: it is read once) or remote (scheme://, through Beam's file system),
// read as hull reads --vocab (corpus.ReadVocab: possibly gzip-compressed,
// one word a line). Build calls it, once, for Options.Vocab.
func readVocab(ctx context.Context, path string) ([]string, error) {
	if !isRemote(path) {
		return corpus.ReadVocabFile(path)
	}
	data, err := readAll(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err) // Beam's file systems need not name it
	}
	return corpus.ReadVocab(bytes.NewReader(data), path)
}

// slots bounds the inputs a worker process reads at once, and the bundles
// of the second pass it runs at once (each with its accumulator), to one
// per CPU, whatever the number of bundles the runner gives it at once
// (Prism runs up to 8): more would only hold more memory, for the work is
// CPU-bound. A bundle waiting for a slot makes no progress, so Prism
// splits off its other inputs for other bundles.
var slots = make(chan struct{}, runtime.GOMAXPROCS(0))

// acquire takes a slot, or returns the context's error.
func acquire(ctx context.Context) error {
	select {
	case slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// release gives back a slot acquire took.
func release() { <-slots }

// readAll returns the content of the remote file at path.
func readAll(ctx context.Context, path string) ([]byte, error) {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return nil, err
	}
	defer fs.Close()
	r, err := fs.OpenRead(ctx, path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(r)
}

// peakRSS returns the peak resident memory of the process in MiB (VmHWM),
// 0 where /proc does not tell it.
func peakRSS() int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(data)) {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb >> 10
		}
	}
	return 0
}
