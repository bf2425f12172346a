package tsvd_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/synth"
	"github.com/hulltopics/hull/tsvd"
)

// Learn 10 topics from a corpus that meets the paper's assumptions
// (dominant topics, catchwords; section 3.1) and compare them with the
// truth by the mean matched l1 error, the measure of the paper's Table 2.
func Example() {
	c, truth, err := synth.Dominant{Docs: 3000, DocLength: 300}.Generate(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		fmt.Println(err)
		return
	}
	l, err := tsvd.New(tsvd.Options{Seed: 1})
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
	dom := m.Params["dominant_topic"].([]int) // per document, -1 for none
	cw := m.Params["catchwords"].([][]string) // per topic
	fmt.Println(len(dom), "documents; the first one's topic has catchwords:", len(cw[dom[0]]) > 0)
	// Output:
	// tsvd 10 topics, mean l1 below 0.25: true
	// topics that fell back: []
	// 3000 documents; the first one's topic has catchwords: true
}
