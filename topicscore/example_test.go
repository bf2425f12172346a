package topicscore_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/synth"
	"github.com/hulltopics/hull/topicscore"
)

// Learn 6 topics from a corpus of the paper's simulations (section 5.1,
// Experiment 1) and compare them with the truth by the paper's measure,
// the largest matched l1 error over topics.
func Example() {
	c, truth, err := synth.NewKe().Generate(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		fmt.Println(err)
		return
	}
	l, err := topicscore.New(topicscore.Options{Settings: learner.Settings{Seed: 1}})
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
	fmt.Println(m.Algorithm, m.K, "topics, max l1 below 0.3:", rec.Max < 0.3)
	fmt.Println("m =", m.Params["m"], "K0 =", m.Params["k0"])
	// Output:
	// score 6 topics, max l1 below 0.3: true
	// m = 60 K0 = 8
}
