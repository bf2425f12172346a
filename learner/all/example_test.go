package all_test

import (
	"fmt"

	"github.com/hulltopics/hull/learner"
	_ "github.com/hulltopics/hull/learner/all"
)

// Importing the package registers every learner: any of them is built by
// name.
func Example() {
	fmt.Println(learner.Names())
	l, err := learner.New("gibbs", learner.Settings{Seed: 1}, map[string]string{"iterations": "50"})
	fmt.Println(l != nil, err)
	// Output:
	// [anchor anchor-kl binning ddp gibbs kmeans projector recover rp score tsvd vb]
	// true <nil>
}
