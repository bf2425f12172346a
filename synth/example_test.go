package synth_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/hulltopics/hull/synth"
)

func ExampleSeparable() {
	g := synth.NewSeparable() // Alpha = Beta = 0.1, Arora's style
	g.K, g.V, g.Docs, g.DocLength, g.AnchorsPerTopic = 3, 200, 1000, 50, 2
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

func ExampleKe() {
	// The paper's Experiment 3 setting with fewer documents: K = 6,
	// p = 2000, p0 = 20, N = 2000, a0 = 0.4.
	g := synth.NewKe()
	g.Docs, g.PureFraction = 100, 0.4
	c, truth, err := g.Generate(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		panic(err)
	}
	fmt.Println(c.NumDocs(), "documents of", c.DocLen(0), "tokens,", c.NumWords(), "words")
	fmt.Println("pure documents:", truth.Params["pure_docs"], "anchors:", truth.Anchors)
	fmt.Println("anchor w0 only in topic 0:", truth.Topics[0][0] > 0, truth.Topics[1][0] == 0)
	// Output:
	// 100 documents of 2000 tokens, 2000 words
	// pure documents: 40 anchors: [0 20 40 60 80 100]
	// anchor w0 only in topic 0: true true
}

func ExampleSwimmer() {
	c, truth, err := synth.NewSwimmer().Generate(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		panic(err)
	}
	fmt.Println(c.NumDocs(), "images,", c.NumWords(), "pixels,", truth.K, "limb topics")
	// Draw the top of topic 3, the left arm raised (#), over the torso
	// (+) and the background (.) that every limb topic shares.
	row := truth.Topics[3]
	background := row[0]
	for r := range 12 {
		line := ""
		for col := 4; col < 28; col++ {
			switch p := row[r*synth.SwimmerSize+col]; {
			case p > 20*background:
				line += "#"
			case p > 2*background:
				line += "+"
			default:
				line += "."
			}
		}
		fmt.Println(line)
	}
	// Output:
	// 256 images, 1024 pixels, 16 limb topics
	// ..........#.............
	// ..........#.............
	// ..........#.............
	// ..........#.............
	// ..........#.............
	// ..........#.............
	// ..........#.............
	// ..........#.............
	// .........++++++.........
	// .........++++++.........
	// ...........++...........
	// ...........++...........
}

func ExampleLDA_GenerateWeights() {
	g := synth.LDA{K: 3, V: 50, Docs: 4, DocLength: 20, Alpha: 0.5, Beta: 0.1} // zero means zero: set every field
	c, truth, theta, err := g.GenerateWeights(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		panic(err)
	}
	// Document d's true word distribution is sum_k theta[d][k] truth.Topics[k].
	fmt.Println(c.NumDocs(), "documents,", len(theta), "rows of", len(theta[0]), "weights; K =", truth.K)
	// Output:
	// 4 documents, 4 rows of 3 weights; K = 3
}

func ExampleNew() {
	// Build a generator by name with options as strings, as "hull synth
	// dominant --rho 0 --docs 200" does; the others keep their defaults.
	g, err := synth.New("dominant", map[string]string{"rho": "0", "Docs": "200"})
	if err != nil {
		panic(err)
	}
	c, truth, err := g.Generate(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		panic(err)
	}
	fmt.Println(c.NumDocs(), "documents; rho", truth.Params["rho"], "so the catchwords are anchors:", truth.Anchors)

	// A value out of range names the field.
	_, err = synth.New("dominant", map[string]string{"delta": "0.1"})
	fmt.Println(err)
	// Output:
	// 200 documents; rho 0 so the catchwords are anchors: [0 10 20 30 40 50 60 70 80 90]
	// synth: dominant: Delta = 0.1, want in [0, 0.08] (TSVD section 3.1)
}

// Drawing a large corpus under a context, with progress: Draw gives what
// GenerateWeights gives, and stops with the context's error once it is
// done. The progress function hears "draw documents" from 0 to Docs, at
// most about a hundred times.
func ExampleDraw() {
	g := synth.LDA{K: 5, V: 200, Docs: 1000, DocLength: 50, Alpha: 0.1, Beta: 0.1}
	reports := 0 // of the stage
	c, truth, theta, err := synth.Draw(context.Background(), g, rand.New(rand.NewPCG(1, 2)), func(stage string, done, total int) {
		if done == 0 {
			reports = 0
		}
		if reports++; done == total {
			fmt.Printf("%s: %d of %d, %d reports\n", stage, done, total, reports)
		}
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(c.NumDocs(), "documents,", truth.K, "topics,", len(theta), "rows of weights")
	// Output:
	// draw topics: 5 of 5, 6 reports
	// draw documents: 1000 of 1000, 101 reports
	// 1000 documents, 5 topics, 1000 rows of weights
}

// A corpus with its truth on disk, as "hull synth lda -o DIR" writes it:
// PrepareDir checks DIR before the generation, WriteDir writes the set.
func ExampleWriteDir() {
	tmp, err := os.MkdirTemp("", "synth")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(tmp)
	dir := filepath.Join(tmp, "lda")
	undo, err := synth.PrepareDir(dir)
	if err != nil {
		panic(err)
	}
	g := synth.LDA{K: 3, V: 50, Docs: 4, DocLength: 20, Alpha: 0.5, Beta: 0.1}
	c, truth, theta, err := g.GenerateWeights(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		undo()
		panic(err)
	}
	if err := synth.WriteDir(context.Background(), dir, c, truth, theta, nil); err != nil {
		panic(err)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		fmt.Println(e.Name())
	}
	// Output:
	// doc-topics.tsv
	// docword.txt
	// truth.json
	// vocab.txt
}
