package lda

import (
	"math"

	"github.com/hulltopics/hull/internal/docinfer"
	"github.com/hulltopics/hull/internal/special"
	"gonum.org/v1/gonum/floats"
)

// vbWork is one goroutine's scratch memory for vbDocument.
type vbWork struct {
	e   []float64 // exp(psi(gamma_k) - top)
	psi []float64 // psi(gamma_k)
	top float64   // max_k psi(gamma_k)
	acc []float64
}

func newVBWork(k int) *vbWork {
	return &vbWork{e: make([]float64, k), psi: make([]float64, k), acc: make([]float64, k)}
}

// set computes psi, top and e from gamma.
func (ws *vbWork) set(gamma []float64) {
	top := math.Inf(-1)
	for j, g := range gamma {
		p := special.Digamma(g)
		ws.psi[j] = p
		top = max(top, p)
	}
	for j, p := range ws.psi {
		ws.e[j] = math.Exp(p - top)
	}
	ws.top = top
}

// document runs the variational E-step of one document against the
// topics t (exp(E[log beta]), word-major), as docinfer.VBDocument does,
// and returns the number of gamma updates made: gamma_k = alpha_k + e_k
// sum_n c_n t_kw / (sum_j e_j t_jw), e_k = exp(psi(gamma_k)), until the
// mean absolute change of gamma's entries in one update is below tol or
// after maxIter updates. Words w with live[w] false (zero weight in every
// topic) are skipped.
//
// With warm set and gamma holding a previous solution (positive entries),
// the iteration starts from it: the warm start of variational EM, whose
// document parameters move little from one EM iteration to the next.
// Otherwise gamma starts at alpha_k + N/K, N the tokens of live words.
// Either way every update raises the document's part of the bound
// (coordinate ascent in phi, then gamma), so a partial E-step from a warm
// start never undoes the previous iterations' work.
//
// The products are gonum's floats.Dot and floats.AddScaled (assembly on
// amd64), whose order of summation is fixed: the result depends on the
// inputs alone. On return ws holds psi, top and e for gamma; a document
// with no live word gets gamma = alpha and no update.
func (ws *vbWork) document(t *docinfer.Topics, live []bool, words, counts []int32, alpha []float64, maxIter int, tol float64,
	gamma []float64, warm bool) int {
	k := t.K
	n := 0.0
	for i, w := range words {
		if live[w] {
			n += float64(counts[i])
		}
	}
	if n == 0 {
		copy(gamma, alpha)
		ws.set(gamma)
		return 0
	}
	if !warm || !(gamma[0] > 0) {
		share := n / float64(k)
		for j := range gamma {
			gamma[j] = alpha[j] + share
		}
	}
	ws.set(gamma)
	e, acc := ws.e, ws.acc
	limit := tol * float64(k)
	for it := 1; ; it++ {
		clear(acc)
		for i, w := range words {
			if !live[w] {
				continue
			}
			row := t.Word(w)
			dot := floats.Dot(e, row)
			if dot == 0 {
				continue // e underflowed in every topic of this word
			}
			floats.AddScaled(acc, float64(counts[i])/dot, row)
		}
		change := 0.0
		for j, g := range gamma {
			ng := alpha[j] + e[j]*acc[j]
			change += math.Abs(ng - g)
			gamma[j] = ng
		}
		ws.set(gamma)
		if it >= maxIter || change < limit {
			return it
		}
	}
}
