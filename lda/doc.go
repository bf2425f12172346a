// Package lda learns latent Dirichlet allocation (Blei, Ng and Jordan,
// "Latent Dirichlet Allocation", JMLR 2003) by the two likelihood-based
// methods hull's geometric learners are measured against: collapsed Gibbs
// sampling (Gibbs, "hull fit --algo gibbs") and batch variational EM (VB,
// "--algo vb"). Both implement learner.Learner, and the package registers
// them as "gibbs" and "vb" (learner.New).
//
// # Collapsed Gibbs sampling
//
// Gibbs follows Griffiths and Steyvers, "Finding scientific topics", PNAS
// 2004: every token carries a topic z; a sweep resamples each z in turn
// from its conditional given all the others,
//
//	p(z = t | rest) ∝ (alpha_t + n_dt)(beta + n_wt) / (V beta + n_t),
//
// n_dt, n_wt and n_t counting the other tokens of topic t in the document,
// of the word, and in all. The sampler is SparseLDA's (Yao, Mimno and
// McCallum, "Efficient methods for topic model inference on streaming
// document collections", KDD 2009), as in MALLET: the mass is split into a
// smoothing-only bucket s = sum_t alpha_t beta / (V beta + n_t), a
// document-topic bucket r = sum_t n_dt beta / (V beta + n_t) and a
// topic-word bucket q = sum_t (alpha_t + n_dt) n_wt / (V beta + n_t). s and
// r are updated in O(1) per count change; q needs the word's nonzero
// counts only, with the coefficients (alpha_t + n_dt) / (V beta + n_t)
// cached per document. The counts n_wt are kept per word as packed
// count<<bits | topic entries sorted by decreasing count (MALLET's
// typeTopicCounts), so q is summed over the few topics the word has and
// the draw usually stops in the first entries; r walks the document's
// topics, and only the rare draws in s walk all K topics. A token costs
// O(T_w + T_d) for the T_w topics of its word and T_d of its document,
// instead of O(K).
//
// Initial topics are uniform at random (InitRandom) or drawn from the
// topics of an anchor-word model (InitAnchor, see below). The topics
// returned are averaged over saved states: after BurnIn sweeps, the
// estimates phi_tw = (n_wt + beta) / (n_t + V beta) of the states at
// sweeps Iterations, Iterations - SaveEvery, ... are averaged (defaults
// 1000 sweeps, 500 of burn-in, 10 states 50 apart, as in Bansal et al.,
// "A provable SVD-based algorithm for learning topics in dominant
// admixture corpus", NIPS 2014; Arora et al. 2013 averaged 10 states 100
// apart after 1000). TopicWeights are the average shares of the tokens.
//
// Every LogEvery sweeps (default 10, and after the last) the sampler
// computes log p(w, z) of the current state (Griffiths and Steyvers, eq.
// 2 and 3) and divides it by the number of tokens, the figure MALLET
// prints as LL/token; it goes to the LogLikelihood hook (or, without one,
// to Settings.Log as a line "gibbs sweep N: log likelihood per token X"),
// and its last value to Params["ll_per_token"]. The trace itself is not
// kept in the model (Params hold scalars only): collect it with the hook.
//
// Hyperparameters. With OptimizeInterval > 0, every OptimizeInterval
// sweeps after OptimizeBurnIn (default min(200, BurnIn/2)), alpha
// (asymmetric) and beta (symmetric) are set to the fixed points of
// Minka's iteration ("Estimating a Dirichlet distribution", 2000) given
// the current state, computed as MALLET does from histograms: of the
// document lengths and, per topic, of the counts n_dt (Wallach,
// "Structured topic models for language", PhD thesis 2008, and Wallach,
// Mimno and McCallum, "Rethinking LDA: why priors matter", NIPS 2009),
// and of the counts n_wt and n_t for beta. alpha_k has MALLET's Gamma(1.001,
// 1) prior. Up to 50 steps for alpha and 200 for beta per optimisation.
//
// Memory: a token's topic takes 2 bytes (4 for K > 65536), the counts
// int32, a word's row min(K, n_w) entries of 4 bytes (8 when a count
// would not fit beside the topic's bits). EstimateGibbsBytes adds the
// V x K average of the saved states and the model.
//
// # Shards and threads: AD-LDA
//
// With Shards > 1 the sweeps run as AD-LDA (Newman, Asuncion, Smyth and
// Welling, "Distributed algorithms for topic models", JMLR 2009): the
// documents are split into Shards contiguous shards of about the same
// number of tokens; at the start of a sweep each shard copies the global
// counts n_wt and n_t, resamples its documents against its copy (seeing
// its own changes, not the other shards'), and after all shards are done
// the global counts become global + sum_p (copy_p - global) (exact
// integer arithmetic, so they equal the counts of the new topics of all
// tokens). Shard p draws sweep i from a PCG generator seeded from Seed,
// i and p alone (the per-document seeds of package infer, on a stream of
// its own); the initial topics come from per-document generators. Threads
// goroutines take the shards of a sweep in any order, which changes
// nothing: a shard reads only the counts of the sweep's start and its
// own copy. So the model depends on the corpus, the options (Shards among
// them) and the seed, never on Threads or the machine: the same input and
// seed give a bit-identical model everywhere (TestGibbsSameModelForAnyThreads).
// The model records the shards, min(Shards, D), as Params["shards"], and
// the threads as Provenance.Threads.
//
// Shards 1, the default, is exact collapsed Gibbs sampling
// (TestGibbsExactPosterior checks the visited states against the
// enumerated posterior of a tiny corpus), on one goroutine whatever
// Threads (which still draw the initial topics and sum the log
// likelihood). More shards trade exactness for speed. AD-LDA is an
// approximation: a shard samples against counts up to one sweep old for
// the other shards' documents. Newman et al. found no difference in
// perplexity; a bias is measurable. On 500 documents of 50 tokens (K=5)
// the state's log likelihood per token after 120 sweeps is 0.0035-0.005
// nats (0.1%) lower with 2-8 shards than with one, the topics are 0.001
// closer to the truth in l1, and the held-out perplexity is the same
// within 0.2% (TestGibbsShardsAgreeInDistribution, BenchmarkADLDABias);
// with 2,000 documents the gap in log likelihood is 0.001-0.002 nats. On
// KOS (K=20) the state's log likelihood is lower by more: with 4 shards
// 0.047-0.064 nats per token (0.6-0.8%) after 200 sweeps (seeds 1-3) and
// 0.06-0.075 after 1000 (seeds 1-2); with 2 shards 0.04, with 8 0.07
// (seed 1, 200 sweeps). The model is not worse for it: fitted on 90% of
// KOS (300 sweeps), the held-out perplexity of the last 10% is 1866 and
// 1865 with one shard, 1832 and 1908 with 4 (seeds 1, 2), a spread
// between seeds, not a gap. The gain is time:
// the shards of a sweep run in parallel, up to Threads at once, and a
// second thread adds 40-80% to the tokens sampled per second
// (docs/BENCHMARKS.md, measured with 2 shards), while on one thread 4
// shards cost 5-60% more per sweep than one, 20% typically (their copies
// and merges; KOS, measured under load).
// Memory grows by one copy of the sparse counts per shard.
//
// # Anchor initialisation
//
// InitAnchor starts from an anchor-word model, as the structural topic
// model does (Roberts, Stewart and Tingley, "Navigating the local modes of
// big data", 2016): InitModel if given, else a fit by the "anchor" learner
// of the registry with its default options and the learner's Settings
// (seed, threads, memory bound, progress). Package lda does not import
// package anchor: a program that uses InitAnchor without InitModel imports
// it (a blank import registers it), or NewGibbs and NewVB return an error
// wrapping learner.ErrUnknownLearner. For Gibbs, each token of word w in
// document d gets its initial topic drawn from p(z | w, d) ∝ theta_dz
// phi_zw, phi being the anchor topics and theta_d the document's weights
// inferred under them (package infer's VB inference, with infer.AlphaFor
// of the anchor model); for VB, the initial variational topics are the
// anchor topics scaled to the expected counts. The anchor fit is timed as
// stage "anchor". docs/BENCHMARKS.md shows how many sweeps it saves on KOS
// and NIPS.
//
// # Variational EM
//
// VB is batch variational EM as lda-c (Blei et al. 2003, section 5), with
// the smoothed model of their section 5.4 (a symmetric Dirichlet(Eta)
// prior on the topics, variational parameters lambda). The E-step is
// package infer's VB inference of every document, in parallel, against
// exp(E[log beta]) (the same code "hull infer" runs). The expected
// counts sum_d c_dw phi_dwk are then gathered word by word, from a
// word-major copy of the counts, so that every sum is taken in a fixed
// order and the model does not depend on Threads. The M-step sets lambda
// = Eta + the expected counts and estimates alpha: by lda-c's Newton
// iteration on log alpha for one symmetric alpha (AlphaSymmetric, the
// default), by Minka's fixed point alpha_k <- psi^-1(psi(sum_j alpha_j) +
// mean_d E[log theta_dk]) (AlphaAsymmetric), or not (AlphaFixed). The
// evidence lower bound is computed at every E-step (the phi terms in the
// closed form log sum_k exp(E[log theta_k] + E[log beta_kw]) of Hoffman,
// Blei and Bach 2010); EM stops when it improves by less than Tolerance
// (relative, lda-c's 1e-4) or after Iterations. The bound per token goes
// to the Bound hook (or, without one, to Settings.Log as a line "vb
// iteration N: bound per token X") and its last value to
// Params["bound_per_token"]; the trace is not kept in the model. The
// random start is lda-c's: topics 1/V + U(0, 1) per word, normalised. The
// model's topics are lambda's posterior means.
//
// # Complexity
//
// Gibbs: time per sweep O(sum over tokens of T_w + T_d) plus, with P > 1
// shards, O(P nnz(n_wt)) for the copies and the merge; the log likelihood
// O(nnz(n_wt) + sum_d T_d) lgammas; a saved state O(KV). Memory O(N) for N
// tokens plus O((P+1) nnz(n_wt)) plus O(KV).
//
// VB: per EM iteration O(sum_d nnz_d K u_d) for the E-steps (u_d updates
// of document d, at most EStepIterations), O(nnz K) for the expected
// counts and O(KV) digammas for the M-step. Memory O(KV + DK + nnz).
//
// Measured (docs/BENCHMARKS.md; 2 shared cores of an AMD EPYC): 13-19
// million tokens per second on one thread on KOS and NIPS at K = 20-100
// (BenchmarkGibbsSweep); NIPS (3.3M tokens) at K = 100, 1000 sweeps on 2
// shards and 2 threads, in 210 s and 86 MiB. On 90% of KOS and NIPS, Gibbs with 200
// sweeps and optimised hyperparameters has a held-out perplexity 5-21%
// below VB's (BenchmarkHeldOut). An anchor start saves 50-100 sweeps
// early in a run; after 200 the random starts have caught up
// (BenchmarkInitAnchor).
package lda
