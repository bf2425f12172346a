package eval

import (
	"testing"

	"github.com/hulltopics/hull/model"
)

func TestAgreement(t *testing.T) {
	m := &model.Model{K: 3, TopicWords: [][]int{{4, 2}, {}, {1}}, DominantTopic: []int{0, 2, -1, 1, 1}}
	theta := [][]float64{{0.6, 0.2, 0.2}, {0.1, 0.1, 0.8}, {1, 0, 0}, {0.5, 0.5, 0}, {0.2, 0.7, 0.1}}
	if x, ok := TopicWordsShare(m); !ok || x != 2.0/3 {
		t.Errorf("TopicWordsShare = %v, %v; want 2/3", x, ok)
	}
	// Documents 0, 1 and 4 agree; 3 ties between topics 0 and 1 and goes
	// to 0; 2 has no dominant topic.
	if x, ok := DominantAgreement(m, theta); !ok || x != 0.75 {
		t.Errorf("DominantAgreement = %v, %v; want 0.75", x, ok)
	}
	for name, tc := range map[string]struct {
		m     *model.Model
		theta [][]float64
	}{
		"no dominant topics": {&model.Model{K: 3}, theta},
		"other documents":    {m, theta[:4]},
		"none dominant":      {&model.Model{K: 3, DominantTopic: []int{-1}}, theta[:1]},
	} {
		if _, ok := DominantAgreement(tc.m, tc.theta); ok {
			t.Errorf("%s: ok", name)
		}
	}
	if _, ok := TopicWordsShare(&model.Model{K: 3}); ok {
		t.Error("TopicWordsShare without TopicWords: ok")
	}
}

// TestNilModelFigures: the figures without an error return gave a nil
// dereference on a nil model; they give their documented zero results.
func TestNilModelFigures(t *testing.T) {
	if x, ok := TopicWordsShare(nil); x != 0 || ok {
		t.Errorf("TopicWordsShare(nil) = %v, %v; want 0, false", x, ok)
	}
	if x, ok := DominantAgreement(nil, nil); x != 0 || ok {
		t.Errorf("DominantAgreement(nil, nil) = %v, %v; want 0, false", x, ok)
	}
	if got := IncoherenceAdvice(nil); got != "" {
		t.Errorf("IncoherenceAdvice(nil) = %q, want \"\"", got)
	}
}
