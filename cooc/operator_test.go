package cooc

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// MulVec and SqRowNorms agree with the dense Q, and give the same bits
// for every thread count.
func TestOperatorVectorKernels(t *testing.T) {
	c := randomCorpus(11, 3000, 60, 40) // more than one block of documents
	m, err := Compute(context.Background(), c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	const v = 60
	rng := rand.New(rand.NewPCG(3, 3))
	x := make([]float64, v)
	for i := range x {
		x[i] = rng.Float64() - 0.5
	}
	want := make([]float64, v)
	wantNorms := make([]float64, v)
	for i := 0; i < v; i++ {
		for j, q := range m.Row(i) {
			want[i] += q * x[j]
			wantNorms[i] += q * q
		}
	}
	var ref, refNorms []float64
	for _, threads := range []int{1, 2, 5} {
		op, err := NewOperator(c, threads)
		if err != nil {
			t.Fatal(err)
		}
		got := make([]float64, v)
		for range 2 { // the second call reuses the partial sums' buffer
			if err := op.MulVec(context.Background(), got, x); err != nil {
				t.Fatal(err)
			}
		}
		norms, err := op.SqRowNorms(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := range want {
			if math.Abs(got[i]-want[i]) > 1e-15 {
				t.Fatalf("threads=%d: (Q x)[%d] = %v, dense %v", threads, i, got[i], want[i])
			}
			if math.Abs(norms[i]-wantNorms[i]) > 1e-12*wantNorms[i] {
				t.Fatalf("threads=%d: |Q_%d|^2 = %v, dense %v", threads, i, norms[i], wantNorms[i])
			}
		}
		if ref != nil {
			for i := range ref {
				if math.Float64bits(got[i]) != math.Float64bits(ref[i]) || math.Float64bits(norms[i]) != math.Float64bits(refNorms[i]) {
					t.Fatalf("threads=%d: results differ from 1 thread at %d", threads, i)
				}
			}
		}
		ref, refNorms = got, norms
		if c := op.SqRowNormsCost(); c <= 0 || op.RowCost(0) <= 0 {
			t.Fatalf("costs %d, %d", c, op.RowCost(0))
		}
	}
}

// The document blocks cover every document once, in order.
func TestDocChunks(t *testing.T) {
	for _, d := range []int{1, 5, 63, 64, 1000} {
		c := randomCorpus(uint64(d), d, 20, 10)
		b := docChunks(c, vecChunks)
		if b[0] != 0 || b[len(b)-1] != d || len(b)-1 > vecChunks {
			t.Fatalf("D=%d: bounds %v", d, b)
		}
		for j := 1; j < len(b); j++ {
			if b[j] <= b[j-1] {
				t.Fatalf("D=%d: bounds not increasing: %v", d, b)
			}
		}
	}
}

// QuadForm agrees with b^T (Q b) from the dense Q and does not depend on
// the thread count.
func TestOperatorQuadForm(t *testing.T) {
	c := randomCorpus(12, 20000, 50, 15) // more than one block of documents
	m, err := Compute(context.Background(), c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(4, 4))
	b := mat.NewDense(50, 3, nil)
	for i := 0; i < 50; i++ {
		for j := 0; j < 3; j++ {
			b.Set(i, j, rng.Float64()-0.5)
		}
	}
	var qb, want mat.Dense
	qb.Mul(mat.NewDense(50, 50, m.Data), b)
	want.Mul(b.T(), &qb)
	var ref *mat.Dense
	for _, threads := range []int{1, 3} {
		op, err := NewOperator(c, threads)
		if err != nil {
			t.Fatal(err)
		}
		got := mat.NewDense(3, 3, nil)
		if err := op.QuadForm(context.Background(), got, b); err != nil {
			t.Fatal(err)
		}
		if !mat.EqualApprox(got, &want, 1e-14) {
			t.Fatalf("threads=%d: b^T Q b = %v, dense %v", threads, mat.Formatted(got), mat.Formatted(&want))
		}
		if ref != nil && !mat.Equal(got, ref) {
			t.Fatal("QuadForm differs between thread counts")
		}
		ref = got
	}
}

// Counts too large to share 32 bits with a word index are packed in 64
// bits, and positions beyond uint16 are found by binary search: both give
// the same products as the common case.
func TestOperatorWidePackingAndLongDocuments(t *testing.T) {
	c := randomCorpus(13, 400, 30, 12)
	const big = 1 << 16 // too large for 16 bits
	c.Counts[3] = big
	m, err := Compute(context.Background(), c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	op, err := NewOperator(c, 2)
	if err != nil {
		t.Fatal(err)
	}
	if op.p64 == nil {
		t.Fatal("a count of 2^16 was packed in 32 bits")
	}
	x := make([]float64, 30)
	for i := range x {
		x[i] = float64(i%4) - 1.5
	}
	check := func(name string) {
		t.Helper()
		row := make([]float64, 30)
		got := make([]float64, 30)
		if err := op.MulVec(context.Background(), got, x); err != nil {
			t.Fatal(err)
		}
		norms, err := op.SqRowNorms(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 30; i++ {
			op.Row(i, row)
			want, wantNorm := 0.0, 0.0
			for j, q := range m.Row(i) {
				if row[j] != q {
					t.Fatalf("%s: Row(%d)[%d] = %v, Compute %v", name, i, j, row[j], q)
				}
				want += q * x[j]
				wantNorm += q * q
			}
			if math.Abs(got[i]-want) > 1e-13*math.Abs(want)+1e-15 || math.Abs(norms[i]-wantNorm) > 1e-12*wantNorm {
				t.Fatalf("%s: row %d: Q x %v (dense %v), norm %v (dense %v)", name, i, got[i], want, norms[i], wantNorm)
			}
		}
	}
	check("wide packing")
	for p := range op.t.pos {
		op.t.pos[p] = noPos
	}
	check("positions by binary search")
}

// Mul agrees with the dense product for one column and for several, for
// every thread count.
func TestOperatorMulWidths(t *testing.T) {
	c := randomCorpus(14, 10000, 40, 20)
	m, err := Compute(context.Background(), c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	for _, k := range []int{1, 6} {
		b := mat.NewDense(40, k, nil)
		for i := 0; i < 40; i++ {
			for j := 0; j < k; j++ {
				b.Set(i, j, rng.Float64()-0.5)
			}
		}
		var want mat.Dense
		want.Mul(mat.NewDense(40, 40, m.Data), b)
		var ref *mat.Dense
		for _, threads := range []int{1, 2, 7} {
			op, err := NewOperator(c, threads)
			if err != nil {
				t.Fatal(err)
			}
			got := mat.NewDense(40, k, nil)
			if err := op.Mul(context.Background(), got, b); err != nil {
				t.Fatal(err)
			}
			if !mat.EqualApprox(got, &want, 1e-15) {
				t.Fatalf("K=%d, threads=%d: Q b differs from the dense product", k, threads)
			}
			if ref != nil && !mat.Equal(got, ref) {
				t.Fatalf("K=%d: Mul differs between thread counts", k)
			}
			ref = got
		}
	}
}
