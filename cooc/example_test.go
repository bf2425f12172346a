package cooc_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

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

// Statistics of two halves of a corpus, computed apart (as on two
// machines) and merged, are exactly those of the whole.
func ExampleStats_Merge() {
	vocab := []string{"rain", "snow", "sun"}
	day := func(words ...int32) ([]int32, []int32) { return words, []int32{1, 1, 1}[:len(words)] }
	monday, tuesday, whole := cooc.NewStats(vocab), cooc.NewStats(vocab), cooc.NewStats(vocab)
	err := errors.Join(monday.AddDoc(day(0, 1)),
		tuesday.AddDoc(day(1, 2)), tuesday.AddDoc(day(0, 1, 2)),
		whole.AddDoc(day(0, 1)), whole.AddDoc(day(1, 2)), whole.AddDoc(day(0, 1, 2)))
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := monday.Merge(tuesday); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("documents:", monday.Docs, "identical:", monday.Digest() == whole.Digest())
	q, err := monday.Matrix(context.Background(), 0, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("Q(rain, snow) = %.3f\n", q.Row(0)[1])
	// Output:
	// documents: 3 identical: true
	// Q(rain, snow) = 0.222
}

// Shards of a corpus, each counted where it lives and saved, are merged
// from their files into the statistics of the whole, ready for a learner.
func ExampleMergeFiles() {
	dir, err := os.MkdirTemp("", "shards")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	vocab := []string{"rain", "snow", "sun"}
	var paths []string
	for i, doc := range [][]int32{{0, 1}, {1, 2}} {
		s := cooc.NewStats(vocab)
		if err := s.AddDoc(doc, []int32{2, 1}); err != nil {
			fmt.Println(err)
			return
		}
		paths = append(paths, filepath.Join(dir, fmt.Sprintf("shard%d.stats", i)))
		if err := s.Save(context.Background(), paths[i]); err != nil {
			fmt.Println(err)
			return
		}
	}
	whole, err := cooc.MergeFiles(context.Background(), paths, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("documents:", whole.Docs, "tokens:", whole.Tokens)
	// Output:
	// documents: 2 tokens: 6
}

// What a statistics file holds, read without its entries: the header and
// the digest, in memory proportional to the vocabulary.
func ExampleLoadStatsSummary() {
	dir, err := os.MkdirTemp("", "stats")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	s := cooc.NewStats([]string{"rain", "snow", "sun"})
	if err := errors.Join(s.AddDoc([]int32{0, 1}, []int32{2, 1}), s.AddDoc([]int32{1, 2}, []int32{1, 3})); err != nil {
		fmt.Println(err)
		return
	}
	path := filepath.Join(dir, "all.stats")
	if err := s.Save(context.Background(), path); err != nil {
		fmt.Println(err)
		return
	}
	sum, err := cooc.LoadStatsSummary(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sum.Docs, "documents,", len(sum.Vocab), "words,", sum.Nonzeros, "nonzero entries")
	fmt.Println("the file's digest is the statistics':", sum.Digest == s.Digest())
	// Output:
	// 2 documents, 3 words, 4 nonzero entries
	// the file's digest is the statistics': true
}
