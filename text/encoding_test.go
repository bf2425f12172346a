package text

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestDecode(t *testing.T) {
	const cp1252Text = "\x93Caf\xe9\x94 costs \x805 \x96 don\x92t"
	tests := []struct {
		name        string
		in          string
		enc         Encoding
		want        string
		wantInvalid bool
	}{
		{"auto keeps UTF-8", "Café €5", EncodingAuto, "Café €5", false},
		{"empty means auto", "Café", "", "Café", false},
		{"auto falls back to cp1252", cp1252Text, EncodingAuto, "“Café” costs €5 – don’t", true},
		{"auto decodes the whole unit", "Café \xe9", EncodingAuto, "CafÃ© é", true},
		{"latin1 on cp1252", cp1252Text, EncodingLatin1, "“Café” costs €5 – don’t", true},
		{"latin1 on valid UTF-8", "Café", EncodingLatin1, "CafÃ©", false},
		{"cp1252 undefined bytes are C1 controls", "\x81\x8d\x8f\x90\x9d", EncodingLatin1, "\u0081\u008d\u008f\u0090\u009d", true},
		{"cp1252 upper half is Latin-1", "\xa0\xbf\xc0\xff", EncodingLatin1, "\u00a0¿Àÿ", true},
		{"utf-8 replaces each invalid byte", "Caf\xe9 \xe2\x82 ok", EncodingUTF8, "Caf\uFFFD \uFFFD\uFFFD ok", true},
		{"utf-8 keeps valid text", "Café \uFFFD", EncodingUTF8, "Café \uFFFD", false},
		{"alias name", "Caf\xe9", "CP1252", "Café", true},
		{"unknown name is auto", "Caf\xe9", "ebcdic", "Café", true},
		{"BOM dropped (auto)", "\ufeffhi", EncodingAuto, "hi", false},
		{"BOM dropped (utf-8)", "\ufeffhi", EncodingUTF8, "hi", false},
		{"BOM dropped (latin1)", "\ufeffhi", EncodingLatin1, "hi", false},
		{"BOM before invalid text", "\ufeffd\xe9j\xe0", EncodingAuto, "déjà", true},
		{"only a BOM", "\ufeff", EncodingAuto, "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, invalid := Decode([]byte(tc.in), tc.enc)
			if got != tc.want || invalid != tc.wantInvalid {
				t.Errorf("Decode(%q, %q) = %q, %v; want %q, %v", tc.in, tc.enc, got, invalid, tc.want, tc.wantInvalid)
			}
		})
	}
}

// TestCP1252Table checks every byte of Windows-1252 against a few known
// characters and the properties of the rest.
func TestCP1252Table(t *testing.T) {
	known := map[byte]rune{
		0x80: '€', 0x82: '‚', 0x83: 'ƒ', 0x84: '„', 0x85: '…', 0x86: '†', 0x87: '‡', 0x88: 'ˆ', 0x89: '‰',
		0x8A: 'Š', 0x8B: '‹', 0x8C: 'Œ', 0x8E: 'Ž', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”',
		0x95: '•', 0x96: '–', 0x97: '—', 0x98: '˜', 0x99: '™', 0x9A: 'š', 0x9B: '›', 0x9C: 'œ',
		0x9E: 'ž', 0x9F: 'Ÿ', 0xE9: 'é', 0xA0: '\u00a0', 0xFF: 'ÿ', 'A': 'A', 0: 0,
		0x81: '\u0081', 0x8D: '\u008d', 0x8F: '\u008f', 0x90: '\u0090', 0x9D: '\u009d',
	}
	for c := range 256 {
		s, _ := Decode([]byte{byte(c)}, EncodingLatin1)
		r, size := utf8.DecodeRuneInString(s)
		if size != len(s) || r == utf8.RuneError {
			t.Errorf("byte %#x decodes to %q, want one rune", c, s)
		}
		if want, ok := known[byte(c)]; ok && r != want {
			t.Errorf("byte %#x decodes to %U, want %U", c, r, want)
		}
		if (c < 0x80 || c >= 0xA0) && r != rune(c) {
			t.Errorf("byte %#x decodes to %U, want the same code point", c, r)
		}
	}
}

func TestParseEncoding(t *testing.T) {
	for name, want := range map[string]Encoding{
		"": EncodingAuto, "auto": EncodingAuto, "AUTO": EncodingAuto, "utf-8": EncodingUTF8, "UTF8": EncodingUTF8,
		"latin1": EncodingLatin1, " Latin-1 ": EncodingLatin1, "ISO-8859-1": EncodingLatin1,
		"windows-1252": EncodingLatin1, "cp1252": EncodingLatin1,
	} {
		if got, err := ParseEncoding(name); got != want || err != nil {
			t.Errorf("ParseEncoding(%q) = %q, %v; want %q", name, got, err, want)
		}
	}
	for _, name := range []string{"ascii", "utf-16", "latin2", "utf 8"} {
		_, err := ParseEncoding(name)
		if err == nil || !strings.Contains(err.Error(), "want auto, utf-8 (utf8) or latin1") || !strings.Contains(err.Error(), name) {
			t.Errorf("ParseEncoding(%q): error %v, want one naming it and the valid names", name, err)
		}
	}
}

func TestTokenizerDecode(t *testing.T) {
	raw := []byte("Caf\xe9 don\x92t")
	for _, tc := range []struct {
		enc  Encoding
		want []string
	}{
		{"", []string{"café", "don't"}}, // U+2019 from 0x92 is an apostrophe
		{EncodingUTF8, []string{"caf", "don"}},
	} {
		tok := mustNew(t, Options{Encoding: tc.enc, NoDefaultStopWords: true})
		s, invalid := tok.Decode(raw)
		if got := tok.Tokens(nil, s); !invalid || !slices.Equal(got, tc.want) {
			t.Errorf("encoding %q: tokens %q (invalid %v), want %q (invalid)", tc.enc, got, invalid, tc.want)
		}
	}
}

// FuzzDecode decodes arbitrary bytes under every encoding: no panic, valid
// UTF-8 out, invalid reported exactly, valid UTF-8 kept as it is under
// auto and utf-8, and one rune a byte under latin1.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{"", "Café", "Caf\xe9", "\ufeffhi", "\xef\xbb", "\xe2\x82", "\x81\x9d\xff", "a\uFFFDb"} {
		f.Add([]byte(s), uint8(0))
	}
	encs := []Encoding{"", EncodingAuto, EncodingUTF8, EncodingLatin1, "cp1252", "bogus"}
	f.Fuzz(func(t *testing.T, b []byte, e uint8) {
		enc := encs[int(e)%len(encs)]
		s, invalid := Decode(b, enc)
		body := bytes.TrimPrefix(b, []byte("\ufeff"))
		switch canon := canonicalEncoding(enc); {
		case !utf8.ValidString(s):
			t.Fatalf("Decode(%q, %q) = %q, not valid UTF-8", b, enc, s)
		case invalid == utf8.Valid(body):
			t.Fatalf("Decode(%q, %q): invalid = %v", b, enc, invalid)
		case canon == EncodingLatin1 && utf8.RuneCountInString(s) != len(body):
			t.Fatalf("Decode(%q, latin1) = %q: %d runes for %d bytes", b, s, utf8.RuneCountInString(s), len(body))
		case canon != EncodingLatin1 && !invalid && s != string(body):
			t.Fatalf("Decode(%q, %q) = %q, want the input", b, enc, s)
		case canon == EncodingUTF8 && invalid && noFFFD(s) != noFFFD(string(bytes.ToValidUTF8(body, nil))):
			t.Fatalf("Decode(%q, utf-8) = %q changes more than the invalid bytes", b, s)
		}
	})
}

// noFFFD returns s without its U+FFFD.
func noFFFD(s string) string { return strings.ReplaceAll(s, "\uFFFD", "") }
