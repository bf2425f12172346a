package lda

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/synth"

	// InitAnchor fits the registered anchor learner.
	_ "github.com/hulltopics/hull/anchor"
)

// easyCorpus is an LDA corpus whose topics a sampler recovers well:
// K=6 topics over 300 words (Dirichlet(0.1) topics), 1,200 documents of
// 80 tokens with Dirichlet(0.1) weights.
func easyCorpus(t testing.TB, seed uint64) (*corpus.Corpus, *model.Model) {
	t.Helper()
	c, truth, err := synth.LDA{K: 6, V: 300, Docs: 1200, DocLength: 80, Alpha: 0.1, Beta: 0.1}.Generate(rand.New(rand.NewPCG(seed, 11)))
	if err != nil {
		t.Fatal(err)
	}
	return c, truth
}

// asymmetricCorpus draws an LDA corpus whose documents' topic weights
// come from Dirichlet(alpha) with an asymmetric alpha: topics from a
// symmetric Dirichlet(0.05) over v words, docs documents of length
// tokens.
func asymmetricCorpus(t testing.TB, alpha []float64, v, docs, length int, seed uint64) (*corpus.Corpus, *model.Model) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 13))
	k := len(alpha)
	topics := make([][]float64, k)
	for j := range topics {
		topics[j] = make([]float64, v)
		synth.SymmetricDirichlet(rng, topics[j], 0.05)
	}
	vocab := make([]string, v)
	for w := range vocab {
		vocab[w] = "w" + strconv.Itoa(w)
	}
	c := &corpus.Corpus{Vocab: vocab, DocIDs: []string{}, Offsets: []int64{0}}
	mix := synth.NewMixture(topics)
	theta := make([]float64, k)
	var tokens []int32
	for d := range docs {
		synth.Dirichlet(rng, theta, alpha)
		tokens = mix.Tokens(rng, tokens[:0], theta, length)
		corpus.AppendTokens(c, "d"+strconv.Itoa(d), tokens)
	}
	return c, &model.Model{Algorithm: "truth", K: k, Vocab: vocab, Topics: topics, Alpha: alpha}
}

func recovery(t testing.TB, m, truth *model.Model) eval.Recovery {
	t.Helper()
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	rec, err := eval.L1Recovery(m, truth)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// normalisedL1 returns the l1 distance between a and b, each scaled to
// sum 1.
func normalisedL1(a, b []float64) float64 {
	sa, sb := 0.0, 0.0
	for i := range a {
		sa += a[i]
		sb += b[i]
	}
	d := 0.0
	for i := range a {
		d += math.Abs(a[i]/sa - b[i]/sb)
	}
	return d
}

// meanSD returns the mean and the sample standard deviation of x.
func meanSD(x []float64) (float64, float64) {
	m := 0.0
	for _, v := range x {
		m += v
	}
	m /= float64(len(x))
	s := 0.0
	for _, v := range x {
		s += (v - m) * (v - m)
	}
	return m, math.Sqrt(s / float64(len(x)-1))
}
