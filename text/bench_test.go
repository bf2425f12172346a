package text

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"strings"
	"testing"
)

// apDocs returns the texts of the AP corpus from the shared data, skipping
// the benchmark or test when it is missing.
func apDocs(b testing.TB) (docs []string, size int64) {
	f, err := os.Open("../../shared/data/ap/ap.txt.gz")
	if err != nil {
		b.Skip("AP raw text not available:", err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		b.Fatal(err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		b.Fatal(err)
	}
	for _, rec := range bytes.Split(raw, []byte("<TEXT>"))[1:] {
		doc, _, _ := strings.Cut(string(rec), "</TEXT>")
		docs = append(docs, doc)
		size += int64(len(doc))
	}
	return docs, size
}

func benchmarkTokens(b *testing.B, opts Options) {
	docs, size := apDocs(b)
	tok := mustNew(b, opts)
	var dst []string
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		for _, d := range docs {
			dst = tok.Tokens(dst[:0], d)
		}
	}
}

// BenchmarkTokens tokenizes the AP corpus (2,246 news articles) with the
// default options.
func BenchmarkTokens(b *testing.B) { benchmarkTokens(b, Options{}) }

// BenchmarkTokensStem adds Snowball stemming.
func BenchmarkTokensStem(b *testing.B) { benchmarkTokens(b, Options{Stem: true}) }

// BenchmarkTokensCleanJunk adds both cleaning presets and the junk filter,
// which copy each text once or twice.
func BenchmarkTokensCleanJunk(b *testing.B) {
	benchmarkTokens(b, Options{Clean: []Clean{CleanMarkup, CleanEmail}, DropJunk: true})
}

// BenchmarkTokensEnglish uses RulesEnglish: numbers, abbreviations and
// possessives.
func BenchmarkTokensEnglish(b *testing.B) { benchmarkTokens(b, Options{Rules: RulesEnglish}) }
