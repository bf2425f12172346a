package synth

import (
	"math"
	"math/rand/v2"
	"testing"
)

const nSamples = 200000

// moments returns the sample mean and variance of n draws of f.
func moments(n int, f func() float64) (mean, variance float64) {
	var s, s2 float64
	for range n {
		x := f()
		s += x
		s2 += x * x
	}
	mean = s / float64(n)
	return mean, (s2 - float64(n)*mean*mean) / float64(n-1)
}

// checkMoments fails t unless the sample mean and variance of n draws of f
// are within 5 standard errors of mean and variance; kurtosis is the
// distribution's excess kurtosis (for the standard error of the variance).
func checkMoments(t *testing.T, name string, f func() float64, mean, variance, kurtosis float64) {
	t.Helper()
	m, v := moments(nSamples, f)
	seMean := math.Sqrt(variance / nSamples)
	seVar := variance * math.Sqrt((2+kurtosis)/nSamples)
	if math.Abs(m-mean) > 5*seMean {
		t.Errorf("%s: mean %.5g, want %.5g (se %.2g)", name, m, mean, seMean)
	}
	if math.Abs(v-variance) > 5*seVar {
		t.Errorf("%s: variance %.5g, want %.5g (se %.2g)", name, v, variance, seVar)
	}
}

func TestGammaMoments(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, a := range []float64{0.05, 0.3, 1, 2.5, 50} {
		checkMoments(t, "Gamma", func() float64 { return Gamma(rng, a) }, a, a, 6/a)
	}
}

func TestDirichletMoments(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	alpha := []float64{0.5, 1, 2, 3.5}
	a0 := 7.0 // sum of alpha
	x := make([]float64, len(alpha))
	draws := make([][]float64, nSamples/4)
	for d := range draws {
		Dirichlet(rng, x, alpha)
		draws[d] = append([]float64(nil), x...)
		checkSimplex(t, x)
	}
	for i, a := range alpha {
		mean := a / a0
		variance := a * (a0 - a) / (a0 * a0 * (a0 + 1))
		m, v := 0.0, 0.0
		for _, d := range draws {
			m += d[i]
		}
		m /= float64(len(draws))
		for _, d := range draws {
			v += (d[i] - m) * (d[i] - m)
		}
		v /= float64(len(draws) - 1)
		if se := math.Sqrt(variance / float64(len(draws))); math.Abs(m-mean) > 5*se {
			t.Errorf("component %d: mean %.5g, want %.5g", i, m, mean)
		}
		// Marginals are Beta: bounded, so a relative 3% is many standard errors.
		if math.Abs(v-variance) > 0.03*variance {
			t.Errorf("component %d: variance %.5g, want %.5g", i, v, variance)
		}
	}
}

func checkSimplex(t *testing.T, x []float64) {
	t.Helper()
	s := 0.0
	for _, v := range x {
		if !(v >= 0) {
			t.Fatalf("Dirichlet sample %v has a negative or NaN entry", x)
		}
		s += v
	}
	if math.Abs(s-1) > 1e-12 {
		t.Fatalf("Dirichlet sample sums to %v", s)
	}
}

func TestSymmetricDirichletSmallAlpha(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	const k, alpha, n = 5, 0.001, 20000
	x := make([]float64, k)
	mean := make([]float64, k)
	sparse := 0
	for range n {
		SymmetricDirichlet(rng, x, alpha)
		checkSimplex(t, x)
		for i, v := range x {
			mean[i] += v / n
		}
		if max(x[0], x[1], x[2], x[3], x[4]) > 0.999 {
			sparse++
		}
	}
	for i, m := range mean {
		// Each mean is ~Bernoulli(1/5)-like: se about 0.4/sqrt(n) = 0.003.
		if math.Abs(m-1.0/k) > 0.015 {
			t.Errorf("component %d: mean %.4f, want %.4f", i, m, 1.0/k)
		}
	}
	if sparse < n*95/100 {
		t.Errorf("only %d of %d samples with alpha = %v put more than 0.999 on one component", sparse, n, alpha)
	}
	// Gamma below MinShape underflows to 0, as its doc says; only the
	// Dirichlet's normalisation needs the floor.
	if g := Gamma(rng, 1e-320); g != 0 {
		t.Errorf("Gamma(1e-320) = %v, want 0 (underflow)", g)
	}
	// At MinShape every sample is a vertex, and none is NaN.
	for range 1000 {
		SymmetricDirichlet(rng, x, MinShape)
		checkSimplex(t, x)
		if max(x[0], x[1], x[2], x[3], x[4]) != 1 {
			t.Fatalf("alpha = MinShape: %v, want a vertex", x)
		}
	}
}

func TestPoissonMoments(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for _, mean := range []float64{0.5, 3, 9.99, 10, 30, 60, 1000, 1e4} {
		checkMoments(t, "Poisson", func() float64 { return float64(Poisson(rng, mean)) }, mean, mean, 1/mean)
	}
	if k := Poisson(rng, 0); k != 0 {
		t.Errorf("Poisson(0) = %d", k)
	}
}

// TestPoissonPMF compares the empirical distribution with the exact one by
// a chi-square statistic, on both sides of the inversion/PTRS switch.
func TestPoissonPMF(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for _, mean := range []float64{4, 12, 45} {
		counts := map[int]int{}
		for range nSamples {
			counts[Poisson(rng, mean)]++
		}
		chi2, df := 0.0, -1
		for k := 0; k < int(5*mean)+20; k++ {
			lg, _ := math.Lgamma(float64(k) + 1)
			want := nSamples * math.Exp(-mean+float64(k)*math.Log(mean)-lg)
			if want < 20 {
				continue // the sparse tails: accounted for by the moments test
			}
			d := float64(counts[k]) - want
			chi2 += d * d / want
			df++
		}
		if limit := float64(df) + 5*math.Sqrt(2*float64(df)); chi2 > limit {
			t.Errorf("Poisson(%v): chi-square %.1f on %d df, limit %.1f", mean, chi2, df, limit)
		}
	}
}

func TestAlias(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	w := []float64{1, 2, 3, 0, 4, 0.01}
	a := NewAlias(w)
	if a.Len() != len(w) {
		t.Fatalf("Len = %d", a.Len())
	}
	counts := make([]int, len(w))
	for range nSamples {
		counts[a.Sample(rng)]++
	}
	checkFrequencies(t, "alias", counts, w)
	if counts[3] != 0 {
		t.Errorf("zero-weight index sampled %d times", counts[3])
	}
}

// checkFrequencies fails t unless every count is within 5 binomial
// standard errors (plus 1) of its share of weights.
func checkFrequencies(t *testing.T, name string, counts []int, weights []float64) {
	t.Helper()
	n, total := 0, 0.0
	for i := range counts {
		n += counts[i]
		total += weights[i]
	}
	for i, c := range counts {
		p := weights[i] / total
		want := float64(n) * p
		if se := math.Sqrt(float64(n) * p * (1 - p)); math.Abs(float64(c)-want) > 5*se+1 {
			t.Errorf("%s: index %d drawn %d times, expected %.1f (se %.1f)", name, i, c, want, se)
		}
	}
}

func TestMixtureTokens(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	topics := [][]float64{
		{1, 1, 0, 0, 2},
		{0, 0, 5, 1, 0},
		{3, 0, 0, 0, 0}, // weight 0 below: must never be drawn
	}
	theta := []float64{0.25, 0.75, 0}
	// Expected word distribution: sum_k theta_k topics_k / |topics_k|.
	want := []float64{0.25 / 4, 0.25 / 4, 0.75 * 5 / 6, 0.75 / 6, 0.25 * 2 / 4}
	m := NewMixture(topics)
	tokens := m.Tokens(rng, nil, theta, nSamples)
	if len(tokens) != nSamples {
		t.Fatalf("%d tokens, want %d", len(tokens), nSamples)
	}
	counts := make([]int, len(want))
	for _, w := range tokens {
		counts[w]++
	}
	checkFrequencies(t, "mixture", counts, want)
}

func TestSamplerPanics(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	cases := map[string]func(){
		"Gamma(0)":             func() { Gamma(rng, 0) },
		"Gamma(NaN)":           func() { Gamma(rng, math.NaN()) },
		"Dirichlet length":     func() { Dirichlet(rng, make([]float64, 2), []float64{1}) },
		"Dirichlet empty":      func() { Dirichlet(rng, nil, nil) },
		"Dirichlet negative":   func() { Dirichlet(rng, make([]float64, 2), []float64{1, -1}) },
		"SymmetricDirichlet 0": func() { SymmetricDirichlet(rng, make([]float64, 2), 0) },
		"below MinShape":       func() { SymmetricDirichlet(rng, make([]float64, 2), 1e-320) },
		"Poisson(-1)":          func() { Poisson(rng, -1) },
		"Poisson(NaN)":         func() { Poisson(rng, math.NaN()) },
		"Poisson(Inf)":         func() { Poisson(rng, math.Inf(1)) },
		"NewAlias empty":       func() { NewAlias(nil) },
		"NewAlias zeros":       func() { NewAlias([]float64{0, 0}) },
		"NewAlias negative":    func() { NewAlias([]float64{1, -1}) },
		"NewMixture ragged":    func() { NewMixture([][]float64{{1, 2}, {1}}) },
		"Tokens theta length":  func() { NewMixture([][]float64{{1}}).Tokens(rng, nil, []float64{1, 1}, 1) },
	}
	for name, f := range cases {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s did not panic", name)
				}
			}()
			f()
		}()
	}
}
