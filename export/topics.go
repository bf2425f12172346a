package export

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/internal/textsafe"
	"github.com/hulltopics/hull/model"
)

// topicsJSON is the object WriteTopicsJSON writes.
type topicsJSON struct {
	K         int `json:"k"`
	VocabSize int `json:"vocab_size"`
	// CharacteristicKind names the characteristic words of the topics
	// where the learner marks those rather than anchors.
	CharacteristicKind string `json:"characteristic_kind,omitempty"`
	// Refined is true where the topics were refined after their learner
	// found them (model.Model.Refined): the marked words are then the
	// words the topics started from.
	Refined bool        `json:"refined,omitempty"`
	Topics  []topicJSON `json:"topics"`
}

// topicJSON is one topic of topicsJSON.
type topicJSON struct {
	ID             int       `json:"id"`
	Share          *float64  `json:"share"` // null where the model does not know p(z)
	Words          []string  `json:"words"`
	Weights        []float64 `json:"weights"`
	Anchor         string    `json:"anchor,omitempty"`
	Characteristic string    `json:"characteristic,omitempty"`
	// Docs are its most representative documents, where asked.
	Docs []infer.TopicDoc `json:"docs,omitempty"`
}

// WriteTopicsJSON writes the top words of each topic of m as one indented
// JSON object followed by a line break, the output of "hull topics --json"
// (see the package documentation): per topic its top most probable words,
// most probable first (model.Model.TopWords, words of weight 0 included),
// their weights, its share p(z) where known and its marked word
// (model.Model.MarkedWord), under "anchor" or "characteristic", and
// "refined" true where the topics were refined from those words
// (model.Model.Refined). top <= 0
// lists no word; top >= len(m.Vocab) every word. It returns an error for a
// weight JSON cannot hold (NaN, an infinity), before writing anything, and
// any error of w.
func WriteTopicsJSON(w io.Writer, m *model.Model, top int) error {
	return WriteTopicsDocsJSON(w, m, top, nil)
}

// WriteTopicsDocsJSON is WriteTopicsJSON with each topic's most
// representative documents, docs[k] those of topic k (infer.TopicDocs), as
// "docs": [{"id", "weight", "text"?}] ("hull topics MODEL INPUT --json");
// docs nil writes what WriteTopicsJSON writes. It is an error unless docs
// is nil or holds one list per topic.
func WriteTopicsDocsJSON(w io.Writer, m *model.Model, top int, docs [][]infer.TopicDoc) error {
	if err := checkModel(m); err != nil {
		return err
	}
	if docs != nil && len(docs) != m.K {
		return fmt.Errorf("export: documents of %d topics for K = %d", len(docs), m.K)
	}
	out := topicsJSON{K: m.K, VocabSize: len(m.Vocab), Refined: m.Refined()}
	kind := m.MarkKind()
	if kind != model.MarkAnchor {
		out.CharacteristicKind = kind
	}
	for k := 0; k < m.K; k++ {
		t := topicJSON{ID: k, Words: []string{}, Weights: []float64{}}
		if len(m.TopicWeights) == m.K {
			t.Share = &m.TopicWeights[k]
		}
		for _, i := range m.TopWords(k, top) {
			t.Words = append(t.Words, m.Vocab[i])
			t.Weights = append(t.Weights, m.Topics[k][i])
		}
		if i := m.MarkedWord(k); i >= 0 && kind == model.MarkAnchor {
			t.Anchor = m.Vocab[i]
		} else if i >= 0 {
			t.Characteristic = m.Vocab[i]
		}
		if docs != nil {
			t.Docs = docs[k]
		}
		out.Topics = append(out.Topics, t)
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return fmt.Errorf("export: topics JSON: %w", err)
	}
	// The same JSON, with \u escapes for the control and bidirectional
	// characters that encoding/json leaves raw (DEL, C1, U+202E).
	_, err = w.Write(append(textsafe.JSON(b), '\n'))
	return err
}
