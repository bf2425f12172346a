package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/spf13/pflag"
)

// Every learner's options are flags of fit and bench, bound from the
// registry; a flag that belongs to none of the chosen learners is an error
// naming its learner, found before any input is read.
func TestLearnerFlagsFromTheRegistry(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-such-corpus.txt")
	expectBadInput(t, []badInput{
		{"flag of another learner", []string{"fit", "-q", "--algo", "gibbs", "-k", "3", "--tsvd-w0", "0.3", missing}, "--tsvd-w0 does not apply to --algo gibbs (it is an option of tsvd)"},
		{"bad value before reading", []string{"fit", "-q", "--algo", "ddp", "-k", "3", "--proj-far", "2", missing}, "--proj-far 2: want in [0, 1] (0: the default, 0.5)"},
		// Fields named in what is wanted are flags too.
		{"other option in want", []string{"fit", "-q", "-k", "3", "--anchor-project-dim", "5", missing}, "--anchor-project-dim 5: want 0 unless --rectify none ("},
		{"recover and --rectify", []string{"fit", "-q", "--algo", "recover", "-k", "3", "--rectify", "ap", missing}, "--rectify ap: want none or auto for the original recovery ("},
		{"unparsable value", []string{"fit", "-q", "--algo", "tsvd", "-k", "3", "--tsvd-w0", "x", missing}, "--tsvd-w0 x: want a number"},
		// An empty value (an unset script variable) is said to be one.
		{"empty number", []string{"fit", "-q", "-k", "3", "--refine=", missing}, "hull: --refine \"\": want an integer\n"},
		{"synth: empty number", []string{"synth", "lda", "--alpha=", "-o", missing}, "hull: --alpha \"\": want a number\n"},
		{"-k before reading", []string{"fit", "-q", missing}, "-k is required with INPUT or --stats"},
		{"-k 0 before reading", []string{"fit", "-q", "-k", "0", missing}, "-k 0: want the number of topics to learn, at least 2"},
		{"-k 1 before reading", []string{"fit", "-q", "-k", "1", missing}, "-k 1: want the number of topics to learn, at least 2"},
		// pflag's own parse errors, said as hull's checks say them.
		{"integer flag", []string{"fit", "-q", "-k", "abc", missing}, "hull: -k/--topics abc: want an integer\n"},
		{"unsigned flag", []string{"fit", "-q", "-k", "3", "--seed", "-1", missing}, "hull: --seed -1: want a non-negative integer\n"},
		{"bool flag", []string{"fit", "--quiet=maybe", "-k", "3", missing}, "hull: -q/--quiet maybe: want true or false\n"},
		{"int list flag", []string{"bench", "plusone", "--knn", "5,x", missing}, "hull: --knn 5,x: want integers separated by commas\n"},
		{"bench: flag of no listed learner", []string{"bench", "--algos", "anchor,rp", "-k", "3", "--tsvd-w0", "0.3", missing}, "--tsvd-w0 does not apply to --algos anchor,rp (it is an option of tsvd)"},
		// bench and bench plusone have --algos, not fit's --algo.
		{"bench: unknown algorithm", []string{"bench", "--algos", "nope", "-k", "3", missing}, `unknown --algos "nope" (want `},
		{"bench plusone: unknown algorithm", []string{"bench", "plusone", "--algos", "anchor,nope", "-k", "3", missing}, `unknown --algos "nope" (want `},
		{"bench plusone: flag of no listed learner, named", []string{"bench", "plusone", "--algos", "anchor", "-k", "3", "--tsvd-eps", "0.2", missing}, "--tsvd-eps does not apply to --algos anchor (it is an option of tsvd)"},
		{"fit: unknown algorithm", []string{"fit", "-q", "--algo", "nope", "-k", "3", missing}, `unknown --algo "nope" (want `},
		{"bench: bad value", []string{"bench", "--algos", "anchor,tsvd", "-k", "3", "--tsvd-w0", "2", missing}, "--tsvd-w0 2: want in [0, 1] (0: the default, 1/K)"},
		{"bench plusone: flag of no listed learner", []string{"bench", "plusone", "--algos", "anchor", "-k", "3", "--delta", "0.5", missing}, "--delta does not apply"},
		{"--refine-always of a learner without it", []string{"fit", "-q", "--algo", "gibbs", "-k", "3", "--refine-always", missing}, "--refine-always does not apply to --algo gibbs (it is an option of anchor, anchor-kl, binning, ddp, kmeans, projector, recover, rp, score, tsvd)"},
		{"--refine-always without iterations", []string{"fit", "-q", "--algo", "binning", "-k", "3", "--refine", "0", "--refine-always", missing}, "--refine-always true: want false when --refine is 0"},
		// Options that the other flags switch off were ignored (exit 0,
		// the same topics).
		{"online option without --vb-online", []string{"fit", "-q", "--algo", "vb", "-k", "3", "--vb-kappa", "0.99", missing}, "--vb-kappa 0.99: want it left out: it changes nothing with --vb-online false"},
		{"rectification option without rectifying", []string{"fit", "-q", "-k", "3", "--rectify", "none", "--rectify-iter", "1", missing}, "--rectify-iter 1: want it left out: it changes nothing with --rectify none"},
		{"rectification option of recover", []string{"fit", "-q", "--algo", "recover", "-k", "3", "--rectify-words", "50", missing}, "--rectify-words does not apply to --algo recover (it is an option of anchor, anchor-kl)"},
		{"--refine-tol without refining", []string{"fit", "-q", "--algo", "tsvd", "-k", "3", "--refine", "0", "--refine-tol", "0.5", missing}, "--refine-tol 0.5: want it left out: it changes nothing with --refine 0"},
		{"--score-k0 with the sp search", []string{"fit", "-q", "--algo", "score", "-k", "3", "--score-search", "sp", "--score-k0", "5", missing}, "--score-k0 5: want it left out: it changes nothing with --score-search sp"},
		{"the automatic threshold's fraction with a threshold, binning", []string{"fit", "-q", "--algo", "binning", "-k", "3", "--proj-threshold", "0.1", "--proj-threshold-fraction", "0.9", missing}, "--proj-threshold-fraction 0.9: want it left out: it changes nothing with --proj-threshold 0.1"},
		{"--delta without scaling", []string{"fit", "-q", "--algo", "projector", "-k", "3", "--projector-no-scale", "--delta", "0.1", missing}, "--delta 0.1: want it left out: it changes nothing with --projector-no-scale true"},
	})
	fs := newFitCmd().Flags()
	for _, spec := range learner.Specs() {
		for _, o := range spec.Options {
			f := fs.Lookup(o.Flag)
			if f == nil {
				t.Errorf("%s: no flag --%s", spec.Name, o.Flag)
				continue
			}
			if !strings.Contains(f.Usage, spec.Name) {
				t.Errorf("--%s: usage %q does not name %s", o.Flag, f.Usage, spec.Name)
			}
		}
	}
}

// bench passes each learner the flags that are its own: tsvd gets
// --tsvd-w0, anchor does not, and both fit.
func TestBenchPassesLearnerFlags(t *testing.T) {
	dir := synthCorpus(t, "lda", "-k", "4", "--vocab-size", "200", "--docs", "400", "--doc-length", "60")
	code, out, errOut := hull(t, "bench", "--algos", "anchor,tsvd", "-k", "4", "--repeat", "1", "--tsvd-w0", "0.2", "--json",
		filepath.Join(dir, "docword.txt"))
	if code != 0 || strings.Contains(out, `"error"`) {
		t.Fatalf("exit %d: %s %s", code, out, errOut)
	}
	f := bindLearnerFlags(pflag.NewFlagSet("x", pflag.ContinueOnError))
	if err := f.fs.Parse([]string{"--tsvd-w0", "0.2", "--kmeans-iter=5"}); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(f.args("tsvd"), " "); got != "--tsvd-w0=0.2" {
		t.Errorf("tsvd child args %q", got)
	}
	if got := strings.Join(f.args("projector"), " "); got != "--kmeans-iter=5" {
		t.Errorf("projector child args %q", got)
	}
	if got := f.args("anchor"); len(got) != 0 {
		t.Errorf("anchor child args %q", got)
	}
}

// Every input flag given to hull bench reaches its child fits: each flag of
// the input set, set to a value other than its default, comes back from
// args and parses to the same value (--token-rules was left out once, and
// bench fitted with the default tokenizer).
func TestBenchPassesInputFlags(t *testing.T) {
	var in inputFlags
	in.bind(pflag.NewFlagSet("bench", pflag.ContinueOnError))
	given := map[string][]string{"stopwords": {"a.txt", "sw,x.txt", `"q".txt`}}
	in.own.VisitAll(func(f *pflag.Flag) {
		if given[f.Name] != nil {
			return
		}
		switch f.Value.Type() {
		case "bool":
			given[f.Name] = []string{"true"}
		case "int":
			given[f.Name] = []string{"7"}
		case "float64":
			given[f.Name] = []string{"0.25"}
		default:
			given[f.Name] = []string{"some value"}
		}
	})
	for name, values := range given {
		for _, v := range values {
			if err := in.own.Set(name, v); err != nil {
				t.Fatalf("--%s %s: %v", name, v, err)
			}
		}
	}
	var child inputFlags
	child.bind(pflag.NewFlagSet("fit", pflag.ContinueOnError))
	if err := child.own.Parse(in.args()); err != nil {
		t.Fatalf("args %q: %v", in.args(), err)
	}
	in.own.VisitAll(func(f *pflag.Flag) {
		if got := child.own.Lookup(f.Name); !got.Changed || got.Value.String() != f.Value.String() {
			t.Errorf("--%s: the child gets %q (given: %v), want %q", f.Name, got.Value, got.Changed, f.Value)
		}
	})
	var none inputFlags
	none.bind(pflag.NewFlagSet("bench", pflag.ContinueOnError))
	if a := none.args(); len(a) != 0 {
		t.Errorf("no input flag given: args %q", a)
	}
}

// --refine-always reaches the learner: distinct planted topics, which the
// rules keep, are refined and the model says so.
func TestRefineAlwaysFlag(t *testing.T) {
	dir := synthCorpus(t, "lda", "-k", "4", "--vocab-size", "200", "--docs", "400", "--doc-length", "60")
	for _, always := range []bool{false, true} {
		path := filepath.Join(t.TempDir(), "m.json")
		args := []string{"fit", "-q", "--algo", "kmeans", "-k", "4", "-o", path, filepath.Join(dir, "docword.txt")}
		if always {
			args = append(args, "--refine-always")
		}
		if code, _, errOut := hull(t, args...); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		m, err := model.Load(path)
		if err != nil {
			t.Fatal(err)
		}
		if m.Params["refined"] != always || (m.Params["refine_always"] == true) != always {
			t.Errorf("--refine-always %v: refined %v, refine_always %v", always, m.Params["refined"], m.Params["refine_always"])
		}
	}
	// The anchor learners take it too; with --rectify ap it is refused,
	// named by its flag.
	path := filepath.Join(t.TempDir(), "m.json")
	if code, _, errOut := hull(t, "fit", "-q", "--algo", "anchor", "-k", "4", "--refine-always", "-o", path, filepath.Join(dir, "docword.txt")); code != 0 {
		t.Fatalf("anchor --refine-always: exit %d: %s", code, errOut)
	}
	if m, err := model.Load(path); err != nil || m.Params["refine_always"] != true || m.Params["refined"] != true || m.Params["rectify_chosen"] != "none" {
		t.Errorf("anchor --refine-always: err %v, params %v", err, m.Params)
	}
	code, _, errOut := hull(t, "fit", "-q", "--algo", "anchor", "-k", "4", "--rectify", "ap", "--refine-always", filepath.Join(dir, "docword.txt"))
	if code != 2 || !strings.Contains(errOut, "--refine-always") {
		t.Errorf("anchor --rectify ap --refine-always: exit %d: %s", code, errOut)
	}
}
