package corpus

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/hulltopics/hull/text"
)

// TestReadExcerpts checks that every raw-text reader keeps the start of
// each document's text, and that the numeric formats keep none.
func TestReadExcerpts(t *testing.T) {
	opts := ReadOptions{Excerpt: 14}
	dir := t.TempDir()
	jsonl := writeFile(t, dir, "c.jsonl", `{"id":"t","text":"  Oil prices\n\nrose  sharply today"}`+"\n"+`{"id":"i","items":["oil","price"]}`+"\n")
	for _, c := range []struct {
		name string
		read func() (*Corpus, error)
		want []string
	}{
		{"lines", func() (*Corpus, error) { return ReadFile("testdata/text_lines.txt", opts) },
			[]string{"First document…", "second line,…", "the and of", "last line…"}},
		{"dir", func() (*Corpus, error) { return ReadFile("testdata/text_dir", opts) },
			[]string{"Zeta eta theta", "Alpha beta…", "Gamma delta", ""}},
		{"sgml", func() (*Corpus, error) { return ReadFrom(strings.NewReader(apSGML), "ap.txt", opts) },
			[]string{"Tanks Rumble A…", "Cocoa prices…"}},
		{"reuters", func() (*Corpus, error) { return ReadFrom(strings.NewReader(reutersSGML), "r.sgm", opts) },
			[]string{"BAHIA COCOA…", "GRAIN SHIPS…"}},
		{"jsonl", func() (*Corpus, error) { return ReadFile(jsonl, opts) },
			[]string{"Oil prices…", ""}},
		{"uci", func() (*Corpus, error) {
			return ReadFrom(strings.NewReader("2\n2\n2\n1 1 1\n2 2 1\n"), "d.txt", ReadOptions{Excerpt: 14, VocabWords: []string{"a", "b"}})
		}, nil},
	} {
		got, err := c.read()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !reflect.DeepEqual(got.Excerpts, c.want) {
			t.Errorf("%s: excerpts %q, want %q", c.name, got.Excerpts, c.want)
		}
		if err := got.Validate(); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	c, err := ReadFile("testdata/text_lines.txt", ReadOptions{})
	if err != nil || c.Excerpts != nil {
		t.Errorf("without Excerpt: excerpts %q, err %v; want none", c.Excerpts, err)
	}
	if _, err := ReadFile("testdata/text_lines.txt", ReadOptions{Excerpt: -1}); err == nil {
		t.Error("Excerpt -1 accepted")
	}
}

// TestReadExcerptsCleaned checks that the excerpt is the text the
// tokenizer reads: cleaned of markup with Clean markup.
func TestReadExcerptsCleaned(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a.html", "<html><head><style>p{}</style></head><body><p>Cocoa &amp; sugar</p></body></html>")
	c, err := ReadFile(dir, ReadOptions{Excerpt: 40, Text: text.Options{Clean: []text.Clean{text.CleanMarkup}}})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"Cocoa & sugar"}; !reflect.DeepEqual(c.Excerpts, want) {
		t.Errorf("excerpts %q, want %q", c.Excerpts, want)
	}
}

// TestExcerptsFollowDocuments checks that the corpus operations that drop,
// select, concatenate or re-index documents keep each excerpt with its
// document.
func TestExcerptsFollowDocuments(t *testing.T) {
	c, err := ReadFile("testdata/text_lines.txt", ReadOptions{Excerpt: 100})
	if err != nil {
		t.Fatal(err)
	}
	excerptOf := func(c *Corpus) map[string]string {
		m := map[string]string{}
		for d, id := range c.DocIDs {
			m[id] = c.Excerpts[d]
		}
		return m
	}
	all := excerptOf(c)
	check := func(name string, got *Corpus) {
		t.Helper()
		if err := got.Validate(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for d, id := range got.DocIDs {
			if got.Excerpts[d] != all[id] {
				t.Errorf("%s: document %s has excerpt %q, want %q", name, id, got.Excerpts[d], all[id])
			}
		}
	}
	pruned, _, err := Prune(c, PruneOptions{MinDF: 2}) // keeps "line" and "models": documents 1, 4, 6
	if err != nil {
		t.Fatal(err)
	}
	if pruned.NumDocs() != 3 {
		t.Fatalf("pruned to %d documents, want 3", pruned.NumDocs())
	}
	check("Prune", pruned)
	check("Select", Select(c, []int{3, 0, 0}))
	aligned, _ := Align(c, []string{"line", "topic", "first"})
	check("Align", aligned)
	same, _ := Align(c, c.Vocab)
	check("Align (same vocabulary)", same)
	numeric := FromTokens([][]string{{"x", "y"}})
	merged := Merge(c, numeric, c)
	if merged.NumDocs() != 2*c.NumDocs()+1 || merged.Excerpts[c.NumDocs()] != "" {
		t.Fatalf("Merge: %d documents, excerpts %q", merged.NumDocs(), merged.Excerpts)
	}
	check("Merge", Select(merged, []int{0, 1, 2, 3, 5, 6, 7, 8}))
	if m := Merge(numeric, numeric); m.Excerpts != nil {
		t.Errorf("Merge of corpora without excerpts has %q", m.Excerpts)
	}
	bad := *c
	bad.Excerpts = bad.Excerpts[1:]
	if err := bad.Validate(); err == nil {
		t.Error("Validate accepted 3 excerpts for 4 documents")
	}
}

// TestReadExcerptsMerged checks excerpts across several inputs read
// together.
func TestReadExcerptsMerged(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a.txt", "alpha one\nbeta two\n")
	if err := os.WriteFile(filepath.Join(dir, "b.txt"), []byte("gamma three\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Read([]string{a, filepath.Join(dir, "b.txt")}, ReadOptions{Format: FormatLines, Excerpt: 5})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"alpha…", "beta…", "gamma…"}; !reflect.DeepEqual(c.Excerpts, want) {
		t.Errorf("excerpts %q, want %q", c.Excerpts, want)
	}
}

func TestFrequentTerms(t *testing.T) {
	c := FromTokens([][]string{{"b", "a", "b", "c", "a", "d"}, {}})
	words, counts := c.FrequentTerms(0, 3)
	var got []string
	for i, w := range words {
		got = append(got, c.Vocab[w]+":"+string(rune('0'+counts[i])))
	}
	// b and a twice, b's index the lower (first seen); then c before d.
	if want := []string{"b:2", "a:2", "c:1"}; !reflect.DeepEqual(got, want) {
		t.Errorf("FrequentTerms(0, 3) = %q, want %q", got, want)
	}
	if words, counts := c.FrequentTerms(1, 3); words == nil || counts == nil || len(words) != 0 {
		t.Errorf("FrequentTerms of an empty document = %v, %v; want empty, not nil", words, counts)
	}
}

// TestExcerptsAcrossChunks checks excerpts that span several of the
// strings excerptStore makes.
func TestExcerptsAcrossChunks(t *testing.T) {
	var b strings.Builder
	var want []string
	for d := range 3 * excerptChunk / 150 {
		line := fmt.Sprintf("document %d %s", d, strings.Repeat("word ", 40))
		b.WriteString(line + "\n")
		cut := 150 // at a word's end, or back to the last space
		if line[cut] != ' ' {
			cut = strings.LastIndexByte(line[:cut], ' ')
		}
		want = append(want, line[:cut]+"…")
	}
	c, err := ReadFrom(strings.NewReader(b.String()), "many.txt", ReadOptions{Format: FormatLines, Excerpt: 150})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(c.Excerpts, want) {
		for d := range want {
			if d >= len(c.Excerpts) || c.Excerpts[d] != want[d] {
				t.Fatalf("%d excerpts; document %d's %q, want %q", len(c.Excerpts), d, c.Excerpts[min(d, len(c.Excerpts)-1)], want[d])
			}
		}
		t.Fatalf("%d excerpts, want %d", len(c.Excerpts), len(want))
	}
}

// TestCosine checks the similarity of documents' word counts, exactly 1
// for proportional counts whose float quotient misses it, and 0 without
// terms.
func TestCosine(t *testing.T) {
	c := FromTokens([][]string{{"a", "b"}, {"b", "a", "b", "a"}, {"a", "c"}, {}, {"c"}})
	for _, tc := range []struct {
		a, b int
		want float64
	}{{0, 1, 1}, {1, 0, 1}, {0, 2, 0.5}, {0, 3, 0}, {3, 3, 0}, {0, 4, 0}, {2, 4, 1 / math.Sqrt2}} {
		if got := c.Cosine(tc.a, tc.b); math.Abs(got-tc.want) > 1e-15 {
			t.Errorf("Cosine(%d, %d) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
	// A document and 42 times its counts: the float quotient gives
	// 0.9999999999999999, the same words in the same proportions 1.
	scaled := &Corpus{Vocab: []string{"a", "b", "c"}, DocIDs: []string{"1", "2"}, Offsets: []int64{0, 3, 6},
		Words:  []int32{0, 1, 2, 0, 1, 2},
		Counts: []int32{3864525, 2275705, 2068365, 42 * 3864525, 42 * 2275705, 42 * 2068365}}
	if got := scaled.Cosine(0, 1); got != 1 {
		t.Errorf("Cosine of a document and 42 times its counts = %v, want 1", got)
	}
	// Counts whose squares' sums overflow int64: a copy is still 1.
	const m = math.MaxInt32
	big := &Corpus{Vocab: []string{"a", "b"}, DocIDs: []string{"1", "2", "3"}, Offsets: []int64{0, 2, 4, 6},
		Words:  []int32{0, 1, 0, 1, 0, 1},
		Counts: []int32{m, m, m, m, m, 1}}
	if got := big.Cosine(0, 1); got != 1 {
		t.Errorf("Cosine of a copy with counts MaxInt32 = %v, want 1", got)
	}
	if got, want := big.Cosine(0, 2), 1/math.Sqrt2; math.Abs(got-want) > 1e-9 {
		t.Errorf("Cosine with counts MaxInt32 = %v, want %v", got, want)
	}
}
