package anchor_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/hulltopics/hull/anchor"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/synth"
)

// Learn 10 topics from a generated corpus with planted anchor words and
// compare them with the truth.
func Example() {
	gen := synth.Separable{LDA: synth.LDA{K: 10, V: 500, Docs: 20000, DocLength: 100}, AnchorsPerTopic: 1}
	c, truth, err := gen.Generate(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		fmt.Println(err)
		return
	}
	l, err := anchor.New(anchor.Options{Recover: anchor.RecoverL2, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := l.Fit(context.Background(), c, 10)
	if err != nil {
		fmt.Println(err)
		return
	}
	rec, err := eval.L1Recovery(m, truth)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.Algorithm, m.K, "topics, mean l1 below 0.1:", rec.Mean < 0.1)
	// Output: anchor 10 topics, mean l1 below 0.1: true
}
