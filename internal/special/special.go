package special

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

// Trigamma returns psi'(x), the derivative of the digamma function, for x
// > 0: the recurrence psi'(x) = psi'(x+1) + 1/x^2 raises x to at least 10,
// where the asymptotic series 1/x + 1/(2x^2) + sum_n B_2n / x^(2n+1) is
// summed through the x^-11 term (about 1e-13 relative accuracy).
// Trigamma(0) is +Inf, Trigamma(+Inf) is 0, Trigamma of a negative number
// or NaN is NaN.
func Trigamma(x float64) float64 {
	switch {
	case x == 0:
		return math.Inf(1)
	case !(x > 0):
		return math.NaN()
	case math.IsInf(x, 1):
		return 0
	}
	r := 0.0
	for x < 10 {
		r += 1 / (x * x)
		x++
	}
	inv := 1 / x
	z := inv * inv
	// 1/6 - z/30 + z^2/42 - z^3/30 + 5 z^4/66
	s := z * inv * (1.0/6 - z*(1.0/30-z*(1.0/42-z*(1.0/30-z*5.0/66))))
	return r + inv + 0.5*z + s
}

// InvDigamma returns the x > 0 with psi(x) = y, by Newton's method from
// Minka's starting point ("Estimating a Dirichlet distribution", 2000,
// appendix C): x = exp(y) + 1/2 for y >= -2.22, else -1/(y - psi(1)). It
// stops at a relative step below 1e-14 or after 50 steps.
// InvDigamma(-Inf) is 0, InvDigamma(NaN) is NaN, and InvDigamma(y) is
// +Inf for y = +Inf and every y above psi(MaxFloat64), about 709.78.
func InvDigamma(y float64) float64 {
	if math.IsNaN(y) {
		return y
	}
	if math.IsInf(y, 1) {
		return y
	}
	if math.IsInf(y, -1) {
		return 0
	}
	var x float64
	switch {
	case y > 700:
		// exp(y - 1) e: Go's math.Exp gives +Inf from about 709.4 on
		// amd64, below psi(MaxFloat64) = 709.78, whose inverse is finite.
		if x = math.Exp(y-1) * math.E; math.IsInf(x, 1) {
			return x // beyond psi(MaxFloat64)
		}
	case y >= -2.22:
		x = math.Exp(y) + 0.5
	default:
		x = -1 / (y + 0.5772156649015329)
	}
	for range 50 {
		step := (Digamma(x) - y) / Trigamma(x)
		next := x - step
		if next <= 0 {
			next = x / 2 // Newton overshot below 0: halve instead
		}
		if math.Abs(next-x) <= 1e-14*x {
			return next
		}
		x = next
	}
	return x
}
