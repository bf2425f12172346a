package export

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/model"
)

// The topics JSON has the same keys for every learner: the marked word
// under "anchor" for anchor words, under "characteristic" with its kind
// otherwise, neither for a learner that marks none; share null where p(z)
// is unknown.
func TestTopicsJSONGolden(t *testing.T) {
	vocab := []string{"bread", "oven", "rain"}
	topics := [][]float64{{0.5, 0.5, 0}, {0.2, 0.3, 0.5}}
	for _, tc := range []struct {
		name string
		m    *model.Model
		top  int
		want string
	}{
		{"anchors", &model.Model{Algorithm: "anchor", K: 2, Vocab: vocab, Topics: topics, TopicWeights: []float64{0.25, 0.75}, Anchors: []int{1, 2}}, 2,
			`{
  "k": 2,
  "vocab_size": 3,
  "topics": [
    {
      "id": 0,
      "share": 0.25,
      "words": [
        "bread",
        "oven"
      ],
      "weights": [
        0.5,
        0.5
      ],
      "anchor": "oven"
    },
    {
      "id": 1,
      "share": 0.75,
      "words": [
        "rain",
        "oven"
      ],
      "weights": [
        0.5,
        0.3
      ],
      "anchor": "rain"
    }
  ]
}
`},
		// Words of weight 0 are no top words (model.Model.TopWords); a
		// topic without catchwords has no "characteristic".
		{"catchwords", &model.Model{Algorithm: "tsvd", K: 2, Vocab: vocab, Topics: topics, TopicWords: [][]int{{}, {0, 2}}}, 5,
			`{
  "k": 2,
  "vocab_size": 3,
  "characteristic_kind": "catchword",
  "topics": [
    {
      "id": 0,
      "share": null,
      "words": [
        "bread",
        "oven"
      ],
      "weights": [
        0.5,
        0.5
      ]
    },
    {
      "id": 1,
      "share": null,
      "words": [
        "rain",
        "oven",
        "bread"
      ],
      "weights": [
        0.5,
        0.3,
        0.2
      ],
      "characteristic": "bread"
    }
  ]
}
`},
		// A refined model's marked words are those its topics started
		// from: "refined" says so.
		{"refined", &model.Model{Algorithm: "anchor", K: 1, Vocab: vocab, Topics: topics[1:], TopicWeights: []float64{1}, Anchors: []int{1},
			Params: map[string]any{model.RefineIterationsParam: 4}}, 1,
			`{
  "k": 1,
  "vocab_size": 3,
  "refined": true,
  "topics": [
    {
      "id": 0,
      "share": 1,
      "words": [
        "rain"
      ],
      "weights": [
        0.5
      ],
      "anchor": "oven"
    }
  ]
}
`},
		{"no marks, no words", &model.Model{Algorithm: "gibbs", K: 1, Vocab: vocab, Topics: topics[1:], Alpha: []float64{0.1}}, 0,
			`{
  "k": 1,
  "vocab_size": 3,
  "topics": [
    {
      "id": 0,
      "share": null,
      "words": [],
      "weights": []
    }
  ]
}
`},
	} {
		var b bytes.Buffer
		if err := WriteTopicsJSON(&b, tc.m, tc.top); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if b.String() != tc.want {
			t.Errorf("%s: wrote\n%s\nwant\n%s", tc.name, b.String(), tc.want)
		}
	}
}

// Hostile words come back verbatim when decoded, and none of their
// control or bidirectional characters is written raw.
func TestTopicsJSONHostileWords(t *testing.T) {
	m := hostileModel()
	m.Vocab = append(m.Vocab[:len(m.Vocab)-2], "x\u007f\u009by", "rl\u202eo") // DEL, C1 CSI, RLO: raw in encoding/json
	m.Anchors = []int{len(m.Vocab) - 2, len(m.Vocab) - 1, 0}
	var b bytes.Buffer
	if err := WriteTopicsJSON(&b, m, len(m.Vocab)); err != nil {
		t.Fatal(err)
	}
	if i := strings.IndexFunc(b.String(), func(r rune) bool {
		return r != '\n' && (unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r))
	}); i >= 0 {
		t.Errorf("raw control character at byte %d: %q", i, b.String()[max(i-10, 0):min(i+10, b.Len())])
	}
	var got struct {
		K      int `json:"k"`
		Topics []struct {
			ID      int       `json:"id"`
			Share   float64   `json:"share"`
			Words   []string  `json:"words"`
			Weights []float64 `json:"weights"`
			Anchor  string    `json:"anchor"`
		} `json:"topics"`
	}
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got.K != 3 || len(got.Topics) != 3 {
		t.Fatalf("k %d, %d topics, want 3", got.K, len(got.Topics))
	}
	for k, tp := range got.Topics {
		top := m.TopWords(k, len(m.Vocab))
		want := make([]string, len(top))
		for r, i := range top {
			want[r] = m.Vocab[i]
			if tp.Weights[r] != m.Topics[k][i] {
				t.Errorf("topic %d word %d: weight %v, want %v", k, r, tp.Weights[r], m.Topics[k][i])
			}
		}
		if tp.ID != k || tp.Share != m.TopicWeights[k] || !slices.Equal(tp.Words, want) || tp.Anchor != m.Vocab[m.Anchors[k]] {
			t.Errorf("topic %d: %+v, want words %q and anchor %q", k, tp, want, m.Vocab[m.Anchors[k]])
		}
	}
}

type failWriter struct{}

var errFail = errors.New("write failed")

func (failWriter) Write([]byte) (int, error) { return 0, errFail }

// A weight JSON cannot hold is refused before writing; w's error is
// returned.
func TestTopicsJSONErrors(t *testing.T) {
	m := &model.Model{K: 1, Vocab: []string{"a", "b"}, Topics: [][]float64{{math.NaN(), 1}}}
	var b bytes.Buffer
	if err := WriteTopicsJSON(&b, m, 2); err == nil || b.Len() > 0 {
		t.Errorf("NaN weight: %v after %d bytes, want an error before writing", err, b.Len())
	}
	m.Topics[0][0] = 0
	if err := WriteTopicsJSON(failWriter{}, m, 2); !errors.Is(err, errFail) {
		t.Errorf("failing writer: %v, want %v", err, errFail)
	}
}

// Each topic's documents come under "docs", hostile text escaped; a list
// of another length than K is refused before writing.
func TestTopicsDocsJSON(t *testing.T) {
	m := hostileModel()
	docs := make([][]infer.TopicDoc, m.K)
	for k := range docs {
		docs[k] = []infer.TopicDoc{{Doc: k, ID: fmt.Sprintf("d%d", k), Weight: 0.5 + 0.1*float64(k), Text: "text \u202e\x1b[2J of " + strconv.Itoa(k)}}
	}
	docs[1] = append(docs[1], infer.TopicDoc{ID: "no text", Weight: 0.25})
	var b bytes.Buffer
	labels := make([]eval.TopicLabels, m.K)
	for k := range labels {
		labels[k] = eval.TopicLabels{Docs: k, Labels: []eval.LabelCount{}}
	}
	labels[2].Labels = []eval.LabelCount{{Label: "earn\u202e", Docs: 2}}
	if err := WriteTopicsEvidenceJSON(&b, m, 2, TopicEvidence{Docs: docs, Labels: labels}); err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(b.String(), "\u202e\x1b") {
		t.Errorf("raw control characters in %s", b.String())
	}
	var got struct {
		Topics []struct {
			Docs   []map[string]any  `json:"docs"`
			Labels *eval.TopicLabels `json:"labels"`
		} `json:"topics"`
	}
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	for k, tp := range got.Topics {
		want := []map[string]any{{"id": fmt.Sprintf("d%d", k), "weight": 0.5 + 0.1*float64(k), "text": "text \u202e\x1b[2J of " + strconv.Itoa(k)}}
		if k == 1 {
			want = append(want, map[string]any{"id": "no text", "weight": 0.25})
		}
		if !reflect.DeepEqual(tp.Docs, want) {
			t.Errorf("topic %d: docs %v, want %v", k, tp.Docs, want)
		}
		if tp.Labels == nil || !reflect.DeepEqual(*tp.Labels, labels[k]) {
			t.Errorf("topic %d: labels %+v, want %+v", k, tp.Labels, labels[k])
		}
	}
	var plain bytes.Buffer
	if err := WriteTopicsJSON(&plain, m, 2); err != nil || strings.Contains(plain.String(), `"docs"`) {
		t.Errorf("WriteTopicsJSON: %v, docs in %s", err, plain.String())
	}
	b.Reset()
	if err := WriteTopicsEvidenceJSON(&b, m, 2, TopicEvidence{Docs: docs[:1]}); err == nil || b.Len() > 0 {
		t.Errorf("documents of 1 topic for K = %d: %v after %d bytes, want an error before writing", m.K, err, b.Len())
	}
	if err := WriteTopicsEvidenceJSON(&b, m, 2, TopicEvidence{ByLabel: []eval.LabelTopics{{Label: "x", Docs: 1, Shares: []float64{1}}}}); err == nil || b.Len() > 0 {
		t.Errorf("a label of 1 topic share for K = %d: %v after %d bytes, want an error before writing", m.K, err, b.Len())
	}
	byLabel := []eval.LabelTopics{{Label: "sport", Docs: 2, Shares: []float64{0.5, 0.25, 0.25}}}
	if err := WriteTopicsEvidenceJSON(&b, m, 2, TopicEvidence{ByLabel: byLabel}); err != nil {
		t.Fatal(err)
	}
	var top struct {
		ByLabel []eval.LabelTopics `json:"by_label"`
	}
	if err := json.Unmarshal(b.Bytes(), &top); err != nil || !reflect.DeepEqual(top.ByLabel, byLabel) {
		t.Errorf("by_label %+v (%v), want %+v", top.ByLabel, err, byLabel)
	}
	b.Reset()
	if err := WriteTopicsEvidenceJSON(&b, m, 2, TopicEvidence{Labels: labels[1:]}); err == nil || b.Len() > 0 {
		t.Errorf("documents of 1 topic for K = %d: %v after %d bytes, want an error before writing", m.K, err, b.Len())
	}
}

// Words given replace the most probable, with "lambda"; words of another
// number of topics, or outside the vocabulary, are refused before writing.
func TestTopicsWordsJSON(t *testing.T) {
	m := hostileModel()
	words := make([][]int, m.K)
	for k := range words {
		words[k] = []int{len(m.Vocab) - 1, k}
	}
	var b bytes.Buffer
	if err := WriteTopicsEvidenceJSON(&b, m, 2, TopicEvidence{Words: words, Lambda: 0.6}); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Lambda *float64
		Topics []struct {
			Words   []string
			Weights []float64
		}
	}
	if err := json.Unmarshal(b.Bytes(), &got); err != nil || got.Lambda == nil || *got.Lambda != 0.6 {
		t.Fatalf("lambda %v (%v) in %s", got.Lambda, err, b.String())
	}
	for k, tp := range got.Topics {
		last := len(m.Vocab) - 1
		if want := []string{m.Vocab[last], m.Vocab[k]}; !slices.Equal(tp.Words, want) || tp.Weights[0] != m.Topics[k][last] {
			t.Errorf("topic %d: words %q weights %v, want %q and p(w|z) %v first", k, tp.Words, tp.Weights, want, m.Topics[k][last])
		}
	}
	b.Reset()
	if err := WriteTopicsJSON(&b, m, 2); err != nil || strings.Contains(b.String(), `"lambda"`) {
		t.Errorf("WriteTopicsJSON: %v, lambda in %s", err, b.String())
	}
	for _, bad := range [][][]int{words[1:], {{0}, {len(m.Vocab)}, {0}}, {{-1}, {0}, {0}}} {
		b.Reset()
		if err := WriteTopicsEvidenceJSON(&b, m, 2, TopicEvidence{Words: bad}); err == nil || b.Len() > 0 {
			t.Errorf("words %v for K = %d, V = %d: %v after %d bytes, want an error before writing", bad, m.K, len(m.Vocab), err, b.Len())
		}
	}
}
