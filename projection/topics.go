package projection

import (
	"context"
	"fmt"
	"math"

	"github.com/hulltopics/hull/internal/linalg"
	"github.com/hulltopics/hull/internal/parallel"
	"github.com/hulltopics/hull/internal/simplex"
	"gonum.org/v1/gonum/mat"
)

// topics is Algorithm 5. Y and Y' are the K cluster averages of the rows
// of X~ and X~' (section 4.2: the average is more robust than one word).
// For every word i, b_i minimises over the simplex
//
//	D (X~_i - b Y)(X~'_i - b Y')^T = D (b A b^T - 2 c_i b^T + const),
//	A = (Y Y'^T + Y' Y^T)/2,  c_i = (Y X~'_i^T + Y' X~_i^T)/2,
//
// whose expectation is D ||x_i - b y||^2 for the expected rows: the noise
// of a word's own tokens does not bias it because each product pairs the
// two independent halves. A word absent from one half uses its other
// half's row in both places. beta_i = (row sum of X) b_i, and the topics
// are the columns of beta normalised; their sums, normalised, are
// TopicWeights, the mean share of each topic over the documents. The
// solves run in parallel over words by the exponentiated-gradient solver
// (internal/simplex.EG, supplement Algorithm 5 of Arora et al.), each from
// the uniform point. O(nnz K +
// D K^2 + V K^2 T) time for T iterations per word.
func (f *fit) topics(ctx context.Context) error {
	h, k, v := f.h, f.k, f.c.NumWords()
	d := h.numDocs()
	yt, ypt := mat.NewDense(d, k, nil), mat.NewDense(d, k, nil) // Y^T and Y'^T
	for m, cl := range f.clusters {
		inv := 1 / float64(len(cl))
		for _, w := range cl {
			addRow(yt, m, h.x, w, inv)
			addRow(ypt, m, h.xp, w, inv)
		}
	}
	a := make([]float64, k*k)
	ym, ypm := yt.RawMatrix(), ypt.RawMatrix()
	for j := range d {
		y, yp := ym.Data[j*ym.Stride:][:k], ypm.Data[j*ypm.Stride:][:k]
		for m := range k {
			for n := range k {
				a[m*k+n] += (y[m]*yp[n] + yp[m]*y[n]) / 2
			}
		}
	}
	trace := 0.0
	for m := range k {
		trace += a[m*k+m]
	}
	if !(trace > 0) {
		return fmt.Errorf("projection: the representatives' Gram matrix has trace %v: the novel words share no document across the halves", trace)
	}
	scale := float64(k) / trace
	for i := range a {
		a[i] *= scale
	}
	// c_i = (X~' Y^T + X~ Y'^T)_i / 2, by two sparse products.
	u, w := mat.NewDense(v, k, nil), mat.NewDense(v, k, nil)
	h.xp.MulDense(u, yt, f.o.Threads)
	h.x.MulDense(w, ypt, f.o.Threads)
	oneHalf, absent := 0, 0
	for i := range v {
		switch {
		case h.mass[i] == 0:
			absent++
		case h.sum[i] == 0: // only in half two: X~'_i stands for X~_i
			sparseDot(w.RawRowView(i), h.xp, i, ypt)
			oneHalf++
		case h.sumP[i] == 0: // only in half one
			sparseDot(u.RawRowView(i), h.x, i, yt)
			oneHalf++
		}
	}
	beta := mat.NewDense(v, k, nil)
	type stat struct {
		iter               int
		converged, stalled bool
	}
	stats := make([]stat, v)
	set := simplex.Settings{Tol: f.o.Tolerance, MaxIter: f.o.MaxIter}
	f.o.Progress.Report("topics", 0, v)
	err := parallel.For(ctx, v, 64, f.o.Threads, func(lo, hi int) {
		c := make([]float64, k)
		quad := simplex.NewQuadratic(a, c)
		var ws simplex.Workspace
		for i := lo; i < hi; i++ {
			if h.mass[i] == 0 {
				stats[i].converged = true
				continue
			}
			ui, wi := u.RawRowView(i), w.RawRowView(i)
			for m := range c {
				c[m] = (ui[m] + wi[m]) / 2 * scale
			}
			x := beta.RawRowView(i)
			for m := range x {
				x[m] = 1 / float64(k)
			}
			r := simplex.EG(quad, x, set, &ws)
			stats[i] = stat{iter: r.Iter, converged: r.Converged, stalled: r.Stalled}
			for m := range x {
				x[m] *= h.mass[i]
			}
		}
	}, func(done int) { f.o.Progress.Report("topics", done, v) })
	if err != nil {
		return err
	}
	atMax, stalled, iters := 0, 0, 0.0
	for _, st := range stats {
		switch {
		case st.stalled:
			stalled++
		case !st.converged:
			atMax++
		}
		iters += float64(st.iter)
	}
	pz := make([]float64, k)
	for i := range v {
		for m, x := range beta.RawRowView(i) {
			pz[m] += x
		}
	}
	total := 0.0
	f.topicsV = make([][]float64, k)
	for m := range k {
		if !(pz[m] > 0) {
			return fmt.Errorf("projection: topic %d received no probability mass", m)
		}
		row := make([]float64, v)
		for i := range v {
			row[i] = beta.At(i, m) / pz[m]
		}
		f.topicsV[m] = row
		total += pz[m]
	}
	for m := range pz {
		pz[m] /= total
	}
	f.pz = pz
	f.params["tolerance"] = f.o.Tolerance
	f.params["max_iter"] = f.o.MaxIter
	f.params["words_at_max_iter"] = atMax
	f.params["words_stalled"] = stalled
	f.params["mean_iterations"] = math.Round(iters/float64(v)*10) / 10
	f.params["words_one_half"] = oneHalf
	f.params["words_absent"] = absent
	return nil
}

// addRow adds scale times row w of a (V x D) to column m of dst (D x K).
func addRow(dst *mat.Dense, m int, a *linalg.CSR, w int, scale float64) {
	dm := dst.RawMatrix()
	for p := a.RowPtr[w]; p < a.RowPtr[w+1]; p++ {
		dm.Data[int(a.ColIdx[p])*dm.Stride+m] += scale * a.Val[p]
	}
}

// sparseDot sets out[m] = a_i . column m of y (D x K) for row i of a.
func sparseDot(out []float64, a *linalg.CSR, i int, y *mat.Dense) {
	clear(out)
	ym := y.RawMatrix()
	for p := a.RowPtr[i]; p < a.RowPtr[i+1]; p++ {
		row := ym.Data[int(a.ColIdx[p])*ym.Stride:][:len(out)]
		for m, x := range row {
			out[m] += a.Val[p] * x
		}
	}
}
