package eval

import "github.com/hulltopics/hull/model"

// TopicWordsShare returns the share of the topics of m whose TopicWords
// list is not empty (for TSVD, the topics with catchwords of their own),
// and false when m has no TopicWords (a nil m among them). Time O(K).
func TopicWordsShare(m *model.Model) (float64, bool) {
	if m == nil || len(m.TopicWords) == 0 || m.K == 0 {
		return 0, false
	}
	n := 0
	for _, words := range m.TopicWords {
		if len(words) > 0 {
			n++
		}
	}
	return float64(n) / float64(m.K), true
}

// DominantAgreement compares the topic a learner assigned each of its
// training documents (m.DominantTopic, TSVD's dominant topics) with topic
// weights inferred for the same documents under m's topics (theta, one row
// per document in corpus order, such as infer.Infer returns): it returns
// the share of the documents with a dominant topic (>= 0) whose largest
// weight is on that topic (the lower topic on ties), and false when
// m.DominantTopic does not have len(theta) entries or none is >= 0 (a nil
// m has none). The TSVD paper measures its assumptions (section 4.1,
// Table 1) on weights of this kind. Time O(D K).
func DominantAgreement(m *model.Model, theta [][]float64) (float64, bool) {
	if m == nil || len(m.DominantTopic) != len(theta) {
		return 0, false
	}
	n, same := 0, 0
	for d, l := range m.DominantTopic {
		if l < 0 {
			continue
		}
		n++
		top := 0
		for j, w := range theta[d] {
			if w > theta[d][top] {
				top = j
			}
		}
		if l == top {
			same++
		}
	}
	if n == 0 {
		return 0, false
	}
	return float64(same) / float64(n), true
}
