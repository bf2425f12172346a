package corpus

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
)

// TestPruneNil: pruning no corpus (nil) is an error, not a panic.
func TestPruneNil(t *testing.T) {
	if c, _, err := Prune(nil, PruneOptions{}); err == nil || c != nil {
		t.Errorf("Prune(nil): corpus %v, error %v; want an error", c, err)
	}
}

// TestNilCorpus: SaveDir and Split of no corpus (nil) are errors, as
// Prune's, not panics.
func TestNilCorpus(t *testing.T) {
	if _, err := SaveDir(context.Background(), filepath.Join(t.TempDir(), "out"), nil, SaveOptions{}); err == nil {
		t.Error("SaveDir(nil): no error")
	}
	if _, _, err := Split(nil, 0.5, rand.New(rand.NewPCG(1, 2))); err == nil {
		t.Error("Split(nil): no error")
	}
}

// TestPruneKeepEmptyDocs: Prune drops the documents that are or become
// empty, unless KeepEmptyDocs, which keeps every document in its place.
func TestPruneKeepEmptyDocs(t *testing.T) {
	b := NewBuilder([]string{"a", "b", "c", "unused"})
	b.Add(0, 2)
	b.EndDoc("1")
	b.EndDoc("2") // empty as read
	b.Add(1, 1)   // only "b", which stop words drop
	b.EndDoc("3")
	b.Add(2, 4)
	b.EndDoc("4")
	c := b.Corpus()
	opts := PruneOptions{StopWords: []string{"b"}}
	dropped, rep, err := Prune(c, opts)
	if err != nil || !slices.Equal(dropped.DocIDs, []string{"1", "4"}) || rep.DroppedEmptyDocs != 2 {
		t.Fatalf("ids %v, %d empty documents dropped, %v", dropped.DocIDs, rep.DroppedEmptyDocs, err)
	}
	opts.KeepEmptyDocs = true
	kept, rep, err := Prune(c, opts)
	if err != nil || !slices.Equal(kept.DocIDs, c.DocIDs) || rep.DroppedEmptyDocs != 0 || kept.Validate() != nil {
		t.Fatalf("KeepEmptyDocs: ids %v, %d empty documents dropped, %v", kept.DocIDs, rep.DroppedEmptyDocs, err)
	}
	if kept.Tokens() != 6 || kept.NumWords() != 3 || len(kept.Words) != 2 || kept.EmptyDocs() != 2 {
		t.Fatalf("KeepEmptyDocs: %d tokens, %d words, %d empty documents", kept.Tokens(), kept.NumWords(), kept.EmptyDocs())
	}
	if _, _, err := Prune(c, PruneOptions{StopWords: []string{"a", "b", "c"}, KeepEmptyDocs: true}); err == nil {
		t.Fatal("a word but no token left: no error")
	}
}

// TestMaxDFDocs: a fraction of documents is the decimal it stands for, not
// its float64 product: 0.29, 0.57 and 0.58 of 100 are 29, 57 and 58
// (28.999999999999996, 56.99999999999999 and 57.99999999999999 in float64),
// and so is every fraction of up to 4 decimals over up to 10^7 documents.
func TestMaxDFDocs(t *testing.T) {
	for _, tc := range []struct {
		maxDF      float64
		docs, want int
	}{{0.29, 100, 29}, {0.57, 100, 57}, {0.58, 100, 58}, {0, 100, 100}, {1, 100, 100}, {0.5, 3, 1}, {0.001, 100, 0},
		{1.0 / 3, 3, 0},                          // 0.3333333333333333 x 3 < 1: the decimal, not the float product (1.0)
		{0.9999, 3_000_000_001, 2_999_700_000}} { // a relative tolerance kept one document more there
		if got := MaxDFDocs(tc.maxDF, tc.docs); got != tc.want {
			t.Errorf("MaxDFDocs(%v, %d) = %d, want %d", tc.maxDF, tc.docs, got, tc.want)
		}
	}
	// Fractions of up to 6 decimals over up to 2^40 documents, against
	// integer arithmetic.
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		a, docs := 1+r.IntN(1_000_000), 1+r.IntN(1<<40)
		maxDF, err := strconv.ParseFloat(fmt.Sprintf("0.%06d", a%1_000_000), 64)
		if a == 1_000_000 {
			maxDF = 1
		}
		if err != nil {
			t.Fatal(err)
		}
		want := new(big.Int).Div(new(big.Int).Mul(big.NewInt(int64(a)), big.NewInt(int64(docs))), big.NewInt(1_000_000))
		if got := MaxDFDocs(maxDF, docs); int64(got) != want.Int64() {
			t.Fatalf("MaxDFDocs(%v, %d) = %d, want %d", maxDF, docs, got, want)
		}
	}
}

// TestPruneMaxDFRounding: Prune keeps a word of 29 of 100 documents at
// MaxDF 0.29 (and of 57 and 58 at 0.57 and 0.58), drops one of 30.
func TestPruneMaxDFRounding(t *testing.T) {
	vocab := make([]string, 100)
	for w := range vocab {
		vocab[w] = fmt.Sprint("w", w+1) // in w+1 documents
	}
	b := NewBuilder(vocab)
	for d := range 100 {
		for w := int32(d); w < 100; w++ {
			b.Add(w, 1)
		}
		b.EndDoc(fmt.Sprint(d + 1))
	}
	c := b.Corpus()
	for _, tc := range []struct {
		maxDF float64
		kept  int
	}{{0.29, 29}, {0.57, 57}, {0.58, 58}, {0.3, 30}} {
		p, rep, err := Prune(c, PruneOptions{MaxDF: tc.maxDF})
		if err != nil {
			t.Fatal(err)
		}
		if p.NumWords() != tc.kept || p.Vocab[tc.kept-1] != fmt.Sprint("w", tc.kept) || rep.DroppedMaxDF != 100-tc.kept {
			t.Errorf("MaxDF %v: %d words kept (last %q), %d dropped by max-df; want %d, the last w%d", tc.maxDF, p.NumWords(), p.Vocab[len(p.Vocab)-1], rep.DroppedMaxDF, tc.kept, tc.kept)
		}
	}
}
