package synth

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/model"
)

func generate(t testing.TB, g Generator, seed uint64) (*corpus.Corpus, *model.Model) {
	t.Helper()
	c, m, err := g.Generate(rand.New(rand.NewPCG(seed, seed)))
	if err != nil {
		t.Fatal(err)
	}
	return c, m
}

// checkOutput checks the invariants every generator's output must meet.
func checkOutput(t *testing.T, c *corpus.Corpus, m *model.Model, k, v, docs int) {
	t.Helper()
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	if c.NumDocs() != docs || c.NumWords() != v || m.K != k || len(m.Vocab) != v {
		t.Fatalf("got %d docs, %d words, K = %d; want %d, %d, %d", c.NumDocs(), c.NumWords(), m.K, docs, v, k)
	}
	if m.Algorithm != TruthAlgorithm || m.Provenance.InputDigest != c.Digest() || m.Provenance.Docs != docs {
		t.Fatalf("model provenance %q %+v does not describe the corpus", m.Algorithm, m.Provenance)
	}
	for i, row := range m.Topics {
		if s := sum(row); math.Abs(s-1) > 1e-12 {
			t.Fatalf("topic %d sums to %v", i, s)
		}
	}
	if s := sum(m.TopicWeights); math.Abs(s-1) > 1e-12 || (m.Alpha != nil && len(m.Alpha) != k) {
		t.Fatalf("topic weights sum to %v, %d alphas", s, len(m.Alpha))
	}
	for d := range c.NumDocs() {
		if c.DocLen(d) < minDocLength {
			t.Fatalf("document %d has %d tokens", d, c.DocLen(d))
		}
	}
}

func TestLDAShapesAndLengths(t *testing.T) {
	g := LDA{K: 4, V: 50, Docs: 300, DocLength: 30, Alpha: 0.1, Beta: 0.1}
	c, m := generate(t, g, 1)
	checkOutput(t, c, m, 4, 50, 300)
	for d := range c.NumDocs() {
		if c.DocLen(d) != 30 {
			t.Fatalf("document %d has %d tokens, want 30", d, c.DocLen(d))
		}
	}
	if c.Vocab[0] != "w0" || c.Vocab[49] != "w49" || c.DocIDs[299] != "d299" {
		t.Fatalf("names %q %q %q", c.Vocab[0], c.Vocab[49], c.DocIDs[299])
	}
	if m.Params["generator"] != "lda" || m.Params["beta"] != 0.1 || m.Alpha[0] != 0.1 {
		t.Fatalf("params %v, alpha %v", m.Params, m.Alpha)
	}
}

func TestPoissonLengths(t *testing.T) {
	g := LDA{K: 3, V: 40, Docs: 4000, DocLength: 20, Poisson: true, Alpha: 0.1, Beta: 0.1}
	c, m := generate(t, g, 2)
	checkOutput(t, c, m, 3, 40, 4000)
	mean := float64(c.Tokens()) / 4000
	// Mean of max(2, Poisson(20)) is 20 up to ~1e-7; se = sqrt(20/4000).
	if math.Abs(mean-20) > 5*math.Sqrt(20.0/4000) {
		t.Errorf("mean document length %v, want 20", mean)
	}
	short, _, _ := LDA{K: 10, V: 1000, Docs: 2000, DocLength: 1, Poisson: true, Alpha: 0.1, Beta: 0.1}.Generate(rand.New(rand.NewPCG(3, 3)))
	for d := range short.NumDocs() {
		if short.DocLen(d) < 2 {
			t.Fatalf("document of %d tokens", short.DocLen(d))
		}
	}
}

// TestDefaults: the constructors' defaults are those documented, and
// valid.
func TestDefaults(t *testing.T) {
	c, m := generate(t, NewSeparable(), 4)
	checkOutput(t, c, m, 10, 1000, 1000)
	if c.DocLen(0) != 100 || m.Params["anchors_per_topic"] != 1 || m.Params["alpha"] != 0.1 || m.Params["beta"] != 0.1 || m.Params["style"] != SeparableArora {
		t.Fatalf("defaults not applied: length %d, params %v", c.DocLen(0), m.Params)
	}
	for _, g := range []interface{ Validate() error }{NewLDA(), NewKe(), NewDominant(), NewCorrelated(), NewSwimmer()} {
		if err := g.Validate(); err != nil {
			t.Errorf("%T defaults: %v", g, err)
		}
	}
	// MinShape bounds the Dirichlet parameters alone: a tiny variance is
	// a variance.
	tiny := NewCorrelated()
	tiny.Variance = 1e-305
	if err := tiny.Validate(); err != nil {
		t.Errorf("Correlated with Variance 1e-305: %v", err)
	}
	// Zero means zero: an LDA literal without Alpha is refused, not
	// completed.
	var oe *OptionError
	if err := (LDA{K: 3, V: 10, Docs: 5, DocLength: 4, Beta: 0.1}).Validate(); !errors.As(err, &oe) || oe.Field != "Alpha" || oe.Generator != "lda" {
		t.Errorf("LDA without Alpha: %v", err)
	}
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		name, field string
		g           Generator
	}{
		{"K", "K", with(NewLDA(), func(g *LDA) { g.K = -1 })},
		{"zero K", "K", with(NewLDA(), func(g *LDA) { g.K = 0 })},
		{"V", "V", with(NewLDA(), func(g *LDA) { g.V = -3 })},
		{"Docs", "Docs", with(NewLDA(), func(g *LDA) { g.Docs = -1 })},
		{"DocLength", "DocLength", with(NewLDA(), func(g *LDA) { g.DocLength = 1 })},
		{"Poisson length", "DocLength", with(NewLDA(), func(g *LDA) { g.DocLength, g.Poisson = 0, true })},
		{"Alpha", "Alpha", with(NewLDA(), func(g *LDA) { g.Alpha = -0.1 })},
		{"Beta", "Beta", with(NewLDA(), func(g *LDA) { g.Beta = math.NaN() })},
		{"BetaInf", "Beta", with(NewLDA(), func(g *LDA) { g.Beta = math.Inf(1) })},
		{"tiny Alpha", "Alpha", with(NewLDA(), func(g *LDA) { g.Alpha = 1e-320 })},
		{"tiny Beta", "Beta", with(NewLDA(), func(g *LDA) { g.Beta = 1e-320 })},
		{"tiny Alpha, separable", "Alpha", with(NewSeparable(), func(g *Separable) { g.Alpha = 1e-320 })},
		{"anchors", "AnchorsPerTopic", with(NewSeparable(), func(g *Separable) { g.AnchorsPerTopic = -1 })},
		{"no room", "AnchorsPerTopic", with(NewSeparable(), func(g *Separable) { g.K, g.V, g.AnchorsPerTopic = 5, 10, 2 })},
		{"inner LDA", "K", with(NewSeparable(), func(g *Separable) { g.K = -2 })},
		{"LDA length", "DocLength", with(NewSeparable(), func(g *Separable) { g.DocLength, g.Poisson = -5, true })},
	} {
		_, _, err := tc.g.Generate(rand.New(rand.NewPCG(1, 1)))
		if oe := (*OptionError)(nil); !errors.As(err, &oe) || oe.Field != tc.field {
			t.Errorf("%s: error %v, want an *OptionError on %s", tc.name, err, tc.field)
		}
	}
}

func TestReproducible(t *testing.T) {
	g := Separable{LDA: LDA{K: 5, V: 100, Docs: 200, DocLength: 40, Poisson: true, Alpha: 0.1, Beta: 0.1}, AnchorsPerTopic: 2, Style: SeparableArora}
	c1, m1 := generate(t, g, 42)
	c2, m2 := generate(t, g, 42)
	c3, _ := generate(t, g, 43)
	if c1.Digest() != c2.Digest() {
		t.Fatal("same seed, different corpora")
	}
	for k := range m1.Topics {
		if !slices.Equal(m1.Topics[k], m2.Topics[k]) {
			t.Fatalf("same seed, topic %d differs", k)
		}
	}
	if c1.Digest() == c3.Digest() {
		t.Fatal("different seeds, same corpus")
	}
}

func TestSeparableAnchors(t *testing.T) {
	const k, a = 6, 3
	g := Separable{LDA: LDA{K: k, V: 120, Docs: 500, DocLength: 50, Alpha: 0.1, Beta: 0.05}, AnchorsPerTopic: a, Style: SeparableArora}
	c, m := generate(t, g, 5)
	checkOutput(t, c, m, k, 120, 500)
	want := []int{0, 3, 6, 9, 12, 15}
	if !slices.Equal(m.Anchors, want) {
		t.Fatalf("Anchors = %v, want %v", m.Anchors, want)
	}
	for topic, row := range m.Topics {
		top := slices.Max(row[k*a:])
		for w := range k * a {
			owner := w / a
			switch {
			case owner != topic && row[w] != 0:
				t.Fatalf("anchor %d of topic %d has probability %v in topic %d", w, owner, row[w], topic)
			case owner == topic && row[w] != top:
				t.Fatalf("anchor %d has probability %v, want the topic's largest ordinary one %v", w, row[w], top)
			}
		}
	}
	counts := c.WordCounts()
	for w := range k * a {
		if counts[w] == 0 {
			t.Errorf("anchor word %d never occurs", w)
		}
	}
}

// TestWordFrequencies: with fixed lengths, the expected frequency of word
// w in the corpus is sum_k TopicWeights[k] Topics[k][w] given the drawn
// document weights, so the empirical frequencies of a big sample must
// match it within sampling error.
func TestWordFrequencies(t *testing.T) {
	for name, g := range map[string]Generator{
		"lda":       LDA{K: 3, V: 30, Docs: 5000, DocLength: 50, Alpha: 0.1, Beta: 0.5},
		"separable": Separable{LDA: LDA{K: 4, V: 25, Docs: 5000, DocLength: 50, Alpha: 0.3, Beta: 0.1}, AnchorsPerTopic: 2, Style: SeparableArora},
	} {
		c, m := generate(t, g, 6)
		expected := make([]float64, c.NumWords())
		for k, row := range m.Topics {
			for w, p := range row {
				expected[w] += m.TopicWeights[k] * p
			}
		}
		counts := make([]int, c.NumWords())
		for w, n := range c.WordCounts() {
			counts[w] = int(n)
		}
		checkFrequencies(t, name, counts, expected)
	}
}

// BenchmarkSeparable generates 50,000 documents of 100 tokens, K = 10,
// V = 500.
func BenchmarkSeparable(b *testing.B) {
	g := NewSeparable()
	g.V, g.Docs = 500, 50000
	b.ReportAllocs()
	for b.Loop() {
		generate(b, g, 7)
	}
}
