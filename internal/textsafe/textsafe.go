// Package textsafe makes text that comes from a corpus or a model file
// (vocabulary words, document ids, topic labels) safe to print on a
// terminal and to put in an XML document such as an SVG figure.
//
// A word is data: a vocabulary file can hold ESC [2J (clear the screen),
// BEL, NUL or U+202E (right-to-left override, which reverses what follows
// it on the line), and printed raw such a word drives the terminal. Escape
// writes every rune that is not safe to show as the escape sequence
// strconv.Quote uses for it (\x1b, \a, \x00, \u202e), and leaves every
// other rune as it is: a word of printable text, in any script, comes back
// unchanged. The escapes are printable ASCII, so the result is also valid
// XML 1.0 character data once '<' and '&' are escaped (html.EscapeString,
// as gonum's SVG canvas does), which the raw control characters cannot be
// even escaped.
//
// Unsafe are: the C0 controls, DEL and the C1 controls (U+0000-U+001F,
// U+007F-U+009F, among them the 8-bit CSI U+009B); the bidirectional
// controls (Unicode's Bidi_Control property: U+061C, U+200E, U+200F,
// U+202A-U+202E, U+2066-U+2069); the line and paragraph separators U+2028
// and U+2029; the noncharacters (U+FDD0-U+FDEF and U+xFFFE, U+xFFFF of
// every plane, which XML excludes); and every byte of invalid UTF-8.
// Zero-width joiners (needed by Persian and by emoji), spaces of every
// kind, private-use characters and backslashes are kept: Escape is for
// messages and log lines, whose quoted parts (%q) hold backslash
// sequences already, and for a document's text, which is read, not
// looked up. Data, for a string that names something (a word, a
// document id, a label), also doubles its backslashes, as strconv.Quote does, so that no two strings print
// alike: a word holding ESC prints as a\x1b, the word whose text is that
// sequence as a\\x1b. For the same reason Data escapes the characters that
// show nothing (Invisible: the zero-width space U+200B, the byte order
// mark U+FEFF, the soft hyphen U+00AD, the Hangul fillers, the tags): the
// word "app\u200ble" would otherwise print as "apple". JSON rewrites the
// unsafe runes of JSON text (not the invisible ones) as \u escapes, which
// leave the JSON value as it was.
package textsafe

import (
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// Unsafe reports whether r is a rune Escape rewrites (see the package
// documentation). utf8.RuneError itself, U+FFFD, is safe: Escape rewrites
// the invalid bytes that decode to it, not the character.
func Unsafe(r rune) bool {
	switch {
	case r < 0x20, r >= 0x7f && r < 0xa0:
		return true
	case r < 0x061c:
		return false
	case r == 0x2028, r == 0x2029:
		return true
	case r >= 0xfdd0 && r <= 0xfdef, r&0xfffe == 0xfffe:
		return true
	case r > unicode.MaxRune:
		return true
	}
	return unicode.Is(unicode.Bidi_Control, r)
}

// Invisible reports whether r is a character that shows nothing and joins
// nothing, which Data escapes: Unicode's default-ignorable code points but
// for the bidirectional controls (Unsafe already), the zero-width
// non-joiner and joiner U+200C and U+200D and the variation selectors,
// which a word of Persian, Mongolian or emoji needs, and which change how
// the characters beside them look.
func Invisible(r rune) bool {
	switch {
	case r == 0x00ad, r == 0x034f, r == 0x115f, r == 0x1160, r == 0x17b4, r == 0x17b5,
		r == 0x180e, r == 0x200b, r == 0x3164, r == 0xfeff, r == 0xffa0:
		return true
	case r >= 0x2060 && r <= 0x206f:
		return !unicode.Is(unicode.Bidi_Control, r)
	case r >= 0xfff0 && r <= 0xfff8, r >= 0x1bca0 && r <= 0x1bca3, r >= 0x1d173 && r <= 0x1d17a:
		return true
	case r >= 0xe0000 && r <= 0xe0fff:
		return r < 0xe0100 || r > 0xe01ef
	}
	return false
}

// Escape returns s with every unsafe rune written as its escape sequence:
// \a \b \f \n \r \t \v for those controls, \xHH for the other ASCII
// controls and for each byte of invalid UTF-8, \uHHHH or \UHHHHHHHH for
// the rest. It returns s itself when s holds no unsafe rune.
func Escape(s string) string { return escape(s, false) }

// Data returns s escaped as Escape does, its backslashes and its
// invisible characters (Invisible) escaped too: read as the body of a Go
// string literal (strconv.Unquote, its double quotes escaped) it gives s
// back, so two strings never print alike. It returns s itself when s
// holds no unsafe rune, invisible character or backslash.
func Data(s string) string { return escape(s, true) }

func escape(s string, backslashes bool) string {
	var b []byte // nil until the first rune rewritten
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		ok := !Unsafe(r) && !(backslashes && (r == '\\' || Invisible(r)))
		if r == utf8.RuneError {
			ok = size > 1 // U+FFFD itself, not a byte of invalid UTF-8
		}
		switch {
		case ok:
			if b != nil {
				b = append(b, s[i:i+size]...)
			}
		case b == nil:
			b = append(make([]byte, 0, len(s)+16), s[:i]...)
			fallthrough
		default:
			if size == 1 && r == utf8.RuneError {
				b = appendHex(b, `\x`, uint32(s[i]), 2)
			} else {
				b = appendRune(b, r)
			}
		}
		i += size
	}
	if b == nil {
		return s
	}
	return string(b)
}

// appendRune appends the escape of r, an unsafe rune or a backslash.
func appendRune(b []byte, r rune) []byte {
	switch r {
	case '\\':
		return append(b, `\\`...)
	case '\a':
		return append(b, `\a`...)
	case '\b':
		return append(b, `\b`...)
	case '\f':
		return append(b, `\f`...)
	case '\n':
		return append(b, `\n`...)
	case '\r':
		return append(b, `\r`...)
	case '\t':
		return append(b, `\t`...)
	case '\v':
		return append(b, `\v`...)
	}
	switch {
	case r < utf8.RuneSelf:
		return appendHex(b, `\x`, uint32(r), 2)
	case r <= 0xffff:
		return appendHex(b, `\u`, uint32(r), 4)
	default:
		return appendHex(b, `\U`, uint32(r), 8)
	}
}

func appendHex(b []byte, prefix string, v uint32, digits int) []byte {
	b = append(b, prefix...)
	for shift := 4 * (digits - 1); shift >= 0; shift -= 4 {
		b = append(b, "0123456789abcdef"[v>>shift&0xf])
	}
	return b
}

// JSON rewrites JSON text as encoding/json writes it (invalid UTF-8
// already replaced by U+FFFD, the controls inside strings already
// escaped) so that every unsafe rune left, which can only be inside a
// string, becomes a \uHHHH escape (a surrogate pair beyond the BMP): the
// same JSON value, safe to print. The structural line feeds, tabs and
// carriage returns are kept. It returns b itself when nothing is unsafe.
func JSON(b []byte) []byte {
	first := -1
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if jsonUnsafe(r, size) {
			first = i
			break
		}
		i += size
	}
	if first < 0 {
		return b
	}
	out := make([]byte, 0, len(b)+16)
	out = append(out, b[:first]...)
	for i := first; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		switch {
		case !jsonUnsafe(r, size):
			out = append(out, b[i:i+size]...)
		case r == utf8.RuneError:
			out = append(out, `\ufffd`...)
		case r > 0xffff:
			r1, r2 := utf16.EncodeRune(r)
			out = appendHex(appendHex(out, `\u`, uint32(r1), 4), `\u`, uint32(r2), 4)
		default:
			out = appendHex(out, `\u`, uint32(r), 4)
		}
		i += size
	}
	return out
}

func jsonUnsafe(r rune, size int) bool {
	switch {
	case r == utf8.RuneError:
		return size == 1
	case r == '\n', r == '\t', r == '\r':
		return false
	}
	return Unsafe(r)
}
