package lda

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/hulltopics/hull/learner"
)

// gibbs and vb are registered with their own options only, the flags of
// the command line and its defaults.
func TestRegistered(t *testing.T) {
	for _, tc := range []struct {
		name  string
		flags []string
		want  any
	}{
		{"gibbs", []string{"iterations", "shards", "burn-in", "save-every", "optimize-interval", "init", "alpha", "beta", "log-every"},
			&GibbsOptions{Init: InitRandom}},
		{"vb", []string{"iterations", "init", "alpha", "beta", "alpha-estimate", "em-tolerance", "vb-online", "vb-batch-size", "vb-kappa", "vb-tau0"},
			&VBOptions{Init: InitRandom, AlphaMode: AlphaSymmetric}},
	} {
		s, err := learner.Lookup(tc.name)
		if err != nil {
			t.Fatal(err)
		}
		var flags []string
		for _, o := range s.Options {
			flags = append(flags, o.Flag)
			if strings.Contains(o.Usage, "gibbs") || strings.Contains(o.Usage, "vb:") || strings.Contains(o.Usage, "vb prints") {
				t.Errorf("%s --%s: usage %q names a learner", tc.name, o.Flag, o.Usage)
			}
		}
		if !reflect.DeepEqual(flags, tc.flags) {
			t.Errorf("%s: flags %v, want %v", tc.name, flags, tc.flags)
		}
		if got := s.Defaults(); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: defaults %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

// The registry builds the learners from strings; a flag of the other
// learner is refused, naming it.
func TestNewByName(t *testing.T) {
	c, truth := easyCorpus(t, 16)
	l, err := learner.New("gibbs", learner.Settings{Seed: 3, Threads: 2},
		map[string]string{"iterations": "6", "shards": "3", "burn-in": "2", "alpha": "0.5", "beta": "0.02", "init": "anchor", "log-every": "3"})
	if err != nil {
		t.Fatal(err)
	}
	g := l.(*Gibbs)
	if o := g.Options(); o.Iterations != 6 || o.Shards != 3 || o.BurnIn != 2 || o.AlphaSum != 0.5 || o.Beta != 0.02 || o.Init != InitAnchor || o.LogEvery != 3 || o.Seed != 3 {
		t.Errorf("options %+v", o)
	}
	m, err := l.Fit(context.Background(), c, truth.K)
	if err != nil {
		t.Fatal(err)
	}
	if m.Provenance.Threads != 2 || m.Params["shards"] != 3 || m.Provenance.Timings[0].Stage != "anchor" {
		t.Errorf("provenance %+v", m.Provenance)
	}
	l, err = learner.New("vb", learner.Settings{}, map[string]string{"beta": "0.05", "alpha-estimate": "fixed", "em-tolerance": "1e-3", "iterations": "7"})
	if err != nil {
		t.Fatal(err)
	}
	if o := l.(*VB).Options(); o.Eta != 0.05 || o.AlphaMode != AlphaFixed || o.Tolerance != 1e-3 || o.Iterations != 7 {
		t.Errorf("options %+v", o)
	}
	var oe *learner.OptionError
	if _, err := learner.New("vb", learner.Settings{}, map[string]string{"burn-in": "3"}); !errors.As(err, &oe) || !strings.Contains(oe.Want, "gibbs") {
		t.Errorf("vb --burn-in: err = %v, want an option error naming gibbs", err)
	}
	if _, err := learner.New("vb", learner.Settings{}, map[string]string{"alpha-estimate": "newton"}); !errors.As(err, &oe) || oe.Field != "AlphaMode" {
		t.Errorf("vb --alpha-estimate newton: err = %v, want an option error for AlphaMode", err)
	}
}

// InitAnchor without InitModel needs the anchor learner registered; the
// error says so and wraps learner.ErrUnknownLearner. A given InitModel
// needs nothing.
func TestInitAnchorNeedsAnchorLearner(t *testing.T) {
	defer func(name string) { anchorLearner = name }(anchorLearner)
	anchorLearner = "no-such-learner"
	_, errG := NewGibbs(GibbsOptions{Init: InitAnchor})
	_, errV := NewVB(VBOptions{Init: InitAnchor})
	for _, err := range []error{errG, errV} {
		if !errors.Is(err, learner.ErrUnknownLearner) || !strings.Contains(err.Error(), "import package github.com/hulltopics/hull/anchor") {
			t.Errorf("err = %v, want learner.ErrUnknownLearner saying to import package anchor", err)
		}
	}
	c, truth := easyCorpus(t, 17)
	g, err := NewGibbs(GibbsOptions{Iterations: 2, Init: InitAnchor, InitModel: truth})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Fit(context.Background(), c, truth.K); err != nil {
		t.Error(err)
	}
}
