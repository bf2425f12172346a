package lda

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/hulltopics/hull/synth"
)

// dirichletSample draws n Dirichlet(alpha) vectors and returns sum_d log
// theta_dk.
func dirichletLogs(alpha []float64, n int, seed uint64) []float64 {
	rng := rand.New(rand.NewPCG(seed, 1))
	theta := make([]float64, len(alpha))
	sum := make([]float64, len(alpha))
	for range n {
		synth.Dirichlet(rng, theta, alpha)
		for k, x := range theta {
			sum[k] += math.Log(max(x, 1e-300))
		}
	}
	return sum
}

// lda-c's Newton estimate and Minka's fixed point recover the parameters
// of Dirichlet samples.
func TestAlphaEstimatesFromSamples(t *testing.T) {
	const n = 20000
	sym := []float64{0.3, 0.3, 0.3, 0.3, 0.3}
	ss := 0.0
	for _, s := range dirichletLogs(sym, n, 1) {
		ss += s
	}
	if a := symmetricAlphaNewton(ss, n, len(sym)); math.Abs(a-0.3) > 0.01 {
		t.Errorf("symmetric estimate %v, want 0.3", a)
	}
	want := []float64{2, 0.5, 0.2, 0.1}
	logs := dirichletLogs(want, n, 2)
	for k := range logs {
		logs[k] /= n
	}
	got := asymmetricAlphaFixedPoint([]float64{1, 1, 1, 1}, logs)
	for k := range want {
		if math.Abs(got[k]-want[k]) > 0.05*want[k] {
			t.Errorf("asymmetric estimate %v, want %v", got, want)
			break
		}
	}
}

// The histogram fixed points recover the parameters of Dirichlet-
// multinomial counts: documents of 50 tokens with weights from
// Dirichlet(alpha) (alpha), and topic-word counts from a symmetric
// Dirichlet(beta) (beta).
func TestHistogramFixedPoints(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	want := []float64{0.6, 0.3, 0.1}
	const docs, length = 5000, 50
	topicHists := make([][]int64, len(want))
	for k := range topicHists {
		topicHists[k] = make([]int64, length+1)
	}
	lens := make([]int64, length+1)
	theta := make([]float64, len(want))
	for range docs {
		synth.Dirichlet(rng, theta, want)
		counts := make([]int, len(want))
		for range length {
			u, k := rng.Float64(), 0
			for k < len(theta)-1 && u >= theta[k] {
				u -= theta[k]
				k++
			}
			counts[k]++
		}
		for k, c := range counts {
			topicHists[k][c]++
		}
		lens[length]++
	}
	hists := make([]countHist, len(want))
	for k := range hists {
		hists[k] = sparseHist(topicHists[k])
	}
	alpha := []float64{1, 1, 1}
	optimizeAlphaHist(alpha, hists, sparseHist(lens), 500)
	for k := range want {
		if math.Abs(alpha[k]-want[k]) > 0.06*want[k] {
			t.Errorf("alpha %v, want %v", alpha, want)
			break
		}
	}

	// beta: 20 topics of 2,000 tokens over 500 words from Dirichlet(0.05).
	const v, topics, size = 500, 20, 2000
	phi := make([]float64, v)
	countHistD := make([]int64, size+1)
	sizes := make([]int64, size+1)
	for range topics {
		synth.SymmetricDirichlet(rng, phi, 0.05)
		counts := make([]int, v)
		mix := synth.NewAlias(phi)
		for range size {
			counts[mix.Sample(rng)]++
		}
		for _, c := range counts {
			countHistD[c]++
		}
		sizes[size]++
	}
	if b := optimizeBetaHist(0.01, v, sparseHist(countHistD), sparseHist(sizes), 200); math.Abs(b-0.05) > 0.005 {
		t.Errorf("beta %v, want 0.05", b)
	}
}
