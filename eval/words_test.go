package eval

import (
	"math"
	"slices"
	"testing"
)

func TestUniqueWordsByHand(t *testing.T) {
	m := newModel(abcdef,
		[]float64{0.5, 0.3, 0.2, 0, 0, 0}, // top 3: a b c
		[]float64{0.2, 0, 0, 0.5, 0.3, 0}, // top 3: d e a
		[]float64{0, 0, 0.1, 0.4, 0, 0.5}, // top 3: f d c
	)
	// a is in topics 0 and 1, c in 0 and 2, d in 1 and 2: topic 0 keeps b,
	// topic 1 e, topic 2 f.
	mean, per := UniqueWords(m, 3)
	if !slices.Equal(per, []int{1, 1, 1}) || mean != 1 {
		t.Errorf("top 3: mean %v, per topic %v; want 1, [1 1 1]", mean, per)
	}
	// Top 1: a, d, f, all distinct.
	mean, per = UniqueWords(m, 1)
	if !slices.Equal(per, []int{1, 1, 1}) || mean != 1 {
		t.Errorf("top 1: mean %v, per topic %v; want 1, [1 1 1]", mean, per)
	}
	// Top 2: {a b}, {d e}, {f d}: d is shared.
	mean, per = UniqueWords(m, 2)
	if !slices.Equal(per, []int{2, 1, 1}) || math.Abs(mean-4.0/3) > 1e-15 {
		t.Errorf("top 2: mean %v, per topic %v; want 4/3, [2 1 1]", mean, per)
	}
	// topN <= 0 takes DefaultTopN, clamped to V = 6: each topic lists its
	// 3 words of positive weight, as with top 3 (words of weight 0 were
	// listed too, every word in every list, none unique).
	mean, per = UniqueWords(m, 0)
	if !slices.Equal(per, []int{1, 1, 1}) || mean != 1 {
		t.Errorf("top 10: mean %v, per topic %v; want 1, [1 1 1]", mean, per)
	}
	// A single topic: all its top words are unique.
	if mean, per := UniqueWords(newModel(abcdef[:3], []float64{0.2, 0.3, 0.5}), 2); mean != 2 || !slices.Equal(per, []int{2}) {
		t.Errorf("one topic: mean %v, per topic %v", mean, per)
	}
}

func TestSigWordByHand(t *testing.T) {
	m := newModel(abcdef[:5],
		[]float64{0.2, 0.5, 0, 0.3, 0},     // 0.5 + 0.3 = 0.8: 2
		[]float64{0.1, 0.7, 0.1, 0.1, 0},   // 0.7 + 0.1 = 0.7999999999999999 ~ 0.8: 2
		[]float64{0, 0, 1, 0, 0},           // 1
		[]float64{0.2, 0.2, 0.2, 0.2, 0.2}, // 4 x 0.2: 4
	)
	if got := SigWord(m, 0.8); got != (2+2+1+4)/4.0 {
		t.Errorf("SigWord(0.8) = %v, want 2.25", got)
	}
	// mass 1: all of a topic's support.
	if got := SigWord(m, 1); got != (3+4+1+5)/4.0 {
		t.Errorf("SigWord(1) = %v, want 3.25", got)
	}
	// A tiny mass: the top word alone.
	if got := SigWord(m, 1e-9); got != 1 {
		t.Errorf("SigWord(1e-9) = %v, want 1", got)
	}
}

func TestSigTopicByHand(t *testing.T) {
	weights := [][]float64{
		{0.9, 0.05, 0.05}, // 1
		{0.4, 0.35, 0.25}, // 0.75 < 0.8: 3
		{2, 6, 2},         // not normalised: 6 + 2 = 8 of 10: 2
		{0, 0, 0},         // no mass: left out
	}
	if got := SigTopic(weights, DefaultSigMass); got != 2 {
		t.Errorf("SigTopic = %v, want (1+3+2)/3 = 2", got)
	}
	if got := SigTopic(weights, 0.5); got != (1+2+1)/3.0 {
		t.Errorf("SigTopic(0.5) = %v, want 4/3", got)
	}
	if got := SigTopic(nil, 0.8); !math.IsNaN(got) {
		t.Errorf("SigTopic(nil) = %v, want NaN", got)
	}
	if got := SigTopic([][]float64{{0, 0}}, 0.8); !math.IsNaN(got) {
		t.Errorf("SigTopic(zero row) = %v, want NaN", got)
	}
	// The input is not modified (rows are sorted in a copy).
	if !slices.Equal(weights[1], []float64{0.4, 0.35, 0.25}) || !slices.Equal(weights[2], []float64{2, 6, 2}) {
		t.Errorf("weights modified: %v", weights)
	}
}

func TestSigMassPanics(t *testing.T) {
	for _, mass := range []float64{0, -0.5, 1.5, math.NaN()} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("SigTopic(mass %v) did not panic", mass)
				}
			}()
			SigTopic([][]float64{{1}}, mass)
		}()
	}
}
