package infer

import "math"

// Digamma returns psi(x) = d/dx ln Gamma(x) for x > 0, to about 1e-14
// relative accuracy: the recurrence psi(x) = psi(x+1) - 1/x raises x to at
// least 10, where the asymptotic series
//
//	psi(x) ~ ln x - 1/(2x) - sum_{n>=1} B_2n / (2n x^2n)
//
// is summed through the x^-12 term (B_2n the Bernoulli numbers; the first
// omitted term is below 1e-14 at x = 10). Digamma(0) is -Inf; Digamma of a
// negative number or NaN is NaN; Digamma(+Inf) is +Inf.
//
// It costs one logarithm and, for x < 10, up to 10 divisions. Very small x
// are exact to rounding: psi(x) = -1/x - gamma + O(x).
func Digamma(x float64) float64 {
	switch {
	case x == 0:
		return math.Inf(-1)
	case !(x > 0):
		return math.NaN()
	case math.IsInf(x, 1):
		return x
	}
	r := 0.0
	for x < 10 {
		r -= 1 / x
		x++
	}
	inv := 1 / x
	z := inv * inv
	// Horner form of the Bernoulli terms in z = x^-2:
	// 1/12 - z/120 + z^2/252 - z^3/240 + z^4/132 - 691 z^5/32760.
	s := z * (1.0/12 - z*(1.0/120-z*(1.0/252-z*(1.0/240-z*(1.0/132-z*(691.0/32760))))))
	return r + math.Log(x) - 0.5*inv - s
}
