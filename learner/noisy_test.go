package learner

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/model"
	"gonum.org/v1/gonum/floats"
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

// Even weights are not concentrated; three topics holding 70% of the
// weight of twenty are (effective number under 10); one topic above both
// 0.3 and 3/K is, even when the rest are even; a model without weights
// never is.
func TestTopicsConcentrated(t *testing.T) {
	weights := func(k int, head ...float64) []float64 {
		w := append([]float64(nil), head...)
		var rest float64 = 1
		for _, h := range head {
			rest -= h
		}
		for range k - len(head) {
			w = append(w, rest/float64(k-len(head)))
		}
		return w
	}
	for _, tc := range []struct {
		name         string
		w            []float64
		k            int
		concentrated bool
		effective    float64
		largest      float64
	}{
		{"even", weights(20), 20, false, 20, 0.05},
		{"three hold 70%", weights(20, 0.25, 0.23, 0.22), 20, true, 9.29, 0.25},
		{"one holds 35% of 20", weights(20, 0.35), 20, true, 12.95, 0.35},
		{"one holds 35% of 6", weights(6, 0.35), 6, false, 5.44, 0.35},
		{"one holds 60% of 6", weights(6, 0.6), 6, true, 3.73, 0.6},
		{"unnormalised", []float64{2, 2, 2, 2}, 4, false, 4, 0.25},
		{"no weights", nil, 4, false, 0, 0},
		{"all zero", []float64{0, 0}, 2, false, 0, 0},
	} {
		m := &model.Model{K: tc.k, TopicWeights: tc.w}
		c, eff, largest := TopicsConcentrated(m)
		if c != tc.concentrated || math.Abs(eff-tc.effective) > 0.01 || math.Abs(largest-tc.largest) > 1e-12 {
			t.Errorf("%s: %v, effective %.3f, largest %.3f; want %v, %.2f, %.2f", tc.name, c, eff, largest, tc.concentrated, tc.effective, tc.largest)
		}
	}
}

// Two groups of documents on disjoint words: topics on one group's words
// are coherent; topics mixing the groups' words, whose cross pairs never
// occur together, are not, and more than a quarter of them make the
// topics incoherent, or one alone whose words mostly shun one another
// (NPMI below StronglyIncoherentNPMI).
func TestTopicsIncoherent(t *testing.T) {
	var docs [][]string
	for d := range 40 {
		var doc []string
		for w := range 10 {
			if (d+w)%3 != 0 { // each document holds about two thirds of its group's words
				doc = append(doc, fmt.Sprintf("%c%d", 'a'+d%2, w))
			}
		}
		docs = append(docs, doc)
	}
	c := corpus.FromTokens(docs)
	index := map[string]int{}
	for i, w := range c.Vocab {
		index[w] = i
	}
	topic := func(words ...string) []float64 {
		row := make([]float64, len(c.Vocab))
		for r, w := range words {
			row[index[w]] = float64(20 - r)
		}
		floats.Scale(1/floats.Sum(row), row)
		return row
	}
	coherentA := topic("a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9")
	coherentB := topic("b0", "b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8", "b9")
	mixed := topic("a0", "b0", "a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4")
	mild := topic("a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "b0", "b1")
	for _, tc := range []struct {
		name       string
		topics     [][]float64
		incoherent bool
		count      int
	}{
		{"coherent", [][]float64{coherentA, coherentB, coherentA, coherentB}, false, 0},
		{"one of four mildly mixed", [][]float64{coherentA, coherentB, coherentA, mild}, false, 1},
		{"two of four mildly mixed", [][]float64{coherentA, mild, coherentB, mild}, true, 2},
		// A topic whose words shun one another is enough.
		{"one of four mixed", [][]float64{coherentA, coherentB, coherentA, mixed}, true, 1},
	} {
		m := &model.Model{K: len(tc.topics), Vocab: c.Vocab, Topics: tc.topics}
		incoherent, count, least, err := TopicsIncoherent(m, c)
		if err != nil {
			t.Fatal(err)
		}
		if incoherent != tc.incoherent || count != tc.count {
			t.Errorf("%s: incoherent %v with %d topics, least NPMI %.3f; want %v, %d", tc.name, incoherent, count, least, tc.incoherent, tc.count)
		}
	}
}

// TestTopicNPMIsVocabulary: a corpus on another vocabulary, of the same
// size (figures of the wrong words) or smaller (indices out of range),
// and a nil one are refused before any work.
func TestTopicNPMIsVocabulary(t *testing.T) {
	c := corpus.FromTokens([][]string{{"a", "b"}, {"b", "c"}, {"a", "c"}})
	m := &model.Model{K: 1, Vocab: []string{"a", "b", "c"}, Topics: [][]float64{{0.5, 0.3, 0.2}}}
	if _, err := TopicNPMIs(m, c); err != nil {
		t.Fatal(err)
	}
	for name, other := range map[string]*corpus.Corpus{
		"same size": corpus.FromTokens([][]string{{"x", "y"}, {"y", "z"}}),
		"smaller":   corpus.FromTokens([][]string{{"a"}}),
	} {
		if _, err := TopicNPMIs(m, other); !errors.Is(err, model.ErrVocabMismatch) {
			t.Errorf("%s vocabulary: error %v, want a model.ErrVocabMismatch", name, err)
		}
		if _, _, _, err := TopicsIncoherent(m, other); !errors.Is(err, model.ErrVocabMismatch) {
			t.Errorf("TopicsIncoherent, %s vocabulary: error %v, want a model.ErrVocabMismatch", name, err)
		}
	}
	if _, err := TopicNPMIs(m, nil); err == nil {
		t.Error("no corpus (nil): no error")
	}
}

// BenchmarkTopicsIncoherent measures the incoherence check on KOS (3,430
// documents, 353,160 nonzeros) for K = 20 topics of ten words each, every
// topic's words drawn at random from the vocabulary.
func BenchmarkTopicsIncoherent(b *testing.B) {
	c, err := corpus.ReadFile("../../shared/data/kos/docword.kos.txt.gz", corpus.ReadOptions{})
	if err != nil {
		b.Skip(err)
	}
	m := &model.Model{K: 20, Vocab: c.Vocab}
	rng := rand.New(rand.NewPCG(1, 2))
	for range m.K {
		row := make([]float64, len(c.Vocab))
		for r := range 10 {
			row[rng.IntN(len(row))] = float64(20 - r)
		}
		m.Topics = append(m.Topics, row)
	}
	b.ReportAllocs()
	for b.Loop() {
		TopicsIncoherent(m, c)
	}
}

// BenchmarkCheckCorpus measures the check every Fit runs first on KOS
// (3,430 documents, 6,906 words, 353,160 nonzeros): O(nnz + V log V).
func BenchmarkCheckCorpus(b *testing.B) {
	c, err := corpus.ReadFile("../../shared/data/kos/docword.kos.txt.gz", corpus.ReadOptions{})
	if err != nil {
		b.Skip(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := CheckCorpus(c); err != nil {
			b.Fatal(err)
		}
	}
}
