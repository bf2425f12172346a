package export

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/hulltopics/hull/eval"
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
	Refined bool `json:"refined,omitempty"`
	// Lambda is the relevance weight the words were ranked at, where
	// they are not the most probable (TopicEvidence.Words).
	Lambda *float64    `json:"lambda,omitempty"`
	Topics []topicJSON `json:"topics"`
	// ByLabel are the topics of each label's documents, where given.
	ByLabel []eval.LabelTopics `json:"by_label,omitempty"`
}

// topicJSON is one topic of topicsJSON.
type topicJSON struct {
	ID             int       `json:"id"`
	Share          *float64  `json:"share"` // null where the model does not know p(z)
	Words          []string  `json:"words"`
	Weights        []float64 `json:"weights"`
	Anchor         string    `json:"anchor,omitempty"`
	Characteristic string    `json:"characteristic,omitempty"`
	// Docs are its most representative documents and Labels the labels
	// of the documents it dominates, where given (TopicEvidence).
	Docs   []infer.TopicDoc  `json:"docs,omitempty"`
	Labels *eval.TopicLabels `json:"labels,omitempty"`
}

// WriteTopicsJSON writes the top words of each topic of m as one indented
// JSON object followed by a line break, the output of "hull topics --json"
// (see the package documentation): per topic its top most probable words,
// most probable first (model.Model.TopWords: words of positive weight only),
// their weights, its share p(z) where known and its marked word
// (model.Model.MarkedWord), under "anchor" or "characteristic", and
// "refined" true where the topics were refined from those words
// (model.Model.Refined). top <= 0
// lists no word; top >= len(m.Vocab) every word of positive weight. It returns an error for a
// weight JSON cannot hold (NaN, an infinity), before writing anything, and
// any error of w.
func WriteTopicsJSON(w io.Writer, m *model.Model, top int) error {
	return WriteTopicsEvidenceJSON(w, m, top, TopicEvidence{})
}

// TopicEvidence is what shows a reader what each topic of a model is about
// besides its words, in a corpus: each field nil or holding one entry per
// topic.
type TopicEvidence struct {
	// Words[k], when Words is not nil, are the words listed for topic k
	// in place of its top most probable, e.g. its most relevant at Lambda
	// (report.TopRelevant), written with "lambda" at the top level.
	Words  [][]int
	Lambda float64
	// Docs[k] are topic k's most representative documents
	// (infer.TopicDocs).
	Docs [][]infer.TopicDoc
	// Labels[k] are the labels of the labelled documents topic k
	// dominates (eval.LabelsOfTopics).
	Labels []eval.TopicLabels
	// ByLabel are the mean topic weights of each label's documents
	// (eval.TopicsOfLabels), K each.
	ByLabel []eval.LabelTopics
}

// WriteTopicsEvidenceJSON is WriteTopicsJSON with, in each topic, the
// words of ev.Words where given (and "lambda" at the top level), its
// documents as "docs": [{"id", "weight", "text"?, "near_copies"?}] and
// their labels as "labels": {"docs", "labels": [{"label", "docs"}]}
// where ev has them and, at the top level, "by_label": [{"label",
// "docs", "shares"}] where ev has them ("hull topics MODEL INPUT
// --json"); an empty ev writes what WriteTopicsJSON writes. It is an
// error, before writing, unless Words, Docs and Labels are nil or of K
// entries, Words of the vocabulary's words, and each of ByLabel's shares
// of K.
func WriteTopicsEvidenceJSON(w io.Writer, m *model.Model, top int, ev TopicEvidence) error {
	if err := checkModel(m); err != nil {
		return err
	}
	if ev.Docs != nil && len(ev.Docs) != m.K || ev.Labels != nil && len(ev.Labels) != m.K || ev.Words != nil && len(ev.Words) != m.K {
		return fmt.Errorf("export: words of %d topics, documents of %d and labels of %d for K = %d", len(ev.Words), len(ev.Docs), len(ev.Labels), m.K)
	}
	for _, ws := range ev.Words {
		for _, w := range ws {
			if w < 0 || w >= len(m.Vocab) {
				return fmt.Errorf("export: word %d of a topic's words for a vocabulary of %d", w, len(m.Vocab))
			}
		}
	}
	for _, lt := range ev.ByLabel {
		if len(lt.Shares) != m.K {
			return fmt.Errorf("export: label %q has %d topic shares for K = %d", lt.Label, len(lt.Shares), m.K)
		}
	}
	out := topicsJSON{K: m.K, VocabSize: len(m.Vocab), Refined: m.Refined(), ByLabel: ev.ByLabel}
	if ev.Words != nil {
		out.Lambda = &ev.Lambda
	}
	kind := m.MarkKind()
	if kind != model.MarkAnchor {
		out.CharacteristicKind = kind
	}
	for k := 0; k < m.K; k++ {
		t := topicJSON{ID: k, Words: []string{}, Weights: []float64{}}
		if len(m.TopicWeights) == m.K {
			t.Share = &m.TopicWeights[k]
		}
		words := m.TopWords(k, top)
		if ev.Words != nil {
			words = ev.Words[k]
		}
		for _, i := range words {
			t.Words = append(t.Words, m.Vocab[i])
			t.Weights = append(t.Weights, m.Topics[k][i])
		}
		if i := m.MarkedWord(k); i >= 0 && kind == model.MarkAnchor {
			t.Anchor = m.Vocab[i]
		} else if i >= 0 {
			t.Characteristic = m.Vocab[i]
		}
		if ev.Docs != nil {
			t.Docs = ev.Docs[k]
		}
		if ev.Labels != nil {
			t.Labels = &ev.Labels[k]
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
