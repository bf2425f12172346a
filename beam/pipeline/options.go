package pipeline

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/hulltopics/hull/cooc"
	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/text"
)

// Options say what the pipeline reads, how, and where it writes. The
// reading and pruning fields are those of corpus.ReadOptions and
// corpus.PruneOptions, set as "hull fit" sets them from its flags.
type Options struct {
	// Inputs are files, directories (format dir) or glob patterns, local
	// or on a file system Beam knows (gs://, s3://): each file is one
	// input of "hull fit", the files of a pattern in byte order of their
	// paths. A pattern that matches nothing is an error.
	Inputs []string
	// Output is the statistics file to write (".gz": gzip-compressed),
	// local or on a file system Beam knows. Build refuses a remote one,
	// or a remote PartialsDir, Vocab or input, whose scheme no file
	// system of the program serves (a *SchemeError); it checks no bucket.
	Output string

	// Format forces the input format (corpus.ReadOptions.Format); "" detects
	// it for each input.
	Format corpus.Format
	// Vocab is the vocabulary file of uci, ldac, triplet and mm inputs, local
	// (a pipe too) or on a file system Beam knows, whatever the inputs;
	// "" finds it next to each local input. Remote numeric inputs need
	// it. It is read when the pipeline is built, and its words travel
	// with the pipeline, so that workers need not see it.
	Vocab string
	// Text is the decoding and tokenizing of raw text
	// (corpus.ReadOptions.Text). Its stop-word files are read when the
	// pipeline is built, so that workers need not see them.
	Text text.Options
	// Strict makes raw text that is not valid UTF-8 an error.
	Strict bool
	// Given names the fields of the read options that only raw text uses
	// and that the caller set explicitly, perhaps to their defaults (the
	// flags given of a command), as "Text.Encoding" or "Strict": these,
	// and those set to other than their defaults, fail the run when no
	// input is raw text, for they would change nothing.
	Given []string
	// Prune is the pruning after reading; nil means hull fit's default:
	// corpus.RawTextPrune(D) when raw text was tokenized, none otherwise.
	// A zero PruneOptions keeps every word (--no-prune): it fails the run
	// when no input is raw text, which nothing would prune anyway.
	Prune *corpus.PruneOptions
	// Weighting is the documents' weight in the statistics
	// (cooc.Options.Weighting, hull stats --cooc-weighting); "" is the
	// paper's, every document the same.
	Weighting cooc.Weighting

	// RangeBytes bounds the dense size of one range of rows of the
	// statistics: a bundle's statistics are split into about
	// 8 V^2 / RangeBytes ranges, merged in parallel. 0 means 64 MiB.
	RangeBytes int64
	// PartialsDir is the directory, local or remote, seen by every
	// worker, that holds the statistics of the bundles and of the merged
	// ranges between the steps of the second pass (see Partials). The run
	// makes it and removes it, with what it holds, at its end: a local
	// one that exists already is refused, lest the run remove files it
	// did not write (NewPartialsDir names a new one in a directory). ""
	// means DefaultPartialsDir(Output).
	PartialsDir string
	// ShufflePartials passes those statistics through the runner instead,
	// in the elements: no directory, but a runner that holds its elements
	// in memory (Prism) holds several copies of them.
	ShufflePartials bool
}

// DefaultPartialsDir returns a new directory name next to output, for the
// partial statistics.
func DefaultPartialsDir(output string) string {
	dir := filepath.Dir(output)
	if isRemote(output) {
		dir = output[:strings.LastIndex(output, "/")]
	}
	return NewPartialsDir(dir)
}

// NewPartialsDir returns a new directory name in dir (local or remote),
// .hull-beam-*, for the partial statistics: a directory that workers see,
// given by the user, holds the run's own.
func NewPartialsDir(dir string) string {
	return fmt.Sprintf("%s/.hull-beam-%x-%04x", strings.TrimSuffix(dir, "/"), time.Now().UnixNano(), rand.Uint32()&0xffff)
}

// defaultRangeBytes is the RangeBytes of the zero value.
const defaultRangeBytes = 64 << 20

// OptionError reports an invalid field of Options; the command names it by
// its flag.
type OptionError struct {
	Field string // "Inputs", "Text", "Prune.MaxDF", ...
	Err   error
}

func (e *OptionError) Error() string { return "pipeline: Options." + e.Field + ": " + e.Err.Error() }
func (e *OptionError) Unwrap() error { return e.Err }

// check validates o and returns it with the format parsed and the text
// options resolved (stop-word files read).
func (o Options) check() (Options, error) {
	bad := func(field, format string, args ...any) (Options, error) {
		return o, &OptionError{Field: field, Err: fmt.Errorf(format, args...)}
	}
	if len(o.Inputs) == 0 {
		return bad("Inputs", "no input")
	}
	if o.Output == "" {
		return bad("Output", "no output file")
	}
	f, err := corpus.ParseFormat(string(o.Format))
	if err != nil {
		return bad("Format", "%v", err)
	}
	o.Format = f
	if o.Text, err = o.Text.Resolved(); err != nil {
		return bad("Text", "%v", err)
	}
	for _, g := range o.Given {
		if !slices.Contains(rawTextFields, g) {
			return bad("Given", "%q, want one of %s", g, strings.Join(rawTextFields, ", "))
		}
	}
	if p := o.Prune; p != nil {
		switch {
		case p.MinDF < 0:
			return bad("Prune.MinDF", "%d, want >= 0", p.MinDF)
		case !(p.MaxDF >= 0 && p.MaxDF <= 1):
			return bad("Prune.MaxDF", "%v, want a fraction of the documents in [0, 1] (0: no limit)", p.MaxDF)
		case p.MaxVocab < 0:
			return bad("Prune.MaxVocab", "%d, want >= 0", p.MaxVocab)
		}
	}
	if err := o.Weighting.Check(); err != nil {
		return bad("Weighting", "%q, want documents, tokens or pairs", o.Weighting)
	}
	if o.RangeBytes < 0 {
		return bad("RangeBytes", "%d, want >= 0 (0: 64 MiB)", o.RangeBytes)
	}
	if o.RangeBytes == 0 {
		o.RangeBytes = defaultRangeBytes
	}
	switch {
	case o.ShufflePartials:
		o.PartialsDir = ""
	case o.PartialsDir == "":
		o.PartialsDir = DefaultPartialsDir(o.Output)
	case !isRemote(o.PartialsDir):
		if _, err := os.Lstat(o.PartialsDir); err == nil {
			return bad("PartialsDir", "%s exists: the run makes this directory and removes it with all it holds; name a new one (NewPartialsDir)", o.PartialsDir)
		}
	}
	for _, f := range []struct{ field, path string }{{"Output", o.Output}, {"PartialsDir", o.PartialsDir}, {"Vocab", o.Vocab}} {
		if err := checkScheme(f.path); err != nil {
			return o, &OptionError{Field: f.field, Err: err}
		}
	}
	return o, nil
}

// SchemeError is the error for a remote path (scheme://...) whose scheme
// no file system of the program serves, found before the run: Beam's own
// error came only when a worker first wrote there, after a pass over
// every input.
type SchemeError struct {
	Path   string
	Scheme string // "s3"
}

func (e *SchemeError) Error() string {
	served := []string{"local paths"}
	for _, s := range beamSchemes {
		if hasFileSystem(s + "://") {
			served = append(served, s+"://")
		}
	}
	list := served[0]
	if last := len(served) - 1; last > 0 {
		list = strings.Join(served[:last], ", ") + " and " + served[last]
	}
	msg := fmt.Sprintf("%s: no file system here serves %s:// (only %s)", e.Path, e.Scheme, list)
	if slices.Contains(beamSchemes, e.Scheme) {
		return msg + fmt.Sprintf(": use one of those, or build the program with Beam's %s file system (import _ %q)", e.Scheme, beamFileSystems+e.Scheme)
	}
	return msg + ", nor has Beam's Go SDK one: use one of those"
}

// beamSchemes are the schemes of the file systems of Beam's Go SDK, each
// in the package beamFileSystems + its scheme.
var beamSchemes = []string{"gs", "s3", "memfs"}

const beamFileSystems = "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/"

// checkScheme returns a *SchemeError for a remote path whose scheme no
// file system of the program serves. It checks no more: whether a bucket
// exists, or can be written, is for the workers to find, whose
// credentials may not be the launcher's.
func checkScheme(path string) error {
	if !isRemote(path) || hasFileSystem(path) {
		return nil
	}
	return &SchemeError{Path: path, Scheme: path[:strings.Index(path, "://")]}
}

// hasFileSystem reports whether a file system serves the scheme of path.
// filesystem.ValidateScheme, which panics if none does, tells without
// making one, as filesystem.New would (for gs://, a client looking for
// credentials).
func hasFileSystem(path string) (ok bool) {
	defer func() { ok = recover() == nil }()
	filesystem.ValidateScheme(path)
	return
}

// Shard is one input file and its place among the inputs.
type Shard struct {
	Path  string
	Index int // 0, 1, ... in the order of the inputs
}

// Expand returns the files of inputs in order: each pattern's matches in
// byte order of their paths (a path that exists, or has no glob
// characters, is itself, a directory included), the patterns in the order
// given. A local pattern's wildcards match no name beginning with '.', as
// the shell's and as hull's reading of a directory skips hidden files,
// and one that ends in a separator ("corpus/*/") matches directories
// only, as the shell's does. A pattern that matches nothing, or a local
// input that is neither a regular file nor a directory (a pipe, which
// the pipeline's two passes could not read twice; "-", which hull reads
// as standard input), is an error; so are local files that repeat one
// another (corpus.CheckDistinct: one file under two spellings, or a file
// inside a directory also given), whose documents would count twice.
func Expand(ctx context.Context, inputs []string) ([]Shard, error) {
	var shards []Shard
	var local []string
	for _, p := range inputs {
		files, err := expand(ctx, p)
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			shards = append(shards, Shard{Path: f, Index: len(shards)})
			if !isRemote(f) {
				local = append(local, f)
			}
		}
	}
	if err := corpus.CheckDistinct(local); err != nil {
		return nil, err
	}
	return shards, nil
}

// expand returns the files pattern p names, sorted.
func expand(ctx context.Context, p string) ([]string, error) {
	var files []string
	switch {
	case p == "-":
		return nil, errors.New(`-: standard input, not a file: the pipeline reads each input twice; save it to a file first (a file named "-" is ./-)`)
	case !isRemote(p):
		if _, err := os.Stat(p); err == nil || !strings.ContainsAny(p, "*?[") {
			if err != nil {
				return nil, err
			}
			return []string{p}, checkLocal(p)
		}
		m, err := globLocal(p)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		// Glob's matches are clean paths ("./d/*" gives "d/x").
		files = slices.DeleteFunc(m, func(f string) bool { return hiddenMatch(filepath.Clean(p), f) })
		for _, f := range files {
			if err := checkLocal(f); err != nil {
				return nil, err
			}
		}
	default:
		if err := checkScheme(p); err != nil {
			return nil, err
		}
		fs, err := filesystem.New(ctx, p)
		if err != nil {
			return nil, err
		}
		defer fs.Close()
		if files, err = fs.List(ctx, p); err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no file matches", p)
	}
	slices.Sort(files)
	return files, nil
}

// globLocal returns the matches of the local pattern p, the directories
// only if p ends in a separator, as the shell's: filepath.Glob matches
// nothing then.
func globLocal(p string) ([]string, error) {
	trimmed := strings.TrimRight(p, "/"+string(filepath.Separator))
	m, err := filepath.Glob(trimmed)
	if err != nil || trimmed == p {
		return m, err
	}
	return slices.DeleteFunc(m, func(f string) bool {
		fi, err := os.Stat(f)
		return err != nil || !fi.IsDir()
	}), nil
}

// checkLocal refuses a local input that is neither a regular file nor a
// directory: a pipe or a device, which the two passes would read twice.
func checkLocal(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() && !fi.IsDir() {
		what := "a device or socket"
		if fi.Mode()&os.ModeNamedPipe != 0 {
			what = "a pipe"
		}
		return fmt.Errorf("%s: not a regular file but %s: the pipeline reads each input twice; save it to a file first", path, what)
	}
	return nil
}

// hiddenMatch reports whether a wildcard of pattern matched a hidden name
// of match: one beginning with '.' where the pattern's element does not.
// filepath.Glob matches element by element, so the two align.
func hiddenMatch(pattern, match string) bool {
	pe := strings.Split(filepath.ToSlash(pattern), "/")
	me := strings.Split(filepath.ToSlash(match), "/")
	if len(pe) != len(me) {
		return false
	}
	for i := range pe {
		if strings.HasPrefix(me[i], ".") && !strings.HasPrefix(pe[i], ".") && strings.ContainsAny(pe[i], "*?[") {
			return true
		}
	}
	return false
}

// isRemote reports whether path names a file system by a scheme
// ("gs://bucket/x"): it is then read through Beam's file systems.
func isRemote(path string) bool {
	i := strings.Index(path, "://")
	return i > 0 && !strings.ContainsAny(path[:i], `/\`)
}

// errNothingLeft is the error when pruning keeps no word.
var errNothingLeft = errors.New("prune: nothing left")
