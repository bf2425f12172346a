package anchor

import (
	"context"
	"fmt"
	"math"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/parallel"
	"github.com/hulltopics/hull/internal/special"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// The hyperparameters of the refinement: refineAlpha is the symmetric
// Dirichlet parameter of each document's topic weights, refineBeta the
// pseudo-count added to each topic's expected word counts (the defaults of
// "hull fit --algo gibbs" and "--algo vb").
const (
	refineAlpha  = 0.1
	refineBeta   = 0.01
	refineFoldIn = 5 // E-steps with the recovered topics fixed, before the first M-step
)

// refinement is the state of the EM refinement of recovered topics:
// variational EM for latent Dirichlet allocation (Blei, Ng and Jordan
// 2003, section 5.3) with one update of each document's variational
// parameters per M-step, started from the recovered topics. The topics
// are point estimates smoothed by refineBeta, as in lda-c.
type refinement struct {
	c       *corpus.Corpus
	k       int
	threads int
	// word-major copy of the counts
	offsets []int64
	docs    []int32
	counts  []int32
	phi     []float64 // V x K, word-major: phi[w*K+k] = p(w | z = k)
	gamma   []float64 // D x K: the documents' variational Dirichlet parameters
	lens    []float64 // n_d
}

func newRefinement(c *corpus.Corpus, topics [][]float64, threads int) *refinement {
	v, d, k := c.NumWords(), c.NumDocs(), len(topics)
	r := &refinement{c: c, k: k, threads: threads}
	r.offsets = make([]int64, v+1)
	for doc := 0; doc < d; doc++ {
		words, _ := c.Doc(doc)
		for _, w := range words {
			r.offsets[w+1]++
		}
	}
	for w := 0; w < v; w++ {
		r.offsets[w+1] += r.offsets[w]
	}
	r.docs = make([]int32, r.offsets[v])
	r.counts = make([]int32, r.offsets[v])
	next := append([]int64(nil), r.offsets[:v]...)
	r.lens = make([]float64, d)
	for doc := 0; doc < d; doc++ {
		words, counts := c.Doc(doc)
		for q, w := range words {
			r.docs[next[w]] = int32(doc)
			r.counts[next[w]] = counts[q]
			next[w]++
			r.lens[doc] += float64(counts[q])
		}
	}
	r.phi = make([]float64, v*k)
	for m, t := range topics {
		for w, x := range t {
			r.phi[w*k+m] = x
		}
	}
	r.gamma = make([]float64, d*k)
	for doc := 0; doc < d; doc++ {
		for m := 0; m < k; m++ {
			r.gamma[doc*k+m] = refineAlpha + r.lens[doc]/float64(k)
		}
	}
	return r
}

// step runs one iteration. With e_dk = exp(psi(gamma_dk)) and the
// responsibilities r_dwk proportional to phi_wk e_dk, all from the
// previous parameters, gamma_d becomes refineAlpha + sum_w n_dw r_dw (the
// E-step, a pass over the documents) and phi_k becomes proportional to
// refineBeta + sum_d n_dw r_dwk (the M-step, a pass over the words). Every
// sum is taken by one goroutine in a fixed order, so the result does not
// depend on the thread count. It returns the mean over topics of the l1
// distance between the old and the new phi_k. It takes O(nnz K) time and
// D K digammas.
func (r *refinement) step(ctx context.Context) (float64, error) {
	return r.update(ctx, true)
}

// foldIn runs n E-steps with the topics fixed: gamma_d moves towards the
// documents' weights under the recovered topics before the topics move.
func (r *refinement) foldIn(ctx context.Context, n int) error {
	for range n {
		if _, err := r.update(ctx, false); err != nil {
			return err
		}
	}
	return nil
}

// update is step, leaving phi as it is unless mstep.
func (r *refinement) update(ctx context.Context, mstep bool) (float64, error) {
	k, v, d := r.k, r.c.NumWords(), r.c.NumDocs()
	e := make([]float64, d*k)
	err := parallel.For(ctx, d, 64, r.threads, func(lo, hi int) {
		for doc := lo; doc < hi; doc++ {
			g, ed := r.gamma[doc*k:(doc+1)*k], e[doc*k:(doc+1)*k]
			top := math.Inf(-1)
			for m, x := range g {
				ed[m] = special.Digamma(x)
				top = max(top, ed[m])
			}
			for m := range ed {
				ed[m] = math.Exp(ed[m] - top) // the scale cancels in r
			}
		}
	}, nil)
	if err != nil {
		return 0, err
	}
	newGamma := make([]float64, d*k)
	err = parallel.For(ctx, d, 64, r.threads, func(lo, hi int) {
		for doc := lo; doc < hi; doc++ {
			ed, acc := e[doc*k:(doc+1)*k], newGamma[doc*k:(doc+1)*k]
			words, counts := r.c.Doc(doc)
			for q, w := range words {
				ph := r.phi[int(w)*k : (int(w)+1)*k]
				if s := floats.Dot(ph, ed); s > 0 {
					floats.AddScaled(acc, float64(counts[q])/s, ph)
				}
			}
			for m := range acc {
				acc[m] = refineAlpha + acc[m]*ed[m]
			}
		}
	}, nil)
	if err != nil {
		return 0, err
	}
	if !mstep {
		r.gamma = newGamma
		return 0, nil
	}
	newPhi := make([]float64, v*k)
	err = parallel.For(ctx, v, 64, r.threads, func(lo, hi int) {
		for w := lo; w < hi; w++ {
			ph, acc := r.phi[w*k:(w+1)*k], newPhi[w*k:(w+1)*k]
			for p := r.offsets[w]; p < r.offsets[w+1]; p++ {
				ed := e[int(r.docs[p])*k : (int(r.docs[p])+1)*k]
				if s := floats.Dot(ph, ed); s > 0 {
					floats.AddScaled(acc, float64(r.counts[p])/s, ed)
				}
			}
			for m := range acc {
				acc[m] = refineBeta + acc[m]*ph[m]
			}
		}
	}, nil)
	if err != nil {
		return 0, err
	}
	tot := make([]float64, k)
	for w := 0; w < v; w++ {
		axpy(1, newPhi[w*k:(w+1)*k], tot)
	}
	change := 0.0
	for w := 0; w < v; w++ {
		row, old := newPhi[w*k:(w+1)*k], r.phi[w*k:(w+1)*k]
		for m := range row {
			row[m] /= tot[m]
			change += math.Abs(row[m] - old[m])
		}
	}
	r.gamma, r.phi = newGamma, newPhi
	return change / float64(k), nil
}

// topics returns the refined topics (K x V) and p(z), the share of the
// tokens each topic explains under the document weights.
func (r *refinement) topics() ([][]float64, []float64) {
	k, v := r.k, r.c.NumWords()
	out := make([][]float64, k)
	for m := range out {
		out[m] = make([]float64, v)
		for w := 0; w < v; w++ {
			out[m][w] = r.phi[w*k+m]
		}
	}
	// p(z): the expected share of the tokens, sum_d (gamma_dk - alpha).
	pz := make([]float64, k)
	for doc := 0; doc < r.c.NumDocs(); doc++ {
		for m, g := range r.gamma[doc*k : (doc+1)*k] {
			pz[m] += g - refineAlpha
		}
	}
	total := 0.0
	for _, x := range pz {
		total += x
	}
	for m := range pz {
		pz[m] /= total
	}
	return out, pz
}

// covariance returns R, the mean over the documents of two or more tokens
// (each weighing alike, as in Q) of E[theta theta^T] = (gamma gamma^T +
// diag(gamma)) / (g (g + 1)) under the variational posterior
// Dirichlet(gamma), g = sum_k gamma_k: the topic-topic matrix.
func (r *refinement) covariance() (*mat.Dense, error) {
	k := r.k
	a := mat.NewDense(k, k, nil)
	n := 0
	for doc := 0; doc < r.c.NumDocs(); doc++ {
		if r.lens[doc] < 2 {
			continue
		}
		n++
		g := r.gamma[doc*k : (doc+1)*k]
		sum := 0.0
		for _, x := range g {
			sum += x
		}
		f := 1 / (sum * (sum + 1))
		for i := 0; i < k; i++ {
			row := a.RawRowView(i)
			for j := range row {
				row[j] += f * g[i] * g[j]
			}
			row[i] += f * g[i]
		}
	}
	if n == 0 {
		return nil, fmt.Errorf("anchor: no document has two tokens")
	}
	a.Scale(1/float64(n), a)
	return a, nil
}
