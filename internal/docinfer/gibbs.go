package docinfer

import (
	"fmt"
	"math/rand/v2"
)

// GibbsDocument estimates the topic weights of one document by collapsed
// Gibbs sampling of its tokens' topics with the topics fixed ("fold-in"),
// and writes them to theta (length K, summing to 1).
//
// Each token i of word w gets a topic z_i; a sweep resamples every z_i in
// turn from p(z_i = k | z_-i) proportional to (n_k + alpha_k) beta_k,w,
// where n_k counts the document's other tokens assigned to k (Griffiths
// and Steyvers 2004, eq. 5, with the topic-word factor replaced by the
// fixed topics). The topics are first drawn token by token from that
// conditional given the tokens drawn before (sequential initialisation).
// After burnIn of the sweeps, each further sweep contributes the
// posterior mean of theta given z, (n_k + alpha_k) / (N + sum alpha), and
// theta is their average. Tokens of a word of zero weight in every topic
// are left out; with no token left theta is alpha normalised.
//
// A document of more than MaxDocTokens tokens is the caller's to refuse
// (CheckDocTokens). All random choices come from rng. Each sweep costs O(N K) for N tokens.
// It panics if sweeps <= burnIn, if len(theta) or len(alpha) differs
// from t.K or the workspace is for another K.
func GibbsDocument(t *Topics, words, counts []int32, alpha []float64, sweeps, burnIn int, rng *rand.Rand, theta []float64, ws *Workspace) {
	k := t.K
	if len(theta) != k || len(alpha) != k || ws.k != k || sweeps <= burnIn || burnIn < 0 {
		panic(fmt.Sprintf("docinfer: GibbsDocument: K = %d, len(alpha) = %d, len(theta) = %d, workspace for %d, %d sweeps, %d burn-in",
			k, len(alpha), len(theta), ws.k, sweeps, burnIn))
	}
	tokens := ws.tokens[:0]
	for i, w := range words {
		if !anyPositive(t.Word(w)) {
			continue
		}
		for range counts[i] {
			tokens = append(tokens, w)
		}
	}
	ws.tokens = tokens
	if len(tokens) == 0 {
		copy(theta, alpha)
		Normalise(theta)
		return
	}
	if cap(ws.z) < len(tokens) {
		ws.z = make([]int32, len(tokens))
	}
	z := ws.z[:len(tokens)]
	nk, cum := ws.nk, ws.cum
	clear(nk)
	draw := func(row []float64) int32 {
		s := 0.0
		for j, b := range row {
			s += (nk[j] + alpha[j]) * b
			cum[j] = s
		}
		u := rng.Float64() * s
		for j, c := range cum {
			if u < c {
				return int32(j)
			}
		}
		// Rounding put u at the total: the last topic of positive weight.
		for j := k - 1; j > 0; j-- {
			if row[j] > 0 {
				return int32(j)
			}
		}
		return 0
	}
	for i, w := range tokens {
		z[i] = draw(t.Word(w))
		nk[z[i]]++
	}
	clear(theta)
	// Each sweep adds its posterior mean, each term at most 1: the sums of
	// n_k + alpha_k themselves overflowed for alpha near the largest
	// float64 (1e307 a topic), and theta was NaN.
	total := float64(len(tokens))
	for _, a := range alpha {
		total += a
	}
	for sweep := 1; sweep <= sweeps; sweep++ {
		for i, w := range tokens {
			nk[z[i]]--
			z[i] = draw(t.Word(w))
			nk[z[i]]++
		}
		if sweep > burnIn {
			for j := range theta {
				theta[j] += (nk[j] + alpha[j]) / total
			}
		}
	}
	Normalise(theta)
}

// MaxDocTokens is the most tokens of one document that the routines
// holding a document token by token take (GibbsDocument, 8 bytes a token
// per goroutine; held-out document completion, 4): 2^26, 512 MiB of
// GibbsDocument's scratch, where a long book has about 10^6 tokens. A
// corpus whose counts declare more (a UCI file of counts near 2^31) ran
// the process out of memory.
const MaxDocTokens = 1 << 26

// CheckDocTokens returns an error naming document doc (0-based), the
// longest of a corpus with n tokens (corpus.Corpus.LongestDoc), and what
// needs its tokens one by one, when n is above MaxDocTokens.
func CheckDocTokens(doc, n int, what string) error {
	if n > MaxDocTokens {
		return fmt.Errorf("document %d has %d tokens: %s takes documents of at most %d tokens", doc+1, n, what, MaxDocTokens)
	}
	return nil
}
