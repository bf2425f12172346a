package corpus

import (
	"bytes"
	"errors"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/hulltopics/hull/text"
)

// textTokenizer returns a tokenizer with opts or fails the test.
func textTokenizer(tb testing.TB, opts text.Options) textInput {
	tb.Helper()
	tok, err := text.New(opts)
	if err != nil {
		tb.Fatal(err)
	}
	return textInput{tok: tok, opts: opts, strict: true}
}

// docBag returns the words of document d with their counts.
func docBag(c *Corpus, d int) map[string]int32 {
	bag := make(map[string]int32)
	words, counts := c.Doc(d)
	for i, w := range words {
		bag[c.Vocab[w]] = counts[i]
	}
	return bag
}

// checkDocs checks the ids and the word counts of every document of c.
func checkDocs(t *testing.T, c *Corpus, ids []string, bags []map[string]int32) {
	t.Helper()
	mustValid(t, c)
	if !slices.Equal(c.DocIDs, ids) {
		t.Fatalf("ids %q, want %q", c.DocIDs, ids)
	}
	for d, want := range bags {
		if got := docBag(c, d); !maps.Equal(got, want) {
			t.Errorf("document %s: %v, want %v", ids[d], got, want)
		}
	}
}

func TestReadJSONL(t *testing.T) {
	f, err := os.Open("testdata/text_docs.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c, err := readJSONL(f, "text_docs.jsonl", textTokenizer(t, text.Options{Stem: true}))
	if err != nil {
		t.Fatal(err)
	}
	checkDocs(t, c, []string{"7", "doc-b", "4", "5", "6"}, []map[string]int32{
		{"Graph": 1, "graph": 1, "model": 1, "the": 1}, // items are verbatim
		{"graph": 1, "model": 2, "graph-bas": 1, "converg": 1},
		{},
		{},
		{"ça": 1, "coût": 1, "zürich": 1, "naïv": 1, "café": 1},
	})
}

func TestReadJSONLErrors(t *testing.T) {
	tok := textTokenizer(t, text.Options{})
	cases := []struct{ in, prefix, msg string }{
		{"", "f.jsonl: ", "no documents"},
		{"\n  \n", "f.jsonl: ", "no documents"},
		{`{"text": "a"}` + "\n{\"text\": \"b\xff\"}\n", "f.jsonl:2: ", `invalid UTF-8 at byte 12: "\xff\"}"`},
		{`{"text": "a"`, "f.jsonl:1: ", "invalid JSON"},
		{`{"text": "a"} x`, "f.jsonl:1: ", "invalid JSON at byte 15"},
		{`["a"]`, "f.jsonl:1: ", "not a JSON object"},
		{`null`, "f.jsonl:1: ", "not a JSON object"},
		{`{"id": 1}`, "f.jsonl:1: ", `neither "items" nor "text"`},
		{`{"items": null, "text": null}`, "f.jsonl:1: ", `neither "items" nor "text"`},
		{`{"items": ["a"], "text": "b"}`, "f.jsonl:1: ", `both "items" and "text"`},
		{`{"items": ["a", 3]}`, "f.jsonl:1: ", `"items" must be an array of strings, found a JSON number`},
		{`{"items": "a b"}`, "f.jsonl:1: ", `"items" must be an array of strings, found a JSON string`},
		{`{"text": ["a"]}`, "f.jsonl:1: ", `"text" must be a string, found a JSON array`},
		{`{"items": ["a", ""]}`, "f.jsonl:1: ", `items[1] is empty ("" or null)`},
		{`{"items": ["a", null]}`, "f.jsonl:1: ", `items[1] is empty ("" or null)`},
		{`{"items": ["a", "new york"]}`, "f.jsonl:1: ", `items[1] "new york" contains white space`},
		{`{"items": ["a\n"]}`, "f.jsonl:1: ", `items[0] "a\n" contains white space`},
		// A vocabulary file cannot hold it: a corpus written in uci did
		// not read back.
		{`{"items": ["a\u0000b"]}`, "f.jsonl:1: ", `items[0] "a\x00b" contains a NUL byte`},
		{`{"id": true, "text": "a"}`, "f.jsonl:1: ", `"id" must be a string or a number, not "true"`},
		{`{"id": {"x": 1}, "text": "a"}`, "f.jsonl:1: ", `"id" must be a string or a number`},
		{`{"id": "", "text": "a"}`, "f.jsonl:1: ", `"id" is an empty string`},
		// Repeated ids (issue 15: accepted without a word).
		{`{"id": "x", "text": "a"}` + "\n\n" + `{"id": "x", "text": "b"}`, "f.jsonl:3: ", `"id" "x" repeats the id of line 1`},
		{`{"id": 7, "text": "a"}` + "\n" + `{"id": "7", "text": "b"}`, "f.jsonl:2: ", `"id" "7" repeats the id of line 1`},
		{`{"text": "a"}` + "\n" + `{"id": 1, "text": "b"}`, "f.jsonl:2: ", `"id" "1" repeats the id of line 1`},
		{`{"id": 3, "text": "a"}` + "\n\n" + `{"text": "b"}`, "f.jsonl:3: ", `its id is its line number, 3, which line 1 has`},
	}
	for _, tc := range cases {
		_, err := readJSONL(strings.NewReader(tc.in), "f.jsonl", tok)
		wantParseError(t, err, tc.prefix, tc.msg)
	}
}

func TestReadJSONLIDs(t *testing.T) {
	in := `{"id": -3, "items": ["a"]}` + "\n" + `{"id": 1.5e3, "items": ["a"]}` + "\n" +
		`{"id": "x\u00e9\n", "items": ["a"]}` + "\n" + `{"ID": "upper", "items": ["a"]}` + "\n"
	c, err := readJSONL(strings.NewReader(in), "ids.jsonl", textTokenizer(t, text.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"-3", "1.5e3", "xé\n", "upper"}; !slices.Equal(c.DocIDs, want) {
		t.Errorf("ids %q, want %q", c.DocIDs, want)
	}
}

// TestReadJSONLLongLine reads a document far longer than a default
// bufio.Scanner buffer.
func TestReadJSONLLongLine(t *testing.T) {
	long := strings.Repeat("word ", 1<<18)
	in := `{"id": "long", "text": "` + long + `"}` + "\n" + `{"text": "short"}`
	c, err := readJSONL(strings.NewReader(in), "long.jsonl", textTokenizer(t, text.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	checkDocs(t, c, []string{"long", "2"}, []map[string]int32{{"word": 1 << 18}, {"short": 1}})
}

// TestReadJSONLShared reads the classic collections of the shared data,
// which are already tokenized and stemmed.
func TestReadJSONLShared(t *testing.T) {
	tok := textTokenizer(t, text.Options{})
	for _, tc := range []struct {
		name string
		docs int
	}{{"med", 1033}, {"cran", 1398}, {"cisi", 1460}, {"cacm", 3204}} {
		t.Run(tc.name, func(t *testing.T) {
			path := sharedPath(t, "classic/"+tc.name+".json")
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			c, err := readJSONL(f, path, tok)
			if err != nil {
				t.Fatal(err)
			}
			mustValid(t, c)
			if c.NumDocs() != tc.docs || c.DocIDs[0] != "1" {
				t.Errorf("%d documents, first id %q; want %d, \"1\"", c.NumDocs(), c.DocIDs[0], tc.docs)
			}
			if c.NumDocs() == 1033 && docBag(c, 0)["matern"] != 6 {
				t.Errorf("document 1 of med: %v, want 6 x matern", docBag(c, 0))
			}
		})
	}
}

// fuzzTextReader checks a text reader on arbitrary input: it must not
// panic, and must fail with a *ParseError or return a valid corpus whose
// words are non-empty valid UTF-8 without white space. The tokenizer is built afresh each
// time, for its stem cache would make coverage depend on earlier inputs.
//
// Odd seeds read in strict mode: invalid UTF-8 is an error; even seeds
// decode it, which must then never fail for its encoding.
func fuzzTextReader(f *testing.F, read func(*bytes.Reader, textInput) (*Corpus, error), seeds []string) {
	for i, s := range seeds {
		f.Add([]byte(s), i%2 == 1)
	}
	f.Fuzz(func(t *testing.T, data []byte, stem bool) {
		in := textTokenizer(t, text.Options{Stem: stem, MinLen: 1})
		in.strict = stem
		in.excerpt = 8 * len(data) % 13 // none for some inputs
		c, err := read(bytes.NewReader(data), in)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v (%T) is not a *ParseError", err, err)
			}
			if !in.strict && strings.Contains(err.Error(), "invalid UTF-8") {
				t.Fatalf("error %v without strict decoding", err)
			}
			return
		}
		mustValid(t, c)
		if c.NumDocs() == 0 {
			t.Fatal("a corpus without documents")
		}
		for _, w := range c.Vocab {
			if w == "" || !utf8.ValidString(w) || strings.ContainsFunc(w, unicode.IsSpace) {
				t.Fatalf("vocabulary word %q", w)
			}
		}
		if (c.Excerpts != nil) != (in.excerpt > 0) {
			t.Fatalf("excerpts %q with ReadOptions.Excerpt %d", c.Excerpts, in.excerpt)
		}
		for _, e := range c.Excerpts {
			if !utf8.ValidString(e) || utf8.RuneCountInString(strings.TrimSuffix(e, "…")) > in.excerpt {
				t.Fatalf("excerpt %q (Excerpt %d)", e, in.excerpt)
			}
		}
	})
}

func FuzzReadJSONL(f *testing.F) {
	fuzzTextReader(f, func(r *bytes.Reader, in textInput) (*Corpus, error) {
		return readJSONL(r, "fuzz", in)
	}, []string{
		`{"id": 1, "items": ["a", "b"]}` + "\n" + `{"id": "x", "text": "Hello, World"}`,
		`{"text": "don't stop-believing"}` + "\r\n\r\n" + `{"items": []}`,
		`{"id": null, "text": "\u00e9t\u00e9 \ud800"}`, `{"items": ["a", 1]}`, `{"id": true}`, "[]", "{}",
		`{"text": "\xff"}`, `{"id": 1e400, "items": ["x"]}`, `{"items": ["a"]}` + "\n\ufeff \n", "\ufeff\n" + `{"items": ["a"]}`,
	})
}

// TestReadJSONLBOMLine: a line holding only a UTF-8 byte order mark (with
// or without white space), or a file starting with two marks, is a blank
// line: the decoder dropped the mark and the reader indexed the empty
// rest (a panic).
func TestReadJSONLBOMLine(t *testing.T) {
	doc := func(id int) string { return `{"id": ` + itoa(id) + `, "text": "apple banana"}` + "\n" }
	for _, in := range []string{
		doc(1) + "\ufeff\n" + doc(3),
		doc(1) + " \ufeff \t\n" + doc(3),
		"\ufeff\ufeff\n" + doc(2) + doc(3),
	} {
		c, err := ReadFrom(strings.NewReader(in), "bom.jsonl", ReadOptions{Format: FormatJSONL})
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		if c.NumDocs() != 2 {
			t.Errorf("%q: %d documents (ids %q), want 2", in, c.NumDocs(), c.DocIDs)
		}
	}
}
