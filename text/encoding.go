package text

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Encoding says how bytes that are not valid UTF-8 are decoded (see
// Decode). The zero value, "", means EncodingAuto.
type Encoding string

// The encodings. Their names are what ParseEncoding returns and what
// Options records.
const (
	// EncodingAuto keeps valid UTF-8 and decodes a unit (a file, line or
	// record: whatever the caller passes to Decode) that is not valid
	// UTF-8 entirely as Windows-1252, for one stray Latin-1 byte says the
	// whole unit was written in a legacy encoding. The default.
	EncodingAuto Encoding = "auto"
	// EncodingUTF8 reads UTF-8 only: each invalid byte becomes U+FFFD,
	// which separates tokens.
	EncodingUTF8 Encoding = "utf-8"
	// EncodingLatin1 decodes every unit as Windows-1252, even one that is
	// valid UTF-8.
	EncodingLatin1 Encoding = "latin1"
)

// encodingNames maps every name ParseEncoding accepts, lowercased, to its
// Encoding.
var encodingNames = map[string]Encoding{
	"":             EncodingAuto,
	"auto":         EncodingAuto,
	"utf-8":        EncodingUTF8,
	"utf8":         EncodingUTF8,
	"latin1":       EncodingLatin1,
	"latin-1":      EncodingLatin1,
	"iso-8859-1":   EncodingLatin1,
	"windows-1252": EncodingLatin1,
	"cp1252":       EncodingLatin1,
}

// ParseEncoding returns the Encoding named s, ignoring case: "" or "auto",
// "utf-8" or "utf8", and for EncodingLatin1 "latin1", "latin-1",
// "iso-8859-1", "windows-1252" or "cp1252". The error for any other name
// lists the valid ones.
func ParseEncoding(s string) (Encoding, error) {
	if enc, ok := encodingNames[strings.ToLower(strings.TrimSpace(s))]; ok {
		return enc, nil
	}
	return "", fmt.Errorf("text: unknown encoding %q: want auto, utf-8 (utf8) or latin1 (latin-1, iso-8859-1, windows-1252, cp1252)", s)
}

// Decode returns b as text under enc, and whether b was not valid UTF-8:
// whether EncodingAuto fell back to Windows-1252 or EncodingUTF8 replaced
// bytes by U+FFFD; under EncodingLatin1, which decodes b as Windows-1252
// either way, it still reports it, so that callers can count such units.
// A leading UTF-8 byte-order mark is dropped under every encoding, for in
// Windows-1252 it would read "ï»¿". The text is always valid UTF-8.
//
// Windows-1252 is Latin-1 (ISO-8859-1) with printable characters in
// 0x80-0x9F, such as the curly quotes 0x93 and 0x94, the euro sign 0x80
// and the apostrophe 0x92 (U+2019, a joiner in tokens). The five bytes it
// leaves undefined, 0x81, 0x8D, 0x8F, 0x90 and 0x9D, become the C1 control
// characters U+0081 ... as in Latin-1.
//
// enc may be any name ParseEncoding accepts; an unknown one decodes as
// EncodingAuto (New rejects it).
func Decode(b []byte, enc Encoding) (s string, invalid bool) {
	if len(b) >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF {
		b = b[3:]
	}
	valid := utf8.Valid(b)
	switch canonicalEncoding(enc) {
	case EncodingLatin1:
		return decodeCP1252(b), !valid
	case EncodingUTF8:
		if !valid {
			return decodeUTF8(b), true
		}
	default:
		if !valid {
			return decodeCP1252(b), true
		}
	}
	return string(b), false
}

// canonicalEncoding returns the constant for enc, EncodingAuto if unknown.
func canonicalEncoding(enc Encoding) Encoding {
	switch enc {
	case EncodingAuto, EncodingUTF8, EncodingLatin1:
		return enc
	}
	if e, err := ParseEncoding(string(enc)); err == nil {
		return e
	}
	return EncodingAuto
}

// cp1252 holds the characters of Windows-1252 bytes 0x80-0x9F; the others
// are the Unicode code points of the same value.
var cp1252 = [32]rune{
	'\u20AC', '\u0081', '\u201A', '\u0192', '\u201E', '\u2026', '\u2020', '\u2021',
	'\u02C6', '\u2030', '\u0160', '\u2039', '\u0152', '\u008D', '\u017D', '\u008F',
	'\u0090', '\u2018', '\u2019', '\u201C', '\u201D', '\u2022', '\u2013', '\u2014',
	'\u02DC', '\u2122', '\u0161', '\u203A', '\u0153', '\u009D', '\u017E', '\u0178',
}

// decodeCP1252 decodes b as Windows-1252, copying runs of ASCII whole.
func decodeCP1252(b []byte) string {
	var sb strings.Builder
	sb.Grow(len(b) + len(b)/4)
	start := 0
	for i, c := range b {
		if c < utf8.RuneSelf {
			continue
		}
		sb.Write(b[start:i])
		start = i + 1
		if c < 0xA0 {
			sb.WriteRune(cp1252[c-0x80])
		} else {
			sb.WriteRune(rune(c))
		}
	}
	sb.Write(b[start:])
	return sb.String()
}

// decodeUTF8 returns b with each byte that is not part of a valid UTF-8
// sequence replaced by U+FFFD.
func decodeUTF8(b []byte) string {
	var sb strings.Builder
	sb.Grow(len(b) + 8)
	start := 0
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			sb.Write(b[start:i])
			sb.WriteRune(utf8.RuneError)
			start = i + 1
		}
		i += size
	}
	sb.Write(b[start:])
	return sb.String()
}
