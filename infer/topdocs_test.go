package infer

import (
	"reflect"
	"testing"

	"github.com/hulltopics/hull/corpus"
)

func TestTopDocs(t *testing.T) {
	theta := [][]float64{
		{0.9, 0.1},
		{0.2, 0.8},
		{0.9, 0.1}, // ties document 0 on topic 0: the lower document first
		{0.5, 0.5},
	}
	if got, want := must(TopDocs(theta, 2, 3)), [][]int{{0, 2, 3}, {1, 3, 0}}; !reflect.DeepEqual(got, want) {
		t.Errorf("TopDocs = %v, want %v", got, want)
	}
	if got := must(TopDocs(theta, 2, 10)); len(got[0]) != 4 {
		t.Errorf("TopDocs of 10 from 4 documents gave %v", got)
	}
	if got := must(TopDocs(nil, 3, 2)); len(got) != 3 || len(got[0]) != 0 {
		t.Errorf("TopDocs without documents = %v, want 3 empty lists", got)
	}
	c := corpus.FromTokens([][]string{{"a"}, {"b"}, {"a", "b"}, {"c"}})
	c.Excerpts = []string{"A.", "B.", "A and B.", "C."}
	got := must(TopicDocs(c, theta, 2, 1, DefaultNearCopy))
	want := [][]TopicDoc{{{Doc: 0, ID: c.DocIDs[0], Weight: 0.9, Text: "A."}}, {{Doc: 1, ID: c.DocIDs[1], Weight: 0.8, Text: "B."}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("TopicDocs = %+v, want %+v", got, want)
	}
	c.Excerpts = nil
	if got := must(TopicDocs(c, theta, 2, 1, 0)); got[1][0].Text != "" || got[1][0].ID != c.DocIDs[1] {
		t.Errorf("TopicDocs without excerpts = %+v", got)
	}
}

// TestTopicDocsPassesOverNearCopies checks that a topic's documents skip
// those whose words repeat a document chosen above them, count them on
// it, and rank further down when the first ranks are all copies; and
// that a document without words is never shown.
func TestTopicDocsPassesOverNearCopies(t *testing.T) {
	c := corpus.FromTokens([][]string{
		{"oil", "price", "rise"},
		{"oil", "price", "rise", "oil", "price", "rise"}, // a copy: the same words in the same proportions
		{"oil", "price", "rise", "opec"},                 // cosine 3/sqrt(12) = 0.866 with document 0
		{"oil", "price", "rise"},                         // a copy
		{"wheat", "crop"},
		{}, // no word: its weight is the prior's, and it is never shown
	})
	theta := [][]float64{{0.99}, {0.98}, {0.97}, {0.96}, {0.5}, {0.1}}
	ids := func(docs []TopicDoc) (out []int) {
		for _, d := range docs {
			out = append(out, d.Doc, d.Copies)
		}
		return out
	}
	for _, tc := range []struct {
		n        int
		nearCopy float64
		want     []int // document, near-copies passed over, ...
	}{
		{2, DefaultNearCopy, []int{0, 1, 2, 0}},
		{3, DefaultNearCopy, []int{0, 2, 2, 0, 4, 0}},
		{3, 0.85, []int{0, 3, 4, 0}}, // document 2 too is a near-copy of 0, and 5 has no word
		{6, DefaultNearCopy, []int{0, 2, 2, 0, 4, 0}},
		{3, 1, []int{0, 2, 2, 0, 4, 0}},
		{3, 0, []int{0, 0, 1, 0, 2, 0}},
	} {
		if got := ids(must(TopicDocs(c, theta, 1, tc.n, tc.nearCopy))[0]); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("TopicDocs(n %d, near-copy %g) = %v, want %v", tc.n, tc.nearCopy, got, tc.want)
		}
	}
	// A document near two chosen ones is counted on the one chosen last:
	// cosine 0.866 with each, which are at 0.5 with each other.
	c2 := corpus.FromTokens([][]string{{"x", "y"}, {"x", "z"}, {"x", "x", "y", "z"}})
	if got := ids(must(TopicDocs(c2, [][]float64{{0.9}, {0.8}, {0.7}}, 1, 3, 0.85))[0]); !reflect.DeepEqual(got, []int{0, 0, 1, 1}) {
		t.Errorf("a near-copy of the two documents chosen: %v, want it counted on the second, [0 0 1 1]", got)
	}
	// 40 copies rank first: the search goes past n and 4n documents.
	docs := [][]string{}
	theta = nil
	for i := range 40 {
		docs = append(docs, []string{"gold", "mine"})
		theta = append(theta, []float64{1 - float64(i)/100})
	}
	docs = append(docs, []string{"gold", "ore", "assay"})
	theta = append(theta, []float64{0.5})
	got := must(TopicDocs(corpus.FromTokens(docs), theta, 1, 2, DefaultNearCopy))[0]
	if want := []int{0, 39, 40, 0}; !reflect.DeepEqual(ids(got), want) {
		t.Errorf("TopicDocs after 40 copies = %v, want %v", ids(got), want)
	}
}

// TestDominantOfDocs checks that a document without words has no dominant
// topic, whatever the prior's weights it got.
func TestDominantOfDocs(t *testing.T) {
	c := corpus.FromTokens([][]string{{"a"}, {}, {"b"}})
	theta := [][]float64{{0.9, 0.1}, {0.6, 0.4}, {0.2, 0.8}}
	if got := DominantOfDocs(c, theta); !reflect.DeepEqual(got, []int{0, -1, 1}) {
		t.Errorf("DominantOfDocs = %v, want [0 -1 1]", got)
	}
}

// TestTopicDocsBadInput: weights that do not fit the corpus or k, a
// negative n and a similarity outside [0, 1] are refused before any work,
// not a panic nor a silent ranking of some of the documents.
func TestTopicDocsBadInput(t *testing.T) {
	c := corpus.FromTokens([][]string{{"a"}, {"b"}, {"a", "b"}})
	theta := [][]float64{{0.9, 0.1}, {0.2, 0.8}, {0.5, 0.5}}
	if _, err := TopicDocs(c, theta, 2, 1, DefaultNearCopy); err != nil {
		t.Fatal(err)
	}
	for name, call := range map[string]func() ([][]TopicDoc, error){
		"no corpus":          func() ([][]TopicDoc, error) { return TopicDocs(nil, theta, 2, 1, 0) },
		"fewer rows":         func() ([][]TopicDoc, error) { return TopicDocs(c, theta[:2], 2, 1, 0) },
		"more rows":          func() ([][]TopicDoc, error) { return TopicDocs(c, append(theta, []float64{1, 0}), 2, 1, 0) },
		"k above the rows":   func() ([][]TopicDoc, error) { return TopicDocs(c, theta, 3, 1, 0) },
		"negative n":         func() ([][]TopicDoc, error) { return TopicDocs(c, theta, 2, -1, 0) },
		"near-copy above 1":  func() ([][]TopicDoc, error) { return TopicDocs(c, theta, 2, 1, 2) },
		"near-copy negative": func() ([][]TopicDoc, error) { return TopicDocs(c, theta, 2, 1, -0.5) },
	} {
		if got, err := call(); err == nil {
			t.Errorf("%s: %v and no error", name, got)
		}
	}
	if got, err := TopDocs(theta, 5, 1); err == nil {
		t.Errorf("TopDocs, k above the rows: %v and no error", got)
	}
	if got, err := TopDocs(theta, 2, -1); err == nil {
		t.Errorf("TopDocs, negative n: %v and no error", got)
	}
}

// must returns v, failing the test's goroutine on err.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
