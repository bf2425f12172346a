package projector

import (
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/refine"
)

// projector and kmeans are registered with their own options and the
// refinement's, and their defaults are those New and NewKMeans fill in,
// refining noisy topics.
func TestRegistered(t *testing.T) {
	for _, tc := range []struct {
		name  string
		flags []string
		want  any
	}{
		{Algorithm, []string{"delta", "projector-no-scale", "projector-power-iters", "projector-oversample", "projector-kmeans-sample", "kmeans-restarts", "kmeans-iter", "kmeans-tol", "refine", "refine-tol", "refine-always"},
			func() any {
				l, _ := New(Options{Settings: learner.Settings{Seed: 2}, Auto: refine.DefaultAuto()})
				return l.Options()
			}()},
		{KMeansAlgorithm, []string{"kmeans-restarts", "kmeans-iter", "kmeans-tol", "refine", "refine-tol", "refine-always"},
			func() any {
				l, _ := NewKMeans(KMeansOptions{Settings: learner.Settings{Seed: 2}, Auto: refine.DefaultAuto()})
				return l.Options()
			}()},
	} {
		spec, err := learner.Lookup(tc.name)
		if err != nil {
			t.Fatal(err)
		}
		var flags []string
		for _, o := range spec.Options {
			flags = append(flags, o.Flag)
		}
		if !slices.Equal(flags, tc.flags) {
			t.Errorf("%s: options %v, want %v", tc.name, flags, tc.flags)
		}
		l, err := spec.Build(learner.Settings{Seed: 2}, nil)
		if err != nil {
			t.Fatal(err)
		}
		var got any
		switch l := l.(type) {
		case *Learner:
			got = l.Options()
		case *KMeans:
			got = l.Options()
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: registry defaults %+v, want %+v", tc.name, got, tc.want)
		}
	}
	spec, _ := learner.Lookup(Algorithm)
	if o, _ := spec.Option("delta"); spec.Default(o) != "0.8" {
		t.Errorf("--delta default %q, want 0.8", spec.Default(o))
	}
}

// An option out of range, set by name, is an *OptionError naming the Go
// field; a Projector option is not one of kmeans.
func TestRegistryOptionErrors(t *testing.T) {
	for _, tc := range []struct {
		name    string
		options map[string]string
		field   string
	}{
		{Algorithm, map[string]string{"delta": "2"}, "Delta"},
		{Algorithm, map[string]string{"kmeans-tol": "1"}, "KMeansTol"},
		{KMeansAlgorithm, map[string]string{"kmeans-restarts": "-1"}, "Restarts"},
		{KMeansAlgorithm, map[string]string{"delta": "0.5"}, "delta"},
		{KMeansAlgorithm, map[string]string{"projector-no-scale": "true"}, "projector-no-scale"},
	} {
		_, err := learner.New(tc.name, learner.Settings{}, tc.options)
		var oe *learner.OptionError
		if !errors.As(err, &oe) || oe.Learner != tc.name || oe.Field != tc.field {
			t.Errorf("%s %v: err %v, want an *OptionError of %s for %s", tc.name, tc.options, err, tc.name, tc.field)
		}
	}
}
