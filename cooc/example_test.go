package cooc_test

import (
	"context"
	"fmt"

	"github.com/hulltopics/hull/cooc"
	"github.com/hulltopics/hull/corpus"
)

// Q for two documents over three words: each document's pairs of tokens
// share its unit of mass.
func ExampleCompute() {
	b := corpus.NewBuilder([]string{"rain", "snow", "sun"})
	b.Add(0, 2) // "rain rain snow"
	b.Add(1, 1)
	b.EndDoc("a")
	b.Add(2, 1) // "sun": one token, no pair, skipped
	b.EndDoc("b")
	q, err := cooc.Compute(context.Background(), b.Corpus(), cooc.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for i := 0; i < q.V; i++ {
		fmt.Printf("%.3f\n", q.Row(i))
	}
	fmt.Println("documents used:", q.Docs, "skipped:", q.Skipped)
	// Output:
	// [0.333 0.333 0.000]
	// [0.333 0.000 0.000]
	// [0.000 0.000 0.000]
	// documents used: 1 skipped: 1
}
