// Package docinfer holds the per-document kernels of inference with the
// topics fixed, shared by package infer ("hull infer", held-out
// perplexity) and package lda (the E-step of variational EM, the anchor
// start of the Gibbs sampler):
//
//   - VBDocument: the variational E-step of latent Dirichlet allocation
//     (Blei, Ng and Jordan, "Latent Dirichlet Allocation", JMLR 2003,
//     section 5.2 and figure 6), in the form of Hoffman, Blei and Bach,
//     "Online Learning for Latent Dirichlet Allocation", NIPS 2010 (phi not
//     stored; Workspace.Phi recovers it for the M-step).
//   - GibbsDocument: collapsed Gibbs sampling of the tokens' topics with the
//     topics fixed (Griffiths and Steyvers, "Finding scientific topics",
//     PNAS 2004, eq. 5, the "fold-in" of Mallet's inferencer).
//   - DocSeed: the seed of document d's random stream, so that per-document
//     random choices do not depend on the number of goroutines.
//
// Topics is the word-major copy of a topic-word matrix the kernels read.
// Package infer documents the methods and their measured behaviour.
//
// Complexity, for a document of N tokens over n distinct words and K
// topics: VBDocument O(n K) per update plus K digammas; GibbsDocument O(N K)
// per sweep. A Workspace holds O(n K + N) scratch memory; Topics O(K V).
package docinfer
