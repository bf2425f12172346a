package synth

import (
	"math"
	"math/rand/v2"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/model"
)

// Dominant generates a dominant-admixture corpus with catchwords, meeting
// the assumptions of Bansal, Bhattacharyya and Kannan, "A provable
// SVD-based algorithm for learning topics in dominant admixture corpus"
// (TSVD), section 3.1, in the paper's notation (M the topic matrix, W the
// document weights, s documents of m tokens):
//
// Dominant topic assumption (a): every document j has a dominant topic
// l(j) with W[l(j)][j] >= Alpha and every other weight <= Beta. (b): for
// each topic, at least a fraction of the documents have weight >= 1-Delta
// on it ("nearly pure").
//
// Catchwords assumption: disjoint sets S_1 ... S_K of CatchwordsPerTopic
// words such that for i in S_l, M[i][l'] <= Rho*M[i][l] for every other
// topic l', and the catchwords of topic l have total probability at least
// p0 = CatchwordMass in topic l.
//
// The parameters must satisfy the paper's constraints
// Beta + Rho <= (1-Delta)*Alpha, Alpha + 2*Delta <= 0.5 and Delta <= 0.08;
// NewDominant returns the values of the paper's section 4.1 (Alpha = 0.4,
// Beta = 0.3, Delta = 0.05, Rho = 0.07) and the defaults below. Zero means
// zero: Rho 0 makes the catchwords anchor words, Delta 0 the nearly pure
// documents pure. The asymptotic condition
// m*Delta^2*Alpha*M[i][l] >= 8 ln(20/(eps*w0)) is not enforced: it needs
// documents far longer than any corpus (it asks for m of the order of
// 10^4/M[i][l]).
//
// How it is drawn:
//
//   - Topics. Words 0 ... K*C-1 are catchwords, C = CatchwordsPerTopic:
//     topic l owns words l*C ... (l+1)*C-1, each with probability p0/C in
//     topic l. In every other topic a catchword of l gets Rho*u*p0/C, u
//     ~ U(0, 1) independently, so M[i][l'] < Rho*M[i][l] holds exactly (no
//     renormalisation follows). The ordinary words share the rest of each
//     topic's mass as a Dirichlet(WordConcentration) draw. This needs
//     p0*(1 + Rho*(K-1)) < 1.
//   - Weights. Document d's dominant topic is d mod K (so every topic is
//     dominant in Docs/K documents, w0 = 1/K), and the first
//     round(PureFraction*Docs) documents (round robin over the topics) are
//     nearly pure; then the documents are shuffled. The dominant weight is
//     U(max(1-Delta, lo), 1) for a nearly pure document and U(lo, 1-Delta) for the
//     others, lo = max(Alpha, 1-(K-1)*Beta). The rest 1-x is split among
//     the other K-1 topics by a flat Dirichlet, then every share above Beta
//     is capped at Beta and the excess handed to the uncapped shares in
//     proportion (water filling), so no other weight exceeds Beta. Exactly
//     round(PureFraction*Docs) documents are nearly pure.
//   - Tokens as in every generator: per token a topic from the weights,
//     then a word from that topic.
//
// The weights are not Dirichlet, so the true model has no Alpha; it has
// Anchors only when Rho is 0 (catchwords are then anchor words).
type Dominant struct {
	// K is the number of topics, at least 2. Default 10.
	K int
	// V is the vocabulary size. Default 1000.
	V int
	// Docs is the number of documents s. Default 1000.
	Docs int
	// DocLength is the number of tokens m of every document; with
	// Poisson the mean length. Default 100.
	DocLength int
	// Poisson draws each document's length from Poisson(DocLength),
	// raised to 2 if below.
	Poisson bool
	// Alpha is the least weight of a document's dominant topic. Default
	// 0.4.
	Alpha float64
	// Beta is the largest weight of any other topic. Default 0.3.
	Beta float64
	// Delta: nearly pure documents have dominant weight >= 1-Delta.
	// Default 0.05; 0 makes them exactly pure.
	Delta float64
	// Rho bounds a catchword's probability in other topics relative to
	// its own. Default 0.07.
	Rho float64
	// PureFraction is the fraction of nearly pure documents, in [0, 1].
	// Default 0.2 (the paper measured 2% to 40% on real corpora, Table
	// 1).
	PureFraction float64
	// CatchwordsPerTopic is the number of catchwords of each topic.
	// Default 10. K*CatchwordsPerTopic must be below V.
	CatchwordsPerTopic int
	// CatchwordMass is p0, the total probability of a topic's catchwords
	// in that topic, in (0, 1). Default 0.1.
	CatchwordMass float64
	// WordConcentration is the parameter of the symmetric Dirichlet of
	// the ordinary words' share of each topic. Default 0.1.
	WordConcentration float64
}

// NewDominant returns a Dominant generator with the defaults: those of
// NewLDA for K, V, Docs and DocLength, and the paper's section 4.1 values.
func NewDominant() Dominant {
	return Dominant{K: 10, V: 1000, Docs: 1000, DocLength: 100, Alpha: 0.4, Beta: 0.3, Delta: 0.05, Rho: 0.07,
		PureFraction: 0.2, CatchwordsPerTopic: 10, CatchwordMass: 0.1, WordConcentration: 0.1}
}

// Generate draws the topics, then the documents, all from rng, and
// returns the corpus and the true model: Topics, TopicWeights (the mean
// document weights), Params (with "pure_docs" the number of nearly pure
// documents) and, if Rho is 0, Anchors. It returns Validate's error if a
// field is invalid or the fields break a constraint of the paper. Time
// O(KV + Docs*(K + DocLength*log K)).
func (g Dominant) Generate(rng *rand.Rand) (*corpus.Corpus, *model.Model, error) {
	return g.generate(rng, nil)
}

func (g Dominant) generate(rng *rand.Rand, draw *drawing) (*corpus.Corpus, *model.Model, error) {
	if rng == nil {
		return nil, nil, ErrNilRand
	}
	if err := g.Validate(); err != nil {
		return nil, nil, err
	}
	if err := checkSize(g.size()); err != nil {
		return nil, nil, err
	}
	topics, err := g.topics(rng, draw)
	if err != nil {
		return nil, nil, err
	}
	pure := int(math.Round(float64(g.Docs) * g.PureFraction))
	order := rng.Perm(g.Docs)                   // document d gets plan order[d]
	lo := max(g.Alpha, 1-float64(g.K-1)*g.Beta) // so that K-1 shares <= Beta hold the rest
	pureLo := max(1-g.Delta, lo)
	rest := make([]float64, g.K-1)
	weights := func(rng *rand.Rand, d int, theta []float64) {
		plan := order[d]
		top := plan % g.K
		var x float64
		if plan < pure {
			x = pureLo + (1-pureLo)*rng.Float64()
		} else {
			x = lo + (1-g.Delta-lo)*rng.Float64()
		}
		SymmetricDirichlet(rng, rest, 1)
		capShares(rest, 1-x, g.Beta)
		for k, j := 0, 0; k < g.K; k++ {
			if k == top {
				theta[k] = x
			} else {
				theta[k] = rest[j]
				j++
			}
		}
	}
	lda := LDA{Poisson: g.Poisson, DocLength: g.DocLength}
	c, drawn, err := drawDocuments(rng, wordNames(g.V), topics, g.Docs, g.DocLength, lda.docLength, weights, draw)
	if err != nil {
		return nil, nil, err
	}
	m := truthModel(c, topics, drawn, nil, map[string]any{
		"generator": "dominant", "k": g.K, "v": g.V, "docs": g.Docs, "doc_length": g.DocLength,
		"poisson": g.Poisson, "alpha": g.Alpha, "beta": g.Beta, "delta": g.Delta, "rho": g.Rho,
		"pure_fraction": g.PureFraction, "pure_docs": pure, "catchwords_per_topic": g.CatchwordsPerTopic,
		"catchword_mass": g.CatchwordMass, "word_concentration": g.WordConcentration,
	})
	if g.Rho == 0 {
		m.Anchors = make([]int, g.K)
		for k := range m.Anchors {
			m.Anchors[k] = k * g.CatchwordsPerTopic
		}
	}
	return c, m, nil
}

// Validate returns an *OptionError for the first field out of range or
// the first constraint of the paper that the fields break (naming the
// field to change): K at least 2; V, Docs and CatchwordsPerTopic
// positive; DocLength at least 2 (with Poisson, positive); Alpha and Beta
// in (0, 1]; Delta in [0, 0.08]; Rho and PureFraction in [0, 1];
// CatchwordMass in (0, 1); WordConcentration positive; then Beta + Rho <=
// (1-Delta)*Alpha, Alpha + 2*Delta <= 0.5, room among K-1 topics of weight
// at most Beta for the rest of a document that is not nearly pure,
// K*CatchwordsPerTopic < V and CatchwordMass*(1 + Rho*(K-1)) < 1.
func (g Dominant) Validate() error {
	c := check{generator: "dominant"}
	c.atLeast("K", g.K, 2)
	c.atLeast("V", g.V, 1)
	c.atLeast("Docs", g.Docs, 1)
	c.docLength(g.DocLength, g.Poisson)
	c.in("Alpha", g.Alpha, 0, 1, true)
	c.in("Beta", g.Beta, 0, 1, true)
	c.require(g.Delta >= 0 && g.Delta <= 0.08, "Delta", g.Delta, "in [0, 0.08] (TSVD section 3.1)")
	c.in("Rho", g.Rho, 0, 1, false)
	c.in("PureFraction", g.PureFraction, 0, 1, false)
	c.atLeast("CatchwordsPerTopic", g.CatchwordsPerTopic, 1)
	c.require(g.CatchwordMass > 0 && g.CatchwordMass < 1, "CatchwordMass", g.CatchwordMass, "in (0, 1)")
	c.shape("WordConcentration", g.WordConcentration)
	if c.err != nil {
		return c.err
	}
	const slack = 1e-12 // the paper's own values meet the constraints with equality
	c.require(g.Beta+g.Rho <= (1-g.Delta)*g.Alpha+slack, "Beta", g.Beta,
		"at most (1-delta)*alpha - rho = %.4g (TSVD section 3.1)", (1-g.Delta)*g.Alpha-g.Rho)
	c.require(g.Alpha+2*g.Delta <= 0.5+slack, "Alpha", g.Alpha, "at most 0.5 - 2*delta = %.4g (TSVD section 3.1)", 0.5-2*g.Delta)
	c.require(float64(g.K-1)*g.Beta > g.Delta || g.PureFraction == 1, "Beta", g.Beta,
		"above delta/(K-1) = %.4g, so that K-1 other topics can hold the rest of a document that is not nearly pure", g.Delta/float64(g.K-1))
	c.require(productBelow(g.K, g.CatchwordsPerTopic, g.V), "CatchwordsPerTopic", g.CatchwordsPerTopic,
		"below V/K = %g, so that every topic has ordinary words", float64(g.V)/float64(g.K))
	c.require(g.CatchwordMass*(1+g.Rho*float64(g.K-1)) < 1, "CatchwordMass", g.CatchwordMass,
		"below 1/(1 + rho*(K-1)) = %.4g, so that the ordinary words keep some probability", 1/(1+g.Rho*float64(g.K-1)))
	return c.err
}

// topics draws the K x V topic matrix: catchwords, then ordinary words.
func (g Dominant) topics(rng *rand.Rand, draw *drawing) ([][]float64, error) {
	c := g.CatchwordsPerTopic
	first := g.K * c
	own := g.CatchwordMass / float64(c)
	topics := make([][]float64, g.K)
	for l := range topics {
		row := make([]float64, g.V)
		used := 0.0
		for i := range first {
			if i/c == l {
				row[i] = own
			} else {
				row[i] = g.Rho * rng.Float64() * own
			}
			used += row[i]
		}
		SymmetricDirichlet(rng, row[first:], g.WordConcentration)
		for i := first; i < g.V; i++ {
			row[i] *= 1 - used
		}
		topics[l] = row
		if err := draw.topic(l, g.K); err != nil {
			return nil, err
		}
	}
	return topics, nil
}

// capShares scales x (a point of the simplex) to sum to total, then caps
// every entry at limit, handing each excess to the entries below the limit
// in proportion to their values, until none is above it. It needs total
// <= len(x)*limit; it takes O(len(x)^2) time at worst.
func capShares(x []float64, total, limit float64) {
	for i := range x {
		x[i] *= total
	}
	for range x {
		excess, free := 0.0, 0.0
		for i, v := range x {
			if v > limit {
				excess += v - limit
				x[i] = limit
			} else if v < limit {
				free += v
			}
		}
		if excess == 0 {
			return
		}
		if free == 0 { // only rounding gets here: nothing left to receive
			break
		}
		for i, v := range x {
			if v < limit {
				x[i] += excess * v / free
			}
		}
	}
	for i := range x {
		x[i] = min(x[i], limit)
	}
}
