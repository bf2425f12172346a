package lda

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/internal/docinfer"
	"github.com/hulltopics/hull/internal/parallel"
	"github.com/hulltopics/hull/internal/special"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
)

// AlphaMode selects how the variational learner estimates alpha.
type AlphaMode string

// The alpha estimates of VB.
const (
	// AlphaSymmetric estimates one alpha_k shared by all topics by
	// Newton's method, as lda-c ("estimate").
	AlphaSymmetric AlphaMode = "symmetric"
	// AlphaAsymmetric estimates every alpha_k by Minka's fixed point.
	AlphaAsymmetric AlphaMode = "asymmetric"
	// AlphaFixed keeps the initial symmetric alpha (lda-c's "fixed").
	AlphaFixed AlphaMode = "fixed"
)

// Defaults of VBOptions.
const (
	DefaultVBIterations = 100
	// DefaultVBTolerance is lda-c's EM convergence threshold on the
	// relative change of the bound.
	DefaultVBTolerance = 1e-4
)

// VBStage is the progress stage of the EM iterations, in iterations.
const VBStage = "vb"

// VBOptions are the parameters of the variational learner. The zero value
// of each field selects its documented default.
type VBOptions struct {
	// Settings are the run settings. The seed drives the random
	// initialisation (the only random choice); results do not depend on
	// Threads; the memory bound applies to EstimateVBBytes. Log, unless
	// Bound is set, receives the bound after every E-step as lines "vb
	// iteration 3: bound per token -7.1234". Progress receives the EM
	// iterations done under VBStage (and the anchor fit's stages with
	// InitAnchor).
	learner.Settings
	// Iterations is the largest number of EM iterations; default 100.
	Iterations int
	// Tolerance stops EM once the bound improves by less than this
	// fraction in one iteration; default 1e-4 (lda-c's). An iteration
	// whose bound decreases (possible when E-steps stop at their cap)
	// never stops EM.
	Tolerance float64
	// EStepIterations and EStepTolerance bound each document's E-step,
	// as infer.Options' Iterations and Tolerance bound VB inference;
	// defaults infer.DefaultIterations and infer.DefaultTolerance.
	EStepIterations int
	EStepTolerance  float64
	// AlphaSum is the initial total concentration sum_k alpha_k of the
	// symmetric prior of the documents' topic weights (alpha_k =
	// AlphaSum/K); 0 selects 0.1 K at Fit.
	AlphaSum float64
	// AlphaMode selects the estimate of alpha after every M-step:
	// AlphaSymmetric (default, lda-c's), AlphaAsymmetric or AlphaFixed.
	AlphaMode AlphaMode
	// Eta is the parameter of the symmetric Dirichlet prior of the topics
	// (smoothed LDA, Blei et al. 2003, section 5.4); default 0.01.
	Eta float64
	// Init selects the initial topics: InitRandom (default: lda-c's
	// random initialisation) or InitAnchor.
	Init Init
	// InitModel, with InitAnchor, supplies the initial topics instead of
	// an anchor fit.
	InitModel *model.Model
	// Bound, if non-nil, receives the evidence lower bound per token
	// after every E-step, instead of Settings.Log.
	Bound func(iteration int, perToken float64)
}

// VB learns LDA by batch variational EM (Blei, Ng and Jordan 2003), as
// lda-c. Create it with NewVB.
type VB struct{ opts VBOptions }

var _ learner.Learner = (*VB)(nil)

// NewVB validates opts, fills in defaults and returns a VB learner.
func NewVB(opts VBOptions) (*VB, error) {
	o := opts
	if o.Iterations == 0 {
		o.Iterations = DefaultVBIterations
	}
	if o.Tolerance == 0 {
		o.Tolerance = DefaultVBTolerance
	}
	if o.EStepIterations == 0 {
		o.EStepIterations = infer.DefaultIterations
	}
	if o.EStepTolerance == 0 {
		o.EStepTolerance = infer.DefaultTolerance
	}
	if o.AlphaMode == "" {
		o.AlphaMode = AlphaSymmetric
	}
	if o.Eta == 0 {
		o.Eta = DefaultBeta
	}
	if o.Init == "" {
		o.Init = InitRandom
	}
	bad := func(field string, value any, want string) error {
		return &learner.OptionError{Learner: "vb", Field: field, Value: value, Want: want}
	}
	switch {
	case o.Iterations < 0:
		return nil, bad("Iterations", o.Iterations, ">= 0 (0: 100)")
	case !positiveFinite(o.Tolerance):
		return nil, bad("Tolerance", o.Tolerance, "positive and finite (0: 1e-4)")
	case o.EStepIterations < 0:
		return nil, bad("EStepIterations", o.EStepIterations, "> 0")
	case !positiveFinite(o.EStepTolerance):
		return nil, bad("EStepTolerance", o.EStepTolerance, "positive and finite")
	case !(o.AlphaSum >= 0) || math.IsInf(o.AlphaSum, 1):
		return nil, bad("AlphaSum", o.AlphaSum, "positive and finite (0: 0.1 K)")
	case !positiveFinite(o.Eta):
		return nil, bad("Eta", o.Eta, "positive and finite")
	}
	switch o.AlphaMode {
	case AlphaSymmetric, AlphaAsymmetric, AlphaFixed:
	default:
		return nil, bad("AlphaMode", o.AlphaMode, "symmetric, asymmetric or fixed")
	}
	if err := o.Settings.Validate("vb"); err != nil {
		return nil, err
	}
	if err := checkInit("vb", o.Init, o.InitModel); err != nil {
		return nil, err
	}
	return &VB{opts: o}, nil
}

// Options returns the learner's options with defaults filled in.
func (l *VB) Options() VBOptions { return l.opts }

// EstimateVBBytes returns the working memory of a VB fit of c with k
// topics on threads goroutines: four V x K matrices (the variational
// parameters lambda, exp(E[log beta]) word-major, the expected counts and
// the model), two D x K matrices (gamma and exp(E[log theta])), the
// word-major copy of the counts and a workspace per goroutine.
func EstimateVBBytes(c *corpus.Corpus, k, threads int) int64 {
	kv := int64(k) * int64(c.NumWords())
	dk := int64(k) * int64(c.NumDocs())
	return 4*8*kv + 2*8*dk + 16*c.NNZ() + int64(parallel.Threads(threads))*(8*int64(k)*64+1<<16)
}

// vbGrain is the fixed block of documents or words of the parallel loops
// whose partial sums are added in block order, so that the result does
// not depend on the threads.
const vbGrain = 64

// Fit learns k topics from c by variational EM. It fails for k < 1, a
// corpus with no token, an InitModel that does not match c and k (on
// another vocabulary: an error wrapping model.ErrVocabMismatch), with a
// *learner.MemoryError when EstimateVBBytes exceeds MaxMemory, and with
// ctx.Err() when ctx is done first.
func (l *VB) Fit(ctx context.Context, c *corpus.Corpus, k int) (*model.Model, error) {
	o := l.opts
	if k < 1 {
		return nil, fmt.Errorf("lda: K = %d topics, want >= 1", k)
	}
	tokens := c.Tokens()
	if tokens == 0 {
		return nil, fmt.Errorf("lda: the corpus has no token")
	}
	if err := o.Settings.CheckMemory(fmt.Sprintf("lda: variational EM on %d documents, %d words and K = %d", c.NumDocs(), c.NumWords(), k),
		EstimateVBBytes(c, k, o.Threads)); err != nil {
		return nil, err
	}
	var init *model.Model
	pre, err := initStages(o.Init, c, k, o.InitModel, o.Settings, &init)
	if err != nil {
		return nil, err
	}
	var e *em
	var m *model.Model
	timings, err := learner.RunStages(ctx, append(pre,
		learner.Stage{Name: "init", Run: func(context.Context) error {
			e = newEM(c, k, &o)
			e.initLambda(init)
			return nil
		}},
		learner.Stage{Name: "em", Run: func(ctx context.Context) error { return e.run(ctx) }},
		learner.Stage{Name: "topics", Run: func(context.Context) error {
			m = e.model()
			return nil
		}},
	))
	if err != nil {
		return nil, err
	}
	m.Provenance = o.Settings.Provenance(c, timings)
	return m, nil
}

// run alternates E- and M-steps until the bound converges or Iterations.
func (e *em) run(ctx context.Context) error {
	o := e.o
	prev := math.Inf(-1)
	o.Progress.Report(VBStage, 0, o.Iterations)
	for e.iterations < o.Iterations && !e.converged {
		e.iterations++
		bound, err := e.eStep(ctx)
		if err != nil {
			return err
		}
		perToken := bound / float64(e.tokens)
		e.last = perToken
		if o.Bound != nil {
			o.Bound(e.iterations, perToken)
		} else {
			o.Settings.Logf("vb iteration %d: bound per token %.4f", e.iterations, perToken)
		}
		if e.iterations > 1 {
			change := (bound - prev) / math.Abs(prev)
			e.converged = change >= 0 && change < o.Tolerance
		}
		prev = bound
		e.mStep()
		o.Progress.Report(VBStage, e.iterations, o.Iterations)
	}
	if e.iterations < o.Iterations {
		o.Progress.Report(VBStage, o.Iterations, o.Iterations)
	}
	return nil
}

// em is the state of variational EM.
type em struct {
	o      *VBOptions
	c      *corpus.Corpus
	k, v   int
	tokens int64
	// Word-major copy of the counts: word w occurs in documents
	// wmDoc[wmStart[w]:wmStart[w+1]] with counts wmCount[...].
	wmStart []int64
	wmDoc   []int32
	wmCount []int32

	alpha  []float64
	lambda []float64        // K x V, row-major: lambda_kw = eta + expected counts
	topics *docinfer.Topics // exp(E[log beta]), word-major, for the E-step
	tTerm  float64          // the bound's topic terms for lambda

	gamma   []float64 // D x K
	expElog []float64 // D x K: exp(E[log theta_dk] - max_j E[log theta_dj])
	offset  []float64 // D: max_j E[log theta_dj]
	stats   []float64 // V x K, word-major: expected counts of the last E-step
	ss      []float64 // sum_d E[log theta_dk] of the last E-step
	used    int       // documents with a token
	updates float64   // mean E-step updates per document in the last E-step

	iterations int     // EM iterations run
	converged  bool    // whether the bound converged
	last       float64 // the bound per token after the last E-step
}

func newEM(c *corpus.Corpus, k int, o *VBOptions) *em {
	e := &em{o: o, c: c, k: k, v: c.NumWords(), tokens: c.Tokens()}
	// Word-major copy by counting sort; documents stay in order.
	e.wmStart = make([]int64, e.v+1)
	for _, w := range c.Words {
		e.wmStart[w+1]++
	}
	for w := range e.v {
		e.wmStart[w+1] += e.wmStart[w]
	}
	e.wmDoc = make([]int32, len(c.Words))
	e.wmCount = make([]int32, len(c.Words))
	next := slices.Clone(e.wmStart[:e.v])
	for d := range c.NumDocs() {
		words, counts := c.Doc(d)
		for q, w := range words {
			e.wmDoc[next[w]] = int32(d)
			e.wmCount[next[w]] = counts[q]
			next[w]++
		}
	}
	e.alpha = initialAlpha(o.AlphaSum, k)
	numDocs := c.NumDocs()
	e.gamma = make([]float64, numDocs*k)
	e.expElog = make([]float64, numDocs*k)
	e.offset = make([]float64, numDocs)
	e.stats = make([]float64, e.v*k)
	e.ss = make([]float64, k)
	e.lambda = make([]float64, k*e.v)
	e.topics = &docinfer.Topics{K: k, V: e.v, W: make([]float64, e.v*k)}
	return e
}

// initLambda sets the initial variational topics: lambda_k = eta + n_k
// beta0_k, beta0_k being init's topic k (n_k its share of the tokens by
// init's topic weights, or N/K) or, for a random start, lda-c's random
// topics, 1/V + U(0, 1) per word normalised (with n_k = N/K).
func (e *em) initLambda(init *model.Model) {
	k, v := e.k, e.v
	n := float64(e.tokens)
	rng := rand.New(rand.NewPCG(e.o.Seed^initStream, 0x7662)) // "vb"
	for t := range k {
		row := e.lambda[t*v : (t+1)*v]
		share := n / float64(k)
		if init != nil {
			copy(row, init.Topics[t])
			if len(init.TopicWeights) == k {
				share = n * ((1-0.01)*init.TopicWeights[t] + 0.01/float64(k))
			}
		} else {
			for w := range row {
				row[w] = 1/float64(v) + rng.Float64()
			}
		}
		normalise(row)
		for w := range row {
			row[w] = e.o.Eta + share*row[w]
		}
	}
	e.setTopics()
}

// setTopics computes exp(E[log beta]) from lambda, word-major, and the
// bound's topic terms
//
//	sum_k [lgamma(V eta) - V lgamma(eta) - lgamma(sum_w lambda_kw)
//	       + sum_w lgamma(lambda_kw) + (eta - lambda_kw) E[log beta_kw]].
func (e *em) setTopics() {
	k, v, eta := e.k, e.v, e.o.Eta
	psiSum := make([]float64, k)
	terms := make([]float64, k)
	for t := range k {
		row := e.lambda[t*v : (t+1)*v]
		s := 0.0
		for _, l := range row {
			s += l
		}
		psiSum[t] = special.Digamma(s)
		terms[t] = lgamma(float64(v)*eta) - float64(v)*lgamma(eta) - lgamma(s)
	}
	blocks := make([]float64, (v+vbGrain-1)/vbGrain)
	parallel.For(context.Background(), v, vbGrain, e.o.Threads, func(lo, hi int) {
		s := 0.0
		for w := lo; w < hi; w++ {
			dst := e.topics.W[w*k : (w+1)*k]
			for t := range k {
				l := e.lambda[t*v+w]
				elog := special.Digamma(l) - psiSum[t]
				dst[t] = math.Exp(elog)
				s += lgamma(l) + (eta-l)*elog
			}
		}
		blocks[lo/vbGrain] = s
	}, nil)
	e.tTerm = 0
	for _, x := range terms {
		e.tTerm += x
	}
	for _, x := range blocks {
		e.tTerm += x
	}
}

// eStep runs the E-step of every document (docinfer.VBDocument) and the
// expected counts, and returns the evidence lower bound at the documents'
// variational parameters and the current lambda.
func (e *em) eStep(ctx context.Context) (float64, error) {
	k := e.k
	numDocs := e.c.NumDocs()
	settings := docinfer.VBSettings{MaxIter: e.o.EStepIterations, Tolerance: e.o.EStepTolerance}
	sumAlpha, lgAlpha := 0.0, 0.0
	for _, a := range e.alpha {
		sumAlpha += a
		lgAlpha += lgamma(a)
	}
	docBlocks := make([]float64, (numDocs+vbGrain-1)/vbGrain)
	ssBlocks := make([]float64, len(docBlocks)*k)
	usedBlocks := make([]int, len(docBlocks))
	updBlocks := make([]int, len(docBlocks))
	pool := sync.Pool{New: func() any { return docinfer.NewWorkspace(k) }}
	err := parallel.For(ctx, numDocs, vbGrain, e.o.Threads, func(lo, hi int) {
		ws := pool.Get().(*docinfer.Workspace)
		defer pool.Put(ws)
		b := lo / vbGrain
		ss := ssBlocks[b*k : (b+1)*k]
		bound := 0.0
		for d := lo; d < hi; d++ {
			words, counts := e.c.Doc(d)
			gamma := e.gamma[d*k : (d+1)*k]
			updBlocks[b] += docinfer.VBDocument(e.topics, words, counts, e.alpha, settings, gamma, ws)
			ee := e.expElog[d*k : (d+1)*k]
			if len(words) == 0 {
				clear(ee)
				continue
			}
			usedBlocks[b]++
			gSum := 0.0
			for _, g := range gamma {
				gSum += g
			}
			psiSum := special.Digamma(gSum)
			top := math.Inf(-1)
			// E[log theta] first, in ee.
			for j, g := range gamma {
				ee[j] = special.Digamma(g) - psiSum
				top = max(top, ee[j])
			}
			bound += lgamma(sumAlpha) - lgAlpha - lgamma(gSum)
			for j, g := range gamma {
				el := ee[j]
				ss[j] += el
				bound += (e.alpha[j]-g)*el + lgamma(g)
				ee[j] = math.Exp(el - top)
			}
			e.offset[d] = top
		}
		docBlocks[b] = bound
	}, nil)
	if err != nil {
		return 0, err
	}
	// Expected counts, word by word.
	v := e.v
	wordBlocks := make([]float64, (v+vbGrain-1)/vbGrain)
	err = parallel.For(ctx, v, vbGrain, e.o.Threads, func(lo, hi int) {
		s := 0.0
		for w := lo; w < hi; w++ {
			row := e.topics.Word(int32(w))
			acc := e.stats[w*k : (w+1)*k]
			clear(acc)
			for i := e.wmStart[w]; i < e.wmStart[w+1]; i++ {
				d := int(e.wmDoc[i])
				ee := e.expElog[d*k : (d+1)*k]
				dot := 0.0
				for j, x := range ee {
					dot += x * row[j]
				}
				if !(dot > 0) {
					continue
				}
				cnt := float64(e.wmCount[i])
				f := cnt / dot
				for j, x := range ee {
					acc[j] += f * x
				}
				s += cnt * (e.offset[d] + math.Log(dot))
			}
			for j := range acc {
				acc[j] *= row[j]
			}
		}
		wordBlocks[lo/vbGrain] = s
	}, nil)
	if err != nil {
		return 0, err
	}
	clear(e.ss)
	bound := e.tTerm
	e.used, e.updates = 0, 0
	for b := range docBlocks {
		bound += docBlocks[b]
		e.used += usedBlocks[b]
		e.updates += float64(updBlocks[b])
		for j := range k {
			e.ss[j] += ssBlocks[b*k+j]
		}
	}
	if e.used > 0 {
		e.updates /= float64(e.used)
	}
	for _, s := range wordBlocks {
		bound += s
	}
	return bound, nil
}

// mStep sets lambda = eta + the expected counts, then estimates alpha.
func (e *em) mStep() {
	k, v := e.k, e.v
	for w := range v {
		for t := range k {
			e.lambda[t*v+w] = e.o.Eta + e.stats[w*k+t]
		}
	}
	e.setTopics()
	if e.used == 0 {
		return
	}
	switch e.o.AlphaMode {
	case AlphaSymmetric:
		total := 0.0
		for _, s := range e.ss {
			total += s
		}
		a := symmetricAlphaNewton(total, e.used, k)
		if positiveFinite(a) {
			for j := range e.alpha {
				e.alpha[j] = a
			}
		}
	case AlphaAsymmetric:
		mean := make([]float64, k)
		for j, s := range e.ss {
			mean[j] = s / float64(e.used)
		}
		next := asymmetricAlphaFixedPoint(e.alpha, mean)
		for j, a := range next {
			if positiveFinite(a) {
				e.alpha[j] = a
			}
		}
	}
}

// model returns the posterior-mean topics lambda_k / sum_w lambda_kw.
func (e *em) model() *model.Model {
	k, v := e.k, e.v
	topics := make([][]float64, k)
	weights := make([]float64, k)
	for t := range topics {
		topics[t] = slices.Clone(e.lambda[t*v : (t+1)*v])
		normalise(topics[t])
	}
	for w := range v {
		for t := range k {
			weights[t] += e.stats[w*k+t]
		}
	}
	normalise(weights)
	return &model.Model{
		Algorithm: "vb",
		Params: map[string]any{
			"iterations":          e.o.Iterations,
			"iterations_run":      e.iterations,
			"converged":           e.converged,
			"tolerance":           e.o.Tolerance,
			"bound_per_token":     e.last,
			"init":                string(e.o.Init),
			"alpha_mode":          string(e.o.AlphaMode),
			"alpha_sum_init":      sum(initialAlpha(e.o.AlphaSum, k)),
			"eta":                 e.o.Eta,
			"e_step_iterations":   e.o.EStepIterations,
			"e_step_tolerance":    e.o.EStepTolerance,
			"mean_e_step_updates": math.Round(e.updates*10) / 10,
		},
		K:            k,
		Vocab:        e.c.Vocab,
		Topics:       topics,
		Alpha:        slices.Clone(e.alpha),
		TopicWeights: weights,
	}
}
