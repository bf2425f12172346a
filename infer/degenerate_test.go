package infer

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/model"
)

// TestSubnormalAlpha: a valid model whose alpha sums to a subnormal
// number gave +Inf weights to an empty document (VB and Gibbs), to
// Document and to AlphaFor's rescaling: 1/sum overflowed.
func TestSubnormalAlpha(t *testing.T) {
	m := &model.Model{Algorithm: "x", K: 2, Vocab: []string{"apple", "banana", "cherry"},
		Topics: [][]float64{{0.5, 0.5, 0}, {0, 0.25, 0.75}}, Alpha: []float64{1e-320, 1e-320}}
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	c, _ := corpus.FromTokensOn(m.Vocab, [][]string{{}, {"apple", "banana", "apple"}})
	half := []float64{0.5, 0.5}
	for _, method := range []Method{VB, Gibbs} {
		theta, err := Infer(context.Background(), m, c, Options{Method: method})
		if err != nil {
			t.Fatalf("%s: %v", method, err)
		}
		if !slices.Equal(theta[0], half) || theta[1][0] != 1 {
			t.Errorf("%s: %v, want [0.5 0.5] for the empty document and [1 ~0] for the other", method, theta)
		}
	}
	theta, unknown, err := Document(context.Background(), m, []string{"zzz"}, Options{})
	if err != nil || unknown != 1 || !slices.Equal(theta, half) {
		t.Errorf("Document of an unknown word: %v, %d unknown, %v; want [0.5 0.5]", theta, unknown, err)
	}
	if got := AlphaFor(m, 1); !slices.Equal(got, half) {
		t.Errorf("AlphaFor(m, 1) = %v, want [0.5 0.5]", got)
	}
	m.Alpha, m.TopicWeights = nil, []float64{0.5, 0.5}
	alpha := AlphaFor(m, 1e-320)
	rows, err := Infer(context.Background(), m, c, Options{Alpha: alpha})
	if err != nil || !slices.Equal(rows[0], half) {
		t.Errorf("alpha %v: %v, %v; want [0.5 0.5] for the empty document", alpha, rows, err)
	}
}

// TestEmptyUnexplained: a document whose words all have zero weight in
// every topic gets the prior mean from Infer, and was shown by TopicDocs
// and given a dominant topic by DominantOfDocs; EmptyUnexplained empties
// it (and only it), and they leave it out.
func TestEmptyUnexplained(t *testing.T) {
	m := &model.Model{Algorithm: "x", K: 2, Vocab: []string{"apple", "banana", "cherry", "durian"},
		Topics: [][]float64{{0.5, 0.5, 0, 0}, {0, 0.25, 0.75, 0}}} // durian: 0 in every topic
	c, _ := corpus.FromTokensOn(m.Vocab, [][]string{{"apple", "durian"}, {"durian", "durian"}, {}, {"cherry", "banana"}})
	c.Excerpts = []string{"a", "b", "c", "d"}
	out, n, err := EmptyUnexplained(m, c)
	if err != nil || n != 1 {
		t.Fatalf("EmptyUnexplained: %d documents, %v; want 1", n, err)
	}
	if marked, count, err := UnexplainedDocs(m, c); count != 1 || err != nil || len(marked) != c.NumDocs() {
		t.Errorf("UnexplainedDocs: %v, %d, %v; want 1 of %d marked", marked, count, err, c.NumDocs())
	}
	if out.EmptyDocs() != 2 || !out.Empty(1) || out.Empty(0) || out.Empty(3) || !reflect.DeepEqual(out.DocIDs, c.DocIDs) || !reflect.DeepEqual(out.Excerpts, c.Excerpts) {
		t.Errorf("EmptyUnexplained: %+v", out)
	}
	if err := out.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, d := range []int{0, 3} {
		w1, c1 := c.Doc(d)
		w2, c2 := out.Doc(d)
		if !slices.Equal(w1, w2) || !slices.Equal(c1, c2) {
			t.Errorf("document %d changed: %v %v, was %v %v", d, w2, c2, w1, c1)
		}
	}
	for _, method := range []Method{VB, Gibbs} {
		before, after := infer(t, m, c, Options{Method: method}), infer(t, m, out, Options{Method: method})
		if !reflect.DeepEqual(before, after) {
			t.Errorf("%s: weights %v on the corpus emptied, %v before", method, after, before)
		}
	}
	theta := infer(t, m, out, Options{})
	docs, err := TopicDocs(out, theta, 2, 4, 0)
	if err != nil {
		t.Fatal(err)
	}
	for k, list := range docs {
		for _, d := range list {
			if d.Doc == 1 || d.Doc == 2 {
				t.Errorf("topic %d shows document %d: %+v", k, d.Doc, list)
			}
		}
	}
	if got := DominantOfDocs(out, theta); got[1] != -1 || got[2] != -1 || got[0] != 0 || got[3] != 1 {
		t.Errorf("DominantOfDocs = %v, want [0 -1 -1 1]", got)
	}
	// DominantTopics leaves them out on the corpus itself: the uniform
	// prior gave document 1 topic 0, the lower one on the tie.
	for _, docs := range []*corpus.Corpus{c, out} {
		if got, err := DominantTopics(context.Background(), m, docs, Options{}); err != nil || !slices.Equal(got, []int{0, -1, -1, 1}) {
			t.Errorf("DominantTopics = %v, %v; want [0 -1 -1 1]", got, err)
		}
	}
	if got, n, err := SampleDominantTopics(context.Background(), m, c, 2, Options{}); err != nil || n != 2 || !slices.Equal(got, []int{0, -1, -1, -1}) {
		t.Errorf("SampleDominantTopics = %v, %d, %v; want [0 -1 -1 -1], 2", got, n, err)
	}
	if same, n, err := EmptyUnexplained(m, out); same != out || n != 0 || err != nil {
		t.Errorf("nothing to empty: %p (%p), %d, %v", same, out, n, err)
	}
	if _, _, err := EmptyUnexplained(m, corpus.FromTokens([][]string{{"apple"}})); !errors.Is(err, model.ErrVocabMismatch) {
		t.Errorf("another vocabulary: %v", err)
	}
	if _, _, err := EmptyUnexplained(m, nil); err == nil {
		t.Error("no corpus: no error")
	}
	if _, _, err := EmptyUnexplained(&model.Model{K: 1}, c); err == nil {
		t.Error("a malformed model: no error")
	}
}

// TestTopDocsNegativeK: with no rows every k passed the check, and
// make([][]int, k) panicked on a negative one.
func TestTopDocsNegativeK(t *testing.T) {
	for _, k := range []int{-1, 0} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("k = %d: panic %v", k, r)
				}
			}()
			if got, err := TopDocs(nil, k, 3); err == nil {
				t.Errorf("TopDocs(k = %d): %v and no error", k, got)
			}
			if got, err := TopicDocs(corpus.FromTokens(nil), nil, k, 1, 0); err == nil {
				t.Errorf("TopicDocs(k = %d): %v and no error", k, got)
			}
		}()
	}
}
