package atomicfile

import (
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a.txt", "a.txt.gz"} {
		path := filepath.Join(dir, name)
		if err := Write(path, func(w io.Writer) error { _, err := io.WriteString(w, "hello"); return err }); err != nil {
			t.Fatal(err)
		}
		f, _ := os.Open(path)
		var r io.Reader = f
		if filepath.Ext(name) == ".gz" {
			zr, err := gzip.NewReader(f)
			if err != nil {
				t.Fatal(err)
			}
			r = zr
		}
		got, _ := io.ReadAll(r)
		f.Close()
		fi, _ := os.Stat(path)
		if string(got) != "hello" || fi.Mode().Perm() != 0o644 {
			t.Errorf("%s: content %q, mode %v", name, got, fi.Mode())
		}
	}
}

func TestFailedWriteKeepsOldFileAndLeavesNoTemp(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.txt")
	os.WriteFile(path, []byte("old"), 0o644)
	err := Write(path, func(w io.Writer) error {
		io.WriteString(w, "partial")
		return errors.New("boom")
	})
	if err == nil {
		t.Fatal("want an error")
	}
	got, _ := os.ReadFile(path)
	entries, _ := os.ReadDir(dir)
	if string(got) != "old" || len(entries) != 1 {
		t.Fatalf("content %q, %d entries", got, len(entries))
	}
}
