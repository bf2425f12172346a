package anchor

import (
	"fmt"

	"github.com/hulltopics/hull/cooc"
	"gonum.org/v1/gonum/mat"
)

// recoverOriginal is the original Recover of Arora et al. 2012b
// (Algorithm 2), kept as the paper's baseline: with Q_S the anchors' rows
// of Q and Q_SS their K x K block, solve Q_SS z = Q_S 1, then
// A^T = (Q_SS Diag(z))^-1 Q_S and R = Diag(z) Q_SS Diag(z). Matrix
// inversion can give negative entries; as the paper says, they are
// projected away (clipped to 0, each topic renormalised). It returns the
// topics (K x V), R and p(z) = R 1, clipped and renormalised likewise.
func recoverOriginal(op cooc.Source, anchors []int) ([][]float64, *mat.Dense, []float64, error) {
	k, v := len(anchors), op.NumWords()
	qs := mat.NewDense(k, v, nil)
	qss := mat.NewDense(k, k, nil)
	ps := mat.NewVecDense(k, nil)
	row := make([]float64, v)
	for a, wa := range anchors {
		op.Row(wa, row)
		qs.SetRow(a, row)
		s := 0.0
		for _, x := range row {
			s += x
		}
		ps.SetVec(a, s)
		for b, wb := range anchors {
			qss.Set(a, b, row[wb])
		}
	}
	var z mat.VecDense
	if err := z.SolveVec(qss, ps); err != nil {
		return nil, nil, nil, fmt.Errorf("anchor: original Recover failed: Q_SS is singular (%v); use RecoverL2 (the learner \"anchor\")", err)
	}
	m := mat.NewDense(k, k, nil)
	for a := 0; a < k; a++ {
		for b := 0; b < k; b++ {
			m.Set(a, b, qss.At(a, b)*z.AtVec(b))
		}
	}
	var at mat.Dense
	if err := at.Solve(m, qs); err != nil {
		return nil, nil, nil, fmt.Errorf("anchor: original Recover failed: Q_SS Diag(z) is singular (%v); use RecoverL2 (the learner \"anchor\")", err)
	}
	topics := make([][]float64, k)
	for a := range topics {
		topics[a] = clipNormalise(at.RawRowView(a))
		if topics[a] == nil {
			return nil, nil, nil, fmt.Errorf("anchor: original Recover failed: topic %d has no positive entry; use RecoverL2 (the learner \"anchor\")", a)
		}
	}
	r := mat.NewDense(k, k, nil)
	rowSums := make([]float64, k)
	for a := 0; a < k; a++ {
		for b := 0; b < k; b++ {
			r.Set(a, b, z.AtVec(a)*qss.At(a, b)*z.AtVec(b))
			rowSums[a] += r.At(a, b)
		}
	}
	// p(z) = R 1 can have negative entries for the same reason as the
	// topics; they are projected away alike.
	pz := clipNormalise(rowSums)
	if pz == nil {
		return nil, nil, nil, fmt.Errorf("anchor: original Recover failed: p(z) = R 1 has no positive entry; use RecoverL2 (the learner \"anchor\")")
	}
	return topics, r, pz, nil
}

// clipNormalise returns x with negative entries set to 0, scaled to sum 1,
// or nil if nothing positive is left.
func clipNormalise(x []float64) []float64 {
	out := make([]float64, len(x))
	s := 0.0
	for i, v := range x {
		if v > 0 {
			out[i] = v
			s += v
		}
	}
	if !(s > 0) {
		return nil
	}
	for i := range out {
		out[i] /= s
	}
	return out
}
