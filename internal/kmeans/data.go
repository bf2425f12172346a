package kmeans

import (
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"
)

// data is what k-means knows of the points: dense rows (Cluster,
// ClusterCosine) or the rows of a CSR matrix (ClusterCosineCSR). Centres
// are always dense.
//
// Every inner product x_i.c is summed over the coordinates of x_i in
// increasing order, one product at a time, starting from 0: dot computes it
// alone, dots as the entries of a matrix product, and both give the same
// value bit for bit (the matrix products accumulate each entry in that
// order too, see mulNN). A sparse row skips its zeros, which leaves every
// sum unchanged, so a CSR matrix and its dense equivalent give identical
// inner products.
//
// dot, dots and row may be called concurrently; add and sub may not.
type data interface {
	// dot returns x_i.c, c of length dim.
	dot(i int, c []float64) float64
	// sqNorm returns x_i.x_i, as dot would.
	sqNorm(i int) float64
	// dot4 returns x_i.c0, ..., x_i.c3, each equal to dot's.
	dot4(i int, c0, c1, c2, c3 []float64) (s0, s1, s2, s3 float64)
	// dotPairs sets out[r] = x_{idx[r]}.c[r] for len(idx) <= 4, each equal
	// to dot's.
	dotPairs(idx []int, c [][]float64, out []float64)
	// dots sets out[r*k+j] = x_{idx[r]}.c_j for the k centres, the rows
	// of c (k x dim) and the columns of ct (dim x k), for len(idx) <=
	// blockRows rows; buf is scratch of blockRows*dim values.
	dots(idx []int, c, ct []float64, k int, out, buf []float64)
	// add adds x_i to sum (dim values); sub subtracts it.
	add(sum []float64, i int)
	sub(sum []float64, i int)
	// row returns x_i as dim dense values, either a view of the points or
	// buf (of length dim) overwritten.
	row(i int, buf []float64) []float64
	// subset returns a copy of the points idx, in that order.
	subset(idx []int) data
}

// blockRows is the number of rows dots takes at a time.
const blockRows = 64

// dotInOrder returns sum_t x[t] c[t], summed in increasing t from 0.
func dotInOrder(x, c []float64) float64 {
	c = c[:len(x)]
	s := 0.0
	for t, v := range x {
		s += v * c[t]
	}
	return s
}

// mulNN sets out = x ct for x (m x dim, row-major, m <= blockRows) and ct
// (dim x k, row-major), out m x k, by gonum's Dgemm, in column blocks of
// at most 192 so that each call stays on gonum's serial kernel (which
// spawns goroutines for four or more 64 x 64 output blocks): the caller
// owns the parallelism. That kernel accumulates out[i][j] += x[i][t]
// ct[t][j] for t in increasing order (skipping x[i][t] = 0), so every entry
// equals dotInOrder of row i and column j.
func mulNN(out, x []float64, m, dim int, ct []float64, k int) {
	const cols = 192
	for j := 0; j < k; j += cols {
		w := min(cols, k-j)
		blas64.Gemm(blas.NoTrans, blas.NoTrans, 1,
			blas64.General{Rows: m, Cols: dim, Stride: dim, Data: x[:m*dim]},
			blas64.General{Rows: dim, Cols: w, Stride: k, Data: ct[j:]},
			0, blas64.General{Rows: m, Cols: w, Stride: k, Data: out[j:]})
	}
}

// denseData are the rows of a row-major matrix.
type denseData struct {
	x           []float64 // row i at x[i*stride:][:dim]
	stride, dim int
}

func (d *denseData) row(i int, _ []float64) []float64 { return d.x[i*d.stride:][:d.dim] }

func (d *denseData) dot(i int, c []float64) float64 { return dotInOrder(d.row(i, nil), c) }

func (d *denseData) sqNorm(i int) float64 { x := d.row(i, nil); return dotInOrder(x, x) }

// dot4 runs four independent sums, each over t in increasing order.
func (d *denseData) dot4(i int, c0, c1, c2, c3 []float64) (s0, s1, s2, s3 float64) {
	x := d.row(i, nil)
	c0, c1, c2, c3 = c0[:len(x)], c1[:len(x)], c2[:len(x)], c3[:len(x)]
	for t, v := range x {
		s0 += v * c0[t]
		s1 += v * c1[t]
		s2 += v * c2[t]
		s3 += v * c3[t]
	}
	return s0, s1, s2, s3
}

func (d *denseData) dotPairs(idx []int, c [][]float64, out []float64) {
	if len(idx) < 4 {
		for r, i := range idx {
			out[r] = d.dot(i, c[r])
		}
		return
	}
	dim := d.dim
	x0, x1, x2, x3 := d.row(idx[0], nil), d.row(idx[1], nil)[:dim], d.row(idx[2], nil)[:dim], d.row(idx[3], nil)[:dim]
	c0, c1, c2, c3 := c[0][:dim], c[1][:dim], c[2][:dim], c[3][:dim]
	var s0, s1, s2, s3 float64
	for t, v := range x0 {
		s0 += v * c0[t]
		s1 += x1[t] * c1[t]
		s2 += x2[t] * c2[t]
		s3 += x3[t] * c3[t]
	}
	out[0], out[1], out[2], out[3] = s0, s1, s2, s3
}

func (d *denseData) dots(idx []int, _, ct []float64, k int, out, buf []float64) {
	if len(idx) == 0 {
		return
	}
	dim := d.dim
	for r, i := range idx {
		copy(buf[r*dim:(r+1)*dim], d.row(i, nil))
	}
	mulNN(out, buf, len(idx), dim, ct, k)
}

func (d *denseData) subset(idx []int) data {
	x := make([]float64, 0, len(idx)*d.dim)
	for _, i := range idx {
		x = append(x, d.row(i, nil)...)
	}
	return &denseData{x: x, stride: d.dim, dim: d.dim}
}

func (d *denseData) add(sum []float64, i int) { floats.Add(sum[:d.dim], d.row(i, nil)) }

func (d *denseData) sub(sum []float64, i int) { floats.Sub(sum[:d.dim], d.row(i, nil)) }

// csrData are the rows of a CSR matrix.
type csrData struct {
	dim int
	ptr []int64
	col []int32
	val []float64
}

func (d *csrData) row(i int, buf []float64) []float64 {
	clear(buf)
	lo, hi := d.ptr[i], d.ptr[i+1]
	for q, c := range d.col[lo:hi] {
		buf[c] = d.val[lo+int64(q)]
	}
	return buf
}

func (d *csrData) dot(i int, c []float64) float64 {
	lo, hi := d.ptr[i], d.ptr[i+1]
	val := d.val[lo:hi]
	s := 0.0
	for q, t := range d.col[lo:hi] {
		s += val[q] * c[t]
	}
	return s
}

func (d *csrData) dot4(i int, c0, c1, c2, c3 []float64) (s0, s1, s2, s3 float64) {
	lo, hi := d.ptr[i], d.ptr[i+1]
	val := d.val[lo:hi]
	for q, t := range d.col[lo:hi] {
		v := val[q]
		s0 += v * c0[t]
		s1 += v * c1[t]
		s2 += v * c2[t]
		s3 += v * c3[t]
	}
	return s0, s1, s2, s3
}

func (d *csrData) dotPairs(idx []int, c [][]float64, out []float64) {
	for r, i := range idx {
		out[r] = d.dot(i, c[r])
	}
}

func (d *csrData) sqNorm(i int) float64 {
	s := 0.0
	for _, v := range d.val[d.ptr[i]:d.ptr[i+1]] {
		s += v * v
	}
	return s
}

// dots is the product of the sparse rows and the centres, each entry
// accumulated over the row's nonzeros in order: for k >= 32 a row of ct
// per nonzero (gonum's axpy), else four rows of c at a time per pass over
// the nonzeros, which costs less than an axpy call per nonzero of a short
// row of ct.
func (d *csrData) dots(idx []int, c, ct []float64, k int, out, _ []float64) {
	dim := d.dim
	for r, i := range idx {
		o := out[r*k : (r+1)*k]
		if k < 32 {
			j := 0
			for ; j+4 <= k; j += 4 {
				o[j], o[j+1], o[j+2], o[j+3] = d.dot4(i, c[j*dim:(j+1)*dim], c[(j+1)*dim:(j+2)*dim], c[(j+2)*dim:(j+3)*dim], c[(j+3)*dim:(j+4)*dim])
			}
			for ; j < k; j++ {
				o[j] = d.dot(i, c[j*dim:(j+1)*dim])
			}
			continue
		}
		clear(o)
		lo, hi := d.ptr[i], d.ptr[i+1]
		val := d.val[lo:hi]
		for q, t := range d.col[lo:hi] {
			floats.AddScaled(o, val[q], ct[int(t)*k:][:k])
		}
	}
}

func (d *csrData) subset(idx []int) data {
	s := &csrData{dim: d.dim, ptr: make([]int64, 1, len(idx)+1)}
	for _, i := range idx {
		lo, hi := d.ptr[i], d.ptr[i+1]
		s.col = append(s.col, d.col[lo:hi]...)
		s.val = append(s.val, d.val[lo:hi]...)
		s.ptr = append(s.ptr, int64(len(s.val)))
	}
	return s
}

func (d *csrData) add(sum []float64, i int) {
	lo, hi := d.ptr[i], d.ptr[i+1]
	val := d.val[lo:hi]
	for q, t := range d.col[lo:hi] {
		sum[t] += val[q]
	}
}

func (d *csrData) sub(sum []float64, i int) {
	lo, hi := d.ptr[i], d.ptr[i+1]
	val := d.val[lo:hi]
	for q, t := range d.col[lo:hi] {
		sum[t] -= val[q]
	}
}
