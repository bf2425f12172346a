package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/hulltopics/hull/internal/pipetest"
)

// benchJSON runs "hull bench -q --json ARGS" and returns its rows,
// failing t unless it exits 0 and every row is measured.
func benchJSON(t *testing.T, args ...string) []map[string]any {
	t.Helper()
	code, out, errOut := hull(t, append([]string{"bench", "-q", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("bench %q: exit %d: %s", args, code, errOut)
	}
	var rows []map[string]any
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatalf("bench %q: %v\n%s", args, err, out)
	}
	for _, r := range rows {
		if r["error"] != nil {
			t.Fatalf("bench %q: row %v", args, r)
		}
		delete(r, "wall_seconds") // of the machine
		delete(r, "peak_rss_bytes")
	}
	return rows
}

// An INPUT named like a flag is the corpus the child fits read too: the
// child got it before "--" and took "-d.txt" for flags (every fit failed)
// and "--top=10" for --top, fitting the embedded demo corpus instead.
func TestBenchInputNamedLikeAFlag(t *testing.T) {
	src := synthCorpus(t, "lda", "-k", "3", "--vocab-size", "150", "--docs", "300", "--doc-length", "40")
	dir := t.TempDir()
	for from, to := range map[string]string{"docword.txt": "-d.txt", "vocab.txt": "vocab.txt"} {
		data, err := os.ReadFile(filepath.Join(src, from))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, to), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	got := benchJSON(t, "-k", "3", "--repeat", "1", "--", "-d.txt")
	want := benchJSON(t, "-k", "3", "--repeat", "1", filepath.Join(src, "docword.txt"))
	if g, w := fmt.Sprint(got), fmt.Sprint(want); g != w {
		t.Errorf("INPUT -d.txt: %s\nthe same file as docword.txt: %s", g, w)
	}
}

// --vocab and --stopwords may be pipes (--vocab <(...)), as hull fit
// takes them: bench reads each once, and its child fits and its own later
// reads get a copy. The pipe was read again, empty ("vocabulary file has
// no words"), and the children, to which the parent's /dev/fd/N does not
// pass, failed.
func TestBenchVocabAndStopWordsFromPipes(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("opens the test's pipes by /dev/fd/N")
	}
	dir := synthCorpus(t, "lda", "-k", "3", "--vocab-size", "150", "--docs", "300", "--doc-length", "40")
	vocab, err := os.ReadFile(filepath.Join(dir, "vocab.txt"))
	if err != nil {
		t.Fatal(err)
	}
	words := strings.Fields(string(vocab))
	stop := filepath.Join(t.TempDir(), "stop.txt")
	if err := os.WriteFile(stop, []byte(words[0]+"\n"+words[1]+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	pipe := func(content string) string { return pipetest.Path(t, content) }
	data := filepath.Join(dir, "docword.txt")
	args := []string{"-k", "3", "--repeat", "1", "--algos", "anchor,tsvd", data}
	want := benchJSON(t, append(args, "--vocab", filepath.Join(dir, "vocab.txt"))...)
	if got := benchJSON(t, append(args, "--vocab", pipe(string(vocab)))...); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("--vocab from a pipe: %v\nfrom the file: %v", got, want)
	}
	want = benchJSON(t, append(args, "--stopwords", stop)...)
	if got := benchJSON(t, append(args, "--stopwords", pipe(words[0]+"\n"+words[1]+"\n"))...); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("--stopwords from a pipe: %v\nfrom the file: %v", got, want)
	}
	// A pipe that holds no vocabulary is refused, named by its flag.
	bad := pipe("")
	code, _, errOut := hull(t, append([]string{"bench", "-q"}, append(args, "--vocab", bad)...)...)
	if code != exitBadInput || !strings.Contains(errOut, "--vocab: "+bad+": vocabulary file has no words") {
		t.Errorf("empty --vocab pipe: exit %d, stderr %q", code, errOut)
	}
}

// The --json help says what the rows are: with several -k, one object
// per algorithm and K.
func TestBenchJSONHelp(t *testing.T) {
	if usage := newBenchCmd().Flags().Lookup("json").Usage; !strings.Contains(usage, "per algorithm and K") {
		t.Errorf("--json: %q", usage)
	}
}

// TestBenchPeakIsTheFits: the peak RSS of a row is the child fit's, not
// bench's: a Go parent's peak was the floor of its children's resource
// usage, so after bench had grown (a held-out corpus read) every row
// showed bench's peak.
func TestBenchPeakIsTheFits(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the peak resident set is measured on Linux")
	}
	const grown = 512 << 20 // this process stands for a bench that has read much
	b := make([]byte, grown)
	for i := 0; i < len(b); i += 4096 {
		b[i] = 1
	}
	docword := filepath.Join(synthCorpus(t, "lda", "-k", "3", "--vocab-size", "200", "--docs", "300", "--doc-length", "40"), "docword.txt")
	code, out, errOut := hull(t, "bench", "-q", "--json", "--algos", "tsvd", "-k", "3", "--repeat", "1", docword)
	runtime.KeepAlive(b)
	b = nil
	debug.FreeOSMemory() // the tests after this one measure the memory of this process
	if code != 0 {
		t.Fatalf("bench: exit %d: %s", code, errOut)
	}
	var rows []struct {
		PeakRSSBytes int64 `json:"peak_rss_bytes"`
	}
	if err := json.Unmarshal([]byte(out), &rows); err != nil || len(rows) != 1 {
		t.Fatalf("bench: %v\n%s", err, out)
	}
	// A fit of 300 short documents peaks at about 20 MiB.
	if got := rows[0].PeakRSSBytes; got <= 0 || got >= grown/2 {
		t.Errorf("peak RSS of the fit %d bytes, want above 0 and below bench's %d", got, grown)
	}
}
