package infer_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/model"
)

// Infer the topic weights of two documents under a fixed two-topic model.
func Example() {
	m := &model.Model{K: 2, Vocab: []string{"ball", "goal", "rain", "snow"}, Topics: [][]float64{
		{0.5, 0.5, 0, 0}, // sports
		{0, 0, 0.6, 0.4}, // weather
	}}
	// Documents come from any reader; corpus.Align puts them on the
	// model's vocabulary (unknown words are dropped).
	b := corpus.NewBuilder([]string{"goal", "rain", "ball", "umbrella"})
	b.Add(0, 3) // goal x3
	b.Add(2, 3) // ball x3
	b.EndDoc("match report")
	b.Add(0, 2) // goal x2
	b.Add(1, 6) // rain x6
	b.Add(3, 1) // umbrella
	b.EndDoc("rained off")
	c, rep := corpus.Align(b.Corpus(), m.Vocab)
	fmt.Println("unknown words:", rep.UnknownWords)

	for _, method := range []infer.Method{infer.VB, infer.Gibbs} {
		theta, err := infer.Infer(context.Background(), m, c, infer.Options{Method: method, Seed: 1})
		if err != nil {
			fmt.Println(err)
			return
		}
		for d, w := range theta {
			fmt.Printf("%-5s %-12s sports %.2f weather %.2f\n", method, c.DocIDs[d], w[0], w[1])
		}
	}
	// The topics share no word, so both methods give the posterior mean
	// (n_k + alpha_k) / (N + sum alpha) with the default alpha_k = 0.1:
	// 6.1/6.2 and 2.1/8.2.

	// Output:
	// unknown words: 1
	// vb    match report sports 0.98 weather 0.02
	// vb    rained off   sports 0.26 weather 0.74
	// gibbs match report sports 0.98 weather 0.02
	// gibbs rained off   sports 0.26 weather 0.74
}

// Infer the topic weights of one document given as its words; words the
// model does not know are dropped and counted.
func ExampleDocument() {
	m := &model.Model{K: 2, Vocab: []string{"ball", "goal", "rain", "snow"}, Topics: [][]float64{
		{0.5, 0.5, 0, 0}, // sports
		{0, 0, 0.6, 0.4}, // weather
	}}
	tokens := []string{"goal", "rain", "rain", "umbrella", "goal", "snow", "rain", "rain"}
	theta, unknown, err := infer.Document(context.Background(), m, tokens, infer.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("unknown words:", unknown)
	fmt.Printf("sports %.2f weather %.2f\n", theta[0], theta[1])
	// Output:
	// unknown words: 1
	// sports 0.29 weather 0.71
}

// An Inferencer arranges a model's topics once and then infers each
// document as it comes, at the cost of that document alone.
func ExampleInferencer() {
	m := &model.Model{K: 2, Vocab: []string{"ball", "goal", "rain", "snow"}, Topics: [][]float64{
		{0.5, 0.5, 0, 0}, // sports
		{0, 0, 0.6, 0.4}, // weather
	}}
	in, err := infer.NewInferencer(m, infer.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, doc := range []string{"goal goal ball rain", "snow rain rain umbrella"} {
		theta, unknown, err := in.Document(context.Background(), strings.Fields(doc))
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%q: sports %.2f weather %.2f, %d unknown\n", doc, theta[0], theta[1], unknown)
	}
	// Output:
	// "goal goal ball rain": sports 0.74 weather 0.26, 0 unknown
	// "snow rain rain umbrella": sports 0.03 weather 0.97, 1 unknown
}

// A topic's most representative documents, with the start of their text
// when the corpus was read with excerpts, show a reader what it is about;
// near-copies of a document shown are passed over and counted.
func ExampleTopicDocs() {
	m := &model.Model{K: 2, Vocab: []string{"ball", "goal", "rain", "snow"}, Topics: [][]float64{
		{0.5, 0.5, 0, 0}, // sports
		{0, 0, 0.6, 0.4}, // weather
	}}
	text := "Goal! The ball went in.\nRain and snow all day.\nRain stopped the goal rush.\nSnow, then rain.\n"
	raw, err := corpus.ReadFrom(strings.NewReader(text), "news.txt", corpus.ReadOptions{Format: corpus.FormatLines, Excerpt: 20})
	if err != nil {
		fmt.Println(err)
		return
	}
	c, _ := corpus.Align(raw, m.Vocab)
	theta, err := infer.Infer(context.Background(), m, c, infer.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	topDocs, err := infer.TopicDocs(c, theta, m.K, 2, infer.DefaultNearCopy)
	if err != nil {
		fmt.Println(err)
		return
	}
	for k, docs := range topDocs {
		for _, d := range docs {
			fmt.Printf("topic %d: %.2f line %s: %s near-copies passed over: %d\n", k+1, d.Weight, d.ID, d.Text, d.Copies)
		}
	}
	// Output:
	// topic 1: 0.95 line 1: Goal! The ball went… near-copies passed over: 0
	// topic 1: 0.50 line 3: Rain stopped the… near-copies passed over: 0
	// topic 2: 0.95 line 2: Rain and snow all… near-copies passed over: 1
	// topic 2: 0.50 line 3: Rain stopped the… near-copies passed over: 0
}
