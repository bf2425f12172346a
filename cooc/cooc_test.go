package cooc

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/memory"
	"gonum.org/v1/gonum/mat"
)

// randomCorpus returns a corpus of d documents over v words with lengths in
// [0, maxLen], so that some documents have fewer than 2 tokens.
func randomCorpus(seed uint64, d, v, maxLen int) *corpus.Corpus {
	rng := rand.New(rand.NewPCG(seed, 1))
	vocab := make([]string, v)
	for i := range vocab {
		vocab[i] = string(rune('a'+i%26)) + string(rune('a'+i/26))
	}
	b := corpus.NewBuilder(vocab)
	for doc := 0; doc < d; doc++ {
		n := rng.IntN(maxLen + 1)
		for t := 0; t < n; t++ {
			b.Add(int32(rng.IntN(v)), 1)
		}
		b.EndDoc("d")
	}
	return b.Corpus()
}

// naiveQ computes Q token pair by token pair, straight from D.1.
func naiveQ(c *corpus.Corpus) ([]float64, int) {
	v := c.NumWords()
	q := make([]float64, v*v)
	used := 0
	for d := 0; d < c.NumDocs(); d++ {
		words, counts := c.Doc(d)
		var tokens []int
		for i, w := range words {
			for r := int32(0); r < counts[i]; r++ {
				tokens = append(tokens, int(w))
			}
		}
		n := len(tokens)
		if n < 2 {
			continue
		}
		used++
		for a := range tokens {
			for b := range tokens {
				if a != b {
					q[tokens[a]*v+tokens[b]] += 1 / float64(n*(n-1))
				}
			}
		}
	}
	for i := range q {
		q[i] /= float64(used)
	}
	return q, used
}

func TestComputeMatchesDefinition(t *testing.T) {
	c := randomCorpus(1, 300, 40, 12)
	want, used := naiveQ(c)
	m, err := Compute(context.Background(), c, Options{Threads: 3})
	if err != nil {
		t.Fatal(err)
	}
	if m.Docs != used || m.Docs+m.Skipped != c.NumDocs() {
		t.Fatalf("docs used %d skipped %d, want used %d of %d", m.Docs, m.Skipped, used, c.NumDocs())
	}
	if m.Skipped == 0 {
		t.Fatal("test corpus should contain documents with < 2 tokens")
	}
	sum := 0.0
	for i := range want {
		if math.Abs(m.Data[i]-want[i]) > 1e-15 {
			t.Fatalf("Q[%d] = %v, want %v", i, m.Data[i], want[i])
		}
		sum += m.Data[i]
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Fatalf("Q sums to %v, want 1", sum)
	}
	for i := 0; i < m.V; i++ {
		for j := 0; j < i; j++ {
			if math.Abs(m.Data[i*m.V+j]-m.Data[j*m.V+i]) > 1e-17 {
				t.Fatalf("Q not symmetric at %d,%d", i, j)
			}
		}
	}
}

func TestComputeSameForEveryThreadCount(t *testing.T) {
	c := randomCorpus(2, 2000, 300, 60)
	ref, err := Compute(context.Background(), c, Options{Threads: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, threads := range []int{2, 4, 7} {
		m, err := Compute(context.Background(), c, Options{Threads: threads})
		if err != nil {
			t.Fatal(err)
		}
		for i := range ref.Data {
			if math.Float64bits(m.Data[i]) != math.Float64bits(ref.Data[i]) {
				t.Fatalf("threads=%d: Q[%d] = %v differs from threads=1 %v", threads, i, m.Data[i], ref.Data[i])
			}
		}
	}
}

func TestComputeRefusesAboveMemoryLimit(t *testing.T) {
	c := randomCorpus(3, 50, 100, 10)
	_, err := Compute(context.Background(), c, Options{MaxMemory: 1000})
	var me *memory.Error
	if !errors.As(err, &me) {
		t.Fatalf("err = %v, want *memory.Error", err)
	}
	if me.Need != EstimateBytes(c) || me.Limit != 1000 || !strings.Contains(err.Error(), "about 10 words") {
		t.Fatalf("memory.Error = %+v (%v)", me, err)
	}
}

func TestComputeNoPairs(t *testing.T) {
	c := randomCorpus(4, 20, 10, 1)
	if _, err := Compute(context.Background(), c, Options{}); err == nil {
		t.Fatal("want an error for a corpus without 2-token documents")
	}
}

func TestOperatorMatchesDenseProduct(t *testing.T) {
	c := randomCorpus(5, 20000, 50, 15) // more than one block of documents
	m, err := Compute(context.Background(), c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(9, 9))
	b := mat.NewDense(50, 3, nil)
	for i := 0; i < 50; i++ {
		for j := 0; j < 3; j++ {
			b.Set(i, j, rng.Float64()-0.5)
		}
	}
	want := mat.NewDense(50, 3, nil)
	want.Mul(mat.NewDense(50, 50, m.Data), b)
	var ref *mat.Dense
	for _, threads := range []int{1, 3} {
		op, err := NewOperator(c, threads)
		if err != nil {
			t.Fatal(err)
		}
		if op.Docs() != m.Docs {
			t.Fatalf("operator uses %d docs, Compute %d", op.Docs(), m.Docs)
		}
		got := mat.NewDense(50, 3, nil)
		if err := op.Mul(context.Background(), got, b); err != nil {
			t.Fatal(err)
		}
		p := op.RowSums()
		row := make([]float64, 50)
		for i := 0; i < 50; i++ {
			op.Row(i, row)
			for j, x := range row {
				if x != m.Data[i*50+j] {
					t.Fatalf("Row(%d)[%d] = %v, Compute has %v", i, j, x, m.Data[i*50+j])
				}
			}
			if math.Abs(p[i]-floats(row)) > 1e-15 {
				t.Fatalf("RowSums()[%d] = %v, row sums to %v", i, p[i], floats(row))
			}
		}
		if !mat.EqualApprox(got, want, 1e-15) {
			t.Fatalf("threads=%d: Q b differs from the dense product", threads)
		}
		if ref != nil && !mat.Equal(got, ref) {
			t.Fatal("Operator.Mul differs between thread counts")
		}
		ref = got
	}
}

func floats(x []float64) float64 {
	s := 0.0
	for _, v := range x {
		s += v
	}
	return s
}

// Every weighting gives Q of its definition, token pair by token pair:
// with WeightPairs, each pair of the corpus counts the same; with
// WeightTokens, a document's pairs count n_d / (n_d (n_d - 1)). The
// operator's rows, row sums and products are Compute's under each.
func TestWeightings(t *testing.T) {
	c := randomCorpus(3, 400, 30, 20)
	v := c.NumWords()
	for _, w := range Weightings {
		want := make([]float64, v*v)
		total := 0.0
		for d := range c.NumDocs() {
			n := float64(c.DocLen(d))
			if n < 2 {
				continue
			}
			weight := map[Weighting]float64{WeightDocuments: 1, WeightTokens: n, WeightPairs: n * (n - 1)}[w]
			total += weight
			words, counts := c.Doc(d)
			for a, i := range words {
				for b, j := range words {
					pairs := float64(counts[a]) * float64(counts[b])
					if a == b {
						pairs = float64(counts[a]) * float64(counts[a]-1)
					}
					want[int(i)*v+int(j)] += weight * pairs / (n * (n - 1))
				}
			}
		}
		m, err := Compute(context.Background(), c, Options{Weighting: w})
		if err != nil {
			t.Fatal(err)
		}
		op, err := NewWeightedOperator(c, 2, w)
		if err != nil {
			t.Fatal(err)
		}
		row, sums := make([]float64, v), op.RowSums()
		for i := range v {
			op.Row(i, row)
			for j := range v {
				if x := want[i*v+j] / total; math.Abs(m.Data[i*v+j]-x) > 1e-15 || math.Abs(row[j]-m.Data[i*v+j]) > 1e-17 {
					t.Fatalf("%s: Q[%d,%d] = %v (operator %v), want %v", w, i, j, m.Data[i*v+j], row[j], x)
				}
			}
			if math.Abs(sums[i]-floats(row)) > 1e-15 {
				t.Fatalf("%s: RowSums()[%d] = %v, row sums to %v", w, i, sums[i], floats(row))
			}
		}
		if math.Abs(floats(m.Data)-1) > 1e-12 {
			t.Errorf("%s: Q sums to %v", w, floats(m.Data))
		}
	}
	paper, _ := Compute(context.Background(), c, Options{})
	documents, _ := Compute(context.Background(), c, Options{Weighting: WeightDocuments})
	if !slices.Equal(paper.Data, documents.Data) {
		t.Error(`"" and WeightDocuments differ`)
	}
	if _, err := Compute(context.Background(), c, Options{Weighting: "words"}); err == nil || !strings.Contains(err.Error(), `"words"`) {
		t.Errorf("unknown weighting: error %v", err)
	}
	if _, err := NewWeightedOperator(c, 1, "words"); err == nil {
		t.Error("unknown weighting: the operator took it")
	}
}
