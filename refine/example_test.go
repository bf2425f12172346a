package refine_test

import (
	"context"
	"fmt"
	"log"

	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/refine"
	"github.com/hulltopics/hull/synth"
	"github.com/hulltopics/hull/topicscore"
)

// IfNoisy keeps distinct topics as they are, here Topic-SCORE's on the
// demo corpus (fitted without its automatic refinement), and refines
// near-copies, here the demo's true topics each mixed with the corpus's
// word frequencies: every topic led by the frequent words, as the
// geometric learners' topics are on real text.
func ExampleIfNoisy() {
	c, truth := synth.Demo()
	l, err := topicscore.New(topicscore.Options{Settings: learner.Settings{Seed: 1}})
	if err != nil {
		log.Fatal(err)
	}
	score, err := l.Fit(context.Background(), c, truth.K)
	if err != nil {
		log.Fatal(err)
	}
	blurred := &model.Model{K: truth.K, Vocab: truth.Vocab, Topics: blur(truth.Topics, frequencies(c.WordCounts()), 0.8)}
	o := refine.Options{Iterations: refine.DefaultIterations}
	for _, m := range []*model.Model{score, blurred} {
		if _, err := refine.IfNoisy(context.Background(), c, m, o); err != nil {
			log.Fatal(err)
		}
		_, distinct, pairs := learner.TopicsNoisy(m)
		fmt.Printf("refined %v: %d different top words of %d, %d near-duplicate pairs", m.Params["refined"], distinct, m.K*learner.NoisyTopWords, pairs)
		if m.Params["refined"] == true {
			fmt.Printf(" (before: %d and %d)", m.Params["unrefined_distinct_words"], m.Params["unrefined_near_duplicate_pairs"])
		}
		fmt.Println()
	}
	// Output:
	// refined false: 82 different top words of 100, 0 near-duplicate pairs
	// refined true: 83 different top words of 100, 0 near-duplicate pairs (before: 32 and 45)
}

// blur mixes each topic with the distribution q, weight u on q.
func blur(topics [][]float64, q []float64, u float64) [][]float64 {
	out := make([][]float64, len(topics))
	for k, topic := range topics {
		out[k] = make([]float64, len(topic))
		for w, p := range topic {
			out[k][w] = (1-u)*p + u*q[w]
		}
	}
	return out
}

// frequencies returns counts divided by their sum.
func frequencies(counts []int64) []float64 {
	total := int64(0)
	for _, n := range counts {
		total += n
	}
	out := make([]float64, len(counts))
	for w, n := range counts {
		out[w] = float64(n) / float64(total)
	}
	return out
}

// Run refines any topics on the documents they describe: here the demo
// corpus's true topics, each mixed half and half with the corpus's word
// frequencies.
func ExampleRun() {
	c, truth := synth.Demo()
	start := blur(truth.Topics, frequencies(c.WordCounts()), 0.5)
	r, err := refine.Run(context.Background(), c, start, refine.Options{Iterations: 10})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d iterations; the first topic's weight on its anchor word %q: %.3f before, %.3f after (truth %.3f)\n",
		r.Iterations, c.Vocab[truth.Anchors[0]], start[0][truth.Anchors[0]], r.Topics[0][truth.Anchors[0]], truth.Topics[0][truth.Anchors[0]])
	// Output:
	// 10 iterations; the first topic's weight on its anchor word "recipe": 0.112 before, 0.190 after (truth 0.204)
}

// Always refines the topics IfNoisy keeps: here Topic-SCORE's on the demo
// corpus, fitted without its automatic refinement.
func ExampleAlways() {
	c, truth := synth.Demo()
	l, err := topicscore.New(topicscore.Options{Settings: learner.Settings{Seed: 1}})
	if err != nil {
		log.Fatal(err)
	}
	m, err := l.Fit(context.Background(), c, truth.K)
	if err != nil {
		log.Fatal(err)
	}
	if err := refine.Always(context.Background(), c, m, refine.Options{Iterations: refine.DefaultIterations}); err != nil {
		log.Fatal(err)
	}
	_, distinct, pairs := learner.TopicsNoisy(m)
	fmt.Printf("refined %v (always %v): %d different top words of %d, %d near-duplicate pairs (before: %d and %d)\n",
		m.Params["refined"], m.Params["refine_always"], distinct, m.K*learner.NoisyTopWords, pairs,
		m.Params["unrefined_distinct_words"], m.Params["unrefined_near_duplicate_pairs"])
	// Output:
	// refined true (always true): 85 different top words of 100, 0 near-duplicate pairs (before: 82 and 0)
}
