package model

import "fmt"

// The kinds of marked word that MarkKind returns. A topic's marked word
// (MarkedWord) is the one word its learner singles out for it; the kind
// says what that word is, so that every display or export of a model names
// it alike.
const (
	// MarkAnchor names the topic's anchor word (Anchors), a word of that
	// topic alone. The anchor learners (anchor, anchor-kl, recover) find
	// anchor words; the projection learners (binning, ddp, rp) find the
	// representative word of a cluster of novel words, which are anchor
	// words by another name.
	MarkAnchor = "anchor"
	// MarkCatchword names TSVD's ("tsvd") first catchword of the topic
	// (TopicWords), frequent in that topic and rarer in every other.
	MarkCatchword = "catchword"
	// MarkVertexWord names Topic-SCORE's ("score") word nearest the
	// topic's vertex of the simplex (TopicWords): a characteristic word,
	// not an anchor, since no word need reach a vertex.
	MarkVertexWord = "vertex word"
	// MarkCharacteristic names the first characteristic word of the topic
	// (TopicWords) of any other learner that records them without anchor
	// words.
	MarkCharacteristic = "characteristic word"
)

// characteristicKinds names the characteristic words of the learners, by
// Algorithm, that record them without anchors; any other learner's are
// MarkCharacteristic.
var characteristicKinds = map[string]string{
	"tsvd":  MarkCatchword,
	"score": MarkVertexWord,
}

// MarkKind returns the kind of m's marked words (see MarkedWord):
// MarkAnchor when m has an anchor word per topic (len(Anchors) == K);
// otherwise, when it has characteristic words per topic (len(TopicWords)
// == K), MarkCatchword for Algorithm "tsvd", MarkVertexWord for "score"
// and MarkCharacteristic for any other learner; and "" when m marks no
// word (gibbs, vb, kmeans and projector models, for instance). Time O(1).
func (m *Model) MarkKind() string {
	switch {
	case len(m.Anchors) == m.K:
		return MarkAnchor
	case len(m.TopicWords) == m.K:
		if kind, ok := characteristicKinds[m.Algorithm]; ok {
			return kind
		}
		return MarkCharacteristic
	}
	return ""
}

// MarkedWord returns the index in Vocab of the marked word of topic k,
// the one word its learner singles out for it, or -1 for none: the topic's
// anchor word, Anchors[k], where m has an anchor per topic; otherwise its
// first, most characteristic, word TopicWords[k][0] where m has
// characteristic words per topic and topic k has any; otherwise -1.
// MarkKind says what the word is. Time O(1). It panics if k is out of
// range [0, K).
func (m *Model) MarkedWord(k int) int {
	if k < 0 || k >= m.K {
		panic(fmt.Sprintf("model: MarkedWord(%d) of a model of K = %d topics", k, m.K))
	}
	switch {
	case len(m.Anchors) == m.K:
		return m.Anchors[k]
	case len(m.TopicWords) == m.K && len(m.TopicWords[k]) > 0:
		return m.TopicWords[k][0]
	}
	return -1
}

// RefineIterationsParam is the Params key under which package refine
// records the EM iterations it ran on a model's topics.
const RefineIterationsParam = "refine_iterations"

// Refined reports whether m's topics were refined after its learner found
// them: Params record RefineIterationsParam above 0 (package refine's EM
// iterations ran; the rectified anchor pipeline and every learner's
// refinement of noisy topics record them). A refined topic started from
// the topic its learner found, so its marked word (MarkedWord) is the word
// that topic started from: the refinement need not keep it among the
// topic's top words, nor keep it a word of that topic alone. Time O(1).
func (m *Model) Refined() bool {
	n, ok := m.Param(RefineIterationsParam)
	return ok && n > 0
}
