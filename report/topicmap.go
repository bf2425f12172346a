package report

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/hulltopics/hull/internal/parallel"
	"github.com/hulltopics/hull/internal/topn"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"gonum.org/v1/gonum/mat"
)

// JSDivergences returns the K x K Jensen-Shannon divergences between the
// topics of m, in nats (0 for equal topics, at most log 2 for disjoint
// ones): JS(P, Q) = (KL(P || M) + KL(Q || M)) / 2 with M = (P + Q) / 2.
// It runs on threads goroutines (0: one per CPU); the result does not
// depend on them. Time O(K^2 V) at most: O(nnz_a + nnz_b) per pair of
// topics, with a logarithm per word both hold. It returns an error for
// an invalid m (model.Validate: its O(K V) is below the divergences' cost,
// and a topic of another length would otherwise panic in a worker
// goroutine that no caller can recover) or a negative threads. It stops
// early with ctx's error when ctx is done, and reports each topic's row
// done to progress (stage "topic map"; nil for none).
func JSDivergences(ctx context.Context, m *model.Model, threads int, progress learner.Progress) (*mat.SymDense, error) {
	if err := checkMap(m, threads); err != nil {
		return nil, err
	}
	return jsDivergences(ctx, m.Topics, threads, progress)
}

// checkMap returns the error of JSDivergences and TopicMap for an invalid
// model or a negative thread count, as HTMLOptions.Threads refuses one.
func checkMap(m *model.Model, threads int) error {
	if err := m.Validate(); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	if threads < 0 {
		return fmt.Errorf("report: threads = %d, want >= 0", threads)
	}
	return nil
}

func jsDivergences(ctx context.Context, topics [][]float64, threads int, progress learner.Progress) (*mat.SymDense, error) {
	k := len(topics)
	plogp := make([][]float64, k) // p log p of each word, 0 where p = 0
	nz := make([][]int32, k)      // the words of nonzero probability
	for a, row := range topics {
		plogp[a] = make([]float64, len(row))
		for w, p := range row {
			if p > 0 {
				plogp[a][w] = p * math.Log(p)
				nz[a] = append(nz[a], int32(w))
			}
		}
	}
	js := make([]float64, k*k)
	progress.Report(mapStage, 0, k)
	err := parallel.For(ctx, k, 1, threads, func(lo, hi int) {
		for a := lo; a < hi; a++ {
			for b := a + 1; b < k; b++ {
				d := jsPair(topics[a], topics[b], plogp[a], plogp[b], nz[a], nz[b])
				js[a*k+b], js[b*k+a] = d, d
			}
		}
	}, func(done int) { progress.Report(mapStage, done, k) })
	if err != nil {
		return nil, err
	}
	return mat.NewSymDense(k, js), nil
}

// jsPair returns JS(P, Q): half the sum over the words P holds of
// p log(2p / (p + q)) + q log(2q / (p + q)), which is p log 2 where q = 0,
// plus q log 2 for each word only Q holds.
func jsPair(p, q, plogp, qlogq []float64, nzp, nzq []int32) float64 {
	const ln2 = math.Ln2
	s := 0.0
	for _, w := range nzp {
		if qw := q[w]; qw > 0 {
			m := p[w] + qw
			s += plogp[w] + qlogq[w] + m*(ln2-fastLog(m))
		} else {
			s += p[w] * ln2
		}
	}
	for _, w := range nzq {
		if p[w] == 0 {
			s += q[w] * ln2
		}
	}
	return max(s/2, 0)
}

// ClassicalScaling returns the classical (Torgerson) multidimensional
// scaling of the distances d in dims dimensions: the points whose
// inner products best match -1/2 J D^2 J, J the centring matrix, as the
// top dims eigenvectors of that matrix scaled by the square roots of their
// eigenvalues (a coordinate is 0 where an eigenvalue is not positive).
// Row i holds point i. Each axis is oriented so that its largest
// coordinate in absolute value is positive, which makes the result
// independent of the eigensolver's signs. Time O(n^3) for n points. It
// returns an error for a nil d, no point or dims < 1, which gonum's
// matrices cannot hold.
func ClassicalScaling(d mat.Symmetric, dims int) (*mat.Dense, error) {
	if s, ok := d.(*mat.SymDense); d == nil || ok && s == nil {
		return nil, errors.New("report: classical scaling: no distances (nil)")
	}
	n := d.SymmetricDim()
	if n < 1 || dims < 1 {
		return nil, fmt.Errorf("report: classical scaling: %d points in %d dimensions, want at least 1 of each", n, dims)
	}
	x := mat.NewDense(n, dims, nil)
	if n == 1 {
		return x, nil
	}
	rowMean := make([]float64, n)
	grand := 0.0
	for i := range n {
		for j := range n {
			v := d.At(i, j)
			rowMean[i] += v * v / float64(n)
		}
		grand += rowMean[i] / float64(n)
	}
	b := mat.NewSymDense(n, nil)
	for i := range n {
		for j := i; j < n; j++ {
			v := d.At(i, j)
			b.SetSym(i, j, -0.5*(v*v-rowMean[i]-rowMean[j]+grand))
		}
	}
	var es mat.EigenSym
	if !es.Factorize(b, true) {
		return nil, errors.New("report: classical scaling: the eigendecomposition did not converge")
	}
	values := es.Values(nil) // ascending
	var vecs mat.Dense
	es.VectorsTo(&vecs)
	for c := range min(dims, n) {
		col := n - 1 - c
		if values[col] <= 0 {
			continue
		}
		scale := math.Sqrt(values[col])
		big := 0
		for i := range n {
			if math.Abs(vecs.At(i, col)) > math.Abs(vecs.At(big, col)) {
				big = i
			}
		}
		if vecs.At(big, col) < 0 {
			scale = -scale
		}
		for i := range n {
			x.Set(i, c, vecs.At(i, col)*scale)
		}
	}
	return x, nil
}

// MapBudget bounds the work of TopicMap: the number of (pair of topics,
// word) terms of the divergences, K (K - 1) / 2 x V. Above it the words
// are merged as TopicMap says: at K = 20 every vocabulary up to 526,315
// words is kept whole, at K = 200 up to 5,025 words.
const MapBudget = 100_000_000

// TopicMap places the topics of m in the plane as LDAvis does (Sievert
// and Shirley 2014, after Chuang, Ramage, Manning and Heer 2012): the
// classical scaling of their Jensen-Shannon divergences (JSDivergences)
// in two dimensions. Row k holds topic k's (x, y); nearby topics share
// words. ctx, threads and progress, and the errors for an invalid m or a
// negative threads, are as for JSDivergences.
//
// When K (K - 1) / 2 x V exceeds MapBudget, the divergences are those of
// the topics with the words merged: the MapBudget / (K (K - 1) / 2) words
// of highest max_k p(w|k) are kept and the others merged into K words,
// one per topic, each word going to the topic that gives it the highest
// probability. By the data-processing inequality a divergence can only
// shrink, by at most log 2 times the mean mass the two topics give the
// merged words. Time O(K V + K^2 min(V, MapBudget / K^2) + K^3).
func TopicMap(ctx context.Context, m *model.Model, threads int, progress learner.Progress) (*mat.Dense, error) {
	if err := checkMap(m, threads); err != nil {
		return nil, err
	}
	topics := m.Topics
	if pairs := m.K * (m.K - 1) / 2; pairs > 0 && pairs*len(m.Vocab) > MapBudget {
		topics = mergeWords(topics, max(MapBudget/pairs, 1))
	}
	d, err := jsDivergences(ctx, topics, threads, progress)
	if err != nil {
		return nil, err
	}
	return ClassicalScaling(d, 2)
}

// mergeWords returns the topics over keep words of highest max_k p(w|k)
// (ties to the lower index) followed by K merged words, the k-th holding
// the mass of the other words whose most probable topic is k.
func mergeWords(topics [][]float64, keep int) [][]float64 {
	k, v := len(topics), len(topics[0])
	best := make([]float64, v) // max_k p(w|k)
	arg := make([]int, v)      // its topic, the lower on ties
	for a, row := range topics {
		for w, p := range row {
			if p > best[w] {
				best[w], arg[w] = p, a
			}
		}
	}
	kept := topn.Indices(v, keep, func(w int) float64 { return best[w] })
	isKept := make([]bool, v)
	for _, w := range kept {
		isKept[w] = true
	}
	out := make([][]float64, k)
	for a, row := range topics {
		r := make([]float64, len(kept)+k)
		for i, w := range kept {
			r[i] = row[w]
		}
		for w, p := range row {
			if !isKept[w] {
				r[len(kept)+arg[w]] += p
			}
		}
		out[a] = r
	}
	return out
}

// logTableBits is the number of leading mantissa bits that index the
// tables of fastLog.
const logTableBits = 10

// logCentre[i] = 1 + i/1024 and logOfCentre[i] its logarithm.
var logCentre, logOfCentre, invCentre = func() (c, l, inv [1 << logTableBits]float64) {
	for i := range c {
		c[i] = 1 + float64(i)/(1<<logTableBits)
		l[i] = math.Log(c[i])
		inv[i] = 1 / c[i]
	}
	return
}()

// fastLog returns log x for a positive x, within a few units in the last
// place of math.Log and four times faster: x = 2^e (c + d) with c the
// table's centre below the mantissa, log x = e log 2 + log c + log(1 + r),
// r = d / c < 1/1024, by four terms of its series (the fifth is below
// 1e-15 r). Subnormal x go to math.Log.
func fastLog(x float64) float64 {
	if x < 0x1p-1022 {
		return math.Log(x)
	}
	bits := math.Float64bits(x)
	e := int(bits>>52) - 1023
	frac := bits & (1<<52 - 1)
	i := frac >> (52 - logTableBits)
	mant := math.Float64frombits(frac | 1023<<52) // in [1, 2)
	r := (mant - logCentre[i]) * invCentre[i]
	return float64(e)*math.Ln2 + logOfCentre[i] + r*(1-r*(0.5-r*(1.0/3-r*0.25)))
}
