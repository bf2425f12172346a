package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFitDemoOtherK: the demo fitted with another K than its planted
// count prints its topics, writes its model and exits 0, with a note for
// the recovery, which needs equal K (it failed with exit 2 after writing
// the model).
func TestFitDemoOtherK(t *testing.T) {
	path := filepath.Join(t.TempDir(), "demo5.json")
	code, out, errOut := hull(t, "fit", "-q", "-k", "5", "-o", path)
	if code != 0 || strings.Count("\n"+out, "\ntopic ") != 5 || !strings.Contains(out, "recovery of the planted themes: not measured") || strings.Contains(out, "mean l1") {
		t.Errorf("exit %d, stdout %q, stderr %q; want 5 topics and a note", code, out, errOut)
	}
	if _, err := os.Stat(path); err != nil {
		t.Error(err)
	}
}

// TestFitEmptyOutput: -o "" is refused, before the read (the input does
// not exist): it wrote no model, silently.
func TestFitEmptyOutput(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.txt")
	expectBadInput(t, []badInput{
		{`-o ""`, []string{"fit", "-q", "-k", "3", missing, "-o", ""}, `-o "": want a file name`},
		{`--output=`, []string{"fit", "-q", "-k", "3", missing, "--output="}, `-o "": want a file name`},
	})
}
