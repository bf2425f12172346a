// Package infer computes the topic mixtures of documents under fixed
// topics: for each document d, weights theta_d on the simplex such that
// its words look drawn from sum_k theta_dk phi_k, phi_k being the topics
// of a model (learned, e.g. by package anchor, or true). This is the
// inference step of latent Dirichlet allocation with the topics known;
// hull uses it for "hull infer", held-out perplexity (package eval) and
// word prediction.
//
// The model is LDA's: theta_d ~ Dirichlet(alpha), then each token's topic
// z ~ theta_d and its word w ~ phi_z. Two methods estimate the posterior
// mean of theta_d:
//
//   - VB (default): the variational E-step of Blei, Ng and Jordan, "Latent
//     Dirichlet Allocation", JMLR 2003, section 5.2 and figure 6, in the
//     form of Hoffman, Blei and Bach, "Online Learning for Latent
//     Dirichlet Allocation", NIPS 2010 (phi not stored). theta is gamma /
//     sum(gamma). Deterministic. The variational LDA learner (package
//     lda) runs the same per-document code as its E-step.
//   - Gibbs: collapsed Gibbs sampling of the tokens' topics with the
//     topics fixed, as in Griffiths and Steyvers, "Finding scientific
//     topics", PNAS 2004, eq. 5 with phi in place of its estimate (the
//     "fold-in" of Mallet's inferencer). theta is the average over the
//     post-burn-in sweeps of (n_dk + alpha_k) / (N + sum alpha). Document
//     d draws from a PCG generator seeded from Options.Seed and d alone.
//
// alpha defaults to AlphaFor(m, 0): the model's own alpha if it has one,
// else a total concentration of 0.1 K shaped like the model's topic
// weights p(z), else symmetric 0.1 (see AlphaFor for why).
//
// Infer takes a corpus on the model's vocabulary (corpus.Align puts one
// there; otherwise the error wraps model.ErrVocabMismatch); Document takes
// one document as its words, dropping and counting those the model does
// not know; an Inferencer does the same for documents that come one at a
// time, with the model's vocabulary indexed and its topics arranged once
// (on KOS, K = 20: 0.28 ms a 137-token document, against 1.2-1.5 ms for
// Document, which arranges them at every call; BenchmarkInferencerKOS20,
// BenchmarkDocumentKOS20).
//
// DominantTopics gives each document's dominant topic, the largest of the
// weights of at most DominantIterations VB updates, and
// SampleDominantTopics those of an evenly spaced sample: the documents'
// figures of eval.TopicHealth and of the refinement's rule of
// concentrated documents (package refine).
//
// TopDocs gives each topic's documents of highest weight, and TopicDocs
// those documents with their ids and, where the corpus keeps them
// (corpus.ReadOptions.Excerpt), the start of their text: what shows a
// reader what a topic is about ("hull topics MODEL INPUT", "hull
// report"). TopicDocs passes over the near-copies of a document chosen
// (cosine similarity of word counts at least DefaultNearCopy, as the
// command uses it), which news wires are full of, and counts them on it.
// O(K D log n) for n documents a topic, more where near-copies make it
// rank further down. Both it and DominantOfDocs leave out the empty
// documents, whose weights are the prior's; EmptyUnexplained empties the
// documents whose words all have zero weight in every topic, whose
// weights are the prior's too, so that they are left out as well
// (UnexplainedDocs marks and counts them without a copy).
//
// Documents are independent and processed in parallel (internal/parallel);
// every document's result depends only on the document, the model, the
// options and, for Gibbs, its own seed, so results are bit-identical
// whatever Options.Threads.
//
// Complexity, for a document of N tokens over n distinct words and K
// topics: VB O(n K) per update (plus K digammas), at most
// Options.Iterations updates; Gibbs O(N K) per sweep, Options.Iterations
// sweeps. Memory O(K V) for the word-major copy of the topics, O(n K) per
// goroutine, and the D x K result.
//
// Measured (BenchmarkInferKOS20, BenchmarkVBToleranceKOS20; one core of
// an AMD EPYC shared with other jobs, so +-30%): all 3,430 KOS documents
// (467,714 tokens) under a 20-topic anchor model take about 0.4 s by VB
// (8,000 documents/s, 73.5 updates per document on average) and 0.9 s by
// Gibbs (100 sweeps, 4,000 documents/s).
//
// With alpha_k < 1 VB converges slowly on some documents: two similar
// topics trade weight along a flat direction of the bound. With the
// defaults, 52% of the KOS documents above stop at the 100-update cap,
// and the weights are on average 0.034 (l1) from the fixed point reached
// with up to 5000 updates; the tolerance hardly matters (0.035 at 1e-3,
// 63 updates on average). The effect on predictions is small: the held-out
// perplexity of a model of 80% of KOS on the other 20% is 1956 with the
// defaults and 1959 with up to 1000 updates (package eval's
// BenchmarkDocumentCompletionKOS20).
package infer
