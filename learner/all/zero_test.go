package all_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/hulltopics/hull/anchor"
	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/lda"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/projection"
	"github.com/hulltopics/hull/projector"
	"github.com/hulltopics/hull/synth"
	"github.com/hulltopics/hull/topicscore"
	"github.com/hulltopics/hull/tsvd"
)

// TestZeroLearners: a learner declared rather than made by its New fits as
// New's defaults do (the zero anchor.Learner ran 0 iterations of its
// solver, 0.47 l1 from the demo's truth against 0.16; the zero lda.VB gave
// NaN weights with no error; the zero lda.Gibbs panicked).
func TestZeroLearners(t *testing.T) {
	demo, _ := synth.Demo()
	first := make([]int, 300)
	for d := range first {
		first[d] = d
	}
	c := corpus.Select(demo, first)
	must := func(l learner.Learner, err error) learner.Learner {
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	for _, tc := range []struct {
		name       string
		zero, made learner.Learner
		options    func(learner.Learner) any
	}{
		{"anchor", &anchor.Learner{}, must(anchor.New(anchor.Options{})), func(l learner.Learner) any { return l.(*anchor.Learner).Options() }},
		{"gibbs", &lda.Gibbs{}, must(lda.NewGibbs(lda.GibbsOptions{})), func(l learner.Learner) any { return l.(*lda.Gibbs).Options() }},
		{"vb", &lda.VB{}, must(lda.NewVB(lda.VBOptions{})), func(l learner.Learner) any { return l.(*lda.VB).Options() }},
		{"projection", &projection.Learner{}, must(projection.New(projection.Options{})), func(l learner.Learner) any { return l.(*projection.Learner).Options() }},
		{"projector", &projector.Learner{}, must(projector.New(projector.Options{})), func(l learner.Learner) any { return l.(*projector.Learner).Options() }},
		{"kmeans", &projector.KMeans{}, must(projector.NewKMeans(projector.KMeansOptions{})), func(l learner.Learner) any { return l.(*projector.KMeans).Options() }},
		{"tsvd", &tsvd.Learner{}, must(tsvd.New(tsvd.Options{})), func(l learner.Learner) any { return l.(*tsvd.Learner).Options() }},
		{"score", &topicscore.Learner{}, must(topicscore.New(topicscore.Options{})), func(l learner.Learner) any { return l.(*topicscore.Learner).Options() }},
	} {
		if got, want := tc.options(tc.zero), tc.options(tc.made); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the zero value's Options() = %+v, want New's %+v", tc.name, got, want)
		}
		if got, want := tc.zero.(learner.Estimator).EstimateBytes(c, 5), tc.made.(learner.Estimator).EstimateBytes(c, 5); got != want {
			t.Errorf("%s: the zero value's EstimateBytes = %d, want New's %d", tc.name, got, want)
		}
		got, err := tc.zero.Fit(context.Background(), c, 5)
		if err != nil {
			t.Errorf("%s: the zero value: %v", tc.name, err)
			continue
		}
		want, err := tc.made.Fit(context.Background(), c, 5)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !reflect.DeepEqual(got.Topics, want.Topics) || !reflect.DeepEqual(got.Params, want.Params) || got.Algorithm != want.Algorithm {
			t.Errorf("%s: the zero value's model (%s, params %v) is not New's (%s, params %v)", tc.name, got.Algorithm, got.Params, want.Algorithm, want.Params)
		}
	}
}
