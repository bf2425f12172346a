package model_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/hulltopics/hull/model"
)

func Example() {
	m := &model.Model{
		Algorithm: "anchor",
		K:         2,
		Vocab:     []string{"bread", "oven", "rain", "snow"},
		Topics:    [][]float64{{0.6, 0.4, 0, 0}, {0, 0, 0.3, 0.7}},
	}
	dir, _ := os.MkdirTemp("", "model")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "m.json.gz")
	if err := model.Save(path, m); err != nil {
		fmt.Println(err)
		return
	}
	back, err := model.Load(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	for k := 0; k < back.K; k++ {
		top := back.TopWords(k, 2)
		fmt.Println(k, back.Vocab[top[0]], back.Vocab[top[1]])
	}
	// Output:
	// 0 bread oven
	// 1 snow rain
}

// A learner that singles out one word per topic marks it; MarkKind says
// what the words are.
func ExampleModel_MarkedWord() {
	m := &model.Model{
		Algorithm:  "tsvd",
		K:          2,
		Vocab:      []string{"bread", "oven", "rain", "snow"},
		Topics:     [][]float64{{0.6, 0.4, 0, 0}, {0, 0, 0.3, 0.7}},
		TopicWords: [][]int{{1, 0}, {}}, // TSVD's catchwords; topic 1 has none
	}
	for k := 0; k < m.K; k++ {
		if w := m.MarkedWord(k); w >= 0 {
			fmt.Printf("topic %d: %s %q\n", k, m.MarkKind(), m.Vocab[w])
		} else {
			fmt.Printf("topic %d: none\n", k)
		}
	}
	// Output:
	// topic 0: catchword "oven"
	// topic 1: none
}
