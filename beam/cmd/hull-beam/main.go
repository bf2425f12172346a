// Command hull-beam computes hull's co-occurrence statistics on Apache
// Beam: the file "hull stats" writes, for "hull fit --stats", from sharded
// inputs read and prepared exactly as "hull fit" reads them. It runs on
// Beam's local Prism runner by default, and on any portable runner (Flink,
// Spark, Dataflow) with Beam's flags (--runner, --endpoint,
// --environment_type, ...).
//
//	hull-beam --input 'shards/*.txt' --output corpus.stats
//	hull fit --stats corpus.stats -k 20 -o model.json
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"maps"
	"net"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	"github.com/hulltopics/hull/beam/pipeline"
	"github.com/hulltopics/hull/cooc"
	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/atomicfile"
	"github.com/hulltopics/hull/internal/interrupt"
	"github.com/hulltopics/hull/internal/readflags"
	"github.com/hulltopics/hull/internal/textsafe"
	"github.com/hulltopics/hull/text"
)

// repeatedFlag is a flag that may be repeated, each value taken whole
// (--input's patterns, --stopwords's files, as hull's: a name may hold a
// comma).
type repeatedFlag []string

func (l *repeatedFlag) String() string     { return strings.Join(*l, " ") }
func (l *repeatedFlag) Set(v string) error { *l = append(*l, v); return nil }

var (
	inputs      repeatedFlag
	output      = flag.String("output", "", "the statistics file to write (.gz: gzip; local or gs://...; required)")
	format      = flag.String("format", "", "input format: uci|ldac|triplet|mm|jsonl|lines|dir|sgml (default: detected for each input)")
	vocab       = flag.String("vocab", "", "vocabulary file for uci, ldac, triplet and mm inputs, local (a pipe too) or gs://..., read once when the pipeline is built (default: found next to each local input)")
	stopwords   repeatedFlag
	noStopwords = flag.Bool("no-stopwords", false, "do not remove the embedded English stop words from raw text")
	stem        = flag.Bool("stem", false, "stem raw-text tokens (English Snowball)")
	minDF       = flag.Int("min-df", 0, "drop words in fewer than N documents")
	maxDF       = flag.Float64("max-df", 0, "drop words in more than this fraction of documents (0: keep all)")
	maxVocab    = flag.Int("max-vocab", 0, "keep only the N words of highest document frequency (0: all)")
	noPrune     = flag.Bool("no-prune", false, "keep every word of raw text (default: drop words in fewer than 2-5 documents or more than half of them)")
	encoding    = flag.String("encoding", "auto", "raw text that is not UTF-8: auto (read each such file or line as Windows-1252/Latin-1), utf-8 (invalid bytes separate words), latin1 (everything)")
	strict      = flag.Bool("strict", false, "fail on raw text that is not valid UTF-8, naming every such file or line (up to 20)")
	clean       = flag.String("clean", "", "cleaning presets for raw text, comma-separated: email, markup")
	dropNumbers = flag.Bool("drop-numbers", false, "drop raw-text tokens without a letter (1988, 3-4)")
	dropJunk    = flag.Bool("drop-junk", false, "drop junk tokens: letters and digits mixed (x11r5), longer than --max-token-length, or from uuencoded/base64 blocks")
	maxTokenLen = flag.Int("max-token-length", 0, "drop raw-text tokens longer than N characters (0: no limit, 25 with --drop-junk)")
	minLength   = flag.Int("min-length", text.DefaultMinLen, "drop raw-text tokens shorter than N characters")
	tokenRules  = flag.String("token-rules", string(text.RulesBasic), "raw-text token boundaries: basic (1,000 gives 000) or english (1,000, 3.5 and U.S. kept whole)")
	possessive  = flag.Bool("drop-possessive", false, "drop a final 's from raw-text tokens (Reagan's gives reagan)")
	weighting   = flag.String("cooc-weighting", "documents", "how much each document weighs in the statistics: documents (the paper), tokens or pairs, as hull stats --cooc-weighting")
	rangeMiB    = flag.Int64("range-mib", 64, "split each bundle's statistics into ranges of rows of about this many MiB (dense), merged in parallel")
	partials    = flag.String("partials-dir", "", "directory every worker sees, in which the run makes a new .hull-beam-* directory for the partial statistics and removes it at its end (default: next to --output)")
	shuffle     = flag.Bool("shuffle-partials", false, "pass the partial statistics through the runner instead of --partials-dir (Prism then holds them in memory, several times)")
	beamLogs    = flag.Bool("beam-logs", false, "show the runner's own log records (INFO and above) besides hull-beam's progress lines")
)

func init() {
	flag.Var(&inputs, "input", "an input file, directory or glob pattern (local or gs://...); repeat for more (arguments after the flags are inputs too)")
	flag.Var(&stopwords, "stopwords", "extra stop-word file for raw text, one word per line (repeat the flag for more files)")
	flag.StringVar(output, "o", "", "short for --output")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), `Usage: hull-beam --input PATTERN [--input PATTERN...] --output FILE [flags] [PATTERN...]

Computes the co-occurrence statistics of the inputs ("hull stats"), read and
pruned as "hull fit" reads them with the same flags, on Apache Beam; then
"hull fit --stats FILE -k K" learns topics from them. The default runner is
Prism, in this process; --runner flink|spark --endpoint HOST:PORT, or
--runner dataflow --project P --region R --temp_location gs://..., runs it
on a cluster (see beam/README.md).

`)
		fmt.Fprintln(flag.CommandLine.Output(), "The pipeline's flags (hull fit's reading flags among them):")
		printFlags(func(name string) bool { return own[name] })
		fmt.Fprintln(flag.CommandLine.Output(), "\nBeam's flags:")
		printFlags(func(name string) bool { return !own[name] })
	}
}

// ownNames are the flags of hull-beam without a '-' in their names (Beam's
// use '_').
var ownNames = map[string]bool{"input": true, "output": true, "o": true, "format": true, "vocab": true, "stopwords": true,
	"stem": true, "encoding": true, "strict": true, "clean": true}

// own holds the names of the flags hull-beam defines, as opposed to Beam's.
var own = map[string]bool{}

// printFlags prints the flags keep selects, as flag.PrintDefaults does.
func printFlags(keep func(string) bool) {
	flag.VisitAll(func(f *flag.Flag) {
		if !keep(f.Name) {
			return
		}
		name, usage := flag.UnquoteUsage(f)
		line := "  -" + f.Name
		if name != "" {
			line += " " + name
		}
		line += "\n    \t" + strings.ReplaceAll(usage, "\n", "\n    \t")
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" && f.DefValue != "[]" {
			def := f.DefValue
			if name == "string" {
				def = strconv.Quote(def)
			}
			line += " (default " + def + ")"
		}
		fmt.Fprintln(flag.CommandLine.Output(), line)
	})
}

func main() {
	flag.VisitAll(func(f *flag.Flag) {
		if strings.Contains(f.Name, "-") || ownNames[f.Name] {
			own[f.Name] = true
		}
	})
	parse(os.Args[1:])
	beam.Init() // on a remote worker this runs the worker and does not return
	os.Exit(launch())
}

// launch runs the pipeline and returns the exit status. The first SIGINT
// or SIGTERM cancels the run's context, and the status is 128 + the
// signal's number. A job run in this process (Prism, direct) stops, and
// its partial statistics and the temporary directory are removed; a job
// submitted to a cluster is the runner's (Beam cancels none): hull-beam
// says so and leaves its partial statistics. A run that has not stopped
// stopGrace later is cleaned up (for at most stopGrace more) and ended
// with the same status, as is the process by a second signal. SIGPIPE is
// ignored, as hull ignores it: a closed standard error fails writes, it
// does not end the run before its clean-up.
func launch() int {
	signal.Ignore(syscall.SIGPIPE)
	ctx, done := interrupt.Watch(stopGrace, func(cause interrupt.Signal) {
		fmt.Fprintf(os.Stderr, "hull-beam: %v; the run did not stop within %v%s\n", cause, stopGrace, clusterNote())
		cleaned := make(chan struct{})
		go func() { cleanUp(); close(cleaned) }()
		select { // a write stuck on a remote file system holds the clean-up
		case <-cleaned:
		case <-time.After(stopGrace):
		}
	})
	defer done()
	err := run(ctx)
	var cause interrupt.Signal
	if errors.As(context.Cause(ctx), &cause) {
		if note := clusterNote(); note != "" {
			fmt.Fprintf(os.Stderr, "hull-beam: %v%s\n", cause, note)
		} else {
			fmt.Fprintf(os.Stderr, "hull-beam: %v: the run stopped, its partial statistics removed\n", cause)
		}
		return cause.ExitStatus()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, errorLine(err))
		return exitStatus(err)
	}
	return 0
}

// stopGrace is how long hull-beam waits for a signalled run to stop.
const stopGrace = 10 * time.Second

// cleanUps are what a run leaves behind until it ends (the partial
// statistics, the private temporary directory), removed by cleanUp;
// forCluster is what a signal leaves to a cluster's runner, said by
// clusterNote.
var (
	cleanMu    sync.Mutex
	cleanUps   []func()
	forCluster *clusterRun
)

// clusterRun is a run on a cluster's runner, which Beam cancels none of.
type clusterRun struct {
	partials string // its partials directory, "" with --shuffle-partials
}

// clusterNote returns what hull-beam says of a run on a cluster's runner
// that a signal stopped waiting for, "" for a run in this process.
func clusterNote() string {
	cleanMu.Lock()
	defer cleanMu.Unlock()
	if forCluster == nil {
		return ""
	}
	note := ": hull-beam stopped waiting, but the runner may run the job on if it was submitted: cancel it there"
	if forCluster.partials != "" {
		note += " (its partial statistics go in " + textsafe.Escape(forCluster.partials) + ")"
	}
	return note
}

// atCleanUp adds f to the clean-ups of the run.
func atCleanUp(f func()) {
	cleanMu.Lock()
	defer cleanMu.Unlock()
	cleanUps = append(cleanUps, f)
}

// cleanUp runs the clean-ups, each once, the last added first.
func cleanUp() {
	cleanMu.Lock()
	defer cleanMu.Unlock()
	for i := len(cleanUps) - 1; i >= 0; i-- {
		cleanUps[i]()
	}
	cleanUps = nil
}

// progressHandler is the log handler of a run in this process (Prism,
// direct) without --beam-logs: it prints to w the pipeline's progress
// lines (pipeline.ProgressLine), which the workers' DoFns log and Prism
// relays, and drops the runner's own records: a failed run's error is
// printed once, by hull-beam, not in the runner's five accounts of the
// failed bundle. A cluster's runner logs what the user needs (the job's
// id and pages), and keeps its records.
type progressHandler struct{ w io.Writer }

func (progressHandler) Enabled(_ context.Context, l slog.Level) bool { return l >= slog.LevelInfo }
func (h progressHandler) WithAttrs([]slog.Attr) slog.Handler         { return h }
func (h progressHandler) WithGroup(string) slog.Handler              { return h }
func (h progressHandler) Handle(_ context.Context, r slog.Record) error {
	if line, ok := pipeline.ProgressLine(r.Message); ok {
		fmt.Fprintln(h.w, "hull-beam: "+textsafe.Escape(line))
	}
	return nil
}

// errorLine returns the line hull-beam prints for err: its text, which
// may hold file names and words of the inputs, escaped for the terminal
// (as hull's).
func errorLine(err error) string { return "hull-beam: " + textsafe.Escape(err.Error()) }

// badInput marks an error of the flags or of the inputs (found before the
// run, or a malformed input during it: pipeline.InputError), which the
// user must fix: exit status 2, as hull's (and the flag package's own).
// Any other error, the runner's or the file system's, exits 1.
type badInput struct{ error }

func (e badInput) Unwrap() error { return e.error }

// exitStatus returns the exit status of err: 2 for bad input, else 1.
func exitStatus(err error) int {
	if errors.As(err, new(badInput)) {
		return 2
	}
	return 1
}

// parse parses the flags in args, which may come after the inputs too
// (as with hull), taking the other arguments as inputs.
func parse(args []string) {
	for {
		flag.CommandLine.Parse(args) // exits on an error
		rest := flag.Args()
		if len(rest) == 0 {
			return
		}
		if endsFlags(args[:len(args)-len(rest)]) {
			inputs = append(inputs, rest...)
			return
		}
		inputs = append(inputs, rest[0])
		args = rest[1:]
	}
}

// endsFlags reports whether the arguments the flag package parsed end
// with "--", which makes every argument after it an input, rather than
// with a flag's value "--" (--output --), after which flags go on.
func endsFlags(parsed []string) bool {
	for i := 0; i < len(parsed); i++ {
		s := parsed[i]
		if s == "--" {
			return true
		}
		name := strings.TrimPrefix(strings.TrimPrefix(s, "-"), "-")
		if strings.Contains(name, "=") {
			continue
		}
		if f := flag.Lookup(name); f != nil {
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok || !b.IsBoolFlag() {
				i++ // its value, "--" included
			}
		}
	}
	return false
}

func run(ctx context.Context) error {
	opts, err := options()
	if err != nil {
		return badInput{err}
	}
	r, err := checkRunner()
	if err != nil {
		return badInput{err}
	}
	if r.endpoint {
		if err := reachEndpoint(ctx, flagValue("endpoint"), endpointTimeout); err != nil {
			return err
		}
	}
	if r.inProcess() && !*beamLogs {
		slog.SetDefault(slog.New(progressHandler{os.Stderr}))
	}
	p, s := beam.NewPipelineWithRoot()
	if err := pipeline.Build(ctx, s, opts); err != nil {
		if errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS) || vocabUnread(err) { // the file system's, not the user's
			return flagError(err)
		}
		return badInput{flagError(err)}
	}
	start := time.Now()
	removePartials := func() {
		// A fresh context: the run's may be cancelled.
		if rerr := (pipeline.Partials{Dir: opts.PartialsDir}).Remove(context.Background()); rerr != nil {
			fmt.Fprintln(os.Stderr, textsafe.Escape(fmt.Sprintf("hull-beam: removing the partial statistics in %s: %v", opts.PartialsDir, rerr)))
		}
		// The last step may be writing the output when an interrupt ends
		// the process: its temporary file goes too.
		if !strings.Contains(opts.Output, "://") {
			atomicfile.RemoveOwnTemps(opts.Output)
		}
	}
	// A job on a cluster's runner is the runner's: its partials are left
	// to it (a failed wait need not be a failed job).
	switch {
	case r.inProcess():
		atCleanUp(removePartials)
	case !r.dryRun:
		cleanMu.Lock()
		forCluster = &clusterRun{partials: opts.PartialsDir}
		cleanMu.Unlock()
	}
	res, err := runPipeline(ctx, p) // removes the partial statistics of a job run here
	if err != nil {
		return runError(err)
	}
	switch {
	case r.name == "dot":
		fmt.Fprintf(os.Stderr, "wrote the pipeline's graph to %s (the dot runner runs nothing)\n", textsafe.Escape(flagValue("dot_file")))
		return nil
	case r.dryRun:
		fmt.Fprintln(os.Stderr, "dry run: nothing was submitted (the job is printed above)")
		return nil
	case r.async:
		fmt.Fprintf(os.Stderr, "submitted: the job writes %s, its partial statistics in %s, removed at its end\n", textsafe.Escape(opts.Output), textsafe.Escape(opts.PartialsDir))
		return nil
	}
	if rep := pipeline.Report(res); rep != "" {
		fmt.Fprint(os.Stderr, rep)
	}
	if !strings.Contains(opts.Output, "://") {
		if _, err := os.Stat(opts.Output); err != nil {
			return fmt.Errorf("the pipeline ended without writing %s: %w", opts.Output, err)
		}
	}
	fmt.Fprintf(os.Stderr, "wrote %s in %v\n", textsafe.Escape(opts.Output), time.Since(start).Round(time.Millisecond))
	return nil
}

// runPipeline runs p on the runner of the flags, in a private temporary
// directory (pipeline.PrivateTempDir: Beam's loopback run leaves a file in
// the temporary directory), removed after the run.
func runPipeline(ctx context.Context, p *beam.Pipeline) (beam.PipelineResult, error) {
	restore, err := pipeline.PrivateTempDir()
	if err != nil {
		return nil, err
	}
	atCleanUp(func() {
		if rerr := restore(); rerr != nil {
			fmt.Fprintln(os.Stderr, errorLine(rerr))
		}
	})
	defer cleanUp()
	return beamx.RunWithMetrics(ctx, p)
}

// runner is the runner of the flags.
type runner struct {
	name     string
	async    bool // --async: submit the job and return
	dryRun   bool // Dataflow's --dry_run: print the job, submit nothing
	endpoint bool // --endpoint: a job service elsewhere
}

// inProcess reports whether the job runs in this process (Prism without
// --endpoint, direct): then a signal stops it, and hull-beam shows its
// own progress lines in place of the runner's records.
func (r runner) inProcess() bool { return r.name == "direct" || r.name == "prism" && !r.endpoint }

// endpointTimeout bounds the wait for a job service to accept a
// connection.
const endpointTimeout = 10 * time.Second

// reachEndpoint checks that a job service listens at addr (HOST:PORT)
// before the run: Beam builds the workers' binary first, for minutes,
// then waits without end for a service that is not there. A port out of
// range is bad input; an address that is not HOST:PORT (a gRPC target
// such as dns:///...) is left to Beam.
func reachEndpoint(ctx context.Context, addr string, timeout time.Duration) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil || strings.Contains(host, "/") || strings.Trim(port, "0123456789") != "" {
		return nil
	}
	if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
		return badInput{fmt.Errorf("--endpoint %s: the port %s is not a number from 1 to 65535", addr, port)}
	}
	d := net.Dialer{Timeout: timeout}
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return fmt.Errorf("--endpoint %s: no job service answers there: %w", addr, err)
	}
	return conn.Close()
}

// runners are the names of the runners Beam's beamx registers, by the
// name of the runner they are; "" is the default, Prism.
var runners = map[string]string{"": "prism", "prism": "prism", "PrismRunner": "prism", "direct": "direct", "DirectRunner": "direct",
	"dataflow": "dataflow", "DataflowRunner": "dataflow", "flink": "flink", "FlinkRunner": "flink", "spark": "spark", "SparkRunner": "spark",
	"universal": "universal", "portable": "universal", "PortableRunner": "universal", "dot": "dot"}

// flagValue returns the value of the flag name ("" if there is none).
func flagValue(name string) string {
	if f := flag.Lookup(name); f != nil {
		return f.Value.String()
	}
	return ""
}

// checkRunner returns the runner of the flags, refusing an unknown one
// (Beam would exit at once, leaving its temporary directory) and Beam's
// flags that would change nothing with it.
func checkRunner() (runner, error) {
	name, ok := runners[flagValue("runner")]
	if !ok {
		names := slices.Sorted(maps.Keys(runners))[1:]
		return runner{}, fmt.Errorf("--runner %s: want one of %s", flagValue("runner"), strings.Join(names, ", "))
	}
	r := runner{name: name, async: flagValue("async") == "true", dryRun: flagValue("dry_run") == "true", endpoint: flagValue("endpoint") != ""}
	switch {
	case r.async && (name == "direct" || name == "prism" && !r.endpoint):
		return r, fmt.Errorf("--async: the %s runner runs the job in this process, which would end with it unfinished: leave --async out", name)
	case r.dryRun && name != "dataflow":
		return r, fmt.Errorf("--dry_run: only --runner dataflow prints the job without submitting it; the %s runner would run it", name)
	case name == "dot" && flagValue("dot_file") == "":
		return r, errors.New("--runner dot: give --dot_file FILE, the graph it writes")
	case name != "dot" && flagValue("dot_file") != "":
		return r, fmt.Errorf("--dot_file: only --runner dot writes the pipeline's graph; the %s runner writes none", name)
	case r.endpoint && (name == "dot" || name == "direct" || name == "dataflow"):
		return r, fmt.Errorf("--endpoint: the %s runner uses no job service: leave it out (Dataflow's is --dataflow_endpoint)", name)
	case flagValue("template_location") != "":
		return r, errors.New("--template_location: hull-beam runs its pipeline (or prints it, --dry_run); it stages no Dataflow template")
	}
	return r, nil
}

// options returns the pipeline's options of the flags, checked as hull
// checks its reading flags.
func options() (pipeline.Options, error) {
	switch {
	case len(inputs) == 0:
		return pipeline.Options{}, errors.New("no input: give --input PATTERN (or the patterns after the flags)")
	case *output == "":
		return pipeline.Options{}, errors.New("--output is required: the statistics file to write")
	case *output == "-":
		return pipeline.Options{}, errors.New("--output -: hull-beam writes a file, not standard output: name it")
	case *rangeMiB < 1 || *rangeMiB > maxRangeMiB:
		return pipeline.Options{}, fmt.Errorf("--range-mib %d: want 1 to %d (1 TiB)", *rangeMiB, maxRangeMiB)
	case *shuffle && *partials != "":
		return pipeline.Options{}, errors.New("--shuffle-partials passes the partial statistics through the runner: it cannot go with --partials-dir")
	}
	if err := (readflags.Values{Format: *format, MinDF: *minDF, MaxDF: *maxDF, MaxVocab: *maxVocab, NoPrune: *noPrune,
		MinLength: *minLength, MaxTokenLen: *maxTokenLen, DropJunk: *dropJunk, Strict: *strict,
		Encoding: *encoding, Clean: *clean, Rules: *tokenRules, StopWords: stopwords}).Check(); err != nil {
		return pipeline.Options{}, err
	}
	if err := checkLocalFiles(); err != nil {
		return pipeline.Options{}, err
	}
	// Checked above: no error.
	f, _ := corpus.ParseFormat(*format)
	enc, _ := text.ParseEncoding(*encoding)
	cl, _ := text.ParseClean(*clean)
	rules, _ := text.ParseRules(*tokenRules)
	minLen := *minLength
	if minLen == text.DefaultMinLen {
		minLen = 0 // the default, recorded as such (as hull does)
	}
	o := pipeline.Options{
		Inputs: inputs, Output: *output, Format: f, Vocab: *vocab, Strict: *strict, Given: givenRawTextFields(),
		Text: text.Options{StopWordFiles: stopwords, NoDefaultStopWords: *noStopwords, Stem: *stem, Encoding: enc, Clean: cl,
			DropNumbers: *dropNumbers, DropJunk: *dropJunk, MaxTokenLen: *maxTokenLen, MinLen: minLen, Rules: rules, DropPossessive: *possessive},
		Weighting: cooc.Weighting(*weighting), RangeBytes: *rangeMiB << 20, PartialsDir: *partials, ShufflePartials: *shuffle,
	}
	switch {
	case o.ShufflePartials:
	case o.PartialsDir == "": // named here, to be removed if the run fails
		o.PartialsDir = pipeline.DefaultPartialsDir(o.Output)
	default: // the run's own directory in it, not the directory itself
		o.PartialsDir = pipeline.NewPartialsDir(o.PartialsDir)
	}
	if *noPrune || *minDF != 0 || *maxDF != 0 || *maxVocab != 0 {
		o.Prune = &corpus.PruneOptions{MinDF: *minDF, MaxDF: *maxDF, MaxVocab: *maxVocab}
	}
	return o, nil
}

// rawTextFlags maps the flags of the read options that only raw text
// uses to their fields, as pipeline.Options.Given names them.
var rawTextFlags = map[string]string{"encoding": "Text.Encoding", "clean": "Text.Clean", "no-stopwords": "Text.NoDefaultStopWords", "stem": "Text.Stem",
	"min-length": "Text.MinLen", "max-token-length": "Text.MaxTokenLen", "drop-numbers": "Text.DropNumbers", "token-rules": "Text.Rules",
	"drop-possessive": "Text.DropPossessive", "drop-junk": "Text.DropJunk", "strict": "Strict"}

// givenRawTextFields returns the fields of rawTextFlags given on the
// command line: refused, as hull refuses them, when no input is raw text.
func givenRawTextFields() []string {
	var given []string
	flag.Visit(func(f *flag.Flag) {
		if field, ok := rawTextFlags[f.Name]; ok {
			given = append(given, field)
		}
	})
	return given
}

// maxRangeMiB bounds --range-mib, whose bytes must fit in an int64.
const maxRangeMiB = 1 << 20

// checkLocalFiles refuses, before the run, a local --vocab that is missing
// or a directory (a pipe is read once, when the pipeline is built) and a
// local --partials-dir that is not an existing directory, as hull refuses
// a missing vocabulary (exit status 2).
func checkLocalFiles() error {
	if *vocab != "" && !strings.Contains(*vocab, "://") {
		if fi, err := os.Stat(*vocab); err != nil || fi.IsDir() {
			return fmt.Errorf("--vocab %s: not a file", *vocab)
		}
	}
	if *partials != "" && !strings.Contains(*partials, "://") {
		// A missing one is refused too: made for the run, it was left
		// behind empty once the run removed its own directory in it.
		if fi, err := os.Stat(*partials); err != nil || !fi.IsDir() {
			return fmt.Errorf("--partials-dir %s: not a directory: give one that exists (the run makes its own directory in it)", *partials)
		}
	}
	return nil
}

// vocabUnread reports whether err, of pipeline.Build, is a --vocab file
// that could not be read (a remote one not fetched, a failing disk: exit
// status 1), rather than a malformed one (a *corpus.ParseError, exit 2, as
// hull's) or one on a file system hull-beam has not (a
// *pipeline.SchemeError: s3://, exit 2). A missing local one is refused
// before (checkLocalFiles).
func vocabUnread(err error) bool {
	oe, ok := errors.AsType[*pipeline.OptionError](err)
	_, malformed := errors.AsType[*corpus.ParseError](err)
	_, noFS := errors.AsType[*pipeline.SchemeError](err)
	return ok && oe.Field == "Vocab" && !malformed && !noFS
}

// flagOf names the flag of each field of pipeline.Options.
var flagOf = map[string]string{"Inputs": "--input", "Output": "--output", "Format": "--format", "Vocab": "--vocab", "Text": "--stopwords",
	"Prune.MinDF": "--min-df", "Prune.MaxDF": "--max-df", "Prune.MaxVocab": "--max-vocab", "RangeBytes": "--range-mib",
	"Weighting": "--cooc-weighting", "PartialsDir": "--partials-dir"}

// flagError names the flag of an invalid option.
func flagError(err error) error {
	var oe *pipeline.OptionError
	if errors.As(err, &oe) {
		return fmt.Errorf("%s: %w", flagOf[oe.Field], oe.Err)
	}
	return err
}

// readFlags are the flags of the reader's and the pipeline's options that
// their errors name, as hull names them.
var readFlags = strings.NewReplacer("ReadOptions.Vocab (a file) or ReadOptions.VocabWords", "--vocab FILE", "ReadOptions.VocabWords", "--vocab", "ReadOptions.Vocab", "--vocab", "ReadOptions.Format", "--format",
	"ReadOptions.Strict", "--strict",
	"Options.Text.Encoding", "--encoding", "Options.Text.Clean", "--clean", "Options.Text.NoDefaultStopWords", "--no-stopwords", "Options.Text.Stem", "--stem",
	"Options.Text.MinLen", "--min-length", "Options.Text.MaxTokenLen", "--max-token-length", "Options.Text.DropNumbers", "--drop-numbers",
	"Options.Text.Rules", "--token-rules", "Options.Text.DropPossessive", "--drop-possessive", "Options.Text.DropJunk", "--drop-junk", "Options.Strict", "--strict",
	"Options.Prune (zero: keep every word)", "--no-prune", corpus.StatsFileHint, "give it to hull fit with --stats")

// runError shortens the error of a failed run to what the user must fix
// when it holds one of hull's ("file:line: what is wrong"), keeping Beam's
// whole message otherwise.
func runError(err error) error {
	if msg, ok := pipeline.InputError(err); ok {
		return badInput{errors.New(readFlags.Replace(msg))}
	}
	if msg := pipeline.UserError(err); msg != "" {
		return errors.New(readFlags.Replace(msg))
	}
	return err
}
