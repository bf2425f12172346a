package synth

import (
	"fmt"
	"math/rand/v2"
)

// OptionError reports a generator's field outside its range, or fields
// that break a constraint together (then Field is the one to change and
// Want states the constraint). Field is the Go field of the generator's
// struct, so that a caller that exposes the fields under other names (the
// command line's flags) can map it back: see Spec.Flag.
type OptionError struct {
	Generator string // the generator's registered name, e.g. "dominant"
	Field     string // the field, e.g. "Beta"
	Value     any    // the value given
	Want      string // what is allowed, e.g. "in (0, 1]"
}

func (e *OptionError) Error() string {
	return fmt.Sprintf("synth: %s: %s = %v, want %s", e.Generator, e.Field, e.Value, e.Want)
}

// maxParameter bounds the Dirichlet parameters and intensities: beyond it
// the samplers' arithmetic overflows.
const maxParameter = 1e300

// MinShape is the least Gamma or Dirichlet parameter the samplers take:
// below it the draw on the log scale, log(U)/shape, overflows to -Inf for
// every component (about 37/shape for the least U of a float64), and the
// sample is NaN. A Dirichlet at 1e-300 is a vertex of the simplex all the
// same.
const MinShape = 1e-300

// check validates the fields of one generator, keeping the first error.
type check struct {
	generator string
	err       error
}

// require records an *OptionError for field unless ok (or an earlier
// field failed). want is a format for args.
func (c *check) require(ok bool, field string, value any, want string, args ...any) {
	if !ok && c.err == nil {
		c.err = &OptionError{Generator: c.generator, Field: field, Value: value, Want: fmt.Sprintf(want, args...)}
	}
}

// atLeast requires an integer field to be at least lo.
func (c *check) atLeast(field string, v, lo int) {
	if lo == 1 {
		c.require(v >= 1, field, v, "a positive number")
	} else {
		c.require(v >= lo, field, v, "at least %d", lo)
	}
}

// docLength requires a fixed document length of at least minDocLength or
// a positive Poisson mean of at most the 1e9 Poisson samples.
func (c *check) docLength(v int, poisson bool) {
	if poisson {
		c.atLeast("DocLength", v, 1)
		c.require(float64(v) <= maxPoissonMean, "DocLength", v, "at most %g with Poisson (the sampler's largest mean)", maxPoissonMean)
	} else {
		c.atLeast("DocLength", v, minDocLength)
	}
}

// positive requires a float field to be positive and at most hi.
func (c *check) positive(field string, v, hi float64) {
	c.require(v > 0, field, v, "a positive number")
	c.require(v <= hi, field, v, "at most %g", hi)
}

// shape requires a Dirichlet parameter to be in [MinShape, maxParameter].
func (c *check) shape(field string, v float64) {
	c.positive(field, v, maxParameter)
	c.require(v >= MinShape, field, v, "at least %g", MinShape)
}

// nonNegative requires a float field to be in [0, hi].
func (c *check) nonNegative(field string, v, hi float64) {
	c.require(v >= 0, field, v, "a number >= 0")
	c.require(v <= hi, field, v, "at most %g", hi)
}

// in requires a float field to be in the interval [lo, hi], or (lo, hi]
// when lo is excluded (the interval as want writes it).
func (c *check) in(field string, v, lo, hi float64, loExcluded bool) {
	ok := v >= lo && v <= hi && !(loExcluded && v == lo)
	left := "["
	if loExcluded {
		left = "("
	}
	c.require(ok, field, v, "in %s%g, %g]", left, lo, hi)
}

// uniform returns a U(0, 1] variate: never 0.
func uniform(rng *rand.Rand) float64 { return 1 - rng.Float64() }

// productBelow reports whether k*n < v for k >= 1, n >= 0 and v >= 1 without
// forming the product, which wrapped around for an n near MaxInt and let
// a generator through to an index out of range.
func productBelow(k, n, v int) bool { return k >= 1 && n >= 0 && n <= (v-1)/k }
