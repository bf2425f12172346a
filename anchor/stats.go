package anchor

import (
	"context"
	"errors"
	"fmt"

	"github.com/hulltopics/hull/cooc"
	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/refine"
)

// input is what a fit reads: a corpus, or co-occurrence statistics
// computed from one (perhaps in pieces, elsewhere).
type input struct {
	c *corpus.Corpus // nil when fitting from statistics
	// summary and matrix are the statistics': their summary (the digest
	// known once matrix has returned) and the dense Q.
	summary *cooc.StatsSummary
	matrix  func(ctx context.Context, threads int) (*cooc.Matrix, error)
	vocab   []string
	docs    int
	df      []int // documents containing each word
	// sample, fitting from statistics, is the documents the refinement
	// runs on in place of the corpus (FitStatsSample), as given until
	// alignSample puts them on vocab; nil: none, the refinement is
	// skipped. sampleCopy is the memory of that copy, which the fit holds
	// beside the caller's sample (corpus.AlignBytes of the sample given).
	sample     *corpus.Corpus
	sampleCopy int64
	// sampleDropped and sampleSpread are alignSample's measures of the
	// sample: the share of its tokens off vocab, and its sampleDispersion.
	sampleDropped, sampleSpread float64
}

// refineDocs returns the documents the refinement runs on: the corpus, or
// the sample of a fit from statistics (nil when there is neither).
func (in input) refineDocs() *corpus.Corpus {
	if in.c != nil {
		return in.c
	}
	return in.sample
}

func corpusInput(c *corpus.Corpus) input {
	return input{c: c, vocab: c.Vocab, docs: c.NumDocs(), df: c.DocFreq()}
}

// statsInput is the input of statistics held in memory.
func statsInput(s *cooc.Stats) input {
	return summaryInput(s.Summary(), func(ctx context.Context, threads int) (*cooc.Matrix, error) {
		return s.Matrix(ctx, 0, threads) // the fit's memory check counted it
	})
}

// readerInput is the input of statistics being read: Q is read from the
// file when the fit needs it, S never held.
func readerInput(r *cooc.StatsReader) input {
	return summaryInput(r.Summary(), func(ctx context.Context, _ int) (*cooc.Matrix, error) {
		return r.Matrix(ctx, 0) // the fit's memory check counted it
	})
}

func summaryInput(s *cooc.StatsSummary, matrix func(context.Context, int) (*cooc.Matrix, error)) input {
	return input{summary: s, matrix: matrix, vocab: s.Vocab, docs: int(s.Docs), df: intDocFreq(s.DocFreq)}
}

func intDocFreq(df []int64) []int {
	out := make([]int, len(df))
	for w, n := range df {
		out[w] = int(n)
	}
	return out
}

// source returns Q: the operator over the corpus, or the dense matrix of
// the statistics.
func (in input) source(ctx context.Context, o *Options) (cooc.Source, error) {
	if in.c != nil {
		return cooc.NewWeightedOperator(in.c, o.Threads, o.Weighting)
	}
	m, err := in.matrix(ctx, o.Threads)
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
	need := EstimateStatsBytes(in.summary, k, *o)
	if in.sample != nil && o.Refine > 0 { // Q dropped before the refinement, as the operator is
		// Counted on the sample's entries whether aligned yet or not.
		need = max(need, refine.Estimate(int64(v), int64(in.sample.NumDocs()), in.sample.NNZ(), int64(k))+24*int64(v))
	}
	need += in.sampleCopy
	return o.Settings.CheckMemory(fmt.Sprintf("anchor: the anchor pipeline from statistics of %d words (the dense %d x %d Q) and K = %d", v, v, v, k), need)
}

func (in input) provenance(s *learner.Settings, timings []model.Timing) model.Provenance {
	if in.c != nil {
		return s.Provenance(in.c, timings)
	}
	return s.StatsProvenance(in.summary, timings)
}

// FitStats learns k topics from co-occurrence statistics instead of a
// corpus (cooc.Stats, as "hull stats" or hull's Beam pipeline computes
// them): the pipeline of Fit on the dense Q the statistics give, so its
// memory grows with V^2 (EstimateStatsBytes) rather than with the corpus.
// Its topics are Fit's on the same documents to the rounding of the sums
// (the anchor words the same unless two candidates tie to that rounding).
// The EM refinement (Refine) needs the documents: FitStats skips it, says
// so in the log, and the model records it ("refine_skipped");
// FitStatsSample runs it on a sample of them.
//
// The statistics stay in memory beside Q; FitStatsReader learns from a
// statistics file without holding them.
func (l *Learner) FitStats(ctx context.Context, s *cooc.Stats, k int) (*model.Model, error) {
	l = l.ready()
	if s == nil {
		return nil, errNoStats
	}
	return l.fitStats(ctx, statsInput(s), k)
}

// errNoStats is the error of a fit on nil statistics.
var errNoStats = errors.New("anchor: no statistics (nil)")

// FitStatsReader is FitStats on statistics being read (their header read,
// their entries not yet): the memory check comes before Q is read, and Q
// is read from r straight into its dense matrix, so that the fit never
// holds the statistics themselves (half the memory of LoadStats and
// FitStats).
func (l *Learner) FitStatsReader(ctx context.Context, r *cooc.StatsReader, k int) (*model.Model, error) {
	l = l.ready()
	if r == nil {
		return nil, errNoStats
	}
	return l.fitStats(ctx, readerInput(r), k)
}

// FitStatsSample is FitStats, then the refinement Fit would run on the
// documents (Refine EM iterations, where Fit refines) run on sample:
// documents of the corpus the statistics count, or of one like it (a
// shard, say), read as the statistics' were (the same tokenizing), over
// any vocabulary: they are aligned to the statistics' (corpus.Align),
// their other words dropped, which the log says. Raw text tokenized
// otherwise than the statistics' documents (their
// Preprocessing.TextOptions: a corpus hull corpus saved records its raw
// text's), or raw text for statistics of tokens made elsewhere (a
// numeric format) and the other way round, is refused
// (ErrSamplePreparation). The topics
// are those of the statistics refined on the sample: with the whole
// corpus as the sample, Fit's to the rounding of the sums where the
// recovered topics have the same zero weights (EM keeps a zero at zero;
// recover's inversion clips weights a rounding apart to zero or not:
// 0.0013 apart on KOS). A sample gains
// distinct top words, but one of a few hundred documents fits the
// topics to them (docs/BENCHMARKS.md, "Weighted statistics and refining
// a fit from statistics on a sample"). The model records the sample's
// size ("refine_sample_docs"), the share of its tokens off the
// statistics' words ("refine_sample_dropped") and how dispersed its
// document frequencies are about the statistics'
// ("refine_sample_dispersion": about 1 for a random sample of their
// documents), so that a model refined on another corpus's documents
// says so after -q hid the log's warning. Refine 0 with a sample is an
// *learner.OptionError: the sample would go unread. The memory check
// counts the refinement on the sample (refine.Estimate) beside the fit
// from the statistics, whose Q is dropped before it, and the sample's
// copy on the statistics' vocabulary (corpus.AlignBytes), held through
// the fit and made after the check.
func (l *Learner) FitStatsSample(ctx context.Context, s *cooc.Stats, k int, sample *corpus.Corpus) (*model.Model, error) {
	l = l.ready()
	if s == nil {
		return nil, errNoStats
	}
	in := statsInput(s)
	if err := in.setSample(sample); err != nil {
		return nil, err
	}
	return l.fitStats(ctx, in, k)
}

// FitStatsReaderSample is FitStatsSample on statistics being read, as
// FitStatsReader.
func (l *Learner) FitStatsReaderSample(ctx context.Context, r *cooc.StatsReader, k int, sample *corpus.Corpus) (*model.Model, error) {
	l = l.ready()
	if r == nil {
		return nil, errNoStats
	}
	in := readerInput(r)
	if err := in.setSample(sample); err != nil {
		return nil, err
	}
	return l.fitStats(ctx, in, k)
}

// setSample keeps sample as the refinement's documents, which alignSample
// puts on the statistics' vocabulary once the memory check has counted
// the copy. A sample prepared otherwise than the statistics' documents
// (see FitStatsSample) is an error.
func (in *input) setSample(sample *corpus.Corpus) error {
	if sample == nil {
		return errors.New("anchor: no refinement sample (use FitStats)")
	}
	p, q := in.summary.Preprocessing, sample.Preprocessing
	// TextOptions: the words of a corpus hull corpus saved were made from
	// raw text too. Statistics record no Saved record (cooc), so a saved
	// corpus meets statistics of its own files as tokens read as tokens.
	pt, qt := p.TextOptions(), q.TextOptions()
	switch {
	case pt != nil && qt != nil:
		if !pt.Equivalent(*qt) {
			return fmt.Errorf("anchor: the refinement sample was tokenized otherwise than the statistics' documents (the sample: %s; the statistics: %s): read it as they were: %w", q, p, ErrSamplePreparation)
		}
	case p != nil && q != nil && (p.Tokenized() && qt == nil || q.Tokenized() && pt == nil):
		// One is raw text hull tokenized now, the other tokens made
		// elsewhere (a numeric format, JSON lines of items) without a
		// record of how: their words are not known to be the same.
		return fmt.Errorf("anchor: the refinement sample was %s, the statistics' documents %s: read it as they were (the same format and tokenizing): %w",
			tokensOf(q), tokensOf(p), ErrSamplePreparation)
	}
	in.sample, in.sampleCopy = sample, corpus.AlignBytes(sample, in.vocab)
	return nil
}

// tokensOf says how the words of documents read as p were made.
func tokensOf(p *corpus.Preprocessing) string {
	if p.TextOptions() != nil {
		return "raw text tokenized by hull (" + p.String() + ")"
	}
	return "read as tokens already made (" + p.String() + ")"
}

// alignSample puts the sample on the statistics' vocabulary, logging what
// the alignment dropped. A sample without a token on the vocabulary is an
// error.
func (in *input) alignSample(s learner.Settings) error {
	aligned, rep := corpus.Align(in.sample, in.vocab)
	if rep.Tokens == 0 {
		return fmt.Errorf("anchor: the refinement sample has no token on the statistics' %d words (%d tokens of %d other words): %w", len(in.vocab), rep.DroppedTokens, rep.UnknownWords, ErrSampleVocab)
	}
	dropped := float64(rep.DroppedTokens) / float64(rep.Tokens+rep.DroppedTokens)
	x := in.sampleDispersion(aligned)
	in.sampleDropped, in.sampleSpread = dropped, x
	if x > foreignDispersion && dropped > foreignDropped {
		s.Logf("anchor: warning: the refinement sample may not be documents of the statistics' corpus: %.0f%% of its tokens are of words the statistics lack, "+
			"and its words' document frequencies are %.3g times as dispersed about the statistics' as a random sample of their documents: "+
			"refined on documents of another corpus, their topics would become its own", 100*dropped, x)
	}
	note := ""
	if rep.DroppedTokens > rep.Tokens {
		note = " (most of its tokens are not the statistics' words: read it as they were, with the same tokenizing)"
	}
	if aligned.NumDocs() > in.docs {
		note += " (more documents than the statistics count: is it of their corpus?)"
	}
	s.Logf("anchor: the refinement sample: %d documents (%.3g%% of the statistics' %d), %d tokens on the statistics' words, %d tokens of %d other words dropped; "+
		"document frequencies %.3g times as dispersed as a sample of the statistics' documents%s",
		aligned.NumDocs(), 100*float64(aligned.NumDocs())/float64(max(in.docs, 1)), in.docs, rep.Tokens, rep.DroppedTokens, rep.UnknownWords, x, note)
	in.sample = aligned
	return nil
}

// ErrSamplePreparation is wrapped by the error of FitStatsSample and
// FitStatsReaderSample for a sample of raw text tokenized otherwise than
// the statistics' (their corpus.Preprocessing differ in Text): its words
// would not be the statistics' words.
var ErrSamplePreparation = errors.New("the sample was prepared otherwise")

// A sample both more dispersed than foreignDispersion (sampleDispersion)
// and dropping more than foreignDropped of its tokens gets a warning, not
// an error: the statistics' own documents can pass both when the
// statistics are pruned. Measured (hull stats of KOS, of Reuters train at
// --min-df 5 --max-df 0.5 and of classic's cran, then hull fit --stats
// with the sample): other corpora give 27.1-7,690 and 28-52% (NIPS and
// AP's LDA-C on KOS; med, cisi and cacm on cran; 20 NIPS documents on KOS
// 27.5 and 44%); documents of the corpus give at most 14.8 and 13% (300
// KOS documents 2.0 and 0%, Reuters' first 1,000 1.4 and 10%, its test
// set 5.4 and 11%, train's documents of one label alone, earn 14.8 and
// 8%, acq 7.1 and 13%, crude 7.4 and 9%), but 500 NIPS papers for
// statistics of NIPS at --max-vocab 2000 give 20.7 and 25%, and a shard
// of KOS's topics at --max-vocab 1000 22.1 and 40% (the dispersion grows
// with the size of a sample that is not drawn at random). A few
// documents of another corpus are not told apart: 20 of AP on KOS give
// 1.4.
const (
	foreignDispersion = 20
	foreignDropped    = 0.25
)

// sampleDispersion returns the chi-square statistic of the sample's
// document frequencies against those a simple random sample of as many
// of the statistics' documents would have (hypergeometric: the variance
// n p (1-p) (D-n)/(D-1) of word w of document share p), per word of
// 0 < p < 1: about 1 for documents drawn from the statistics' corpus,
// far more for another corpus's. A sample of all D documents gives 0; one
// of more than D, which cannot be drawn from them, is taken as drawn
// with replacement (binomial).
func (in *input) sampleDispersion(sample *corpus.Corpus) float64 {
	n, d := float64(sample.NumDocs()), float64(in.docs)
	if n == 0 || n == d {
		return 0
	}
	fpc := 1.0 // more documents than the statistics': binomial
	if n < d {
		fpc = (d - n) / (d - 1)
	}
	var chi2 float64
	var words int
	for w, f := range sample.DocFreq() {
		p := float64(in.df[w]) / d
		if p <= 0 || p >= 1 {
			continue
		}
		dev := float64(f) - n*p
		chi2 += dev * dev / (n * p * (1 - p) * fpc)
		words++
	}
	return chi2 / float64(max(words, 1))
}

// ErrSampleVocab is wrapped by the error of FitStatsSample and
// FitStatsReaderSample for a sample that shares no word with the
// statistics.
var ErrSampleVocab = errors.New("the sample is over other words")

// fitStats is FitStats on either input of statistics.
func (l *Learner) fitStats(ctx context.Context, in input, k int) (*model.Model, error) {
	v := len(in.vocab)
	if lo, hi := in.summary.Rows[0], in.summary.Rows[1]; lo != 0 || hi != v {
		return nil, fmt.Errorf("anchor: the statistics hold rows %d-%d of %d: join them first", lo, hi, v)
	}
	switch {
	case k < 2:
		return nil, fmt.Errorf("anchor: K = %d topics: want 2 <= K < V", k)
	case k >= v:
		return nil, fmt.Errorf("anchor: K = %d topics for %d words: want 2 <= K < V: %w", k, v, learner.ErrTooFewWords)
	}
	if err := checkDocs(k, in.docs); err != nil {
		return nil, err
	}
	o := l.opts
	if w := in.summary.Weighting; o.Weighting != "" && o.Weighting != w {
		return nil, &learner.OptionError{Learner: AlgorithmName(o.Recover), Field: "Weighting", Value: o.Weighting,
			Want: fmt.Sprintf("%s, the weighting the statistics were computed with (or unset, which takes it)", w)}
	}
	o.Weighting = in.summary.Weighting
	if in.sample != nil && o.Refine == 0 {
		return nil, &learner.OptionError{Learner: AlgorithmName(o.Recover), Field: "Refine", Value: 0,
			Want: "at least 1 with a refinement sample, which only the refinement reads"}
	}
	skipped := o.Refine
	if in.sample != nil {
		skipped = 0
		// The aligned copy is made once its memory is counted.
		if err := in.checkMemory(k, &o); err != nil {
			return nil, err
		}
		if err := in.alignSample(o.Settings); err != nil {
			return nil, err
		}
	}
	if skipped > 0 {
		o.Refine = 0
		o.Settings.Logf("anchor: the statistics hold no documents: the %d refinement iterations are skipped", skipped)
	}
	lr := &Learner{opts: o}
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
	if in.sample != nil {
		m.Params["refine_sample_docs"] = in.sample.NumDocs()
		m.Params["refine_sample_dropped"] = in.sampleDropped
		m.Params["refine_sample_dispersion"] = in.sampleSpread
	}
	return m, nil
}

// EstimateStatsBytes returns the working memory FitStats and
// FitStatsReader need for statistics of summary s (Stats.Summary,
// StatsReader.Summary) and k topics under o, the statistics themselves
// aside: what EstimateBytes counts, with the dense V x V Q (8 V^2 bytes)
// in place of the operator over the documents, and no refinement (both
// skip it).
func EstimateStatsBytes(s *cooc.StatsSummary, k int, o Options) int64 {
	v := int64(len(s.Vocab))
	df := intDocFreq(s.DocFreq)
	o.Refine = 0
	z := sizes{v: v, d: s.Docs, cands: countCandidates(df, int(s.Docs), k, o), q: 8 * v * v, norms: 8 * v}
	return estimate(z, k, o)
}
