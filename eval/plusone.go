package eval

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/parallel"
)

// Defaults of PlusOneOptions: the parameters of Wang et al. (Projector,
// section 5.1), p_t = 0.5, H = 30% and s = 3.
const (
	DefaultTrainFraction   = 0.5
	DefaultHoldOutFraction = 0.3
	DefaultPredictions     = 3
)

// plusOneStream is the PCG stream of SplitPlusOne's random source, so that
// the split differs from other uses of the same seed.
const plusOneStream = 0x706c75736f6e65 // "plusone"

// PlusOneOptions configures SplitPlusOne and PlusOne. A zero field takes
// its default.
type PlusOneOptions struct {
	// TrainFraction is the probability that a document goes to the
	// training set (p_t); the others are test documents. It must be in
	// (0, 1). Default 0.5.
	TrainFraction float64
	// HoldOutFraction is the share H of each test document's distinct words
	// held out: round(H*n) of its n distinct words, at least 1 and at most
	// n-1. It must be in (0, 1). Default 0.3.
	HoldOutFraction float64
	// Predictions is the number s of words each predictor guesses per
	// test document; PlusOne uses it. Default 3.
	Predictions int
	// Seed seeds the split; the same corpus, options and seed give the
	// same split.
	Seed uint64
	// Threads bounds the goroutines of PlusOne (<= 0: one per CPU). The
	// result does not depend on it.
	Threads int
}

// withDefaults returns o with zero fields set to their defaults, or an
// error for an invalid field.
func (o PlusOneOptions) withDefaults() (PlusOneOptions, error) {
	if o.TrainFraction == 0 {
		o.TrainFraction = DefaultTrainFraction
	}
	if o.HoldOutFraction == 0 {
		o.HoldOutFraction = DefaultHoldOutFraction
	}
	if o.Predictions == 0 {
		o.Predictions = DefaultPredictions
	}
	switch {
	case !(o.TrainFraction > 0 && o.TrainFraction < 1):
		return o, fmt.Errorf("eval: plusone: train fraction %v outside (0, 1)", o.TrainFraction)
	case !(o.HoldOutFraction > 0 && o.HoldOutFraction < 1):
		return o, fmt.Errorf("eval: plusone: hold-out fraction %v outside (0, 1)", o.HoldOutFraction)
	case o.Predictions < 0:
		return o, fmt.Errorf("eval: plusone: %d predictions", o.Predictions)
	}
	return o, nil
}

// PlusOneSplit is a plusone train/test split of a corpus. Train, Observed
// and the held-out word ids share the corpus's vocabulary and word
// indices.
type PlusOneSplit struct {
	// Train holds the training documents, in corpus order.
	Train *corpus.Corpus
	// Observed holds the observed part of each test document, in corpus
	// order: the document without its held-out words (all their tokens).
	Observed *corpus.Corpus
	// HeldOut holds, for each test document, its held-out distinct word
	// ids in increasing order.
	HeldOut [][]int32
	// TestDocs holds the corpus index of each test document.
	TestDocs []int
	// Skipped is the number of documents drawn for the test set but left
	// out of it (and out of Train) because they have fewer than two
	// distinct words.
	Skipped int
}

// SplitPlusOne splits c for the plusone word-prediction task of Wang et al.
// (Projector, section 5.1): each document goes to the training set with
// probability o.TrainFraction, independently; from each other (test)
// document, round(o.HoldOutFraction*n) of its n distinct words, chosen
// uniformly at random, are held out, at least 1 and at most n-1 (round
// half away from zero: 3 of 10 words, 2 of 5, 1 of 2 to 4). Every token of
// a held-out word is removed from the observed part. The paper does not
// say what it does with test documents of a single distinct word; here
// they are skipped (counted in Skipped), as nothing could be both observed
// and held out. All randomness comes from o.Seed: the split is
// reproducible. It returns an error for invalid options or if the test
// set comes out empty. Time O(nnz).
func SplitPlusOne(c *corpus.Corpus, o PlusOneOptions) (*PlusOneSplit, error) {
	if c == nil {
		return nil, errors.New("eval: plus-one split: no corpus (nil)")
	}
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("eval: plus-one split: %w", err)
	}
	o, err := o.withDefaults()
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(o.Seed, plusOneStream))
	train := &corpus.Corpus{Vocab: c.Vocab, DocIDs: []string{}, Offsets: []int64{0}}
	obs := &corpus.Corpus{Vocab: c.Vocab, DocIDs: []string{}, Offsets: []int64{0}}
	s := &PlusOneSplit{Train: train, Observed: obs}
	var perm []int
	var held []bool
	for d := range c.NumDocs() {
		words, counts := c.Doc(d)
		if rng.Float64() < o.TrainFraction {
			appendDocTo(train, c.DocIDs[d], words, counts)
			continue
		}
		n := len(words)
		if n < 2 {
			s.Skipped++
			continue
		}
		h := min(max(1, int(math.Round(o.HoldOutFraction*float64(n)))), n-1)
		perm = perm[:0]
		for i := range n {
			perm = append(perm, i)
		}
		// Partial Fisher-Yates: perm[:h] is a uniform h-subset.
		for i := range h {
			j := i + rng.IntN(n-i)
			perm[i], perm[j] = perm[j], perm[i]
		}
		held = slices.Grow(held[:0], n)[:n]
		clear(held)
		for _, i := range perm[:h] {
			held[i] = true
		}
		out := make([]int32, 0, h)
		for i, w := range words {
			if held[i] {
				out = append(out, w)
			} else {
				obs.Words = append(obs.Words, w)
				obs.Counts = append(obs.Counts, counts[i])
			}
		}
		obs.DocIDs = append(obs.DocIDs, c.DocIDs[d])
		obs.Offsets = append(obs.Offsets, int64(len(obs.Words)))
		s.HeldOut = append(s.HeldOut, out)
		s.TestDocs = append(s.TestDocs, d)
	}
	if len(s.HeldOut) == 0 {
		return nil, fmt.Errorf("eval: plusone: no test document out of %d (%d skipped with fewer than 2 distinct words)", c.NumDocs(), s.Skipped)
	}
	return s, nil
}

// appendDocTo appends a document to c.
func appendDocTo(c *corpus.Corpus, id string, words, counts []int32) {
	c.Words = append(c.Words, words...)
	c.Counts = append(c.Counts, counts...)
	c.DocIDs = append(c.DocIDs, id)
	c.Offsets = append(c.Offsets, int64(len(c.Words)))
}

// A Predictor is a plusone word-prediction method. Following Wang et al.
// (section 6.1: "our method produces a word distribution for each test
// document and outputs the most frequent unseen words in this
// distribution"), a predictor only scores words; PlusOne picks the best
// words not in the observed part.
type Predictor interface {
	// Name names the predictor in results, such as "knn-15".
	Name() string
	// Prepare trains the predictor on train and readies it for the test
	// documents of observed (both over the same vocabulary), and returns
	// the scorer of the test documents.
	Prepare(ctx context.Context, train, observed *corpus.Corpus) (Scorer, error)
}

// A Scorer scores words for test documents: Score(d, scores) sets
// scores[w] (len(scores) is the vocabulary size; scores arrive zeroed) to
// how likely word w is among the unseen words of observed document d,
// higher being likelier (a NaN score excludes the word). PlusOne calls it concurrently for different
// documents, each call with its own scores.
type Scorer func(d int, scores []float64)

// PlusOneResult is the precision of one predictor in PlusOne.
type PlusOneResult struct {
	// Name is the predictor's name.
	Name string
	// Precision is the mean over test documents of the share of the
	// predicted words that are held-out words of the document.
	Precision float64
	// StdErr is the standard error of Precision (the sample standard
	// deviation of the per-document precisions over sqrt(Docs)).
	StdErr float64
	// Docs is the number of test documents.
	Docs int
}

// PlusOne runs the plusone word-prediction task (Wang et al., Projector,
// section 5.1) on split for each predictor, in order: the predictor is
// prepared on split.Train and split.Observed; then for each test document
// the o.Predictions words of highest score that are not in the document's
// observed part are predicted (ties go to the lower word index), and the
// document's precision is the number of them among its held-out words
// over o.Predictions. A predictor's Precision is the mean over test
// documents. The documents are scored in parallel on o.Threads goroutines;
// the result does not depend on the number of goroutines. It returns an
// error if split is inconsistent, if a predictor fails or if ctx is done.
// Time per predictor: its preparation plus O(V + cost of Score) per test
// document.
func PlusOne(ctx context.Context, split *PlusOneSplit, predictors []Predictor, o PlusOneOptions) ([]PlusOneResult, error) {
	o, err := o.withDefaults()
	if err != nil {
		return nil, err
	}
	if err := split.check(); err != nil {
		return nil, err
	}
	numDocs, v, s := split.Observed.NumDocs(), split.Observed.NumWords(), o.Predictions
	prec := make([]float64, numDocs)
	results := make([]PlusOneResult, 0, len(predictors))
	for _, p := range predictors {
		score, err := p.Prepare(ctx, split.Train, split.Observed)
		if err != nil {
			return nil, fmt.Errorf("eval: plusone: %s: %w", p.Name(), err)
		}
		err = parallel.For(ctx, numDocs, 16, o.Threads, func(lo, hi int) {
			scores := make([]float64, v)
			best := make([]int32, 0, s)
			for d := lo; d < hi; d++ {
				clear(scores)
				score(d, scores)
				observed, _ := split.Observed.Doc(d)
				best = topUnseen(best[:0], scores, observed, s)
				prec[d] = float64(countIn(best, split.HeldOut[d])) / float64(s)
			}
		}, nil)
		if err != nil {
			return nil, err
		}
		r := PlusOneResult{Name: p.Name(), Docs: numDocs}
		r.Precision = mean(prec)
		if numDocs > 1 {
			ss := 0.0
			for _, x := range prec {
				ss += (x - r.Precision) * (x - r.Precision)
			}
			r.StdErr = math.Sqrt(ss / float64(numDocs-1) / float64(numDocs))
		}
		results = append(results, r)
	}
	return results, nil
}

// check reports an inconsistent split.
func (s *PlusOneSplit) check() error {
	switch {
	case s == nil || s.Train == nil || s.Observed == nil:
		return errors.New("eval: plusone: incomplete split")
	case s.Observed.NumDocs() == 0:
		return errors.New("eval: plusone: no test documents")
	case len(s.HeldOut) != s.Observed.NumDocs():
		return fmt.Errorf("eval: plusone: %d held-out lists for %d test documents", len(s.HeldOut), s.Observed.NumDocs())
	case s.Train.NumWords() != s.Observed.NumWords():
		return fmt.Errorf("eval: plusone: training vocabulary of %d words, test vocabulary of %d", s.Train.NumWords(), s.Observed.NumWords())
	}
	return nil
}

// topUnseen appends to dst the (at most) n words of highest score not in
// the increasing list observed, best first, ties going to the lower word
// index. Words scored NaN are never chosen.
func topUnseen(dst []int32, scores []float64, observed []int32, n int) []int32 {
	start := len(dst)
	next := 0 // observed[next] is the first observed word >= w
	for w, x := range scores {
		for next < len(observed) && int(observed[next]) < w {
			next++
		}
		if next < len(observed) && int(observed[next]) == w || math.IsNaN(x) {
			continue
		}
		top := dst[start:]
		if len(top) == n && (n == 0 || x <= scores[top[n-1]]) {
			continue
		}
		// Insert w after the entries of score >= x (they have lower
		// indices, so ties keep the lower index first).
		i := len(top)
		if i == n {
			i--
		} else {
			dst = append(dst, 0)
			top = dst[start:]
		}
		for i > 0 && scores[top[i-1]] < x {
			top[i] = top[i-1]
			i--
		}
		top[i] = int32(w)
	}
	return dst
}

// countIn returns how many of words occur in the increasing list set.
func countIn(words, set []int32) int {
	n := 0
	for _, w := range words {
		lo, hi := 0, len(set)
		for lo < hi {
			m := (lo + hi) / 2
			if set[m] < w {
				lo = m + 1
			} else {
				hi = m
			}
		}
		if lo < len(set) && set[lo] == w {
			n++
		}
	}
	return n
}
