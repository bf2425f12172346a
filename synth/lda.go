package synth

import (
	"errors"
	"math"
	"math/rand/v2"
	"strconv"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/sig"
	"github.com/hulltopics/hull/model"
	"gonum.org/v1/gonum/floats"
)

// TruthAlgorithm is the Algorithm of every model the generators return.
const TruthAlgorithm = "truth"

// Generator is implemented by every corpus generator of this package.
// Generate draws a corpus and returns it with its true model; all its
// randomness comes from rng, so the same generator and the same rng state
// give the same corpus. It returns an error if the generator's parameters
// are invalid, and ErrNilRand for a nil rng.
type Generator interface {
	Generate(rng *rand.Rand) (*corpus.Corpus, *model.Model, error)
}

// ErrNilRand is returned by every generator given a nil *rand.Rand:
// hull draws nothing from an unseeded source.
var ErrNilRand = errors.New("synth: no random source (nil *rand.Rand): give one seeded, rand.New(rand.NewPCG(seed, 0))")

var (
	_ Generator = LDA{}
	_ Generator = Separable{}
	_ Generator = Ke{}
	_ Generator = Dominant{}
	_ Generator = Correlated{}
	_ Generator = Swimmer{}
	_ Generator = Semi{}
)

// LDA generates a corpus from the latent Dirichlet allocation model (Blei,
// Ng and Jordan 2003): K topics drawn from a symmetric Dirichlet(Beta) over
// V words; for each document, topic weights drawn from a symmetric
// Dirichlet(Alpha), then each token's topic from those weights and its word
// from that topic. Words are named "w0" ... "w{V-1}" and documents "d0" ...
// "d{Docs-1}".
//
// NewLDA returns the defaults given below. Zero means zero: a field left
// at zero in a literal is not replaced by its default, and Validate
// rejects it where zero is out of range.
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

// NewLDA returns an LDA generator with the defaults: K = 10 topics over
// V = 1000 words, 1000 documents of 100 tokens, Alpha = Beta = 0.1.
func NewLDA() LDA {
	return LDA{K: 10, V: 1000, Docs: 1000, DocLength: 100, Alpha: 0.1, Beta: 0.1}
}

// minDocLength is the shortest document the generators emit.
const minDocLength = 2

// Generate draws the topics and then the documents, all from rng, and
// returns the corpus and the true model (Algorithm "truth", with Alpha and
// TopicWeights, the mean of the documents' topic weights). It returns
// Validate's error if a field is invalid. Time O(KV + Docs*(K +
// DocLength*log K)).
func (g LDA) Generate(rng *rand.Rand) (*corpus.Corpus, *model.Model, error) {
	return g.generate(rng, nil)
}

// generate is Generate, telling draw (if not nil) of each document's
// weights.
func (g LDA) generate(rng *rand.Rand, draw *drawing) (*corpus.Corpus, *model.Model, error) {
	if rng == nil {
		return nil, nil, ErrNilRand
	}
	if err := g.Validate(); err != nil {
		return nil, nil, err
	}
	if err := checkSize(g.size()); err != nil {
		return nil, nil, err
	}
	topics := make([][]float64, g.K)
	for k := range topics {
		topics[k] = make([]float64, g.V)
		SymmetricDirichlet(rng, topics[k], g.Beta)
		if err := draw.topic(k, g.K); err != nil {
			return nil, nil, err
		}
	}
	c, weights, err := g.documents(rng, wordNames(g.V), topics, draw)
	if err != nil {
		return nil, nil, err
	}
	return c, g.truth(c, topics, weights, g.params("lda")), nil
}

// Validate returns an *OptionError for the first field out of range: K,
// V and Docs must be positive, DocLength at least 2 (with Poisson,
// positive), Alpha and Beta positive.
func (g LDA) Validate() error { return g.validate("lda") }

// validate is Validate for the generator registered as name.
func (g LDA) validate(name string) error {
	c := check{generator: name}
	c.atLeast("K", g.K, 1)
	c.atLeast("V", g.V, 1)
	c.atLeast("Docs", g.Docs, 1)
	c.docLength(g.DocLength, g.Poisson)
	c.shape("Alpha", g.Alpha)
	c.shape("Beta", g.Beta)
	return c.err
}

// params returns the generator parameters as recorded in the true model.
func (g LDA) params(generator string) map[string]any {
	return map[string]any{
		"generator": generator, "k": g.K, "v": g.V, "docs": g.Docs,
		"doc_length": g.DocLength, "poisson": g.Poisson, "alpha": g.Alpha, "beta": g.Beta,
	}
}

// documents draws g.Docs documents over vocab from the K x V topics and
// returns the corpus and the mean of the documents' topic weights; draw
// (if not nil) hears of each document, as in drawDocuments.
func (g LDA) documents(rng *rand.Rand, vocab []string, topics [][]float64, draw *drawing) (*corpus.Corpus, docWeights, error) {
	return drawDocuments(rng, vocab, topics, g.Docs, g.DocLength, g.docLength,
		func(rng *rand.Rand, _ int, theta []float64) { SymmetricDirichlet(rng, theta, g.Alpha) }, draw)
}

// drawDocuments draws docs documents over vocab from the K x V topics:
// for document d, weights(rng, d, theta) fills theta with its topic
// weights (on the simplex), then length(rng) gives its number of tokens,
// then the tokens are drawn. meanLength sizes the allocation. draw (if not
// nil) hears of each document drawn, with its weights, and stops the
// drawing with its error. It returns the corpus and a summary of the
// documents' weights.
func drawDocuments(rng *rand.Rand, vocab []string, topics [][]float64, docs, meanLength int,
	length func(*rand.Rand) int, weights func(rng *rand.Rand, d int, theta []float64),
	draw *drawing) (*corpus.Corpus, docWeights, error) {
	mix := NewMixture(topics)
	c := newCorpus(vocab, docs, docs*min(meanLength, len(vocab)))
	theta := make([]float64, len(topics))
	mean := make([]float64, len(topics))
	sigTopic := 0.0
	var tokens []int32
	for d := range docs {
		weights(rng, d, theta)
		size := length(rng)
		tokens = tokens[:0]
		for done := 0; done < size; done += tokenChunk { // the same tokens as in one call
			if done > 0 {
				if err := draw.err(); err != nil {
					return nil, docWeights{}, err
				}
			}
			tokens = mix.Tokens(rng, tokens, theta, min(tokenChunk, size-done))
		}
		corpus.AppendTokens(c, "d"+strconv.Itoa(d), tokens)
		for k, w := range theta {
			mean[k] += w
		}
		n, _ := sig.Count(theta, sigMass)
		sigTopic += float64(n) / float64(docs)
		if err := draw.document(d, docs, theta); err != nil {
			return nil, docWeights{}, err
		}
	}
	for k := range mean {
		mean[k] /= float64(docs)
	}
	return c, docWeights{mean: mean, sigTopic: sigTopic}, nil
}

// tokenChunk is how many tokens of a document are drawn between two looks
// at the context: a document of 1e8 tokens takes seconds.
const tokenChunk = 1 << 20

// sigMass is the share of mass of sig_topic and sig_word (Wang et al.,
// Projector, section 4).
const sigMass = 0.8

// docWeights summarises the topic weights drawn for the documents.
type docWeights struct {
	mean     []float64 // mean weight of each topic
	sigTopic float64   // mean sig_topic: topics holding 0.8 of a document's weight
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

// truth returns the true model of corpus c, with Alpha g.Alpha.
func (g LDA) truth(c *corpus.Corpus, topics [][]float64, weights docWeights, params map[string]any) *model.Model {
	alpha := make([]float64, len(topics))
	for k := range alpha {
		alpha[k] = g.Alpha
	}
	return truthModel(c, topics, weights, alpha, params)
}

// truthModel returns the true model of corpus c: the topics, the
// documents' mean topic weights, alpha (nil where the document weights
// are not Dirichlet) and the generator's parameters, to which it adds
// sig_topic (mean over documents) and sig_word (mean over topics) of the
// Projector paper, section 4.
func truthModel(c *corpus.Corpus, topics [][]float64, weights docWeights, alpha []float64, params map[string]any) *model.Model {
	sigWord := 0.0
	for _, t := range topics {
		n, _ := sig.Count(t, sigMass)
		sigWord += float64(n) / float64(len(topics))
	}
	params["sig_topic"] = weights.sigTopic
	params["sig_word"] = sigWord
	return &model.Model{
		Algorithm:    TruthAlgorithm,
		Params:       params,
		K:            len(topics),
		Vocab:        c.Vocab,
		Topics:       topics,
		Alpha:        alpha,
		TopicWeights: weights.mean,
		Provenance:   model.Provenance{InputDigest: c.Digest(), Docs: c.NumDocs()},
	}
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
// topic has a = Anchors() planted anchor words (AnchorsPerTopic, or a
// fraction AnchorFraction of the vocabulary), words of positive
// probability in that topic only. Style chooses how the topics are drawn.
//
// Word indices 0 ... K*a-1 are the anchors (novel words): topic k owns
// words k*a ... (k+1)*a-1; the other V - K*a words are ordinary. Documents are then drawn
// as by LDA, with Dirichlet(Alpha) topic weights.
//
// Style SeparableArora (the default), as in Arora et al. 2013, section 5.4:
// each topic is first drawn from a symmetric Dirichlet(Beta) over the
// ordinary words; each of its anchors then gets the probability of the
// topic's most probable ordinary word, the anchors of other topics get 0,
// and the topic is renormalised.
//
// Style SeparableDing, as in Ding et al. 2013 ("Topic discovery through
// data-dependent and random projections"), section 6.2: the V x K topic
// matrix is built row by row. The row of each ordinary word is drawn
// uniformly on the probability simplex of dimension K (Dirichlet(1, ...,
// 1)), so that word has total weight 1 across the topics; a novel word of
// topic k gets an independent U(0, 1) weight in topic k and 0 elsewhere.
// Each column (topic) is then normalised to sum to 1. Beta is not used.
// (The paper's document prior is a symmetric Dirichlet "following
// Griffiths and Steyvers"; its value did not survive in the text we have,
// so Alpha keeps its default 0.1 unless set.)
//
// The paper keeps a fraction of the vocabulary novel (its symbol and
// values did not survive in the text we have); AnchorFraction plants
// round(AnchorFraction V / K) novel words per topic, e.g. 20 for V = 500,
// K = 5 and a fraction 0.2.
//
// NewSeparable returns the defaults: those of NewLDA, one anchor word per
// topic and Arora's style.
type Separable struct {
	LDA
	// AnchorsPerTopic is the number of anchor words of each topic.
	// Default 1. K*AnchorsPerTopic must be below V. Left at 1 (or 0)
	// when AnchorFraction is positive, which sets the number.
	AnchorsPerTopic int
	// AnchorFraction, when positive, is the fraction of the V words that
	// are anchor words, in [0, 1): each topic then has
	// round(AnchorFraction V / K) of them, at least 1, in place of
	// AnchorsPerTopic. 0 (the default) leaves AnchorsPerTopic in force.
	AnchorFraction float64
	// Style is SeparableArora (the default) or SeparableDing.
	Style string
}

// NewSeparable returns a Separable generator with the defaults.
func NewSeparable() Separable {
	return Separable{LDA: NewLDA(), AnchorsPerTopic: 1, Style: SeparableArora}
}

// Styles of Separable topics.
const (
	SeparableArora = "arora"
	SeparableDing  = "ding"
)

// Generate draws the topics and then the documents, all from rng, and
// returns the corpus and the true model: as LDA.Generate, plus Anchors
// (for each topic its most probable anchor word, the first one on ties)
// and Params "anchors_per_topic" and "style". It returns Validate's error
// if a field is invalid. Time as LDA.Generate.
func (s Separable) Generate(rng *rand.Rand) (*corpus.Corpus, *model.Model, error) {
	return s.generate(rng, nil)
}

// generate is Generate, telling draw (if not nil) of each document's
// weights.
func (s Separable) generate(rng *rand.Rand, draw *drawing) (*corpus.Corpus, *model.Model, error) {
	if rng == nil {
		return nil, nil, ErrNilRand
	}
	if err := s.Validate(); err != nil {
		return nil, nil, err
	}
	if err := checkSize(s.size()); err != nil {
		return nil, nil, err
	}
	var topics [][]float64
	var err error
	if s.Style == SeparableDing {
		topics, err = s.dingTopics(rng, draw)
	} else {
		topics, err = s.topics(rng, draw)
	}
	if err != nil {
		return nil, nil, err
	}
	c, weights, err := s.documents(rng, wordNames(s.V), topics, draw)
	if err != nil {
		return nil, nil, err
	}
	a := s.Anchors()
	params := s.params("separable")
	params["anchors_per_topic"] = a
	params["anchor_fraction"] = s.AnchorFraction
	params["style"] = s.Style
	m := s.truth(c, topics, weights, params)
	m.Anchors = make([]int, s.K)
	for k := range m.Anchors {
		lo := k * a
		m.Anchors[k] = lo + argmax(topics[k][lo:lo+a])
	}
	return c, m, nil
}

// Anchors returns the number of anchor words of each topic:
// round(AnchorFraction V / K), at least 1, when AnchorFraction is positive,
// else AnchorsPerTopic.
func (s Separable) Anchors() int {
	if s.AnchorFraction > 0 && s.K > 0 {
		return max(1, int(math.Round(s.AnchorFraction*float64(s.V)/float64(s.K))))
	}
	return s.AnchorsPerTopic
}

// Validate returns an *OptionError for the first field out of range: the
// LDA fields as LDA.Validate, AnchorFraction in [0, 1), the anchors per
// topic (Anchors) positive and below V/K (every topic keeps ordinary
// words), Style SeparableArora or SeparableDing; and for a field that
// would change nothing: AnchorsPerTopic above 1 with AnchorFraction set
// (but for the count AnchorFraction gives, which the truth records), Beta
// other than the default with SeparableDing.
func (s Separable) Validate() error {
	if err := s.LDA.validate("separable"); err != nil {
		return err
	}
	c := check{generator: "separable"}
	c.require(s.AnchorFraction >= 0 && s.AnchorFraction < 1, "AnchorFraction", s.AnchorFraction, "in [0, 1)")
	field, value := "AnchorsPerTopic", any(s.AnchorsPerTopic)
	if s.AnchorFraction > 0 {
		field, value = "AnchorFraction", s.AnchorFraction
	}
	c.require(s.Anchors() >= 1, field, value, "at least 1 anchor word per topic")
	c.require(productBelow(s.K, s.Anchors(), s.V), field, value,
		"below V/K = %g anchor words per topic, so that every topic has ordinary words", float64(s.V)/float64(s.K))
	c.require(s.Style == SeparableArora || s.Style == SeparableDing, "Style", s.Style, "%q or %q", SeparableArora, SeparableDing)
	// Settings that change nothing are refused, not ignored.
	// The count AnchorFraction sets is allowed too: the truth records it,
	// and the command line hull synth prints from the truth gives it back.
	c.require(s.AnchorFraction == 0 || s.AnchorsPerTopic <= 1 || s.AnchorsPerTopic == s.Anchors(), "AnchorsPerTopic", s.AnchorsPerTopic,
		"left at 1 with AnchorFraction %g, which sets the anchors per topic (%d)", s.AnchorFraction, s.Anchors())
	c.require(s.Style != SeparableDing || s.Beta == NewLDA().Beta, "Beta", s.Beta,
		"left at %g with Style %q, whose ordinary words' rows are uniform on the simplex: no Dirichlet(Beta)", NewLDA().Beta, SeparableDing)
	return c.err
}

// topics draws the K x V separable topic matrix in Arora's style.
func (s Separable) topics(rng *rand.Rand, draw *drawing) ([][]float64, error) {
	a := s.Anchors()
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
		if err := draw.topic(k, s.K); err != nil {
			return nil, err
		}
	}
	return topics, nil
}

// dingTopics draws the K x V separable topic matrix in Ding's style: the
// novel words' weights first (topic by topic), then each ordinary word's
// row uniform on the simplex, then each topic normalised. O(KV).
func (s Separable) dingTopics(rng *rand.Rand, draw *drawing) ([][]float64, error) {
	a := s.Anchors()
	topics := make([][]float64, s.K)
	for k := range topics {
		topics[k] = make([]float64, s.V)
		for i := k * a; i < (k+1)*a; i++ {
			topics[k][i] = 1 - rng.Float64() // U(0, 1], never 0
		}
	}
	row := make([]float64, s.K)
	for i := s.K * a; i < s.V; i++ {
		SymmetricDirichlet(rng, row, 1)
		for k, p := range row {
			topics[k][i] = p
		}
		if err := draw.topic(i-s.K*a, s.V-s.K*a); err != nil {
			return nil, err
		}
	}
	for _, t := range topics {
		normalise(t)
	}
	return topics, nil
}

// argmax returns the index of the first largest element of x.
func argmax(x []float64) int {
	best := 0
	for i, v := range x {
		if v > x[best] {
			best = i
		}
	}
	return best
}

// normalise scales x to sum 1; x must have a positive sum.
func normalise(x []float64) { floats.Scale(1/floats.Sum(x), x) }
