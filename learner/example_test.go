package learner_test

import (
	"context"
	"fmt"
	"slices"

	"github.com/hulltopics/hull/anchor"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/synth"
)

// Any algorithm is used through the Learner interface; progress arrives
// through a callback.
func Example() {
	c, truth := synth.Demo()
	var stages []string
	progress := learner.Progress(func(stage string, done, total int) {
		if done == 0 {
			stages = append(stages, stage)
		}
	})
	var l learner.Learner
	l, err := anchor.New(anchor.Options{Settings: learner.Settings{Progress: progress}})
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := l.Fit(context.Background(), c, truth.K)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.Algorithm, m.K)
	fmt.Println(stages)
	// Output:
	// anchor 10
	// [co-occurrence row norms anchor words recover]
}

// SpreadOf tells how documents spread over the topics by their dominant
// topics (as infer.DominantTopics gives them): here topic 0 is the
// dominant topic of 6 of 8 documents, more than half, and the rule of
// concentrated documents fires.
func ExampleSpreadOf() {
	// 63 documents, 7 left out (-1): 56, at least the 50 the rule judges.
	nine := []int{0, 0, 1, 0, 0, 2, 0, 0, -1}
	dominant := slices.Repeat(nine, 7)
	s, err := learner.SpreadOf(dominant, 4)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d documents; topic %d holds %.0f%% of them; %.2f effective topics of %d; rare: %v\n",
		s.Docs, s.Largest, 100*s.LargestShare, s.Effective, s.K, s.Rare)
	fmt.Println("dominated:", s.Dominated(), "narrow:", s.Narrow(), "concentrated:", s.Concentrated())
	// Output:
	// 56 documents; topic 0 holds 75% of them; 2.09 effective topics of 4; rare: [3]
	// dominated: true narrow: false concentrated: true
}
