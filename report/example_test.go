package report_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/hulltopics/hull/report"
	"github.com/hulltopics/hull/synth"
)

// The true Swimmer topics of package synth drawn against themselves: the
// words are named pRR_CC, so they are laid out by name, and every true
// topic is recovered at cosine 1. Save g.Image with image/png.
func ExampleTopicsGrid() {
	_, truth, err := synth.Swimmer{DocLength: 10}.Generate(rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		panic(err)
	}
	g, err := report.TopicsGrid(truth, report.GridOptions{Truth: truth})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d x %d images laid out by %s, %d x %d picture\n", g.Side, g.Side, g.Layout, g.Image.Bounds().Dx(), g.Image.Bounds().Dy())
	fmt.Printf("%d of %d recovered at cosine >= %g\n", g.Recovered.Count, truth.K, g.Recovered.Threshold)
	// Output:
	// 32 x 32 images laid out by names, 1078 x 648 picture
	// 16 of 16 recovered at cosine >= 0.9
}
