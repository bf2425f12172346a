package report

import (
	"fmt"
	"math"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/topn"
	"github.com/hulltopics/hull/model"
)

// ZeroShare is the share a topic of share 0 counts for in Marginal, so
// that the lift of its words stays finite.
const ZeroShare = 1e-12

// Relevance returns the relevance of a word to a topic (Sievert and
// Shirley 2014), lambda log p(w|z) + (1 - lambda) log(p(w|z) / p(w)), from
// logPwz = log p(w|z) and logPw = log p(w). lambda = 1 ranks the words by
// p(w|z), lambda = 0 by their lift p(w|z) / p(w). The report's page
// computes it with the same floating-point operations in the same order,
// so its ranking and TopRelevant's agree exactly.
func Relevance(logPwz, logPw, lambda float64) float64 {
	// The conversions forbid a fused multiply-add, which JavaScript never
	// uses.
	return float64(lambda*logPwz) + float64((1-lambda)*(logPwz-logPw))
}

// Marginal returns p(w) = sum_k share[k] p(w|z=k), the share of the tokens
// of each word under the topics of m weighted by share (see TokenShares),
// a topic of share 0 counting for ZeroShare. It panics if len(share) is
// not m.K. Time O(K V).
func Marginal(m *model.Model, share []float64) []float64 {
	if len(share) != m.K {
		panic(fmt.Sprintf("report: Marginal: %d shares for K = %d", len(share), m.K))
	}
	pw := make([]float64, len(m.Vocab))
	for k, row := range m.Topics {
		s := share[k]
		if s == 0 {
			s = ZeroShare
		}
		for w, p := range row {
			pw[w] += s * p
		}
	}
	return pw
}

// TokenShares returns p(z), each topic's share of the tokens of docs
// given their topic weights theta (one row of K weights per document, as
// infer.Infer returns them): sum_d n_d theta[d][k] / sum_d n_d, n_d being
// the length of document d, for k topics. Without tokens every topic gets
// 1/k. It panics if theta does not have a row per document.
func TokenShares(docs *corpus.Corpus, theta [][]float64, k int) []float64 {
	if len(theta) != docs.NumDocs() {
		panic(fmt.Sprintf("report: TokenShares: %d rows of weights for %d documents", len(theta), docs.NumDocs()))
	}
	share := make([]float64, k)
	total := 0.0
	for d, row := range theta {
		n := float64(docs.DocLen(d))
		for j, x := range row {
			share[j] += n * x
		}
		total += n
	}
	for j := range share {
		if total > 0 {
			share[j] /= total
		} else {
			share[j] = 1 / float64(k)
		}
	}
	return share
}

// TopRelevant returns the n words of topic k of m most relevant at lambda
// (Relevance), most relevant first, ties to the lower word index; pw is
// p(w) (Marginal). Words of p(w|z) = 0 are never returned, so fewer than n
// may be. Time O(V log n). It panics if k is not a topic of m or pw is
// not one weight per word (programming errors: HTML checks its input).
func TopRelevant(m *model.Model, pw []float64, k int, lambda float64, n int) []int {
	row := m.Topics[k]
	var nz []int
	var a, lpw []float64
	for w, p := range row {
		if p > 0 {
			nz = append(nz, w)
			a = append(a, math.Log(p))
			lpw = append(lpw, logMarginal(pw[w]))
		}
	}
	pos := topn.Indices(len(nz), n, func(i int) float64 { return Relevance(a[i], lpw[i], lambda) })
	out := make([]int, len(pos))
	for i, p := range pos {
		out[i] = nz[p]
	}
	return out
}

// logMarginal returns log p(w), of the smallest positive float64 for a
// p(w) that underflowed to 0, so that relevance stays finite.
func logMarginal(pw float64) float64 { return math.Log(max(pw, math.SmallestNonzeroFloat64)) }

// Slider steps: the page's lambda slider moves by 1/sliderSteps, and the
// candidates are the top words at each of its positions.
const (
	sliderSteps = 100
	coarseSteps = 10
)

// relevanceCandidates returns the positions i (into a and lpw, the
// log p(w|z) and log p(w) of a topic's words of nonzero probability,
// sorted by word index) of every word among the n most relevant at some
// position lambda = j/100 of the slider: the union of those top lists,
// computed exactly without ranking all words 101 times.
//
// The top n at the 11 positions j/10 give a set S; theta(lambda), the n-th
// relevance within S, is at most the n-th over all words. A word's
// relevance is linear in lambda, so over [j/10, (j+1)/10] it is largest
// at an end: a word whose relevance at both ends is below the smallest
// theta of the slider positions in between is in no top list there. The
// top lists at the 101 positions are then taken among the words left.
// Time O(11 V log n) plus O(101 F log n) for the F words left.
func relevanceCandidates(a, lpw []float64, n int) []int {
	if len(a) <= n {
		all := make([]int, len(a))
		for i := range all {
			all[i] = i
		}
		return all
	}
	rel := func(i int, lambda float64) float64 { return Relevance(a[i], lpw[i], lambda) }
	lambdaAt := func(j int) float64 { return float64(j) / sliderSteps }
	inS := map[int]bool{}
	for j := 0; j <= sliderSteps; j += sliderSteps / coarseSteps {
		for _, i := range topn.Indices(len(a), n, func(i int) float64 { return rel(i, lambdaAt(j)) }) {
			inS[i] = true
		}
	}
	s := make([]int, 0, len(inS))
	for i := range inS {
		s = append(s, i)
	}
	theta := make([]float64, sliderSteps+1)
	for j := range theta {
		top := topn.Indices(len(s), n, func(q int) float64 { return rel(s[q], lambdaAt(j)) })
		theta[j] = rel(s[top[len(top)-1]], lambdaAt(j))
	}
	step := sliderSteps / coarseSteps
	low := make([]float64, coarseSteps) // the lowest theta over each interval
	for c := range low {
		low[c] = math.Inf(1)
		for _, t := range theta[c*step : (c+1)*step+1] {
			low[c] = min(low[c], t)
		}
		low[c] -= 1e-9 * (1 + math.Abs(low[c])) // rounding makes the relevance not quite linear
	}
	var f []int
	for i := range a {
		prev := rel(i, 0)
		for c := range low {
			next := rel(i, lambdaAt((c+1)*step))
			if max(prev, next) >= low[c] {
				f = append(f, i)
				break
			}
			prev = next
		}
	}
	union := map[int]bool{}
	for j := 0; j <= sliderSteps; j++ {
		for _, q := range topn.Indices(len(f), n, func(q int) float64 { return rel(f[q], lambdaAt(j)) }) {
			union[f[q]] = true
		}
	}
	out := make([]int, 0, len(union))
	for i := range union {
		out = append(out, i)
	}
	return out
}
