package eval

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/internal/docinfer"
	"github.com/hulltopics/hull/internal/parallel"
	"github.com/hulltopics/hull/model"
)

// completionStream is XORed into the first seed word of the split's
// generators ("complete").
const completionStream = 0x636f6d706c657465

// Defaults of PerplexityOptions.
const (
	DefaultObservedFraction = 0.5
	DefaultEpsilon          = 1e-6
)

// PerplexityOptions are the parameters of DocumentCompletion. The zero
// value of each field selects its documented default.
type PerplexityOptions struct {
	// Infer configures the inference of each document's topic weights
	// from its observed tokens (default: VB with infer's defaults).
	Infer infer.Options
	// ObservedFraction is the share of each document's tokens observed;
	// the rest are held out and scored. Default 0.5; it must be in (0, 1).
	ObservedFraction float64
	// Seed seeds the split of each document's tokens: document d is split
	// by a generator seeded from Seed and d on a stream of its own, so
	// Infer.Seed may be the same value without the split and Gibbs
	// sampling sharing random numbers.
	Seed uint64
	// Epsilon is the weight of the uniform distribution mixed into the
	// predictive distribution of every held-out token, p(w) = (1 -
	// Epsilon) sum_k theta_k phi_kw + Epsilon / V, so that a word of zero
	// probability under every topic costs log(Epsilon / V) rather than
	// making the perplexity infinite. Default 1e-6; it must be in (0, 1).
	Epsilon float64
}

// Perplexity is the result of DocumentCompletion.
type Perplexity struct {
	// Perplexity is exp(-LogLikPerToken).
	Perplexity float64
	// LogLikPerToken is the mean natural-log likelihood of a held-out
	// token.
	LogLikPerToken float64
	// HeldOutTokens is the number of tokens scored.
	HeldOutTokens int64
	// ZeroProbTokens is the number of held-out tokens whose word has zero
	// probability under every topic (more exactly, under the document's
	// predictive distribution), each scored log(Epsilon / V). Topics from
	// anchor words can have exact zeros; when many tokens are such, the
	// perplexity reflects Epsilon more than the model: report them.
	ZeroProbTokens int64
	// Docs is the number of documents scored.
	Docs int
	// SkippedDocs is the number of documents with fewer than 2 tokens,
	// which cannot be split and are not scored.
	SkippedDocs int
	// Estimator states how the figure was computed.
	Estimator string
}

// DocumentCompletion returns the held-out perplexity of model m on the
// documents of heldout by document completion (the name of Wallach,
// Murray, Salakhutdinov and Mimno 2009, "Evaluation methods for topic
// models"; hull's working notes, "Measures"): the tokens of each
// document are split at random into an observed part, ObservedFraction of
// them (rounded, and at least 1 and at most n-1 of n tokens), and a
// held-out part; the document's topic weights theta are inferred from the
// observed part alone (package infer, topics fixed); each held-out token
// of word w is scored by log p(w) with p(w) = sum_k theta_k phi_kw, mixed
// with Epsilon of the uniform distribution (see PerplexityOptions). The
// perplexity is exp(-(sum of the scores) / (number of held-out tokens)).
// Unlike scoring whole documents with weights inferred from themselves,
// no held-out token influences its own prediction, so the figure is an
// honest estimate of the per-token predictive power.
//
// heldout must be on m's vocabulary (see corpus.Align; words the model
// lacks are best dropped and reported by the caller) and must not overlap
// the documents m was learned from. Documents with fewer than 2 tokens are
// skipped and counted. The split is seeded per document, and inference
// and scoring are deterministic for a given Infer.Seed, so the result does
// not depend on Infer.Threads. It returns an error for invalid options, a
// vocabulary mismatch or a corpus with no document to score, and ctx.Err()
// if ctx is done first.
//
// Time: the split is O(tokens log(tokens per document)), inference as in
// package infer, scoring O(tokens K).
func DocumentCompletion(ctx context.Context, m *model.Model, heldout *corpus.Corpus, o PerplexityOptions) (Perplexity, error) {
	if o.ObservedFraction == 0 {
		o.ObservedFraction = DefaultObservedFraction
	}
	if o.Epsilon == 0 {
		o.Epsilon = DefaultEpsilon
	}
	if !(o.ObservedFraction > 0 && o.ObservedFraction < 1) {
		return Perplexity{}, &OptionError{Options: "PerplexityOptions", Field: "ObservedFraction", Value: o.ObservedFraction, Want: "a fraction in (0, 1) (0: DefaultObservedFraction)"}
	}
	if !(o.Epsilon > 0 && o.Epsilon < 1) {
		return Perplexity{}, &OptionError{Options: "PerplexityOptions", Field: "Epsilon", Value: o.Epsilon, Want: "a weight in (0, 1) (0: DefaultEpsilon)"}
	}
	if err := m.Validate(); err != nil { // topics that are no distributions scored better
		return Perplexity{}, fmt.Errorf("perplexity: %w", err)
	}
	if heldout == nil {
		return Perplexity{}, errors.New("perplexity: no held-out corpus (nil)")
	}
	if err := heldout.Validate(); err != nil {
		return Perplexity{}, fmt.Errorf("perplexity: %w", err)
	}
	if err := m.CheckVocab(heldout.Vocab); err != nil {
		return Perplexity{}, fmt.Errorf("perplexity: %w (corpus.Align)", err)
	}
	longest, n := heldout.LongestDoc()
	if err := docinfer.CheckDocTokens(longest, n, "document completion"); err != nil {
		return Perplexity{}, fmt.Errorf("perplexity: %w", err)
	}
	observed, scored, docs := splitForCompletion(heldout, o.ObservedFraction, o.Seed)
	if len(docs) == 0 {
		return Perplexity{}, errors.New("perplexity: no document has the 2 tokens document completion needs")
	}
	theta, err := infer.Infer(ctx, m, observed, o.Infer)
	if err != nil {
		return Perplexity{}, err
	}
	t, err := docinfer.NewTopics(m.Topics)
	if err != nil {
		return Perplexity{}, err
	}
	ll := make([]float64, len(docs))
	zero := make([]int64, len(docs))
	floor := o.Epsilon / float64(len(m.Vocab))
	err = parallel.For(ctx, len(docs), 64, o.Infer.Threads, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			words, counts := scored.Doc(i)
			th := theta[i]
			for q, w := range words {
				p := 0.0
				for j, b := range t.Word(w) {
					p += th[j] * b
				}
				if p == 0 {
					zero[i] += int64(counts[q])
				}
				ll[i] += float64(counts[q]) * math.Log((1-o.Epsilon)*p+floor)
			}
		}
	}, nil)
	if err != nil {
		return Perplexity{}, err
	}
	r := Perplexity{Docs: len(docs), SkippedDocs: heldout.NumDocs() - len(docs), HeldOutTokens: scored.Tokens()}
	total := 0.0
	for i := range ll {
		total += ll[i]
		r.ZeroProbTokens += zero[i]
	}
	r.LogLikPerToken = total / float64(r.HeldOutTokens)
	r.Perplexity = math.Exp(-r.LogLikPerToken)
	r.Estimator = completionEstimator(o)
	return r, nil
}

// completionEstimator describes the estimate computed with options o.
func completionEstimator(o PerplexityOptions) string {
	method := o.Infer.Method
	if method == "" {
		method = infer.VB
	}
	return fmt.Sprintf("document completion: %g%% of each document's tokens observed (chosen at random), "+
		"topic weights inferred from them (%s inference, topics fixed), the other tokens scored by log sum_k theta_k phi_kw "+
		"(with %g of the uniform distribution mixed in); documents with fewer than 2 tokens skipped",
		100*o.ObservedFraction, method, o.Epsilon)
}

// splitForCompletion splits the tokens of each document of c with at least 2
// tokens at random into an observed and a scored part, and returns them
// as two corpora over c's vocabulary (document i of each being document
// docs[i] of c).
func splitForCompletion(c *corpus.Corpus, fraction float64, seed uint64) (observed, scored *corpus.Corpus, docs []int) {
	newPart := func() *corpus.Corpus {
		return &corpus.Corpus{Vocab: c.Vocab, DocIDs: []string{}, Offsets: []int64{0}}
	}
	observed, scored = newPart(), newPart()
	src := rand.NewPCG(0, 0)
	rng := rand.New(src)
	var tokens []int32
	for d := range c.NumDocs() {
		n := c.DocLen(d)
		if n < 2 {
			continue
		}
		words, counts := c.Doc(d)
		tokens = tokens[:0]
		for q, w := range words {
			for range counts[q] {
				tokens = append(tokens, w)
			}
		}
		// A partial Fisher-Yates shuffle draws the observed tokens.
		s1, s2 := docinfer.DocSeed(seed, d)
		src.Seed(s1^completionStream, s2)
		obs := min(n-1, max(1, int(math.Round(fraction*float64(n)))))
		for i := range obs {
			j := i + rng.IntN(n-i)
			tokens[i], tokens[j] = tokens[j], tokens[i]
		}
		corpus.AppendTokens(observed, c.DocIDs[d], tokens[:obs])
		corpus.AppendTokens(scored, c.DocIDs[d], tokens[obs:])
		docs = append(docs, d)
	}
	return observed, scored, docs
}
