package textsafe

import (
	"encoding/json"
	"encoding/xml"
	"html"
	"io"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestEscape(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"a\x1b[2Jb", `a\x1b[2Jb`},
		{"bel\al", `bel\al`},
		{"nu\x00l", `nu\x00l`},
		{"rl\u202eo", `rl\u202eo`},
		{"\u2066iso\u2069 \u200f\u061c", `\u2066iso\u2069 \u200f\u061c`},
		{"tab\tnl\ncr\rvt\vff\fbs\b", `tab\tnl\ncr\rvt\vff\fbs\b`},
		{"del\x7f csi\u009b nel\u0085", `del\x7f csi\u009b nel\u0085`},
		{"line\u2028para\u2029", `line\u2028para\u2029`},
		{"non\ufffe\uffff\ufdd0\U0001fffe", `non\ufffe\uffff\ufdd0\U0001fffe`},
		{"bad\xff\xc3", `bad\xff\xc3`},
		// Printable text in any script is kept, U+FFFD and backslashes too.
		{"", ""},
		{"plain", "plain"},
		{"wörd 東京 عربى", "wörd 東京 عربى"},
		{"می\u200cخواهم", "می\u200cخواهم"}, // zero-width non-joiner in a Persian word
		{"👩\u200d💻", "👩\u200d💻"},
		{"nbsp\u00a0 soft\u00ad", "nbsp\u00a0 soft\u00ad"},
		{"rep\ufffd back\\x1b", "rep\ufffd back\\x1b"},
	} {
		got := Escape(tc.in)
		if got != tc.want {
			t.Errorf("Escape(%q) = %q, want %q", tc.in, got, tc.want)
		}
		for _, r := range got {
			if r < 0x20 || r == 0x7f || Unsafe(r) {
				t.Errorf("Escape(%q) = %q holds %U", tc.in, got, r)
			}
		}
		if !utf8.ValidString(got) {
			t.Errorf("Escape(%q) = %q is not UTF-8", tc.in, got)
		}
		data := Data(tc.in)
		invisible := strings.ContainsFunc(tc.in, Invisible) // TestDataShowsInvisibles
		if want := strings.ReplaceAll(tc.want, `\`, `\\`); !invisible && (!strings.Contains(tc.in, `\`) && data != tc.want || strings.Contains(tc.in, `\`) && data != want) {
			t.Errorf("Data(%q) = %q, want Escape's with its own backslashes doubled", tc.in, data)
		}
		if back := unescape(data); back != tc.in {
			t.Errorf("Data(%q) = %q reads back as %q: two strings would print alike", tc.in, data, back)
		}
	}
}

// TestDataTellsEscapesApart: Data prints a word holding ESC and the word
// whose text is its escape differently, which Escape does not.
func TestDataTellsEscapesApart(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"a\x1b", `a\x1b`},
		{`a\x1b`, `a\\x1b`},
		{"a\\\x1b", `a\\\x1b`},
		{`C:\dir\`, `C:\\dir\\`},
		{"plain", "plain"},
	} {
		if got := Data(tc.in); got != tc.want {
			t.Errorf("Data(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if Escape("a\x1b") != Escape(`a\x1b`) {
		t.Error("Escape no longer keeps backslashes: messages' quoted parts would double theirs")
	}
}

// TestDataShowsInvisibles: Data escapes the characters that show nothing,
// so that "app\u200ble" does not print as "apple", and keeps those that
// shape the characters beside them (ZWNJ in Persian, ZWJ and variation
// selectors in emoji); Escape, for a document's text, keeps all of them.
func TestDataShowsInvisibles(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"app\u200ble", `app\u200ble`},
		{"\ufeffid", `\ufeffid`},
		{"co\u00adop", `co\u00adop`},
		{"\u3164", `\u3164`},
		{"a\u2060b\u2066c", `a\u2060b\u2066c`},
		{"flag\U000e0067", `flag\U000e0067`},
		{"\u0645\u06cc\u200c\u0634\u0648\u062f", "\u0645\u06cc\u200c\u0634\u0648\u062f"},
		{"\U0001f468\u200d\U0001f469\u2764\ufe0f", "\U0001f468\u200d\U0001f469\u2764\ufe0f"},
		{"\u845b\U000e0100", "\u845b\U000e0100"},
	} {
		got := Data(tc.in)
		if got != tc.want {
			t.Errorf("Data(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if back := unescape(got); back != tc.in {
			t.Errorf("Data(%q) reads back as %q", tc.in, back)
		}
	}
	if Escape("app\u200ble") != "app\u200ble" {
		t.Error("Escape rewrote a zero-width space: a Thai or Khmer document's text would fill with escapes")
	}
}

// unescape reads Data's output back as a Go string literal's body.
func unescape(s string) string {
	back, err := strconv.Unquote(`"` + strings.ReplaceAll(s, `"`, `\"`) + `"`)
	if err != nil {
		return "unquote: " + err.Error()
	}
	return back
}

// Escaped and then XML-escaped as gonum's SVG canvas does, any string is
// well-formed XML character data.
func TestEscapeIsXML(t *testing.T) {
	var all strings.Builder
	for r := rune(0); r < 0x3000; r++ {
		all.WriteRune(r)
	}
	all.WriteString("\ufdd0\ufffe\uffff\U0001fffe\U0010ffff\xff\xfe")
	doc := "<text>" + html.EscapeString(Escape(all.String())) + "</text>"
	d := xml.NewDecoder(strings.NewReader(doc))
	for {
		if _, err := d.Token(); err != nil {
			if err != io.EOF {
				t.Fatalf("not well-formed XML: %v", err)
			}
			break
		}
	}
}

func TestJSON(t *testing.T) {
	words := []string{"a\x1b[2Jb", "bel\al", "nu\x00l", "rl\u202eo", "csi\u009b", "del\x7f", "non\U0001fffe", "wörd", "plain"}
	b, err := json.MarshalIndent(map[string]any{"words": words}, "", "\t")
	if err != nil {
		t.Fatal(err)
	}
	safe := JSON(b)
	for _, r := range string(safe) {
		if r != '\n' && r != '\t' && Unsafe(r) {
			t.Errorf("JSON output holds %U: %s", r, safe)
		}
	}
	var back struct{ Words []string }
	if err := json.Unmarshal(safe, &back); err != nil {
		t.Fatal(err)
	}
	if strings.Join(back.Words, "|") != strings.Join(words, "|") {
		t.Errorf("JSON changed the value: %q, want %q", back.Words, words)
	}
	if !strings.Contains(string(safe), `rl\u202eo`) || !strings.Contains(string(safe), `non\ud83f\udffe`) {
		t.Errorf("JSON output %s", safe)
	}
	plain := []byte(`{"words": ["wörd"]}`)
	if got := JSON(plain); &got[0] != &plain[0] {
		t.Error("JSON copied text with nothing to escape")
	}
}

func TestEscapeDoesNotAllocateForSafeText(t *testing.T) {
	s := "wörd 東京"
	if n := testing.AllocsPerRun(10, func() { _ = Escape(s) }); n != 0 {
		t.Errorf("%v allocations", n)
	}
}

// FuzzEscape: whatever the bytes, Data's output holds no unsafe rune, is
// UTF-8 and reads back as the input, so no two strings print alike; and
// Escape's is Data's for an input without backslashes or invisible
// characters.
func FuzzEscape(f *testing.F) {
	for _, s := range []string{"a\x1b[2Jb", `a\x1b`, "rl\u202eo", "bad\xff", `q"\"`, "\u2028"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Data(s)
		for _, r := range got {
			if Unsafe(r) || Invisible(r) {
				t.Fatalf("Data(%q) = %q holds %U", s, got, r)
			}
		}
		if !utf8.ValidString(got) || unescape(got) != s {
			t.Fatalf("Data(%q) = %q reads back as %q", s, got, unescape(got))
		}
		if !strings.Contains(s, `\`) && !strings.ContainsFunc(s, Invisible) && Escape(s) != got {
			t.Fatalf("Escape(%q) = %q, Data %q", s, Escape(s), got)
		}
	})
}
