package eval_test

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/model"
)

// Three topics, two of them near-copies: the health of a model, its
// documents' dominant topics taken from a corpus as "hull fit" does.
func ExampleTopicHealth() {
	vocab := []string{"ball", "goal", "team", "rain", "snow", "wind"}
	m := &model.Model{Algorithm: "anchor", K: 3, Vocab: vocab, Topics: [][]float64{
		{0.4, 0.3, 0.2, 0.1, 0, 0}, // ball goal team
		{0.3, 0.4, 0.1, 0.2, 0, 0}, // goal ball rain: a near-copy
		{0, 0.1, 0, 0.3, 0.3, 0.3}, // rain snow wind
	}}
	docs := wordsCorpus(vocab,
		[]string{"ball", "goal", "team"},
		[]string{"goal", "ball", "rain"},
		[]string{"rain", "snow", "wind", "snow"},
		[]string{"snow", "wind"},
	)
	dominant, err := eval.DominantTopics(context.Background(), m, docs, 1)
	if err != nil {
		panic(err)
	}
	h := eval.TopicHealth(m, dominant, 3)
	fmt.Println("dominant topics:", dominant)
	fmt.Printf("%d different words in %d x %d slots, %d of %d pairs near-duplicates\n",
		h.DistinctWords, h.K, h.Top, h.NearDuplicatePairs, h.Pairs)
	fmt.Printf("largest topic %d with %.0f%% of %d documents, rare topics %v\n",
		h.LargestTopic, 100*h.LargestShare, h.Docs, h.RareTopics)
	fmt.Println("collapsed:", h.Collapsed, "-", strings.Join(h.Signs, "; "))
	// Output:
	// dominant topics: [0 1 2 2]
	// 6 different words in 3 x 3 slots, 1 of 3 pairs near-duplicates
	// largest topic 2 with 50% of 4 documents, rare topics []
	// collapsed: true - 1 of the 3 topic pairs share at least half of their top 3 words (more than a quarter)
}

// NMI and purity of documents' dominant topics against their labels.
func ExampleNMI() {
	labels, err := eval.ReadLabels(strings.NewReader("d1\tsport\nd2\tsport\nd3\tweather\nd5\tweather\n"), "labels.tsv")
	if err != nil {
		panic(err)
	}
	ids := []string{"d1", "d2", "d3", "d4", "d5"}
	dominant := []int{0, 0, 1, 1, 0} // d4 has no label and is left out
	classes, names, n := eval.LabelClasses(ids, labels)
	fmt.Println(classes, names, n, "labelled")
	fmt.Printf("NMI %.3f, purity %.2f\n", eval.NMI(dominant, classes), eval.Purity(dominant, classes))
	_, err = eval.ReadLabels(strings.NewReader("d1\tsport\nd2 weather\n"), "labels.tsv")
	fmt.Println(err)
	// Output:
	// [0 0 1 -1 1] [sport weather] 4 labelled
	// NMI 0.344, purity 0.75
	// labels.tsv:2: want id<TAB>label, found no tab
}

// The dominant topics of an even sample of the documents: the others get
// -1 and TopicHealth's document figures describe the sample.
func ExampleSampleDominantTopics() {
	vocab := []string{"ball", "goal", "rain", "snow"}
	m := &model.Model{Algorithm: "anchor", K: 2, Vocab: vocab, Topics: [][]float64{
		{0.5, 0.5, 0, 0},
		{0, 0, 0.5, 0.5},
	}}
	docs := wordsCorpus(vocab,
		[]string{"ball", "goal"}, []string{"rain"}, []string{"goal"},
		[]string{"snow", "rain"}, []string{"ball"}, []string{"snow"},
	)
	dominant, sampled, err := eval.SampleDominantTopics(context.Background(), m, docs, 3, 1)
	if err != nil {
		panic(err)
	}
	h := eval.TopicHealth(m, dominant, 2)
	fmt.Println(dominant, sampled, "sampled")
	fmt.Printf("largest topic %d with %.0f%% of %d documents\n", h.LargestTopic, 100*h.LargestShare, h.Docs)
	// Output:
	// [0 -1 0 -1 0 -1] 3 sampled
	// largest topic 0 with 100% of 3 documents
}

// Two topics over documents that each hold the ten words of one theme: the
// second topic's top words, five of each theme, occur together less often
// than at random (pairs across the themes never do), so it is incoherent.
func ExampleHealth_AddCoherence() {
	sports := strings.Fields("ball goal team match score coach league win player field")
	weather := strings.Fields("rain snow wind storm cloud sun fog frost heat cold")
	vocab := append(slices.Clone(sports), weather...)
	topic := func(words ...string) []float64 {
		row := make([]float64, len(vocab))
		for _, w := range words {
			row[slices.Index(vocab, w)] = 0.1
		}
		return row
	}
	m := &model.Model{Algorithm: "score", K: 2, Vocab: vocab, Topics: [][]float64{
		topic(sports...),
		topic(append(slices.Clone(sports[:5]), weather[:5]...)...),
	}}
	// 50 documents: fewer are too few to judge topics by.
	docs := wordsCorpus(vocab, slices.Repeat([][]string{sports, weather}, 25)...)
	h := eval.TopicHealth(m, nil, 0)
	if err := h.AddCoherence(m, docs); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("NPMI %.2f, incoherent topics %v, incoherent: %v\n", h.NPMI, h.IncoherentTopics, h.Incoherent)
	// Output:
	// NPMI [1.00 -0.11], incoherent topics [1], incoherent: true
}
