package eval_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/synth"
)

func Example() {
	vocab := []string{"ball", "goal", "rain", "snow"}
	truth := &model.Model{Algorithm: "truth", K: 2, Vocab: vocab, Topics: [][]float64{
		{0.5, 0.5, 0, 0}, // sports
		{0, 0, 0.6, 0.4}, // weather
	}}
	// A learned model: its topics come in another order and are a little off.
	learned := &model.Model{Algorithm: "anchor", K: 2, Vocab: vocab, Topics: [][]float64{
		{0, 0.1, 0.5, 0.4},
		{0.6, 0.4, 0, 0},
	}}
	r, err := eval.L1Recovery(learned, truth)
	if err != nil {
		panic(err)
	}
	fmt.Printf("match %v, l1 %.2f, mean %.2f, max %.2f\n", r.Match, r.Dist, r.Mean, r.Max)
	s, err := eval.CosineRecovery(learned, truth)
	if err != nil {
		panic(err)
	}
	fmt.Printf("match %v, cosine %.3f, mean %.3f\n", s.Match, s.Cos, s.Mean)
	// Output:
	// match [1 0], l1 [0.20 0.20], mean 0.20, max 0.20
	// match [1 0], cosine [0.981 0.984], mean 0.982
}

// The measures of the demo corpus's own truth: against itself, on half of
// the documents held out, coherence on the other half.
func ExampleMeasure() {
	c, truth := synth.Demo()
	train, test, err := corpus.Split(c, 0.5, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		panic(err)
	}
	ms, err := eval.Measure(context.Background(), truth, eval.SuiteOptions{
		Truth: truth, Heldout: test, Reference: train, Seed: 1})
	if err != nil {
		panic(err)
	}
	fmt.Printf("l1 %.2f, cosine %.2f, perplexity %.0f, NPMI %.2f, unique words %.1f\n",
		*ms.L1Mean, *ms.CosineMean, *ms.Perplexity, *ms.CoherenceNPMI, *ms.UniqueWords)
	// Output:
	// l1 0.00, cosine 1.00, perplexity 60, NPMI 0.36, unique words 8.0
}

// What the topics stand for in a labelled corpus, topic by topic: the
// labels of the documents each dominates.
func ExampleLabelsOfTopics() {
	ids := []string{"d1", "d2", "d3", "d4", "d5"}
	labels := map[string]string{"d1": "sport", "d2": "sport", "d3": "weather", "d4": "sport", "d5": "weather"}
	theta := [][]float64{{0.9, 0.1}, {0.8, 0.2}, {0.3, 0.7}, {0.4, 0.6}, {0.1, 0.9}} // inferred weights
	classes, names, _ := eval.LabelClasses(ids, labels)
	byTopic, err := eval.LabelsOfTopics(eval.DominantOf(theta), classes, names, 2, 3)
	if err != nil {
		fmt.Println(err)
		return
	}
	for k, tl := range byTopic {
		fmt.Printf("topic %d: %d documents: %v\n", k+1, tl.Docs, tl.Labels)
	}
	// Output:
	// topic 1: 2 documents: [{sport 2}]
	// topic 2: 3 documents: [{weather 2} {sport 1}]
}

// What each class or group of a corpus is about: the mean topic weights
// of its documents.
func ExampleTopicsOfLabels() {
	ids := []string{"d1", "d2", "d3", "d4"}
	labels := map[string]string{"d1": "sport", "d2": "sport", "d3": "weather", "d4": "weather"}
	theta := [][]float64{{0.9, 0.1}, {0.7, 0.3}, {0.2, 0.8}, {0.4, 0.6}} // inferred weights
	classes, names, _ := eval.LabelClasses(ids, labels)
	byLabel, err := eval.TopicsOfLabels(theta, classes, names)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, lt := range byLabel {
		fmt.Printf("%s (%d documents): topic 1 %.1f, topic 2 %.1f\n", lt.Label, lt.Docs, lt.Shares[0], lt.Shares[1])
	}
	// Output:
	// sport (2 documents): topic 1 0.8, topic 2 0.2
	// weather (2 documents): topic 1 0.3, topic 2 0.7
}
