package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hulltopics/hull/beam/pipeline"
	"github.com/hulltopics/hull/corpus"
)

// TestExitStatus: the flags' and the inputs' errors exit 2, as hull's, a
// malformed input found during the run too; the runner's and the file
// system's exit 1.
func TestExitStatus(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want int
	}{
		{badInput{errors.New("--min-df -1: want >= 0")}, 2},
		{fmt.Errorf("building: %w", badInput{errors.New("x")}), 2},
		{runError(errors.New("job failed: worker lost")), 1},
		// A DoFn's errors, as the runner returns them.
		{runError(errors.New("stage [accumulateFn] failed:\nbad input: a.jsonl:3: \"text\" must be a string")), 2},
		{runError(errors.New("stage [writeFn] failed:\nwrite o.stats: no space left on device")), 1},
		{errors.New("the pipeline ended without writing o.stats"), 1},
	} {
		if got := exitStatus(tc.err); got != tc.want {
			t.Errorf("exitStatus(%v) = %d, want %d", tc.err, got, tc.want)
		}
	}
}

// TestErrorLineEscapes: a file name of the inputs with terminal controls
// is printed escaped.
func TestErrorLineEscapes(t *testing.T) {
	got := errorLine(runError(errors.New("stage [scanFn] failed:\nbad input: x\x1b]0;PWNED\ax.jsonl:1: \"text\" must be a string")))
	if want := `hull-beam: x\x1b]0;PWNED\ax.jsonl:1: "text" must be a string`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestCheckRunner: an unknown runner, and Beam's flags that would change
// nothing with the runner given, are refused before the run (Beam exits
// at once on an unknown runner, leaving its temporary directory; --async
// on Prism panicked).
func TestCheckRunner(t *testing.T) {
	for _, tc := range []struct {
		flags map[string]string
		want  string // "" for accepted
	}{
		{map[string]string{}, ""},
		{map[string]string{"runner": "bogus"}, "--runner bogus: want one of"},
		{map[string]string{"async": "true"}, "--async: the prism runner runs the job in this process"},
		{map[string]string{"runner": "flink", "async": "true"}, ""},
		{map[string]string{"dry_run": "true"}, "--dry_run: only --runner dataflow"},
		{map[string]string{"dot_file": "g.dot"}, "--dot_file: only --runner dot"},
		{map[string]string{"runner": "dot"}, "--runner dot: give --dot_file"},
		{map[string]string{"runner": "dot", "dot_file": "g.dot"}, ""},
		{map[string]string{"runner": "dataflow", "template_location": "gs://b/t"}, "--template_location: hull-beam runs its pipeline"},
		{map[string]string{"runner": "dot", "dot_file": "g.dot", "endpoint": "127.0.0.1:1"}, "--endpoint: the dot runner uses no job service"},
		{map[string]string{"runner": "flink", "endpoint": "127.0.0.1:1"}, ""},
	} {
		for name, v := range tc.flags {
			if err := flag.Set(name, v); err != nil {
				t.Fatal(err)
			}
		}
		_, err := checkRunner()
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%v: error %v, want %q", tc.flags, err, tc.want)
		}
		for name := range tc.flags {
			f := flag.Lookup(name)
			if err := f.Value.Set(f.DefValue); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestOptionsRefused: an output "-" (a file named "-" was written) and a
// --range-mib whose bytes overflow (it became another value) are refused.
func TestOptionsRefused(t *testing.T) {
	inputs = repeatedFlag{"a.txt"}
	defer func() { inputs = nil; *output = ""; *rangeMiB = 64 }()
	for _, tc := range []struct {
		out  string
		mib  int64
		want string
	}{
		{"-", 64, "--output -: hull-beam writes a file"},
		{"o.stats", 1 << 43, "--range-mib 8796093022208: want 1 to 1048576"},
		{"o.stats", 0, "--range-mib 0: want 1 to"},
	} {
		*output, *rangeMiB = tc.out, tc.mib
		if _, err := options(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("--output %s --range-mib %d: error %v, want %q", tc.out, tc.mib, err, tc.want)
		}
	}
}

// TestProgressHandler: the pipeline's progress lines, as Prism relays
// them, are printed escaped; the runner's records are not.
func TestProgressHandler(t *testing.T) {
	var b strings.Builder
	log := slog.New(progressHandler{&b})
	log.Info("[SDK] hull: vocabulary pass: x\x1b[2Jy.txt: 3 documents")
	log.Error("Bundle Failed.", "error", "bundle inst002 failed")
	log.Warn("[SDK] state request after bundle inactive")
	if got, want := b.String(), "hull-beam: vocabulary pass: x\\x1b[2Jy.txt: 3 documents\n"; got != want {
		t.Errorf("printed %q, want %q", got, want)
	}
	if r := (runner{name: "prism", endpoint: true}); r.inProcess() {
		t.Error("prism with --endpoint taken for a run in this process")
	}
	if r := (runner{name: "flink"}); r.inProcess() {
		t.Error("flink taken for a run in this process")
	}
}

func TestReachEndpoint(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	if err := reachEndpoint(context.Background(), addr, time.Second); err != nil {
		t.Errorf("a listening service: %v", err)
	}
	ln.Close()
	err = reachEndpoint(context.Background(), addr, time.Second)
	if err == nil || !strings.Contains(err.Error(), "--endpoint "+addr+": no job service answers there") {
		t.Errorf("a closed port: got %v", err)
	}
	if exitStatus(err) != 1 {
		t.Errorf("a closed port exits %d, want 1 (the environment's failure)", exitStatus(err))
	}
	if err := reachEndpoint(context.Background(), "localhost:99999", time.Second); err == nil || exitStatus(err) != 2 {
		t.Errorf("a port out of range: %v, want bad input (exit 2)", err)
	}
	if err := reachEndpoint(context.Background(), "dns:///jobs.example", time.Second); err != nil {
		t.Errorf("a gRPC target is Beam's to dial: %v", err)
	}
}

// TestRepeatedFlag: --stopwords takes each value whole, as hull's: a file
// name holding a comma or a quote was split as a list.
func TestRepeatedFlag(t *testing.T) {
	var l repeatedFlag
	fs := flag.NewFlagSet("hull-beam", flag.ContinueOnError)
	fs.Var(&l, "stopwords", "")
	if err := fs.Parse([]string{"--stopwords", "my,stops.txt", "--stopwords", `"q".txt`}); err != nil {
		t.Fatal(err)
	}
	if want := (repeatedFlag{"my,stops.txt", `"q".txt`}); !slices.Equal(l, want) {
		t.Errorf("got %q, want %q", l, want)
	}
}

// TestPartialsDirMustExist: a missing local --partials-dir is refused
// before the run (made for it, it was left behind empty), a remote one is
// the workers' to see.
func TestPartialsDirMustExist(t *testing.T) {
	saved := *partials
	defer func() { *partials = saved }()
	dir := t.TempDir()
	for given, ok := range map[string]bool{dir: true, dir + "/missing": false, "gs://bucket/tmp": true} {
		*partials = given
		if err := checkLocalFiles(); (err == nil) != ok {
			t.Errorf("--partials-dir %s: %v, want accepted %v", given, err, ok)
		}
	}
}

// TestFlagErrorVocab: a vocabulary file refused when the pipeline is
// built (read then, once) is named by its flag.
func TestFlagErrorVocab(t *testing.T) {
	err := flagError(&pipeline.OptionError{Field: "Vocab", Err: errors.New(`v.txt:3: duplicate word "rain" (also on line 1)`)})
	if want := `--vocab: v.txt:3: duplicate word "rain" (also on line 1)`; err.Error() != want {
		t.Errorf("got %q, want %q", err, want)
	}
	// Malformed, it is bad input (exit 2, as hull's); not fetched or not
	// read, the file system's failure (exit 1).
	for _, tc := range []struct {
		err  error
		want bool
	}{
		{&pipeline.OptionError{Field: "Vocab", Err: &corpus.ParseError{File: "v.txt", Line: 3, Msg: "duplicate word"}}, false},
		{&pipeline.OptionError{Field: "Vocab", Err: errors.New(`gs://b/v.txt: Get "https://storage.googleapis.com/b/v.txt": no such host`)}, true},
		{&pipeline.OptionError{Field: "Output", Err: errors.New("x")}, false},
		{errors.New("gs://b/*.txt: no file matches"), false},
		// On a file system hull-beam has not: bad input, as an output
		// there is.
		{&pipeline.OptionError{Field: "Vocab", Err: &pipeline.SchemeError{Path: "s3://b/v.txt", Scheme: "s3"}}, false},
	} {
		if got := vocabUnread(tc.err); got != tc.want {
			t.Errorf("vocabUnread(%v) = %v, want %v", tc.err, got, tc.want)
		}
	}
}

// TestFlagErrorPartialsDir: an error of the partials directory names its
// flag (it began ": ").
func TestFlagErrorPartialsDir(t *testing.T) {
	err := flagError(&pipeline.OptionError{Field: "PartialsDir", Err: &pipeline.SchemeError{Path: "s3://b/tmp/.hull-beam-1", Scheme: "s3"}})
	if !strings.HasPrefix(err.Error(), "--partials-dir: s3://b/tmp/.hull-beam-1: no file system here serves s3://") {
		t.Errorf("got %q", err)
	}
}
