package report_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/report"
	"github.com/hulltopics/hull/synth"
	"gonum.org/v1/plot/vg"
)

// The true Swimmer topics of package synth drawn against themselves: the
// words are named pRR_CC, so they are laid out by name, and every true
// topic is recovered at cosine 1. Save g.Image with image/png.
func ExampleTopicsGrid() {
	_, truth, err := synth.Swimmer{DocLength: 10, Body: 10, Background: 1}.Generate(rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		panic(err)
	}
	g, err := report.TopicsGrid(context.Background(), truth, report.GridOptions{Truth: truth})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d x %d images laid out by %s, %d x %d picture\n", g.Side, g.Side, g.Layout, g.Image.Bounds().Dx(), g.Image.Bounds().Dy())
	fmt.Printf("%d of %d recovered at cosine >= %g\n", g.Recovered.Count, truth.K, g.Recovered.Threshold)
	// Output:
	// 32 x 32 images laid out by names, 1078 x 648 picture
	// 16 of 16 recovered at cosine >= 0.9
}

// The simplex of a K = 3 model as Topic-SCORE records it: three vertices,
// the centres they were hunted among and a sample of words, the two words
// of TopicWords being drawn as anchor-like, written as a 6 x 6 inch SVG
// (to a buffer here) by WritePlot, which stops when its context is done.
func ExampleSimplex() {
	m := &model.Model{
		Algorithm: "score", K: 3, Vocab: []string{"a", "b", "c", "d"},
		Topics:     [][]float64{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 0.5, 0.5}},
		Anchors:    []int{0, 1, 2},
		TopicWords: [][]int{{0}, {1}, {}},
		Simplex: &model.Simplex{
			Vertices:      [][]float64{{0, 1}, {-1, -1}, {1, -1}},
			Centres:       [][]float64{{0, 0.9}, {-0.9, -0.9}, {0.9, -0.9}, {0, 0}},
			VertexCentres: []int{0, 1, 2},
			Sample:        [][]float64{{0, 0.95}, {-0.95, -0.95}, {0.1, 0.2}, {0.5, -0.5}},
			SampleWords:   []int{0, 1, 2, 3},
		},
	}
	p, err := report.Simplex(m)
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Title.Text)
	var svg bytes.Buffer
	if err := report.WritePlot(context.Background(), &svg, p, 6*vg.Inch, 6*vg.Inch, "svg"); err != nil {
		panic(err)
	}
	fmt.Println(strings.Contains(svg.String(), "<svg"))
	// Output:
	// Topic-SCORE: rows of R and the estimated simplex (K = 3)
	// true
}

// A model's topics as a self-contained HTML page (save buf to a file and
// open it in a browser). The page holds its data as JSON in the element
// of id report.DataElementID; here it is read back to count the circles
// of the map, and a word that would be markup comes back as text. With
// documents, pass HTMLOptions{Docs: c, DocTopics: theta}, theta from
// infer.Infer.
func ExampleHTML() {
	m := &model.Model{
		Algorithm: "example", K: 3, Vocab: []string{"apple", "pear", "rain", "snow", "<script>"},
		Topics: [][]float64{{0.6, 0.3, 0.05, 0.05, 0}, {0.05, 0.05, 0.5, 0.4, 0}, {0.1, 0, 0.1, 0.1, 0.7}},
	}
	var buf bytes.Buffer
	if err := report.HTML(context.Background(), &buf, m, report.HTMLOptions{Terms: 3}); err != nil {
		panic(err)
	}
	page := buf.String()
	data := page[strings.Index(page, `id="`+report.DataElementID+`">`):]
	data = data[strings.Index(data, ">")+1 : strings.Index(data, "</script>")]
	var d struct {
		Topics []struct{ Share float64 }
		Words  []string
	}
	if err := json.Unmarshal([]byte(data), &d); err != nil {
		panic(err)
	}
	fmt.Printf("%d circles, each of share %.3f\n", len(d.Topics), d.Topics[0].Share)
	fmt.Println(d.Words)
	fmt.Println(strings.Contains(data, "<script>"), strings.Contains(data, `\u003cscript\u003e`))
	// Output:
	// 3 circles, each of share 0.333
	// [apple pear rain snow <script>]
	// false true
}

// A topic's words by relevance (Sievert and Shirley 2014), as "hull
// topics --lambda" lists them: at lambda = 1 its most probable words, the
// corpus's frequent "said" first; at 0.6 the words more frequent in the
// topic than in the corpus come up.
func ExampleTopRelevant() {
	m := &model.Model{K: 2, Vocab: []string{"said", "oil", "crude", "wheat", "grain"}, Topics: [][]float64{
		{0.40, 0.30, 0.26, 0.02, 0.02}, // oil
		{0.50, 0.02, 0.02, 0.26, 0.20}, // grain
	}}
	pw := report.Marginal(m, []float64{0.5, 0.5}) // p(w), the topics weighted by their shares
	for _, lambda := range []float64{1, 0.6} {
		var words []string
		for _, w := range report.TopRelevant(m, pw, 0, lambda, 3) {
			words = append(words, m.Vocab[w])
		}
		fmt.Printf("lambda %.1f: %s\n", lambda, strings.Join(words, " "))
	}
	// Output:
	// lambda 1.0: said oil crude
	// lambda 0.6: oil crude said
}
