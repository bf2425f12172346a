package eval_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/synth"
)

// Four true topics sharing words s1 and s2 (0.3 each in all four), each
// with one word of its own (0.4): a small Swimmer. A learned topic that is
// mostly the shared words with a little of one topic's own word is nearest
// that topic; whole-topic cosine would call it nearer to all four alike.
func TestNearestTopics(t *testing.T) {
	vocab := []string{"s1", "s2", "w0", "w1", "w2", "w3"}
	row := func(own int) []float64 {
		r := []float64{0.3, 0.3, 0, 0, 0, 0}
		r[2+own] = 0.4
		return r
	}
	truth := topicsModel(vocab, row(0), row(1), row(2), row(3))
	learned := topicsModel(vocab,
		row(0),                                // exactly true topic 0
		[]float64{0.45, 0.45, 0, 0.1, 0, 0},   // shared mass, a little of w1
		[]float64{0.25, 0.25, 0.4, 0, 0.1, 0}, // w0 mostly, some w2
		[]float64{1, 0, 0, 0, 0, 0},           // no distinguishing mass
	)
	n, err := eval.NearestTopics(learned, truth)
	if err != nil {
		t.Fatal(err)
	}
	if n.Words != 4 || !slices.Equal(n.Topic, []int{0, 1, 0, -1}) || !slices.Equal(n.Found, []int{0, 1}) || n.Distinct != 2 {
		t.Fatalf("got %+v", n)
	}
	if n.Cos[0] != 1 || n.Cos[1] != 1 || math.Abs(n.Cos[2]-0.4/math.Sqrt(0.17)) > 1e-12 || n.Cos[3] != 0 {
		t.Errorf("cosines %v", n.Cos)
	}
	if want := (2 + 0.4/math.Sqrt(0.17)) / 4; math.Abs(n.CosMean-want) > 1e-12 {
		t.Errorf("CosMean %v, want %v", n.CosMean, want)
	}
	// Words are matched by their strings: another order, a word missing.
	perm := topicsModel([]string{"w1", "s2", "w0", "s1", "x"}, []float64{0.4, 0.3, 0, 0.3, 0}, []float64{0, 0.5, 0.1, 0.4, 0})
	n, err = eval.NearestTopics(perm, truth)
	if err != nil || !slices.Equal(n.Topic, []int{1, 0}) || n.Distinct != 2 || n.Cos[0] != 1 {
		t.Errorf("permuted vocabulary: %+v, %v", n, err)
	}
	// Nothing tells identical true topics apart.
	if _, err := eval.NearestTopics(learned, topicsModel(vocab, row(0), row(0))); err == nil {
		t.Error("identical true topics: no error")
	}
}

// On the Swimmer truth the distinguishing words are the 128 limb pixels.
// The bare limb segments, each a limb position without its share of the
// torso and background, are below cosine 0.9 of their true topics, so
// RecoveredAt counts none of them, while NearestTopics finds all 16; 16
// copies of the mean image find one position, at limb-pixel cosine 0.35.
func TestNearestTopicsSwimmer(t *testing.T) {
	g := synth.NewSwimmer()
	g.DocLength = 2
	_, truth, err := g.Generate(rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	n, err := eval.NearestTopics(truth, truth)
	if err != nil || n.Words != 128 || n.Distinct != 16 || math.Abs(n.CosMean-1) > 1e-12 {
		t.Fatalf("truth against itself: %d words, %d distinct, cos %v, %v", n.Words, n.Distinct, n.CosMean, err)
	}
	g.SharedTopic = true
	_, bare, err := g.Generate(rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	bare = &model.Model{Algorithm: "test", K: 16, Vocab: bare.Vocab, Topics: bare.Topics[:16]} // the 16 bare segments
	if r, err := eval.RecoveredAt(bare, truth, 0.9); err != nil || r.Count != 0 {
		t.Fatalf("bare segments at cosine >= 0.9: %d, %v", r.Count, err)
	}
	// Not quite 1: the truth keeps a quarter of the background on the
	// other positions' pixels.
	if n, err := eval.NearestTopics(bare, truth); err != nil || n.Distinct != 16 || n.CosMean < 0.99 {
		t.Errorf("bare segments: %d distinct, cos %v, %v", n.Distinct, n.CosMean, err)
	}
	mean := make([]float64, len(truth.Vocab))
	for _, row := range truth.Topics {
		for w, p := range row {
			mean[w] += p / float64(truth.K)
		}
	}
	copies := &model.Model{Algorithm: "test", K: truth.K, Vocab: truth.Vocab, Topics: make([][]float64, truth.K)}
	for k := range copies.Topics {
		copies.Topics[k] = mean
	}
	if n, err := eval.NearestTopics(copies, truth); err != nil || n.Distinct != 1 || n.CosMean > 0.4 {
		t.Errorf("copies of the mean image: %d distinct, cos %v, %v", n.Distinct, n.CosMean, err)
	}
}
