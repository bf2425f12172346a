package atomicfile

import (
	"compress/gzip"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
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
		if string(got) != "hello" {
			t.Errorf("%s: content %q", name, got)
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

// TestWriteContextStopsOnInterrupt: a context done during the write makes
// the writes fail and leaves the old file, also when the writer ignores
// the failed writes (a bufio.Writer until its Flush) or is done writing
// when ctx ends; a context never done writes as Write does.
func TestWriteContextStopsOnInterrupt(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.txt.gz")
	if err := writeString(path, "old"); err != nil {
		t.Fatal(err)
	}
	old, _ := os.ReadFile(path)
	for name, write := range map[string]func(io.Writer, context.CancelFunc) error{
		"checks its writes": func(w io.Writer, cancel context.CancelFunc) error {
			io.WriteString(w, "part")
			cancel()
			_, err := io.WriteString(w, "rest")
			return err
		},
		"ignores them": func(w io.Writer, cancel context.CancelFunc) error {
			cancel()
			io.WriteString(w, "rest")
			return nil
		},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		err := WriteContext(ctx, path, func(w io.Writer) error { return write(w, cancel) })
		got, _ := os.ReadFile(path)
		entries, _ := os.ReadDir(dir)
		if !errors.Is(err, context.Canceled) || string(got) != string(old) || len(entries) != 1 {
			t.Errorf("%s: %v, content changed %v, %d entries", name, err, string(got) != string(old), len(entries))
		}
	}
	if err := WriteContext(context.Background(), path, func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err }); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); string(got) == string(old) {
		t.Error("a context never done: the file was not written")
	}
}

// writeString writes s to path with Write.
func writeString(path, s string) error {
	return Write(path, func(w io.Writer) error { _, err := io.WriteString(w, s); return err })
}

// TestWriteThroughSymlink: a link (relative, in a chain) stays a link and
// its target gets the content; a dangling link creates its target.
func TestWriteThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	os.Mkdir(sub, 0o755)
	real := filepath.Join(sub, "real.json")
	os.WriteFile(real, []byte("old"), 0o644)
	os.Symlink("sub/real.json", filepath.Join(dir, "link1.json"))
	os.Symlink("link1.json", filepath.Join(dir, "link2.json"))
	if err := writeString(filepath.Join(dir, "link2.json"), "new"); err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{"link1.json", "link2.json"} {
		if fi, err := os.Lstat(filepath.Join(dir, l)); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s is no longer a link: %v %v", l, fi.Mode(), err)
		}
	}
	if got, _ := os.ReadFile(real); string(got) != "new" {
		t.Errorf("target holds %q", got)
	}
	if entries, _ := os.ReadDir(sub); len(entries) != 1 {
		t.Errorf("%d files beside the target", len(entries))
	}
	os.Symlink("missing.json", filepath.Join(dir, "dangling.json"))
	if err := writeString(filepath.Join(dir, "dangling.json"), "x"); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "missing.json")); string(got) != "x" {
		t.Errorf("dangling link's target holds %q", got)
	}
}

// TestWriteKeepsMode: an existing file keeps its permission bits.
func TestWriteKeepsMode(t *testing.T) {
	dir := t.TempDir()
	for _, mode := range []os.FileMode{0o600, 0o640, 0o755} {
		path := filepath.Join(dir, "f")
		os.WriteFile(path, []byte("old"), 0o600)
		os.Chmod(path, mode)
		if err := writeString(path, "new"); err != nil {
			t.Fatal(err)
		}
		if fi, _ := os.Stat(path); fi.Mode().Perm() != mode {
			t.Errorf("mode %v became %v", mode, fi.Mode().Perm())
		}
	}
}

// TestPrepareDiscardCommit: nothing reaches the destination before Commit,
// Discard leaves nothing, and Check leaves nothing.
func TestPrepareDiscardCommit(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.txt")
	os.WriteFile(path, []byte("old"), 0o644)
	p, err := Prepare(path, func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err })
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); string(got) != "old" || p.Target() != path {
		t.Fatalf("before Commit: %q, target %s", got, p.Target())
	}
	q, err := Prepare(path, func(w io.Writer) error { _, err := io.WriteString(w, "other"); return err })
	if err != nil {
		t.Fatal(err)
	}
	q.Discard()
	if err := p.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := Check(path); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	if got, _ := os.ReadFile(path); string(got) != "new" || len(entries) != 1 {
		t.Errorf("after Commit: %q, %d entries", got, len(entries))
	}
	if err := Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := Remove(path); err != nil {
		t.Errorf("removing a missing file: %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("%d entries after Remove", len(entries))
	}
}

// TestRemoveOwnTemps removes this process's temporary files for a
// destination, and no other process's nor another destination's.
func TestRemoveOwnTemps(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.stats")
	own := filepath.Join(dir, ".s.stats"+tempMarker+strconv.Itoa(os.Getpid())+"-7")
	other := filepath.Join(dir, ".s.stats"+tempMarker+"1-7") // init's: alive
	otherDest := filepath.Join(dir, ".t.stats"+tempMarker+strconv.Itoa(os.Getpid())+"-7")
	for _, p := range []string{own, other, otherDest} {
		if err := os.WriteFile(p, []byte("partial"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	RemoveOwnTemps(path)
	for p, want := range map[string]bool{own: false, other: true, otherDest: true} {
		if _, err := os.Stat(p); (err == nil) != want {
			t.Errorf("%s: present %v, want %v", filepath.Base(p), err == nil, want)
		}
	}
}
