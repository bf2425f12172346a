package synth

import (
	"errors"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/internal/options"
	"github.com/hulltopics/hull/model"
)

// TestRegistryDefaults: every generator of the package is registered,
// builds from its defaults (semi with a model file) and generates; each
// option is a settable field whose value the truth records under Param.
func TestRegistryDefaults(t *testing.T) {
	want := []string{"correlated", "dominant", "ke", "lda", "semi", "separable", "swimmer"}
	if !slices.Equal(Names(), want) {
		t.Fatalf("Names() = %v, want %v", Names(), want)
	}
	_, src := generate(t, LDA{K: 3, V: 40, Docs: 20, DocLength: 10, Alpha: 0.1, Beta: 0.1}, 1)
	file := filepath.Join(t.TempDir(), "src.json")
	if err := model.Save(file, src); err != nil {
		t.Fatal(err)
	}
	for _, spec := range Specs() {
		t.Run(spec.Name, func(t *testing.T) {
			values := map[string]string{}
			if spec.Name == "semi" {
				values["model"] = file
			}
			g, err := spec.Build(values)
			if err != nil {
				t.Fatal(err)
			}
			// Small enough to be quick, as the command line would set it.
			small := map[string]string{"docs": "10", "doc-length": "5"}
			if spec.Name == "swimmer" {
				small = map[string]string{"doc-length": "5"}
			}
			for n := range small {
				values[n] = small[n]
			}
			if g, err = spec.Build(values); err != nil {
				t.Fatal(err)
			}
			_, truth, err := g.Generate(rand.New(rand.NewPCG(1, 1)))
			if err != nil {
				t.Fatal(err)
			}
			if truth.Params["generator"] != spec.Name {
				t.Errorf("Params[generator] = %v", truth.Params["generator"])
			}
			if spec.Short == "" || spec.Long == "" {
				t.Error("no help")
			}
			for _, o := range spec.Options {
				if _, ok := truth.Params[o.Param]; !ok {
					t.Errorf("option %s: the truth has no Params[%q]", o.Field, o.Param)
				}
				if kind, err := options.Kind(spec.Defaults(), o.Field); err != nil || kind != spec.Kind(o) {
					t.Errorf("option %s: kind %q, %v", o.Field, kind, err)
				}
				if spec.Flag(o.Field) != o.Flag {
					t.Errorf("Flag(%s) = %q, want %q", o.Field, spec.Flag(o.Field), o.Flag)
				}
			}
			// Every option's Default reads back.
			back := map[string]string{}
			for _, o := range spec.Options {
				back[o.Field] = spec.Default(o)
			}
			if spec.Name == "semi" {
				back["ModelFile"] = file
			}
			if _, err := spec.Build(back); err != nil {
				t.Errorf("defaults given back: %v", err)
			}
		})
	}
	// A caller changing the spec it was given leaves the registry as it was.
	spec, err := Lookup("lda")
	if err != nil {
		t.Fatal(err)
	}
	spec.Options[0].Flag = "changed"
	if again, _ := Lookup("lda"); again.Options[0].Flag == "changed" {
		t.Error("the registry's spec changed through Lookup's")
	}
}

// TestRegistryBuildsByName: options set by Field or Flag name give the
// generator the struct literal gives, byte for byte.
func TestRegistryBuildsByName(t *testing.T) {
	g, err := New("dominant", map[string]string{"topics": "4", "V": "100", "docs": "80", "doc-length": "30",
		"catchwords-per-topic": "5", "rho": "0", "Poisson": "true"})
	if err != nil {
		t.Fatal(err)
	}
	lit := with(NewDominant(), func(g *Dominant) {
		g.K, g.V, g.Docs, g.DocLength, g.CatchwordsPerTopic, g.Rho, g.Poisson = 4, 100, 80, 30, 5, 0, true
	})
	if g != WeightsGenerator(lit) {
		t.Fatalf("built %+v, want %+v", g, lit)
	}
	c1, _ := generate(t, g, 3)
	c2, _ := generate(t, lit, 3)
	if c1.Digest() != c2.Digest() {
		t.Fatal("the built generator draws another corpus")
	}
	spec, _ := Lookup("separable")
	if o, _ := spec.Option("style"); spec.Default(o) != SeparableArora || spec.Kind(o) != "string" {
		t.Errorf("style: default %q, kind %q", spec.Default(o), spec.Kind(o))
	}
	if o, _ := spec.Option("Poisson"); spec.Default(o) != "false" || spec.Kind(o) != "bool" {
		t.Errorf("poisson: default %q, kind %q", spec.Default(o), spec.Kind(o))
	}
	// Defaults are fresh each time: building does not change them.
	if _, err := spec.Build(map[string]string{"alpha": "0.7"}); err != nil {
		t.Fatal(err)
	}
	if o, _ := spec.Option("alpha"); spec.Default(o) != "0.1" {
		t.Errorf("alpha default now %q", spec.Default(o))
	}
}

func TestRegistryErrors(t *testing.T) {
	for _, tc := range []struct {
		name   string
		values map[string]string
		field  string
		want   string
	}{
		{"lda", map[string]string{"docs": "x"}, "Docs", "an integer"},
		{"lda", map[string]string{"alpha": "0"}, "Alpha", "a positive number"},
		{"lda", map[string]string{"poisson": "maybe"}, "Poisson", "true or false"},
		{"lda", map[string]string{"anchors-per-topic": "2"}, "anchors-per-topic", "one of the options of lda (K/topics, V/vocab-size, Docs/docs, DocLength/doc-length, Poisson/poisson, Alpha/alpha, Beta/beta)"},
		// The one-letter flag names the option too: "k" is K.
		{"lda", map[string]string{"k": "-3"}, "K", "a positive number"},
		{"separable", map[string]string{"style": "other"}, "Style", `"arora" or "ding"`},
		{"ke", map[string]string{"pure-fraction": "-0.1"}, "PureFraction", "in [0, 1]"},
		{"dominant", map[string]string{"beta": "0.35"}, "Beta", "at most (1-delta)*alpha - rho = 0.31 (TSVD section 3.1)"},
		{"correlated", map[string]string{"topics": "4", "groups": "5"}, "Groups", "at most K = 4"},
		{"swimmer", map[string]string{"background": "10"}, "Body", "above the background intensity 10"},
		{"semi", nil, "ModelFile", "a saved model, whose topics generate the documents"},
		// K times these wrapped around and passed: Generate panicked.
		{"separable", map[string]string{"AnchorsPerTopic": "9223372036854775807"}, "AnchorsPerTopic", "below V/K = 100 anchor words per topic, so that every topic has ordinary words"},
		{"dominant", map[string]string{"CatchwordsPerTopic": "9223372036854775807"}, "CatchwordsPerTopic", "below V/K = 100, so that every topic has ordinary words"},
		{"ke", map[string]string{"AnchorsPerTopic": "9223372036854775807"}, "AnchorsPerTopic", "at most V/K = 333.3333333333333"},
	} {
		_, err := New(tc.name, tc.values)
		var oe *OptionError
		if !errors.As(err, &oe) || oe.Generator != tc.name || oe.Field != tc.field || oe.Want != tc.want {
			t.Errorf("%s %v: error %v, want an *OptionError on %s wanting %q", tc.name, tc.values, err, tc.field, tc.want)
		}
	}
	if _, err := New("nope", nil); !errors.Is(err, ErrUnknownGenerator) || !strings.Contains(err.Error(), "lda") {
		t.Errorf("unknown generator: %v", err)
	}
	if _, err := New("semi", map[string]string{"model": filepath.Join(t.TempDir(), "none.json")}); err == nil || !strings.Contains(err.Error(), "none.json") {
		t.Errorf("missing model file: %v", err)
	}
}

func TestRegisterPanicsOnMistakes(t *testing.T) {
	newLDA := func(p any) (WeightsGenerator, error) { return *p.(*LDA), nil }
	for name, s := range map[string]Spec{
		"taken":      {Name: "lda"},
		"no field":   {Name: "x-nofield", Options: []Option{{Field: "Missing", Flag: "x", Param: "x"}}},
		"two flags":  {Name: "x-twice", Options: []Option{{Field: "K", Flag: "x", Param: "k"}, {Field: "V", Flag: "x", Param: "v"}}},
		"two shorts": {Name: "x-short", Options: []Option{{Field: "K", Flag: "k", Short: "k", Param: "k"}, {Field: "V", Flag: "v", Short: "k", Param: "v"}}},
		"no param":   {Name: "x-param", Options: []Option{{Field: "K", Flag: "k"}}},
		"no new":     {Name: "x-new", Defaults: defaults(NewLDA)},
	} {
		if s.Defaults == nil {
			s.Defaults, s.New = defaults(NewLDA), newLDA
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

// TestNilRand: every generator refuses a nil *rand.Rand with ErrNilRand,
// through Generate and GenerateWeights, where it panicked.
func TestNilRand(t *testing.T) {
	_, src := generate(t, LDA{K: 3, V: 40, Docs: 20, DocLength: 10, Alpha: 0.1, Beta: 0.1}, 1)
	file := filepath.Join(t.TempDir(), "src.json")
	if err := model.Save(file, src); err != nil {
		t.Fatal(err)
	}
	for _, spec := range Specs() {
		values := map[string]string{}
		if spec.Name == "semi" {
			values["model"] = file
		}
		g, err := spec.Build(values)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := g.Generate(nil); !errors.Is(err, ErrNilRand) {
			t.Errorf("%s: Generate(nil): %v", spec.Name, err)
		}
		if _, _, _, err := g.GenerateWeights(nil); !errors.Is(err, ErrNilRand) {
			t.Errorf("%s: GenerateWeights(nil): %v", spec.Name, err)
		}
	}
}
