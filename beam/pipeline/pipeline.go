package pipeline

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/atomicfile"
)

// Build adds to s the pipeline that computes the statistics of o.Inputs
// and writes them to o.Output. It expands the input patterns now, so that
// a pattern matching nothing fails before the pipeline runs, reads the
// stop-word files and the vocabulary file o.Vocab, whose words travel with
// the pipeline, and returns an *OptionError for invalid options (Field
// "Vocab" for a vocabulary file that cannot be read, or that is malformed:
// then it wraps a *corpus.ParseError).
func Build(ctx context.Context, s beam.Scope, o Options) error {
	stopFiles := o.Text.StopWordFiles // check reads them
	o, err := o.check()
	if err != nil {
		return err
	}
	shards, err := Expand(ctx, o.Inputs)
	if err != nil {
		return err
	}
	if err := checkOutput(o, shards, stopFiles); err != nil {
		return err
	}
	rc := ReadConfig{Format: o.Format, Text: o.Text, Strict: o.Strict}
	if o.Vocab != "" {
		// Read once, here: the passes read each input twice, and a pipe
		// would give its words only once; a remote file is read through
		// Beam's file system, whether the inputs are local or remote.
		if rc.VocabWords, err = readVocab(ctx, o.Vocab); err != nil {
			return &OptionError{Field: "Vocab", Err: err}
		}
	}
	// The reshuffle makes each file an element of its own stage, which the
	// runner spreads over its workers (Prism splits the bundle of a stage
	// that makes slow progress), instead of one bundle of them all.
	files := beam.Reshuffle(s, beam.CreateList(s, shards))
	plan := vocabulary(s, files, o, rc)
	statistics(s, files, plan, o, rc)
	return nil
}

// The pipeline's metrics (namespace "hull"): the time spent in each step,
// summed over its calls (over files, bundles at once and workers), and the
// peak resident memory (VmHWM) of a worker process at the end of each
// step's work.
var (
	inputsRead    = beam.NewCounter("hull", "inputs")
	bundles       = beam.NewCounter("hull", "statistics_bundles")
	scanMillis    = beam.NewCounter("hull", "vocabulary_read_ms")
	readMillis    = beam.NewCounter("hull", "statistics_read_ms")
	addMillis     = beam.NewCounter("hull", "statistics_add_ms")
	splitMillis   = beam.NewCounter("hull", "statistics_split_ms")
	mergeMillis   = beam.NewCounter("hull", "merge_ms")
	writeMillis   = beam.NewCounter("hull", "write_ms")
	scanRSS       = beam.NewDistribution("hull", "vocabulary_peak_rss_mib")
	accumulateRSS = beam.NewDistribution("hull", "statistics_peak_rss_mib")
	mergeRSS      = beam.NewDistribution("hull", "merge_peak_rss_mib")
	writeRSS      = beam.NewDistribution("hull", "write_peak_rss_mib")
)

// Report returns the pipeline's metrics of a run, one per line ("" when
// the runner returns none).
func Report(res beam.PipelineResult) string {
	if res == nil {
		return ""
	}
	q := res.Metrics().AllMetrics()
	var lines []string
	for _, c := range q.Counters() {
		if c.Namespace() == "hull" {
			lines = append(lines, fmt.Sprintf("%s %d\n", c.Name(), c.Result()))
		}
	}
	for _, d := range q.Distributions() {
		if d.Namespace() == "hull" {
			lines = append(lines, fmt.Sprintf("%s %d\n", d.Name(), d.Result().Max))
		}
	}
	slices.Sort(lines)
	return strings.Join(lines, "")
}

func init() {
	beam.RegisterType(reflect.TypeOf((*Shard)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*WordStat)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*Meta)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*Entry)(nil)).Elem())

	register.DoFn4x1[context.Context, Shard, func(string, WordStat), func(Meta), error](&scanFn{})
	register.Emitter2[string, WordStat]()
	register.Emitter1[Meta]()
	register.Function2x1(mergeWordStats)
	register.Function2x1(mergeMeta)
	register.DoFn4x1[string, WordStat, Meta, func(Entry), error](&keepFn{})
	register.Emitter1[Entry]()
	register.DoFn4x1[context.Context, Meta, func(*Entry) bool, func([]byte), error](&planFn{})
	register.Iter1[Entry]()
	register.Emitter1[[]byte]()
	register.DoFn4x1[context.Context, Shard, []byte, func(int, []byte), error](&accumulateFn{})
	register.Emitter2[int, []byte]()
	register.DoFn4x1[context.Context, int, func(*[]byte) bool, func(int, []byte), error](&mergeFn{})
	register.DoFn3x1[context.Context, int, func(*[]byte) bool, error](&writeFn{})
	register.Iter1[[]byte]()
}

// progressMark begins the log records of the pipeline's progress, which
// the launcher shows (ProgressLine) among the runner's.
const progressMark = "hull: "

// progress logs a line of the pipeline's progress, at level INFO.
func progress(ctx context.Context, format string, args ...any) {
	log.Infof(ctx, progressMark+format, args...)
}

// ProgressLine returns the line of the pipeline's progress that the
// message of a log record holds, and whether it holds one: a worker's
// record, as Prism relays it in the launcher's process ("[SDK] hull:
// ..."), or the launcher's own.
func ProgressLine(msg string) (string, bool) {
	return strings.CutPrefix(strings.TrimPrefix(msg, "[SDK] "), progressMark)
}

// UserError returns the message of the error of a DoFn that failed a run
// (hull's "file:line: what is wrong" for a malformed input), without
// Beam's account of the stage around it, or "" if err holds none.
func UserError(err error) string {
	if err == nil {
		return ""
	}
	msg := err.Error()
	i := strings.LastIndex(msg, "] failed:\n")
	if i < 0 {
		return ""
	}
	msg = msg[i+len("] failed:\n"):]
	if j := strings.Index(msg, "\nerror may be due to Apache Beam Go's migration"); j >= 0 {
		msg = msg[:j] // ptest's note
	}
	return strings.TrimSpace(msg)
}

// InputError returns the message of UserError when it is an error of an
// input itself (hull's "file:line: what is wrong" for a malformed or
// empty input), which the user must fix, and false for any other error
// of the run.
func InputError(err error) (string, bool) {
	msg, ok := strings.CutPrefix(UserError(err), badInputMark)
	return msg, ok
}

// checkOutput refuses, before the run, a local Output that cannot be
// written (its directory missing, or not a regular file) or that is one
// of the files the pipeline reads: an input, a vocabulary file (Vocab or
// the one found next to an input), the ids and preparation record beside
// a data file "hull corpus" wrote (corpus.SavedCompanions: overwritten,
// they left the corpus unreadable) or a stop-word file. A remote Output
// is the runner's to check, but for its scheme (Options.check).
func checkOutput(o Options, shards []Shard, stopFiles []string) error {
	if isRemote(o.Output) {
		return nil
	}
	read := append([]string{o.Vocab}, stopFiles...)
	for _, sh := range shards {
		if !isRemote(sh.Path) {
			read = append(read, sh.Path, corpus.CompanionVocab(sh.Path))
			read = append(read, corpus.SavedCompanions(sh.Path)...)
		}
	}
	err := atomicfile.Check(o.Output, read...)
	if errors.Is(err, atomicfile.ErrIsInput) || errors.Is(err, atomicfile.ErrNotRegular) || errors.Is(err, atomicfile.ErrNoDir) {
		return &OptionError{Field: "Output", Err: err}
	}
	return err
}
