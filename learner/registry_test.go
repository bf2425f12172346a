package learner

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/model"
)

// fakeOptions are the options of a learner that only records them.
type fakeOptions struct {
	Settings
	Rate   float64
	Count  int
	Seeded uint64
	Fast   bool
	Mode   string
}

type fake struct{ o fakeOptions }

func (f *fake) Fit(context.Context, *corpus.Corpus, int) (*model.Model, error) { return nil, nil }

func registerFake(t *testing.T, name string) *Spec {
	t.Helper()
	Register(Spec{
		Name:    name,
		Summary: "records its options",
		Options: []Option{
			{Field: "Rate", Flag: "fake-rate", Usage: "a rate in (0, 1]"},
			{Field: "Count", Flag: "fake-count", Usage: "a count", Inert: []Inert{{Field: "Fast", Value: "true"}}},
			{Field: "Seeded", Flag: "fake-seeded", Usage: "an unsigned number", Inert: []Inert{{Field: "Mode", Value: "plain", Unless: true}}},
			{Field: "Fast", Flag: "fake-fast", Usage: "a switch"},
			{Field: "Mode", Flag: "fake-mode", Usage: "a word"},
		},
		Defaults: func() any { return &fakeOptions{Rate: 0.5, Mode: "plain"} },
		New: func(o any) (Learner, error) {
			opts := *o.(*fakeOptions)
			if !(opts.Rate > 0 && opts.Rate <= 1) {
				return nil, &OptionError{Learner: name, Field: "Rate", Value: opts.Rate, Want: "in (0, 1]"}
			}
			return &fake{opts}, nil
		},
	})
	s, err := Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestRegistryBuildsFromStrings(t *testing.T) {
	spec := registerFake(t, "fake-build")
	l, err := New("fake-build", Settings{Seed: 9, Threads: 2}, map[string]string{
		"fake-rate": "0.25", "Count": "7", "fake-seeded": "18446744073709551615", "fake-fast": "true", "Mode": "odd"})
	if err == nil || !strings.Contains(err.Error(), "Count = 7, want it left out: it changes nothing with Fast = true") {
		t.Fatalf("Count given with Fast: %v, want it refused", err)
	}
	if _, err := New("fake-build", Settings{}, map[string]string{"fake-seeded": "3", "Mode": "odd"}); err == nil || !strings.Contains(err.Error(), "with Mode = odd") {
		t.Fatalf("Seeded given unless Mode = plain: %v, want it refused", err)
	}
	l, err = New("fake-build", Settings{Seed: 9, Threads: 2}, map[string]string{
		"fake-rate": "0.25", "Count": "7", "fake-seeded": "18446744073709551615", "Mode": "plain"})
	if err != nil {
		t.Fatal(err)
	}
	got := l.(*fake).o
	if got.Seed != 9 || got.Threads != 2 || got.Rate != 0.25 || got.Count != 7 || got.Seeded != math.MaxUint64 || got.Fast || got.Mode != "plain" {
		t.Fatalf("options %+v", got)
	}
	if !slices.Contains(Names(), "fake-build") {
		t.Fatalf("Names() = %v", Names())
	}
	if spec.Default(spec.Options[0]) != "0.5" || spec.Default(spec.Options[1]) != "0" || spec.Kind(spec.Options[3]) != "bool" {
		t.Fatalf("defaults or kinds wrong")
	}
	if spec.Flag("Rate") != "fake-rate" || spec.Flag("MaxMemory") != "max-memory" || spec.Flag("Nothing") != "" {
		t.Fatal("Flag maps fields wrongly")
	}
	// Defaults are fresh each time: building does not change them.
	if l2, _ := spec.Build(Settings{}, nil); l2.(*fake).o.Rate != 0.5 {
		t.Fatal("defaults changed by an earlier build")
	}
}

func TestRegistryErrors(t *testing.T) {
	registerFake(t, "fake-errors")
	registerFake(t, "fake-other")
	var oe *OptionError
	for _, tc := range []struct {
		opts        map[string]string
		field, want string
	}{
		{map[string]string{"fake-count": "x"}, "Count", "an integer"},
		{map[string]string{"fake-rate": "2"}, "Rate", "in (0, 1]"},
		{map[string]string{"fake-fast": "maybe"}, "Fast", "true or false"},
		{map[string]string{"fake-seeded": "-1"}, "Seeded", "a non-negative integer"},
		{map[string]string{"Count": "5", "fake-count": "6"}, "Count", `one value: it is also given as Count = "5"`},
		{map[string]string{"nonsense": "1"}, "nonsense", "one of the options of fake-errors (Rate/fake-rate, Count/fake-count, Seeded/fake-seeded, Fast/fake-fast, Mode/fake-mode)"},
	} {
		_, err := New("fake-errors", Settings{}, tc.opts)
		if !errors.As(err, &oe) || oe.Field != tc.field || oe.Want != tc.want || oe.Learner != "fake-errors" {
			t.Errorf("%v: err %v, want an OptionError on %s wanting %q", tc.opts, err, tc.field, tc.want)
		}
	}
	if _, err := New("no-such-learner", Settings{}, nil); !errors.Is(err, ErrUnknownLearner) || !strings.Contains(err.Error(), "fake-errors") {
		t.Errorf("unknown learner: %v", err)
	}
}

func TestRegisterPanicsOnMistakes(t *testing.T) {
	for name, s := range map[string]Spec{
		"duplicate":            {Name: "fake-dup"},
		"no field":             {Name: "fake-nofield", Options: []Option{{Field: "Missing", Flag: "x"}}},
		"two flags":            {Name: "fake-twice", Options: []Option{{Field: "Rate", Flag: "x"}, {Field: "Count", Flag: "x"}}},
		"inert under no field": {Name: "fake-inert", Options: []Option{{Field: "Rate", Flag: "x", Inert: []Inert{{Field: "Missing"}}}}},
		"no settings":          {Name: "fake-nosettings", Defaults: func() any { return &struct{ X int }{} }},
	} {
		if s.Defaults == nil {
			s.Defaults = func() any { return &fakeOptions{} }
		}
		s.New = func(any) (Learner, error) { return nil, nil }
		if name == "duplicate" {
			Register(s)
		}
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: Register did not panic", name)
				}
			}()
			Register(s)
		}()
	}
}

func TestSettings(t *testing.T) {
	s := Settings{MaxMemory: 100}
	var me *MemoryError
	if err := s.CheckMemory("fake: a table", 101); !errors.As(err, &me) || me.Need != 101 || me.Limit != 100 {
		t.Fatalf("CheckMemory: %v", err)
	}
	if err := s.CheckMemory("fake: a table", 100); err != nil {
		t.Fatalf("at the limit: %v", err)
	}
	var oe *OptionError
	for _, threads := range []int{-1, MaxThreads + 1} {
		if err := (Settings{Threads: threads}).Validate("fake"); !errors.As(err, &oe) || oe.Field != "Threads" {
			t.Fatalf("Validate of %d threads: %v", threads, err)
		}
	}
	if err := (Settings{Threads: MaxThreads}).Validate("fake"); err != nil {
		t.Fatalf("Validate of MaxThreads: %v", err)
	}
	c := corpus.FromTokens([][]string{{"a", "b"}, {"b", "c"}})
	p := Settings{Seed: 4, Threads: 3}.Provenance(c, []model.Timing{{Stage: "x", Seconds: 1}})
	if p.Seed != 4 || p.Threads != 3 || p.Docs != 2 || p.InputDigest != c.Digest() || p.HullVersion == "" || len(p.Timings) != 1 {
		t.Fatalf("Provenance %+v", p)
	}
	if (Settings{}).ThreadCount() < 1 {
		t.Fatal("ThreadCount of the zero value")
	}
	var lines []string
	Settings{Log: func(l string) { lines = append(lines, l) }}.Logf("sweep %d", 3)
	Settings{}.Logf("dropped")
	if len(lines) != 1 || lines[0] != "sweep 3" {
		t.Fatalf("Logf: %v", lines)
	}
}

// TestRegistryEmptyStringIsDefault: a string option given empty takes its
// default, as leaving it out does (anchor's --rectify= silently meant
// none, its library zero value, where the default is auto).
func TestRegistryEmptyStringIsDefault(t *testing.T) {
	registerFake(t, "fake-empty")
	l, err := New("fake-empty", Settings{}, map[string]string{"fake-mode": ""})
	if err != nil || l.(*fake).o.Mode != "plain" {
		t.Fatalf("Mode given empty: %v, %+v; want the default plain", err, l)
	}
	// Given under both names, empty or not, it is still refused.
	if _, err := New("fake-empty", Settings{}, map[string]string{"fake-mode": "", "Mode": "odd"}); err == nil {
		t.Fatal("Mode given twice: accepted")
	}
}

// TestRegistryDefaultReadsBack: every option's Default given back to
// Build is accepted and changes nothing (Default gave "" for a zero int,
// which Build refuses as "want an integer", as it refuses --refine=).
func TestRegistryDefaultReadsBack(t *testing.T) {
	spec := registerFake(t, "fake-default")
	values := map[string]string{}
	for _, o := range spec.Options {
		values[o.Field] = spec.Default(o)
	}
	l, err := spec.Build(Settings{}, values)
	if err != nil {
		t.Fatalf("defaults given back: %v", err)
	}
	if _, err := spec.Build(Settings{}, map[string]string{"fake-count": ""}); err == nil {
		t.Error("an empty int accepted")
	}
	if got := l.(*fake).o; got.Rate != 0.5 || got.Mode != "plain" || got.Count != 0 || got.Seeded != 0 || got.Fast {
		t.Fatalf("defaults given back: %+v", got)
	}
}

// TestLookupGivesACopy: a caller changing the spec Lookup or Specs gave
// leaves the registry as it was.
func TestLookupGivesACopy(t *testing.T) {
	spec := registerFake(t, "fake-copy")
	spec.Options[0].Flag = "changed"
	spec.Options[1].Inert[0].Value = "changed"
	spec.Options = nil
	for _, s := range Specs() {
		if s.Name == "fake-copy" {
			s.Options[0].Field = "changed"
		}
	}
	again, err := Lookup("fake-copy")
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Options) != 5 || again.Options[0].Flag != "fake-rate" || again.Options[0].Field != "Rate" || again.Options[1].Inert[0].Value != "true" {
		t.Fatalf("the registry's spec changed through a copy: %+v", again.Options)
	}
	if _, err := New("fake-copy", Settings{}, map[string]string{"fake-rate": "0.25"}); err != nil {
		t.Fatal(err)
	}
}

// TestRegistryCheckK: BuildK runs the spec's CheckK on the options as
// given, after New, for k > 0 only; Build never does. An inert option
// with a Why says it.
func TestRegistryCheckK(t *testing.T) {
	const name = "fake-checkk"
	var seen []int
	Register(Spec{
		Name:     name,
		Options:  []Option{{Field: "Count", Flag: "fake-count", Usage: "at least K (0: 2K)", Inert: []Inert{{Field: "Fast", Value: "true", Why: "fast counts nothing"}}}, {Field: "Fast", Flag: "fake-fast", Usage: "a switch"}},
		Defaults: func() any { return &fakeOptions{} },
		New:      func(o any) (Learner, error) { return &fake{*o.(*fakeOptions)}, nil },
		CheckK: func(o any, k int) error {
			opts := o.(*fakeOptions)
			seen = append(seen, opts.Count)
			if opts.Count != 0 && opts.Count < k {
				return &OptionError{Learner: name, Field: "Count", Value: opts.Count, Want: fmt.Sprintf(">= K = %d", k)}
			}
			return nil
		},
	})
	spec, _ := Lookup(name)
	var oe *OptionError
	if _, err := spec.BuildK(Settings{}, map[string]string{"Count": "3"}, 5); !errors.As(err, &oe) || oe.Want != ">= K = 5" {
		t.Fatalf("Count 3 for K = 5: %v, want refused", err)
	}
	for _, k := range []int{0, 3} {
		if _, err := spec.BuildK(Settings{}, map[string]string{"Count": "3"}, k); err != nil {
			t.Fatalf("Count 3 for K = %d: %v", k, err)
		}
	}
	if _, err := spec.Build(Settings{}, map[string]string{"Count": "3"}); err != nil || len(seen) != 2 {
		t.Fatalf("Build: %v, CheckK called %d times, want 2 (k > 0 of BuildK)", err, len(seen))
	}
	if _, err := spec.Build(Settings{}, map[string]string{"Count": "3", "Fast": "true"}); err == nil || !strings.HasSuffix(err.Error(), "with Fast = true: fast counts nothing") {
		t.Fatalf("inert with a why: %v", err)
	}
}
