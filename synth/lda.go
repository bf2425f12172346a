package synth

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/model"
)

// TruthAlgorithm is the Algorithm of every model the generators return.
const TruthAlgorithm = "truth"

// Generator is implemented by every corpus generator of this package.
// Generate draws a corpus and returns it with its true model; all its
// randomness comes from rng, so the same generator and the same rng state
// give the same corpus. It returns an error if the generator's parameters
// are invalid.
type Generator interface {
	Generate(rng *rand.Rand) (*corpus.Corpus, *model.Model, error)
}

var (
	_ Generator = LDA{}
	_ Generator = Separable{}
)

// LDA generates a corpus from the latent Dirichlet allocation model (Blei,
// Ng and Jordan 2003): K topics drawn from a symmetric Dirichlet(Beta) over
// V words; for each document, topic weights drawn from a symmetric
// Dirichlet(Alpha), then each token's topic from those weights and its word
// from that topic. Words are named "w0" ... "w{V-1}" and documents "d0" ...
// "d{Docs-1}".
//
// A zero field takes its default; a negative one is an error.
type LDA struct {
	// K is the number of topics. Default 10.
	K int
	// V is the vocabulary size. Default 1000.
	V int
	// Docs is the number of documents. Default 1000.
	Docs int
	// DocLength is the number of tokens of every document; with Poisson it
	// is the mean length instead. Default 100. A fixed length must be at
	// least 2.
	DocLength int
	// Poisson draws each document's length from Poisson(DocLength),
	// raised to 2 if below: co-occurrence statistics need two tokens.
	Poisson bool
	// Alpha is the parameter of the symmetric Dirichlet of document-topic
	// weights. Default 0.1.
	Alpha float64
	// Beta is the parameter of the symmetric Dirichlet of topic-word
	// distributions. Default 0.1.
	Beta float64
}

// Defaults of the LDA fields.
const (
	DefaultK         = 10
	DefaultV         = 1000
	DefaultDocs      = 1000
	DefaultDocLength = 100
	DefaultAlpha     = 0.1
	DefaultBeta      = 0.1
)

// minDocLength is the shortest document the generators emit.
const minDocLength = 2

// Generate draws the topics and then the documents, all from rng, and
// returns the corpus and the true model (Algorithm "truth", with Alpha and
// TopicWeights, the mean of the documents' topic weights). It returns an
// error if a field is invalid. Time O(KV + Docs*(K + DocLength*log K)).
func (g LDA) Generate(rng *rand.Rand) (*corpus.Corpus, *model.Model, error) {
	g, err := g.withDefaults()
	if err != nil {
		return nil, nil, err
	}
	topics := make([][]float64, g.K)
	for k := range topics {
		topics[k] = make([]float64, g.V)
		SymmetricDirichlet(rng, topics[k], g.Beta)
	}
	c, weights := g.documents(rng, wordNames(g.V), topics)
	return c, g.truth(c, topics, weights, g.params("lda")), nil
}

// withDefaults returns g with zero fields set to their defaults, or an
// error for an invalid field.
func (g LDA) withDefaults() (LDA, error) {
	for _, f := range []struct {
		name string
		p    *int
		def  int
	}{{"K", &g.K, DefaultK}, {"V", &g.V, DefaultV}, {"Docs", &g.Docs, DefaultDocs}, {"DocLength", &g.DocLength, DefaultDocLength}} {
		if *f.p < 0 {
			return g, fmt.Errorf("synth: %s = %d is negative", f.name, *f.p)
		}
		if *f.p == 0 {
			*f.p = f.def
		}
	}
	for _, f := range []struct {
		name string
		p    *float64
		def  float64
	}{{"Alpha", &g.Alpha, DefaultAlpha}, {"Beta", &g.Beta, DefaultBeta}} {
		if !(*f.p >= 0) || *f.p > 1e300 {
			return g, fmt.Errorf("synth: %s = %v is not a positive number", f.name, *f.p)
		}
		if *f.p == 0 {
			*f.p = f.def
		}
	}
	if !g.Poisson && g.DocLength < minDocLength {
		return g, fmt.Errorf("synth: DocLength = %d, want at least %d", g.DocLength, minDocLength)
	}
	return g, nil
}

// params returns the generator parameters as recorded in the true model.
func (g LDA) params(generator string) map[string]any {
	return map[string]any{
		"generator": generator, "k": g.K, "v": g.V, "docs": g.Docs,
		"doc_length": g.DocLength, "poisson": g.Poisson, "alpha": g.Alpha, "beta": g.Beta,
	}
}

// documents draws g.Docs documents over vocab from the K x V topics and
// returns the corpus and the mean of the documents' topic weights.
func (g LDA) documents(rng *rand.Rand, vocab []string, topics [][]float64) (*corpus.Corpus, []float64) {
	mix := NewMixture(topics)
	c := newCorpus(vocab, g.Docs, g.Docs*min(g.DocLength, len(vocab)))
	theta := make([]float64, len(topics))
	mean := make([]float64, len(topics))
	var tokens []int32
	for d := range g.Docs {
		SymmetricDirichlet(rng, theta, g.Alpha)
		tokens = mix.Tokens(rng, tokens[:0], theta, g.docLength(rng))
		appendDoc(c, "d"+strconv.Itoa(d), tokens)
		for k, w := range theta {
			mean[k] += w
		}
	}
	for k := range mean {
		mean[k] /= float64(g.Docs)
	}
	return c, mean
}

// newCorpus returns an empty corpus over vocab with room for docs
// documents and nnz nonzeros.
func newCorpus(vocab []string, docs, nnz int) *corpus.Corpus {
	return &corpus.Corpus{
		Vocab:   vocab,
		DocIDs:  make([]string, 0, docs),
		Offsets: append(make([]int64, 0, docs+1), 0),
		Words:   make([]int32, 0, nnz),
		Counts:  make([]int32, 0, nnz),
	}
}

// docLength returns the length of the next document.
func (g LDA) docLength(rng *rand.Rand) int {
	if !g.Poisson {
		return g.DocLength
	}
	return max(minDocLength, Poisson(rng, float64(g.DocLength)))
}

// truth returns the true model of corpus c.
func (g LDA) truth(c *corpus.Corpus, topics [][]float64, weights []float64, params map[string]any) *model.Model {
	alpha := make([]float64, len(topics))
	for k := range alpha {
		alpha[k] = g.Alpha
	}
	return &model.Model{
		Algorithm:    TruthAlgorithm,
		Params:       params,
		K:            len(topics),
		Vocab:        c.Vocab,
		Topics:       topics,
		Alpha:        alpha,
		TopicWeights: weights,
		Provenance:   model.Provenance{InputDigest: c.Digest(), Docs: c.NumDocs()},
	}
}

// appendDoc appends to c the document whose tokens are the word indices
// in tokens (which it sorts in place), with the given id. Sorting the
// tokens yields the CSR row directly, with no map as corpus.Builder needs.
func appendDoc(c *corpus.Corpus, id string, tokens []int32) {
	slices.Sort(tokens)
	for i := 0; i < len(tokens); {
		j := i + 1
		for j < len(tokens) && tokens[j] == tokens[i] {
			j++
		}
		c.Words = append(c.Words, tokens[i])
		c.Counts = append(c.Counts, int32(j-i))
		i = j
	}
	c.DocIDs = append(c.DocIDs, id)
	c.Offsets = append(c.Offsets, int64(len(c.Words)))
}

// wordNames returns "w0" ... "w{v-1}".
func wordNames(v int) []string {
	names := make([]string, v)
	for i := range names {
		names[i] = "w" + strconv.Itoa(i)
	}
	return names
}

// Separable generates an LDA corpus whose topics are separable: every
// topic has AnchorsPerTopic planted anchor words, words of positive
// probability in that topic only (Arora et al. 2013, section 5.4).
//
// Word indices 0 ... K*AnchorsPerTopic-1 are the anchors: topic k owns
// words k*AnchorsPerTopic ... (k+1)*AnchorsPerTopic-1. Each topic is first
// drawn from a symmetric Dirichlet(Beta) over the remaining V -
// K*AnchorsPerTopic ordinary words; each of its anchors then gets the
// probability of the topic's most probable ordinary word, the anchors of
// other topics get 0, and the topic is renormalised. Documents are then
// drawn as by LDA.
type Separable struct {
	LDA
	// AnchorsPerTopic is the number of anchor words of each topic.
	// Default 1. K*AnchorsPerTopic must be below V.
	AnchorsPerTopic int
}

// Generate draws the topics and then the documents, all from rng, and
// returns the corpus and the true model: as LDA.Generate, plus Anchors
// (the first anchor word of each topic). It returns an error if a field is
// invalid. Time as LDA.Generate.
func (s Separable) Generate(rng *rand.Rand) (*corpus.Corpus, *model.Model, error) {
	s, err := s.withDefaults()
	if err != nil {
		return nil, nil, err
	}
	topics := s.topics(rng)
	c, weights := s.documents(rng, wordNames(s.V), topics)
	params := s.params("separable")
	params["anchors_per_topic"] = s.AnchorsPerTopic
	m := s.truth(c, topics, weights, params)
	m.Anchors = make([]int, s.K)
	for k := range m.Anchors {
		m.Anchors[k] = k * s.AnchorsPerTopic
	}
	return c, m, nil
}

// withDefaults returns s with zero fields set to their defaults, or an
// error for an invalid field.
func (s Separable) withDefaults() (Separable, error) {
	var err error
	if s.LDA, err = s.LDA.withDefaults(); err != nil {
		return s, err
	}
	if s.AnchorsPerTopic < 0 {
		return s, fmt.Errorf("synth: AnchorsPerTopic = %d is negative", s.AnchorsPerTopic)
	}
	if s.AnchorsPerTopic == 0 {
		s.AnchorsPerTopic = 1
	}
	if s.K*s.AnchorsPerTopic >= s.V {
		return s, fmt.Errorf("synth: %d topics x %d anchors leave no ordinary word among V = %d", s.K, s.AnchorsPerTopic, s.V)
	}
	return s, nil
}

// topics draws the K x V separable topic matrix.
func (s Separable) topics(rng *rand.Rand) [][]float64 {
	a := s.AnchorsPerTopic
	first := s.K * a // first ordinary word
	topics := make([][]float64, s.K)
	for k := range topics {
		row := make([]float64, s.V)
		SymmetricDirichlet(rng, row[first:], s.Beta)
		top := 0.0
		for _, p := range row[first:] {
			top = max(top, p)
		}
		for i := k * a; i < (k+1)*a; i++ {
			row[i] = top
		}
		normalise(row)
		topics[k] = row
	}
	return topics
}

// normalise scales x to sum to 1; x must have a positive sum.
func normalise(x []float64) {
	s := 0.0
	for _, v := range x {
		s += v
	}
	for i := range x {
		x[i] /= s
	}
}
