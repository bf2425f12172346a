package synth

// The registry's generators, with the options, flags and help of "hull
// synth KIND".
func init() {
	for _, s := range []Spec{
		{
			Name:  "lda",
			Short: "Latent Dirichlet allocation: Dirichlet topics and Dirichlet document weights",
			Long: `Latent Dirichlet allocation (the generative model of the Projector paper's
section 4): K topics drawn from a symmetric Dirichlet(--beta) over the V words
"w0" ... "w{V-1}"; each document's topic weights from a symmetric
Dirichlet(--alpha); then each token's topic from the weights and its word from
that topic. Documents have --doc-length tokens, or Poisson(--doc-length) with
--poisson. The truth has the topics, alpha and the mean document weights.
Time O(KV + docs * doc-length * log K).`,
			Options: []Option{
				optTopics("number of topics K"), optVocab, optDocs, optDocLength, optPoisson, optAlpha, optBeta,
			},
			Defaults: defaults(NewLDA),
			New:      build[LDA],
		},
		{
			Name:  "separable",
			Short: "LDA with planted anchor words (Arora et al. 5.4, or Ding et al. 6.2)",
			Long: `LDA whose topics are separable: each topic has --anchors-per-topic anchor
(novel) words, of positive probability in that topic only: words 0 ...
K*anchors-1, topic k owning k*anchors ... (k+1)*anchors-1. --anchor-fraction F
plants round(F*V/K) per topic instead, a fraction F of the vocabulary (as
Ding et al. 6.2 fix a fraction of novel words; e.g. 0.2 gives 20 per topic at
V = 500, K = 5). Documents are drawn as by "hull synth lda".

--style arora (Arora et al. 2013, section 5.4): each topic is drawn from a
  Dirichlet(--beta) over the other words, each of its anchors gets the
  probability of its most probable word, and the topic is renormalised.
--style ding (Ding et al. 2013, section 6.2): each ordinary word's row of the
  V x K topic matrix is uniform on the simplex, each novel word gets a U(0,1)
  weight in its topic, then each topic (column) is normalised; --beta stays at
  its default (another value is refused).

The truth's anchors are each topic's most probable anchor word.`,
			Options: []Option{
				optTopics("number of topics K"), optVocab, optDocs, optDocLength, optPoisson, optAlpha, optBeta,
				{Field: "AnchorsPerTopic", Flag: "anchors-per-topic", Usage: "anchor words per topic", Param: "anchors_per_topic"},
				{Field: "AnchorFraction", Flag: "anchor-fraction", Usage: "fraction of the V words that are anchors, in [0, 1): round(fraction*V/K) per topic in place of --anchors-per-topic (0: off)", Param: "anchor_fraction"},
				{Field: "Style", Flag: "style", Usage: "how topics are drawn: arora|ding", Param: "style"},
			},
			Defaults: defaults(NewSeparable),
			New:      build[Separable],
		},
		{
			Name:  "ke",
			Short: "The simulations of Topic-SCORE (Ke, section 5.1): anchor words and pure documents",
			Long: `The simulated corpora of Ke, "A geometrical approach to topic model
estimation" (Topic-SCORE), section 5.1: the first K*p0 words are anchor words,
p0 = --anchors-per-topic per topic, with entry 1.5/p in their topic and 0 in
the others; every other entry of each topic is U(0,1)/p; each topic is then
renormalised. The first round(n*a0) documents (a0 = --pure-fraction) are pure,
in equal blocks per topic; the others have K iid U(0,1) weights, normalised.
Every document has N = --doc-length tokens. The defaults are the paper's
(K = 6, p = 2000, p0 = 20, n = 500, N = 2000, a0 = 0.2). The truth has no
alpha (the weights are not Dirichlet). Time O(Kp + n*N*log K).`,
			Options: []Option{
				optTopics("number of topics K"),
				{Field: "V", Flag: "vocab-size", Usage: "vocabulary size p", Param: "v"},
				{Field: "Docs", Flag: "docs", Usage: "number of documents n", Param: "docs"},
				{Field: "DocLength", Flag: "doc-length", Usage: "tokens per document N", Param: "doc_length"},
				{Field: "AnchorsPerTopic", Flag: "anchors-per-topic", Usage: "anchor words per topic p0", Param: "anchors_per_topic"},
				{Field: "PureFraction", Flag: "pure-fraction", Usage: "fraction a0 of pure documents, in [0, 1]", Param: "pure_fraction"},
			},
			Defaults: defaults(NewKe),
			New:      build[Ke],
		},
		{
			Name:  "dominant",
			Short: "Dominant admixtures with catchwords (the TSVD paper's section 3.1)",
			Long: `Documents that meet the assumptions of the TSVD paper (Bansal, Bhattacharyya
and Kannan 2014, section 3.1). Every document has a dominant topic of weight
>= --alpha, every other topic <= --beta; a --pure-fraction of the documents
are nearly pure (dominant weight >= 1 - --delta), round robin over the topics.
Each topic has --catchwords-per-topic catchwords of total probability
--catchword-mass in it; in any other topic a catchword has at most --rho times
its own probability. The remaining words of each topic are a
Dirichlet(--word-concentration) share. Dominant topics are balanced (each
dominates docs/K documents), documents shuffled. The parameters must meet the
paper's constraints: beta + rho <= (1-delta)*alpha, alpha + 2*delta <= 0.5,
delta <= 0.08; the defaults are the paper's section 4.1 values. Note: --alpha
and --beta are the paper's dominance thresholds here, not Dirichlet
parameters. The truth has no alpha; with --rho 0 catchwords are anchors.
Time O(KV + docs * doc-length * log K).`,
			Options: []Option{
				optTopics("number of topics K (at least 2)"), optVocab, optDocs, optDocLength, optPoisson,
				{Field: "Alpha", Flag: "alpha", Usage: "least weight of each document's dominant topic", Param: "alpha"},
				{Field: "Beta", Flag: "beta", Usage: "largest weight of any other topic", Param: "beta"},
				{Field: "Delta", Flag: "delta", Usage: "nearly pure documents have dominant weight >= 1-delta", Param: "delta"},
				{Field: "Rho", Flag: "rho", Usage: "a catchword's probability in another topic is at most rho times its own", Param: "rho"},
				{Field: "PureFraction", Flag: "pure-fraction", Usage: "fraction of nearly pure documents, in [0, 1]", Param: "pure_fraction"},
				{Field: "CatchwordsPerTopic", Flag: "catchwords-per-topic", Usage: "catchwords of each topic", Param: "catchwords_per_topic"},
				{Field: "CatchwordMass", Flag: "catchword-mass", Usage: "total probability p0 of a topic's catchwords in it", Param: "catchword_mass"},
				{Field: "WordConcentration", Flag: "word-concentration", Usage: "symmetric Dirichlet parameter of the other words of each topic", Param: "word_concentration"},
			},
			Defaults: defaults(NewDominant),
			New:      build[Dominant],
		},
		{
			Name:  "correlated",
			Short: "Correlated topics: logistic-normal document weights (Arora et al. 5.5)",
			Long: `Topics as in "hull synth lda" (Dirichlet(--beta)); each document's weights
are logistic normal, softmax(eta) with eta ~ N(0, Sigma), as in Arora et al.
2013, section 5.5. Sigma is block structured: the topics fall into --groups
contiguous groups; Sigma has --variance on the diagonal, rho*variance between
two topics of the same group (--rho is a correlation) and 0 across groups.
--groups 0 takes max(2, K/10) (the paper: K = 100 in 10 groups, off-diagonal
0.05 and 0.1). The default variance 10 makes documents about as concentrated
as lda's default Dirichlet(0.1); with variance 1 they are nearly uniform
mixtures. --groups K gives uncorrelated weights. The truth has no alpha.
Time O(KV + docs * doc-length * log K).`,
			Options: []Option{
				optTopics("number of topics K"), optVocab, optDocs, optDocLength, optPoisson, optBeta,
				{Field: "Groups", Flag: "groups", Usage: "groups of correlated topics (0: max(2, K/10))", Param: "groups"},
				{Field: "Rho", Flag: "rho", Usage: "correlation of two topics of the same group, in [0, 1)", Param: "rho"},
				{Field: "Variance", Flag: "variance", Usage: "variance of each topic's log-weight eta", Param: "variance"},
			},
			Defaults: defaults(NewCorrelated),
			New:      build[Correlated],
		},
		{
			Name:  "swimmer",
			Short: "The Swimmer images as documents (Ding et al. 6.3): 16 limb-position topics",
			Long: `The Swimmer corpus (Donoho and Stodden; Ding et al. 2013, section 6.3): each
document is a 32 x 32 image of a stick figure, a torso and four limbs each in
one of 4 positions (256 poses), body pixels of intensity --body and the others
--background (10 and 1 as in the paper). The normalised image is the word
distribution of the document's --doc-length tokens; the words are the 1024
pixels "pRR_CC" (row_column). --docs 0 gives every pose once (the paper's 256
images); --docs N draws N random poses.

The truth has 16 topics, one per limb position (left arm 1-4, right arm,
left leg, right leg: names in its topic_labels). Each is that limb's
segment plus an equal quarter of the part every image shares (torso and
background), so every image is exactly the mean of its 4 limb topics: the
truth is the model that generated the corpus. The shared part dominates each
topic (two positions of a limb are only 0.34 apart in l1 with the defaults).
--shared-topic gives the other exact truth: 17 topics, the 16 bare limb
segments (2 apart) and "torso-and-background", whose weight is the same in
every document. With --background 0 the limb pixels are anchor words.
Time O(docs * doc-length).`,
			Options: []Option{
				{Field: "Docs", Flag: "docs", Usage: "number of random poses (0: each of the 256 poses once)", Param: "random_docs"},
				optDocLength, optPoisson,
				{Field: "Body", Flag: "body", Usage: "intensity of body pixels", Param: "body"},
				{Field: "Background", Flag: "background", Usage: "intensity of background pixels, below --body", Param: "background"},
				{Field: "SharedTopic", Flag: "shared-topic", Usage: "truth of 17 topics: the bare limb segments plus the shared torso and background", Param: "shared_topic"},
			},
			Defaults: defaults(NewSwimmer),
			New:      build[Swimmer],
		},
		{
			Name:  "semi",
			Short: "Semi-synthetic documents from the topics of a saved model",
			Long: `Semi-synthetic documents (Arora et al. 2013, section 5; the TSVD paper,
section 4.2): LDA documents drawn from the topics and vocabulary of a saved
model (--model, e.g. one learned by "hull fit" from a real corpus), each
document's weights from a symmetric Dirichlet(--alpha) (0.03 as in Arora et
al.). The truth is the model's topics (renormalised) with that alpha.
Time O(KV + docs * doc-length * log K).`,
			Options: []Option{
				{Field: "ModelFile", Flag: "model", Usage: "saved model whose topics generate the documents (required)", Param: "model"},
				optDocs, optDocLength, optPoisson, optAlpha,
			},
			Defaults: defaults(func() semiFile { return semiFile{Semi: NewSemi(nil)} }),
			New:      newSemiFile,
		},
	} {
		Register(s)
	}
}

// The options that several generators share.
var (
	optVocab     = Option{Field: "V", Flag: "vocab-size", Usage: "vocabulary size V", Param: "v"}
	optDocs      = Option{Field: "Docs", Flag: "docs", Usage: "number of documents", Param: "docs"}
	optDocLength = Option{Field: "DocLength", Flag: "doc-length", Usage: "tokens per document (with --poisson: the mean)", Param: "doc_length"}
	optPoisson   = Option{Field: "Poisson", Flag: "poisson", Usage: "draw each document's length from Poisson(--doc-length), at least 2", Param: "poisson"}
	optAlpha     = Option{Field: "Alpha", Flag: "alpha", Usage: "symmetric Dirichlet parameter of the document-topic weights, per topic (hull fit's --alpha is the total, K times this)", Param: "alpha"}
	optBeta      = Option{Field: "Beta", Flag: "beta", Usage: "symmetric Dirichlet parameter of the topic-word distributions", Param: "beta"}
)

// optTopics returns the option K, -k or --topics, with usage.
func optTopics(usage string) Option {
	return Option{Field: "K", Flag: "topics", Short: "k", Usage: usage, Param: "k"}
}

// defaults returns a Spec.Defaults that returns a pointer to a new value
// of newG.
func defaults[G any](newG func() G) func() any {
	return func() any {
		g := newG()
		return &g
	}
}

// build is a Spec.New for the generator type G: it validates the *G given.
func build[G interface {
	WeightsGenerator
	Validate() error
}](p any) (WeightsGenerator, error) {
	g := *p.(*G)
	if err := g.Validate(); err != nil {
		return nil, err
	}
	return g, nil
}
