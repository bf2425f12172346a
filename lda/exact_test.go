package lda

import (
	"context"
	"math"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/learner"
)

// tinyCorpus is 2 documents of 3 tokens each over 3 words.
func tinyCorpus() *corpus.Corpus {
	b := corpus.NewBuilder([]string{"a", "b", "c"})
	b.Add(0, 2)
	b.Add(1, 1)
	b.EndDoc("d0")
	b.Add(1, 1)
	b.Add(2, 2)
	b.EndDoc("d1")
	return b.Corpus()
}

// logJoint returns log p(w, z) of LDA with K topics for the tokens
// (doc[i], word[i]) with topics z.
func logJoint(docs, words, z []int, nDocs, v, k int, alpha []float64, beta float64) float64 {
	ndt := make([][]float64, nDocs)
	nd := make([]float64, nDocs)
	for d := range ndt {
		ndt[d] = make([]float64, k)
	}
	nwt := make([][]float64, v)
	for w := range nwt {
		nwt[w] = make([]float64, k)
	}
	nt := make([]float64, k)
	for i := range z {
		ndt[docs[i]][z[i]]++
		nd[docs[i]]++
		nwt[words[i]][z[i]]++
		nt[z[i]]++
	}
	a0 := 0.0
	for _, a := range alpha {
		a0 += a
	}
	ll := 0.0
	for d := range ndt {
		ll += lgamma(a0) - lgamma(a0+nd[d])
		for t := range k {
			ll += lgamma(alpha[t]+ndt[d][t]) - lgamma(alpha[t])
		}
	}
	for t := range k {
		ll += lgamma(float64(v)*beta) - lgamma(float64(v)*beta+nt[t])
		for w := range v {
			ll += lgamma(beta+nwt[w][t]) - lgamma(beta)
		}
	}
	return ll
}

// With one shard the sampler is exact collapsed Gibbs sampling: on a
// corpus small enough to enumerate every assignment of topics (2^6 of
// them), the frequencies of the states visited match the posterior p(z |
// w). Alpha is asymmetric and beta large enough that all three buckets
// (s, r, q) are drawn from often; the test fails for an error in any of
// them or in the count updates (a wrong bucket shifts some states'
// frequencies by far more than the tolerance).
func TestGibbsExactPosterior(t *testing.T) {
	c := tinyCorpus()
	const k = 2
	alpha := []float64{0.3, 0.8}
	beta := 0.4
	g, err := NewGibbs(GibbsOptions{Settings: learner.Settings{Threads: 1, Seed: 5}, Beta: beta, AlphaSum: 2})
	if err != nil {
		t.Fatal(err)
	}
	f := &gibbsFit{o: &g.opts, c: c, k: k}
	ch, err := newChain[uint16, uint32](context.Background(), f)
	if err != nil {
		t.Fatal(err)
	}
	copy(ch.alpha, alpha)
	// Tokens in the sampler's order: document by document, words in
	// order, each repeated by its count.
	var docs, words []int
	for d := range c.NumDocs() {
		ws, cs := c.Doc(d)
		for q, w := range ws {
			for range cs[q] {
				docs = append(docs, d)
				words = append(words, int(w))
			}
		}
	}
	n := len(docs)
	states := 1 << n
	exact := make([]float64, states)
	total := 0.0
	z := make([]int, n)
	for s := range states {
		for i := range z {
			z[i] = s >> i & 1
		}
		exact[s] = math.Exp(logJoint(docs, words, z, c.NumDocs(), c.NumWords(), k, alpha, beta))
		total += exact[s]
	}
	const sweeps = 400000
	freq := make([]float64, states)
	for it := 1; it <= sweeps; it++ {
		if err := ch.sweep(context.Background(), it, false, false); err != nil {
			t.Fatal(err)
		}
		s := 0
		for i, zi := range ch.z {
			s |= int(zi) << i
		}
		freq[s]++
	}
	worst := 0.0
	for s := range states {
		p := exact[s] / total
		got := freq[s] / sweeps
		// Successive states are correlated (mildly: the chain mixes in a
		// few sweeps): allow for an effective sample 4 times smaller, and
		// 5 standard errors.
		se := math.Sqrt(p * (1 - p) * 4 / sweeps)
		if d := math.Abs(got - p); d > 5*se+1e-4 {
			t.Errorf("state %06b: frequency %.5f, posterior %.5f (%.1f se)", s, got, p, d/se)
		}
		worst = max(worst, math.Abs(got-p)/se)
	}
	t.Logf("largest deviation %.2f (inflated) standard errors", worst)
}
