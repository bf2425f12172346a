package export_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/export"
	"github.com/hulltopics/hull/model"
)

// bakery is a two-topic model of four words; LDA models carry Alpha.
func bakery() *model.Model {
	return &model.Model{
		Algorithm: "gibbs",
		K:         2,
		Vocab:     []string{"bread", "oven", "rain", "snow"},
		Topics:    [][]float64{{0.6, 0.4, 0, 0}, {0, 0.1, 0.2, 0.7}},
		Alpha:     []float64{0.05, 0.125},
	}
}

func ExampleWriteMalletTopicKeys() {
	var b bytes.Buffer
	if err := export.WriteMalletTopicKeys(&b, bakery(), 20); err != nil {
		fmt.Println(err)
		return
	}
	// %q shows the tabs and the space MALLET leaves after every word.
	for _, line := range strings.SplitAfter(b.String(), "\n") {
		if line != "" {
			fmt.Printf("%q\n", line)
		}
	}
	// Output:
	// "0\t0.05\tbread oven \n"
	// "1\t0.125\tsnow rain oven \n"
}

func ExampleWriteMalletDocTopics() {
	ids := []string{"letter-1", "letter-2"}
	theta := [][]float64{{0.75, 0.25}, {0.0001, 0.9999}}
	if err := export.WriteMalletDocTopics(os.Stdout, ids, theta); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 0	letter-1	0.75	0.25
	// 1	letter-2	1.0E-4	0.9999
}

func ExampleWriteCSVTopicWords() {
	if err := export.WriteCSVTopicWords(os.Stdout, bakery(), 2); err != nil {
		fmt.Println(err)
	}
	// Output:
	// topic,rank,word,weight
	// 1,1,bread,0.6
	// 1,2,oven,0.4
	// 2,1,snow,0.7
	// 2,2,rain,0.2
}

func ExampleWriteCSVDocTopics() {
	ids := []string{"a letter, with a comma", `"quoted"`}
	theta := [][]float64{{0.75, 0.25}, {0.5, 0.5}}
	if err := export.WriteCSVDocTopics(os.Stdout, ids, theta); err != nil {
		fmt.Println(err)
	}
	// Output:
	// doc_id,topic_1,topic_2
	// "a letter, with a comma",0.75,0.25
	// """quoted""",0.5,0.5
}

func ExampleWritePyLDAvis() {
	m := bakery()
	docs, _ := corpus.FromTokensOn(m.Vocab, [][]string{{"bread", "bread", "oven"}, {"snow", "rain"}})
	theta := [][]float64{{0.9, 0.1}, {0.2, 0.8}} // infer.Infer(ctx, m, docs, opts) in practice
	if err := export.WritePyLDAvis(os.Stdout, m, docs, theta); err != nil {
		fmt.Println(err)
	}
	// Output:
	// {"topic_term_dists": [
	// [0.6,0.4,0,0],
	// [0,0.1,0.2,0.7]],
	// "doc_topic_dists": [
	// [0.9,0.1],
	// [0.2,0.8]],
	// "doc_lengths": [3,2],
	// "vocab": ["bread","oven","rain","snow"],
	// "term_frequency": [2,1,1,1]}
}

func ExampleWriteTopicsJSON() {
	m := &model.Model{
		Algorithm:    "anchor",
		K:            2,
		Vocab:        []string{"bread", "oven", "rain", "snow"},
		Topics:       [][]float64{{0.6, 0.4, 0, 0}, {0, 0.1, 0.2, 0.7}},
		TopicWeights: []float64{0.3, 0.7},
		Anchors:      []int{0, 3}, // the anchor word of each topic
	}
	if err := export.WriteTopicsJSON(os.Stdout, m, 2); err != nil {
		fmt.Println(err)
	}
	// Output:
	// {
	//   "k": 2,
	//   "vocab_size": 4,
	//   "topics": [
	//     {
	//       "id": 0,
	//       "share": 0.3,
	//       "words": [
	//         "bread",
	//         "oven"
	//       ],
	//       "weights": [
	//         0.6,
	//         0.4
	//       ],
	//       "anchor": "bread"
	//     },
	//     {
	//       "id": 1,
	//       "share": 0.7,
	//       "words": [
	//         "snow",
	//         "rain"
	//       ],
	//       "weights": [
	//         0.7,
	//         0.2
	//       ],
	//       "anchor": "snow"
	//     }
	//   ]
	// }
}

// Save writes a format's files together into a directory.
func ExampleSave() {
	dir, _ := os.MkdirTemp("", "export")
	defer os.RemoveAll(dir)
	m := bakery()
	docs, _ := corpus.FromTokensOn(m.Vocab, [][]string{{"bread", "oven"}, {"snow"}})
	theta := [][]float64{{0.9, 0.1}, {0.2, 0.8}}
	paths, err := export.Save(context.Background(), export.CSV, dir, m, 10, &export.Docs{Corpus: docs, Theta: theta})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range paths {
		fmt.Println(filepath.Base(p))
	}
	// Output:
	// topic_words.csv
	// doc_topics.csv
}

// Prepare makes the output directory before the long work, so a bad -o
// fails at once; a caller that fails before Save undoes it.
func ExamplePrepare() {
	tmp, err := os.MkdirTemp("", "export")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "run1", "csv")
	undo, err := export.Prepare(export.CSV, out, false)
	if err != nil {
		fmt.Println(err)
		return
	}
	// ... read and infer documents here; on failure: undo() ...
	_ = undo
	written, err := export.Save(context.Background(), export.CSV, out, bakery(), 2, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range written {
		fmt.Println(filepath.Base(p))
	}
	// Output:
	// topic_words.csv
}
