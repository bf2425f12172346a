package lda

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/internal/docinfer"
	"github.com/hulltopics/hull/internal/parallel"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
)

// Streams XORed into the seed so that the learners' random choices are
// independent of each other and of package infer's (all draw per-document
// streams by docinfer.DocSeed).
const (
	initStream  = 0x6c64612d696e6974 // "lda-init"
	sweepStream = 0x6c64612d73776570 // "lda-swep"
	blockStream = 0x6c64612d626c6b73 // "lda-blks"
)

// anchorLearner is the registered name of the learner whose model
// InitAnchor starts from when no InitModel is given. Package lda does not
// import package anchor (learners do not import each other): the program
// does, which registers it.
var anchorLearner = "anchor"

// anchorMissing is the error of InitAnchor without InitModel when the
// anchor learner is not registered; lookup is the registry's error.
func anchorMissing(lookup error) error {
	return fmt.Errorf("lda: InitAnchor without InitModel fits the %q learner, which is not registered: "+
		"import package github.com/hulltopics/hull/anchor (a blank import will do) or set InitModel: %w", anchorLearner, lookup)
}

// initStages prepares the starting model of InitAnchor, which the
// returned stages (to run first) leave in *dst: a given InitModel is
// checked against c and k and used as it is (no stage); otherwise stage
// "anchor" fits one by the registered anchor learner with its default
// options and the learner's settings s (seed, threads, memory bound,
// progress). InitRandom needs nothing.
func initStages(init Init, c *corpus.Corpus, k int, given *model.Model, s learner.Settings, dst **model.Model) ([]learner.Stage, error) {
	if init != InitAnchor {
		return nil, nil
	}
	if given != nil {
		if given.K != k || len(given.Topics) != k {
			return nil, fmt.Errorf("lda: InitModel has %d topics, want K = %d", given.K, k)
		}
		if err := given.CheckVocab(c.Vocab); err != nil {
			return nil, fmt.Errorf("lda: InitModel: %w", err)
		}
		if err := given.Validate(); err != nil {
			return nil, fmt.Errorf("lda: InitModel: %w", err)
		}
		*dst = given
		return nil, nil
	}
	l, err := learner.New(anchorLearner, s, nil)
	if errors.Is(err, learner.ErrUnknownLearner) {
		return nil, anchorMissing(err)
	}
	if err != nil {
		return nil, fmt.Errorf("lda: anchor initialisation: %w", err)
	}
	return []learner.Stage{{Name: "anchor", Run: func(ctx context.Context) error {
		m, err := l.Fit(ctx, c, k)
		if err != nil {
			return fmt.Errorf("lda: anchor initialisation: %w", err)
		}
		*dst = m
		return nil
	}}}, nil
}

// assignTopics sets the initial topic of every token of c: z[tokenStart[d]:
// tokenStart[d+1]] holds those of document d, in the order of its words
// (each repeated by its count). Document d draws from a generator seeded
// by docinfer.DocSeed(seed ^ initStream, d), so the result does not depend
// on threads.
//
// With init nil every topic is uniform on [0, K). Otherwise each token of
// word w in document d gets topic j with probability proportional to
// theta_dj phi_jw, phi being init's topics and theta_d the document's
// topic weights inferred under them (VB inference with package infer's
// defaults and infer.AlphaFor(init, 0)): a draw from p(z | w, d) under the
// initial model. A token with phi_jw theta_dj = 0 for every j gets a uniform topic.
// That inference reports its progress, in documents, as GibbsInitStage.
func assignTopics[Z topicID](ctx context.Context, c *corpus.Corpus, k int, init *model.Model, seed uint64, threads int,
	progress learner.Progress, tokenStart []int64, z []Z) error {
	var tp *docinfer.Topics
	var alpha []float64
	if init != nil {
		var err error
		if tp, err = docinfer.NewTopics(init.Topics); err != nil {
			return fmt.Errorf("lda: initial model: %w", err)
		}
		alpha = infer.AlphaFor(init, 0)
	}
	vb := docinfer.VBSettings{MaxIter: infer.DefaultIterations, Tolerance: infer.DefaultTolerance}
	numDocs := c.NumDocs()
	var done func(int)
	if tp != nil && progress != nil {
		progress.Report(GibbsInitStage, 0, numDocs)
		last := 0
		done = func(n int) { // at most every 1% of the documents, and at the end
			if n == numDocs || (n-last)*100 >= numDocs {
				last = n
				progress.Report(GibbsInitStage, n, numDocs)
			}
		}
	}
	return parallel.For(ctx, numDocs, 16, threads, func(lo, hi int) {
		src := rand.NewPCG(0, 0)
		rng := rand.New(src)
		var ws *docinfer.Workspace
		var gamma, cum []float64
		if tp != nil {
			ws = docinfer.NewWorkspace(k)
			gamma, cum = make([]float64, k), make([]float64, k)
		}
		for d := lo; d < hi; d++ {
			s1, s2 := docinfer.DocSeed(seed^initStream, d)
			src.Seed(s1, s2)
			zd := z[tokenStart[d]:tokenStart[d+1]]
			if tp == nil {
				for i := range zd {
					zd[i] = Z(rng.IntN(k))
				}
				continue
			}
			words, counts := c.Doc(d)
			docinfer.VBDocument(tp, words, counts, alpha, vb, gamma, ws)
			i := 0
			for q, w := range words {
				row := tp.Word(w)
				s := 0.0
				for j, b := range row {
					s += gamma[j] * b
					cum[j] = s
				}
				for range counts[q] {
					zd[i] = Z(drawCum(cum, s, rng, k))
					i++
				}
			}
		}
	}, done)
}

// drawCum draws an index from the cumulative weights cum (total s), or a
// uniform index of [0, k) when s is 0.
func drawCum(cum []float64, s float64, rng *rand.Rand, k int) int {
	if !(s > 0) {
		return rng.IntN(k)
	}
	u := rng.Float64() * s
	for j, x := range cum {
		if u < x {
			return j
		}
	}
	for j := len(cum) - 1; j > 0; j-- { // rounding: the last positive weight
		if cum[j] > cum[j-1] {
			return j
		}
	}
	return 0
}

// initialAlpha returns the symmetric alpha of total sum (0: 0.1 K).
func initialAlpha(sum float64, k int) []float64 {
	if sum == 0 {
		sum = DefaultAlphaPerTopic * float64(k)
	}
	alpha := make([]float64, k)
	for j := range alpha {
		alpha[j] = sum / float64(k)
	}
	return alpha
}

func sum(x []float64) float64 {
	s := 0.0
	for _, v := range x {
		s += v
	}
	return s
}
