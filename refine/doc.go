// Package refine improves topics learned by any method with a few
// iterations of variational EM for latent Dirichlet allocation started
// from them (Blei, Ng and Jordan, "Latent Dirichlet Allocation", JMLR
// 2003, section 5.3), as hull's anchor learner has done since issue 13
// and as every geometric learner does when its topics are noisy.
//
// # What it computes
//
// The documents' topic weights have a Dirichlet(Alpha) prior and the
// topics are point estimates smoothed by Beta, as in lda-c. With gamma_d
// the variational Dirichlet parameters of document d, e_dk =
// exp(psi(gamma_dk)) and phi_k the topics, the responsibilities of word w
// in document d are r_dwk ∝ phi_wk e_dk, and one iteration is
//
//	gamma_dk <- Alpha + e_dk sum_w n_dw phi_wk / (sum_j phi_wj e_dj)   (E-step)
//	phi_wk   ∝ Beta + phi_wk sum_d n_dw e_dk / (sum_j phi_wj e_dj)     (M-step)
//
// both from the previous parameters: one update of each document's
// parameters per M-step, a partial E-step in the sense of Neal and
// Hinton ("A view of the EM algorithm that justifies incremental, sparse,
// and other variants", 1998), where lda-c iterates each document to
// convergence. FoldIn E-steps with the topics fixed come first, so that
// the documents' weights move to the starting topics before the topics
// move. The iterations stop after Options.Iterations or once an
// iteration moves the topics by less than Options.Tolerance (mean l1
// distance over topics).
//
// The result holds the refined topics, their weights p(z) (the expected
// share of the tokens, sum_d (gamma_dk - Alpha) normalised) and, on
// request, the topic-topic matrix: the mean over the documents of two or
// more tokens of E[theta theta^T] under Dirichlet(gamma_d).
//
// # Why
//
// The geometric learners find the corners of the word simplex; on real
// text their topics share the corpus's frequent words, because a
// frequent word's estimated mixture is spread over the topics and its
// probability multiplies it into every topic (Bayes' rule, anchor
// paper section 4; Topic-SCORE's A* = diag(xi_1) Pi). The EM iterations
// reassign the frequent words' tokens by document context and separate
// the topics: on NIPS (K = 50) Topic-SCORE's topics go from 173 to 310
// different top words of 500 and from 60 near-duplicate pairs to 1, the
// whole fit from 4.9 to 10.0 s of CPU (docs/BENCHMARKS.md, "Refinement of
// noisy topics").
// On planted, well separated topics the learners' own estimates are
// better than the refinement's smoothed ones (the anchor package's doc),
// so the learners refine only unreadable topics by default (IfNoisy):
// near-copies of one another by learner.TopicsNoisy's rule, or, where the
// learner estimates topic weights, concentrated by
// learner.TopicsConcentrated's, a few topics near the corpus's frequent
// words holding most of it and the others gathered around noise words
// (random projections on the AP news, K = 20: three topics 71% of the
// weight; refined, 18 effective topics of 20 and NPMI 0.086 -> 0.174), or
// incoherent by learner.TopicsIncoherent's, more than a quarter of them
// with top words that occur together less often than at random (the
// projection learners, Projector and TSVD on the four Classic
// collections, K = 15: 4 to 11 such topics of 15) or one whose top words
// shun one another (NPMI below -0.25: Projector on the AP news, K = 20,
// one topic at -0.435; refined, mean NPMI 0.105 -> 0.215), or, when these
// pass them, concentrated on the documents by learner.Spread's rule, the
// health "hull fit" prints (eval.TopicHealth), on the dominant topics of a
// sample of the documents (random projections on the SLA abstracts,
// K = 50: topic weights spread over 41 effective topics while one topic
// was the dominant topic of 37% of the documents, 19.2 effective topics
// by the documents; refined, 41.8).
// Always refines whatever the topics (Auto.RefineAlways): on the six real
// corpora of docs/BENCHMARKS.md it raised the NPMI in 15 of the 17
// default fits the rules keep, and the NMI against the labels in all
// four labelled ones ("Refining always").
//
// # Complexity
//
// For nnz document-word entries, D documents, V words and K topics: the
// word-major copy of the counts in O(nnz) time; each iteration O(nnz K)
// time and D K digammas; memory 8 nnz + 8 (V + D) bytes for the copy and
// the document lengths, three D x K and four V x K matrices of float64
// (EstimateBytes). IfNoisy's rule of concentrated documents, when it is
// reached, costs O(20 nnz K) over at most CheckSampleDocs documents (5 K
// above K = 400). Every sum is taken by one goroutine in a fixed order:
// the result does not depend on Options.Threads.
package refine
