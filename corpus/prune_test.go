package corpus

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"slices"
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
