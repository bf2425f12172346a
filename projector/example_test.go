package projector_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/projector"
	"github.com/hulltopics/hull/synth"
)

// Learn 5 topics from an LDA corpus whose documents are mostly near one
// topic (small alpha) and compare them with the truth by the paper's
// recovery measure, the mean cosine of matched topics (section 5.2).
func Example() {
	c, truth, err := synth.LDA{K: 5, V: 400, Docs: 1000, DocLength: 80, Alpha: 0.05, Beta: 0.1}.Generate(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		fmt.Println(err)
		return
	}
	l, err := projector.New(projector.Options{Settings: learner.Settings{Seed: 1}}) // Delta 0.8
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := l.Fit(context.Background(), c, 5)
	if err != nil {
		fmt.Println(err)
		return
	}
	sim, err := eval.CosineRecovery(m, truth)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.Algorithm, m.K, "topics, mean cosine above 0.99:", sim.Mean > 0.99)
	fmt.Printf("documents inside the scaled simplex: %.2f\n", m.Params["inside_fraction"])
	// Output:
	// projector 5 topics, mean cosine above 0.99: true
	// documents inside the scaled simplex: 0.80
}
