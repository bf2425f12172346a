package anchor

import (
	"context"
	"math"
	"testing"

	"github.com/hulltopics/hull/cooc"
	"github.com/hulltopics/hull/internal/simplex"
	"github.com/hulltopics/hull/learner"
	"gonum.org/v1/gonum/mat"
)

// The two ways qbarSpace has to compute the candidates' squared norms,
// streaming their rows or forming Q's upper triangle once, agree.
func TestRowNormsBothWays(t *testing.T) {
	c, _ := separable(t, 3000, 11)
	op, err := cooc.NewOperator(c, 2)
	if err != nil {
		t.Fatal(err)
	}
	sp := newQbarSpace(op, op.RowSums())
	words := make([]int, c.NumWords())
	for i := range words {
		words[i] = i
	}
	all, err := op.SqRowNorms(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	streamed, err := sp.sqNorms(context.Background(), words[:20], 2, nil) // few words: streamed
	if err != nil {
		t.Fatal(err)
	}
	for c, w := range words[:20] {
		want := all[w] * sp.invP[w] * sp.invP[w]
		if math.Abs(streamed[c]-want) > 1e-12*want {
			t.Fatalf("word %d: streamed |Qbar_i|^2 = %v, from the upper triangle %v", w, streamed[c], want)
		}
	}
}

// FastAnchorWords returns every point's dots with the anchors, which
// RecoverL2 uses as its kernel Qbar Qbar_S^T: they match the product
// through the operator.
func TestAnchorDotsAreRecoverKernel(t *testing.T) {
	c, _ := separable(t, 3000, 12)
	op, err := cooc.NewOperator(c, 2)
	if err != nil {
		t.Fatal(err)
	}
	sp := newQbarSpace(op, op.RowSums())
	cands, _, err := candidates(c.DocFreq(), c.NumDocs(), sp.op.RowSums(), 10, 0)
	if err != nil {
		t.Fatal(err)
	}
	anchors, z, err := findAnchors(context.Background(), sp, cands, 10, &learner.Settings{Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	v := sp.size()
	b := mat.NewDense(v, len(anchors), nil)
	for m, a := range anchors {
		b.SetCol(m, sp.point(a))
	}
	want := mat.NewDense(v, len(anchors), nil)
	if err := op.Mul(context.Background(), want, b); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < v; i++ {
		for m := range anchors {
			w := want.At(i, m) * sp.invP[i]
			if math.Abs(z.At(i, m)-w) > 1e-9*math.Abs(w)+1e-12*mat.Max(want) {
				t.Fatalf("word %d, anchor %d: dots %v, product %v", i, m, z.At(i, m), w)
			}
		}
	}
}

// recoveryFixture returns the Q-bar space of a separable corpus of 3,000
// documents, its 10 anchors and RecoverL2's kernel Q-bar Q-bar_S^T.
func recoveryFixture(t *testing.T) (*qbarSpace, []int, *mat.Dense) {
	t.Helper()
	c, _ := separable(t, 3000, 13)
	op, err := cooc.NewOperator(c, 2)
	if err != nil {
		t.Fatal(err)
	}
	sp := newQbarSpace(op, op.RowSums())
	cands, _, err := candidates(c.DocFreq(), c.NumDocs(), sp.op.RowSums(), 10, 0)
	if err != nil {
		t.Fatal(err)
	}
	anchors, z, err := findAnchors(context.Background(), sp, cands, 10, &learner.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	return sp, anchors, z
}

// RecoverL2's active-set solves reach at least the objective of EG run to
// a tight tolerance, word by word, on the kernel of a real fit.
func TestRecoverL2ActiveSetReachesEG(t *testing.T) {
	if testing.Short() {
		t.Skip("EG to a tight tolerance for every word")
	}
	sp, anchors, z := recoveryFixture(t)
	o := Options{Tolerance: 1e-5, MaxIter: 1000}
	got, st, err := solveL2(context.Background(), z, anchorGram(z, anchors), sp.invP, &o, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.MaxIter+st.Stalled > 0 || st.MaxGap >= o.Tolerance {
		t.Fatalf("active set: %+v", st)
	}
	tight := Options{Tolerance: 1e-10, MaxIter: 50000}
	gram := anchorGram(z, anchors)
	k := len(anchors)
	g := make([]float64, k*k)
	trace := 0.0
	for a := 0; a < k; a++ {
		for b := 0; b < k; b++ {
			g[a*k+b] = gram.At(a, b)
		}
		trace += gram.At(a, a)
	}
	scale := float64(k) / trace
	for i := range g {
		g[i] *= scale
	}
	for i := 0; i < sp.size(); i++ {
		if sp.invP[i] == 0 {
			continue
		}
		b := make([]float64, k)
		for m := range b {
			b[m] = z.At(i, m) * scale
		}
		q := simplex.NewQuadratic(g, b)
		x := make([]float64, k)
		for m := range x {
			x[m] = 1 / float64(k)
		}
		eg := simplex.EG(q, x, tight.settings(), nil)
		as := q.Eval(got.RawRowView(i), nil)
		if as > eg.Value+1e-12*math.Max(1, math.Abs(eg.Value)) {
			t.Fatalf("word %d: active set %v above EG %v", i, as, eg.Value)
		}
	}
}

// RecoverKL's Newton solves from RecoverL2's solution converge on every
// word and reach at least the objective of EG from the uniform point run
// to a tight tolerance, less the tolerance (the KKT gap bounds the
// distance to the minimum).
func TestRecoverKLNewtonReachesEG(t *testing.T) {
	if testing.Short() {
		t.Skip("EG to a tight tolerance for every word")
	}
	sp, anchors, z := recoveryFixture(t)
	o := Options{Tolerance: 1e-5, MaxIter: 1000}
	got, st, err := recoverKL(context.Background(), sp, anchors, z, nil, &o, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.MaxIter+st.Stalled > 0 || st.MaxGap >= o.Tolerance {
		t.Fatalf("newton: %+v", st)
	}
	tight := Options{Tolerance: 1e-9, MaxIter: 50000}
	tr := make([][]float64, len(anchors))
	for m, a := range anchors {
		tr[m] = sp.point(a)
	}
	kl := &klObjective{k: len(anchors)}
	row := make([]float64, sp.size())
	var egIter float64
	for i := 0; i < sp.size(); i++ {
		if sp.invP[i] == 0 {
			continue
		}
		sp.row(i, row)
		kl.load(row, tr)
		x := make([]float64, len(anchors))
		for m := range x {
			x[m] = 1 / float64(len(x))
		}
		eg := simplex.EG(kl, x, tight.settings(), nil)
		egIter += float64(eg.Iter)
		if f := kl.Eval(got.RawRowView(i), nil); f > eg.Value+o.Tolerance {
			t.Fatalf("word %d: Newton %v above EG %v", i, f, eg.Value)
		}
	}
	t.Logf("Newton %.1f iterations a word, EG to 1e-9 %.1f", st.MeanIter, egIter/float64(sp.size()))
}

// klObjective is KL(q || x^T T) restricted to a support of S words, for
// EG, the reference TestRecoverKLNewtonReachesEG compares Newton with.
type klObjective struct {
	k  int
	q  []float64 // q_j on the support
	ts []float64 // S x K, row j = (T_1j, ..., T_Kj) on the support
	r  []float64
}

// load sets the objective for the Q-bar row q.
func (o *klObjective) load(q []float64, t [][]float64) {
	o.q, o.ts = o.q[:0], o.ts[:0]
	for j, x := range q {
		if x <= 0 {
			continue
		}
		n := len(o.ts)
		any := false
		for m := range t {
			o.ts = append(o.ts, t[m][j])
			any = any || t[m][j] > 0
		}
		if !any {
			o.ts = o.ts[:n]
			continue
		}
		o.q = append(o.q, x)
	}
	if cap(o.r) < len(o.q) {
		o.r = make([]float64, len(o.q))
	}
	o.r = o.r[:len(o.q)]
}

// Eval implements simplex.Objective.
func (o *klObjective) Eval(x, grad []float64) float64 {
	f := 0.0
	for j, q := range o.q {
		o.r[j] = dot(x, o.ts[j*o.k:(j+1)*o.k])
		f += q * math.Log(q/o.r[j])
	}
	if grad != nil {
		clear(grad)
		for j, q := range o.q {
			axpy(-q/o.r[j], o.ts[j*o.k:(j+1)*o.k], grad)
		}
	}
	return f
}
