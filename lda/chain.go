package lda

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"unsafe"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/docinfer"
	"github.com/hulltopics/hull/internal/parallel"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
)

// chain is the state of one Gibbs sampler: every token's topic and the
// global counts.
type chain[Z topicID, E packed] struct {
	f          *gibbsFit
	o          *GibbsOptions
	c          *corpus.Corpus
	k, v       int
	tokens     int64
	tokenStart []int64 // tokens of document d: z[tokenStart[d]:tokenStart[d+1]]
	z          []Z
	wt         wordTopics[E] // n_wt
	nt         []int32       // n_t
	alpha      []float64
	beta       float64
	shards     []*shard[Z, E]
	wordCut    []int32 // with P > 1 shards, word group g is [wordCut[g], wordCut[g+1])

	phiSum    []float64 // sum over saved states of phi, K x V
	weightSum []float64 // sum over saved states of n_t / tokens
	saved     int
	llLast    float64 // log p(w, z) per token at the last evaluation
	llEvals   int     // evaluations of the log likelihood
	optimized int
	prov      model.Provenance // without timings
}

// shard samples the documents [lo, hi) against the global topic-word
// counts and its own copy of the topic totals (the global ones when there
// is a single shard). Everything it writes while sampling, its generator
// and its arrays, lies at least a cache line away from the other
// shards' (the padding, and padded): shards sampling at once on other
// cores would otherwise write to the same cache lines at every token
// (false sharing), which cost a third of the CPU time of two threads.
type shard[Z topicID, E packed] struct {
	_      [cacheLine]byte
	lo, hi int
	k      int
	wt     wordTopics[E] // the global counts
	nt     []int32
	invDen []float64 // 1 / (V beta + n_t)
	coef   []float64 // (alpha_t + n_dt) / (V beta + n_t), the q coefficients
	scores []float64 // the q-bucket terms of the current word's topics
	ndt    []int32   // the current document's topic counts
	nz     []int32   // the current document's topics with n_dt > 0
	s      float64   // the smoothing-only bucket, sum_t alpha_t beta / (V beta + n_t)
	src    rand.PCG

	// Per sweep: what to collect and what was collected.
	wantLL, wantHist bool
	docLL            float64
	pairs            []uint64 // t<<32 | n_dt of every nonzero n_dt
	lens             []int32  // document lengths
	_                [cacheLine]byte
}

// cacheLine is a size in bytes at least that of a cache line.
const cacheLine = 128

// padded returns a slice of n zeros whose elements share no cache line
// with any other object.
func padded[T any](n int) []T {
	var x T
	pad := max(1, cacheLine/max(1, int(unsafe.Sizeof(x))))
	return make([]T, n+2*pad)[pad : pad+n : pad+n]
}

// maxTokens is the largest corpus the int32 counts hold.
const maxTokens = math.MaxInt32

// newChain sets up the sampler of f with token topics of type Z and
// packed counts of type E: the initial topics and the counts.
func newChain[Z topicID, E packed](ctx context.Context, f *gibbsFit) (*chain[Z, E], error) {
	o, c, k := f.o, f.c, f.k
	ch := &chain[Z, E]{f: f, o: o, c: c, k: k, v: c.NumWords(), beta: o.Beta}
	numDocs := c.NumDocs()
	ch.tokenStart = make([]int64, numDocs+1)
	for d := range numDocs {
		ch.tokenStart[d+1] = ch.tokenStart[d] + int64(c.DocLen(d))
	}
	ch.tokens = ch.tokenStart[numDocs]
	if ch.tokens > maxTokens {
		return nil, fmt.Errorf("lda: %d tokens: the Gibbs sampler's int32 counts hold at most %d", ch.tokens, maxTokens)
	}
	ch.z = make([]Z, ch.tokens)
	if err := assignTopics(ctx, c, k, f.init, o.Seed, o.Threads, o.Progress, ch.tokenStart, ch.z); err != nil {
		return nil, err
	}
	ch.wt = newWordTopics[E](c.WordCounts(), k)
	ch.nt = make([]int32, k)
	for d := range numDocs {
		words, counts := c.Doc(d)
		z := ch.z[ch.tokenStart[d]:]
		i := 0
		for q, w := range words {
			for range counts[q] {
				ch.wt.inc(w, int(z[i]))
				ch.nt[z[i]]++
				i++
			}
		}
	}
	ch.alpha = initialAlpha(o.AlphaSum, k)
	ch.makeShards(shardCount(c, o.Shards))
	ch.prov = o.Settings.Provenance(c, nil)
	return ch, nil
}

// runChain runs the stages pre (the anchor fit of InitAnchor), then the
// sampler of f with token topics of type Z and packed counts of type E:
// stages "init", "burn-in", "sampling" (their times include the Snapshot
// callbacks) and "topics".
func runChain[Z topicID, E packed](ctx context.Context, f *gibbsFit, pre []learner.Stage) (*model.Model, error) {
	o := f.o
	var ch *chain[Z, E]
	var m *model.Model
	timings, err := learner.RunStages(ctx, append(pre,
		learner.Stage{Name: "init", Run: func(ctx context.Context) error {
			var err error
			ch, err = newChain[Z, E](ctx, f)
			return err
		}},
		learner.Stage{Name: "burn-in", Run: func(ctx context.Context) error { return ch.sample(ctx, 1, o.BurnIn) }},
		learner.Stage{Name: "sampling", Run: func(ctx context.Context) error { return ch.sample(ctx, o.BurnIn+1, o.Iterations) }},
		learner.Stage{Name: "topics", Run: func(context.Context) error {
			m = ch.averaged()
			return nil
		}},
	))
	if err != nil {
		return nil, err
	}
	m.Provenance.Timings = timings
	return m, nil
}

// sample runs sweeps from to to (inclusive): the log likelihood every
// LogEvery sweeps and after the last, the optimisation of the
// hyperparameters, the saved states, the snapshots and the progress.
func (ch *chain[Z, E]) sample(ctx context.Context, from, to int) error {
	o := ch.o
	if from == 1 {
		o.Progress.Report(GibbsStage, 0, o.Iterations)
	}
	for it := from; it <= to; it++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		wantLL := it%o.LogEvery == 0 || it == o.Iterations
		wantHist := o.OptimizeInterval > 0 && it > o.OptimizeBurnIn && it%o.OptimizeInterval == 0
		if err := ch.sweep(ctx, it, wantLL, wantHist); err != nil {
			return err
		}
		if wantLL {
			ll := ch.logLikelihood(ctx) / float64(ch.tokens)
			ch.llLast = ll
			ch.llEvals++
			if o.LogLikelihood != nil {
				o.LogLikelihood(it, ll)
			} else {
				o.Settings.Logf("gibbs sweep %d: log likelihood per token %.4f", it, ll)
			}
		}
		if wantHist {
			ch.optimize()
		}
		if it > o.BurnIn && (o.Iterations-it)%o.SaveEvery == 0 {
			ch.save()
		}
		if o.Snapshot != nil && it%o.SnapshotEvery == 0 {
			o.Snapshot(it, ch.model(ch.currentTopics(), ch.currentWeights()))
		}
		o.Progress.Report(GibbsStage, it, o.Iterations)
	}
	return nil
}

// averaged returns the model of the average of the saved states.
func (ch *chain[Z, E]) averaged() *model.Model {
	topics := make([][]float64, ch.k)
	weights := make([]float64, ch.k)
	for j := range topics {
		topics[j] = ch.phiSum[j*ch.v : (j+1)*ch.v : (j+1)*ch.v]
		normalise(topics[j])
		weights[j] = ch.weightSum[j] / float64(ch.saved)
	}
	normalise(weights)
	return ch.model(topics, weights)
}

// makeShards splits the documents into p contiguous shards of about the
// same number of tokens and, for p > 1, the words into p contiguous
// groups of about the same number of tokens.
func (ch *chain[Z, E]) makeShards(p int) {
	numDocs := ch.c.NumDocs()
	lo := 0
	for i := range p {
		hi := numDocs
		if i < p-1 {
			target := ch.tokens * int64(i+1) / int64(p)
			hi = lo + 1
			for hi < numDocs-(p-1-i) && ch.tokenStart[hi] < target {
				hi++
			}
		}
		sh := &shard[Z, E]{lo: lo, hi: hi, k: ch.k, wt: ch.wt, nt: ch.nt,
			invDen: padded[float64](ch.k), coef: padded[float64](ch.k), scores: padded[float64](ch.k),
			ndt: padded[int32](ch.k), nz: padded[int32](ch.k)[:0]}
		if p > 1 {
			sh.nt = padded[int32](ch.k)
		}
		ch.shards = append(ch.shards, sh)
		lo = hi
	}
	ch.wordCut = make([]int32, p+1)
	ch.wordCut[p] = int32(ch.v)
	var cum int64
	g := 1
	for w, n := range ch.c.WordCounts() {
		for g < p && cum >= ch.tokens*int64(g)/int64(p) {
			ch.wordCut[g] = int32(w)
			g++
		}
		cum += n
	}
	for ; g < p; g++ {
		ch.wordCut[g] = int32(ch.v)
	}
}

// sweep resamples every token once. With one shard, the documents in
// order against the global counts: exact collapsed Gibbs sampling. With
// p > 1 shards, in p steps: at step s, shard i resamples the tokens of
// its documents whose words are in word group (i + s) mod p, against the
// global topic-word counts, which no other shard touches in that step,
// and its own copy of the topic totals n_t, taken at the step's start;
// after the step the copies' changes are added to the totals. The shards
// of a step run on up to Threads goroutines in any order: each reads and
// writes only its own rows, documents and copy, and draws from its own
// generator, so the result does not depend on the order.
func (ch *chain[Z, E]) sweep(ctx context.Context, it int, wantLL, wantHist bool) error {
	p := len(ch.shards)
	if p == 1 {
		sh := ch.shards[0]
		sh.wantLL, sh.wantHist = wantLL, wantHist
		sh.run(ctx, ch, it, 0, 0, 0, int32(ch.v), true)
		return ctx.Err()
	}
	for step := range p {
		last := step == p-1
		if err := parallel.For(ctx, p, 1, ch.o.Threads, func(lo, hi int) {
			for i := lo; i < hi; i++ {
				sh := ch.shards[i]
				copy(sh.nt, ch.nt)
				sh.wantLL, sh.wantHist = wantLL, wantHist
				g := (i + step) % p
				sh.run(ctx, ch, it, step, i, ch.wordCut[g], ch.wordCut[g+1], last)
			}
		}, nil); err != nil {
			return err
		}
		for t, n := range ch.nt {
			total := n
			for _, sh := range ch.shards {
				total += sh.nt[t] - n
			}
			ch.nt[t] = total
		}
	}
	return ctx.Err()
}

// run samples the tokens of the shard's documents whose words are in
// [wlo, whi) in step step of iteration it, as shard index; last marks
// the sweep's last visit of the documents, when their shares of the log
// likelihood and of the histograms are recorded.
func (sh *shard[Z, E]) run(ctx context.Context, ch *chain[Z, E], it, step, index int, wlo, whi int32, last bool) {
	p := len(ch.shards)
	if p == 1 {
		sh.src.Seed(docinfer.DocSeed(ch.o.Seed^sweepStream, it<<20|index))
	} else {
		sh.src.Seed(docinfer.DocSeed(ch.o.Seed^blockStream, (it*p+step)*p+index))
	}
	beta := ch.beta
	vbeta := beta * float64(ch.v)
	alpha := ch.alpha
	s := 0.0
	for t := range sh.k {
		inv := 1 / (vbeta + float64(sh.nt[t]))
		sh.invDen[t] = inv
		sh.coef[t] = alpha[t] * inv
		s += alpha[t] * beta * inv
	}
	sh.s = s
	var lg docLogLik
	if last {
		sh.docLL = 0
		sh.pairs, sh.lens = sh.pairs[:0], sh.lens[:0]
		if sh.wantLL {
			lg = newDocLogLik(alpha)
		}
	}
	for d := sh.lo; d < sh.hi; d++ {
		if (d-sh.lo)%64 == 0 && ctx.Err() != nil {
			return
		}
		z := ch.z[ch.tokenStart[d]:ch.tokenStart[d+1]]
		if len(z) == 0 {
			continue
		}
		words, counts := ch.c.Doc(d)
		sub := z
		if p > 1 {
			qlo, qhi, at, n := blockOf(words, counts, wlo, whi)
			words, counts, sub = words[qlo:qhi], counts[qlo:qhi], z[at:at+n]
		}
		sh.sweepDoc(z, words, counts, sub, alpha, beta, vbeta)
		sh.finishDoc(len(z), alpha, &lg, last)
	}
}

// blockOf returns the part of a document (words[q] repeated counts[q]
// times, words increasing) whose words are in [wlo, whi): its nonzeros
// [qlo, qhi) and its tokens [at, at+n).
func blockOf(words, counts []int32, wlo, whi int32) (qlo, qhi, at, n int) {
	qlo, _ = slices.BinarySearch(words, wlo)
	qhi, _ = slices.BinarySearch(words, whi)
	for _, c := range counts[:qlo] {
		at += int(c)
	}
	for _, c := range counts[qlo:qhi] {
		n += int(c)
	}
	return qlo, qhi, at, n
}

// uniform returns a uniform float64 in [0, 1).
func (sh *shard[Z, E]) uniform() float64 {
	return float64(sh.src.Uint64()>>11) * 0x1p-53
}

// sweepDoc resamples the topics z of some of a document's tokens
// (words[q] repeated counts[q] times), the document's tokens having the
// topics all (z is a part of all), by the SparseLDA decomposition of the
// collapsed conditional (Yao, Mimno and McCallum 2009, eq. 2):
//
//	p(z = t | rest) ∝ (alpha_t + n_dt)(beta + n_wt) / (V beta + n_t)
//	  = alpha_t beta / (V beta + n_t)         s: smoothing only
//	  + n_dt beta / (V beta + n_t)             r: document-topic
//	  + (alpha_t + n_dt) n_wt / (V beta + n_t) q: topic-word
//
// s and r are kept up to date in O(1) per count change; q is summed over
// the nonzero n_wt of the word only, with the coefficients (alpha_t +
// n_dt) / (V beta + n_t) cached. On return ndt and nz hold the
// document's counts; finishDoc clears them.
func (sh *shard[Z, E]) sweepDoc(all []Z, words, counts []int32, z []Z, alpha []float64, beta, vbeta float64) {
	ndt, coef, invDen, nt, scores := sh.ndt, sh.coef, sh.invDen, sh.nt, sh.scores
	nz := sh.nz[:0]
	for _, t := range all {
		if ndt[t] == 0 {
			nz = append(nz, int32(t))
		}
		ndt[t]++
	}
	r := 0.0
	for _, t := range nz {
		n := float64(ndt[t])
		r += beta * n * invDen[t]
		coef[t] = (alpha[t] + n) * invDen[t]
	}
	s := sh.s
	wt := &sh.wt
	mask, shift, one := wt.mask, wt.shift, wt.one
	i := 0
	for q, w := range words {
		row := wt.row(w)
		for range counts[q] {
			old := int(z[i])
			// Take the token out: update s, r and the coefficient of old.
			a := alpha[old]
			inv := invDen[old]
			n := float64(ndt[old])
			s -= a * beta * inv
			r -= beta * n * inv
			ndt[old]--
			nt[old]--
			n--
			inv = 1 / (vbeta + float64(nt[old]))
			invDen[old] = inv
			s += a * beta * inv
			r += beta * n * inv
			coef[old] = (a + n) * inv
			if ndt[old] == 0 {
				for j, t := range nz {
					if int(t) == old {
						nz[j] = nz[len(nz)-1]
						nz = nz[:len(nz)-1]
						break
					}
				}
			}
			wt.dec(w, old)

			// The q bucket over the word's nonzero counts.
			qsum := 0.0
			nq := 0
			for ; nq < len(row); nq++ {
				e := row[nq]
				if e == 0 {
					break
				}
				sc := coef[e&mask] * float64(e>>shift)
				scores[nq] = sc
				qsum += sc
			}
			u := sh.uniform() * (s + r + qsum)
			nw := -1
			if u < qsum {
				j := 0
				u -= scores[0]
				for u > 0 && j+1 < nq {
					j++
					u -= scores[j]
				}
				nw = int(row[j] & mask)
				v := row[j] + one // add the token in place
				for j > 0 && row[j-1] < v {
					row[j] = row[j-1]
					j--
				}
				row[j] = v
			} else {
				u -= qsum
				if u < r && len(nz) > 0 {
					u /= beta
					for _, t := range nz {
						u -= float64(ndt[t]) * invDen[t]
						if u <= 0 {
							nw = int(t)
							break
						}
					}
					if nw < 0 {
						nw = int(nz[len(nz)-1])
					}
				} else {
					u = max(0, u-r) / beta
					for t := range sh.k {
						u -= alpha[t] * invDen[t]
						if u <= 0 {
							nw = t
							break
						}
					}
					if nw < 0 {
						nw = sh.k - 1
					}
				}
				wt.inc(w, nw)
			}

			// Put the token back in topic nw.
			a = alpha[nw]
			inv = invDen[nw]
			n = float64(ndt[nw])
			s -= a * beta * inv
			r -= beta * n * inv
			if ndt[nw] == 0 {
				nz = append(nz, int32(nw))
			}
			ndt[nw]++
			nt[nw]++
			n++
			inv = 1 / (vbeta + float64(nt[nw]))
			invDen[nw] = inv
			s += a * beta * inv
			r += beta * n * inv
			coef[nw] = (a + n) * inv
			z[i] = Z(nw)
			i++
		}
	}
	sh.s = s
	sh.nz = nz
}

// finishDoc records, when record is set, the document's share of the log
// likelihood and of the histograms when asked to, and resets its counts
// and coefficients.
func (sh *shard[Z, E]) finishDoc(n int, alpha []float64, lg *docLogLik, record bool) {
	if record && sh.wantLL {
		ll := lg.lgSum - lgamma(lg.sum+float64(n))
		for _, t := range sh.nz {
			ll += lgamma(alpha[t]+float64(sh.ndt[t])) - lg.lgAlpha[t]
		}
		sh.docLL += ll
	}
	if record && sh.wantHist {
		sh.lens = append(sh.lens, int32(n))
		for _, t := range sh.nz {
			sh.pairs = append(sh.pairs, uint64(t)<<32|uint64(sh.ndt[t]))
		}
	}
	for _, t := range sh.nz {
		sh.ndt[t] = 0
		sh.coef[t] = alpha[t] * sh.invDen[t]
	}
	sh.nz = sh.nz[:0]
}

// docLogLik caches the alpha terms of the documents' log likelihood.
type docLogLik struct {
	sum, lgSum float64
	lgAlpha    []float64
}

func newDocLogLik(alpha []float64) docLogLik {
	lg := docLogLik{lgAlpha: make([]float64, len(alpha))}
	for t, a := range alpha {
		lg.sum += a
		lg.lgAlpha[t] = lgamma(a)
	}
	lg.lgSum = lgamma(lg.sum)
	return lg
}

func lgamma(x float64) float64 {
	v, _ := math.Lgamma(x)
	return v
}

// llGrain is the block of words whose log likelihood terms are summed
// together; fixed, so that the sum does not depend on the threads.
const llGrain = 512

// logLikelihood returns log p(w, z | alpha, beta) of the current state
// (Griffiths and Steyvers 2004, eq. 2 and 3; the figure MALLET reports as
// LL/token once divided by the number of tokens):
//
//	sum_d [lgamma(alpha_0) - lgamma(alpha_0 + n_d) + sum_t lgamma(alpha_t + n_dt) - lgamma(alpha_t)]
//	+ sum_t [lgamma(V beta) - lgamma(V beta + n_t) + sum_w lgamma(beta + n_wt) - lgamma(beta)].
//
// The document terms were summed by the shards during the sweep.
func (ch *chain[Z, E]) logLikelihood(ctx context.Context) float64 {
	ll := 0.0
	for _, sh := range ch.shards {
		ll += sh.docLL
	}
	beta := ch.beta
	lgBeta := lgamma(beta)
	sums := make([]float64, (ch.v+llGrain-1)/llGrain)
	shift := ch.wt.shift
	parallel.For(ctx, ch.v, llGrain, ch.o.Threads, func(lo, hi int) {
		s := 0.0
		for w := lo; w < hi; w++ {
			for _, e := range ch.wt.row(int32(w)) {
				if e == 0 {
					break
				}
				s += lgamma(beta+float64(e>>shift)) - lgBeta
			}
		}
		sums[lo/llGrain] = s
	}, nil)
	for _, s := range sums {
		ll += s
	}
	vbeta := beta * float64(ch.v)
	lgV := lgamma(vbeta)
	for _, n := range ch.nt {
		ll += lgV - lgamma(vbeta+float64(n))
	}
	return ll
}

// optimizeIterations bounds the fixed-point steps of one optimisation.
const optimizeIterations = 50

// optimize sets alpha and beta to the fixed points of Minka's iteration
// given the current state (see optimizeAlphaHist and optimizeBetaHist),
// from the histograms the shards collected in this sweep and the merged
// topic-word counts.
func (ch *chain[Z, E]) optimize() {
	var n, docs int
	for _, sh := range ch.shards {
		n, docs = n+len(sh.pairs), docs+len(sh.lens)
	}
	pairs, lens := make([]uint64, 0, n), make([]int32, 0, docs) // sized: the copy of a sweep's counts
	for _, sh := range ch.shards {
		pairs = append(pairs, sh.pairs...)
		lens = append(lens, sh.lens...)
	}
	slices.Sort(pairs)
	slices.Sort(lens)
	topics := make([]countHist, ch.k)
	for i := 0; i < len(pairs); {
		j := i + 1
		for j < len(pairs) && pairs[j] == pairs[i] {
			j++
		}
		t := int(pairs[i] >> 32)
		topics[t].v = append(topics[t].v, float64(uint32(pairs[i])))
		topics[t].n = append(topics[t].n, float64(j-i))
		i = j
	}
	var lengths countHist
	for i := 0; i < len(lens); {
		j := i + 1
		for j < len(lens) && lens[j] == lens[i] {
			j++
		}
		lengths.v = append(lengths.v, float64(lens[i]))
		lengths.n = append(lengths.n, float64(j-i))
		i = j
	}
	optimizeAlphaHist(ch.alpha, topics, lengths, optimizeIterations)

	maxCount := int64(0)
	shift := ch.wt.shift
	for _, e := range ch.wt.e {
		maxCount = max(maxCount, int64(e>>shift))
	}
	hist := make([]int64, maxCount+1)
	for _, e := range ch.wt.e {
		hist[e>>shift]++ // empty slots land in hist[0], which is ignored
	}
	sizes := make([]int32, 0, ch.k)
	for _, n := range ch.nt {
		if n > 0 {
			sizes = append(sizes, n)
		}
	}
	slices.Sort(sizes)
	var sizeHist countHist
	for i := 0; i < len(sizes); {
		j := i + 1
		for j < len(sizes) && sizes[j] == sizes[i] {
			j++
		}
		sizeHist.v = append(sizeHist.v, float64(sizes[i]))
		sizeHist.n = append(sizeHist.n, float64(j-i))
		i = j
	}
	ch.beta = optimizeBetaHist(ch.beta, ch.v, sparseHist(hist), sizeHist, 200)
	ch.optimized++
}

// addTopics adds the current estimate of every topic, phi_tw = (n_wt +
// beta) / (n_t + V beta), to dst (K x V, row-major).
func (ch *chain[Z, E]) addTopics(dst []float64) {
	v := ch.v
	vbeta := ch.beta * float64(v)
	for t, n := range ch.nt {
		base := ch.beta / (float64(n) + vbeta)
		row := dst[t*v : (t+1)*v]
		for w := range row {
			row[w] += base
		}
	}
	shift, mask := ch.wt.shift, ch.wt.mask
	for w := range v {
		for _, e := range ch.wt.row(int32(w)) {
			if e == 0 {
				break
			}
			t := int(e & mask)
			dst[t*v+w] += float64(e>>shift) / (float64(ch.nt[t]) + vbeta)
		}
	}
}

// save adds the current state to the average of saved states.
func (ch *chain[Z, E]) save() {
	if ch.phiSum == nil {
		ch.phiSum = make([]float64, ch.k*ch.v)
		ch.weightSum = make([]float64, ch.k)
	}
	ch.addTopics(ch.phiSum)
	for t, n := range ch.nt {
		ch.weightSum[t] += float64(n) / float64(ch.tokens)
	}
	ch.saved++
}

// currentTopics returns the topics of the current state alone.
func (ch *chain[Z, E]) currentTopics() [][]float64 {
	flat := make([]float64, ch.k*ch.v)
	ch.addTopics(flat)
	topics := make([][]float64, ch.k)
	for t := range topics {
		topics[t] = flat[t*ch.v : (t+1)*ch.v : (t+1)*ch.v]
		normalise(topics[t])
	}
	return topics
}

// currentWeights returns the share of the tokens of each topic.
func (ch *chain[Z, E]) currentWeights() []float64 {
	w := make([]float64, ch.k)
	for t, n := range ch.nt {
		w[t] = float64(n) / float64(ch.tokens)
	}
	return w
}

// model returns a model with the given topics and weights, the current
// alpha and the fit's parameters.
func (ch *chain[Z, E]) model(topics [][]float64, weights []float64) *model.Model {
	o := ch.o
	scheme := "exact collapsed Gibbs sampling (one shard)"
	if p := len(ch.shards); p > 1 {
		scheme = fmt.Sprintf("%d x %d blocks of contiguous documents and words (Yan, Xu and Qi 2009): %d at a time in parallel against the shared topic-word counts, each with its own copy of the topic totals, merged after every step", p, p, p)
	}
	params := map[string]any{
		"sampler":           "SparseLDA (Yao, Mimno and McCallum 2009)",
		"iterations":        o.Iterations,
		"burn_in":           o.BurnIn,
		"save_every":        o.SaveEvery,
		"saved_states":      ch.saved,
		"alpha_sum_init":    sum(initialAlpha(o.AlphaSum, ch.k)),
		"beta_init":         o.Beta,
		"beta":              ch.beta,
		"optimize_interval": o.OptimizeInterval,
		"init":              string(o.Init),
		"shards":            len(ch.shards),
		"scheme":            scheme,
		"tokens":            ch.tokens,
	}
	if ch.llEvals > 0 {
		params["ll_per_token"] = ch.llLast
	}
	if o.OptimizeInterval > 0 {
		params["optimize_burn_in"] = o.OptimizeBurnIn
		params["optimizations"] = ch.optimized
	}
	return &model.Model{
		Algorithm:    "gibbs",
		Params:       params,
		K:            ch.k,
		Vocab:        ch.c.Vocab,
		Topics:       topics,
		Alpha:        slices.Clone(ch.alpha),
		TopicWeights: weights,
		Provenance:   ch.prov,
	}
}

// normalise scales x to sum 1 (x must have a positive sum).
func normalise(x []float64) {
	s := 0.0
	for _, v := range x {
		s += v
	}
	for i := range x {
		x[i] /= s
	}
}
