package learner_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/hulltopics/hull/anchor"
	"github.com/hulltopics/hull/lda"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/projection"
	"github.com/hulltopics/hull/projector"
	"github.com/hulltopics/hull/synth"
	"github.com/hulltopics/hull/topicscore"
	"github.com/hulltopics/hull/tsvd"
)

// TestDefaultOptionsAreTheRegistrys: each learner package's DefaultOptions
// (typed, as the README shows) fits the model the registry's learner of
// the same name fits, byte for byte: a library user who starts from them
// gets what "hull fit --algo NAME" gives, where the zero Options skip the
// rectification and refinement that make real text readable. The
// registry's Defaults call DefaultOptions today; this keeps them so, and
// fails for a learner registered without a typed DefaultOptions.
func TestDefaultOptionsAreTheRegistrys(t *testing.T) {
	c, truth := synth.Demo()
	s := learner.Settings{Seed: 3, Threads: 1}
	typed := map[string]func() (learner.Learner, error){
		"anchor": func() (learner.Learner, error) { o := anchor.DefaultOptions(); o.Settings = s; return anchor.New(o) },
		"anchor-kl": func() (learner.Learner, error) {
			o := anchor.DefaultOptions()
			o.Settings, o.Recover = s, anchor.RecoverKL
			return anchor.New(o)
		},
		"recover": func() (learner.Learner, error) {
			o := anchor.DefaultOptions()
			o.Settings, o.Recover = s, anchor.Original
			return anchor.New(o)
		},
		"tsvd": func() (learner.Learner, error) { o := tsvd.DefaultOptions(); o.Settings = s; return tsvd.New(o) },
		"score": func() (learner.Learner, error) {
			o := topicscore.DefaultOptions()
			o.Settings = s
			return topicscore.New(o)
		},
		"projector": func() (learner.Learner, error) {
			o := projector.DefaultOptions()
			o.Settings = s
			return projector.New(o)
		},
		"kmeans": func() (learner.Learner, error) {
			o := projector.DefaultKMeansOptions()
			o.Settings = s
			return projector.NewKMeans(o)
		},
		"rp": func() (learner.Learner, error) {
			o := projection.DefaultOptions(projection.RP)
			o.Settings = s
			return projection.New(o)
		},
		"ddp": func() (learner.Learner, error) {
			o := projection.DefaultOptions(projection.DDP)
			o.Settings = s
			return projection.New(o)
		},
		"binning": func() (learner.Learner, error) {
			o := projection.DefaultOptions(projection.Binning)
			o.Settings = s
			return projection.New(o)
		},
		"gibbs": func() (learner.Learner, error) {
			o := lda.DefaultGibbsOptions()
			o.Settings, o.Iterations = s, 30
			return lda.NewGibbs(o)
		},
		"vb": func() (learner.Learner, error) {
			o := lda.DefaultVBOptions()
			o.Settings, o.Iterations = s, 5
			return lda.NewVB(o)
		},
	}
	fit := func(l learner.Learner, err error) []byte {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		m, err := l.Fit(context.Background(), c, truth.K)
		if err != nil {
			t.Fatal(err)
		}
		m.Provenance.Timings = nil
		var buf bytes.Buffer
		if err := model.Write(&buf, m, false); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	for _, name := range learner.Names() {
		if len(name) > 5 && name[:5] == "fake-" {
			continue // registry_test.go's learners
		}
		build, ok := typed[name]
		if !ok {
			t.Errorf("%s: no typed DefaultOptions listed: add its package's", name)
			continue
		}
		byName := fit(learner.New(name, s, shortRuns[name]))
		if !bytes.Equal(fit(build()), byName) {
			t.Errorf("%s: DefaultOptions fit another model than the registry's", name)
		}
	}
}
