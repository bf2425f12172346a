package corpus_test

import (
	"fmt"
	"log"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/hulltopics/hull/corpus"
)

// The format (UCI here) is detected and the vocabulary file
// testdata/num_tiny.vocab.txt is found next to the data file.
func ExampleReadFile() {
	c, err := corpus.ReadFile("testdata/num_tiny.txt", corpus.ReadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(c.NumDocs(), "documents,", c.NumWords(), "words,", c.Tokens(), "tokens")
	for d := range c.NumDocs() {
		words, counts := c.Doc(d)
		terms := make([]string, len(words))
		for i, w := range words {
			terms[i] = fmt.Sprintf("%s:%d", c.Vocab[w], counts[i])
		}
		fmt.Println(strings.TrimSpace("doc " + c.DocIDs[d] + ": " + strings.Join(terms, " ")))
	}
	// Output:
	// 4 documents, 5 words, 12 tokens
	// doc 1: apple:2 cherry:1
	// doc 2: banana:3
	// doc 3:
	// doc 4: apple:1 date:1 elder:4
}

// Keeping the words present in at least two documents leaves only
// "apple"; the documents left empty are dropped.
func ExamplePrune() {
	c, err := corpus.ReadFile("testdata/num_tiny.txt", corpus.ReadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	pruned, report, err := corpus.Prune(c, corpus.PruneOptions{MinDF: 2})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(report)
	fmt.Println(pruned.Vocab, pruned.DocIDs)
	// Output:
	// 2 documents, 1 words, 3 tokens (dropped 4 words: 4 by min-df, 0 by max-df, 0 by max-vocab; 2 empty documents; 25.0% of tokens kept)
	// [apple] [1 4]
}

// A seeded split holds out round(0.5*4) = 2 documents; the same seed
// gives the same split.
func ExampleSplit() {
	c, err := corpus.ReadFile("testdata/num_tiny.dat", corpus.ReadOptions{})
	if err != nil {
		log.Fatal(err)
	}
	train, test, err := corpus.Split(c, 0.5, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		log.Fatal(err)
	}
	_, again, _ := corpus.Split(c, 0.5, rand.New(rand.NewPCG(1, 2)))
	fmt.Println(train.NumDocs(), "training and", test.NumDocs(), "test documents")
	fmt.Println("same split again:", slices.Equal(test.DocIDs, again.DocIDs))
	fmt.Println("shared vocabulary:", slices.Equal(train.Vocab, test.Vocab))
	// Output:
	// 2 training and 2 test documents
	// same split again: true
	// shared vocabulary: true
}
