package corpus

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// pruneCorpus has 4 documents over a b c d e: df a=4 b=2 c=1 d=2 e=0.
func pruneCorpus() *Corpus {
	b := NewBuilder([]string{"a", "b", "c", "d", "e"})
	for i, doc := range [][]int32{{0, 1}, {0, 2}, {0, 1, 3}, {0, 3}} {
		for _, w := range doc {
			b.Add(w, int32(i+1))
		}
		b.EndDoc("doc" + itoa(i))
	}
	return b.Corpus()
}

func TestPrune(t *testing.T) {
	c := pruneCorpus()
	cases := []struct {
		opts    PruneOptions
		vocab   []string
		ids     []string
		dropped [3]int
	}{
		{PruneOptions{}, []string{"a", "b", "c", "d", "e"}, []string{"doc0", "doc1", "doc2", "doc3"}, [3]int{}},
		{PruneOptions{MinDF: 1}, []string{"a", "b", "c", "d"}, []string{"doc0", "doc1", "doc2", "doc3"}, [3]int{1, 0, 0}},
		{PruneOptions{MinDF: 2}, []string{"a", "b", "d"}, []string{"doc0", "doc1", "doc2", "doc3"}, [3]int{2, 0, 0}},
		// a occurs in 4/4 > 0.75: dropped; doc1 keeps only c.
		{PruneOptions{MaxDF: 0.75}, []string{"b", "c", "d", "e"}, []string{"doc0", "doc1", "doc2", "doc3"}, [3]int{0, 1, 0}},
		{PruneOptions{MaxDF: 1}, []string{"a", "b", "c", "d", "e"}, []string{"doc0", "doc1", "doc2", "doc3"}, [3]int{}},
		// Without a, doc1 (a, c) is left empty once c is dropped by MinDF.
		{PruneOptions{MinDF: 2, MaxDF: 0.9}, []string{"b", "d"}, []string{"doc0", "doc2", "doc3"}, [3]int{2, 1, 0}},
		// Highest df: a (4), then b and d (2, tie to lower index b).
		{PruneOptions{MaxVocab: 2}, []string{"a", "b"}, []string{"doc0", "doc1", "doc2", "doc3"}, [3]int{0, 0, 3}},
		{PruneOptions{MaxVocab: 2, MaxDF: 0.9}, []string{"b", "d"}, []string{"doc0", "doc2", "doc3"}, [3]int{0, 1, 2}},
		{PruneOptions{MaxVocab: 10}, []string{"a", "b", "c", "d", "e"}, []string{"doc0", "doc1", "doc2", "doc3"}, [3]int{}},
	}
	for _, tc := range cases {
		out, rep, err := Prune(c, tc.opts)
		if err != nil {
			t.Fatalf("%+v: %v", tc.opts, err)
		}
		mustValid(t, out)
		if !slices.Equal(out.Vocab, tc.vocab) || !slices.Equal(out.DocIDs, tc.ids) {
			t.Errorf("%+v: vocab %q docs %q, want %q %q", tc.opts, out.Vocab, out.DocIDs, tc.vocab, tc.ids)
		}
		if got := [3]int{rep.DroppedMinDF, rep.DroppedMaxDF, rep.DroppedMaxVocab}; got != tc.dropped {
			t.Errorf("%+v: dropped %v, want %v", tc.opts, got, tc.dropped)
		}
		if rep.WordsBefore != 5 || rep.WordsAfter != len(tc.vocab) || rep.DocsBefore != 4 || rep.DocsAfter != len(tc.ids) ||
			rep.DroppedEmptyDocs != 4-len(tc.ids) || rep.TokensBefore != c.Tokens() || rep.TokensAfter != out.Tokens() {
			t.Errorf("%+v: report %+v", tc.opts, rep)
		}
		// Every kept word keeps its counts in every kept document.
		for d := range out.NumDocs() {
			words, counts := out.Doc(d)
			orig := slices.Index(c.DocIDs, out.DocIDs[d])
			ow, oc := c.Doc(orig)
			for i, w := range words {
				j := slices.Index(c.Vocab, out.Vocab[w])
				if k := slices.Index(ow, int32(j)); k < 0 || oc[k] != counts[i] {
					t.Errorf("%+v: doc %s word %s count %d", tc.opts, out.DocIDs[d], out.Vocab[w], counts[i])
				}
			}
		}
	}
	if c.Digest() != pruneCorpus().Digest() {
		t.Error("Prune modified its input")
	}
}

func TestPruneErrors(t *testing.T) {
	c := pruneCorpus()
	for _, opts := range []PruneOptions{
		{MinDF: -1}, {MaxVocab: -1}, {MaxDF: -0.1}, {MaxDF: 1.5}, {MaxDF: math.NaN()},
	} {
		if _, _, err := Prune(c, opts); err == nil {
			t.Errorf("Prune(%+v): no error", opts)
		}
	}
	_, rep, err := Prune(c, PruneOptions{MinDF: 5})
	if err == nil || !strings.Contains(err.Error(), "nothing left") || rep.DroppedMinDF != 5 {
		t.Errorf("Prune(MinDF 5) = %+v, %v", rep, err)
	}
}

// StopWords drop their words, matched exactly, before the other rules
// count: a stop word is not counted again by MinDF; the record keeps the
// list, so that the same input prunes the same way.
func TestPruneStopWords(t *testing.T) {
	out, rep, err := Prune(pruneCorpus(), PruneOptions{StopWords: []string{"a", "e", "A", "zz"}, MinDF: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(out.Vocab, []string{"b", "c", "d"}) || rep.DroppedStopWords != 2 || rep.DroppedMinDF != 0 {
		t.Errorf("vocab %q, report %+v; want b c d, 2 stop words, none by min-df", out.Vocab, rep)
	}
	if p := out.Preprocessing.Prune; p == nil || !slices.Equal(p.StopWords, []string{"a", "e", "A", "zz"}) {
		t.Errorf("record %+v", out.Preprocessing)
	}
	if got := rep.String(); !strings.Contains(got, "dropped 2 words: 2 stop words, 0 by min-df") {
		t.Errorf("String() = %q", got)
	}
	if got := out.Preprocessing.Prune.String(); got != "4 stop words, min-df 1" {
		t.Errorf("record String() = %q", got)
	}
}

func TestPruneReportString(t *testing.T) {
	_, rep, _ := Prune(pruneCorpus(), PruneOptions{MinDF: 2, MaxDF: 0.9})
	want := "3 documents, 2 words, 11 tokens (dropped 3 words: 2 by min-df, 1 by max-df, 0 by max-vocab; 1 empty documents; 47.8% of tokens kept)"
	if got := rep.String(); got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	_, rep, _ = Prune(pruneCorpus(), PruneOptions{})
	if got := rep.String(); rep.Dropped() || strings.Contains(got, "dropped") {
		t.Errorf("nothing pruned: String() = %q, Dropped() = %v", got, rep.Dropped())
	}
}

func TestSplit(t *testing.T) {
	c := randomCorpus(rand.New(rand.NewPCG(3, 4)), 101, 30)
	train, test, err := Split(c, 0.2, rand.New(rand.NewPCG(7, 7)))
	if err != nil {
		t.Fatal(err)
	}
	mustValid(t, train)
	mustValid(t, test)
	if test.NumDocs() != 20 || train.NumDocs() != 81 {
		t.Fatalf("split %d + %d, want 81 + 20", train.NumDocs(), test.NumDocs())
	}
	if &train.Vocab[0] != &c.Vocab[0] || &test.Vocab[0] != &c.Vocab[0] {
		t.Error("parts do not share the vocabulary")
	}
	if train.Tokens()+test.Tokens() != c.Tokens() {
		t.Error("tokens lost")
	}
	// Original order within each part, same terms.
	for _, part := range []*Corpus{train, test} {
		prev := -1
		for d, id := range part.DocIDs {
			orig := slices.Index(c.DocIDs, id)
			if orig <= prev {
				t.Fatalf("document order not kept: %q", part.DocIDs)
			}
			prev = orig
			w0, k0 := c.Doc(orig)
			w1, k1 := part.Doc(d)
			if !slices.Equal(w0, w1) || !slices.Equal(k0, k1) {
				t.Fatalf("document %s changed", id)
			}
		}
	}
	seen := make(map[string]bool)
	for _, id := range append(slices.Clone(train.DocIDs), test.DocIDs...) {
		if seen[id] {
			t.Fatalf("document %s in both parts", id)
		}
		seen[id] = true
	}

	// Same seed, same split; another seed, another split.
	_, again, _ := Split(c, 0.2, rand.New(rand.NewPCG(7, 7)))
	_, other, _ := Split(c, 0.2, rand.New(rand.NewPCG(8, 8)))
	if !slices.Equal(again.DocIDs, test.DocIDs) || slices.Equal(other.DocIDs, test.DocIDs) {
		t.Error("split is not determined by the seed")
	}
}

func TestSplitEdges(t *testing.T) {
	c := pruneCorpus()
	rng := rand.New(rand.NewPCG(1, 1))
	for _, f := range []float64{0, 1} {
		train, test, err := Split(c, f, rng)
		if err != nil {
			t.Fatal(err)
		}
		mustValid(t, train)
		mustValid(t, test)
		if test.NumDocs() != int(f)*4 || train.NumDocs() != 4-int(f)*4 {
			t.Errorf("fraction %v: %d + %d", f, train.NumDocs(), test.NumDocs())
		}
	}
	if train, test, _ := Split(c, 0.375, rng); test.NumDocs() != 2 || train.NumDocs() != 2 {
		t.Errorf("round(1.5) test documents: got %d", test.NumDocs())
	}
	for _, f := range []float64{-0.1, 1.1, math.NaN()} {
		if _, _, err := Split(c, f, rng); err == nil {
			t.Errorf("Split(%v): no error", f)
		}
	}
	if _, _, err := Split(c, 0.5, nil); err == nil {
		t.Error("Split with nil rng: no error")
	}
}

func TestMerge(t *testing.T) {
	a := &Corpus{Vocab: []string{"x", "y", "z"}, DocIDs: []string{"a1", "a2"}, Offsets: []int64{0, 2, 3},
		Words: []int32{0, 2, 1}, Counts: []int32{1, 2, 5}}
	b := &Corpus{Vocab: []string{"z", "w", "x"}, DocIDs: []string{"b1", "b2"}, Offsets: []int64{0, 3, 3},
		Words: []int32{0, 1, 2}, Counts: []int32{7, 8, 9}}
	m := Merge(a, b)
	want := &Corpus{
		Vocab:   []string{"x", "y", "z", "w"},
		DocIDs:  []string{"a1", "a2", "b1", "b2"},
		Offsets: []int64{0, 2, 3, 6, 6},
		// b1: z(2):7, w(3):8, x(0):9 sorted -> 0:9 2:7 3:8.
		Words:  []int32{0, 2, 1, 0, 2, 3},
		Counts: []int32{1, 2, 5, 9, 7, 8},
	}
	sameCorpus(t, m, want)
	if e := Merge(); e.NumDocs() != 0 || e.Validate() != nil {
		t.Errorf("Merge() = %+v", e)
	}
	// A corpus repeating a word: counts summed.
	dup := &Corpus{Vocab: []string{"x", "x"}, DocIDs: []string{"d"}, Offsets: []int64{0, 2}, Words: []int32{0, 1}, Counts: []int32{1, 2}}
	if m := Merge(dup); m.NumWords() != 1 || m.Counts[0] != 3 || m.Validate() != nil {
		t.Errorf("Merge(dup) = %+v", m)
	}
}
