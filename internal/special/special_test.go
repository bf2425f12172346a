package special

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestDigammaKnownValues(t *testing.T) {
	// Reference values from mpmath.digamma at 30 digits.
	cases := []struct{ x, want float64 }{
		{1e-8, -100000000.57721564845},
		{0.001, -1000.5755719318103005},
		{0.1, -10.423754940411076795},
		{0.5, -1.9635100260214234794},
		{1, -0.57721566490153286061},
		{1.5, 0.036489973978576520559},
		{2, 0.42278433509846713939},
		{3.7, 1.1671535393615113859},
		{5.999, 1.7059363290792256641},
		{6, 1.7061176684318004727},
		{9.99, 2.2507003728312010995},
		{10, 2.2517525890667211076},
		{12.5, 2.4851956512749120482},
		{100, 4.6001618527380874002},
		{1e4, 9.2102903711428494036},
		{1e10, 23.02585092989045684},
	}
	for _, c := range cases {
		got := Digamma(c.x)
		if err := math.Abs(got-c.want) / math.Max(1, math.Abs(c.want)); err > 2e-14 {
			t.Errorf("Digamma(%g) = %.17g, want %.17g (error %.2g)", c.x, got, c.want, err)
		}
	}
	if !math.IsInf(Digamma(0), -1) || !math.IsNaN(Digamma(-1)) || !math.IsNaN(Digamma(math.NaN())) || !math.IsInf(Digamma(math.Inf(1)), 1) {
		t.Error("special values")
	}
}

func TestDigammaIdentities(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		x := math.Exp(rng.Float64()*20 - 8) // 3e-4 .. 6e4
		// Recurrence across the switch to the series.
		if d := Digamma(x+1) - Digamma(x) - 1/x; math.Abs(d) > 1e-13*math.Max(1, 1/x) {
			t.Fatalf("psi(x+1) - psi(x) - 1/x = %g at x = %g", d, x)
		}
		// Duplication formula: psi(2x) = (psi(x) + psi(x + 1/2))/2 + ln 2.
		if d := Digamma(2*x) - (Digamma(x)+Digamma(x+0.5))/2 - math.Ln2; math.Abs(d) > 1e-13*math.Max(1, 1/x) {
			t.Fatalf("duplication formula off by %g at x = %g", d, x)
		}
	}
}

func BenchmarkDigamma(b *testing.B) {
	xs := []float64{0.05, 0.3, 1.7, 4, 12, 150}
	s := 0.0
	for b.Loop() {
		for _, x := range xs {
			s += Digamma(x)
		}
	}
	_ = s
}

func TestTrigamma(t *testing.T) {
	pi2 := math.Pi * math.Pi
	for _, c := range []struct{ x, want float64 }{
		{1, pi2 / 6},
		{0.5, pi2 / 2},
		{2, pi2/6 - 1},
		{1.5, pi2/2 - 4},
		{10, 0.10516633568168574612},
		{1e-3, 1000001.6425332422},
		{200, 0.0050125208332291667},
	} {
		if got := Trigamma(c.x); math.Abs(got-c.want) > 1e-13*math.Max(1, c.want) {
			t.Errorf("Trigamma(%g) = %.17g, want %.17g", c.x, got, c.want)
		}
	}
	// The derivative of Digamma.
	for _, x := range []float64{0.3, 3, 9.99, 10.01, 42} {
		h := 1e-5 * x
		num := (Digamma(x+h) - Digamma(x-h)) / (2 * h)
		if math.Abs(num-Trigamma(x)) > 1e-6*Trigamma(x) {
			t.Errorf("Trigamma(%g) = %g, numerical derivative of Digamma %g", x, Trigamma(x), num)
		}
	}
	if !math.IsInf(Trigamma(0), 1) || !math.IsNaN(Trigamma(-1)) || Trigamma(math.Inf(1)) != 0 {
		t.Error("special values")
	}
}

func TestInvDigamma(t *testing.T) {
	for _, x := range []float64{1e-6, 1e-3, 0.05, 0.5, 1, 3.3, 17, 1e3, 1e7} {
		if got := InvDigamma(Digamma(x)); math.Abs(got-x) > 1e-10*x {
			t.Errorf("InvDigamma(Digamma(%g)) = %.15g", x, got)
		}
	}
	if InvDigamma(math.Inf(-1)) != 0 || !math.IsInf(InvDigamma(math.Inf(1)), 1) || !math.IsNaN(InvDigamma(math.NaN())) {
		t.Error("special values")
	}
}

// InvDigamma gave NaN from y = 709.5 on: math.Exp overflows there on
// amd64, though psi's inverse is finite up to psi(MaxFloat64) = 709.78.
func TestInvDigammaNearTheLargestFloat(t *testing.T) {
	for _, y := range []float64{700.5, 709.5, 709.78} {
		x := InvDigamma(y)
		if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(Digamma(x)-y) > 1e-12*y {
			t.Errorf("InvDigamma(%v) = %v, psi of it %v", y, x, Digamma(x))
		}
	}
	for _, y := range []float64{709.79, 1e4} {
		if x := InvDigamma(y); !math.IsInf(x, 1) {
			t.Errorf("InvDigamma(%v) = %v, want +Inf (beyond psi(MaxFloat64))", y, x)
		}
	}
}
