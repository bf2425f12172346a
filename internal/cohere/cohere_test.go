package cohere

import (
	"math"
	"testing"

	"github.com/hulltopics/hull/corpus"
)

// pairCorpus returns ten documents in which word a occurs in di, b in dj
// and both in co (every document holds a filler word).
func pairCorpus(co, di, dj int) (*corpus.Corpus, int, int) {
	docs := make([][]string, 10)
	for d := range docs {
		docs[d] = []string{"z"}
		if d < di {
			docs[d] = append(docs[d], "a")
		}
		if d >= di-co && d < di+dj-co {
			docs[d] = append(docs[d], "b")
		}
	}
	c := corpus.FromTokens(docs)
	id := func(w string) int {
		for i, v := range c.Vocab {
			if v == w {
				return i
			}
		}
		return -1
	}
	return c, id("a"), id("b")
}

func TestNPMIExtremes(t *testing.T) {
	for _, tc := range []struct {
		co, di, dj int
		want       float64
	}{
		{0, 3, 4, -1},                           // never together
		{10, 10, 10, 1},                         // together in every document
		{5, 5, 5, 1},                            // always together: log 2 / log 2
		{2, 4, 5, 0},                            // independent: p(a,b) = p(a)p(b) = 0.2
		{1, 1, 10, 0},                           // one word everywhere
		{1, 5, 5, math.Log(0.4) / math.Log(10)}, // log(0.1/0.25) / -log 0.1
	} {
		c, a, b := pairCorpus(tc.co, tc.di, tc.dj)
		x := New(c, [][]int{{a, b}}, 0)
		if x.Freq(a) != tc.di || x.Freq(b) != tc.dj || x.Together(a, b) != tc.co || x.Together(b, a) != tc.co {
			t.Fatalf("co=%d di=%d dj=%d: counted %d, %d, %d", tc.co, tc.di, tc.dj, x.Together(a, b), x.Freq(a), x.Freq(b))
		}
		if got := x.NPMI(a, b); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("npmi(co=%d, di=%d, dj=%d) = %v, want %v", tc.co, tc.di, tc.dj, got, tc.want)
		}
		if got := x.TopicNPMI([]int{a, b}); got != x.NPMI(a, b) {
			t.Errorf("one pair: TopicNPMI %v, NPMI %v", got, x.NPMI(a, b))
		}
	}
}

// A word of the lists that occurs nowhere is unseen, and pairs with it
// never occur together; a single word has no pair.
func TestUnseenAndSingle(t *testing.T) {
	c, _ := corpus.FromTokensOn([]string{"a", "b", "c"}, [][]string{{"a", "b"}, {"a"}})
	x := New(c, [][]int{{0, 2}, {1}}, 0)
	if x.Unseen() != 1 || x.Freq(2) != 0 || x.NPMI(0, 2) != -1 || x.TopicNPMI([]int{1}) != 0 {
		t.Errorf("unseen %d, freq %d, npmi %v, single %v", x.Unseen(), x.Freq(2), x.NPMI(0, 2), x.TopicNPMI([]int{1}))
	}
}

// A sample of three of ten documents indexes documents 0, 3 and 6.
func TestSample(t *testing.T) {
	docs := make([][]string, 10)
	for d := range docs {
		docs[d] = []string{"z"}
		if d%3 == 0 {
			docs[d] = append(docs[d], "a")
		}
	}
	c := corpus.FromTokens(docs)
	a := 1
	if c.Vocab[0] == "a" {
		a = 0
	}
	if x := New(c, [][]int{{a}}, 3); x.Docs != 3 || x.Freq(a) != 3 {
		t.Errorf("sample of 3: %d documents, a in %d; want 3 and 3", x.Docs, x.Freq(a))
	}
	if x := New(c, [][]int{{a}}, 0); x.Docs != 10 || x.Freq(a) != 4 {
		t.Errorf("all: %d documents, a in %d; want 10 and 4", x.Docs, x.Freq(a))
	}
}
