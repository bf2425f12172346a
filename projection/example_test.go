package projection_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/projection"
	"github.com/hulltopics/hull/synth"
)

// Learn 6 topics from a separable corpus drawn as in the paper's section
// 6.2 (two novel words per topic, words w0..w11) with random projections,
// and compare them with the truth. Each topic's cluster holds its two
// planted words.
func Example() {
	gen := synth.Separable{LDA: synth.LDA{K: 6, V: 200, Docs: 8000, DocLength: 200, Alpha: 0.1, Beta: 0.1}, AnchorsPerTopic: 2, Style: synth.SeparableDing}
	c, truth, err := gen.Generate(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		fmt.Println(err)
		return
	}
	l, err := projection.New(projection.Options{Settings: learner.Settings{Seed: 1}, Method: projection.RP})
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := l.Fit(context.Background(), c, 6)
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
	fmt.Println("clustering:", m.Params["clustering"])
	// The topics at the automatic candidate floor are distinct: that fit
	// is kept (on real text it is refitted at a raised floor).
	fmt.Println("candidate floor:", m.Params["min_df_chosen"], m.Params["min_df"])
	clusters := make([][]string, m.K) // TopicWords holds word indices
	for k, ws := range m.TopicWords {
		for _, w := range ws {
			clusters[k] = append(clusters[k], m.Vocab[w])
		}
	}
	fmt.Println("clusters of novel words:", clusters)
	// Output:
	// rp 6 topics, mean l1 below 0.1: true
	// clustering: components
	// candidate floor: auto 80
	// clusters of novel words: [[w0 w1] [w2 w3] [w4 w5] [w6 w7] [w8 w9] [w10 w11]]
}
