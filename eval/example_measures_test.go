package eval_test

import (
	"context"
	"fmt"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/synth"
)

// wordsCorpus returns a corpus over vocab with one document per list of words.
func wordsCorpus(vocab []string, docs ...[]string) *corpus.Corpus {
	b := corpus.NewBuilder(vocab)
	for i, doc := range docs {
		for _, w := range doc {
			j, _ := b.WordIndex(w)
			b.Add(j, 1)
		}
		b.EndDoc(fmt.Sprint(i))
	}
	return b.Corpus()
}

func ExampleTopicCoherence() {
	vocab := []string{"ball", "goal", "team", "rain", "snow"}
	m := &model.Model{Algorithm: "example", K: 2, Vocab: vocab, Topics: [][]float64{
		{0.5, 0.3, 0.2, 0, 0}, // ball goal team: they go together
		{0, 0.2, 0, 0.5, 0.3}, // rain snow goal: goal does not belong
	}}
	ref := wordsCorpus(vocab,
		[]string{"ball", "goal", "team"},
		[]string{"ball", "goal"},
		[]string{"team", "ball"},
		[]string{"rain", "snow"},
		[]string{"rain"},
	)
	c, err := eval.TopicCoherence(context.Background(), m, ref, 3)
	if err != nil {
		panic(err)
	}
	for k := range m.K {
		fmt.Printf("topic %d: UMass %6.2f, NPMI %5.2f\n", k, c.TopicUMass[k], c.TopicNPMI[k])
	}
	fmt.Printf("mean:    UMass %6.2f, NPMI %5.2f; %d unseen words\n", c.UMass, c.NPMI, c.UnseenWords)
	// Output:
	// topic 0: UMass  -1.48, NPMI  0.42
	// topic 1: UMass -10.59, NPMI -0.48
	// mean:    UMass  -6.04, NPMI -0.03; 0 unseen words
}

func ExampleUniqueWords() {
	vocab := []string{"ball", "goal", "team", "rain", "snow"}
	m := &model.Model{Algorithm: "example", K: 2, Vocab: vocab, Topics: [][]float64{
		{0.5, 0.3, 0.2, 0, 0},
		{0, 0.2, 0, 0.5, 0.3},
	}}
	mean, perTopic := eval.UniqueWords(m, 3) // "goal" is in both top 3
	fmt.Println(mean, perTopic)
	// Output: 2 [2 2]
}

func ExampleSigWord() {
	vocab := []string{"ball", "goal", "team", "rain", "snow"}
	m := &model.Model{Algorithm: "example", K: 2, Vocab: vocab, Topics: [][]float64{
		{0.5, 0.3, 0.2, 0, 0},     // 0.5 + 0.3 reach 0.8: 2 words
		{0.2, 0.2, 0.2, 0.2, 0.2}, // 4 words
	}}
	fmt.Println(eval.SigWord(m, eval.DefaultSigMass))
	// Output: 3
}

func ExampleSigTopic() {
	weights := [][]float64{
		{0.9, 0.1, 0},   // one significant topic
		{0.4, 0.3, 0.3}, // three: 0.4 + 0.3 < 0.8
	}
	fmt.Println(eval.SigTopic(weights, eval.DefaultSigMass))
	// Output: 2
}

func ExamplePlusOne() {
	c, _ := synth.Demo()
	o := eval.PlusOneOptions{Seed: 1} // the paper's defaults: train 50%, hold out 30%, predict 3
	split, err := eval.SplitPlusOne(c, o)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d training documents, %d test documents\n", split.Train.NumDocs(), split.Observed.NumDocs())
	res, err := eval.PlusOne(context.Background(), split, []eval.Predictor{eval.Baseline{}, eval.KNN{K: 15}}, o)
	if err != nil {
		panic(err)
	}
	for _, r := range res {
		fmt.Printf("%-8s precision %.2f\n", r.Name, r.Precision)
	}
	// Output:
	// 1277 training documents, 1223 test documents
	// baseline precision 0.24
	// knn-15   precision 0.61
}

func ExamplePlusOneBench() {
	c, truth := synth.Demo()
	// Learners would be built by name with learner.New; here the
	// predictors that need none, over two splits, and the cheating LDAT.
	rows, err := eval.PlusOneBench(context.Background(), c, eval.PlusOneBenchOptions{
		LSI: []int{0}, KNN: []int{15}, Truth: truth, Seed: 1, Repeat: 2})
	if err != nil {
		panic(err)
	}
	for _, r := range rows {
		fmt.Printf("%-8s precision %.3f ± %.3f over %d splits\n", r.Predictor, r.Precision, r.StdDev, r.Splits)
	}
	// Output:
	// baseline precision 0.241 ± 0.003 over 2 splits
	// knn-15   precision 0.607 ± 0.004 over 2 splits
	// ldaT     precision 0.702 ± 0.004 over 2 splits
}
