package hull_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"

	_ "github.com/hulltopics/hull/anchor" // registers "anchor"
)

// From tokens to the topics of a new document: build a corpus, fit a
// learner by name, save, load, infer.
func Example() {
	ctx, path := context.Background(), filepath.Join(os.TempDir(), "hull-example.json")
	c := corpus.FromTokens(userDocuments())
	l, err := learner.New("anchor", learner.Settings{Seed: 1}, nil)
	check(err)
	m, err := l.Fit(ctx, c, 2)
	check(err)
	check(model.Save(path, m))
	loaded, err := model.Load(path)
	check(err)
	theta, unknown, err := infer.Document(ctx, loaded, []string{"oven", "flour", "goal", "bake", "zebra"}, infer.Options{Seed: 1})
	check(err)
	fmt.Printf("topics %v and %v\nnew document: %.2f, %d unknown word\n", topWords(loaded, 0), topWords(loaded, 1), theta, unknown)
	// Output:
	// topics [goal match team] and [oven bake flour]
	// new document: [0.26 0.74], 1 unknown word
}

// userDocuments stands for the user's tokenised documents: 300 short
// documents, each mostly about football or about baking.
func userDocuments() [][]string {
	themes := [][]string{
		{"goal", "match", "team", "score", "coach", "league", "fans", "season"},
		{"oven", "bake", "flour", "sugar", "butter", "dough", "recipe", "bread"},
	}
	common := []string{"good", "day", "time", "people"}
	rng := rand.New(rand.NewPCG(1, 2))
	docs := make([][]string, 300)
	for d := range docs {
		theme := themes[d%2]
		for range 20 {
			if rng.IntN(5) == 0 {
				docs[d] = append(docs[d], common[rng.IntN(len(common))])
			} else {
				docs[d] = append(docs[d], theme[min(rng.IntN(len(theme)), rng.IntN(len(theme)))])
			}
		}
	}
	return docs
}

func check(err error) {
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
}

// topWords returns the three most probable words of topic k.
func topWords(m *model.Model, k int) []string {
	var out []string
	for _, w := range m.TopWords(k, 3) {
		out = append(out, m.Vocab[w])
	}
	return out
}
