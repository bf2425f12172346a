package synth_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/hulltopics/hull/synth"
)

func TestZZDigests(t *testing.T) {
	c, _ := synth.Demo()
	fmt.Println("demo", c.Digest())
	for _, g := range []synth.Generator{
		synth.LDA{K: 4, V: 50, Docs: 300, DocLength: 30, Poisson: true},
		synth.Separable{LDA: synth.LDA{K: 5, V: 100, Docs: 200, DocLength: 40, Poisson: true}, AnchorsPerTopic: 2},
	} {
		c, m, _ := g.Generate(rand.New(rand.NewPCG(3, 4)))
		fmt.Println(c.Digest(), m.Topics[1][7])
	}
}
