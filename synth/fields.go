package synth

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Zero sets to 0 a float field whose zero value means "the default" but
// for which 0 is a meaningful setting, such as Ke.PureFraction or
// Dominant.Rho; each such field says that it accepts Zero. Elsewhere a
// negative value is an error.
const Zero = -1.0

// intField sets *p to def if it is 0 and checks that it is at least lo.
func intField(name string, p *int, def, lo int) error {
	if *p == 0 {
		*p = def
	}
	if *p < lo {
		return fmt.Errorf("synth: %s = %d, want at least %d", name, *p, lo)
	}
	return nil
}

// floatField sets *p to def if it is 0, to 0 if it is Zero and zeroOK,
// and checks that it is finite and in [lo, hi].
func floatField(name string, p *float64, def float64, zeroOK bool, lo, hi float64) error {
	switch {
	case *p == 0:
		*p = def
	case *p == Zero && zeroOK:
		*p = 0
	}
	if !(*p >= lo && *p <= hi) || math.IsInf(*p, 0) {
		return fmt.Errorf("synth: %s = %v, want a number in [%g, %g]", name, *p, lo, hi)
	}
	return nil
}

// uniform returns a U(0, 1] variate: never 0.
func uniform(rng *rand.Rand) float64 { return 1 - rng.Float64() }

// errorf returns an error prefixed with "synth: ".
func errorf(format string, args ...any) error { return fmt.Errorf("synth: "+format, args...) }
