package learner_test

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/synth"

	_ "github.com/hulltopics/hull/learner/all"
)

// shortRuns keeps the iterative learners quick; the others run as the
// command line runs them by default.
var shortRuns = map[string]map[string]string{
	"gibbs": {"iterations": "30"},
	"vb":    {"iterations": "5"},
}

// typedResults names, per learner, the typed fields its model must fill.
var typedResults = map[string][]string{
	"anchor":    {"Anchors", "TopicWeights", "TopicCovariance"},
	"anchor-kl": {"Anchors", "TopicWeights", "TopicCovariance"},
	"recover":   {"Anchors", "TopicWeights", "TopicCovariance"},
	"tsvd":      {"TopicWords", "DominantTopic", "TopicSource", "ClusterSizes", "SingularValues"},
	"score":     {"TopicWords", "Simplex", "SingularValues"},
	"rp":        {"Anchors", "TopicWords", "ClusterSizes"},
	"ddp":       {"Anchors", "TopicWords", "ClusterSizes"},
	"binning":   {"Anchors", "TopicWords", "ClusterSizes"},
	"projector": {"ClusterSizes", "SingularValues"},
	"kmeans":    {"ClusterSizes"},
	"gibbs":     {"Alpha"},
	"vb":        {"Alpha"},
}

// Every registered learner's model survives Save/Load with the same Go
// types: typed results compare equal with reflect.DeepEqual, Params hold
// only scalars, and the provenance records the threads used.
func TestEveryLearnerRoundTrips(t *testing.T) {
	c, truth := synth.Demo()
	for _, name := range learner.Names() {
		if strings.HasPrefix(name, "fake-") {
			continue // registry_test.go's learners
		}
		t.Run(name, func(t *testing.T) {
			l, err := learner.New(name, learner.Settings{Seed: 1, Threads: 2}, shortRuns[name])
			if err != nil {
				t.Fatal(err)
			}
			m, err := l.Fit(context.Background(), c, truth.K)
			if err != nil {
				t.Fatal(err)
			}
			if m.Provenance.Threads != 2 || m.Provenance.Seed != 1 || m.Provenance.InputDigest != c.Digest() {
				t.Errorf("provenance %+v", m.Provenance)
			}
			want, ok := typedResults[name]
			if !ok {
				t.Fatalf("no typed results listed for %s: add it to typedResults", name)
			}
			v := reflect.ValueOf(m).Elem()
			for _, field := range want {
				if f := v.FieldByName(field); f.IsZero() || (f.Kind() == reflect.Slice && f.Len() == 0) {
					t.Errorf("%s is empty", field)
				}
			}
			var buf bytes.Buffer
			if err := model.Write(&buf, m, false); err != nil {
				t.Fatal(err)
			}
			got, err := model.Read(&buf)
			if err != nil {
				t.Fatal(err)
			}
			wantParams := jsonParams(t, m.Params)
			m.Params, got.Params = nil, nil
			m.Format = model.FormatVersion
			if !reflect.DeepEqual(got, m) {
				for i := 0; i < v.NumField(); i++ {
					if a, b := v.Field(i).Interface(), reflect.ValueOf(got).Elem().Field(i).Interface(); !reflect.DeepEqual(a, b) {
						t.Errorf("%s changed in the round trip: %T %v -> %T %v", v.Type().Field(i).Name, a, short(a), b, short(b))
					}
				}
			}
			if gotParams := jsonParams(t, wantParams); !reflect.DeepEqual(gotParams, wantParams) {
				t.Errorf("params changed: %v -> %v", wantParams, gotParams)
			}
		})
	}
}

// jsonParams returns params as JSON decodes them.
func jsonParams(t *testing.T, params map[string]any) map[string]any {
	t.Helper()
	b, err := json.Marshal(params)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func short(x any) string {
	s, _ := json.Marshal(x)
	if len(s) > 80 {
		s = append(s[:80], "..."...)
	}
	return string(s)
}

// Every registered learner refuses a nil context with an error; they
// panicked on it.
func TestEveryLearnerRefusesNilContext(t *testing.T) {
	c, truth := synth.Demo()
	for _, name := range learner.Names() {
		if strings.HasPrefix(name, "fake-") {
			continue
		}
		l, err := learner.New(name, learner.Settings{Seed: 1}, shortRuns[name])
		if err != nil {
			t.Fatal(err)
		}
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Errorf("%s: panic %v", name, p)
				}
			}()
			if m, err := l.Fit(nil, c, truth.K); err == nil || m != nil { // the nil context is the test
				t.Errorf("%s: model %v, error %v; want an error", name, m != nil, err)
			}
		}()
	}
}
