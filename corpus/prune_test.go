package corpus

import "testing"

// TestPruneNil: pruning no corpus (nil) is an error, not a panic.
func TestPruneNil(t *testing.T) {
	if c, _, err := Prune(nil, PruneOptions{}); err == nil || c != nil {
		t.Errorf("Prune(nil): corpus %v, error %v; want an error", c, err)
	}
}
