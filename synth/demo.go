package synth

import (
	_ "embed"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/model"
)

//go:embed demo_themes.txt
var demoThemesText string

// DemoSeed seeds the generator of the demo corpus: Demo draws everything
// from rand.New(rand.NewPCG(DemoSeed, DemoSeed)).
const DemoSeed uint64 = 20130613

// Parameters of the demo corpus.
const (
	demoDocs      = 2500
	demoDocLength = 60   // Poisson mean
	demoAlpha     = 0.1  // symmetric Dirichlet of document-topic weights
	demoThemeMass = 0.80 // mass of each topic on its own theme's words
	commonTheme   = "common"
)

// Demo returns hull's demo corpus and its true model. The corpus has
// 2,500 documents of Poisson(60) tokens (at least 2) over a vocabulary of
// plain English words, drawn as by LDA with Dirichlet(0.1) topic weights
// from K = 10 hand-written themes (DemoThemes: cooking, sports, ...).
//
// Topic k puts 80% of its mass on its theme's 28 words and 20% on 42
// common words shared by every theme, in both groups with Zipf-like decay
// (weight proportional to 1/rank, in the order the words are listed in
// demo_themes.txt). It puts no mass on other themes' words, so every theme
// word is an anchor word. The vocabulary lists the themes' words theme by
// theme, then the common words.
//
// The true model has Algorithm "truth", Anchors (the most probable word of
// each theme), Alpha, TopicWeights, and TopicLabels, the theme names. Demo
// is deterministic: every call returns the same corpus (the same Digest),
// freshly allocated.
func Demo() (*corpus.Corpus, *model.Model) {
	themes, common, err := parseThemes(demoThemesText)
	if err != nil {
		panic(err) // the embedded file is fixed and tested
	}
	vocab, topics, anchors := demoTopics(themes, common)
	g := LDA{K: len(themes), V: len(vocab), Docs: demoDocs, DocLength: demoDocLength, Poisson: true, Alpha: demoAlpha}
	rng := rand.New(rand.NewPCG(DemoSeed, DemoSeed))
	c, weights, _ := g.documents(rng, vocab, topics, nil) // no drawing to stop it: no error
	m := g.truth(c, topics, weights, map[string]any{
		"generator": "demo", "docs": g.Docs,
		"doc_length": g.DocLength, "poisson": true, "alpha": g.Alpha, "theme_mass": demoThemeMass,
	})
	m.Anchors = anchors
	m.TopicLabels = themeNames(themes)
	m.Provenance.Seed = DemoSeed
	return c, m
}

// DemoThemes returns the names of the demo corpus's themes, in topic
// order.
func DemoThemes() []string {
	themes, _, err := parseThemes(demoThemesText)
	if err != nil {
		panic(err)
	}
	return themeNames(themes)
}

// theme is one line of demo_themes.txt.
type theme struct {
	name  string
	words []string
}

func themeNames(themes []theme) []string {
	names := make([]string, len(themes))
	for i, t := range themes {
		names[i] = t.name
	}
	return names
}

// parseThemes reads lines "name: word word ..." (blank lines and lines
// starting with '#' are skipped). The line named "common" gives the common
// words. Names and words must be unique.
func parseThemes(text string) (themes []theme, common []string, err error) {
	seen := make(map[string]string) // word or name -> line name
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, list, ok := strings.Cut(line, ":")
		words := strings.Fields(list)
		if name = strings.TrimSpace(name); !ok || name == "" || len(words) == 0 {
			return nil, nil, fmt.Errorf("synth: demo themes line %d: want \"theme: word word ...\"", i+1)
		}
		for _, w := range append([]string{"theme " + name}, words...) {
			if prev, dup := seen[w]; dup {
				return nil, nil, fmt.Errorf("synth: demo themes line %d: %q already in %q", i+1, w, prev)
			}
			seen[w] = name
		}
		if name == commonTheme {
			common = words
		} else {
			themes = append(themes, theme{name, words})
		}
	}
	if len(themes) == 0 || len(common) == 0 {
		return nil, nil, fmt.Errorf("synth: demo themes: want themes and a %q line", commonTheme)
	}
	return themes, common, nil
}

// demoTopics lays out the vocabulary (theme words theme by theme, then the
// common words) and returns it with the topic matrix and the index of each
// theme's first word.
func demoTopics(themes []theme, common []string) (vocab []string, topics [][]float64, anchors []int) {
	for _, t := range themes {
		anchors = append(anchors, len(vocab))
		vocab = append(vocab, t.words...)
	}
	commonStart := len(vocab)
	vocab = append(vocab, common...)
	commonWeights := zipf(len(common), 1-demoThemeMass)
	for k, t := range themes {
		row := make([]float64, len(vocab))
		copy(row[anchors[k]:], zipf(len(t.words), demoThemeMass))
		copy(row[commonStart:], commonWeights)
		topics = append(topics, row)
	}
	return vocab, topics, anchors
}

// zipf returns n weights proportional to 1/rank (rank 1 ... n) that sum to
// mass.
func zipf(n int, mass float64) []float64 {
	w := make([]float64, n)
	for i := range w {
		w[i] = 1 / float64(i+1)
	}
	normalise(w)
	for i := range w {
		w[i] *= mass
	}
	return w
}
