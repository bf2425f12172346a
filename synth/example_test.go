package synth_test

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/hulltopics/hull/synth"
)

func ExampleSeparable() {
	g := synth.Separable{
		LDA:             synth.LDA{K: 3, V: 200, Docs: 1000, DocLength: 50},
		AnchorsPerTopic: 2,
	}
	c, truth, err := g.Generate(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		panic(err)
	}
	fmt.Println(c.NumDocs(), "documents,", c.Tokens(), "tokens,", c.NumWords(), "words")
	fmt.Println("anchors:", truth.Anchors)
	fmt.Println("anchor w2 in topics 0, 1, 2:", truth.Topics[0][2], truth.Topics[1][2] > 0, truth.Topics[2][2])
	// Output:
	// 1000 documents, 50000 tokens, 200 words
	// anchors: [0 2 4]
	// anchor w2 in topics 0, 1, 2: 0 true 0
}

func ExampleDemo() {
	c, truth := synth.Demo()
	fmt.Println(c.NumDocs(), "documents,", c.NumWords(), "words")
	for k, name := range synth.DemoThemes()[:3] {
		var words []string
		for _, w := range truth.TopWords(k, 5) {
			words = append(words, c.Vocab[w])
		}
		fmt.Printf("%s: %s\n", name, strings.Join(words, " "))
	}
	// Output:
	// 2500 documents, 322 words
	// cooking: recipe kitchen oven bake time
	// sports: team coach player ball time
	// weather: rain snow wind storm time
}
