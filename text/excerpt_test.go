package text

import (
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestExcerpt(t *testing.T) {
	plain := mustNew(t, Options{})
	markup := mustNew(t, Options{Clean: []Clean{CleanMarkup}})
	if got := string(plain.AppendExcerpt([]byte("x|"), "Oil prices rose.", 5)); got != "x|Oil…" {
		t.Errorf("AppendExcerpt after x| = %q, want %q", got, "x|Oil…")
	}
	if got := string(plain.AppendExcerpt([]byte("x|"), "Schifffahrt", 3)); got != "x|Sch…" {
		t.Errorf("AppendExcerpt of a long first word after x| = %q, want %q", got, "x|Sch…")
	}
	for _, c := range []struct {
		tok  *Tokenizer
		in   string
		n    int
		want string
	}{
		{plain, "Oil prices rose.", 100, "Oil prices rose."},
		{plain, "Oil prices rose.", 16, "Oil prices rose."},
		{plain, "Oil prices rose.", 15, "Oil prices rose…"},
		{plain, "Oil prices rose.", 4, "Oil…"}, // the space before "p" is not kept alone
		{plain, "Oil prices rose.", 5, "Oil…"}, // not inside a word
		{plain, "Oil prices rose.", 13, "Oil prices…"},
		{plain, "Schifffahrtsgesellschaft", 6, "Schiff…"}, // the first word is cut
		{plain, "  \n\tOil\r\n\r\n  prices\x00\x1b[31m  ", 100, "Oil prices [31m"},
		{plain, "été à Zürich", 4, "été…"},
		{plain, "été à Zürich", 5, "été à…"},
		{plain, "bad \xff byte", 100, "bad \uFFFD byte"},
		{plain, "rose on Feb 25 to 4.151 billion", 19, "rose on Feb 25 to…"}, // not inside a number
		{plain, "Net loss 7,041,000 vs loss 467,000", 29, "Net loss 7,041,000 vs loss…"},
		{plain, "declared a semi-annual dividend", 15, "declared a…"}, // nor a hyphenated word
		{plain, "prices rose, then fell", 11, "prices rose…"},         // before the comma that ends a word
		{plain, "dlrs), up", 4, "dlrs…"},
		{plain, "dlrs), up", 5, "dlrs)…"},
		{plain, "4.151 billion", 3, "4.1…"},   // the first word is cut
		{plain, "Café au lait", 4, "Caf…"},   // not between a letter and its accent
		{plain, "Café̂x", 5, "Caf…"},         // nor between its marks
		{plain, "Café au lait", 5, "Café…"}, // the accent is a rune of its own
		{plain, "anything", 0, ""},
		{plain, " \n ", 10, ""},
		{markup, "<p>Oil &amp; gas</p>\n<script>x()</script><b>up</b>", 100, "Oil & gas up"},
	} {
		got := c.tok.Excerpt(c.in, c.n)
		if got != c.want {
			t.Errorf("Excerpt(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}

// FuzzExcerpt checks the excerpt's invariants on any text: valid UTF-8,
// at most n runes before the ellipsis, no white space or control
// character but single inner spaces, and a prefix of the text's words.
func FuzzExcerpt(f *testing.F) {
	for _, s := range []string{"Oil prices rose.", "a  b\tc\n", "\xff\xfe", "été à Zürich", "<p>x</p>"} {
		f.Add(s, 5)
	}
	tok := mustNew(f, Options{})
	markup := mustNew(f, Options{Clean: []Clean{CleanMarkup, CleanEmail}, DropJunk: true})
	f.Fuzz(func(t *testing.T, s string, n int) {
		n %= 1000
		got := tok.Excerpt(s, n)
		// TokensAndExcerpt cleans once what Tokens and Excerpt clean each.
		toks, ex := markup.TokensAndExcerpt([]string{"x"}, []byte("y"), s, n)
		if want := markup.Tokens([]string{"x"}, s); !slices.Equal(toks, want) || string(ex) != "y"+markup.Excerpt(s, n) {
			t.Fatalf("TokensAndExcerpt(%q, %d) = %q, %q, want %q, %q", s, n, toks, ex, want, "y"+markup.Excerpt(s, n))
		}
		if n <= 0 {
			if got != "" {
				t.Fatalf("Excerpt(%q, %d) = %q, want \"\"", s, n, got)
			}
			return
		}
		if !utf8.ValidString(got) {
			t.Fatalf("Excerpt(%q, %d) = %q: not valid UTF-8", s, n, got)
		}
		body, cut := strings.CutSuffix(got, "…")
		if r := utf8.RuneCountInString(body); r > n {
			t.Fatalf("Excerpt(%q, %d) = %q: %d runes", s, n, got, r)
		}
		if strings.Contains(body, "  ") || strings.TrimSpace(body) != body || strings.ContainsAny(body, "\t\n\r\x00") {
			t.Fatalf("Excerpt(%q, %d) = %q: white space not collapsed", s, n, got)
		}
		words := strings.Fields(strings.ToValidUTF8(s, "\uFFFD"))
		if !cut && utf8.ValidString(s) && !strings.ContainsFunc(s, isControlNotSpace) && body != strings.Join(words, " ") {
			t.Fatalf("Excerpt(%q, %d) = %q, uncut, want all of %q", s, n, got, strings.Join(words, " "))
		}
	})
}

func isControlNotSpace(r rune) bool { return unicode.IsControl(r) && !unicode.IsSpace(r) }
