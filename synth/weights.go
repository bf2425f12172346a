package synth

import (
	"context"
	"math/rand/v2"
	"slices"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/ctxio"
	"github.com/hulltopics/hull/internal/progress"
	"github.com/hulltopics/hull/model"
)

// WeightsGenerator is a Generator that can also return the topic weights
// it drew for each document: the "true document distribution" that the
// LDAC predictor of Wang et al. (Projector, section 6.1) needs, theta_d
// with word distribution sum_k theta_dk A_k. Every generator of this
// package (but Demo, which is not a Generator) implements it.
type WeightsGenerator interface {
	Generator
	// GenerateWeights is Generate that also returns theta: theta[d] holds
	// the K topic weights (on the simplex, topics numbered as in the true
	// model) drawn for document d of the corpus. The corpus and model are
	// those Generate returns for the same rng state: recording the weights
	// draws no random number.
	GenerateWeights(rng *rand.Rand) (*corpus.Corpus, *model.Model, [][]float64, error)
}

var (
	_ WeightsGenerator = LDA{}
	_ WeightsGenerator = Separable{}
	_ WeightsGenerator = Ke{}
	_ WeightsGenerator = Dominant{}
	_ WeightsGenerator = Correlated{}
	_ WeightsGenerator = Swimmer{}
	_ WeightsGenerator = Semi{}
)

// Draw draws g's corpus, true model and document weights from rng, the
// same as g.GenerateWeights(rng), but stops with ctx's error when ctx is
// done and reports to report (if not nil) the documents drawn, as the
// stage "draw documents". A WeightsGenerator of another package is run by its GenerateWeights,
// with ctx checked before and after.
func Draw(ctx context.Context, g WeightsGenerator, rng *rand.Rand, report func(stage string, done, total int)) (*corpus.Corpus, *model.Model, [][]float64, error) {
	if err := ctxio.Err(ctx); err != nil {
		return nil, nil, nil, err
	}
	own, ok := g.(drawer)
	if !ok {
		c, m, theta, err := g.GenerateWeights(rng)
		if err == nil {
			err = ctx.Err()
		}
		return c, m, theta, err
	}
	return withWeights(ctx, rng, own.generate, report)
}

// drawer is implemented by the generators of this package.
type drawer interface {
	generate(rng *rand.Rand, draw *drawing) (*corpus.Corpus, *model.Model, error)
}

// drawing hears of the documents a generator draws: it keeps their
// weights, counts them on p and stops the drawing when ctx is done.
type drawing struct {
	ctx    context.Context
	report progress.Func
	p      *progress.Counter // of the documents
	topics *progress.Counter // of the topics
	theta  [][]float64
}

// topic hears that unit i of the n units of the topics is drawn (a topic,
// or for Ding's separable topics a word's row), which can take seconds
// each at a million words; it returns ctx's error once ctx is done.
func (dr *drawing) topic(i, n int) error {
	if dr == nil {
		return nil
	}
	if i == 0 {
		dr.topics = progress.New(dr.report, "draw topics", n, progress.Step(n))
	}
	dr.topics.Add(1)
	if i == n-1 {
		dr.topics.Finish()
	}
	return dr.ctx.Err()
}

// err returns ctx's error once ctx is done (nil for a nil drawing).
func (dr *drawing) err() error {
	if dr == nil {
		return nil
	}
	return dr.ctx.Err()
}

// ctxEvery is how many documents are drawn between two looks at ctx.
const ctxEvery = 64

// document hears of document d of docs, drawn with weights theta (which
// it copies); it returns ctx's error once ctx is done.
func (dr *drawing) document(d, docs int, theta []float64) error {
	if dr == nil {
		return nil
	}
	if d == 0 {
		dr.p = progress.New(dr.report, "draw documents", docs, progress.Step(docs))
		dr.theta = make([][]float64, 0, docs)
	}
	dr.theta = append(dr.theta, slices.Clone(theta))
	dr.p.Add(1)
	if d == docs-1 {
		dr.p.Finish()
	}
	if d%ctxEvery == 0 {
		return dr.ctx.Err()
	}
	return nil
}

// withWeights runs generate, keeping each document's weights, stopped by
// ctx and reporting to report (see Draw).
func withWeights(ctx context.Context, rng *rand.Rand, generate func(*rand.Rand, *drawing) (*corpus.Corpus, *model.Model, error), report progress.Func) (*corpus.Corpus, *model.Model, [][]float64, error) {
	dr := &drawing{ctx: ctx, report: report}
	c, m, err := generate(rng, dr)
	if err != nil {
		return nil, nil, nil, err
	}
	return c, m, dr.theta, nil
}

// GenerateWeights is Generate, also returning each document's topic
// weights (see WeightsGenerator).
func (g LDA) GenerateWeights(rng *rand.Rand) (*corpus.Corpus, *model.Model, [][]float64, error) {
	return withWeights(context.Background(), rng, g.generate, nil)
}

// GenerateWeights is Generate, also returning each document's topic
// weights (see WeightsGenerator).
func (s Separable) GenerateWeights(rng *rand.Rand) (*corpus.Corpus, *model.Model, [][]float64, error) {
	return withWeights(context.Background(), rng, s.generate, nil)
}

// GenerateWeights is Generate, also returning each document's topic
// weights (see WeightsGenerator).
func (g Ke) GenerateWeights(rng *rand.Rand) (*corpus.Corpus, *model.Model, [][]float64, error) {
	return withWeights(context.Background(), rng, g.generate, nil)
}

// GenerateWeights is Generate, also returning each document's topic
// weights (see WeightsGenerator).
func (g Dominant) GenerateWeights(rng *rand.Rand) (*corpus.Corpus, *model.Model, [][]float64, error) {
	return withWeights(context.Background(), rng, g.generate, nil)
}

// GenerateWeights is Generate, also returning each document's topic
// weights (see WeightsGenerator).
func (g Correlated) GenerateWeights(rng *rand.Rand) (*corpus.Corpus, *model.Model, [][]float64, error) {
	return withWeights(context.Background(), rng, g.generate, nil)
}

// GenerateWeights is Generate, also returning each document's topic
// weights (see WeightsGenerator).
func (g Swimmer) GenerateWeights(rng *rand.Rand) (*corpus.Corpus, *model.Model, [][]float64, error) {
	return withWeights(context.Background(), rng, g.generate, nil)
}

// GenerateWeights is Generate, also returning each document's topic
// weights (see WeightsGenerator).
func (g Semi) GenerateWeights(rng *rand.Rand) (*corpus.Corpus, *model.Model, [][]float64, error) {
	return withWeights(context.Background(), rng, g.generate, nil)
}
