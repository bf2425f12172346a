package eval

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"gonum.org/v1/gonum/mat"
)

func TestLSIName(t *testing.T) {
	for _, tc := range []struct {
		p    LSI
		want string
	}{{LSI{}, "lsi-15"}, {LSI{K: 7}, "lsi-7"}, {LSI{K: 7, FoldIn: true}, "lsi-foldin-7"}} {
		if got := tc.p.Name(); got != tc.want {
			t.Errorf("%+v: name %q, want %q", tc.p, got, tc.want)
		}
	}
}

// randomCounts returns a corpus of docs random documents over v words.
func randomCounts(docs, v int, seed uint64) *corpus.Corpus {
	rng := rand.New(rand.NewPCG(seed, seed))
	var rows [][]int32
	for range docs {
		var row []int32
		for range 2 + rng.IntN(10) {
			row = append(row, int32(rng.IntN(v)))
		}
		rows = append(rows, row)
	}
	vocab := make([]string, v)
	for i := range vocab {
		vocab[i] = string(rune('a' + i))
	}
	return docsCorpus(vocab, rows...)
}

// TestLSIScores checks the scores against a dense SVD: x_hat = V V^T x
// (and V S^-1 V^T x with FoldIn) for the top-K right singular vectors V of
// the training counts. The matrix has 8 rows, so the randomized SVD's
// sketch (K + 10 columns) covers it and is exact.
func TestLSIScores(t *testing.T) {
	train, observed := randomCounts(8, 12, 1), randomCounts(5, 12, 2)
	const k = 3
	m := mat.NewDense(train.NumDocs(), train.NumWords(), nil)
	for d := range train.NumDocs() {
		words, counts := train.Doc(d)
		for i, w := range words {
			m.Set(d, int(w), float64(counts[i]))
		}
	}
	var svd mat.SVD
	if !svd.Factorize(m, mat.SVDThin) {
		t.Fatal("dense SVD failed")
	}
	var v mat.Dense
	svd.VTo(&v)
	s := svd.Values(nil)
	for _, foldIn := range []bool{false, true} {
		score, err := LSI{K: k, FoldIn: foldIn, Seed: 3}.Prepare(context.Background(), train, observed)
		if err != nil {
			t.Fatal(err)
		}
		for d := range observed.NumDocs() {
			got := make([]float64, 12)
			score(d, got)
			x := make([]float64, 12)
			words, counts := observed.Doc(d)
			for i, w := range words {
				x[w] = float64(counts[i])
			}
			for w := range 12 {
				want := 0.0
				for j := range k {
					c := 0.0
					for u := range 12 {
						c += x[u] * v.At(u, j)
					}
					if foldIn {
						c /= s[j]
					}
					want += c * v.At(w, j)
				}
				if math.Abs(got[w]-want) > 1e-9*(1+math.Abs(want)) {
					t.Fatalf("foldIn %v, doc %d, word %d: score %v, want %v", foldIn, d, w, got[w], want)
				}
			}
		}
	}
}

// TestLSIPredicts: on an LDA corpus LSI at the true rank beats Baseline by
// far, and its result does not depend on the number of threads.
func TestLSIPredicts(t *testing.T) {
	split, err := SplitPlusOne(plusOneCorpus(t), PlusOneOptions{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var got []float64
	for _, threads := range []int{1, 2} {
		res, err := PlusOne(context.Background(), split, []Predictor{Baseline{}, LSI{K: 5, Seed: 1, Threads: threads}}, PlusOneOptions{Threads: threads})
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, res[1].Precision)
		if res[1].Precision < res[0].Precision+0.1 {
			t.Errorf("lsi-5 precision %.3f, baseline %.3f: want LSI well above", res[1].Precision, res[0].Precision)
		}
	}
	if got[0] != got[1] {
		t.Errorf("precision %v with 1 thread, %v with 2", got[0], got[1])
	}
}

func TestLSIErrors(t *testing.T) {
	c := plusOneCorpus(t)
	empty := &corpus.Corpus{Vocab: c.Vocab, DocIDs: []string{}, Offsets: []int64{0}}
	if _, err := (LSI{K: -1}).Prepare(context.Background(), c, c); err == nil {
		t.Error("K = -1: no error")
	}
	if _, err := (LSI{}).Prepare(context.Background(), empty, c); err == nil {
		t.Error("empty training corpus: no error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := (LSI{}).Prepare(ctx, c, c); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: error %v", err)
	}
	// A rank above the matrix's is lowered to it.
	small := randomCounts(4, 6, 5)
	if _, err := (LSI{K: 50}).Prepare(context.Background(), small, small); err != nil {
		t.Errorf("rank 50 of a 4 x 6 matrix: %v", err)
	}
}

// lsiPaper holds the LSI-15 precisions of the Projector paper's table 4.
var lsiPaper = map[string]float64{"med": 0.13, "cran": 0.27, "cisi": 0.13, "cacm": 0.07}

// TestLSIClassic reproduces the LSI-15 column of the Projector paper's
// table 4 on Med and Cran, one split each (skipped when ../shared/data is
// missing or with -short). Over seeds 1-3 the means are med .136, cran
// .259, cisi .134, cacm .070 (BenchmarkLSIClassic, docs/BENCHMARKS.md).
func TestLSIClassic(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	for _, name := range []string{"med", "cran"} {
		c, err := corpus.ReadFile(classicDir+name+".json", corpus.ReadOptions{})
		if errors.Is(err, os.ErrNotExist) {
			t.Skipf("no %s corpus: %v", name, err)
		}
		if err != nil {
			t.Fatal(err)
		}
		s, err := SplitPlusOne(c, PlusOneOptions{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		res, err := PlusOne(context.Background(), s, []Predictor{LSI{Seed: 1}}, PlusOneOptions{})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: lsi-15 %.3f (paper %.2f)", name, res[0].Precision, lsiPaper[name])
		if math.Abs(res[0].Precision-lsiPaper[name]) > 0.03 {
			t.Errorf("%s: lsi-15 %.3f; the paper has %.2f", name, res[0].Precision, lsiPaper[name])
		}
	}
}

// BenchmarkLSIClassic times LSI-15 (projection, and the fold-in variant)
// on each classic corpus and reports the mean precisions over seeds 1-3.
func BenchmarkLSIClassic(b *testing.B) {
	for _, name := range []string{"med", "cran", "cisi", "cacm"} {
		b.Run(name, func(b *testing.B) {
			c, err := corpus.ReadFile(classicDir+name+".json", corpus.ReadOptions{})
			if err != nil {
				b.Skip(err)
			}
			var proj, foldIn float64
			for b.Loop() {
				proj, foldIn = 0, 0
				for seed := uint64(1); seed <= 3; seed++ {
					s, err := SplitPlusOne(c, PlusOneOptions{Seed: seed})
					if err != nil {
						b.Fatal(err)
					}
					res, err := PlusOne(context.Background(), s, []Predictor{LSI{Seed: seed}, LSI{Seed: seed, FoldIn: true}}, PlusOneOptions{})
					if err != nil {
						b.Fatal(err)
					}
					proj += res[0].Precision / 3
					foldIn += res[1].Precision / 3
				}
			}
			b.ReportMetric(proj, "lsi-15")
			b.ReportMetric(foldIn, "lsi-foldin-15")
		})
	}
}
