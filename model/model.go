package model

import (
	"fmt"
	"math"
	"sort"
)

// Model is a learned (or true) topic model: K topics, each a probability
// distribution over the V words of Vocab, plus what is known of how it was
// made. Topics is K x V, row k being topic k.
type Model struct {
	// Algorithm names the learner, as accepted by "hull fit --algo".
	Algorithm string `json:"algorithm"`
	// Params holds the learner's parameters (and any fallbacks it took).
	Params map[string]any `json:"params,omitempty"`
	// K is the number of topics.
	K int `json:"k"`
	// Vocab holds the word of each column of Topics.
	Vocab []string `json:"vocab"`
	// Topics holds K rows of V probabilities, each summing to 1.
	Topics [][]float64 `json:"topics"`
	// Alpha holds the Dirichlet hyperparameters of document-topic weights
	// where the learner estimates them on an absolute scale.
	Alpha []float64 `json:"alpha,omitempty"`
	// TopicWeights holds p(z), the corpus-wide share of each topic, where
	// known (it gives Alpha up to scale).
	TopicWeights []float64 `json:"topic_weights,omitempty"`
	// TopicCovariance holds the K x K topic-topic matrix R = E[W W^T]
	// where known.
	TopicCovariance [][]float64 `json:"topic_covariance,omitempty"`
	// Anchors holds the anchor word index of each topic where known.
	Anchors []int `json:"anchors,omitempty"`
	// Provenance says where the model came from.
	Provenance Provenance `json:"provenance"`
}

// Provenance records how a model was made.
type Provenance struct {
	HullVersion string   `json:"hull_version,omitempty"`
	InputDigest string   `json:"input_digest,omitempty"`
	Seed        uint64   `json:"seed"`
	Threads     int      `json:"threads,omitempty"`
	Docs        int      `json:"docs,omitempty"`
	Timings     []Timing `json:"timings,omitempty"`
}

// Timing is the wall time of one stage of a fit.
type Timing struct {
	Stage   string  `json:"stage"`
	Seconds float64 `json:"seconds"`
}

// Validate checks that m is well formed: K >= 1, K rows of len(Vocab)
// finite, non-negative probabilities summing to 1 within 1e-6, and that the
// optional per-topic slices have K entries.
func (m *Model) Validate() error {
	if m.K < 1 || len(m.Topics) != m.K {
		return fmt.Errorf("model: K = %d but %d topics", m.K, len(m.Topics))
	}
	v := len(m.Vocab)
	if v == 0 {
		return fmt.Errorf("model: empty vocabulary")
	}
	for k, row := range m.Topics {
		if len(row) != v {
			return fmt.Errorf("model: topic %d has %d weights for %d words", k, len(row), v)
		}
		s := 0.0
		for i, x := range row {
			if math.IsNaN(x) || math.IsInf(x, 0) || x < 0 {
				return fmt.Errorf("model: topic %d word %d: invalid probability %v", k, i, x)
			}
			s += x
		}
		if math.Abs(s-1) > 1e-6 {
			return fmt.Errorf("model: topic %d sums to %v, not 1", k, s)
		}
	}
	for name, n := range map[string]int{"alpha": len(m.Alpha), "topic_weights": len(m.TopicWeights), "anchors": len(m.Anchors), "topic_covariance": len(m.TopicCovariance)} {
		if n != 0 && n != m.K {
			return fmt.Errorf("model: %s has %d entries for K = %d", name, n, m.K)
		}
	}
	for k, a := range m.Anchors {
		if a < 0 || a >= v {
			return fmt.Errorf("model: anchor of topic %d is word %d, outside [0,%d)", k, a, v)
		}
	}
	return nil
}

// TopWords returns the indices of the n most probable words of topic k,
// most probable first; ties go to the lower word index.
// It panics if k is out of range.
func (m *Model) TopWords(k, n int) []int {
	row := m.Topics[k]
	idx := make([]int, len(row))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return row[idx[a]] > row[idx[b]] })
	if n > len(idx) {
		n = len(idx)
	}
	return idx[:n]
}
