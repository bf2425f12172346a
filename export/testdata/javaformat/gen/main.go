// Command gen prints the bits of the doubles scripts/java-formats.sh
// formats with Java (J.java) and hull's export package, in hex, one per
// line: specials, then seeded samples over the whole range, around the
// alphas LDA uses, short decimals, near-ties at the fifth fraction digit
// and subnormals.
package main

import (
	"fmt"
	"math"
	"math/rand/v2"
)

func main() {
	r := rand.New(rand.NewPCG(26, 1))
	emit := func(x float64) { fmt.Printf("%016x\n", math.Float64bits(x)) }
	for _, x := range []float64{0, 1, 1e23, 2e23, 5e-324, 1e-323, 2.5e-323, math.MaxFloat64, 0.000005, 4.35e-311, 1e22, 9007199254740993, 0.1, 0.5, 43967627771292.945} {
		emit(x)
	}
	for range 100000 { // log-uniform over the whole range
		emit(math.Float64frombits(r.Uint64() &^ (1 << 63)))
	}
	for range 100000 { // alphas people use, and around
		emit(math.Exp(r.Float64()*40 - 20))
	}
	for range 50000 { // short decimals
		emit(float64(r.IntN(10000000)) / math.Pow(10, float64(r.IntN(12))))
	}
	for range 50000 { // near ties at the fifth fraction digit
		emit((float64(r.IntN(100000000))*10 + 5) / 1e6 * math.Pow(10, float64(r.IntN(8))))
	}
	for range 50000 { // subnormals and tiny
		emit(math.Float64frombits(r.Uint64N(1 << 54)))
	}
}
