package learner_test

import (
	"context"
	"fmt"

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
