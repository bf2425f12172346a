package learner

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/hulltopics/hull/internal/options"
)

// Option is one of a learner's own options: a field of its Options struct
// that can be set by name from a string.
type Option struct {
	Field string // the Options field, e.g. "AnchorMinDF"
	Flag  string // the command line's name for it, e.g. "anchor-min-df"
	Usage string // one line: what it sets and what its zero value means
	// Inert lists the settings of the learner's other options under which
	// this one changes nothing (vb's Kappa without Online): Build refuses
	// it given together with one of them, which is no fit the user meant.
	Inert []Inert
}

// Inert is a setting of another option, Field, under which an option
// changes nothing: Field holding Value (as its value prints, "" for the
// zero value), or with Unless any value but Value. Why, when set, says
// why in the refusal's words ("only the automatic MinDF is raised").
type Inert struct {
	Field, Value string
	Unless       bool
	Why          string
}

// holds reports whether the options opts point to are in the setting.
func (in Inert) holds(opts any) bool {
	return (options.Format(opts, in.Field) == in.Value) != in.Unless
}

// Spec describes a learner to the registry: its name, what it is, its own
// options and how to build it. Each learner package registers its specs
// in an init function, so importing the package makes its names known.
type Spec struct {
	Name    string   // as "hull fit --algo" takes it
	Summary string   // one line: the method and its paper
	Options []Option // the learner's own options, in the order to show them
	// Defaults returns a pointer to a new Options struct of the learner,
	// holding its defaults. The struct embeds Settings.
	Defaults func() any
	// New validates such an Options struct (passed as the same pointer)
	// and returns the learner.
	New func(opts any) (Learner, error)
	// CheckK, when set, validates such an Options struct, as given (zero
	// fields not yet filled in with their defaults), against k topics: the
	// checks of Fit that need K and no corpus (Topic-SCORE's M >= K),
	// which a program knowing K can run before it reads any input, where
	// Fit would fail after the read. It returns an *OptionError. BuildK
	// calls it.
	CheckK func(opts any, k int) error
}

// ErrUnknownLearner is wrapped by Lookup's error for a name no package has
// registered.
var ErrUnknownLearner = errors.New("unknown learner")

var registry options.Registry[Spec]

// Register adds s to the registry. It panics when the name is taken, when
// an option names no settable field of the Options struct, or when two
// options share a field or a flag: these are programming errors.
func Register(s Spec) {
	if s.Name == "" || s.Defaults == nil || s.New == nil {
		panic("learner: Register needs Name, Defaults and New")
	}
	opts := reflect.ValueOf(s.Defaults())
	if opts.Kind() != reflect.Pointer || opts.Elem().Kind() != reflect.Struct || !opts.Elem().FieldByName("Settings").IsValid() {
		panic(fmt.Sprintf("learner: %s: Defaults must return a pointer to an Options struct embedding Settings", s.Name))
	}
	seen := map[string]bool{}
	for _, o := range s.Options {
		if _, err := options.Kind(opts.Interface(), o.Field); err != nil || seen[o.Field] || seen["--"+o.Flag] || o.Flag == "" {
			panic(fmt.Sprintf("learner: %s: option %s (--%s) is not a settable field or is listed twice", s.Name, o.Field, o.Flag))
		}
		for _, in := range o.Inert {
			if !opts.Elem().FieldByName(in.Field).IsValid() {
				panic(fmt.Sprintf("learner: %s: option %s is inert under %s, no field of the options", s.Name, o.Field, in.Field))
			}
		}
		seen[o.Field], seen["--"+o.Flag] = true, true
	}
	if !registry.Add(s.Name, &s) {
		panic("learner: " + s.Name + " registered twice")
	}
}

// Lookup returns a copy of the spec registered under name, or an error
// wrapping ErrUnknownLearner that lists the registered names. Changing the
// copy leaves the registry as it is.
func Lookup(name string) (*Spec, error) {
	s, ok := registry.Get(name)
	if !ok {
		return nil, fmt.Errorf("%w %q (registered: %s; importing github.com/hulltopics/hull/learner/all registers every learner)", ErrUnknownLearner, name, strings.Join(Names(), "|"))
	}
	return s.clone(), nil
}

// clone returns a copy of s that shares nothing it could change with s.
func (s *Spec) clone() *Spec {
	c := *s
	c.Options = slices.Clone(s.Options)
	for i := range c.Options {
		c.Options[i].Inert = slices.Clone(c.Options[i].Inert)
	}
	return &c
}

// Names returns the registered learner names, sorted.
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

// New builds the learner registered under name with settings s and the
// options given by Field or Flag name as strings ("AnchorMinDF": "50" or
// "anchor-min-df": "50"). It is Lookup followed by Spec.Build.
func New(name string, s Settings, options map[string]string) (Learner, error) {
	spec, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	return spec.Build(s, options)
}

// Build sets s and the named options (Field or Flag names; values parsed
// by the field's type, floats accepting "inf") on a copy of the defaults
// and builds the learner. A name that is not one of the spec's options, or
// a value that does not parse, gives an *OptionError; the learner's own
// validation may give another, as does an option given under both its
// names. Options are applied in name order, so the result does not depend
// on map order. An empty value of a string option is its default, as
// leaving it out is ("--rectify=" from an unset script variable is
// anchor's auto, not the none its library's zero value means): every
// other enumerated option's New already takes "" for its default. An
// empty number is refused, as a number the flag lost.
func (sp *Spec) Build(s Settings, values map[string]string) (Learner, error) {
	return sp.BuildK(s, values, 0)
}

// BuildK is Build, then, for k > 0 topics and a spec with CheckK, the
// checks of the options against k: what Fit would refuse for k whatever
// the corpus, refused before any is read. k 0 (not known yet) checks
// nothing more than Build.
func (sp *Spec) BuildK(s Settings, values map[string]string, k int) (Learner, error) {
	opts, err := sp.options(s, values)
	if err != nil {
		return nil, err
	}
	l, err := sp.New(opts)
	if err != nil || k <= 0 || sp.CheckK == nil {
		return l, err
	}
	if err := sp.CheckK(opts, k); err != nil {
		return nil, err
	}
	return l, nil
}

// options returns a new Options struct of the spec's learner: its
// defaults, s and the named values set (see Build).
func (sp *Spec) options(s Settings, values map[string]string) (any, error) {
	opts := sp.Defaults()
	reflect.ValueOf(opts).Elem().FieldByName("Settings").Set(reflect.ValueOf(s))
	names := make([]string, 0, len(values))
	for n := range values {
		names = append(names, n)
	}
	slices.Sort(names)
	given := make(map[string]string, len(names)) // Field -> the name it was given by
	for _, n := range names {
		o, ok := sp.Option(n)
		if !ok {
			want := "one of the options of " + sp.Name + " (" + sp.optionNames() + ")"
			if owners := Owners(n); len(owners) > 0 {
				want = "an option of " + strings.Join(owners, ", ") + ", not of " + sp.Name
			}
			return nil, &OptionError{Learner: sp.Name, Field: n, Value: values[n], Want: want}
		}
		if first, twice := given[o.Field]; twice {
			return nil, &OptionError{Learner: sp.Name, Field: o.Field, Value: values[n],
				Want: fmt.Sprintf("one value: it is also given as %s = %q", first, values[first])}
		}
		given[o.Field] = n
		if values[n] == "" && sp.Kind(o) == "string" {
			continue // the default
		}
		if err := options.Set(opts, o.Field, values[n]); err != nil {
			return nil, &OptionError{Learner: sp.Name, Field: o.Field, Value: options.Given(values[n]), Want: err.Error()}
		}
	}
	for _, n := range names {
		o, _ := sp.Option(n)
		for _, in := range o.Inert {
			if in.holds(opts) {
				return nil, &OptionError{Learner: sp.Name, Field: o.Field, Value: values[n], Want: in.want(opts)}
			}
		}
	}
	return opts, nil
}

// want is the Want of the refusal of an option given in the setting.
func (in Inert) want(opts any) string {
	w := fmt.Sprintf("it left out: it changes nothing with %s = %v", in.Field, reflect.ValueOf(opts).Elem().FieldByName(in.Field))
	if in.Why != "" {
		w += ": " + in.Why
	}
	return w
}

// Option returns the option whose Field or Flag is name.
func (sp *Spec) Option(name string) (Option, bool) {
	for _, o := range sp.Options {
		if o.Field == name || o.Flag == name {
			return o, true
		}
	}
	return Option{}, false
}

// Flag returns the command-line name of the option or setting whose Go
// field is field ("" when it has none), for messages that speak to the
// command line's user. A nil spec knows only the Settings fields.
func (sp *Spec) Flag(field string) string {
	if sp == nil {
		return settingFlags[field]
	}
	if o, ok := sp.Option(field); ok {
		return o.Flag
	}
	return settingFlags[field]
}

// settingFlags are the command line's names of the Settings fields.
var settingFlags = map[string]string{"Seed": "seed", "Threads": "threads", "MaxMemory": "max-memory"}

// Default returns the default value of option o as Build reads it back
// ("0" for a zero number, whose meaning each option's Usage explains).
func (sp *Spec) Default(o Option) string { return options.Value(sp.Defaults(), o.Field) }

// Kind returns the type of option o as the command line names it: "int",
// "uint", "float", "bool" or "string".
func (sp *Spec) Kind(o Option) string {
	k, _ := options.Kind(sp.Defaults(), o.Field)
	return k
}

// Owners returns the names of the learners that have an option whose Field
// or Flag is name, sorted.
func Owners(name string) []string {
	var out []string
	for _, s := range Specs() {
		if _, ok := s.Option(name); ok {
			out = append(out, s.Name)
		}
	}
	return out
}

// optionNames lists the spec's options by field and flag, for errors.
func (sp *Spec) optionNames() string {
	return options.List(sp.Options, func(o Option) (string, string) { return o.Field, o.Flag })
}
