package anchor

import (
	"context"
	"fmt"

	"github.com/hulltopics/hull/cooc"
	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
)

// input is what a fit reads: a corpus, or co-occurrence statistics
// computed from one (perhaps in pieces, elsewhere).
type input struct {
	c     *corpus.Corpus // nil when fitting from statistics
	stats *cooc.Stats
	vocab []string
	docs  int
	df    []int // documents containing each word
}

func corpusInput(c *corpus.Corpus) input {
	return input{c: c, vocab: c.Vocab, docs: c.NumDocs(), df: c.DocFreq()}
}

func statsInput(s *cooc.Stats) input {
	df := make([]int, len(s.DocFreq))
	for w, n := range s.DocFreq {
		df[w] = int(n)
	}
	return input{stats: s, vocab: s.Vocab, docs: int(s.Docs), df: df}
}

// source returns Q: the operator over the corpus, or the dense matrix of
// the statistics.
func (in input) source(ctx context.Context, o *Options) (cooc.Source, error) {
	if in.c != nil {
		return cooc.NewOperator(in.c, o.Threads)
	}
	m, err := in.stats.Matrix(ctx, 0, o.Threads) // the fit's memory check counted it
	if err != nil {
		return nil, err
	}
	return m.Source(o.Threads), nil
}

// checkMemory refuses, before allocating, a fit above o.MaxMemory.
func (in input) checkMemory(k int, o *Options) error {
	if in.c != nil {
		return checkMemory(in.c, k, o)
	}
	v := len(in.vocab)
	return o.Settings.CheckMemory(fmt.Sprintf("anchor: the anchor pipeline from statistics of %d words (the dense %d x %d Q) and K = %d", v, v, v, k),
		EstimateStatsBytes(in.stats, k, *o))
}

func (in input) provenance(s *learner.Settings, timings []model.Timing) model.Provenance {
	if in.c != nil {
		return s.Provenance(in.c, timings)
	}
	return s.StatsProvenance(in.stats, timings)
}

// FitStats learns k topics from co-occurrence statistics instead of a
// corpus (cooc.Stats, as "hull stats" or hull's Beam pipeline computes
// them): the pipeline of Fit on the dense Q the statistics give, so its
// memory grows with V^2 (EstimateStatsBytes) rather than with the corpus.
// Its topics are Fit's on the same documents to the rounding of the sums
// (the anchor words the same unless two candidates tie to that rounding).
// The EM refinement (Refine) needs the documents: FitStats skips it, says
// so in the log, and the model records it ("refine_skipped").
func (l *Learner) FitStats(ctx context.Context, s *cooc.Stats, k int) (*model.Model, error) {
	v := len(s.Vocab)
	if lo, hi := s.Rows(); lo != 0 || hi != v {
		return nil, fmt.Errorf("anchor: the statistics hold rows %d-%d of %d: join them first", lo, hi, v)
	}
	if k < 2 || k >= v {
		return nil, fmt.Errorf("anchor: K = %d topics for %d words: want 2 <= K < V", k, v)
	}
	o := l.opts
	skipped := o.Refine
	o.Refine = 0
	if skipped > 0 {
		o.Settings.Logf("anchor: the statistics hold no documents: the %d refinement iterations are skipped", skipped)
	}
	lr, in := &Learner{opts: o}, statsInput(s)
	var m *model.Model
	var err error
	if o.Rectify == RectifyAuto {
		m, err = lr.auto(ctx, in, k)
	} else {
		m, _, err = lr.fit(ctx, in, k, nil)
	}
	if err != nil {
		return nil, err
	}
	if skipped > 0 {
		m.Params["refine_skipped"] = skipped
	}
	return m, nil
}

// EstimateStatsBytes returns the working memory FitStats needs for s and
// k topics under o, the statistics themselves aside: what EstimateBytes
// counts, with the dense V x V Q (8 V^2 bytes) in place of the operator
// over the documents, and no refinement (FitStats skips it).
func EstimateStatsBytes(s *cooc.Stats, k int, o Options) int64 {
	v := int64(len(s.Vocab))
	df := make([]int, len(s.DocFreq))
	for w, n := range s.DocFreq {
		df[w] = int(n)
	}
	o.Refine = 0
	z := sizes{v: v, d: s.Docs, cands: countCandidates(df, int(s.Docs), k, o), q: 8 * v * v, norms: 8 * v}
	return estimate(z, k, o)
}
