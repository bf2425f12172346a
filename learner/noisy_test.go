package learner

import (
	"fmt"
	"testing"

	"github.com/hulltopics/hull/model"
)

// Copies of one topic are noisy; topics on disjoint words are not; two
// topics of twenty sharing their top words (1 pair of 190, under 2%) with
// every other slot distinct are not either.
func TestTopicsNoisy(t *testing.T) {
	topics := func(k int, word func(topic, rank int) int) *model.Model {
		m := &model.Model{K: k}
		for w := range 400 {
			m.Vocab = append(m.Vocab, fmt.Sprint("w", w))
		}
		for z := range k {
			row := make([]float64, 400)
			for r := range 10 {
				row[word(z, r)] = float64(20 - r)
			}
			m.Topics = append(m.Topics, row)
		}
		return m
	}
	for _, tc := range []struct {
		name  string
		m     *model.Model
		noisy bool
		dist  int
		pairs int
	}{
		{"copies", topics(5, func(_, r int) int { return r }), true, 10, 10},
		{"disjoint", topics(20, func(z, r int) int { return 10*z + r }), false, 200, 0},
		{"one shared pair", topics(20, func(z, r int) int { return 10*max(z, 1) + r }), false, 190, 1},
	} {
		noisy, dist, pairs := TopicsNoisy(tc.m)
		if noisy != tc.noisy || dist != tc.dist || pairs != tc.pairs {
			t.Errorf("%s: noisy %v, %d distinct, %d pairs; want %v, %d, %d", tc.name, noisy, dist, pairs, tc.noisy, tc.dist, tc.pairs)
		}
	}
}
