package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"net"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/hulltopics/hull/internal/textsafe"
)

// The fuzz targets of hull-beam's command line (parse, options,
// checkRunner, the repeated flags), of --endpoint (reachEndpoint) and of
// the runner's errors it prints (runError, errorLine, exitStatus). None
// runs a pipeline.

// commandLine is the outcome of parsing a command line.
type commandLine struct {
	exited    bool // the flag package's error (exit status 2) or -help
	inputs    []string
	stopwords []string
	set       map[string]string // the flags given, by name, their values
}

// parseArgs runs parse on args with a command line of hull-beam's flags
// (and Beam's), whose errors panic instead of exiting, and returns what
// it parsed; the flags keep their values until reset runs.
func parseArgs(t *testing.T, saved *flag.FlagSet, args []string) (cl commandLine, reset func()) {
	fs := flag.NewFlagSet("hull-beam", flag.PanicOnError)
	fs.SetOutput(io.Discard)
	saved.VisitAll(func(fl *flag.Flag) { fs.Var(fl.Value, fl.Name, fl.Usage) })
	flag.CommandLine = fs
	inputs, stopwords = nil, nil
	reset = func() {
		fs.Visit(func(fl *flag.Flag) {
			if _, ok := fl.Value.(*repeatedFlag); !ok {
				fl.Value.Set(saved.Lookup(fl.Name).DefValue)
			}
		})
		inputs, stopwords = nil, nil
		flag.CommandLine = saved
	}
	func() {
		defer func() {
			if r := recover(); r != nil {
				if _, bad := r.(runtime.Error); bad {
					panic(r)
				}
				if _, ok := r.(error); !ok {
					panic(r)
				}
				cl.exited = true // the flag package's error: exit status 2
			}
		}()
		parse(args)
	}()
	cl.inputs, cl.stopwords = slices.Clone(inputs), slices.Clone(stopwords)
	cl.set = map[string]string{}
	fs.Visit(func(fl *flag.Flag) { cl.set[fl.Name] = fl.Value.String() })
	return cl, reset
}

// joinValues returns args with each flag that takes a value given as
// --name=value: the same command line, as the flag package reads it.
func joinValues(fs *flag.FlagSet, args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		s := args[i]
		if s == "--" {
			return append(out, args[i:]...)
		}
		if len(s) < 2 || s[0] != '-' {
			out = append(out, s)
			continue
		}
		name := strings.TrimPrefix(s[1:], "-")
		if name == "" || name[0] == '-' || name[0] == '=' || strings.Contains(name, "=") {
			out = append(out, s)
			continue
		}
		fl := fs.Lookup(name)
		if fl == nil || isBoolFlag(fl) || i+1 == len(args) {
			out = append(out, s)
			continue
		}
		out = append(out, "--"+name+"="+args[i+1])
		i++
	}
	return out
}

func isBoolFlag(fl *flag.Flag) bool {
	b, ok := fl.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// FuzzParse: a command line (its arguments separated by NUL, which no
// argument holds) parses without a panic, or fails with the flag
// package's error (exit status 2); it parses as the same command line
// with each flag's value joined to it (--name=value): interspersed
// inputs, each value taken whole, "--" ending the flags unless it is a
// flag's value; arguments that are no flags are the inputs, in order;
// and the options it gives are refused with an error naming a flag, or
// accepted as given.
func FuzzParse(f *testing.F) {
	for _, args := range [][]string{
		{"--input", "shards/*.txt", "--output", "corpus.stats"},
		{"--input", "a.txt", "-o", "out.stats", "--stopwords", "my,stops.txt", "--stopwords", `"q".txt`, "b.txt"},
		{"a.txt", "--output", "o.stats", "--min-df", "2", "--max-df", "0.5", "--max-vocab", "100", "--stem", "c.txt"},
		{"--output", "-", "a.txt", "--stem"},
		{"--output", "--", "a.txt", "--stem"},
		{"--output", "o.stats", "--", "--a.txt", "-b"},
		{"--output=o.stats", "--range-mib", "8796093022208", "a.txt"},
		{"--output", "o.stats", "--range-mib", "0", "a.txt", "--no-prune", "--min-df=3"},
		{"--output", "o.stats", "--shuffle-partials", "--partials-dir", "/tmp", "a.txt"},
		{"--output", "o.stats", "--encoding", "latin1", "--strict", "a.txt"},
		{"--output", "o.stats", "--clean", "email,markup", "--token-rules", "english", "--drop-junk", "--min-length", "30", "a.txt"},
		{"--output", "o.stats", "--cooc-weighting", "tokens", "--format", "jsonl", "--vocab", "gs://b/v.txt", "a.jsonl"},
		{"--runner", "flink", "--endpoint", "localhost:8099", "--async", "--output", "gs://b/o.stats", "gs://b/in/*"},
		{"--runner", "dot", "--dot_file", "g.dot", "-o", "o.stats", "a.txt"},
		{"--runner", "bogus", "-o", "o.stats", "a.txt"},
		{"--dry_run", "-o", "o.stats", "a.txt"},
		{"--min-df", "x", "a.txt"},
		{"-help"},
		{"a.txt", "b.txt", "-", "c d.txt"},
		{},
	} {
		f.Add(strings.Join(args, "\x00"))
	}
	saved := flag.CommandLine
	f.Fuzz(func(t *testing.T, line string) {
		if len(line) > 1000 {
			t.Skip()
		}
		args := strings.Split(line, "\x00")
		if line == "" {
			args = nil
		}
		cl, reset := parseArgs(t, saved, args)
		defer reset()
		var opts error
		if !cl.exited {
			_, opts = options()
			if opts != nil && !strings.HasPrefix(opts.Error(), "--") && !strings.HasPrefix(opts.Error(), "no input") {
				t.Errorf("%q: options: error %q names no flag", args, opts)
			}
			if _, err := checkRunner(); err != nil && !strings.HasPrefix(err.Error(), "--") {
				t.Errorf("%q: checkRunner: error %q names no flag", args, err)
			}
		}
		reset()

		joined := joinValues(saved, args)
		cl2, reset2 := parseArgs(t, saved, joined)
		defer reset2()
		if cl.exited != cl2.exited || !cl.exited && !(slices.Equal(cl.inputs, cl2.inputs) && slices.Equal(cl.stopwords, cl2.stopwords) && equalSet(cl.set, cl2.set)) {
			t.Fatalf("%q parses as %+v, but %q as %+v", args, cl, joined, cl2)
		}
		if cl.exited {
			return
		}
		if !slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, "-") && a != "-" }) && !slices.Equal(cl.inputs, args) {
			t.Fatalf("%q: inputs %q, want the arguments", args, cl.inputs)
		}
		if i := slices.Index(joined, "--"); i >= 0 && len(cl.inputs) < len(joined)-i-1 || i >= 0 && !slices.Equal(cl.inputs[len(cl.inputs)-(len(joined)-i-1):], joined[i+1:]) {
			t.Fatalf("%q: inputs %q, want those after -- among them", args, cl.inputs)
		}
		if o, err := options(); err == nil {
			if !slices.Equal(o.Inputs, cl.inputs) || o.Output != *output || o.RangeBytes != *rangeMiB<<20 || o.RangeBytes <= 0 ||
				!slices.Equal(o.Text.StopWordFiles, cl.stopwords) || o.ShufflePartials != (o.PartialsDir == "") {
				t.Fatalf("%q: options %+v", args, o)
			}
		} else if opts == nil || err.Error() != opts.Error() {
			t.Fatalf("%q: options: %v, then %v", args, opts, err)
		}
	})
}

func equalSet(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// FuzzReachEndpoint: --endpoint is left to Beam unless it is HOST:PORT;
// a port out of range is bad input (exit status 2) naming the flag and
// the port; any other address is dialled, and a failure names the flag
// (exit status 1). The resolver answers nothing and the context is
// cancelled: nothing leaves the machine.
func FuzzReachEndpoint(f *testing.F) {
	for _, s := range []string{"localhost:8099", "127.0.0.1:1", "localhost:99999", "localhost:0", "[::1]:8099", "dns:///jobs.example", "jobs.example:8099",
		"localhost:", ":8099", "localhost:+80", "localhost:0080", "a:b:c", "localhost:99999999999999999999"} {
		f.Add(s)
	}
	old := net.DefaultResolver
	net.DefaultResolver = &net.Resolver{PreferGo: true, Dial: func(context.Context, string, string) (net.Conn, error) {
		return nil, errors.New("no DNS while fuzzing")
	}}
	f.Cleanup(func() { net.DefaultResolver = old })
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	f.Fuzz(func(t *testing.T, addr string) {
		err := reachEndpoint(ctx, addr, time.Millisecond)
		host, port, serr := net.SplitHostPort(addr)
		hostPort := serr == nil && !strings.Contains(host, "/") && strings.Trim(port, "0123456789") == ""
		switch {
		case err == nil:
			if hostPort {
				t.Fatalf("reachEndpoint(%q): no error, though nothing can answer", addr)
			}
		case !hostPort:
			t.Fatalf("reachEndpoint(%q) = %v, want it left to Beam", addr, err)
		case exitStatus(err) == 2:
			n, aerr := strconv.Atoi(port)
			if aerr == nil && n >= 1 && n <= 65535 {
				t.Fatalf("reachEndpoint(%q) = %v: the port is in range", addr, err)
			}
			if want := "--endpoint " + addr + ": the port " + port + " is not a number from 1 to 65535"; err.Error() != want {
				t.Fatalf("reachEndpoint(%q) = %q, want %q", addr, err, want)
			}
		default:
			if !strings.HasPrefix(err.Error(), "--endpoint "+addr+": no job service answers there") {
				t.Fatalf("reachEndpoint(%q) = %q", addr, err)
			}
		}
	})
}

// FuzzRunError: the error of a run, as hull-beam prints it: one line,
// nothing unsafe for the terminal, exit status 2 for bad input only; a
// DoFn's error marked as bad input is printed whole, with the options
// named by their flags.
func FuzzRunError(f *testing.F) {
	for _, s := range []string{
		"job failed: worker lost",
		"stage [accumulateFn] failed:\nbad input: a.jsonl:3: \"text\" must be a string",
		"stage [writeFn] failed:\nwrite o.stats: no space left on device",
		"stage [scanFn] failed:\nbad input: x\x1b]0;PWNED\ax.jsonl:1: \"text\" must be a string",
		"stage [planFn] failed:\nbad input: Options.Text.Stem: only raw text is tokenized",
		"stage [x] failed:\nReadOptions.Vocab (a file) or ReadOptions.VocabWords\nerror may be due to Apache Beam Go's migration",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, msg string) {
		err := runError(errors.New(msg))
		line := errorLine(err)
		if !strings.HasPrefix(line, "hull-beam: ") || !utf8.ValidString(line) || strings.ContainsFunc(line, textsafe.Unsafe) {
			t.Fatalf("runError(%q) prints %q", msg, line)
		}
		bad := strings.Contains(msg, "] failed:\n") && strings.Contains(msg, badInputMarkText)
		if exitStatus(err) == 2 && !bad {
			t.Fatalf("runError(%q): exit status 2, but no input is marked bad", msg)
		}
		if strings.TrimSpace(msg) != msg || msg == "" || strings.Contains(msg, "] failed:\n") || strings.Contains(msg, "\nerror may be due to") {
			return
		}
		err = runError(errors.New("stage [scanFn] failed:\n" + badInputMarkText + msg))
		if exitStatus(err) != 2 || errorLine(err) != "hull-beam: "+textsafe.Escape(readFlags.Replace(msg)) {
			t.Fatalf("a bad input %q: exit status %d, %q", msg, exitStatus(err), errorLine(err))
		}
	})
}

// badInputMarkText is the pipeline's mark of an error of an input.
const badInputMarkText = "bad input: "

// TestParseDashDashValue: "--" as a flag's value does not end the flags
// (FuzzParse's invariant: the arguments after a later input were all
// taken as inputs, --stem among them); "--" itself does.
func TestParseDashDashValue(t *testing.T) {
	saved := flag.CommandLine
	for _, tc := range []struct {
		args, inputs []string
		stem         bool
	}{
		{[]string{"--output", "--", "a.txt", "--stem"}, []string{"a.txt"}, true},
		{[]string{"--output=o.stats", "--", "a.txt", "--stem"}, []string{"a.txt", "--stem"}, false},
		{[]string{"--stem", "--", "a.txt", "--stem"}, []string{"a.txt", "--stem"}, true},
		{[]string{"-o", "o.stats", "--input", "--", "--", "-b"}, []string{"--", "-b"}, false},
	} {
		cl, reset := parseArgs(t, saved, tc.args)
		if cl.exited || !slices.Equal(cl.inputs, tc.inputs) || (cl.set["stem"] == "true") != tc.stem {
			t.Errorf("%q: %+v, want inputs %q, --stem %v", tc.args, cl, tc.inputs, tc.stem)
		}
		reset()
	}
}
