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
// # Shards and threads: blocks of documents and words
//
// Shards 1, the default, is exact collapsed Gibbs sampling
// (TestGibbsExactPosterior checks the visited states against the
// enumerated posterior of a tiny corpus), on one goroutine whatever
// Threads (which still draw the initial topics and sum the log
// likelihood).
//
// With Shards = P > 1 the sweeps run over P x P blocks, as Yan, Xu and
// Qi partition the data ("Parallel inference for latent Dirichlet
// allocation on graphics processing units", NIPS 2009): the documents
// are split into P contiguous shards and the words (by index) into P
// contiguous groups, each of about the same number of tokens, and a
// sweep is P steps; at step s, shard i resamples the tokens of its
// documents whose words are in group (i + s) mod P. The shards of a step
// touch disjoint documents and disjoint rows of n_wt, so they sample
// against the one global table, with no copy and no lock, each seeing at
// once every change to the counts of its words, as a sequential sweep
// would. Only the topic totals n_t are shared: each shard samples
// against its own copy, taken at the start of the step, and after the
// step the copies' changes are added to the totals (exact integer
// arithmetic). A document is visited once per step; its counts n_dt are
// recounted from its tokens' topics at each visit (O(n_d)), and its
// shares of the log likelihood and of the histograms are recorded at its
// last visit. Shard i draws step s of sweep t from a PCG generator
// seeded from Seed, t, s and i alone (the per-document seeds of package
// infer, on a stream of their own; one shard keeps the stream it always
// had); the initial topics come from per-document generators. Threads
// goroutines take the shards of a step in any order, which changes
// nothing: a shard reads and writes only its rows, its documents and its
// copy of the totals. So the model depends on the corpus, the options
// (Shards among them) and the seed, never on Threads or the number of
// CPUs: the same input and seed give a bit-identical model on every
// machine of the same architecture (TestGibbsSameModelForAnyThreads).
// Across architectures the last bits may differ: Go fuses multiply-adds
// into one rounding on arm64, not on amd64, and gonum's kernels are
// assembly on amd64 only. The model records the shards,
// min(Shards, D), as Params["shards"], and the threads as
// Provenance.Threads.
//
// The approximation is in the totals alone: during a step a shard misses
// the other shards' changes to n_t, a few thousandths of n_t on real
// corpora, in the denominators V beta + n_t. (AD-LDA, Newman, Asuncion,
// Smyth and Welling, "Distributed algorithms for topic models", JMLR
// 2009, which hull ran before, let every shard sample against a copy of
// the whole of n_wt up to a sweep old; its state's log likelihood was
// 0.0035-0.005 nats per token lower than exact sampling's on 500
// documents of 50 tokens and 0.04-0.07 lower on KOS.) On those 500
// documents (K = 5) the state's log likelihood per token after 120
// sweeps is now 0.002-0.003 nats lower with 2-8 shards than with one (z
// 2.2-3.2 over 20 seeds), on 2,000 such documents no lower (|z| < 1.2),
// and the topics' l1 distance to the truth is the same within 0.0004
// (BenchmarkShardBias); on 600 documents, 4 shards and one agree on the
// log likelihood, the topics and the held-out perplexity within 0.002
// nats, 0.0004 and 0.2% over 8 seeds (TestGibbsShardsAgreeInDistribution).
// On KOS (K = 20, 200 sweeps, seeds 1-3) the state's log likelihood per
// token is within 0.006 nats of one shard's with 2 shards and within
// 0.010 with 4, above it for some seeds and below for others, where
// AD-LDA's was 0.04 (2 shards) and 0.047-0.064 (4) below.
//
// The gain is time, with no extra work: the tokens of the blocks of a
// step differ by less than 0.1% on the benchmark corpora and KOS with 2
// shards (the largest block of a step is 1% above the mean on NIPS, 3%
// with 4 shards), a step adds a barrier and an O(P K) merge of the
// totals, and recounting n_dt costs a few percent of the sampling. What
// each shard writes at every token, its generator and its arrays, sits
// at least a cache line from the other shards' (false sharing of the
// generators had cost AD-LDA a third of its CPU time on two threads).
// Measured on 2 cores with nothing else running (load 1-2, our threads
// alone), K = 100, mean seconds per sweep over sweeps 11-20 (11-25, 11-60
// on NIPS): on the first 30,000 documents of the benchmark corpus (6.9M
// tokens) one shard on one thread takes 0.877 s, two shards on two
// threads 0.437 s, a speed-up of 2.01 (AD-LDA, before: 0.924 and 0.587
// s, 1.57); on NIPS (3.3M tokens) 0.301-0.318 s and 0.139-0.159 s, 1.9-2.0
// (AD-LDA 0.320 and 0.299 s). Two shards on one thread cost 2-4% more
// than one shard. Memory: no copy of the counts, O(K) per shard.
//
// Against MALLET 2.1.1 (built from its source, ParallelTopicModel with
// alpha sum 10 and beta 0.01, hull's defaults at K = 100, no
// optimisation), on NIPS, K = 100, with nothing else running: MALLET's
// time per sweep is the difference of two runs of 10 and 60 sweeps
// divided by 50 (so that start-up, import and JIT drop out), hull's the
// mean of its sweeps 11-60, runs interleaved. One thread: MALLET 0.311
// and 0.317 s per sweep (10.4M tokens per second), hull 0.271 and 0.273 s
// (12.0-12.1M), 16% more. Two threads: MALLET 0.243 s per sweep (13.5M
// tokens per second, 6.8M per thread; it copies the counts per thread, as
// AD-LDA), hull on two shards 0.139 s (23.6M, 11.8M per thread), 75%
// more per thread. The chains are alike (log likelihood per token after
// 60 sweeps -8.446 MALLET, -8.428 hull). Under load (4-16 on the 2 cores),
// by user CPU time: NIPS 0.345 CPU-s per MALLET sweep against 0.291-0.309
// for hull; the 30,000 documents (sweeps 11-40) 0.775 against 0.746, the
// log likelihoods per token -8.108 and -8.110.
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
// prior on the topics, variational parameters lambda). The E-step runs
// the updates of package infer's VB inference (gamma_k = alpha_k + e_k
// sum_w c_w beta_kw / sum_j e_j beta_jw, e_k = exp(psi(gamma_k)), the
// products by gonum's floats.Dot and floats.AddScaled) for every
// document, in parallel, against exp(E[log beta]). The expected counts
// sum_d c_dw phi_dwk are then gathered word by word, from a word-major
// copy of the counts, so that every sum is taken in a fixed order and
// the model does not depend on Threads. The M-step sets lambda = Eta +
// the expected counts and estimates alpha: by lda-c's Newton iteration
// on log alpha for one symmetric alpha (AlphaSymmetric, the default), by
// Minka's fixed point alpha_k <- psi^-1(psi(sum_j alpha_j) + mean_d
// E[log theta_dk]) (AlphaAsymmetric), or not (AlphaFixed). The evidence
// lower bound is computed at every E-step (the phi terms in the closed
// form log sum_k exp(E[log theta_k] + E[log beta_kw]) of Hoffman, Blei
// and Bach 2010). The bound per token goes to the Bound hook (or,
// without one, to Settings.Log as a line "vb iteration N: bound per token
// X") and its last value to Params["bound_per_token"]; the trace is not
// kept in the model. The random start is lda-c's: topics 1/V + U(0, 1)
// per word, normalised. The model's topics are lambda's posterior means.
//
// The E-steps follow a schedule in two phases. Exploring, every E-step
// starts from gamma = alpha + N/K (a cold start, as lda-c) and stops at
// a loose tolerance (the mean change of gamma's entries in one update):
// VBFirstTolerance (0.03) in the first VBFirstIterations (2), whose
// topics are nearly random, then VBExploreTolerance (0.01), until an EM
// iteration raises the bound by less than VBWarmChange (0.1%). Refining,
// every E-step starts from the document's gamma of the previous
// iteration (a warm start) and the tolerance tightens tenfold every
// VBTolerancePassesPerDecade (2) iterations down to EStepTolerance
// (1e-5); EM stops once the bound improves by less than Tolerance
// (relative, lda-c's 1e-4) at that tolerance, or after Iterations.
// Params["warm_from"] records the first warm iteration (0: none). Both
// phases matter. On the first 10,000 documents of the benchmark corpus
// (K = 100), lda-c's E-steps, cold and to 1e-5 at every iteration, take
// 100 updates per document (the cap) in the first iterations and 69 in
// the sixth; the exploring ones 38 in each of the first two and 13-23
// after, with a bound per iteration within 0.2% of lda-c's (0.1% from
// the fourth); the warm ones 6-19. Warm starts from the beginning would
// be cheaper still but lead elsewhere: a document's E-step can have
// several local optima when alpha < 1, a warm start keeps the one of
// the previous iteration, and from a random start the early, poor topics
// lock documents in: on the easy test corpus EM then stalls in a worse
// fixed point (bound -4.78 per token against -4.51, two topics merged).
// After the exploring phase warm starts find the cold fixed point within
// tolerance: on the same corpus from the true topics, EM warm from its
// second iteration and EM cold at every iteration, both to 1e-7, end
// with topics 0.003 apart (l1, topic by topic), alpha 2% and the bound
// 7e-5 apart, because some documents sit in another local optimum of
// their E-step (30 of the 1,200 in one such run); the default schedule
// ends 0.002, 0.3% and 3e-6 from the cold fixed point
// (TestVBWarmStartSameFixedPoint).
//
// # Online variational Bayes
//
// With Online, VB runs online variational Bayes (Hoffman, Blei and Bach,
// "Online learning for latent Dirichlet allocation", NIPS 2010, algorithm
// 2), for corpora whose batch passes cost too much time or memory (no
// per-document state is kept): each pass visits the documents in an
// order drawn from the seed and the pass, in mini-batches of near-equal
// sizes of at most BatchSize documents (default 1024); after the E-steps
// of mini-batch t (counted over all passes, from 1), cold and to the
// pass's tolerance (VBExploreTolerance tightening tenfold every 2
// passes), lambda moves towards the estimate from that mini-batch alone,
// lambda <- (1 - rho_t) lambda + rho_t (Eta + D/|batch| S_t) with rho_t =
// (Tau0 + t)^-Kappa and S_t the mini-batch's expected counts, and alpha
// likewise towards the mini-batch's estimate (none for AlphaFixed).
// Defaults: Kappa 0.7, as Hoffman's onlineldavb example and
// scikit-learn; Tau0 0, so the first mini-batch replaces the random start
// (Hoffman used 1024 for a stream of 3.3M Wikipedia articles; on the
// test corpora 10 and 64 only slowed the first passes and led to more
// merged topics). Iterations counts passes; after each, the bound as the
// pass saw it (its mini-batches' document terms, each under the lambda
// of its time, plus the topic terms of the final lambda) goes to the
// Bound hook or to Settings.Log ("vb pass N: bound per token X (online
// estimate)"), and the passes stop as batch EM does (Tolerance, once the
// E-step tolerance is EStepTolerance). Progress counts mini-batches. The
// order, the mini-batches and every sum are fixed by the seed and the
// corpus, so the model does not depend on Threads
// (TestVBOnlineSameModelForAnyThreads). On the easy test corpus with 5
// mini-batches per pass it recovers the planted topics as well as batch
// EM (mean l1 0.086 against 0.078, TestVBOnlineRecoversTopics); over six
// such corpora (seeds 1-6) its mean l1 is 0.065-0.086 where batch EM's
// is 0.061-0.139, and both merge two topics on the same one (0.49 and
// 0.51). Smaller mini-batches (64, 128) merged topics more often.
//
// # Complexity
//
// Gibbs: time per sweep O(sum over tokens of T_w + T_d) plus, with P > 1
// shards, O(P N) to recount the documents' topic counts and O(P^2 K)
// for the totals; the log likelihood O(nnz(n_wt) + sum_d T_d) lgammas; a
// saved state O(KV). Memory O(N) for N tokens plus O(nnz(n_wt)) plus
// O(KV) plus O(P K).
//
// VB: per EM iteration O(sum_d nnz_d K u_d) for the E-steps (u_d updates
// of document d, at most EStepIterations), O(nnz K) for the expected
// counts and O(KV) digammas for the M-step. Memory O(KV + DK + nnz).
// Online: per mini-batch of S documents the same for its documents plus
// O(KV) digammas for exp(E[log beta]) and O(V) for its word-major copy;
// memory O(KV + SK + nnz_S + D) (EstimateOnlineVBBytes).
//
// Measured on 2 cores with nothing else running (our 2 threads alone),
// K = 100, the benchmark corpora of issue 16
// (scripts/make-bench-corpora.sh): a batch EM iteration on the first
// 100,000 documents (23M tokens) took 89.7 s with lda-c's schedule (cold
// E-steps to 1e-5: 100 updates per document, the cap, 178 CPU-seconds);
// with the schedule above the first six take 27.8, 19.5, 20.1, 15.3,
// 12.9 and 11.5 s (55, 39, 40, 30, 26 and 23 CPU-seconds), then about
// 10.5 s until the warm starts begin (iteration 13 in that run), 6.8 s
// in the first warm one, rising to 12-13.5 s (23-27 CPU-seconds) as the
// tolerance reaches 1e-5 (iteration 20). On the first 30,000 documents:
// 26.6 s against 7.7, 5.4, 5.7, 4.3, 3.6 and 3.3 s. On NIPS, whose
// documents are long (1,321 tokens), an iteration takes 1.5 s exploring
// (38 updates per document), 1.7 s refining (46) and 3.5 s with lda-c's
// E-steps (94) (BenchmarkVBPass). Online, in
// mini-batches of 1,024, a pass over the 100,000 documents takes 15 s
// (28 CPU-seconds), and two passes reach the bound of six batch
// iterations (-7.59 per token).
//
// Earlier measurements (docs/BENCHMARKS.md; 2 shared cores of an AMD
// EPYC): 13-19 million tokens per second on one thread on KOS and NIPS
// at K = 20-100 (BenchmarkGibbsSweep); NIPS (3.3M tokens) at K = 100,
// 1000 sweeps on 2 shards and 2 threads, in 210 s and 86 MiB (with
// AD-LDA). On 90% of KOS and NIPS, Gibbs with 200 sweeps and optimised
// hyperparameters has a held-out perplexity 5-21% below VB's
// (BenchmarkHeldOut). An anchor start saves 50-100 sweeps early in a
// run; after 200 the random starts have caught up (BenchmarkInitAnchor).
package lda
