package eval

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"time"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/stat"
)

// PlusOneLearner is a topic-model learner of PlusOneBench, built anew for
// each split.
type PlusOneLearner struct {
	// Name names the learner's predictor.
	Name string
	// New returns the learner to fit on the training part of the split
	// of the given seed (typically with learner.Settings{Seed: seed}).
	New func(seed uint64) (learner.Learner, error)
}

// PlusOneBenchOptions configure PlusOneBench.
type PlusOneBenchOptions struct {
	// Learners are fitted with K topics on the training part of each split
	// and predict words as TopicPredictors with VB inference.
	Learners []PlusOneLearner
	K        int
	// LSI holds the ranks of the LSI predictors, in order; nil means one of
	// rank K. KNN holds the neighbours of the KNN predictors; nil means one
	// of DefaultKNN. A 0 entry adds no predictor.
	LSI, KNN []int
	// Truth, if not nil, is the true model of a synthetic corpus: it adds
	// the LDAT predictor and the matched cosine of each learner's topics
	// to the truth. TrueWeights, if not nil, are each document's true
	// topic weights by id (ReadDocWeights), for every document of the
	// corpus: they add the LDAC predictor and need Truth.
	Truth       *model.Model
	TrueWeights map[string][]float64
	// Seed seeds the first split, every learner and inference; split r
	// uses Seed + r. Repeat is the number of splits; 0 means 1.
	Seed   uint64
	Repeat int
	// Threads is the number of goroutines of the predictors and inference
	// (0: one per CPU); the result does not depend on it.
	Threads int
	// Log, if not nil, receives a line as each split starts and each
	// learner is fitted on it, for each learner that fails on a split (it
	// is left out of that split) and each cosine that cannot be computed.
	Log func(line string)
}

// PlusOneSummary is one predictor's precision over the splits of
// PlusOneBench. The JSON keys are those of "hull bench plusone --json".
type PlusOneSummary struct {
	Predictor string `json:"predictor"`
	// Precision and StdDev are the mean and (sample) standard deviation
	// of PerSeed, the precision on each split where the predictor ran (0
	// for a single split).
	Precision float64   `json:"precision"`
	StdDev    float64   `json:"std_dev"`
	PerSeed   []float64 `json:"per_seed"`
	// Splits is len(PerSeed); TestDocs the mean number of test documents
	// of those splits, rounded (it was the last split's, beside a mean
	// precision).
	Splits   int `json:"splits"`
	TestDocs int `json:"test_docs"`
	// Cosine is, for a learner with a Truth, the mean over splits of the
	// matched cosine similarity of its topics to the true topics: the
	// mean over the pairs of the maximum-weight matching (RecoveredAt),
	// over min(K, true K) pairs when the numbers of topics differ (Wang
	// et al., Projector, section 5.2).
	Cosine *float64 `json:"cosine,omitempty"`
	// Failure is set for a learner whose fit failed on every split: the
	// error of its first, "eval: plusone: NAME failed on every split: ...".
	// Its row has no precision (Splits 0); the other rows are measured.
	Failure string `json:"failure,omitempty"`
}

// PlusOneBench runs the plusone word-prediction protocol (PlusOne, with
// the paper's default options) on o.Repeat splits of c, seeded o.Seed,
// o.Seed+1, ..., and summarises each predictor's precision over them.
// The predictors are, in this order: Baseline, LSI (one per o.LSI rank),
// KNN (one per o.KNN entry), a TopicPredictor per learner, fitted on the
// split's training part (VB inference seeded by the split's seed), then
// with o.TrueWeights LDAC and with o.Truth LDAT. A learner whose fit fails
// is reported on o.Log and left out of that split, unless ctx is done; one
// that fails on every split has a row with Failure set, in its place
// among the learners'. It returns an *OptionError for
// an option out of range (checked before any work, those that depend on
// a split's training part before any fit: an LSI rank above its documents
// or words, more KNN neighbours than its documents; TrueWeights that lack
// a document of c, its Value the first such document's id, or of the
// wrong length or summing to 0), an error for a learner that cannot be
// built or a predictor that fails, and ctx.Err() if ctx is done first. Time: per
// split, the fits plus PlusOne's.
func PlusOneBench(ctx context.Context, c *corpus.Corpus, o PlusOneBenchOptions) ([]PlusOneSummary, error) {
	if err := o.check(c); err != nil {
		return nil, err
	}
	if o.LSI == nil {
		o.LSI = []int{o.K}
	}
	if o.KNN == nil {
		o.KNN = []int{DefaultKNN}
	}
	var rows []PlusOneSummary
	var cosines [][]float64
	var testDocs []int // summed over the splits, by row
	index := map[string]int{}
	failed := map[string]error{} // the first failure of each learner
	for r := range max(o.Repeat, 1) {
		seed := o.Seed + uint64(r)
		if o.Log != nil {
			o.Log(fmt.Sprintf("plusone: split %d of %d (seed %d)", r+1, max(o.Repeat, 1), seed))
		}
		results, cos, err := o.split(ctx, c, seed, failed)
		if err != nil {
			return nil, err
		}
		for _, res := range results {
			i, ok := index[res.Name]
			if !ok {
				i = len(rows)
				index[res.Name] = i
				rows = append(rows, PlusOneSummary{Predictor: res.Name})
				cosines = append(cosines, nil)
				testDocs = append(testDocs, 0)
			}
			rows[i].PerSeed = append(rows[i].PerSeed, res.Precision)
			testDocs[i] += res.Docs
			if x, ok := cos[res.Name]; ok {
				cosines[i] = append(cosines[i], x)
			}
		}
	}
	for i := range rows {
		r := &rows[i]
		r.Splits = len(r.PerSeed)
		r.TestDocs = int(math.Round(float64(testDocs[i]) / float64(r.Splits)))
		r.Precision, r.StdDev = stat.MeanStdDev(r.PerSeed, nil)
		if r.Splits < 2 {
			r.StdDev = 0
		}
		if len(cosines[i]) > 0 {
			x := stat.Mean(cosines[i], nil)
			r.Cosine = &x
		}
	}
	return orderLearners(rows, index, o.Learners, failed), nil
}

// orderLearners returns rows with the learners' rows in the order of
// learners, together before LDAC and LDAT (a learner that failed on the
// first split came after them), a learner left out of every split with a
// row that says why (missing, it was said only on the log): one failure
// loses no other row. index maps a predictor to its row.
func orderLearners(rows []PlusOneSummary, index map[string]int, learners []PlusOneLearner, failed map[string]error) []PlusOneSummary {
	var ours []PlusOneSummary
	isLearner := map[string]bool{}
	for _, pl := range learners {
		isLearner[pl.Name] = true
		if i, ok := index[pl.Name]; ok {
			ours = append(ours, rows[i])
			continue
		}
		ours = append(ours, PlusOneSummary{Predictor: pl.Name, PerSeed: []float64{},
			Failure: fmt.Sprintf("eval: plusone: %s failed on every split: %v", pl.Name, failed[pl.Name])})
	}
	others := slices.DeleteFunc(slices.Clone(rows), func(r PlusOneSummary) bool { return isLearner[r.Predictor] })
	at := slices.IndexFunc(others, func(r PlusOneSummary) bool { return r.Predictor == LDACLabel || r.Predictor == LDATLabel })
	if at < 0 {
		at = len(others)
	}
	return slices.Insert(others, at, ours...)
}

// check returns an *OptionError for an option out of range, before any
// work; the bounds that depend on a split's training part are checked
// by split.
func (o *PlusOneBenchOptions) check(c *corpus.Corpus) error {
	bad := func(field string, value any, want string, args ...any) error {
		return &OptionError{Options: "PlusOneBenchOptions", Field: field, Value: value, Want: fmt.Sprintf(want, args...)}
	}
	if c == nil {
		return errors.New("eval: plusone: no corpus (nil)")
	}
	if err := c.Validate(); err != nil {
		return fmt.Errorf("eval: plusone: %w", err)
	}
	switch {
	case o.Repeat < 0:
		return bad("Repeat", o.Repeat, ">= 0 (0: 1)")
	case len(o.Learners) > 0 && o.K < 1:
		return bad("K", o.K, ">= 1")
	case o.TrueWeights != nil && o.Truth == nil:
		return errors.New("eval: plusone: TrueWeights need a Truth")
	case o.Truth != nil && !sharesAWord(o.Truth.Vocab, c.Vocab):
		return fmt.Errorf("eval: plusone: the Truth's %d words hold none of the corpus's %d: is it the truth of this corpus?", len(o.Truth.Vocab), c.NumWords())
	}
	for _, list := range []struct {
		field string
		v     []int
	}{{"LSI", o.LSI}, {"KNN", o.KNN}} {
		for i, v := range list.v {
			switch {
			case v < 0:
				return bad(list.field, v, ">= 0 (0: none)")
			case v > c.NumDocs():
				return bad(list.field, v, "at most the %d documents of the corpus", c.NumDocs())
			case list.field == "LSI" && v > c.NumWords():
				return bad(list.field, v, "at most the %d words of the corpus", c.NumWords())
			case v > 0 && slices.Contains(list.v[:i], v):
				return bad(list.field, v, "each value once: a predictor is named by it, and one given twice was averaged with itself")
			}
		}
	}
	for i, l := range o.Learners {
		if l.New == nil {
			return bad("Learners", l.Name, "a New function (it is nil)")
		}
		if slices.ContainsFunc(o.Learners[:i], func(m PlusOneLearner) bool { return m.Name == l.Name }) {
			return bad("Learners", l.Name, "each name once: a learner's rows are found by its name")
		}
	}
	if o.LSI == nil && o.K > min(c.NumDocs(), c.NumWords()) {
		return bad("K", o.K, "at most min(documents, words) = %d: it is also the rank of the default LSI predictor", min(c.NumDocs(), c.NumWords()))
	}
	if o.TrueWeights != nil {
		// Any document may be a test document of a split, which LDAC
		// looks up (it failed after every fit).
		first, missing := "", 0
		for _, id := range c.DocIDs {
			if _, ok := o.TrueWeights[id]; !ok {
				if missing == 0 {
					first = id
				}
				missing++
			}
		}
		if missing > 0 {
			return bad("TrueWeights", first, "the weights of every document of the corpus (%d of its %d documents have none)", missing, c.NumDocs())
		}
	}
	for _, id := range slices.Sorted(maps.Keys(o.TrueWeights)) {
		w := o.TrueWeights[id]
		switch {
		case len(w) != o.Truth.K:
			return bad("TrueWeights", id, "%d weights, one per topic of the truth (it has %d)", o.Truth.K, len(w))
		case floats.Min(w) < 0 || !(floats.Sum(w) > 0) || math.IsInf(floats.Sum(w), 0):
			return bad("TrueWeights", id, "weights >= 0 with a positive, finite sum (it has %v)", w)
		}
	}
	return nil
}

// checkSplit returns an *OptionError when an LSI rank or a KNN count is
// beyond what the training part of the split of seed holds: a rank above
// its documents or words, more neighbours than documents.
func (o *PlusOneBenchOptions) checkSplit(train *corpus.Corpus, seed uint64) error {
	docs, words := train.NumDocs(), train.NumWords()
	for _, r := range o.LSI {
		if r > min(docs, words) {
			return &OptionError{Options: "PlusOneBenchOptions", Field: "LSI", Value: r,
				Want: fmt.Sprintf("at most min(documents, words) = %d of the training part of split %d (%d documents)", min(docs, words), seed, docs)}
		}
	}
	for _, n := range o.KNN {
		if n > docs {
			return &OptionError{Options: "PlusOneBenchOptions", Field: "KNN", Value: n,
				Want: fmt.Sprintf("at most the %d documents of the training part of split %d", docs, seed)}
		}
	}
	return nil
}

// split splits c with seed, fits every learner on the training part and
// scores every predictor; with a truth it also returns each learner's
// matched cosine, by name. A learner whose fit fails is left out, its
// error recorded in failed unless one is already.
func (o *PlusOneBenchOptions) split(ctx context.Context, c *corpus.Corpus, seed uint64, failed map[string]error) ([]PlusOneResult, map[string]float64, error) {
	po := PlusOneOptions{Seed: seed, Threads: o.Threads}
	split, err := SplitPlusOne(c, po)
	if err != nil {
		return nil, nil, err
	}
	if err := o.checkSplit(split.Train, seed); err != nil {
		return nil, nil, err
	}
	predictors := []Predictor{Baseline{}}
	for _, r := range o.LSI {
		if r > 0 {
			predictors = append(predictors, LSI{K: r, Seed: seed, Threads: o.Threads})
		}
	}
	for _, n := range o.KNN {
		if n > 0 {
			predictors = append(predictors, KNN{K: n})
		}
	}
	vb := func(ctx context.Context, m *model.Model, observed *corpus.Corpus) ([][]float64, error) {
		return infer.Infer(ctx, m, observed, infer.Options{Method: infer.VB, Seed: seed, Threads: o.Threads})
	}
	logf := func(format string, args ...any) {
		if o.Log != nil {
			o.Log(fmt.Sprintf(format, args...))
		}
	}
	cosines := map[string]float64{}
	for _, pl := range o.Learners {
		l, err := pl.New(seed)
		if err != nil {
			return nil, nil, err
		}
		start := time.Now()
		m, err := l.Fit(ctx, split.Train, o.K)
		if err == nil {
			logf("plusone: seed %d: %s fitted in %v", seed, pl.Name, time.Since(start).Round(time.Millisecond))
		}
		if err != nil {
			if ctx.Err() != nil {
				return nil, nil, err
			}
			logf("plusone: seed %d: %s failed and is left out: %v", seed, pl.Name, err)
			if failed[pl.Name] == nil {
				failed[pl.Name] = err
			}
			continue
		}
		predictors = append(predictors, TopicPredictor{Label: pl.Name, Model: m, Infer: vb})
		if o.Truth != nil {
			cos, err := matchedCosine(m, o.Truth)
			if err != nil {
				logf("plusone: seed %d: no cosine for %s: %v", seed, pl.Name, err)
				continue
			}
			cosines[pl.Name] = cos
		}
	}
	if o.TrueWeights != nil {
		predictors = append(predictors, LDAC(o.Truth, o.TrueWeights))
	}
	if o.Truth != nil {
		predictors = append(predictors, LDAT(o.Truth, vb))
	}
	results, err := PlusOne(ctx, split, predictors, po)
	return results, cosines, err
}

// matchedCosine is the mean cosine similarity over the pairs of the
// maximum-weight matching of learned to true topics, min(K, K') pairs
// when the numbers of topics differ (CosineRecovery needs equal K).
func matchedCosine(learned, truth *model.Model) (float64, error) {
	r, err := RecoveredAt(learned, truth, 0)
	if err != nil {
		return 0, err
	}
	sum, n := 0.0, 0
	for i, j := range r.Match {
		if j >= 0 {
			sum += r.Cos[i]
			n++
		}
	}
	return sum / float64(max(n, 1)), nil
}

// sharesAWord reports whether the vocabularies a and b have a word in
// common.
func sharesAWord(a, b []string) bool {
	in := make(map[string]bool, len(a))
	for _, w := range a {
		in[w] = true
	}
	return slices.ContainsFunc(b, func(w string) bool { return in[w] })
}
