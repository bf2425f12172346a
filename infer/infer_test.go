package infer

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/docinfer"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/synth"
	"gonum.org/v1/gonum/floats"
)

// testModel returns K topics over V words drawn from a symmetric
// Dirichlet(0.05): sparse, well separated topics.
func testModel(k, v int, seed uint64) *model.Model {
	rng := rand.New(rand.NewPCG(seed, 99))
	m := &model.Model{Algorithm: "truth", K: k, Topics: make([][]float64, k)}
	for j := range m.Topics {
		m.Topics[j] = make([]float64, v)
		synth.SymmetricDirichlet(rng, m.Topics[j], 0.05)
	}
	for w := range v {
		m.Vocab = append(m.Vocab, "w"+strconv.Itoa(w))
	}
	return m
}

// docs returns a corpus over m's vocabulary of one document per theta,
// each of n tokens drawn from the mixture.
func docs(m *model.Model, thetas [][]float64, n int, seed uint64) *corpus.Corpus {
	rng := rand.New(rand.NewPCG(seed, 7))
	mix := synth.NewMixture(m.Topics)
	b := corpus.NewBuilder(m.Vocab)
	for d, theta := range thetas {
		for _, w := range mix.Tokens(rng, nil, theta, n) {
			b.Add(w, 1)
		}
		b.EndDoc("d" + strconv.Itoa(d))
	}
	return b.Corpus()
}

func infer(t *testing.T, m *model.Model, c *corpus.Corpus, o Options) [][]float64 {
	t.Helper()
	theta, err := Infer(context.Background(), m, c, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(theta) != c.NumDocs() {
		t.Fatalf("%d rows for %d documents", len(theta), c.NumDocs())
	}
	for d, row := range theta {
		s := 0.0
		for _, x := range row {
			if !(x >= 0) {
				t.Fatalf("document %d: weight %v", d, x)
			}
			s += x
		}
		if len(row) != m.K || math.Abs(s-1) > 1e-12 {
			t.Fatalf("document %d: %d weights summing to %v", d, len(row), s)
		}
	}
	return theta
}

func l1(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += math.Abs(a[i] - b[i])
	}
	return s
}

var methods = []Method{VB, Gibbs}

func TestSingleTopicDocument(t *testing.T) {
	m := testModel(5, 300, 1)
	var thetas [][]float64
	for j := range m.K {
		theta := make([]float64, m.K)
		theta[j] = 1
		thetas = append(thetas, theta)
	}
	c := docs(m, thetas, 100, 2)
	for _, meth := range methods {
		got := infer(t, m, c, Options{Method: meth, Seed: 3})
		for j := range m.K {
			if got[j][j] < 0.9 {
				t.Errorf("%s: document drawn from topic %d gives it weight %.3f: %.3f", meth, j, got[j][j], got[j])
			}
		}
	}
}

func TestMixtureRecovered(t *testing.T) {
	m := testModel(4, 500, 4)
	want := []float64{0.5, 0.3, 0.2, 0}
	c := docs(m, [][]float64{want}, 5000, 5)
	for _, meth := range methods {
		got := infer(t, m, c, Options{Method: meth, Seed: 6})[0]
		if d := l1(got, want); d > 0.05 {
			t.Errorf("%s: inferred %.3f for %.3f (l1 %.3f)", meth, got, want, d)
		}
	}
}

func TestVBAndGibbsAgreeOnLongDocuments(t *testing.T) {
	m := testModel(6, 400, 7)
	rng := rand.New(rand.NewPCG(8, 8))
	thetas := make([][]float64, 30)
	for d := range thetas {
		thetas[d] = make([]float64, m.K)
		synth.SymmetricDirichlet(rng, thetas[d], 0.3)
	}
	c := docs(m, thetas, 1000, 9)
	vb := infer(t, m, c, Options{Method: VB})
	gibbs := infer(t, m, c, Options{Method: Gibbs, Iterations: 200, Seed: 10})
	worst := 0.0
	for d := range vb {
		worst = max(worst, l1(vb[d], gibbs[d]))
	}
	if worst > 0.05 {
		t.Errorf("VB and Gibbs differ by up to l1 %.3f", worst)
	}
	t.Logf("largest l1 difference between VB and Gibbs: %.4f", worst)
}

func TestSameResultForAnyThreads(t *testing.T) {
	m := testModel(8, 300, 11)
	rng := rand.New(rand.NewPCG(12, 12))
	thetas := make([][]float64, 200)
	for d := range thetas {
		thetas[d] = make([]float64, m.K)
		synth.SymmetricDirichlet(rng, thetas[d], 0.2)
	}
	c := docs(m, thetas, 50, 13)
	for _, meth := range methods {
		first := infer(t, m, c, Options{Method: meth, Threads: 1, Seed: 14})
		for _, th := range []int{2, 3, 8} {
			if got := infer(t, m, c, Options{Method: meth, Threads: th, Seed: 14}); !reflect.DeepEqual(got, first) {
				t.Errorf("%s: Threads = %d differs from Threads = 1", meth, th)
			}
		}
	}
	a := infer(t, m, c, Options{Method: Gibbs, Seed: 14})
	if b := infer(t, m, c, Options{Method: Gibbs, Seed: 15}); reflect.DeepEqual(a, b) {
		t.Error("Gibbs gives the same result for different seeds")
	}
}

func TestEmptyAndUnknownDocuments(t *testing.T) {
	m := testModel(3, 10, 16)
	m.Topics[0][9], m.Topics[1][9], m.Topics[2][9] = 0, 0, 0
	for _, row := range m.Topics {
		docinfer.Normalise(row)
	}
	b := corpus.NewBuilder(m.Vocab)
	b.EndDoc("empty")
	b.Add(9, 4) // a word of zero probability in every topic
	b.EndDoc("impossible")
	c := b.Corpus()
	alpha := []float64{0.2, 0.6, 0.2}
	want := []float64{0.2, 0.6, 0.2}
	for _, meth := range methods {
		got := infer(t, m, c, Options{Method: meth, Alpha: alpha})
		for d := range got {
			if l1(got[d], want) > 1e-12 {
				t.Errorf("%s: document %s: %v, want the normalised alpha %v", meth, c.DocIDs[d], got[d], want)
			}
		}
	}
}

func TestVocabularyMismatch(t *testing.T) {
	m := testModel(3, 10, 17)
	short := &corpus.Corpus{Vocab: m.Vocab[:9], DocIDs: []string{}, Offsets: []int64{0}}
	if _, err := Infer(context.Background(), m, short, Options{}); !errors.Is(err, model.ErrVocabMismatch) || !strings.Contains(err.Error(), "align") {
		t.Errorf("9 words for a model of 10: err = %v, want model.ErrVocabMismatch saying to align", err)
	}
	swapped := slices.Clone(m.Vocab)
	swapped[0], swapped[1] = swapped[1], swapped[0]
	c := &corpus.Corpus{Vocab: swapped, DocIDs: []string{}, Offsets: []int64{0}}
	if _, err := Infer(context.Background(), m, c, Options{}); !errors.Is(err, model.ErrVocabMismatch) {
		t.Errorf("words in another order: err = %v, want model.ErrVocabMismatch", err)
	}
	aligned, _ := corpus.Align(c, m.Vocab)
	if _, err := Infer(context.Background(), m, aligned, Options{}); err != nil {
		t.Errorf("after Align: %v", err)
	}
}

func TestInvalidOptions(t *testing.T) {
	m := testModel(3, 10, 18)
	c := docs(m, [][]float64{{1, 0, 0}}, 10, 1)
	for _, o := range []Options{
		{Method: "em"},
		{Iterations: -1},
		{Method: Gibbs, Iterations: 10, BurnIn: 10},
		{Method: Gibbs, BurnIn: -1},
		{Tolerance: -1},
		{Threads: -2},
		{Alpha: []float64{1, 1}},
		{Alpha: []float64{1, 0, 1}},
		{Alpha: []float64{1, math.NaN(), 1}},
		{Alpha: []float64{1e308, 1e308, 1}}, // each finite, the sum not: every weight came out 0
	} {
		if _, err := Infer(context.Background(), m, c, o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
}

func TestAlphaFor(t *testing.T) {
	m := &model.Model{K: 4}
	check := func(name string, got, want []float64) {
		t.Helper()
		for j := range want {
			if math.Abs(got[j]-want[j]) > 1e-12 {
				t.Errorf("%s: %v, want %v", name, got, want)
				return
			}
		}
	}
	check("symmetric default", AlphaFor(m, 0), []float64{0.1, 0.1, 0.1, 0.1})
	check("symmetric total 2", AlphaFor(m, 2), []float64{0.5, 0.5, 0.5, 0.5})
	m.TopicWeights = []float64{0.5, 0.5, 0, 0}
	f := topicWeightFloor / 4
	check("topic weights", AlphaFor(m, 1), []float64{0.99*0.5 + f, 0.99*0.5 + f, f, f})
	m.Alpha = []float64{0.3, 0.1, 0.1, 0.5}
	check("model alpha", AlphaFor(m, 0), m.Alpha)
	check("model alpha rescaled", AlphaFor(m, 10), []float64{3, 1, 1, 5})
}

// TestAlphaForNoTotal: a NaN total selects the default as total <= 0 does
// (it gave NaN alphas), and a model without topics gets nil (a nil model
// was dereferenced, a negative K panicked in make).
func TestAlphaForNoTotal(t *testing.T) {
	m := &model.Model{K: 4}
	if got := AlphaFor(m, math.NaN()); !slices.Equal(got, AlphaFor(m, 0)) {
		t.Errorf("symmetric, total NaN: %v, want the default %v", got, AlphaFor(m, 0))
	}
	m.Alpha = []float64{0.3, 0.1, 0.1, 0.5}
	if got := AlphaFor(m, math.NaN()); !slices.Equal(got, m.Alpha) {
		t.Errorf("model alpha, total NaN: %v, want the model's %v", got, m.Alpha)
	}
	for _, none := range []*model.Model{nil, {K: -1}} {
		if got := AlphaFor(none, 0); got != nil {
			t.Errorf("AlphaFor(%v, 0) = %v, want nil", none, got)
		}
	}
}

func TestCancelAndProgress(t *testing.T) {
	m := testModel(3, 50, 19)
	c := docs(m, slices.Repeat([][]float64{{1, 1, 1}}, 100), 20, 1)
	last := -1
	calls := 0
	_, err := Infer(context.Background(), m, c, Options{Threads: 2, Progress: func(stage string, done, total int) {
		if stage != Stage || total != 100 || done < last {
			t.Errorf("progress %q %d/%d after %d", stage, done, total, last)
		}
		last = done
		calls++
	}})
	if err != nil || last != 100 || calls < 2 {
		t.Errorf("err %v, last progress %d after %d calls", err, last, calls)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Infer(ctx, m, c, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v", err)
	}
}

// Document gives the weights Infer gives for the one-document corpus of
// its known words, for both methods, and counts the unknown tokens.
func TestDocument(t *testing.T) {
	m := testModel(4, 60, 21)
	c := docs(m, [][]float64{{0.7, 0, 0.3, 0}}, 80, 22)
	tokens := append(DocTokens(c, 0), "zebra", "w3x", "zebra")
	slices.Reverse(tokens) // order does not matter
	for _, meth := range methods {
		o := Options{Method: meth, Seed: 23}
		want := infer(t, m, c, o)[0]
		got, unknown, err := Document(context.Background(), m, tokens, o)
		if err != nil {
			t.Fatal(err)
		}
		if unknown != 3 || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %v with %d unknown, want %v with 3", meth, got, unknown, want)
		}
	}
	alpha := []float64{0.1, 0.2, 0.3, 0.4}
	got, unknown, err := Document(context.Background(), m, []string{"zebra"}, Options{Alpha: alpha})
	if err != nil || unknown != 1 || l1(got, alpha) > 1e-12 {
		t.Errorf("no known word: %v with %d unknown (err %v), want alpha %v", got, unknown, err, alpha)
	}
	if _, _, err := Document(context.Background(), m, tokens, Options{Method: "em"}); err == nil {
		t.Error("invalid options: no error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Document(ctx, m, tokens, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v", err)
	}
	if _, _, err := Document(context.Background(), &model.Model{K: 1, Topics: [][]float64{{}}}, []string{"a"}, Options{}); err == nil {
		t.Error("model without vocabulary: no error")
	}
}

// An Inferencer made once gives every document the weights Document gives
// it (Infer's for VB), from goroutines sharing it.
func TestInferencer(t *testing.T) {
	m := testModel(4, 60, 31)
	c := docs(m, [][]float64{{0.7, 0, 0.3, 0}, {0, 1, 0, 0}, {0.25, 0.25, 0.25, 0.25}, {0, 0, 0.1, 0.9}}, 60, 32)
	tokens := make([][]string, c.NumDocs())
	for d := range tokens {
		tokens[d] = append(DocTokens(c, d), "zebra")
	}
	for _, meth := range methods {
		o := Options{Method: meth, Seed: 33}
		in, err := NewInferencer(m, o)
		if err != nil {
			t.Fatal(err)
		}
		all := infer(t, m, c, o)
		want := make([][]float64, len(tokens))
		for d := range tokens {
			if want[d], _, err = Document(context.Background(), m, tokens[d], o); err != nil {
				t.Fatal(err)
			}
			if meth == VB && !reflect.DeepEqual(want[d], all[d]) {
				t.Fatalf("vb: document %d: Document %v, Infer %v", d, want[d], all[d])
			}
		}
		errs := make(chan error, 4)
		for range 4 {
			go func() {
				for d := range tokens {
					got, unknown, err := in.Document(context.Background(), tokens[d])
					if err == nil && (unknown != 1 || !reflect.DeepEqual(got, want[d])) {
						err = fmt.Errorf("%s: document %d: %v with %d unknown, want %v with 1", meth, d, got, unknown, want[d])
					}
					if err != nil {
						errs <- err
						return
					}
				}
				errs <- nil
			}()
		}
		for range 4 {
			if err := <-errs; err != nil {
				t.Error(err)
			}
		}
	}
	if _, err := NewInferencer(m, Options{Iterations: -1}); err == nil {
		t.Error("invalid options: no error")
	}
	in, _ := NewInferencer(m, Options{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := in.Document(ctx, tokens[0]); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v", err)
	}
}

// hugeDocCorpus has one document whose counts, near MaxInt32 each, declare
// 4e9 tokens: Gibbs inference and document completion hold a document
// token by token, and ran the process out of memory on it.
func hugeDocCorpus(vocab []string) *corpus.Corpus {
	return &corpus.Corpus{Vocab: vocab, DocIDs: []string{"small", "huge"}, Offsets: []int64{0, 1, 3},
		Words: []int32{0, 0, 1}, Counts: []int32{3, math.MaxInt32, math.MaxInt32}}
}

func TestGibbsRefusesHugeDocuments(t *testing.T) {
	m := testModel(2, 5, 1)
	_, err := Infer(context.Background(), m, hugeDocCorpus(m.Vocab), Options{Method: Gibbs})
	if err == nil || !strings.Contains(err.Error(), "document 2 has 4294967294 tokens") {
		t.Errorf("Infer(Gibbs): %v, want document 2 refused", err)
	}
	if _, err := Infer(context.Background(), m, hugeDocCorpus(m.Vocab), Options{}); err != nil {
		t.Errorf("Infer(VB), which holds the distinct words only: %v", err)
	}
}

// TestMalformedTopicsRefused: topics that are no distributions were
// inferred with (a topic doubled gave a better perplexity than the valid
// model); Infer, NewInferencer and Document refuse them, and a nil corpus.
func TestMalformedTopicsRefused(t *testing.T) {
	good := testModel(3, 20, 1)
	c := docs(good, [][]float64{{1, 0, 0}, {0, 0.5, 0.5}}, 30, 2)
	for name, edit := range map[string]func(*model.Model){
		"sum 2":    func(m *model.Model) { floats.Scale(2, m.Topics[0]) },
		"NaN":      func(m *model.Model) { m.Topics[1][4] = math.NaN() },
		"negative": func(m *model.Model) { m.Topics[2][0] = -0.1 },
	} {
		m := testModel(3, 20, 1)
		edit(m)
		if _, err := Infer(context.Background(), m, c, Options{}); err == nil || !strings.HasPrefix(err.Error(), "infer: model: ") {
			t.Errorf("%s: Infer: %v", name, err)
		}
		if _, err := NewInferencer(m, Options{}); err == nil {
			t.Errorf("%s: NewInferencer: no error", name)
		}
	}
	if _, err := Infer(context.Background(), good, nil, Options{}); err == nil {
		t.Error("a nil corpus: no error")
	}
	if _, _, err := Document(context.Background(), nil, []string{"w1"}, Options{}); err == nil {
		t.Error("a nil model: no error")
	}
}

// DocTokens returns document d of c as its tokens, each word repeated as
// often as it occurs (exported for the benchmarks of package infer_test).
func DocTokens(c *corpus.Corpus, d int) []string {
	var tokens []string
	words, counts := c.Doc(d)
	for i, w := range words {
		for range counts[i] {
			tokens = append(tokens, c.Vocab[w])
		}
	}
	return tokens
}

// TestInferencerZero: an Inferencer not made by NewInferencer (its zero
// value, or nil) gives an error, not a panic.
func TestInferencerZero(t *testing.T) {
	var zero Inferencer
	var none *Inferencer
	for name, in := range map[string]*Inferencer{"zero": &zero, "nil": none} {
		if theta, _, err := in.Document(context.Background(), []string{"a"}); err == nil {
			t.Errorf("%s Inferencer: %v and no error", name, theta)
		}
	}
}
