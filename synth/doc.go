// Package synth generates synthetic corpora together with the true topic
// models they were drawn from, so that learners can be checked against the
// truth (see package eval for the recovery measures).
//
// Every generator is a struct of parameters, each with a documented
// default taken when the field is zero, and a method
//
//	Generate(rng *rand.Rand) (*corpus.Corpus, *model.Model, error)
//
// (the Generator interface). All randomness comes from the given
// *rand.Rand of math/rand/v2, so a generator and a seed give the same
// corpus, byte for byte (the same corpus.Corpus.Digest), on every run. The
// returned model has Algorithm "truth", Topics, Alpha and TopicWeights
// (the mean of the documents' drawn topic weights), and records the
// generator's parameters in Params and the corpus digest in Provenance.
// Documents are generated as in latent Dirichlet allocation: topic weights
// theta ~ Dirichlet, then for each token a topic z ~ theta and a word from
// topic z.
//
// The generators:
//
//   - LDA: topics drawn from a symmetric Dirichlet over the vocabulary.
//   - Separable: LDA with planted anchor words, words that have positive
//     probability in one topic only, as in the separability experiment of
//     Arora et al. 2013 ("A practical algorithm for topic modeling with
//     provable guarantees", section 5.4): each anchor gets the probability
//     of its topic's most probable word and the topic is renormalised.
//   - Demo: hull's fixed, human-readable demo corpus: ten themes of plain
//     English words (cooking, sports, weather, ...) that share a set of
//     common words, every theme word being an anchor word.
//
// The samplers they share are exported for new generators: Gamma
// (Marsaglia-Tsang), Dirichlet and SymmetricDirichlet (normalised Gammas,
// drawn on the log scale so that small parameters cannot underflow), Poisson (inversion for small
// means, Hörmann's PTRS for large ones), Alias (Walker's alias tables) and
// Mixture (the tokens of a document from its topic weights).
//
// Cost: drawing the topics takes O(KV) time; each document of n tokens
// takes O(K + n log K) time to draw (a Dirichlet of dimension K, then per
// token a binary search over the K cumulative topic weights and an O(1)
// alias-table draw of the word) and O(n log n) to sort into its corpus row.
// 50,000 documents of 100 tokens over K = 10, V = 500 take about 0.35 s on
// one core (BenchmarkSeparable).
package synth
