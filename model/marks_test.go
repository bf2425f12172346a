package model

import (
	"path/filepath"
	"slices"
	"testing"
)

// marked returns the kind of m's marked words and the marked word of each
// topic, as words ("" for none).
func marked(m *Model) (string, []string) {
	words := make([]string, m.K)
	for k := range words {
		if i := m.MarkedWord(k); i >= 0 {
			words[k] = m.Vocab[i]
		}
	}
	return m.MarkKind(), words
}

func TestMarkedWord(t *testing.T) {
	vocab := []string{"bread", "oven", "rain", "snow"}
	topics := [][]float64{{0.6, 0.4, 0, 0}, {0, 0.1, 0.2, 0.7}, {0.25, 0.25, 0.25, 0.25}}
	for _, tc := range []struct {
		name       string
		algo       string
		anchors    []int
		topicWords [][]int
		kind       string
		words      []string
	}{
		{"anchors", "anchor", []int{1, 3, 2}, nil, MarkAnchor, []string{"oven", "snow", "rain"}},
		// The projection learners record both: the anchor (the cluster's
		// representative) is the marked word, not the first of the cluster.
		{"anchors before topic words", "rp", []int{0, 2, 1}, [][]int{{1, 0}, {3}, {}}, MarkAnchor, []string{"bread", "rain", "oven"}},
		{"catchwords", "tsvd", nil, [][]int{{1, 0}, {3, 2}, {2}}, MarkCatchword, []string{"oven", "snow", "rain"}},
		{"vertex words", "score", nil, [][]int{{0}, {2, 3}, {1, 2}}, MarkVertexWord, []string{"bread", "rain", "oven"}},
		{"a topic without topic words", "tsvd", nil, [][]int{{1}, {}, {3}}, MarkCatchword, []string{"oven", "", "snow"}},
		{"another learner's topic words", "projector", nil, [][]int{{3}, {0}, {1}}, MarkCharacteristic, []string{"snow", "bread", "oven"}},
		{"no marks", "gibbs", nil, nil, "", []string{"", "", ""}},
		// Fields of the wrong length (which Validate refuses) mark nothing.
		{"anchors of another K", "anchor", []int{1, 3}, nil, "", []string{"", "", ""}},
		{"topic words of another K", "score", nil, [][]int{{1}}, "", []string{"", "", ""}},
	} {
		m := &Model{Algorithm: tc.algo, K: 3, Vocab: vocab, Topics: topics, Anchors: tc.anchors, TopicWords: tc.topicWords}
		kind, words := marked(m)
		if kind != tc.kind || !slices.Equal(words, tc.words) {
			t.Errorf("%s: MarkKind %q, marked words %q; want %q, %q", tc.name, kind, words, tc.kind, tc.words)
		}
	}
}

func TestMarkedWordPanicsOutOfRange(t *testing.T) {
	m := sample() // K = 2, with anchors
	for _, k := range []int{-1, 2} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("MarkedWord(%d) of K = 2 did not panic", k)
				}
			}()
			m.MarkedWord(k)
		}()
	}
	m.Anchors = nil // no marks: still a programming error
	func() {
		defer func() {
			if recover() == nil {
				t.Errorf("MarkedWord(2) of K = 2 without marks did not panic")
			}
		}()
		m.MarkedWord(2)
	}()
}

// Models that hull fitted (testdata/v1-*.json.gz) mark the words their
// learners record: rp its anchors (not the first words of its clusters,
// which it records too), tsvd the first of its catchwords. Format 1 score
// models recorded their vertex words as anchors (params "anchor_words"),
// and Read migrates them there, so they mark anchors.
func TestMarkedWordOfFittedModels(t *testing.T) {
	for algo, kind := range map[string]string{"rp": MarkAnchor, "score": MarkAnchor, "tsvd": MarkCatchword} {
		m, err := Load(filepath.Join("testdata", "v1-"+algo+".json.gz"))
		if err != nil {
			t.Fatal(err)
		}
		if got := m.MarkKind(); got != kind {
			t.Errorf("%s: MarkKind() = %q, want %q", algo, got, kind)
		}
		for k := range m.K {
			want := -1
			switch {
			case kind == MarkAnchor:
				want = m.Anchors[k]
			case len(m.TopicWords[k]) > 0:
				want = m.TopicWords[k][0]
			}
			if got := m.MarkedWord(k); got != want {
				t.Errorf("%s: MarkedWord(%d) = %d, want %d", algo, k, got, want)
			}
		}
	}
}

// Refined reads the iterations package refine records, as the learner set
// them (an int) and as Load returns them (a float64); no iterations, or
// none run, is not refined.
func TestRefined(t *testing.T) {
	for _, tc := range []struct {
		params map[string]any
		want   bool
	}{
		{nil, false},
		{map[string]any{"refine": 20}, false},
		{map[string]any{RefineIterationsParam: 0}, false},
		{map[string]any{RefineIterationsParam: 20}, true},
		{map[string]any{RefineIterationsParam: 3.0}, true},
		{map[string]any{RefineIterationsParam: "20"}, false},
	} {
		m := &Model{Params: tc.params}
		if got := m.Refined(); got != tc.want {
			t.Errorf("Params %v: Refined() = %v, want %v", tc.params, got, tc.want)
		}
	}
}
