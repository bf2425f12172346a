package lda_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/lda"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/synth"

	// InitAnchor fits the anchor learner, which importing package anchor
	// registers.
	_ "github.com/hulltopics/hull/anchor"
)

// Learn 5 topics from a corpus drawn from LDA, by Gibbs sampling and by
// variational EM, and compare them with the truth.
func Example() {
	gen := synth.LDA{K: 5, V: 200, Docs: 800, DocLength: 60, Alpha: 0.1, Beta: 0.1}
	c, truth, err := gen.Generate(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		fmt.Println(err)
		return
	}
	gibbs, err := lda.NewGibbs(lda.GibbsOptions{Settings: learner.Settings{Seed: 1, Threads: 1}, Iterations: 200, OptimizeInterval: 10})
	if err != nil {
		fmt.Println(err)
		return
	}
	vb, err := lda.NewVB(lda.VBOptions{Init: lda.InitAnchor})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, l := range []learner.Learner{gibbs, vb} {
		m, err := l.Fit(context.Background(), c, truth.K)
		if err != nil {
			fmt.Println(err)
			return
		}
		rec, err := eval.L1Recovery(m, truth)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(m.Algorithm, m.K, "topics, mean l1 below 0.15:", rec.Mean < 0.15)
	}
	// Output:
	// gibbs 5 topics, mean l1 below 0.15: true
	// vb 5 topics, mean l1 below 0.15: true
}
