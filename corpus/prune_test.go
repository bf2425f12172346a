package corpus

import (
	"context"
	"math/rand/v2"
	"path/filepath"
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
