package corpus

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"testing"
)

// bigEntries returns a UCI file of numDocs documents over v words, several
// chunks long, with blank lines, CRLF ends and, if shuffled, entries out
// of document order; and the corpus it holds.
func bigEntries(numDocs, v int, shuffled bool) (string, *Corpus) {
	rng := rand.New(rand.NewPCG(1, 2))
	b := NewBuilder(testVocab(v))
	type entry struct{ d, w, k int }
	var entries []entry
	for d := range numDocs {
		for w := range v {
			if rng.IntN(4) == 0 {
				k := 1 + rng.IntN(9)
				entries = append(entries, entry{d, w, k})
				b.Add(int32(w), int32(k))
			}
		}
		b.EndDoc(fmt.Sprint(d + 1))
	}
	if shuffled {
		rng.Shuffle(len(entries), func(i, j int) { entries[i], entries[j] = entries[j], entries[i] })
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d\n%d\n%d\n", numDocs, v, len(entries))
	for i, e := range entries {
		end := "\n"
		if i%7 == 0 {
			end = "\r\n"
		}
		fmt.Fprintf(&sb, "%d\t%d %d%s", e.d+1, e.w+1, e.k, end)
		if i%1000 == 0 {
			sb.WriteString("\n  \n")
		}
	}
	return sb.String(), b.Corpus()
}

// TestReadEntriesParallel reads inputs of many chunks, sorted and not,
// with one worker and several: the same corpus as built directly.
func TestReadEntriesParallel(t *testing.T) {
	for _, shuffled := range []bool{false, true} {
		in, want := bigEntries(3000, 200, shuffled)
		if len(in) < chunkSize { // chunks grow from 16 KiB: many of them
			t.Fatalf("input of %d bytes: want several chunks", len(in))
		}
		for _, procs := range []int{1, 3} {
			old := runtime.GOMAXPROCS(procs)
			c, err := readUCI(strings.NewReader(in), "big.txt", want.Vocab, 0)
			runtime.GOMAXPROCS(old)
			if err != nil {
				t.Fatal(err)
			}
			sameCorpus(t, c, want)
			body := strings.SplitN(in, "\n", 4)[3] // without the header
			tc, err := readTriplet(strings.NewReader(body), "big.txt", want.Vocab, 0)
			if err != nil {
				t.Fatal(err)
			}
			sameCorpus(t, tc, want)
		}
	}
}

// TestReadEntriesErrorLine puts a bad line and a repeated pair whose sum
// overflows far into the input: the errors name their lines.
func TestReadEntriesErrorLine(t *testing.T) {
	in, c := bigEntries(2000, 200, false)
	lines := strings.Split(in, "\n")
	n := len(lines) - 100
	bad := strings.Join(lines[:n], "\n") + "\n1 2 x\n" + strings.Join(lines[n:], "\n")
	_, err := readUCI(strings.NewReader(bad), "b.txt", c.Vocab, 0)
	wantParseError(t, err, fmt.Sprintf("b.txt:%d: ", n+1), `count "x" is not an integer`)

	var over bytes.Buffer
	fmt.Fprintf(&over, "%d\n%d\n%d\n", 2, 5, 2+len(lines))
	for i := range len(lines) {
		fmt.Fprintf(&over, "2 %d 1\n", 1+i%4)
	}
	fmt.Fprintf(&over, "1 5 2147483647\n1 5 1\n")
	_, err = readUCI(&over, "o.txt", testVocab(5), 0)
	wantParseError(t, err, fmt.Sprintf("o.txt:%d: ", 3+len(lines)+2), "sum to more than 2147483647")
}

// BenchmarkReadFile reads the corpus file named by HULL_BENCH_INPUT (with
// its vocabulary found beside it), e.g. the 300k corpus of
// scripts/make-bench-corpora.sh; skipped without it.
func BenchmarkReadFile(b *testing.B) {
	path := os.Getenv("HULL_BENCH_INPUT")
	if path == "" {
		b.Skip("HULL_BENCH_INPUT names no corpus file")
	}
	fi, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(fi.Size())
	for b.Loop() {
		c, err := ReadFile(path, ReadOptions{})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(c.NNZ()), "nnz")
	}
}
