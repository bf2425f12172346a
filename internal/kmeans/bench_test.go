package kmeans

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// benchProblem returns the problem and a worker of ClusterCosine on n
// points near k rays in dim dimensions (overlapping, as Projector's
// projected documents), one thread.
func benchProblem(n, dim, k int) *worker {
	x, _ := rays(k, n/k, dim, 0.4, 1)
	x = unitRows(x)
	raw := x.RawMatrix()
	o, _ := options(Options{Threads: 1})
	p := &problem{pts: &denseData{x: raw.Data, stride: raw.Stride, dim: dim}, n: n, dim: dim, k: k, cosine: true, o: o,
		inner: 1, work: dim, grain: n, sq: make([]float64, n), gamma: float64(2*dim+16) * 0x1p-52}
	for i := range p.sq {
		p.sq[i] = dotInOrder(x.RawRowView(i), x.RawRowView(i))
		p.sqSum += p.sq[i]
		p.maxSq = max(p.maxSq, p.sq[i])
	}
	return newWorker(p)
}

// unitRows returns a copy of x with rows scaled to unit length.
func unitRows(x *mat.Dense) *mat.Dense {
	u := mat.DenseCopyOf(x)
	n, _ := u.Dims()
	for i := 0; i < n; i++ {
		row := u.RawRowView(i)
		floats.Scale(1/floats.Norm(row, 2), row)
	}
	return u
}

// BenchmarkAssign measures the first assignment of a restart: the inner
// products of every point with every centre as matrix products (gonum's
// Dgemm), the nearest centre and the bounds.
func BenchmarkAssign(b *testing.B) {
	for _, s := range []struct{ n, dim, k int }{{20000, 99, 100}, {14000, 99, 1000}} {
		w := benchProblem(s.n, s.dim, s.k)
		w.seed(rand.New(rand.NewPCG(1, 0)))
		w.makeGroups()
		w.columns()
		b.Run(fmt.Sprintf("n%d_dim%d_k%d", s.n, s.dim, s.k), func(b *testing.B) {
			for b.Loop() {
				w.assignAll(false)
			}
			b.ReportMetric(2*float64(s.n*s.dim*s.k)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOPS")
		})
	}
}

// BenchmarkSeed measures the k-means++ seeding by rejection.
func BenchmarkSeed(b *testing.B) {
	w := benchProblem(20000, 99, 100)
	rng := rand.New(rand.NewPCG(1, 0))
	for b.Loop() {
		w.seed(rng)
	}
}

// BenchmarkClusterCosine is a mid-size Projector-like clustering: 20,000
// unit points near 100 rays in 99 dimensions, overlapping, two restarts.
func BenchmarkClusterCosine(b *testing.B) {
	x, _ := rays(100, 200, 99, 0.4, 1)
	for _, threads := range []int{1, 2} {
		b.Run(fmt.Sprintf("n20000_dim99_k100_threads%d", threads), func(b *testing.B) {
			u := unitRows(x)
			steps := 0
			for b.Loop() {
				if _, err := cluster(u, 100, Options{Restarts: 2, Seed: 1, Threads: threads}, true, func(int, float64) { steps++ }); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(steps)/float64(b.N), "assign-steps/op")
		})
	}
}
