package corpus

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadRefusesRepeats: Read refuses a file given twice, under another
// spelling or through a link, and a file or directory inside a directory
// also given, before reading anything (the garbage file would fail the
// read); its documents counted twice. readBelow follows the directory
// read's rules: hidden names are skipped, links to files followed.
func TestReadRefusesRepeats(t *testing.T) {
	dir := t.TempDir()
	docs := filepath.Join(dir, "docs")
	for name, text := range map[string]string{"a.txt": "apples and pears", "sub/c.txt": "pears and plums", ".hidden.txt": "plums"} {
		path := filepath.Join(docs, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bad := filepath.Join(dir, "bad.uci")
	if err := os.WriteFile(bad, []byte("not uci\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	a, link, sub := filepath.Join(docs, "a.txt"), filepath.Join(dir, "link.txt"), filepath.Join(docs, "sub", "c.txt")
	if err := os.Symlink(a, link); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		paths []string
		want  string
	}{
		{[]string{bad, bad}, bad + " and " + bad + " are the same file"},
		{[]string{bad, docs + "/../bad.uci"}, " are the same file"},
		{[]string{a, link}, a + " and " + link + " are the same file"},
		{[]string{docs, sub}, sub + " is inside " + docs + ", which reads it too"},
		{[]string{a, docs}, a + " is inside " + docs},
		{[]string{filepath.Dir(sub), docs}, filepath.Dir(sub) + " is inside " + docs},
	} {
		if _, err := Read(tc.paths, ReadOptions{Format: FormatLines}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.paths, err, tc.want)
		}
	}
	dirInfo, _ := os.Stat(docs)
	inner := filepath.Join(docs, "inner.txt")
	if err := os.Symlink(bad, inner); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]bool{sub: true, filepath.Join(docs, ".hidden.txt"): false, bad: false, link: false, inner: true} {
		fi, _ := os.Stat(p)
		if got := readBelow(dirInfo, p, fi); got != want {
			t.Errorf("readBelow(%s, %s) = %v, want %v", docs, p, got, want)
		}
	}
	if _, err := Read([]string{a, filepath.Join(docs, ".hidden.txt")}, ReadOptions{Format: FormatLines}); err != nil {
		t.Errorf("two files of one directory: %v", err)
	}
}
