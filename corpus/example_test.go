package corpus_test

import (
	"context"
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/text"
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

// Documents already split into tokens become a corpus in one call: ids
// "1".."D", the vocabulary in first-seen order, empty documents kept.
func ExampleFromTokens() {
	c := corpus.FromTokens([][]string{
		{"rain", "snow", "rain"},
		{"sun", "rain"},
		{},
	})
	fmt.Println(c.Vocab, c.DocIDs)
	for d := range c.NumDocs() {
		words, counts := c.Doc(d)
		fmt.Println("doc", c.DocIDs[d], words, counts)
	}
	// Output:
	// [rain snow sun] [1 2 3]
	// doc 1 [0 1] [2 1]
	// doc 2 [0 2] [1 1]
	// doc 3 [] []
}

// The cosine similarity of documents' word counts: 1 for a document and
// its copy (in any proportion), as "hull topics" takes near-copies.
func ExampleCorpus_Cosine() {
	c := corpus.FromTokens([][]string{
		{"oil", "prices", "rose"},
		{"oil", "prices", "rose", "oil", "prices", "rose"},
		{"oil", "prices", "fell"},
		{"wheat", "crop"},
	})
	fmt.Printf("%.3f %.3f %.3f\n", c.Cosine(0, 1), c.Cosine(0, 2), c.Cosine(0, 3))
	// Output:
	// 1.000 0.667 0.000
}

// New documents on a fixed vocabulary, such as a model's Vocab: words
// the vocabulary lacks are dropped and counted.
func ExampleFromTokensOn() {
	vocab := []string{"rain", "snow", "sun"}
	c, report := corpus.FromTokensOn(vocab, [][]string{
		{"sun", "sun", "hail", "rain"},
		{"fog", "hail"},
	})
	fmt.Println(report)
	for d := range c.NumDocs() {
		words, counts := c.Doc(d)
		fmt.Println("doc", c.DocIDs[d], words, counts)
	}
	// Output:
	// 3 tokens (dropped 3 tokens of 2 unknown words: "hail", "fog"; 1 empty documents; 50.0% of tokens kept)
	// doc 1 [0 2] [1 2]
	// doc 2 [] []
}

// Any io.Reader (standard input, an HTTP body, a string) holds a corpus in
// any format, gzip-compressed or not; the numeric formats take their
// vocabulary from the options, and errors name the stream ("stdin:2: ...")
// and, when it was detected, the format the input was read as.
func ExampleReadFrom() {
	ldac := "2 0:2 2:1\n1 1:3\n"
	c, err := corpus.ReadFrom(strings.NewReader(ldac), "stdin", corpus.ReadOptions{
		VocabWords: []string{"rain", "snow", "sun"},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(c.NumDocs(), "documents,", c.Tokens(), "tokens")
	_, err = corpus.ReadFrom(strings.NewReader("1 0:1\n1 7:1\n"), "stdin", corpus.ReadOptions{
		VocabWords: []string{"rain", "snow", "sun"},
	})
	fmt.Println(err)
	// Output:
	// 2 documents, 6 tokens
	// stdin:2: word id 7 outside [0,2] (format ldac, detected from the first 2 lines; ReadOptions.Format sets it)
}

// A corpus saved for other tools: PrepareDir makes the directory before
// the reading (so a bad -o fails at once), SaveDir writes the files.
func ExampleSaveDir() {
	tmp, err := os.MkdirTemp("", "corpus")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(tmp)
	dir := filepath.Join(tmp, "kos-uci")
	opts := corpus.SaveOptions{Format: corpus.OutputUCI}
	undo, err := corpus.PrepareDir(dir, opts)
	if err != nil {
		fmt.Println(err)
		return
	}
	c := corpus.FromTokens([][]string{{"rain", "snow", "rain"}, {"sun", "snow"}}) // read in practice
	paths, err := corpus.SaveDir(context.Background(), dir, c, opts)
	if err != nil {
		undo()
		fmt.Println(err)
		return
	}
	for _, p := range paths {
		fmt.Println(filepath.Base(p))
	}
	// Output:
	// docword.txt
	// vocab.txt
	// docids.txt
}

// A few documents of a corpus, by index, in the order given: an even
// sample here, as "hull fit" takes for the health of its topics.
func ExampleSelect() {
	c := corpus.FromTokens([][]string{{"rain"}, {"snow", "rain"}, {"sun"}, {"wind"}, {"sun", "snow"}, {"rain"}})
	sample := corpus.Select(c, []int{0, 2, 4})
	fmt.Println(sample.DocIDs, sample.NumWords(), "words")
	words, _ := sample.Doc(2)
	for _, w := range words {
		fmt.Print(sample.Vocab[w], " ")
	}
	fmt.Println()
	// Output:
	// [1 3 5] 4 words
	// snow sun
}

// IndexWords maps each word of a fixed vocabulary to its index, the first
// where a word is listed twice, as the corpus builders count it.
func ExampleIndexWords() {
	index := corpus.IndexWords([]string{"oven", "flour", "goal", "flour"})
	fmt.Println(index["flour"], index["goal"], len(index))
	_, known := index["zebra"]
	fmt.Println(known)
	// Output:
	// 1 2 3
	// false
}

// Excerpts keep the start of each raw document's text, as a reader would
// see it, for showing the documents beside their topics.
func ExampleReadOptions_excerpt() {
	in := "<p>Cocoa prices rose sharply in London &amp; New York.</p>\n<p>Grain ships waited in port.</p>\n"
	c, err := corpus.ReadFrom(strings.NewReader(in), "news.txt", corpus.ReadOptions{
		Excerpt: 30,
		Text:    text.Options{Clean: []text.Clean{text.CleanMarkup}},
	})
	if err != nil {
		log.Fatal(err)
	}
	for d := range c.NumDocs() {
		fmt.Printf("%s: %s\n", c.DocIDs[d], c.Excerpts[d])
	}
	// Output:
	// 1: Cocoa prices rose sharply in…
	// 2: Grain ships waited in port.
}
