package docinfer

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/floats"
)

// Topics is a K x V topic-word matrix stored word-major: the K weights of
// word w are contiguous, which is the order the per-document updates read
// them in. Build it once per model with NewTopics and share it between
// goroutines (it is read-only).
type Topics struct {
	// K is the number of topics and V the number of words.
	K, V int
	// W holds W[w*K+k] = weight of word w in topic k.
	W []float64
}

// NewTopics returns the word-major copy of rows, K rows of V weights (a
// model's Topics). The rows need not sum to 1: the variational LDA
// learner passes exp(E[log beta]) here. It returns an error if rows is
// empty or ragged or holds a negative, NaN or infinite weight. Time and
// memory O(KV).
func NewTopics(rows [][]float64) (*Topics, error) {
	if len(rows) == 0 || len(rows[0]) == 0 {
		return nil, fmt.Errorf("no topics or no words")
	}
	k, v := len(rows), len(rows[0])
	t := &Topics{K: k, V: v, W: make([]float64, k*v)}
	for j, row := range rows {
		if len(row) != v {
			return nil, fmt.Errorf("topic %d has %d weights, topic 0 has %d", j, len(row), v)
		}
		for w, x := range row {
			if !(x >= 0) || math.IsInf(x, 1) {
				return nil, fmt.Errorf("topic %d word %d: invalid weight %v", j, w, x)
			}
			t.W[w*k+j] = x
		}
	}
	return t, nil
}

// Word returns the K weights of word w (aliasing t).
func (t *Topics) Word(w int32) []float64 {
	return t.W[int(w)*t.K : int(w)*t.K+t.K]
}

// Workspace holds the scratch memory of VBDocument and GibbsDocument for
// one goroutine; reusing it across documents avoids allocation. The zero
// value is not usable: create it with NewWorkspace.
type Workspace struct {
	k       int
	expElog []float64 // exp(psi(gamma_k) - max_j psi(gamma_j)), for the last gamma of VBDocument
	acc     []float64
	old     []float64
	cum     []float64
	nk      []float64
	tokens  []int32
	z       []int32
	rows    []float64 // the rows of a document's words, contiguous
	cnt     []float64 // their counts
}

// NewWorkspace returns a workspace for k topics.
func NewWorkspace(k int) *Workspace {
	return &Workspace{
		k:       k,
		expElog: make([]float64, k),
		acc:     make([]float64, k),
		old:     make([]float64, k),
		cum:     make([]float64, k),
		nk:      make([]float64, k),
	}
}

// DocSeed returns the two PCG seed words of document d's random stream
// under seed: seed itself and d scrambled by the SplitMix64 finaliser, so
// that nearby documents get unrelated streams. Packages drawing
// per-document random choices use it with their own seed (or the seed
// XORed with a stream constant of their own).
func DocSeed(seed uint64, d int) (uint64, uint64) {
	z := uint64(d) + 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return seed, z ^ (z >> 31)
}

func anyPositive(x []float64) bool {
	for _, v := range x {
		if v > 0 {
			return true
		}
	}
	return false
}

// Normalise scales x to sum 1 (multiplying by the reciprocal of the sum);
// x must have a positive, finite sum. A subnormal sum (below about
// 5.6e-309), whose reciprocal overflows to +Inf, is handled by scaling x
// by 2^600 first, which is exact, then dividing by the sum: alpha [1e-320,
// 1e-320], which a model may hold, gave +Inf weights.
func Normalise(x []float64) {
	s := floats.Sum(x)
	if inv := 1 / s; !math.IsInf(inv, 1) || s == 0 {
		floats.Scale(inv, x)
		return
	}
	floats.Scale(0x1p600, x)
	s = floats.Sum(x)
	for i := range x {
		x[i] /= s
	}
}
