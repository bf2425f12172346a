package docinfer

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hulltopics/hull/synth"
)

// testTopics returns k topics over v words drawn from a symmetric
// Dirichlet(0.05), and a document of n tokens drawn from the mixture
// theta, as distinct words and their counts.
func testTopics(t *testing.T, k, v, n int, theta []float64, seed uint64) (rows [][]float64, tp *Topics, words, counts []int32) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 99))
	rows = make([][]float64, k)
	for j := range rows {
		rows[j] = make([]float64, v)
		synth.SymmetricDirichlet(rng, rows[j], 0.05)
	}
	tp, err := NewTopics(rows)
	if err != nil {
		t.Fatal(err)
	}
	tokens := synth.NewMixture(rows).Tokens(rng, nil, theta, n)
	slices.Sort(tokens)
	for i := 0; i < len(tokens); {
		j := i
		for j < len(tokens) && tokens[j] == tokens[i] {
			j++
		}
		words = append(words, tokens[i])
		counts = append(counts, int32(j-i))
		i = j
	}
	return rows, tp, words, counts
}

func TestNewTopics(t *testing.T) {
	tp, err := NewTopics([][]float64{{0.5, 0.5, 0}, {0, 0.25, 0.75}})
	if err != nil {
		t.Fatal(err)
	}
	if tp.K != 2 || tp.V != 3 || !slices.Equal(tp.Word(1), []float64{0.5, 0.25}) || !slices.Equal(tp.Word(2), []float64{0, 0.75}) {
		t.Errorf("word-major copy %+v", tp)
	}
	for _, rows := range [][][]float64{nil, {{}}, {{1, 0}, {1}}, {{1, -1}}, {{math.NaN()}}, {{math.Inf(1)}}} {
		if _, err := NewTopics(rows); err == nil {
			t.Errorf("%v: no error", rows)
		}
	}
}

// At VB's fixed point gamma = alpha + sum_n c_n phi_n, with Phi's rows
// summing to 1.
func TestVBFixedPointAndPhi(t *testing.T) {
	const k = 5
	_, tp, words, counts := testTopics(t, k, 200, 300, []float64{0.6, 0.4, 0, 0, 0}, 20)
	alpha := slices.Repeat([]float64{0.1}, k)
	gamma := make([]float64, k)
	ws := NewWorkspace(k)
	iters := VBDocument(tp, words, counts, alpha, VBSettings{MaxIter: 1000, Tolerance: 1e-12}, gamma, ws)
	if iters >= 1000 {
		t.Fatalf("no convergence in %d updates", iters)
	}
	sum := slices.Clone(alpha)
	phi := make([]float64, k)
	for i, w := range words {
		ws.Phi(tp, w, phi)
		s := 0.0
		for j, p := range phi {
			sum[j] += float64(counts[i]) * p
			s += p
		}
		if math.Abs(s-1) > 1e-12 {
			t.Fatalf("phi of word %d sums to %v", w, s)
		}
	}
	for j := range sum {
		if math.Abs(sum[j]-gamma[j]) > 1e-8 {
			t.Fatalf("gamma %v, alpha + sum phi %v", gamma, sum)
		}
	}
	t.Logf("%d updates to tolerance 1e-12", iters)
}

// With topics that share no word, the posterior of a document's topic
// counts is a point mass, and both kernels give (n_k + alpha_k) / (N + sum
// alpha) exactly; a document of no known word gets alpha normalised.
func TestKernelsOnDisjointTopics(t *testing.T) {
	tp, err := NewTopics([][]float64{{0.5, 0.5, 0, 0, 0}, {0, 0, 0.6, 0.4, 0}})
	if err != nil {
		t.Fatal(err)
	}
	alpha := []float64{0.1, 0.3}
	ws := NewWorkspace(2)
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		words, counts []int32
		want          []float64
	}{
		{[]int32{0, 1, 3}, []int32{2, 1, 5}, []float64{3.1 / 8.4, 5.3 / 8.4}},
		{[]int32{4}, []int32{3}, []float64{0.25, 0.75}},
		{nil, nil, []float64{0.25, 0.75}},
	} {
		gamma := make([]float64, 2)
		VBDocument(tp, tc.words, tc.counts, alpha, VBSettings{MaxIter: 100, Tolerance: 1e-12}, gamma, ws)
		Normalise(gamma)
		theta := make([]float64, 2)
		GibbsDocument(tp, tc.words, tc.counts, alpha, 10, 5, rng, theta, ws)
		for j := range tc.want {
			if math.Abs(gamma[j]-tc.want[j]) > 1e-9 || math.Abs(theta[j]-tc.want[j]) > 1e-12 {
				t.Errorf("words %v: VB %v, Gibbs %v, want %v", tc.words, gamma, theta, tc.want)
				break
			}
		}
	}
}

// DocSeed's streams must not change: models and perplexities recorded
// with a seed are reproduced with it.
func TestDocSeedStable(t *testing.T) {
	for _, tc := range []struct {
		seed   uint64
		d      int
		s1, s2 uint64
	}{{0, 0, 0, 0xe220a8397b1dcdaf}, {7, 1, 7, 0x910a2dec89025cc1}, {7, 1 << 20, 7, 0x33548c24002a1c2d}} {
		s1, s2 := DocSeed(tc.seed, tc.d)
		if s1 != tc.s1 || s2 != tc.s2 {
			t.Errorf("DocSeed(%d, %d) = %d, %#x, want %d, %#x", tc.seed, tc.d, s1, s2, tc.s1, tc.s2)
		}
	}
}

func TestKernelsPanicOnWrongK(t *testing.T) {
	tp, _ := NewTopics([][]float64{{1}, {1}})
	for name, f := range map[string]func(){
		"VB gamma": func() {
			VBDocument(tp, nil, nil, []float64{1, 1}, VBSettings{MaxIter: 1}, make([]float64, 3), NewWorkspace(2))
		},
		"VB workspace": func() {
			VBDocument(tp, nil, nil, []float64{1, 1}, VBSettings{MaxIter: 1}, make([]float64, 2), NewWorkspace(3))
		},
		"Gibbs burn-in": func() { GibbsDocument(tp, nil, nil, []float64{1, 1}, 5, 5, nil, make([]float64, 2), NewWorkspace(2)) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}

// A word whose only positive weight is subnormal (a valid model: rows
// nonnegative, summing to 1) made c / dot overflow and Inf * 0 give NaN
// in every topic ("hull infer" printed NaN weights); its token now goes to
// the one topic that holds it.
func TestVBSubnormalWeight(t *testing.T) {
	tp, err := NewTopics([][]float64{{0.5, 0.5 - 5e-324, 5e-324}, {0.5, 0.5, 0}, {0.25, 0.75, 0}})
	if err != nil {
		t.Fatal(err)
	}
	gamma, alpha := make([]float64, 3), []float64{0.1, 0.1, 0.1}
	VBDocument(tp, []int32{2}, []int32{3}, alpha, VBSettings{MaxIter: 100, Tolerance: 1e-9}, gamma, NewWorkspace(3))
	for _, g := range gamma {
		if math.IsNaN(g) || math.IsInf(g, 0) {
			t.Fatalf("gamma = %v", gamma)
		}
	}
	if math.Abs(gamma[0]-3.1) > 1e-9 || gamma[1] != 0.1 || gamma[2] != 0.1 {
		t.Errorf("gamma = %v, want the 3 tokens in topic 0: [3.1 0.1 0.1]", gamma)
	}
}

// A sum of weights below about 5.6e-309 (alpha [1e-320, 1e-320], which a
// model may hold) made 1/sum overflow, and Normalise gave +Inf; an
// ordinary sum keeps its bits (the multiplication by 1/sum).
func TestNormaliseSubnormalSum(t *testing.T) {
	for _, tc := range []struct{ x, want []float64 }{
		{[]float64{1e-320, 1e-320}, []float64{0.5, 0.5}},
		{[]float64{5e-324, 1.5e-323}, []float64{0.25, 0.75}},
		{[]float64{5e-324}, []float64{1}},
		{[]float64{0, 2e-310, 2e-310}, []float64{0, 0.5, 0.5}},
	} {
		x := slices.Clone(tc.x)
		Normalise(x)
		if !slices.Equal(x, tc.want) {
			t.Errorf("Normalise(%v) = %v, want %v", tc.x, x, tc.want)
		}
	}
	x := []float64{0.1, 0.2, 0.4}
	want := []float64{0.1 * (1 / 0.7000000000000001), 0.2 * (1 / 0.7000000000000001), 0.4 * (1 / 0.7000000000000001)}
	if Normalise(x); !slices.Equal(x, want) {
		t.Errorf("Normalise of an ordinary sum = %v, want %v", x, want)
	}
}
