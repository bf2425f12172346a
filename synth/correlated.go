package synth

import (
	"math"
	"math/rand/v2"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/model"
)

// Correlated generates a corpus whose documents have correlated topic
// weights, as in Arora et al. 2013, section 5.5 ("Effect of
// correlation"): the topics are drawn as by LDA (symmetric
// Dirichlet(Beta)), but each document's weights are logistic normal,
// theta = softmax(eta) with eta ~ N(0, Sigma), instead of Dirichlet.
// Sigma is block structured: the topics are partitioned into Groups
// contiguous groups of (nearly) equal size (topic k is in group
// k*Groups/K); Sigma has Variance on the diagonal, Rho*Variance between
// two topics of the same group and 0 between groups. It is drawn as
// eta_k = sqrt(Variance) * (sqrt(1-Rho) z_k + sqrt(Rho) u_g(k)) with z and
// u independent standard normals, O(K) per document.
//
// The paper partitions K = 100 topics into 10 groups and adds
// off-diagonal elements 0.05 and 0.1; it does not give the diagonal. Here
// Rho is a correlation (the off-diagonal element is Rho*Variance).
// NewCorrelated returns the defaults of NewLDA for K, V, Docs, DocLength
// and Beta, Groups = 0, which takes max(2, K/10) (at most K), Rho = 0.1
// and Variance = 10: about the log-weight variance of the logistic-normal (softmax
// basis Laplace) approximation of LDA's default Dirichlet(0.1), 1/alpha *
// (1 - 2/K) + 1/(K alpha) = 9 for K = 10, so that documents are about as
// concentrated as lda's. (With Variance 1 the weights are nearly uniform
// and the topics far harder to learn: anchor fits of 1,000 documents of
// 100 tokens, K = 10, are at mean l1 1.33 from the truth, against 0.36
// with Variance 10 and 0.37 for lda.) Groups = K gives uncorrelated
// logistic-normal weights. Zero means zero (Rho 0: independent topics)
// but for Groups. The true model has no Alpha (the weights are not
// Dirichlet).
type Correlated struct {
	// K is the number of topics. Default 10.
	K int
	// V is the vocabulary size. Default 1000.
	V int
	// Docs is the number of documents. Default 1000.
	Docs int
	// DocLength is the number of tokens of every document; with Poisson
	// the mean length. Default 100.
	DocLength int
	// Poisson draws each document's length from Poisson(DocLength),
	// raised to 2 if below.
	Poisson bool
	// Beta is the parameter of the symmetric Dirichlet of topic-word
	// distributions. Default 0.1.
	Beta float64
	// Groups is the number of groups of correlated topics, in [1, K],
	// or 0 (the default) for max(2, K/10), at most K.
	Groups int
	// Rho is the correlation of two topics of the same group, in [0, 1).
	// Default 0.1.
	Rho float64
	// Variance is the variance of each eta_k. Default 10.
	Variance float64
}

// NewCorrelated returns a Correlated generator with the defaults.
func NewCorrelated() Correlated {
	return Correlated{K: 10, V: 1000, Docs: 1000, DocLength: 100, Beta: 0.1, Rho: 0.1, Variance: 10}
}

// Generate draws the topics, then the documents, all from rng, and
// returns the corpus and the true model: Topics, TopicWeights (the mean
// document weights) and Params, with "groups" the number of groups used.
// It returns Validate's error if a field is invalid. Time O(KV + Docs*(K
// + DocLength*log K)).
func (g Correlated) Generate(rng *rand.Rand) (*corpus.Corpus, *model.Model, error) {
	return g.generate(rng, nil)
}

func (g Correlated) generate(rng *rand.Rand, draw *drawing) (*corpus.Corpus, *model.Model, error) {
	if rng == nil {
		return nil, nil, ErrNilRand
	}
	if err := g.Validate(); err != nil {
		return nil, nil, err
	}
	if err := checkSize(g.size()); err != nil {
		return nil, nil, err
	}
	if g.Groups == 0 {
		g.Groups = defaultGroups(g.K)
	}
	lda := LDA{K: g.K, V: g.V, Docs: g.Docs, DocLength: g.DocLength, Poisson: g.Poisson, Beta: g.Beta}
	topics := make([][]float64, g.K)
	for k := range topics {
		topics[k] = make([]float64, g.V)
		SymmetricDirichlet(rng, topics[k], g.Beta)
		if err := draw.topic(k, g.K); err != nil {
			return nil, nil, err
		}
	}
	sd := math.Sqrt(g.Variance)
	own, shared := sd*math.Sqrt(1-g.Rho), sd*math.Sqrt(g.Rho)
	u := make([]float64, g.Groups)
	weights := func(rng *rand.Rand, _ int, theta []float64) {
		for i := range u {
			u[i] = rng.NormFloat64()
		}
		top := math.Inf(-1)
		for k := range theta {
			theta[k] = own*rng.NormFloat64() + shared*u[g.group(k)]
			top = max(top, theta[k])
		}
		for k := range theta {
			theta[k] = math.Exp(theta[k] - top)
		}
		normalise(theta)
	}
	c, drawn, err := drawDocuments(rng, wordNames(g.V), topics, g.Docs, g.DocLength, lda.docLength, weights, draw)
	if err != nil {
		return nil, nil, err
	}
	m := truthModel(c, topics, drawn, nil, map[string]any{
		"generator": "correlated", "k": g.K, "v": g.V, "docs": g.Docs, "doc_length": g.DocLength,
		"poisson": g.Poisson, "beta": g.Beta, "groups": g.Groups, "rho": g.Rho, "variance": g.Variance,
	})
	return c, m, nil
}

// group returns the group of topic k.
func (g Correlated) group(k int) int { return k * g.Groups / g.K }

// Validate returns an *OptionError for the first field out of range: K,
// V and Docs must be positive, DocLength at least 2 (with Poisson,
// positive), Beta positive, Groups in [0, K], Rho in [0, 1) (and at its
// default or 0 when every group holds one topic, where it changes
// nothing) and Variance in (0, 1e6].
func (g Correlated) Validate() error {
	c := check{generator: "correlated"}
	c.atLeast("K", g.K, 1)
	c.atLeast("V", g.V, 1)
	c.atLeast("Docs", g.Docs, 1)
	c.docLength(g.DocLength, g.Poisson)
	c.shape("Beta", g.Beta)
	c.require(g.Groups >= 0, "Groups", g.Groups, "a number >= 0 (0: max(2, K/10))")
	c.require(g.Groups <= g.K, "Groups", g.Groups, "at most K = %d", g.K)
	c.require(g.Rho >= 0 && g.Rho < 1, "Rho", g.Rho, "in [0, 1)")
	// With groups of one topic each, the shared term only adds to a
	// topic's own noise: Rho changes the random stream, not the
	// distribution.
	groups := g.Groups
	if groups == 0 {
		groups = defaultGroups(g.K)
	}
	def := NewCorrelated().Rho
	c.require(groups < g.K || g.Rho == 0 || g.Rho == def, "Rho", g.Rho,
		"left at %g when each of the %d groups holds one topic, where it changes nothing", def, groups)
	c.positive("Variance", g.Variance, 1e6)
	return c.err
}

// defaultGroups is the number of groups of K topics when Groups is 0.
func defaultGroups(k int) int { return min(k, max(2, k/10)) }
