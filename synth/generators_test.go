package synth

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/hulltopics/hull/model"
)

// TestGeneratorsReproducible: every generator gives the same corpus and
// truth for the same seed, another corpus for another seed, and output
// of the documented shape.
func TestGeneratorsReproducible(t *testing.T) {
	_, srcModel := generate(t, LDA{K: 3, V: 40, Docs: 50, DocLength: 20, Alpha: 0.1, Beta: 0.1}, 9)
	for _, tc := range []struct {
		name       string
		g          Generator
		k, v, docs int
	}{
		{"lda", LDA{K: 4, V: 60, Docs: 80, DocLength: 30, Poisson: true, Alpha: 0.1, Beta: 0.1}, 4, 60, 80},
		{"separable", Separable{LDA: LDA{K: 4, V: 60, Docs: 80, DocLength: 30, Alpha: 0.1, Beta: 0.1}, AnchorsPerTopic: 2, Style: SeparableArora}, 4, 60, 80},
		{"ding", Separable{LDA: LDA{K: 4, V: 60, Docs: 80, DocLength: 30, Alpha: 0.1, Beta: 0.1}, AnchorsPerTopic: 2, Style: SeparableDing}, 4, 60, 80},
		{"ke", Ke{K: 3, V: 100, Docs: 60, DocLength: 50, AnchorsPerTopic: 5, PureFraction: 0.2}, 3, 100, 60},
		{"dominant", with(NewDominant(), func(g *Dominant) { g.K, g.V, g.Docs, g.DocLength, g.CatchwordsPerTopic = 4, 100, 80, 30, 5 }), 4, 100, 80},
		{"correlated", Correlated{K: 4, V: 60, Docs: 80, DocLength: 30, Poisson: true, Beta: 0.1, Rho: 0.1, Variance: 10}, 4, 60, 80},
		{"swimmer", Swimmer{DocLength: 50, Body: 10, Background: 1}, 16, 1024, 256},
		{"swimmer random", Swimmer{Docs: 40, DocLength: 50, Body: 10, Background: 1}, 16, 1024, 40},
		{"semi", Semi{Model: srcModel, Docs: 70, DocLength: 30, Alpha: 0.03}, 3, 40, 70},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c1, m1 := generate(t, tc.g, 42)
			c2, m2 := generate(t, tc.g, 42)
			c3, _ := generate(t, tc.g, 43)
			checkOutput(t, c1, m1, tc.k, tc.v, tc.docs)
			if c1.Digest() != c2.Digest() {
				t.Fatal("same seed, different corpora")
			}
			for k := range m1.Topics {
				if !slices.Equal(m1.Topics[k], m2.Topics[k]) {
					t.Fatalf("same seed, topic %d differs", k)
				}
			}
			if !slices.Equal(m1.TopicWeights, m2.TopicWeights) || !slices.Equal(m1.Anchors, m2.Anchors) {
				t.Fatal("same seed, different weights or anchors")
			}
			if c1.Digest() == c3.Digest() {
				t.Fatal("different seeds, same corpus")
			}
			if m1.Params["generator"] == nil {
				t.Fatalf("Params %v lack the generator", m1.Params)
			}
		})
	}
}

// TestGeneratorErrors: each invalid field, or the field to change when
// fields break a constraint together, gives an *OptionError naming it.
func TestGeneratorErrors(t *testing.T) {
	valid := &model.Model{K: 1, Vocab: []string{"a", "b"}, Topics: [][]float64{{0.5, 0.5}}}
	for _, tc := range []struct {
		name, field string
		g           Generator
	}{
		{"ding style", "Style", with(NewSeparable(), func(g *Separable) { g.Style = "other" })},
		{"anchor fraction 1", "AnchorFraction", with(NewSeparable(), func(g *Separable) { g.AnchorFraction = 1 })},
		{"anchor fraction negative", "AnchorFraction", with(NewSeparable(), func(g *Separable) { g.AnchorFraction = -0.1 })},
		{"anchor fraction too many", "AnchorFraction", with(NewSeparable(), func(g *Separable) { g.K, g.V, g.AnchorFraction = 5, 50, 0.99 })},
		{"anchors per topic", "AnchorsPerTopic", with(NewSeparable(), func(g *Separable) { g.K, g.V, g.AnchorsPerTopic = 5, 50, 10 })},
		{"empty style", "Style", with(NewSeparable(), func(g *Separable) { g.Style = "" })},
		{"ke K", "K", with(NewKe(), func(g *Ke) { g.K = -1 })},
		{"ke anchors", "AnchorsPerTopic", with(NewKe(), func(g *Ke) { g.K, g.V, g.AnchorsPerTopic = 5, 40, 10 })},
		{"ke pure", "PureFraction", with(NewKe(), func(g *Ke) { g.PureFraction = 1.5 })},
		{"ke length", "DocLength", with(NewKe(), func(g *Ke) { g.DocLength = 1 })},
		{"dominant K", "K", with(NewDominant(), func(g *Dominant) { g.K = 1 })},
		{"dominant beta", "Beta", with(NewDominant(), func(g *Dominant) { g.Beta = 0.35 })},
		{"dominant alpha", "Alpha", with(NewDominant(), func(g *Dominant) { g.Alpha, g.Beta = 0.45, 0.2 })},
		{"dominant delta", "Delta", with(NewDominant(), func(g *Dominant) { g.Delta, g.Alpha, g.Beta = 0.1, 0.2, 0.1 })},
		{"dominant room", "Beta", with(NewDominant(), func(g *Dominant) { g.K, g.Beta, g.Rho = 2, 0.04, 0 })},
		{"dominant catchwords", "CatchwordsPerTopic", with(NewDominant(), func(g *Dominant) { g.V = 100 })},
		{"dominant mass", "CatchwordMass", with(NewDominant(), func(g *Dominant) { g.CatchwordMass = 0.95 })},
		{"dominant rho", "Rho", with(NewDominant(), func(g *Dominant) { g.Rho = -0.5 })},
		{"dominant zero alpha", "Alpha", with(NewDominant(), func(g *Dominant) { g.Alpha = 0 })},
		{"correlated groups", "Groups", with(NewCorrelated(), func(g *Correlated) { g.K, g.Groups = 4, 5 })},
		{"correlated negative groups", "Groups", with(NewCorrelated(), func(g *Correlated) { g.Groups = -1 })},
		{"correlated rho", "Rho", with(NewCorrelated(), func(g *Correlated) { g.Rho = 1 })},
		{"correlated variance", "Variance", with(NewCorrelated(), func(g *Correlated) { g.Variance = -1 })},
		{"swimmer docs", "Docs", with(NewSwimmer(), func(g *Swimmer) { g.Docs = -1 })},
		{"swimmer intensities", "Body", with(NewSwimmer(), func(g *Swimmer) { g.Body, g.Background = 1, 2 })},
		{"swimmer length", "DocLength", with(NewSwimmer(), func(g *Swimmer) { g.DocLength = 1 })},
		{"semi no model", "Model", NewSemi(nil)},
		{"semi negative length", "DocLength", with(NewSemi(valid), func(g *Semi) { g.DocLength = -3 })},
		{"semi zero alpha", "Alpha", with(NewSemi(valid), func(g *Semi) { g.Alpha = 0 })},
		// Below MinShape the Dirichlet draws were NaN and the sampler
		// panicked (hull synth lda --alpha 1e-320).
		{"semi tiny alpha", "Alpha", with(NewSemi(valid), func(g *Semi) { g.Alpha = 1e-320 })},
		{"correlated tiny beta", "Beta", with(NewCorrelated(), func(g *Correlated) { g.Beta = 1e-320 })},
	} {
		_, _, err := tc.g.Generate(rand.New(rand.NewPCG(1, 1)))
		if oe := (*OptionError)(nil); !errors.As(err, &oe) || oe.Field != tc.field {
			t.Errorf("%s: error %v, want an *OptionError on %s", tc.name, err, tc.field)
		}
	}
	invalid := NewSemi(&model.Model{K: 1, Vocab: []string{"a"}, Topics: [][]float64{{0.5}}})
	if _, _, err := invalid.Generate(rand.New(rand.NewPCG(1, 1))); err == nil {
		t.Error("semi: no error for an invalid model")
	}
}

// with returns g changed by set: a generator that differs from the
// defaults in a few fields.
func with[G any](g G, set func(*G)) G {
	set(&g)
	return g
}

// TestAnchorFraction: a fraction of the vocabulary planted as anchors,
// round(fraction V / K) per topic (the paper's section 6.2 setting of 20
// per topic at V = 500, K = 5), in place of AnchorsPerTopic; the truth
// records both; 0 leaves AnchorsPerTopic in force, and a tiny fraction
// still plants one per topic.
func TestAnchorFraction(t *testing.T) {
	for _, tc := range []struct {
		perTopic int
		fraction float64
		want     int
	}{{1, 0.2, 20}, {3, 0, 3}, {1, 0.001, 1}, {1, 0.13, 13}} {
		g := Separable{LDA: LDA{K: 5, V: 500, Docs: 20, DocLength: 10, Alpha: 0.1, Beta: 0.1},
			AnchorsPerTopic: tc.perTopic, AnchorFraction: tc.fraction, Style: SeparableDing}
		if got := g.Anchors(); got != tc.want {
			t.Errorf("%d per topic, fraction %v: Anchors() = %d, want %d", tc.perTopic, tc.fraction, got, tc.want)
		}
		_, m := generate(t, g, 3)
		if m.Params["anchors_per_topic"] != tc.want || m.Params["anchor_fraction"] != tc.fraction {
			t.Errorf("fraction %v: params %v", tc.fraction, m.Params)
		}
		a := tc.want
		for topic, row := range m.Topics {
			for w := range 5 * a { // each anchor in its own topic only
				if owner := w / a; (owner == topic) != (row[w] > 0) {
					t.Fatalf("fraction %v: anchor %d of topic %d has probability %v in topic %d", tc.fraction, w, owner, row[w], topic)
				}
			}
			if best := m.Anchors[topic]; best/a != topic {
				t.Errorf("fraction %v: truth anchor %d is not of topic %d", tc.fraction, best, topic)
			}
		}
	}
	// Settings that change nothing are refused: AnchorsPerTopic beside a
	// fraction (7 was overridden without a word), Beta with Ding's style.
	for field, g := range map[string]Separable{
		"AnchorsPerTopic": {LDA: NewLDA(), AnchorsPerTopic: 7, AnchorFraction: 0.001, Style: SeparableArora},
		"Beta":            {LDA: with(NewLDA(), func(l *LDA) { l.Beta = 0.5 }), AnchorsPerTopic: 1, Style: SeparableDing},
	} {
		var oe *OptionError
		if err := g.Validate(); !errors.As(err, &oe) || oe.Field != field {
			t.Errorf("%s: Validate = %v, want an OptionError of %s", field, err, field)
		}
	}
	// The flag sets the field through the registry.
	g, err := New("separable", map[string]string{"anchor-fraction": "0.2", "topics": "5", "vocab-size": "500", "style": "ding"})
	if err != nil {
		t.Fatal(err)
	}
	if s := g.(Separable); s.AnchorFraction != 0.2 || s.Anchors() != 20 {
		t.Errorf("registry: %+v", s)
	}
}

// TestDingTopics: novel words are in their own topic only, and the
// columns are normalisations of a matrix whose ordinary rows each sum to
// 1: so there are column sums s with sum_k A[k][i] s_k = 1 for every
// ordinary word i. The test solves for s on K words and checks the rest.
func TestDingTopics(t *testing.T) {
	const k, a, v = 3, 4, 600
	g := Separable{LDA: LDA{K: k, V: v, Docs: 20, DocLength: 10, Alpha: 0.1, Beta: 0.1}, AnchorsPerTopic: a, Style: SeparableDing}
	_, m := generate(t, g, 11)
	for topic, row := range m.Topics {
		for w := range k * a {
			if owner := w / a; (owner == topic) != (row[w] > 0) {
				t.Fatalf("novel word %d of topic %d has probability %v in topic %d", w, owner, row[w], topic)
			}
		}
		if best := m.Anchors[topic]; best/a != topic || row[best] != slices.Max(row[topic*a:(topic+1)*a]) {
			t.Fatalf("anchor %d of topic %d is not its most probable novel word", best, topic)
		}
	}
	// Solve sum_k A[k][i] s_k = 1 for i = the first K ordinary words.
	sys := make([][]float64, k)
	for r := range sys {
		sys[r] = make([]float64, k+1)
		for c := range k {
			sys[r][c] = m.Topics[c][k*a+r]
		}
		sys[r][k] = 1
	}
	s := solve(sys)
	var entries []float64
	for i := k * a; i < v; i++ {
		row := 0.0
		for c := range k {
			row += m.Topics[c][i] * s[c]
			entries = append(entries, m.Topics[c][i]*s[c])
		}
		if math.Abs(row-1) > 1e-9 {
			t.Fatalf("ordinary word %d: row sums to %v before normalisation, want 1", i, row)
		}
	}
	// Uniform on the simplex: each entry is Beta(1, K-1), mean 1/K,
	// variance (K-1)/(K^2 (K+1)) = 1/18 (a Dirichlet(2) row gives 1/31.5).
	mean, variance := 0.0, 0.0
	for _, e := range entries {
		mean += e / float64(len(entries))
	}
	for _, e := range entries {
		variance += (e - mean) * (e - mean) / float64(len(entries))
	}
	if math.Abs(variance-1.0/18) > 0.15/18 {
		t.Errorf("ordinary rows: entry variance %v, want 1/18 (uniform on the simplex)", variance)
	}
	for topic := range k {
		for w := topic * a; w < (topic+1)*a; w++ {
			if u := m.Topics[topic][w] * s[topic]; !(u > 0 && u <= 1) {
				t.Fatalf("novel word %d has weight %v before normalisation, want U(0, 1]", w, u)
			}
		}
	}
}

// solve solves the n x (n+1) augmented system by Gaussian elimination
// with partial pivoting.
func solve(a [][]float64) []float64 {
	n := len(a)
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		a[c], a[p] = a[p], a[c]
		for r := range n {
			if r != c {
				f := a[r][c] / a[c][c]
				for j := c; j <= n; j++ {
					a[r][j] -= f * a[c][j]
				}
			}
		}
	}
	x := make([]float64, n)
	for i := range x {
		x[i] = a[i][n] / a[i][i]
	}
	return x
}

// TestKe checks the construction of Ke's section 5.1: anchor entries
// 1.5/p before normalisation and 0 in other topics, the other entries
// U(0, 1)/p, and the pure documents.
func TestKe(t *testing.T) {
	g := Ke{K: 4, V: 1000, Docs: 203, DocLength: 40, AnchorsPerTopic: 10, PureFraction: 0.3}
	c, m, thetas, err := g.GenerateWeights(rand.New(rand.NewPCG(12, 12)))
	if err != nil {
		t.Fatal(err)
	}
	checkOutput(t, c, m, 4, 1000, 203)
	p := 1000.0
	var us []float64
	for k, row := range m.Topics {
		// Undo the normalisation: an anchor entry was 1.5/p.
		scale := 1.5 / p / row[k*10]
		for w, x := range row {
			switch owner := w / 10; {
			case w < 40 && owner == k && math.Abs(x*scale-1.5/p) > 1e-15:
				t.Fatalf("topic %d: anchor %d is %v before normalisation, want 1.5/p", k, w, x*scale)
			case w < 40 && owner != k && x != 0:
				t.Fatalf("topic %d: anchor %d of topic %d has probability %v", k, w, owner, x)
			case w >= 40:
				us = append(us, x*scale*p)
			}
		}
		if m.Anchors[k] != 10*k {
			t.Fatalf("Anchors = %v", m.Anchors)
		}
	}
	// The U(0, 1) draws: in (0, 1], mean 1/2, variance 1/12.
	mean, variance := 0.0, 0.0
	for _, u := range us {
		if !(u > 0 && u <= 1+1e-12) {
			t.Fatalf("non-anchor entry %v/p, want U(0, 1)/p", u)
		}
		mean += u / float64(len(us))
	}
	for _, u := range us {
		variance += (u - mean) * (u - mean) / float64(len(us))
	}
	if se := math.Sqrt(1.0 / 12 / float64(len(us))); math.Abs(mean-0.5) > 5*se || math.Abs(variance-1.0/12) > 0.005 {
		t.Errorf("non-anchor entries: mean %v, variance %v; want 1/2, 1/12", mean, variance)
	}
	// round(203 * 0.3) = 61 pure documents first, in blocks of about 61/4.
	if m.Params["pure_docs"] != 61 {
		t.Fatalf("pure_docs = %v, want 61", m.Params["pure_docs"])
	}
	for d, th := range thetas {
		top := slices.Index(th, 1)
		switch {
		case d < 61 && top != d*4/61:
			t.Fatalf("document %d: weights %v, want pure on topic %d", d, th, d*4/61)
		case d >= 61 && slices.Min(th) <= 0:
			t.Fatalf("document %d: weights %v, want U(0, 1) normalised", d, th)
		}
		if d < 61 { // a pure document has no anchor word of another topic
			words, _ := c.Doc(d)
			for _, w := range words {
				if w < 40 && int(w)/10 != top {
					t.Fatalf("pure document %d of topic %d has anchor word %d", d, top, w)
				}
			}
		}
	}
	if _, m0 := generate(t, Ke{K: 3, V: 100, Docs: 30, DocLength: 10, AnchorsPerTopic: 2, PureFraction: 0}, 1); m0.Params["pure_docs"] != 0 {
		t.Fatalf("PureFraction 0: %v pure documents", m0.Params["pure_docs"])
	}
}

// TestDominant checks the assumptions of the TSVD paper's section 3.1 on
// the drawn weights and topics.
func TestDominant(t *testing.T) {
	g := with(NewDominant(), func(g *Dominant) {
		g.K, g.V, g.Docs, g.DocLength, g.Poisson, g.CatchwordsPerTopic = 5, 300, 2003, 20, true, 6
	})
	c, m, thetas, err := g.GenerateWeights(rand.New(rand.NewPCG(13, 13)))
	if err != nil {
		t.Fatal(err)
	}
	checkOutput(t, c, m, 5, 300, 2003)
	const alpha, beta, delta, rho, p0 = 0.4, 0.3, 0.05, 0.07, 0.1
	dominant := make([]int, 5)
	pure := make([]int, 5)
	nearlyPure := 0
	for d, th := range thetas {
		top := argmax(th)
		if math.Abs(sum(th)-1) > 1e-12 || th[top] < alpha {
			t.Fatalf("document %d: weights %v: no dominant topic >= %v", d, th, alpha)
		}
		for k, w := range th {
			if k != top && w > beta+1e-12 {
				t.Fatalf("document %d: weights %v: topic %d above %v", d, th, k, beta)
			}
		}
		dominant[top]++
		if th[top] >= 1-delta {
			pure[top]++
			nearlyPure++
		}
	}
	if want := int(math.Round(2003 * 0.2)); nearlyPure != want || m.Params["pure_docs"] != want {
		t.Fatalf("%d nearly pure documents, want %d", nearlyPure, want)
	}
	for k := range 5 {
		if dominant[k] < 2003/5 || pure[k] < 400/5 {
			t.Errorf("topic %d dominant in %d documents, nearly pure in %d", k, dominant[k], pure[k])
		}
	}
	// Catchwords: M[i][l'] <= rho M[i][l], mass p0 in their topic.
	for l := range 5 {
		own := 0.0
		for i := l * 6; i < (l+1)*6; i++ {
			own += m.Topics[l][i]
			for l2 := range 5 {
				if l2 != l && !(m.Topics[l2][i] <= rho*m.Topics[l][i]) {
					t.Fatalf("catchword %d of topic %d: %v in topic %d, own %v", i, l, m.Topics[l2][i], l2, m.Topics[l][i])
				}
			}
		}
		if math.Abs(own-p0) > 1e-12 {
			t.Errorf("catchwords of topic %d have mass %v, want %v", l, own, p0)
		}
	}
	if m.Anchors != nil || m.Alpha != nil {
		t.Errorf("Anchors %v, Alpha %v: want none", m.Anchors, m.Alpha)
	}
	_, m0 := generate(t, with(NewDominant(), func(g *Dominant) { g.K, g.V, g.Docs, g.DocLength, g.CatchwordsPerTopic, g.Rho = 3, 50, 10, 5, 2, 0 }), 2)
	if !slices.Equal(m0.Anchors, []int{0, 2, 4}) {
		t.Errorf("Rho 0: Anchors = %v", m0.Anchors)
	}
}

// TestCapShares: the water filling keeps the total and the cap.
func TestCapShares(t *testing.T) {
	x := []float64{0.7, 0.2, 0.05, 0.05}
	capShares(x, 0.6, 0.2)
	if math.Abs(sum(x)-0.6) > 1e-12 || slices.Max(x) > 0.2+1e-15 {
		t.Fatalf("capShares: %v", x)
	}
	y := []float64{0.5, 0.5}
	capShares(y, 0.4, 0.3)
	if y[0] != 0.2 || y[1] != 0.2 {
		t.Fatalf("capShares changed shares under the cap: %v", y)
	}
}

// TestCorrelatedLogRatios: log(theta_i/theta_j) = eta_i - eta_j has
// variance 2*Variance*(1-Rho) for topics of the same group and
// 2*Variance for topics of different groups.
func TestCorrelatedLogRatios(t *testing.T) {
	const docs = 20000
	g := Correlated{K: 4, V: 10, Docs: docs, DocLength: 2, Beta: 0.1, Groups: 2, Rho: 0.6, Variance: 1.5}
	var within, across []float64
	_, m, thetas, err := g.GenerateWeights(rand.New(rand.NewPCG(14, 14)))
	if err != nil {
		t.Fatal(err)
	}
	for _, th := range thetas {
		within = append(within, math.Log(th[0]/th[1]), math.Log(th[3]/th[2]))
		across = append(across, math.Log(th[1]/th[2]), math.Log(th[0]/th[3]))
	}
	if m.Params["groups"] != 2 || m.Alpha != nil {
		t.Fatalf("params %v, alpha %v", m.Params, m.Alpha)
	}
	for _, tc := range []struct {
		name string
		x    []float64
		want float64
	}{{"within a group", within, 2 * 1.5 * 0.4}, {"across groups", across, 2 * 1.5}} {
		mean, v := 0.0, 0.0
		for _, x := range tc.x {
			mean += x / float64(len(tc.x))
		}
		for _, x := range tc.x {
			v += (x - mean) * (x - mean) / float64(len(tc.x)-1)
		}
		// Pairs share documents, so use the per-document count for the
		// standard error of a normal variance: want*sqrt(2/docs).
		if se := tc.want * math.Sqrt(2.0/docs); math.Abs(v-tc.want) > 5*se || math.Abs(mean) > 0.05 {
			t.Errorf("%s: log-ratio mean %.4f, variance %.4f, want 0 and %.4f", tc.name, mean, v, tc.want)
		}
	}
	if _, m := generate(t, Correlated{K: 25, V: 1000, Docs: 1000, DocLength: 100, Beta: 0.1, Rho: 0.1, Variance: 10}, 3); m.Params["groups"] != 2 {
		t.Errorf("default groups for K = 25: %v", m.Params["groups"])
	}
	if _, m := generate(t, Correlated{K: 100, V: 1000, Docs: 10, DocLength: 100, Beta: 0.1, Rho: 0.1, Variance: 10}, 3); m.Params["groups"] != 10 {
		t.Errorf("default groups for K = 100: %v", m.Params["groups"])
	}
}

func TestSwimmerFigure(t *testing.T) {
	torso, limbs := swimmerFigure()
	owner := make(map[int]int)
	for _, i := range torso {
		owner[i] = -1
	}
	if len(limbs) != SwimmerTopics {
		t.Fatalf("%d limb segments", len(limbs))
	}
	for k, seg := range limbs {
		if len(seg) != swimmerLimbPixels {
			t.Fatalf("segment %d has %d pixels", k, len(seg))
		}
		for j, i := range seg {
			if i < 0 || i >= SwimmerSize*SwimmerSize {
				t.Fatalf("segment %d leaves the image", k)
			}
			if o, ok := owner[i]; ok {
				t.Fatalf("segment %d overlaps %d (-1: torso) at pixel %d", k, o, i)
			}
			owner[i] = k
			// Consecutive pixels of a segment touch (8-neighbours).
			if j > 0 {
				dr, dc := i/SwimmerSize-seg[j-1]/SwimmerSize, i%SwimmerSize-seg[j-1]%SwimmerSize
				if max(dr, -dr, dc, -dc) != 1 {
					t.Fatalf("segment %d is broken at pixel %d", k, j)
				}
			}
		}
	}
}

// TestSwimmerTruth: every document's image (Background + (Body -
// Background) * body pixels, normalised) is exactly the mixture of the
// truth's topics with the document's weights (1/4 on each of its four
// limb positions without SharedTopic); the 256 poses are all different;
// anchors are in their own topic only and limb pixels never occur in
// documents of another pose when the background is 0.
func TestSwimmerTruth(t *testing.T) {
	torso, limbs := swimmerFigure()
	for _, g := range []Swimmer{
		{DocLength: 40, Body: 10, Background: 1},
		{DocLength: 40, Body: 10, Background: 0},
		{DocLength: 40, Body: 10, Background: 1, SharedTopic: true},
		{DocLength: 40, SharedTopic: true, Background: 0, Body: 3},
	} {
		k := 16
		if g.SharedTopic {
			k = 17
		}
		seen := make(map[[4]int]bool)
		var poses [][4]int
		c, m, thetas, err := g.GenerateWeights(rand.New(rand.NewPCG(15, 15)))
		if err != nil {
			t.Fatal(err)
		}
		for d, th := range thetas {
			var pose [4]int
			for l := range 4 {
				n := 0
				for p := range 4 {
					if th[4*l+p] > 0 {
						pose[l], n = p, n+1
					}
				}
				if n != 1 {
					t.Fatalf("%+v: document %d: limb %d in %d positions", g, d, l, n)
				}
			}
			seen[pose] = true
			poses = append(poses, pose)
		}
		checkOutput(t, c, m, k, 1024, 256)
		if len(seen) != 256 || m.Vocab[0] != "p00_00" || m.Vocab[1023] != "p31_31" || m.Vocab[33] != "p01_01" {
			t.Fatalf("%d distinct poses, vocabulary %q ... %q", len(seen), m.Vocab[0], m.Vocab[1023])
		}
		body, background := g.Body, g.Background
		for d, pose := range poses[:40] {
			img := make([]float64, 1024)
			for i := range img {
				img[i] = background
			}
			for _, i := range torso {
				img[i] = body
			}
			for l, p := range pose {
				for _, i := range limbs[4*l+p] {
					img[i] = body
				}
				if w := thetas[d][4*l+p]; !g.SharedTopic && math.Abs(w-0.25) > 1e-15 {
					t.Fatalf("document %d: weight %v, want 1/4", d, w)
				}
			}
			normalise(img)
			for i := range img {
				mix := 0.0
				for k, w := range thetas[d] {
					mix += w * m.Topics[k][i]
				}
				if math.Abs(mix-img[i]) > 1e-15 {
					t.Fatalf("%+v: pose %v, pixel %d: truth gives %v, image %v", g, pose, i, mix, img[i])
				}
			}
		}
		// Each limb topic's own part (above the pixel's least probability
		// over the limb topics) is exactly its segment: disjoint from the
		// others.
		for k, seg := range limbs {
			for i := range 1024 {
				least := m.Topics[0][i]
				for _, row := range m.Topics[:16] {
					least = min(least, row[i])
				}
				if (m.Topics[k][i] > least) != slices.Contains(seg, i) {
					t.Fatalf("%+v: topic %d stands out at pixel %d: in its segment %v", g, k, i, slices.Contains(seg, i))
				}
			}
		}
		// Over the 256 poses every limb position has the same mean weight,
		// 1/16 without the shared topic.
		for k, w := range m.TopicWeights[:16] {
			if math.Abs(w-m.TopicWeights[0]) > 1e-15 || (!g.SharedTopic && math.Abs(w-1.0/16) > 1e-15) {
				t.Fatalf("%+v: topic %d weight %v over the 256 poses", g, k, w)
			}
		}
		if g.Background != 0 {
			if m.Anchors != nil {
				t.Fatalf("anchors %v with a background", m.Anchors)
			}
			continue
		}
		for k, a := range m.Anchors {
			for k2, row := range m.Topics {
				if (row[a] > 0) != (k == k2) {
					t.Fatalf("%+v: anchor %d of topic %d has probability %v in topic %d", g, a, k, row[a], k2)
				}
			}
		}
		for d, pose := range poses {
			words, _ := c.Doc(d)
			for _, w := range words {
				for k, seg := range limbs {
					if slices.Contains(seg, int(w)) && pose[k/4] != k%4 {
						t.Fatalf("document %d (pose %v) has a pixel of limb position %d", d, pose, k)
					}
				}
			}
		}
	}
}

// TestSemiFrequencies: the empirical word frequencies of a semi-synthetic
// corpus match sum_k TopicWeights[k] Topics[k] of its source model's
// topics, and the truth is the source model's topics and vocabulary.
func TestSemiFrequencies(t *testing.T) {
	_, src := generate(t, LDA{K: 4, V: 30, Docs: 10, DocLength: 10, Alpha: 0.1, Beta: 0.3}, 16)
	c, m := generate(t, Semi{Model: src, Docs: 4000, DocLength: 60, Alpha: 0.03}, 17)
	checkOutput(t, c, m, 4, 30, 4000)
	if !slices.Equal(m.Vocab, src.Vocab) || m.Alpha[0] != 0.03 || m.Params["source_algorithm"] != TruthAlgorithm {
		t.Fatalf("vocab %v, alpha %v, params %v", m.Vocab, m.Alpha, m.Params)
	}
	for k := range m.Topics {
		for w := range m.Topics[k] {
			if math.Abs(m.Topics[k][w]-src.Topics[k][w]) > 1e-15 {
				t.Fatalf("topic %d word %d: %v, source %v", k, w, m.Topics[k][w], src.Topics[k][w])
			}
		}
	}
	expected := make([]float64, c.NumWords())
	for k, row := range m.Topics {
		for w, p := range row {
			expected[w] += m.TopicWeights[k] * p
		}
	}
	counts := make([]int, c.NumWords())
	for w, n := range c.WordCounts() {
		counts[w] = int(n)
	}
	checkFrequencies(t, "semi", counts, expected)
}

// BenchmarkGenerators generates 10,000 documents of 100 tokens with each
// generator (K = 10, V = 500 where they apply).
func BenchmarkGenerators(b *testing.B) {
	_, src := generate(b, LDA{K: 10, V: 500, Docs: 10, DocLength: 10, Alpha: 0.1, Beta: 0.1}, 1)
	for _, tc := range []struct {
		name string
		g    Generator
	}{
		{"lda", LDA{K: 10, V: 500, Docs: 10000, DocLength: 100, Alpha: 0.1, Beta: 0.1}},
		{"ding", Separable{LDA: LDA{K: 10, V: 500, Docs: 10000, DocLength: 100, Alpha: 0.1, Beta: 0.1}, AnchorsPerTopic: 1, Style: SeparableDing}},
		{"ke", Ke{K: 10, V: 500, Docs: 10000, DocLength: 100, AnchorsPerTopic: 5, PureFraction: 0.2}},
		{"dominant", with(NewDominant(), func(g *Dominant) { g.V, g.Docs = 500, 10000 })},
		{"correlated", Correlated{K: 10, V: 500, Docs: 10000, DocLength: 100, Beta: 0.1, Rho: 0.1, Variance: 10}},
		{"swimmer", Swimmer{Docs: 10000, DocLength: 100, Body: 10, Background: 1}},
		{"semi", Semi{Model: src, Docs: 10000, DocLength: 100, Alpha: 0.03}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				generate(b, tc.g, 7)
			}
		})
	}
}

// TestSwimmerDocLength: the document length N of the Swimmer grid
// (scripts/repro-swimmer.sh; the paper's N did not survive) reaches every
// one of the 256 poses through the registry's "doc-length".
func TestSwimmerDocLength(t *testing.T) {
	for _, n := range []int{200, 5000} {
		g, err := New("swimmer", map[string]string{"doc-length": strconv.Itoa(n)})
		if err != nil {
			t.Fatal(err)
		}
		c, m := generate(t, g.(Swimmer), 1)
		if c.NumDocs() != SwimmerPoses || m.Params["doc_length"] != n {
			t.Fatalf("N = %d: %d documents, params %v", n, c.NumDocs(), m.Params)
		}
		for d := range c.NumDocs() {
			_, counts := c.Doc(d)
			total := 0
			for _, x := range counts {
				total += int(x)
			}
			if total != n {
				t.Fatalf("N = %d: document %d has %d tokens", n, d, total)
			}
		}
	}
}
