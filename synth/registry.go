package synth

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/hulltopics/hull/internal/options"
)

// Option is one parameter of a generator that can be set by name from a
// string: a field of the generator's struct.
type Option struct {
	Field string // the struct's field, e.g. "AnchorsPerTopic"
	Flag  string // the command line's name for it, e.g. "anchors-per-topic"
	Short string // the command line's one-letter name, or ""
	Usage string // one line: what it sets
	Param string // the key of the truth's Params recording the value used
}

// Spec describes a generator to the registry: its name, what it draws,
// its options and how to build it. This package registers its generators
// (all but Demo) in an init function.
type Spec struct {
	Name  string // as "hull synth" takes it, and the truth's Params["generator"]
	Short string // one line: what it generates
	Long  string // the command's help: the model, its paper, its cost
	// Options are the generator's parameters, in the order to show them.
	Options []Option
	// Defaults returns a pointer to a new generator struct (for "semi", a
	// struct that also holds the model's file) holding the defaults.
	Defaults func() any
	// New validates such a struct (passed as the same pointer) and
	// returns the generator.
	New func(p any) (WeightsGenerator, error)
}

// ErrUnknownGenerator is wrapped by Lookup's error for a name no
// generator is registered under.
var ErrUnknownGenerator = errors.New("unknown generator")

var registry options.Registry[Spec]

// Register adds s to the registry. It panics when the name is taken, when
// an option names no settable field of the struct Defaults returns, or
// when two options share a field, a flag or a short name: these are
// programming errors.
func Register(s Spec) {
	if s.Name == "" || s.Defaults == nil || s.New == nil {
		panic("synth: Register needs Name, Defaults and New")
	}
	p := s.Defaults()
	seen := map[string]bool{}
	for _, o := range s.Options {
		if _, err := options.Kind(p, o.Field); err != nil || o.Flag == "" || o.Param == "" ||
			seen[o.Field] || seen["--"+o.Flag] || (o.Short != "" && seen["-"+o.Short]) {
			panic(fmt.Sprintf("synth: %s: option %s (--%s) is not a settable field, lacks a flag or a Param, or is listed twice", s.Name, o.Field, o.Flag))
		}
		seen[o.Field], seen["--"+o.Flag], seen["-"+o.Short] = true, true, o.Short != ""
	}
	if !registry.Add(s.Name, &s) {
		panic("synth: " + s.Name + " registered twice")
	}
}

// Lookup returns a copy of the spec registered under name, or an error
// wrapping ErrUnknownGenerator that lists the registered names. Changing
// the copy leaves the registry as it is.
func Lookup(name string) (*Spec, error) {
	s, ok := registry.Get(name)
	if !ok {
		return nil, fmt.Errorf("synth: %w %q (want %s)", ErrUnknownGenerator, name, strings.Join(Names(), "|"))
	}
	return s.clone(), nil
}

// clone returns a copy of s that shares nothing it could change with s.
func (s *Spec) clone() *Spec {
	c := *s
	c.Options = slices.Clone(s.Options)
	return &c
}

// Names returns the registered generator names, sorted.
func Names() []string {
	return registry.Names()
}

// Specs returns copies of the registered specs in the order of Names.
func Specs() []*Spec {
	all := registry.All()
	for i, s := range all {
		all[i] = s.clone()
	}
	return all
}

// New builds the generator registered under name with the options given
// by Field or Flag name as strings ("CatchwordsPerTopic": "5" or
// "catchwords-per-topic": "5"), the others keeping their defaults. It is
// Lookup followed by Spec.Build.
func New(name string, values map[string]string) (WeightsGenerator, error) {
	spec, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	return spec.Build(values)
}

// Build sets the named options (Field, Flag or Short names; values parsed by the
// field's type, floats accepting "inf") on a copy of the defaults and
// builds the generator. A name that is not one of the spec's options, or a
// value that does not parse, gives an *OptionError; the generator's
// validation may give another. Options are applied in name order, so the
// result does not depend on map order. An empty value of a string option
// is its default, as leaving it out is, as for learners (learner.Spec.Build).
func (sp *Spec) Build(values map[string]string) (WeightsGenerator, error) {
	p := sp.Defaults()
	for _, n := range slices.Sorted(maps.Keys(values)) {
		o, ok := sp.Option(n)
		if !ok {
			return nil, &OptionError{Generator: sp.Name, Field: n, Value: values[n], Want: "one of the options of " + sp.Name + " (" + sp.optionNames() + ")"}
		}
		if values[n] == "" && sp.Kind(o) == "string" {
			continue // the default
		}
		if err := options.Set(p, o.Field, values[n]); err != nil {
			return nil, &OptionError{Generator: sp.Name, Field: o.Field, Value: options.Given(values[n]), Want: err.Error()}
		}
	}
	return sp.New(p)
}

// Option returns the option whose Field, Flag or Short is name.
func (sp *Spec) Option(name string) (Option, bool) {
	for _, o := range sp.Options {
		if o.Field == name || o.Flag == name || o.Short != "" && o.Short == name {
			return o, true
		}
	}
	return Option{}, false
}

// optionNames lists the spec's options by field and flag, for errors.
func (sp *Spec) optionNames() string {
	return options.List(sp.Options, func(o Option) (string, string) { return o.Field, o.Flag })
}

// Flag returns the command-line name of the option whose field is field,
// or "" if it has none, for messages that speak to the command line's
// user.
func (sp *Spec) Flag(field string) string {
	o, _ := sp.Option(field)
	return o.Flag
}

// Default returns the default value of option o as Build reads it back
// ("0" for a zero number).
func (sp *Spec) Default(o Option) string { return options.Value(sp.Defaults(), o.Field) }

// Kind returns the type of option o as the command line names it: "int",
// "uint", "float", "bool" or "string".
func (sp *Spec) Kind(o Option) string {
	k, _ := options.Kind(sp.Defaults(), o.Field)
	return k
}
