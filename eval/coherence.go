package eval

import (
	"errors"
	"fmt"
	"math"

	"github.com/hulltopics/hull/corpus"
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
	// TopN is the number of top words per topic used.
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
// no documents.
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
// document frequency among the top words, plus O(K V log V) to rank the
// words.
func TopicCoherence(m *model.Model, ref *corpus.Corpus, topN int) (Coherence, error) {
	if err := m.Validate(); err != nil {
		return Coherence{}, fmt.Errorf("eval: coherence: %w", err)
	}
	if err := m.CheckVocab(ref.Vocab); err != nil {
		return Coherence{}, fmt.Errorf("eval: coherence: reference corpus: %w", err)
	}
	numDocs := ref.NumDocs()
	if numDocs < 1 {
		return Coherence{}, errors.New("eval: coherence: the reference corpus has no documents")
	}
	top := topWordLists(m, topN)
	n := len(top[0])

	// slot[w] numbers the distinct top words; docs[s] lists, in increasing
	// order, the reference documents containing top word s.
	slot := make([]int32, len(m.Vocab))
	for i := range slot {
		slot[i] = -1
	}
	var numSlots int32
	for _, words := range top {
		for _, w := range words {
			if slot[w] < 0 {
				slot[w] = numSlots
				numSlots++
			}
		}
	}
	docs := make([][]int32, numSlots)
	for d := range numDocs {
		words, _ := ref.Doc(d)
		for _, w := range words {
			if s := slot[w]; s >= 0 {
				docs[s] = append(docs[s], int32(d))
			}
		}
	}

	c := Coherence{TopN: n, TopicUMass: make([]float64, len(top)), TopicNPMI: make([]float64, len(top))}
	for _, list := range docs {
		if len(list) == 0 {
			c.UnseenWords++
		}
	}
	logM := math.Log(float64(numDocs))
	for k, words := range top {
		umass, npmi, pairs := 0.0, 0.0, 0
		for i := 1; i < n; i++ {
			di := docs[slot[words[i]]]
			for j := range i {
				dj := docs[slot[words[j]]]
				co := intersectCount(di, dj)
				pairs++
				npmi += npmiTerm(co, len(di), len(dj), logM)
				if len(dj) == 0 {
					c.SkippedPairs++
					continue
				}
				umass += math.Log((float64(co) + UMassEpsilon) / float64(len(dj)))
			}
		}
		c.TopicUMass[k] = umass
		if pairs > 0 {
			c.TopicNPMI[k] = npmi / float64(pairs)
		}
	}
	c.UMass, c.NPMI = mean(c.TopicUMass), mean(c.TopicNPMI)
	return c, nil
}

// npmiTerm returns the NPMI of two words occurring in di and dj of M
// documents and together in co, given logM = log M: -1 if co == 0, 1 if
// the pair occurs in every document.
func npmiTerm(co, di, dj int, logM float64) float64 {
	if co == 0 {
		return -1
	}
	// log p(i,j) = log co - log M; pmi = log co + log M - log di - log dj.
	logPij := math.Log(float64(co)) - logM
	if logPij >= 0 {
		return 1
	}
	pmi := math.Log(float64(co)) + logM - math.Log(float64(di)) - math.Log(float64(dj))
	return max(-1, min(1, pmi/-logPij))
}

// intersectCount returns the number of common elements of the increasing
// lists a and b.
func intersectCount(a, b []int32) int {
	n, i, j := 0, 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			n++
			i++
			j++
		}
	}
	return n
}

// topWordLists returns the top topN words of each topic of m (DefaultTopN
// if topN <= 0, at most V).
func topWordLists(m *model.Model, topN int) [][]int {
	if topN <= 0 {
		topN = DefaultTopN
	}
	top := make([][]int, m.K)
	for k := range top {
		top[k] = m.TopWords(k, topN)
	}
	return top
}
