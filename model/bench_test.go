package model

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// BenchmarkTopWords ranks the 10 top words of every topic of a K = 100
// model over the 14,036 words of the benchmark corpora (docs/BENCHMARKS.md),
// as the health and the learners' rules do.
func BenchmarkTopWords(b *testing.B) {
	const k, v = 100, 14036
	rng := rand.New(rand.NewPCG(1, 1))
	m := &Model{K: k, Vocab: make([]string, v), Topics: make([][]float64, k)}
	for w := range m.Vocab {
		m.Vocab[w] = strconv.Itoa(w)
	}
	for t := range m.Topics {
		m.Topics[t] = make([]float64, v)
		for w := range m.Topics[t] {
			m.Topics[t][w] = rng.ExpFloat64() * rng.ExpFloat64()
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		for t := range k {
			m.TopWords(t, 10)
		}
	}
}
