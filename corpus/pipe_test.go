package corpus

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"testing"

	"github.com/hulltopics/hull/text"
)

// pipePath returns a path that reads content from a pipe, as a shell's
// process substitution <(...) gives: its words go to the first read only.
func pipePath(t *testing.T, content string) string {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("/dev/fd of a pipe is Linux's")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	if _, err := w.WriteString(content); err != nil {
		t.Fatal(err)
	}
	w.Close()
	return fmt.Sprintf("/dev/fd/%d", r.Fd())
}

// The vocabulary and stop-word files are read once however many inputs
// they serve: through a pipe, the second input found no vocabulary ("has
// no words") and no stop word, and the record of one input listed none.
func TestFilesReadOnce(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a.txt", "apple banana cherry\napple banana\n")
	b := writeFile(t, dir, "b.txt", "banana cherry apple\n")
	for name, paths := range map[string][]string{"one input": {a}, "two inputs": {a, b}} {
		c, err := Read(paths, ReadOptions{Text: text.Options{StopWordFiles: []string{pipePath(t, "apple\n")}}})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if slices.Contains(c.Vocab, "apple") || !slices.Contains(c.Preprocessing.Text.StopWords, "apple") {
			t.Errorf("%s: vocabulary %q, recorded stop words %q; want apple dropped and recorded", name, c.Vocab, c.Preprocessing.Text.StopWords)
		}
	}
	uci := writeFile(t, dir, "x.txt", "2\n3\n3\n1 1 2\n1 3 1\n2 2 4\n")
	c, err := Read([]string{uci, uci}, ReadOptions{Format: FormatUCI, Vocab: pipePath(t, "apple\nbanana\ncherry\n")})
	if err != nil || c.NumDocs() != 4 || !slices.Equal(c.Vocab, []string{"apple", "banana", "cherry"}) {
		t.Fatalf("two uci inputs, one vocabulary through a pipe: %v", err)
	}
}
