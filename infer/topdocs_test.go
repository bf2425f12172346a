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
	if got, want := TopDocs(theta, 2, 3), [][]int{{0, 2, 3}, {1, 3, 0}}; !reflect.DeepEqual(got, want) {
		t.Errorf("TopDocs = %v, want %v", got, want)
	}
	if got := TopDocs(theta, 2, 10); len(got[0]) != 4 {
		t.Errorf("TopDocs of 10 from 4 documents gave %v", got)
	}
	if got := TopDocs(nil, 3, 2); len(got) != 3 || len(got[0]) != 0 {
		t.Errorf("TopDocs without documents = %v, want 3 empty lists", got)
	}
	c := corpus.FromTokens([][]string{{"a"}, {"b"}, {"a", "b"}, {"c"}})
	c.Excerpts = []string{"A.", "B.", "A and B.", "C."}
	got := TopicDocs(c, theta, 2, 1)
	want := [][]TopicDoc{{{Doc: 0, ID: c.DocIDs[0], Weight: 0.9, Text: "A."}}, {{Doc: 1, ID: c.DocIDs[1], Weight: 0.8, Text: "B."}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("TopicDocs = %+v, want %+v", got, want)
	}
	c.Excerpts = nil
	if got := TopicDocs(c, theta, 2, 1); got[1][0].Text != "" || got[1][0].ID != c.DocIDs[1] {
		t.Errorf("TopicDocs without excerpts = %+v", got)
	}
}
