// Package special holds the special functions of hull's likelihood-based
// learners and inference: the digamma function psi = (ln Gamma)', its
// derivative the trigamma function, and the inverse of the digamma
// function. Package infer's variational E-step and package lda's
// hyperparameter estimates use them.
//
// gonum's mathext.Digamma (v0.17) is not used: its error is up to 5e-11
// relative for x in (0.1, 10), where the E-step evaluates psi most, and
// InvDigamma's Newton iteration needs Digamma and Trigamma consistent to
// about 1e-14. Digamma here is accurate to about 1e-14 (TestDigammaKnownValues).
//
// Complexity: each function costs O(1): one logarithm and at most 10
// divisions (Digamma, Trigamma), at most 50 Newton steps (InvDigamma).
package special
