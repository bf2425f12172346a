// Package eval measures topic models: how well they recover known topics,
// how coherent and distinct their topics are, how well they predict
// held-out words and documents.
//
// # Recovery
//
// The recovery measures compare a learned model with the true model of a
// synthetic corpus (package synth):
//
//   - L1Recovery: learned topics are matched one to one to true topics by
//     the Hungarian algorithm on their pairwise l1 distances (the matching
//     of least total distance), and the mean and the maximum of the matched
//     distances are reported. The mean is the "l1 error" of Arora et al.
//     (2013, "A practical algorithm for topic modeling with provable
//     guarantees", section 5.1 and figures 2-4) and of Bansal et al.
//     (2014); the maximum is the worst-topic error reported by Ke (Topic
//     SCORE). Each distance is in [0, 2]: 0 for equal topics, 2 for topics
//     with disjoint support.
//   - CosineRecovery: learned topics are matched to true topics by the
//     maximum-weight matching on cosine similarity, and the mean (and the
//     minimum) of the matched similarities are reported (Wang et al.,
//     Projector, section 5.2). Each similarity is in [0, 1].
//   - RecoveredAt: how many true topics the same cosine matching pairs
//     with a learned topic at similarity >= t (Ding et al., section 6.3,
//     counts Swimmer limb positions recovered at 0.9). The models may have
//     different numbers of topics.
//   - NearestTopics: for each learned topic, the true topic nearest to it
//     by cosine on the words that tell the true topics apart (those whose
//     probability differs between two true topics), and how many distinct
//     true topics are found so. When every true topic carries the same
//     shared part (the Swimmer truth's torso and background), whose split
//     is not identifiable, it counts the true topics found where
//     RecoveredAt's cosine threshold counts none.
//
// The measures are defined in hull's working notes (shared/algorithms.md,
// "Measures"). They compare words by their strings, not their indices, so
// the two models may have different vocabularies: a word missing from one
// model has probability 0 there. L1Recovery and CosineRecovery require
// the two models to have the same number of topics. CheckTruthCorpus
// tells, by the corpus digests the two models record, whether the truth is
// of the corpus the learned model was fitted on (a *CorpusMismatchError
// when not, ErrNoDigest when a digest is missing); the measures do not
// check it.
//
// Cost: aligning the vocabularies takes O(K V) time, the K x K distance
// matrix O(K^2 V), and the matching O(K^3), for K topics over a combined
// vocabulary of V words.
//
// # Coherence and distinctness
//
// These score each topic's N most probable words (DefaultTopN = 10):
//
//   - TopicCoherence: how often a topic's top words occur together in the
//     documents of a reference corpus aligned to the model's vocabulary.
//     UMass (Mimno et al. 2011, "Optimizing semantic coherence in topic
//     models"; Arora et al. 2013, equation 3) sums, over pairs of top words
//     w_i ranked below w_j, log((D(w_i, w_j) + 0.01) / D(w_j)), where D
//     counts the reference documents containing the words; hull smooths
//     with 0.01 as Arora et al. (after Stevens et al. 2012), not Mimno's 1
//     (see UMassEpsilon), and skips, counting them, the pairs whose w_j
//     never occurs. NPMI (Bouma 2009; document co-occurrence as in Lau et
//     al. 2014) averages log(p(w_i, w_j) / (p(w_i) p(w_j))) / -log p(w_i,
//     w_j) over pairs, p being document frequencies over the number of
//     reference documents, with -1 for pairs that never co-occur. Cost:
//     O(nnz + K N^2 Dmax) for a reference of nnz nonzeros and a largest
//     document frequency Dmax among the top words, plus O(K V log N) to
//     rank the words.
//   - UniqueWords: how many of a topic's top N words are among the top N of
//     no other topic (Arora et al. 2013, section 5.1); low counts mean
//     redundant topics. O(K V log N).
//   - SigWord and SigTopic: the Projector paper's sig_word and sig_topic
//     (Wang et al., section 4), the smallest number of a topic's words, or
//     of a document's topics, holding 0.8 of the mass, averaged over topics
//     or over documents. They describe how spread out topics and documents
//     are. O(K V log V) and O(D K log K).
//
// # Topic health
//
// TopicHealth tells distinct topics from collapsed ones, for any learner:
// from the top N words of each topic (DefaultTopN = 10) the number of
// different words among the K x N slots (fewer for topics on fewer words
// of positive weight) and the topic pairs sharing at least half of their
// top words (near-duplicates); from each document's
// dominant topic, the share of the documents whose dominant topic is the
// largest topic's, the topics dominant in fewer than 0.5% of them (rare;
// 1/(2K) above K = 100) and the effective number of topics (exp of the
// entropy of the topics' shares). The topics have collapsed when more
// than a quarter of the pairs are near-duplicates, when fewer than 40% of
// the slots hold different words, when one topic dominates more than half
// of the documents (and twice the even share 1/K), when more than half of
// the topics are rare, or when the documents spread over fewer than K/2
// effective topics, the last three judged on at least 5 K documents and
// at least 50 (learner.JudgedDocs: fewer fall on a few topics by chance;
// Health.TooFewDocs, which also withholds the verdict of incoherence
// below); the result then says what to try (CollapseAdvice). Coherence alone
// cannot tell: UMass rewards topics made of the corpus's frequent words.
// Health.AddCoherence adds, given the documents, the NPMI of each topic's
// top words and the incoherent topics (below -0.02) by the rule the
// geometric learners refine by (learner.TopicsIncoherent); such topics
// may be distinct and spread, so they are no collapse, and
// IncoherenceAdvice says what to try (O(nnz) over at most 20,000
// documents, O(K N^2 D) for the pairs).
// DominantTopics takes the dominant topics from a corpus by variational
// inference (at most DominantIterations updates per document, O(20 nnz K)),
// DominantOf from weights already inferred. O(K V log N + K^2 N + D).
//
// # Agreement with labels
//
// NMI and Purity compare a partition of documents, such as their dominant
// topics, with their class labels: NMI is the mutual information over the
// arithmetic mean of the two entropies (scikit-learn's default), in
// [0, 1]; purity the share of documents in the most common class of their
// part. ReadLabels reads "id<TAB>label" files (ReadLabelsFile by path)
// and LabelClasses numbers the labels of a corpus's documents by their
// ids. O(n log n).
//
// # Held-out perplexity
//
// DocumentCompletion estimates held-out perplexity by document completion
// (Wallach et al. 2009, the estimator of hull's notes, "Measures"): each
// test document's tokens are split at random (seeded per document) into an
// observed half and a held-out half; the topic mixture theta is inferred
// from the observed half alone (package infer, variational inference by
// default, topics fixed); each held-out token w is scored by
// log((1-eps) sum_k theta_k phi_kw + eps/V) with eps = 1e-6, so a word a
// model gives probability 0 costs log(eps/V) instead of -Inf (such tokens
// are counted); perplexity = exp(-sum of scores / held-out tokens).
// Documents with fewer than 2 tokens are skipped and counted. The result
// carries this description in its Estimator field. Cost: the inference
// plus O(K) per held-out token.
//
// # Word prediction
//
// PlusOne runs the plusone task of Wang et al. (Projector, section 5.1):
// SplitPlusOne puts each document in the training set with probability
// 0.5; from each other document it holds out 30% of the distinct words
// (rounded, at least one, at least one left observed; documents of a
// single distinct word are skipped). Each Predictor is trained on the
// training set and predicts, for each test document, the 3 words of
// highest score not in its observed part; its precision is the share of
// the predictions that are held-out words, averaged over test documents.
// The predictors of the paper's section 6.1 are here: Baseline (the most
// frequent training words), KNN (the most frequent words of the 15
// training documents nearest by cosine, through an inverted index), and
// TopicPredictor (sum_k theta_k phi_kw, theta inferred by a function the
// caller supplies, such as one of package infer), LSI (the observed part
// projected onto the rank-K word subspace of the training counts, by our
// randomized SVD), and on generated data the paper's two "cheating"
// predictors: LDAT (the true topics with VB inference) and LDAC (each
// test document's true word distribution theta_d^T A, its weights read by
// ReadDocWeights from the doc-topics.tsv that hull synth writes). The
// k-means topics and LDA rows are TopicPredictors over the models of
// packages projector and lda. On the classic corpora
// (Med, Cran, Cisi, Cacm) Baseline comes within 0.014 of the paper's
// table 4 (Cisi 0.117 against .13, the others within 0.01) and KNN within
// 0.025, above it on Med and Cacm (TestPlusOneClassic).
// Cost: O(nnz) for the split; per test document O(V) plus the predictor's
// scoring. PlusOneBench runs the whole protocol of "hull bench plusone":
// several seeded splits, learners fitted on each training part, the mean
// and standard deviation of each predictor's precision over the splits
// and, with the truth, the matched cosine of each learner's topics.
//
// # The suite and the learners' own results
//
// Measure computes the measures of "hull eval" whose inputs are given
// (recovery of a truth, held-out perplexity, coherence, unique words,
// topic health, agreement with labels) into one Measures value whose JSON
// is that of "hull eval --json".
// TopicWordsShare and DominantAgreement compare what a learner recorded
// about its topics and training documents (model.Model.TopicWords and
// DominantTopic, TSVD's catchwords and dominant topics) with weights
// inferred under its topics, as "hull diagnose" reports beside the TSVD
// paper's Table 1 (tsvd.CheckAssumptions).
package eval
