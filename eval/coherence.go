package eval

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/cohere"
	"github.com/hulltopics/hull/internal/ctxio"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
)

// DefaultTopN is the number of top words per topic the word measures
// (TopicCoherence, UniqueWords) use when given topN <= 0.
const DefaultTopN = 10

// UMassEpsilon is the smoothing count added to every co-document
// frequency in the UMass coherence: 0.01 as in Arora et al. (2013,
// equation 3, following Stevens et al. 2012), not the +1 of Mimno et al.
// (2011). With +1 a pair of words that never co-occur scores log(1/D(w_j)),
// which is near 0 for rare words and so hardly penalised; 0.01 makes such
// pairs cost log(0.01/D(w_j)), at least 4.6 nats each. Mimno et al. took
// the top words from the very corpus they scored, where a zero numerator
// is rarer; a held-out reference corpus needs the stronger penalty.
const UMassEpsilon = 0.01

// Coherence is the result of TopicCoherence: the UMass and NPMI coherence
// of each topic's top words on a reference corpus.
type Coherence struct {
	// UMass and NPMI are the means over topics of TopicUMass and TopicNPMI.
	UMass, NPMI float64
	// TopicUMass holds, for each topic, the sum over pairs of its top words
	// of log((D(w_i, w_j) + UMassEpsilon) / D(w_j)), w_j ranked above w_i;
	// at most 0 (up to the smoothing), higher is better.
	TopicUMass []float64
	// TopicNPMI holds, for each topic, the mean over pairs of its top words
	// of their normalised pointwise mutual information, in [-1, 1]; higher
	// is better.
	TopicNPMI []float64
	// TopN is the number of top words per topic used: of a topic on fewer
	// words of positive probability, those words.
	TopN int
	// UnseenWords is the number of distinct top words (over all topics)
	// that occur in no reference document.
	UnseenWords int
	// SkippedPairs is the number of (topic, pair) terms left out of the
	// UMass sums because the higher-ranked word w_j is unseen (D(w_j) = 0).
	SkippedPairs int
}

// TopicCoherence scores the top topN words of each topic of m (DefaultTopN
// if topN <= 0; all words if topN exceeds the vocabulary) by how often they
// occur together in the documents of ref, a reference corpus over m's
// vocabulary (use corpus.Align(ref, m.Vocab) first). It returns an error
// if m fails Validate, if ref's vocabulary differs from m's, or if ref has
// no documents, and ctx's error if ctx is done before the last topic.
//
// D(w) is the number of reference documents containing w and D(w_i, w_j)
// the number containing both; p(w) = D(w)/M and p(w_i, w_j) = D(w_i, w_j)/M
// for M reference documents. For top words w_1, ..., w_N, most probable
// first:
//
//   - UMass (Mimno et al. 2011; Arora et al. 2013, equation 3) is
//     sum_{j < i} log((D(w_i, w_j) + UMassEpsilon) / D(w_j)). A pair whose
//     higher-ranked word w_j never occurs in ref has no defined term; it is
//     left out of the sum and counted in SkippedPairs (and the word in
//     UnseenWords). A topic with no pair left scores 0. Skipping makes such
//     a topic look better than it is: check UnseenWords.
//   - NPMI (Bouma 2009; document co-occurrence as in Lau et al. 2014) is the
//     mean over pairs of log(p(w_i, w_j) / (p(w_i) p(w_j))) / -log p(w_i, w_j).
//     A pair that never co-occurs (including any pair with an unseen word)
//     scores -1, the limit of NPMI as p(w_i, w_j) -> 0; a pair occurring in
//     every document scores 1.
//
// Only the at most K*N top words matter: one pass over ref collects their
// document lists, in O(nnz(ref)) time, and each pair costs a merge of two
// lists, so the total is O(nnz(ref) + K N^2 Dmax) for Dmax the largest
// document frequency among the top words, plus O(K V log N) to rank the
// words.
func TopicCoherence(ctx context.Context, m *model.Model, ref *corpus.Corpus, topN int) (Coherence, error) {
	if err := ctxio.Err(ctx); err != nil {
		return Coherence{}, err
	}
	if err := m.Validate(); err != nil {
		return Coherence{}, fmt.Errorf("eval: coherence: %w", err)
	}
	if ref == nil {
		return Coherence{}, errors.New("eval: coherence: no reference corpus (nil)")
	}
	if err := ref.Validate(); err != nil {
		return Coherence{}, fmt.Errorf("eval: coherence: reference corpus: %w", err)
	}
	if err := m.CheckVocab(ref.Vocab); err != nil {
		return Coherence{}, fmt.Errorf("eval: coherence: reference corpus: %w", err)
	}
	numDocs := ref.NumDocs()
	if numDocs < 1 {
		return Coherence{}, errors.New("eval: coherence: the reference corpus has no documents")
	}
	top, n := topWordLists(m, topN)
	x := cohere.New(ref, top, 0)
	c := Coherence{TopN: n, TopicUMass: make([]float64, len(top)), TopicNPMI: make([]float64, len(top)), UnseenWords: x.Unseen()}
	for k, words := range top {
		if err := ctx.Err(); err != nil { // a topic's pairs cost up to N^2 Dmax / 2
			return Coherence{}, err
		}
		umass, npmi, pairs := 0.0, 0.0, 0
		for i := 1; i < len(words); i++ {
			for j := range i {
				co := x.Together(words[i], words[j])
				npmi += x.NPMIOf(words[i], words[j], co)
				pairs++
				dj := x.Freq(words[j])
				if dj == 0 {
					c.SkippedPairs++
					continue
				}
				umass += math.Log((float64(co) + UMassEpsilon) / float64(dj))
			}
		}
		c.TopicUMass[k] = umass
		if pairs > 0 { // the mean over pairs, as cohere.Index.TopicNPMI takes it
			c.TopicNPMI[k] = npmi / float64(pairs)
		}
	}
	c.UMass, c.NPMI = mean(c.TopicUMass), mean(c.TopicNPMI)
	return c, nil
}

// Incoherent returns the number of topics whose NPMI is below
// learner.IncoherentNPMI: their top words occur together less often than
// at random, the topics the learners refine when more than a quarter are
// (or one is below learner.StronglyIncoherentNPMI: learner.TopicsIncoherent).
func (c Coherence) Incoherent() int {
	_, n, _ := learner.IncoherentBy(c.TopicNPMI)
	return n
}

// LeastNPMI returns the least NPMI of a topic, or NaN for a model without
// topics: below learner.StronglyIncoherentNPMI, a topic whose top words
// shun one another, which alone makes the learners refine their topics
// (learner.TopicsIncoherent).
func (c Coherence) LeastNPMI() float64 {
	if len(c.TopicNPMI) == 0 {
		return math.NaN()
	}
	return slices.Min(c.TopicNPMI)
}

// topWordLists returns the top n words of each topic of m
// (model.Model.TopWords: fewer for a topic on fewer words) and n: topN,
// DefaultTopN if topN <= 0, at most V.
func topWordLists(m *model.Model, topN int) ([][]int, int) {
	if topN <= 0 {
		topN = DefaultTopN
	}
	topN = min(topN, len(m.Vocab))
	top := make([][]int, m.K)
	for k := range top {
		top[k] = m.TopWords(k, topN)
	}
	return top, topN
}
