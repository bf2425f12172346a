package tsvd_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/synth"
	"github.com/hulltopics/hull/tsvd"
)

// Learn 10 topics from a corpus that meets the paper's assumptions
// (dominant topics, catchwords; section 3.1) and compare them with the
// truth by the mean matched l1 error, the measure of the paper's Table 2.
func Example() {
	g := synth.NewDominant() // the paper's section 4.1 values
	g.Docs, g.DocLength = 3000, 300
	c, truth, err := g.Generate(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		fmt.Println(err)
		return
	}
	l, err := tsvd.New(tsvd.Options{Settings: learner.Settings{Seed: 1}})
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
	fmt.Println(m.Algorithm, m.K, "topics, mean l1 below 0.25:", rec.Mean < 0.25)
	fmt.Println("topics that fell back:", m.Params["fallback_topics"])
	dom := m.DominantTopic // per document, -1 for none
	cw := m.TopicWords     // per topic, its catchwords (word indices)
	fmt.Println(len(dom), "documents; the first one's topic has catchwords:", len(cw[dom[0]]) > 0)
	// Output:
	// tsvd 10 topics, mean l1 below 0.25: true
	// topics that fell back: 0
	// 3000 documents; the first one's topic has catchwords: true
}
