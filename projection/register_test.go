package projection

import (
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/refine"
)

// Each method is registered under its name with only the options that
// apply to it, and its defaults are those New fills in.
func TestRegistered(t *testing.T) {
	for _, tc := range []struct {
		method Method
		flags  []string
	}{
		{RP, []string{"proj-min-df", "proj-no-raise", "proj-p", "proj-min-hits", "proj-cooccurrence", "proj-threshold", "proj-threshold-fraction", "proj-tolerance", "proj-max-iter", "refine", "refine-tol", "refine-always"}},
		{DDP, []string{"proj-min-df", "proj-no-raise", "proj-far", "proj-top", "proj-top-fraction", "proj-threshold", "proj-threshold-fraction", "proj-tolerance", "proj-max-iter", "refine", "refine-tol", "refine-always"}},
		{Binning, []string{"proj-min-df", "proj-no-raise", "proj-bins", "proj-threshold", "proj-threshold-fraction", "proj-tolerance", "proj-max-iter", "refine", "refine-tol", "refine-always"}},
	} {
		spec, err := learner.Lookup(string(tc.method))
		if err != nil {
			t.Fatal(err)
		}
		var flags []string
		for _, o := range spec.Options {
			flags = append(flags, o.Flag)
		}
		if !slices.Equal(flags, tc.flags) {
			t.Errorf("%s: options %v, want %v", tc.method, flags, tc.flags)
		}
		l, err := spec.Build(learner.Settings{Seed: 3}, nil)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := New(Options{Settings: learner.Settings{Seed: 3}, Method: tc.method, Auto: refine.DefaultAuto()})
		if got := l.(*Learner).Options(); !reflect.DeepEqual(got, want.Options()) {
			t.Errorf("%s: registry defaults %+v, want %+v", tc.method, got, want.Options())
		}
	}
	// The command line's defaults.
	spec, _ := learner.Lookup("ddp")
	for flag, want := range map[string]string{"proj-far": "0.5", "proj-top-fraction": "0.5", "proj-threshold-fraction": "0.25", "proj-tolerance": "1e-05", "proj-max-iter": "1000", "proj-top": "0"} {
		o, _ := spec.Option(flag)
		if got := spec.Default(o); got != want {
			t.Errorf("ddp --%s default %q, want %q", flag, got, want)
		}
	}
}

// An option out of range, set by name, is an *OptionError naming the Go
// field; an option of another method is refused.
func TestRegistryOptionErrors(t *testing.T) {
	for _, tc := range []struct {
		name    string
		options map[string]string
		field   string
	}{
		{"ddp", map[string]string{"proj-far": "2"}, "Far"},
		{"ddp", map[string]string{"TopFraction": "-1"}, "TopFraction"},
		{"binning", map[string]string{"proj-bins": "-3"}, "Bins"},
		{"rp", map[string]string{"proj-p": "-1"}, "Projections"},
		{"rp", map[string]string{"proj-bins": "10"}, "proj-bins"},
		{"binning", map[string]string{"proj-far": "0.3"}, "proj-far"},
		// Options that the others switch off.
		{"ddp", map[string]string{"proj-top": "5", "proj-top-fraction": "0.9"}, "TopFraction"},
		{"binning", map[string]string{"proj-threshold": "0.1", "proj-threshold-fraction": "0.9"}, "ThresholdFraction"},
		// Only the automatic floor is raised: with MinDF set, NoRaise
		// changed nothing (the same model) and was accepted.
		{"rp", map[string]string{"proj-min-df": "100", "proj-no-raise": "true"}, "NoRaise"},
	} {
		_, err := learner.New(tc.name, learner.Settings{}, tc.options)
		var oe *learner.OptionError
		if !errors.As(err, &oe) || oe.Learner != tc.name || oe.Field != tc.field {
			t.Errorf("%s %v: err %v, want an *OptionError of %s for %s", tc.name, tc.options, err, tc.name, tc.field)
		}
	}
}

// With a threshold set, rp's and ddp's spectral fallback still scales its
// affinities by ThresholdFraction: the pair is theirs to give.
func TestRegistryThresholdFraction(t *testing.T) {
	for _, name := range []string{"rp", "ddp"} {
		if _, err := learner.New(name, learner.Settings{}, map[string]string{"proj-threshold": "0.1", "proj-threshold-fraction": "0.9"}); err != nil {
			t.Errorf("%s with --proj-threshold and --proj-threshold-fraction: %v", name, err)
		}
	}
}

// TestZeroIsTheDefaultInWants: the options whose 0 takes the default say
// so when refused, rather than "> 0", which 0 seemed to break: "0: the
// default" and the value.
func TestZeroIsTheDefaultInWants(t *testing.T) {
	for field, want := range map[string]string{
		"Far":               "in [0, 1] (0: the default, 0.5)",
		"ThresholdFraction": "a finite number >= 0 (0: the default, 0.25)",
		"Tolerance":         "a finite number >= 0 (0: the default, 1e-05)",
		"MaxIter":           ">= 0 (0: the default, 1000)",
	} {
		_, err := learner.New("ddp", learner.Settings{}, map[string]string{field: "-1"})
		var oe *learner.OptionError
		if !errors.As(err, &oe) || oe.Want != want {
			t.Errorf("%s -1: %v, want %q", field, err, want)
		}
		if _, err := learner.New("ddp", learner.Settings{}, map[string]string{field: "0"}); err != nil {
			t.Errorf("%s 0: %v", field, err)
		}
	}
	if _, err := learner.New("rp", learner.Settings{}, map[string]string{"proj-no-raise": "true"}); err != nil {
		t.Errorf("--proj-no-raise at the automatic floor: %v", err)
	}
}

// TestCheckKRefusesTopBelowK: ddp's Top below K is refused by K alone,
// before any corpus (it failed after every word was scored), and by Fit.
func TestCheckKRefusesTopBelowK(t *testing.T) {
	spec, err := learner.Lookup("ddp")
	if err != nil {
		t.Fatal(err)
	}
	var oe *learner.OptionError
	if _, err := spec.BuildK(learner.Settings{}, map[string]string{"proj-top": "2"}, 5); !errors.As(err, &oe) || oe.Field != "Top" || oe.Want[:10] != ">= K = 5 n" {
		t.Errorf("--proj-top 2 for K = 5: %v", err)
	}
	for _, top := range []string{"0", "5"} {
		if _, err := spec.BuildK(learner.Settings{}, map[string]string{"proj-top": top}, 5); err != nil {
			t.Errorf("--proj-top %s for K = 5: %v", top, err)
		}
	}
}
