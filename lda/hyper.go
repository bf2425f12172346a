package lda

import (
	"math"

	"github.com/hulltopics/hull/internal/special"
)

// Gamma prior on each alpha_k of the Gibbs sampler's optimisation, as in
// MALLET (ParallelTopicModel.optimizeAlpha): shape 1.001, scale 1. It keeps
// a topic that loses all its tokens from driving alpha_k to 0.
const (
	alphaPriorShape = 1.001
	alphaPriorScale = 1.0
)

// countHist is a sparse histogram: n[i] items have the value v[i] >= 1.
type countHist struct {
	v []float64
	n []float64
}

// sparseHist returns the nonzero bins c >= 1 of the dense histogram h
// (h[c] items of value c).
func sparseHist[T int32 | int64](h []T) countHist {
	var s countHist
	for c := 1; c < len(h); c++ {
		if h[c] != 0 {
			s.v = append(s.v, float64(c))
			s.n = append(s.n, float64(h[c]))
		}
	}
	return s
}

// digammaDiff returns sum_i n_i (psi(x + v_i) - psi(x)), the derivative
// in x of sum_i n_i log(Gamma(x + v_i) / Gamma(x)).
func (h countHist) digammaDiff(x float64) float64 {
	if len(h.v) == 0 {
		return 0
	}
	base := special.Digamma(x)
	s := 0.0
	for i, v := range h.v {
		s += h.n[i] * (special.Digamma(x+v) - base)
	}
	return s
}

// optimizeAlphaHist runs Minka's fixed-point iteration for the asymmetric
// Dirichlet parameters alpha of the documents' topic weights given the
// topic assignments, in the histogram form of Wallach (2008) used by
// MALLET (Dirichlet.learnParameters): topics[k] is the histogram of the
// counts n_dk > 0 of topic k over documents, lengths that of the
// documents' lengths n_d > 0. Each step is
//
//	alpha_k <- (alpha_k sum_d [psi(n_dk + alpha_k) - psi(alpha_k)] + a - 1)
//	           / (sum_d [psi(n_d + alpha_0) - psi(alpha_0)] + 1/b)
//
// with alpha_0 = sum_k alpha_k: the MAP fixed point under a Gamma(a, b)
// prior on each alpha_k (a = 1.001, b = 1 as MALLET). It stops after
// iters steps or once no alpha_k moves by more than 1e-6 relative. alpha
// is updated in place.
func optimizeAlphaHist(alpha []float64, topics []countHist, lengths countHist, iters int) {
	for range iters {
		sum := 0.0
		for _, a := range alpha {
			sum += a
		}
		denom := lengths.digammaDiff(sum) + 1/alphaPriorScale
		if !(denom > 0) {
			return
		}
		moved := 0.0
		for k, a := range alpha {
			num := a*topics[k].digammaDiff(a) + alphaPriorShape - 1
			next := num / denom
			if !(next > 0) || math.IsInf(next, 0) {
				next = a
			}
			moved = max(moved, math.Abs(next-a)/a)
			alpha[k] = next
		}
		if moved < 1e-6 {
			return
		}
	}
}

// optimizeBetaHist returns the fixed point of Minka's iteration for the
// parameter beta of a symmetric Dirichlet over v words (MALLET's
// Dirichlet.learnSymmetricConcentration): counts is the histogram of the
// nonzero topic-word counts n_wt, sizes that of the topic sizes n_t > 0:
//
//	beta <- beta sum_{w,t} [psi(n_wt + beta) - psi(beta)]
//	        / (v sum_t [psi(n_t + v beta) - psi(v beta)])
//
// It starts at beta and stops after iters steps or at a relative change
// below 1e-7.
func optimizeBetaHist(beta float64, v int, counts, sizes countHist, iters int) float64 {
	fv := float64(v)
	for range iters {
		num := counts.digammaDiff(beta)
		den := fv * sizes.digammaDiff(fv*beta)
		if !(num > 0 && den > 0) {
			return beta
		}
		next := beta * num / den
		if !(next > 0) || math.IsInf(next, 0) {
			return beta
		}
		done := math.Abs(next-beta) < 1e-7*beta
		beta = next
		if done {
			break
		}
	}
	return beta
}

// symmetricAlphaNewton returns lda-c's estimate of a symmetric Dirichlet
// parameter a of k dimensions from d documents with sufficient statistic
// ss = sum_d sum_k E[log theta_dk] (lda-c, lda-alpha.c, opt_alpha):
// Newton's method on log a for
//
//	L(a) = d (lgamma(k a) - k lgamma(a)) + (a - 1) ss,
//
// from a = 100 (restarted 10 times larger if it goes to NaN), until
// |dL/da| < 1e-5 or 1000 steps.
func symmetricAlphaNewton(ss float64, d, k int) float64 {
	fd, fk := float64(d), float64(k)
	initA := 100.0
	logA := math.Log(initA)
	for iter := 0; iter < 1000; iter++ {
		a := math.Exp(logA)
		if math.IsNaN(a) || math.IsInf(a, 0) || a == 0 {
			initA *= 10
			if initA > 1e12 {
				break
			}
			a, logA = initA, math.Log(initA)
		}
		df := fd*(fk*special.Digamma(fk*a)-fk*special.Digamma(a)) + ss
		d2f := fd * (fk*fk*special.Trigamma(fk*a) - fk*special.Trigamma(a))
		logA -= df / (d2f*a + df)
		if math.Abs(df) < 1e-5 {
			break
		}
	}
	return math.Exp(logA)
}

// asymmetricAlphaFixedPoint returns the maximum-likelihood Dirichlet
// parameters given the mean expected log weights meanLog[k] = (1/D)
// sum_d E[log theta_dk], by Minka's fixed point (2000, eq. 9):
// alpha_k <- psi^{-1}(psi(sum_j alpha_j) + meanLog[k]), from alpha, for up
// to 1000 steps or until no alpha_k moves by more than 1e-9 relative.
func asymmetricAlphaFixedPoint(alpha, meanLog []float64) []float64 {
	out := append([]float64(nil), alpha...)
	for range 1000 {
		sum := 0.0
		for _, a := range out {
			sum += a
		}
		ps := special.Digamma(sum)
		moved := 0.0
		for k := range out {
			next := special.InvDigamma(ps + meanLog[k])
			if !(next > 0) || math.IsInf(next, 0) {
				next = out[k]
			}
			moved = max(moved, math.Abs(next-out[k])/out[k])
			out[k] = next
		}
		if moved < 1e-9 {
			break
		}
	}
	return out
}
