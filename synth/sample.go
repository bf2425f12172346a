package synth

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Gamma returns a sample of the Gamma(shape, 1) distribution, by the method
// of Marsaglia and Tsang (2000); for shape < 1 it samples Gamma(shape+1)
// and multiplies by U^(1/shape), U uniform on (0, 1]. For very small shapes
// the result may underflow to 0; Dirichlet works on logarithms and does not
// suffer from this. It panics if shape is not positive and finite.
func Gamma(rng *rand.Rand, shape float64) float64 {
	checkShape(shape, math.SmallestNonzeroFloat64)
	if shape >= 1 {
		return marsagliaTsang(rng, shape)
	}
	return math.Exp(logGamma(rng, shape))
}

// logGamma returns the logarithm of a Gamma(shape, 1) sample; shape > 0.
func logGamma(rng *rand.Rand, shape float64) float64 {
	if shape >= 1 {
		return math.Log(marsagliaTsang(rng, shape))
	}
	return math.Log(marsagliaTsang(rng, shape+1)) + math.Log(1-rng.Float64())/shape
}

// marsagliaTsang samples Gamma(shape, 1) for shape >= 1.
func marsagliaTsang(rng *rand.Rand, shape float64) float64 {
	d := shape - 1.0/3
	c := 1 / math.Sqrt(9*d)
	for {
		x := rng.NormFloat64()
		v := 1 + c*x
		if v <= 0 {
			continue
		}
		v = v * v * v
		u := rng.Float64()
		x2 := x * x
		if u < 1-0.0331*x2*x2 || math.Log(u) < 0.5*x2+d*(1-v+math.Log(v)) {
			return d * v
		}
	}
}

// checkShape panics unless a is finite and at least least.
func checkShape(a, least float64) {
	if !(a >= least) || math.IsInf(a, 1) {
		panic(fmt.Sprintf("synth: Gamma or Dirichlet parameter %v is not finite and at least %g", a, least))
	}
}

// Dirichlet fills dst with a sample of the Dirichlet distribution with
// parameters alpha: dst sums to 1. It draws independent Gamma(alpha[i])
// variables on the log scale and normalises them, so that parameters far
// below 1 (down to 1e-3 and less) give sparse samples rather than 0/0.
// It panics if len(dst) != len(alpha), if alpha is empty, or if an entry
// of alpha is not finite and at least MinShape.
func Dirichlet(rng *rand.Rand, dst, alpha []float64) {
	if len(dst) != len(alpha) {
		panic(fmt.Sprintf("synth: Dirichlet: len(dst) = %d, len(alpha) = %d", len(dst), len(alpha)))
	}
	for _, a := range alpha {
		checkShape(a, MinShape)
	}
	dirichlet(rng, dst, func(i int) float64 { return alpha[i] })
}

// SymmetricDirichlet fills dst with a sample of the symmetric Dirichlet
// distribution with every parameter alpha, as Dirichlet does. It panics if
// dst is empty or alpha is not finite and at least MinShape.
func SymmetricDirichlet(rng *rand.Rand, dst []float64, alpha float64) {
	checkShape(alpha, MinShape)
	dirichlet(rng, dst, func(int) float64 { return alpha })
}

// dirichlet fills dst with a Dirichlet sample with parameters alpha(i).
func dirichlet(rng *rand.Rand, dst []float64, alpha func(int) float64) {
	if len(dst) == 0 {
		panic("synth: Dirichlet of dimension 0")
	}
	top := math.Inf(-1)
	for i := range dst {
		dst[i] = logGamma(rng, alpha(i))
		top = max(top, dst[i])
	}
	sum := 0.0
	for i, l := range dst {
		dst[i] = math.Exp(l - top)
		sum += dst[i]
	}
	for i := range dst {
		dst[i] /= sum
	}
}

// poissonInversionMax is the largest mean sampled by inversion; larger
// means use PTRS.
const poissonInversionMax = 10

// maxPoissonMean is the largest mean Poisson accepts.
const maxPoissonMean = 1e9

// Poisson returns a sample of the Poisson distribution with the given mean.
// Means below 10 are sampled by sequential inversion of one uniform (O(mean)
// time); larger means by the transformed rejection method PTRS of Hörmann
// (1993), in O(1) expected time. It panics if mean is negative, NaN or
// above 1e9.
func Poisson(rng *rand.Rand, mean float64) int {
	if !(mean >= 0 && mean <= maxPoissonMean) {
		panic(fmt.Sprintf("synth: Poisson mean %v outside [0, %g]", mean, maxPoissonMean))
	}
	if mean < poissonInversionMax {
		return poissonInversion(rng, mean)
	}
	return poissonPTRS(rng, mean)
}

// poissonInversion walks the cumulative distribution until it passes a
// uniform variate.
func poissonInversion(rng *rand.Rand, mean float64) int {
	u := rng.Float64()
	k, p := 0, math.Exp(-mean)
	cdf := p
	for u >= cdf && p > 0 {
		k++
		p *= mean / float64(k)
		cdf += p
	}
	return k
}

// poissonPTRS is Hörmann's transformed rejection with squeeze, for
// mean >= 10 ("The transformed rejection method for generating Poisson
// random variables", Insurance: Mathematics and Economics 12, 1993).
func poissonPTRS(rng *rand.Rand, mean float64) int {
	logMean := math.Log(mean)
	b := 0.931 + 2.53*math.Sqrt(mean)
	a := -0.059 + 0.02483*b
	logInvAlpha := math.Log(1.1239 + 1.1328/(b-3.4))
	vr := 0.9277 - 3.6224/(b-2)
	for {
		u := rng.Float64() - 0.5
		v := rng.Float64()
		us := 0.5 - math.Abs(u)
		k := math.Floor((2*a/us+b)*u + mean + 0.43)
		if us >= 0.07 && v <= vr {
			return int(k)
		}
		if k < 0 || (us < 0.013 && v > us) {
			continue
		}
		lg, _ := math.Lgamma(k + 1)
		if math.Log(v)+logInvAlpha-math.Log(a/(us*us)+b) <= -mean+k*logMean-lg {
			return int(k)
		}
	}
}

// Alias samples indices from a fixed discrete distribution in O(1) time
// per sample, by Walker's alias method (Vose's construction, O(n) set-up).
// It is read-only once built and safe for concurrent use.
type Alias struct {
	prob  []float64 // probability of keeping slot i rather than its alias
	alias []int32
}

// NewAlias returns an Alias that samples index i with probability
// proportional to weights[i]; zero weights are never sampled. It panics if
// weights is empty or longer than 2^31-1, or if a weight is negative or not
// finite, or if all weights are zero.
func NewAlias(weights []float64) *Alias {
	n := len(weights)
	if n == 0 || n > math.MaxInt32 {
		panic(fmt.Sprintf("synth: NewAlias of %d weights", n))
	}
	total := 0.0
	for i, w := range weights {
		if !(w >= 0) || math.IsInf(w, 1) {
			panic(fmt.Sprintf("synth: NewAlias: weight %d is %v", i, w))
		}
		total += w
	}
	if total == 0 {
		panic("synth: NewAlias: all weights are zero")
	}
	a := &Alias{prob: make([]float64, n), alias: make([]int32, n)}
	a.build(weights, float64(n)/total)
	return a
}

// build runs Vose's method on weights scaled by scale (mean 1).
func (a *Alias) build(weights []float64, scale float64) {
	var small, large []int32
	for i, w := range weights {
		a.prob[i] = w * scale
		if a.prob[i] < 1 {
			small = append(small, int32(i))
		} else {
			large = append(large, int32(i))
		}
	}
	for len(small) > 0 && len(large) > 0 {
		s, l := small[len(small)-1], large[len(large)-1]
		small = small[:len(small)-1]
		a.alias[s] = l
		a.prob[l] -= 1 - a.prob[s]
		if a.prob[l] < 1 {
			large = large[:len(large)-1]
			small = append(small, l)
		}
	}
	// What is left is 1 up to rounding.
	for _, i := range append(small, large...) {
		a.prob[i] = 1
		a.alias[i] = i
	}
}

// Len returns the number of indices n; samples are in [0, n).
func (a *Alias) Len() int { return len(a.prob) }

// Sample returns an index drawn from the distribution.
func (a *Alias) Sample(rng *rand.Rand) int {
	i := rng.IntN(len(a.prob))
	if rng.Float64() < a.prob[i] {
		return i
	}
	return int(a.alias[i])
}

// Mixture samples the tokens of documents from K fixed topics over V
// words: each token draws a topic from the document's weights, then a word
// from that topic. A Mixture holds scratch space and is not safe for
// concurrent use.
type Mixture struct {
	topics []*Alias
	cum    []float64 // cumulative topic weights of the current document
	last   int       // last topic of positive weight in the current document
	v      int
}

// NewMixture returns a Mixture over the K x V matrix topics (row k is the
// unnormalised word distribution of topic k). It takes O(KV) time. It
// panics if topics is empty, ragged, or a row is not a valid NewAlias
// argument.
func NewMixture(topics [][]float64) *Mixture {
	if len(topics) == 0 {
		panic("synth: NewMixture with no topics")
	}
	m := &Mixture{topics: make([]*Alias, len(topics)), cum: make([]float64, len(topics)), v: len(topics[0])}
	for k, row := range topics {
		if len(row) != m.v {
			panic(fmt.Sprintf("synth: NewMixture: topic %d has %d words, topic 0 has %d", k, len(row), m.v))
		}
		m.topics[k] = NewAlias(row)
	}
	return m
}

// Tokens appends to dst the word indices of n tokens drawn from the
// mixture with topic weights theta (length K, non-negative, unnormalised,
// not all zero) and returns the extended slice. Each token takes O(log K)
// time. It panics if len(theta) != K or theta is invalid.
func (m *Mixture) Tokens(rng *rand.Rand, dst []int32, theta []float64, n int) []int32 {
	m.setWeights(theta)
	total := m.cum[m.last]
	for range n {
		k := m.topic(rng.Float64() * total)
		dst = append(dst, int32(m.topics[k].Sample(rng)))
	}
	return dst
}

// topic returns the first topic whose cumulative weight exceeds u, or the
// last topic of positive weight if rounding put u at the total.
func (m *Mixture) topic(u float64) int {
	lo, hi := 0, m.last
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if m.cum[mid] > u {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}

// setWeights stores the cumulative sums of theta.
func (m *Mixture) setWeights(theta []float64) {
	if len(theta) != len(m.topics) {
		panic(fmt.Sprintf("synth: Mixture of %d topics given %d weights", len(m.topics), len(theta)))
	}
	s := 0.0
	for k, w := range theta {
		if !(w >= 0) || math.IsInf(w, 1) {
			panic(fmt.Sprintf("synth: Mixture: topic weight %d is %v", k, w))
		}
		s += w
		m.cum[k] = s
		if w > 0 {
			m.last = k
		}
	}
	if s == 0 {
		panic("synth: Mixture: all topic weights are zero")
	}
}
