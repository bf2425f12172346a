package corpus

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"unsafe"
)

func TestFromTokens(t *testing.T) {
	docs := [][]string{
		{"rain", "snow", "rain", "Rain"},
		{},
		{"sun", "snow", "sun", "sun"},
		nil,
	}
	c := FromTokens(docs)
	checkDocs(t, c, []string{"1", "2", "3", "4"}, []map[string]int32{
		{"rain": 2, "snow": 1, "Rain": 1},
		{},
		{"sun": 3, "snow": 1},
		{},
	})
	if want := []string{"rain", "snow", "Rain", "sun"}; !slices.Equal(c.Vocab, want) {
		t.Errorf("vocabulary %q, want %q (first-seen order, verbatim)", c.Vocab, want)
	}
	if c.NumDocs() != 4 || c.Tokens() != 8 || c.NNZ() != 5 || c.DocLen(1) != 0 || c.DocLen(3) != 0 {
		t.Errorf("D=%d tokens=%d nnz=%d, lens %d %d", c.NumDocs(), c.Tokens(), c.NNZ(), c.DocLen(1), c.DocLen(3))
	}
	// The same corpus as the Builder makes.
	b := NewBuilder(nil)
	for d, doc := range docs {
		for _, w := range doc {
			i, _ := b.WordIndex(w)
			b.Add(i, 1)
		}
		b.EndDoc(itoa(d + 1))
	}
	sameCorpus(t, c, b.Corpus())
}

func TestFromTokensEdges(t *testing.T) {
	for _, docs := range [][][]string{nil, {}, {nil, {}}} {
		c := FromTokens(docs)
		mustValid(t, c)
		if c.NumDocs() != len(docs) || c.NumWords() != 0 || c.NNZ() != 0 {
			t.Errorf("FromTokens(%q) = %+v", docs, c)
		}
	}
}

// TestFromTokensCopiesWords checks that the vocabulary does not keep the
// caller's text reachable through tokens cut from it.
func TestFromTokensCopiesWords(t *testing.T) {
	s := "alpha beta alpha"
	c := FromTokens([][]string{strings.Fields(s)})
	lo := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	for _, w := range c.Vocab {
		if p := uintptr(unsafe.Pointer(unsafe.StringData(w))); p >= lo && p < lo+uintptr(len(s)) {
			t.Errorf("vocabulary word %q points into the caller's text", w)
		}
	}
}

func TestFromTokensOn(t *testing.T) {
	vocab := []string{"sun", "rain", "snow", "wind"}
	docs := [][]string{
		{"rain", "zebra", "rain", "sun", "yak"},
		{"zebra", "zebra"},
		{},
		{"wind", "snow", "wind", "ox", "gnu", "emu", "cat", "dog"},
	}
	c, rep := FromTokensOn(vocab, docs)
	checkDocs(t, c, []string{"1", "2", "3", "4"}, []map[string]int32{
		{"rain": 2, "sun": 1},
		{},
		{},
		{"wind": 2, "snow": 1},
	})
	if !slices.Equal(c.Vocab, vocab) || &c.Vocab[0] != &vocab[0] {
		t.Errorf("vocabulary %q, want the given slice %q", c.Vocab, vocab)
	}
	want := TokensReport{
		Tokens: 6, DroppedTokens: 9, UnknownWords: 7,
		FirstUnknown: []string{"zebra", "yak", "ox", "gnu", "emu"},
		EmptyDocs:    2,
	}
	if !reflect.DeepEqual(rep, want) {
		t.Errorf("report %+v, want %+v", rep, want)
	}
	if c.Tokens() != rep.Tokens {
		t.Errorf("corpus has %d tokens, report %d", c.Tokens(), rep.Tokens)
	}
	// On its own vocabulary, FromTokensOn is FromTokens.
	own := FromTokens(docs)
	again, rep := FromTokensOn(own.Vocab, docs)
	sameCorpus(t, again, own)
	if rep.DroppedTokens != 0 || rep.UnknownWords != 0 || rep.FirstUnknown != nil || rep.EmptyDocs != 1 || rep.Tokens != own.Tokens() {
		t.Errorf("own vocabulary: report %+v", rep)
	}
}

func TestFromTokensOnEdges(t *testing.T) {
	// A word listed twice counts under its first index.
	c, rep := FromTokensOn([]string{"a", "b", "a"}, [][]string{{"a", "b", "a"}})
	mustValid(t, c)
	if w, k := c.Doc(0); !slices.Equal(w, []int32{0, 1}) || !slices.Equal(k, []int32{2, 1}) || rep.Tokens != 3 {
		t.Errorf("doc %v %v, report %+v", w, k, rep)
	}
	// No vocabulary: every token is unknown.
	c, rep = FromTokensOn(nil, [][]string{{"x", "y", "x"}})
	mustValid(t, c)
	if c.NumDocs() != 1 || c.NNZ() != 0 || rep.DroppedTokens != 3 || rep.UnknownWords != 2 || rep.EmptyDocs != 1 {
		t.Errorf("nil vocabulary: %+v, report %+v", c, rep)
	}
	// No documents.
	c, rep = FromTokensOn([]string{"a"}, nil)
	mustValid(t, c)
	if c.NumDocs() != 0 || !reflect.DeepEqual(rep, TokensReport{}) {
		t.Errorf("no documents: %+v, report %+v", c, rep)
	}
}

func TestTokensReportString(t *testing.T) {
	cases := []struct {
		rep  TokensReport
		want string
	}{
		{TokensReport{Tokens: 12}, "12 tokens"},
		{TokensReport{Tokens: 5, DroppedTokens: 3, UnknownWords: 2, FirstUnknown: []string{"zebra", "yak"}, EmptyDocs: 1},
			`5 tokens (dropped 3 tokens of 2 unknown words: "zebra", "yak"; 1 empty documents; 62.5% of tokens kept)`},
		{TokensReport{Tokens: 1, DroppedTokens: 9, UnknownWords: 6, FirstUnknown: []string{"a", "b", "c", "d", "e"}},
			`1 tokens (dropped 9 tokens of 6 unknown words: "a", "b", "c", "d", "e", ...; 10.0% of tokens kept)`},
		{TokensReport{EmptyDocs: 2}, "0 tokens (2 empty documents)"},
	}
	for _, tc := range cases {
		if got := tc.rep.String(); got != tc.want {
			t.Errorf("String() = %q, want %q", got, tc.want)
		}
	}
	// A real report: the counts in the summary are the report's.
	_, rep := FromTokensOn([]string{"a"}, [][]string{{"a", "b"}, {"c"}})
	if got, want := rep.String(), `1 tokens (dropped 2 tokens of 2 unknown words: "b", "c"; 1 empty documents; 33.3% of tokens kept)`; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}
