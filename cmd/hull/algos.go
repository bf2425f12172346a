package main

import (
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/synth"
	"github.com/spf13/pflag"

	// The learners register their names and options with package learner.
	_ "github.com/hulltopics/hull/learner/all"
)

// learnerFlags are the options of every registered learner, bound as flags
// of one command: each flag name once, whichever learners share it.
type learnerFlags struct {
	fs     *pflag.FlagSet
	owners map[string][]*learner.Spec // flag name -> the learners that have it
}

// optionValue is a learner option as a flag: the text as typed, parsed by
// the learner when it is built.
type optionValue struct {
	text, kind string
}

func (v *optionValue) String() string     { return v.text }
func (v *optionValue) Set(s string) error { v.text = s; return nil }
func (v *optionValue) Type() string       { return v.kind }

// bindLearnerFlags registers every learner option of the registry on fs.
// A flag shared by learners gets one usage line naming them; where their
// usages differ, each learner's is given.
func bindLearnerFlags(fs *pflag.FlagSet) *learnerFlags {
	lf := &learnerFlags{fs: fs, owners: map[string][]*learner.Spec{}}
	var order []string
	for _, s := range learner.Specs() {
		for _, o := range s.Options {
			if lf.owners[o.Flag] == nil {
				order = append(order, o.Flag)
			}
			lf.owners[o.Flag] = append(lf.owners[o.Flag], s)
		}
	}
	for _, name := range order {
		specs := lf.owners[name]
		first, _ := specs[0].Option(name)
		v := &optionValue{text: specs[0].Default(first), kind: specs[0].Kind(first)}
		f := fs.VarPF(v, name, "", optionUsage(name, specs))
		f.DefValue = v.text
		for _, s := range specs[1:] {
			o, _ := s.Option(name)
			if s.Default(o) != v.text {
				f.DefValue = "" // defaults differ: each usage says its own
			}
		}
		if v.kind == "bool" {
			f.NoOptDefVal = "true"
		}
	}
	return lf
}

// optionUsage is the usage line of flag name shared by specs: "a, b: usage"
// when they agree, else the learners grouped by their usage, "a, b: usage;
// c: other usage", in the order of their first learner.
func optionUsage(name string, specs []*learner.Spec) string {
	var usages []string
	names := map[string][]string{}
	for _, s := range specs {
		o, _ := s.Option(name)
		if names[o.Usage] == nil {
			usages = append(usages, o.Usage)
		}
		names[o.Usage] = append(names[o.Usage], s.Name)
	}
	parts := make([]string, len(usages))
	for i, u := range usages {
		parts[i] = strings.Join(names[u], ", ") + ": " + u
	}
	return strings.Join(parts, "; ")
}

// changed returns the learner flags set on the command line, sorted.
func (lf *learnerFlags) changed() []string {
	var out []string
	for name := range lf.owners {
		if lf.fs.Changed(name) {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// check returns an error when a learner flag set on the command line
// belongs to none of algos, naming the learners it belongs to and flag,
// the command's flag of the algorithms (--algo, --algos).
func (lf *learnerFlags) check(flag string, algos ...string) error {
	for _, name := range lf.changed() {
		if slices.IndexFunc(lf.owners[name], func(s *learner.Spec) bool { return slices.Contains(algos, s.Name) }) < 0 {
			var owners []string
			for _, s := range lf.owners[name] {
				owners = append(owners, s.Name)
			}
			return fmt.Errorf("--%s does not apply to %s %s (it is an option of %s)", name, flag, strings.Join(algos, ","), strings.Join(owners, ", "))
		}
	}
	return nil
}

// options returns the flags set on the command line that belong to algo.
func (lf *learnerFlags) options(algo string) map[string]string {
	out := map[string]string{}
	for _, name := range lf.changed() {
		if slices.ContainsFunc(lf.owners[name], func(s *learner.Spec) bool { return s.Name == algo }) {
			out[name] = lf.fs.Lookup(name).Value.String()
		}
	}
	return out
}

// args returns the flags set on the command line that belong to algo, as
// arguments of a "hull fit" child.
func (lf *learnerFlags) args(algo string) []string {
	var out []string
	opts := lf.options(algo)
	for _, name := range slices.Sorted(maps.Keys(opts)) {
		out = append(out, "--"+name+"="+opts[name])
	}
	return out
}

// build checks the set flags against algo, given by --algo, and builds it
// with s for k topics (0: not known yet): the options that K alone rules
// out are refused here, before any input is read (learner.Spec.CheckK).
func (lf *learnerFlags) build(algo string, s learner.Settings, k int) (learner.Learner, error) {
	if err := lookupAlgorithm("--algo", algo); err != nil {
		return nil, err
	}
	if err := lf.check("--algo", algo); err != nil {
		return nil, err
	}
	return lf.buildOwn(algo, s, k)
}

// validate checks, before any input is read, that algos, given by
// --algos, are learners, that every set flag belongs to one of them and
// that each builds with s and the flags that are its own, for each of ks,
// the numbers of topics; its errors name --algos.
func (lf *learnerFlags) validate(algos []string, s learner.Settings, ks ...int) error {
	const flag = "--algos"
	if len(algos) == 0 {
		return errors.New(flag + " is empty: want at least one algorithm (" + algorithmNames() + ")")
	}
	for _, a := range algos {
		if err := lookupAlgorithm(flag, a); err != nil {
			return err
		}
	}
	for i, a := range algos {
		if slices.Contains(algos[:i], a) {
			return fmt.Errorf("--algos: %s is given twice: its rows would be one algorithm's (give each once)", a)
		}
	}
	if err := lf.check(flag, algos...); err != nil {
		return err
	}
	if len(ks) == 0 {
		ks = []int{0} // K not known: what it rules out is checked at the fit
	}
	for _, a := range algos {
		for _, k := range ks {
			if _, err := lf.buildOwn(a, s, k); err != nil {
				return fmt.Errorf("%s %s: %w", flag, a, err)
			}
		}
	}
	return nil
}

// buildOwn builds algo with s and the set flags that belong to it, for k
// topics (0: not known yet; see build).
func (lf *learnerFlags) buildOwn(algo string, s learner.Settings, k int) (learner.Learner, error) {
	spec, err := learner.Lookup(algo)
	if err != nil {
		return nil, lookupAlgorithm("--algo", algo) // build and validate looked it up first
	}
	l, err := spec.BuildK(s, lf.options(algo), k)
	if err != nil {
		return nil, commandLineError(err, spec)
	}
	return l, nil
}

// logInFlags returns log with every line naming the options of algo by
// their flags, as its errors do (commandLineError): the learners' log
// lines name their Go fields ("MinCentreSize lowered to 3"). nil stays
// nil.
func logInFlags(log func(string), algo string) func(string) {
	if log == nil {
		return nil
	}
	return func(line string) { log(learnerFlagWords(line, []string{algo})) }
}

// algorithmNames lists the registered learners for help texts.
func algorithmNames() string { return strings.Join(learner.Names(), "|") }

// algorithmHelp lists the registered learners with their summaries.
func algorithmHelp() string {
	s := ""
	for _, spec := range learner.Specs() {
		s += fmt.Sprintf("%-10s %s\n  ", spec.Name, spec.Summary)
	}
	return s
}

// lookupAlgorithm checks that name, given by flag (--algo, --algos), is
// a registered learner, in the words of the command line.
func lookupAlgorithm(flag, name string) error {
	if _, err := learner.Lookup(name); err != nil {
		return fmt.Errorf("unknown %s %q (want %s)", flag, name, algorithmNames())
	}
	return nil
}

// commandLineError rewrites the library's errors in the command line's
// words: an option error of spec's learner (nil: the learner the error
// names) or of a synthetic generator names the flag, a memory error says
// which flags lower the need, and another error of spec's learner names
// its options by their flags (flagWords). It is the one place that maps
// Go fields to flags.
func commandLineError(err error, spec *learner.Spec) error {
	var se *synth.OptionError
	if errors.As(err, &se) {
		if gen, _ := synth.Lookup(se.Generator); gen != nil && gen.Flag(se.Field) != "" {
			if se.Value == "" { // a field New wants and no flag gave
				return fmt.Errorf("--%s is required: want %s", gen.Flag(se.Field), se.Want)
			}
			want := se.Want
			for _, o := range gen.Options {
				want = fieldAsFlag(want, o.Field, o.Flag)
			}
			return fmt.Errorf("--%s %v: want %s", gen.Flag(se.Field), se.Value, want)
		}
		return err
	}
	var oe *learner.OptionError
	if errors.As(err, &oe) {
		if spec == nil {
			spec, _ = learner.Lookup(oe.Learner)
		}
		if flag := spec.Flag(oe.Field); flag != "" {
			return fmt.Errorf("--%s %v: want %s", flag, oe.Value, flagWords(oe.Want, spec))
		}
		return err
	}
	var me *learner.MemoryError
	if errors.As(err, &me) {
		return fmt.Errorf("%w (--max-vocab, --max-df, -k), or raise --max-memory", err)
	}
	if spec != nil && flagWords(err.Error(), spec) != err.Error() {
		return fieldsAsFlags{err, spec}
	}
	return err
}

// fieldsAsFlags is an error whose text names the learner's options by their
// flags where the library's names their Go fields ("raise Projections" ->
// "raise --proj-p"); it wraps the library's error.
type fieldsAsFlags struct {
	err  error
	spec *learner.Spec
}

func (e fieldsAsFlags) Unwrap() error { return e.err }

func (e fieldsAsFlags) Error() string { return flagWords(e.err.Error(), e.spec) }

// learnerFlagWords is flagWords for the options of every learner in
// algos (a log line may quote any of their errors).
func learnerFlagWords(msg string, algos []string) string {
	for _, a := range algos {
		if spec, err := learner.Lookup(a); err == nil {
			msg = flagWords(msg, spec)
		}
	}
	return msg
}

// flagWords names in msg spec's options by their flags where the library
// names their Go fields: "Rectify = ap" -> "--rectify ap", "raise
// Projections" -> "raise --proj-p", "Options.M" -> "--score-m".
func flagWords(msg string, spec *learner.Spec) string {
	for _, o := range spec.Options {
		msg = fieldAsFlag(msg, o.Field, o.Flag)
	}
	return msg
}

// fieldAsFlag names in msg the Go field by its flag, for flagWords and
// for the generators' options.
func fieldAsFlag(msg, field, flag string) string {
	msg = regexp.MustCompile(`\bOptions\.`+field+` = `).ReplaceAllString(msg, "--"+flag+" ")
	msg = regexp.MustCompile(`\bOptions\.`+field+`\b`).ReplaceAllString(msg, "--"+flag)
	if len(field) > 1 { // a one-letter field could be any capital
		msg = regexp.MustCompile(`\b`+field+` = `).ReplaceAllString(msg, "--"+flag+" ")
		msg = regexp.MustCompile(`\b`+field+`\b`).ReplaceAllString(msg, "--"+flag)
	}
	return msg
}
