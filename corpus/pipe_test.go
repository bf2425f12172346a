package corpus

import (
	"slices"
	"testing"

	"github.com/hulltopics/hull/internal/pipetest"
	"github.com/hulltopics/hull/text"
)

// The vocabulary and stop-word files are read once however many inputs
// they serve: through a pipe, the second input found no vocabulary ("has
// no words") and no stop word, and the record of one input listed none.
func TestFilesReadOnce(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a.txt", "apple banana cherry\napple banana\n")
	b := writeFile(t, dir, "b.txt", "banana cherry apple\n")
	for name, paths := range map[string][]string{"one input": {a}, "two inputs": {a, b}} {
		c, err := Read(paths, ReadOptions{Text: text.Options{StopWordFiles: []string{pipetest.Path(t, "apple\n")}}})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if slices.Contains(c.Vocab, "apple") || !slices.Contains(c.Preprocessing.Text.StopWords, "apple") {
			t.Errorf("%s: vocabulary %q, recorded stop words %q; want apple dropped and recorded", name, c.Vocab, c.Preprocessing.Text.StopWords)
		}
	}
	uci := writeFile(t, dir, "x.txt", "2\n3\n3\n1 1 2\n1 3 1\n2 2 4\n")
	uci2 := writeFile(t, dir, "y.txt", "2\n3\n3\n1 1 2\n1 3 1\n2 2 4\n") // one file twice is refused
	c, err := Read([]string{uci, uci2}, ReadOptions{Format: FormatUCI, Vocab: pipetest.Path(t, "apple\nbanana\ncherry\n")})
	if err != nil || c.NumDocs() != 4 || !slices.Equal(c.Vocab, []string{"apple", "banana", "cherry"}) {
		t.Fatalf("two uci inputs, one vocabulary through a pipe: %v", err)
	}
}
