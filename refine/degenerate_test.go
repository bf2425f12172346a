package refine_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/refine"
)

// finite fails the test unless every topic weight, p(z) and covariance
// entry of m is a finite number and m is valid.
func finite(t *testing.T, what string, m *model.Model) {
	t.Helper()
	for _, rows := range [][][]float64{m.Topics, {m.TopicWeights}, m.TopicCovariance} {
		for _, row := range rows {
			for _, x := range row {
				if math.IsNaN(x) || math.IsInf(x, 0) {
					t.Fatalf("%s: topics %v, weights %v, covariance %v", what, m.Topics, m.TopicWeights, m.TopicCovariance)
				}
			}
		}
	}
	if err := m.Validate(); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// TestRefineSubnormalWeight: a valid model whose only weight of a word is
// subnormal (5e-324) made count / s overflow in the E- and M-steps, and
// Inf * 0 gave NaN topic weights with a nil error.
func TestRefineSubnormalWeight(t *testing.T) {
	vocab := []string{"a", "b", "c"}
	c := &corpus.Corpus{Vocab: vocab, DocIDs: []string{"1", "2", "3"}, Offsets: []int64{0, 2, 4, 6},
		Words: []int32{0, 2, 0, 1, 1, 2}, Counts: []int32{3, 1, 1, 2, 2, 2}}
	for _, iterations := range []int{1, 3, 20} {
		m := &model.Model{Algorithm: "x", K: 2, Vocab: vocab, Topics: [][]float64{{0.5, 0.5 - 5e-324, 5e-324}, {0.5, 0.5, 0}},
			TopicCovariance: [][]float64{{0.5, 0}, {0, 0.5}}}
		if err := m.Validate(); err != nil {
			t.Fatal(err)
		}
		if err := refine.Always(context.Background(), c, m, refine.Options{Iterations: iterations}); err != nil {
			t.Fatalf("%d iterations: %v", iterations, err)
		}
		finite(t, "Always", m)
	}
	// Subnormal weights throughout one topic's words: every dot product of
	// its documents is subnormal.
	tiny := [][]float64{{1 - 3e-320, 1e-320, 1e-320, 1e-320}, {1, 0, 0, 0}}
	c = &corpus.Corpus{Vocab: []string{"a", "b", "c", "d"}, DocIDs: []string{"1", "2"}, Offsets: []int64{0, 3, 5},
		Words: []int32{1, 2, 3, 0, 3}, Counts: []int32{4, 1, 2, 1, 5}}
	r, err := refine.Run(context.Background(), c, tiny, refine.Options{Iterations: 4})
	if err != nil {
		t.Fatal(err)
	}
	finite(t, "Run", &model.Model{K: 2, Vocab: c.Vocab, Topics: r.Topics, TopicWeights: r.Weights})
}

// TestRefineNoExplainedToken: documents none of whose words has weight in
// a starting topic left every gamma at Alpha, and p(z) was 0/0 (NaN) with
// a nil error; the refinement now refuses them, and leaves m as it was.
func TestRefineNoExplainedToken(t *testing.T) {
	vocab := []string{"a", "b", "c", "d"}
	c := &corpus.Corpus{Vocab: vocab, DocIDs: []string{"1", "2"}, Offsets: []int64{0, 2, 4},
		Words: []int32{2, 3, 2, 3}, Counts: []int32{3, 1, 1, 2}}
	topics := [][]float64{{1, 0, 0, 0}, {0, 1, 0, 0}}
	for _, iterations := range []int{1, 2} {
		if r, err := refine.Run(context.Background(), c, topics, refine.Options{Iterations: iterations}); !errors.Is(err, refine.ErrNoExplainedTokens) {
			t.Errorf("Run, %d iterations: error %v, result %+v; want ErrNoExplainedTokens", iterations, err, r)
		}
	}
	m := &model.Model{Algorithm: "x", K: 2, Vocab: vocab, Topics: topics, TopicWeights: []float64{0.5, 0.5}}
	before := clone(m)
	if err := refine.Always(context.Background(), c, m, refine.Options{Iterations: 1}); !errors.Is(err, refine.ErrNoExplainedTokens) {
		t.Errorf("Always: error %v, weights %v; want ErrNoExplainedTokens", err, m.TopicWeights)
	}
	if !reflect.DeepEqual(m, before) {
		t.Errorf("Always changed the model it refused to refine: %+v, was %+v", m, before)
	}
	// One explained token is enough.
	c.Words[0] = 0
	r, err := refine.Run(context.Background(), c, topics, refine.Options{Iterations: 2})
	if err != nil {
		t.Fatal(err)
	}
	finite(t, "one explained token", &model.Model{K: 2, Vocab: vocab, Topics: r.Topics, TopicWeights: r.Weights})
}

// clone returns a deep copy of the fields of m the refinement writes.
func clone(m *model.Model) *model.Model {
	out := *m
	out.Topics = nil
	for _, row := range m.Topics {
		out.Topics = append(out.Topics, append([]float64(nil), row...))
	}
	out.TopicWeights = append([]float64(nil), m.TopicWeights...)
	if m.Params != nil {
		out.Params = map[string]any{}
		for k, v := range m.Params {
			out.Params[k] = v
		}
	}
	out.Provenance.Timings = append([]model.Timing(nil), m.Provenance.Timings...)
	return &out
}

// TestRefineModelBadOptions: IfNoisy and Always refuse a negative
// Iterations or an invalid Tolerance before anything else, and leave the
// model as it was. IfNoisy took them, and recorded "refine": -5, when its
// rules passed the model (Run, which refuses them, was never reached).
func TestRefineModelBadOptions(t *testing.T) {
	c, truth := planted(t)
	for _, o := range []refine.Options{{Iterations: -5}, {Iterations: 5, Tolerance: -1}, {Iterations: 5, Tolerance: math.NaN()}, {Iterations: 0, Tolerance: math.Inf(1)}} {
		for _, always := range []bool{false, true} {
			m := &model.Model{K: truth.K, Vocab: truth.Vocab, Topics: truth.Topics, Params: map[string]any{"x": 1}}
			before := clone(m)
			var err error
			if always {
				err = refine.Always(context.Background(), c, m, o)
			} else {
				_, err = refine.IfNoisy(context.Background(), c, m, o)
			}
			var optErr *learner.OptionError
			if !errors.As(err, &optErr) || optErr.Learner != "refine" {
				t.Errorf("always %v, %+v: error %v, want an OptionError", always, o, err)
			}
			if !reflect.DeepEqual(m, before) {
				t.Errorf("always %v, %+v: the model changed: params %v, timings %v", always, o, m.Params, m.Provenance.Timings)
			}
		}
	}
}

// TestRefineRefusesBadSettings: Run, IfNoisy and Always refuse the
// embedded Settings that every learner and infer refuse, with the
// *learner.OptionError of Settings.Validate. They ran with Threads = -1 or
// 2^20, and MaxMemory = -1 ran with no memory bound at all.
func TestRefineRefusesBadSettings(t *testing.T) {
	c, truth := planted(t)
	for _, s := range []learner.Settings{{Threads: -1}, {Threads: 1 << 20}, {MaxMemory: -1}} {
		o := refine.Options{Iterations: 1, Settings: s}
		want := s.Validate("refine").Error()
		check := func(name string, err error) {
			var optErr *learner.OptionError
			if !errors.As(err, &optErr) || err.Error() != want {
				t.Errorf("%s, %+v: error %v, want %q", name, s, err, want)
			}
		}
		_, err := refine.Run(context.Background(), c, truth.Topics, o)
		check("Run", err)
		for _, always := range []bool{false, true} {
			m := &model.Model{K: truth.K, Vocab: truth.Vocab, Topics: truth.Topics, Params: map[string]any{"x": 1}}
			before := clone(m)
			if always {
				err = refine.Always(context.Background(), c, m, o)
			} else {
				_, err = refine.IfNoisy(context.Background(), c, m, o)
			}
			check(fmt.Sprintf("always %v", always), err)
			if !reflect.DeepEqual(m, before) {
				t.Errorf("always %v, %+v: the model changed", always, s)
			}
		}
	}
}

// TestZeroResult: the zero Result's Covariance dereferenced its nil
// state, and Record into a nil map panicked.
func TestZeroResult(t *testing.T) {
	var r refine.Result
	if cov, err := r.Covariance(); err == nil || cov != nil {
		t.Errorf("zero Result's Covariance = %v, %v; want an error", cov, err)
	}
	r.Record(nil)
	params := map[string]any{}
	r.Record(params)
	if params[model.RefineIterationsParam] != 0 || params["refine_converged"] != false {
		t.Errorf("zero Result recorded %v", params)
	}
}

// TestRefineNamesTopicsFromZero: a bad topic is named by its index from 0,
// as model.Validate and infer name it (topics[0] was "topic 1").
func TestRefineNamesTopicsFromZero(t *testing.T) {
	c, truth := planted(t)
	topics := clone(&model.Model{Topics: truth.Topics}).Topics
	topics[0][0] = math.NaN()
	_, err := refine.Run(context.Background(), c, topics, refine.Options{Iterations: 1})
	if err == nil || !strings.Contains(err.Error(), "refine: topic 0 has a weight NaN") {
		t.Errorf("NaN in topics[0][0]: %v, want it named topic 0", err)
	}
}
