// Package synth generates synthetic corpora together with the true topic
// models they were drawn from, so that learners can be checked against the
// truth (see package eval for the recovery measures).
//
// Every generator is a struct of parameters with a constructor that
// returns the documented defaults (NewLDA, NewDominant, ...), a Validate
// method and a method
//
//	Generate(rng *rand.Rand) (*corpus.Corpus, *model.Model, error)
//
// (the Generator interface). Zero means zero: a field is never replaced by
// its default, so a fraction of pure documents or a correlation can be 0,
// and a struct literal must set every field it needs (Groups of
// Correlated and Docs of Swimmer, whose 0 is documented, aside). Validate,
// which Generate calls, returns an *OptionError naming the first field out
// of range. Each generator also implements WeightsGenerator, whose
// GenerateWeights returns the same corpus and truth together with the topic
// weights drawn for every document (the "true document distribution" of
// the Projector paper's LDAC predictor; "hull synth" writes them to
// doc-topics.tsv). Draw is GenerateWeights for long runs: it stops when
// its context is done and reports the documents drawn to a progress
// function.
//
// The generators are registered by name (Names, Lookup, New): each Spec
// lists the generator's options, settable by name from strings, with the
// flags, help and Params keys of "hull synth KIND", which binds its flags
// from the registry.
//
// All randomness comes from the given *rand.Rand of math/rand/v2, so a
// generator and a seed give the same corpus, byte for byte (the same
// corpus.Corpus.Digest), on every run of the same build. Between builds
// the truth's weights may differ in their last bits (7.6e-17 at most in
// the audit's runs of every generator) while the documents came out the
// same: the weights are normalised by gonum's sums, whose amd64 assembly
// adds in another order than its pure Go (arm64, or the noasm build tag),
// and Go fuses multiply-adds on arm64. The returned model has Algorithm
// "truth", Topics, TopicWeights (the mean of the documents' drawn topic
// weights), Alpha where the document weights are Dirichlet, Anchors where
// anchor words are planted, TopicLabels where the topics have names (Demo's
// themes, Swimmer's limb positions), and records every parameter in Params
// (with "generator", the kind) and the corpus digest in Provenance.
// Documents are generated as in latent Dirichlet allocation: topic weights theta from the generator's prior,
// then for each token a topic z ~ theta and a word from topic z. Words are
// named "w0" ... (pixels "pRR_CC" for Swimmer; the model's words for Semi)
// and documents "d0" ....
//
// The generators (K topics, V words, D documents of about N tokens):
//
//   - LDA: topics drawn from a symmetric Dirichlet(Beta) over the
//     vocabulary, weights from a symmetric Dirichlet(Alpha), fixed or
//     Poisson lengths (the model of the Projector paper, section 4).
//   - Separable: LDA with planted anchor words, words of positive
//     probability in one topic only. Style "arora" as in Arora et al. 2013
//     ("A practical algorithm for topic modeling with provable
//     guarantees"), section 5.4: each anchor gets the probability of its
//     topic's most probable word, then the topic is renormalised. Style
//     "ding" as in Ding et al. 2013 ("Topic discovery through
//     data-dependent and random projections"), section 6.2: ordinary
//     words' rows of the V x K matrix uniform on the simplex, novel words
//     a U(0, 1) weight in their topic, then the topics normalised. The
//     anchors per topic are AnchorsPerTopic, or a fraction AnchorFraction
//     of the vocabulary, as that paper keeps.
//   - Ke: the simulations of Ke's Topic-SCORE paper, section 5.1, exactly:
//     p0 anchor words per topic with entry 1.5/p (0 in other topics), the
//     other entries U(0, 1)/p, topics renormalised; the first a0*n
//     documents pure, in blocks per topic; the others' weights iid U(0, 1)
//     normalised; N tokens each.
//   - Dominant: dominant admixtures with catchwords, meeting the
//     assumptions of the TSVD paper (Bansal, Bhattacharyya and Kannan
//     2014), section 3.1: every document has a topic of weight >= Alpha
//     and the others <= Beta; a fraction are nearly pure (>= 1-Delta); each
//     topic has catchwords whose probability in other topics is at most
//     Rho times their own. See the type for how the weights are drawn.
//   - Correlated: LDA topics with logistic-normal weights, softmax of
//     N(0, Sigma) with Sigma block structured (topics in groups, correlation
//     Rho within a group), as in Arora et al. 2013, section 5.5.
//   - Swimmer: the Swimmer images of Ding et al., section 6.3, drawn by our
//     own code: 32 x 32 stick figures, a torso and four limbs in 4
//     positions each (256 poses), body pixels 10 and background 1, each
//     image normalised and sampled as a document over the 1024 pixels. The
//     truth is 16 limb-position topics, each carrying a quarter of the
//     torso and background every image shares, so that each image is
//     exactly the mean of its four limb topics (SharedTopic: 17 topics, the
//     bare limbs and the shared part). See the type for why.
//   - Semi: semi-synthetic documents from the topics of any model (for
//     instance one learned from a real corpus and loaded with model.Load),
//     Dirichlet(0.03) weights (Arora et al., section 5).
//   - Demo: hull's fixed, human-readable demo corpus: ten themes of plain
//     English words (cooking, sports, weather, ...) that share a set of
//     common words, every theme word being an anchor word.
//
// WriteDir writes a corpus, its truth and the documents' drawn weights
// into a directory as "hull synth" does: UCI files that "hull fit" reads
// back with the digest the truth records, truth.json and doc-topics.tsv,
// reporting the documents and rows written to a progress function.
//
// The samplers they share are exported for new generators: Gamma
// (Marsaglia-Tsang), Dirichlet and SymmetricDirichlet (normalised Gammas,
// drawn on the log scale so that small parameters cannot underflow),
// Poisson (inversion for small means, Hörmann's PTRS for large ones),
// Alias (Walker's alias tables) and Mixture (the tokens of a document from
// its topic weights).
//
// Cost: drawing the topics takes O(KV) time (Swimmer O(V), Semi a copy of
// the model); each document of n tokens takes O(K + n log K) time to draw
// (its K weights, then per token a binary search over the K cumulative
// topic weights and an O(1) alias-table draw of the word; Dominant's
// capping of the weights is O(K^2) at worst) and O(n log n) to sort into
// its corpus row. Memory is that of the corpus plus O(KV) for the topics
// and O(Docs K) for the weights GenerateWeights returns; EstimateBytes
// estimates it, and every generator refuses to start, with a
// *learner.MemoryError, when the estimate exceeds half the RAM.
// 50,000 documents of 100 tokens over K = 10, V = 500 take about 0.35 s on
// one core (BenchmarkSeparable); the other generators cost the same per
// token (BenchmarkGenerators).
package synth
