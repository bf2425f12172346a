package text

import (
	"unicode"
	"unicode/utf8"
)

// Excerpt returns the start of s as a reader would see it, for showing a
// document beside its topics: s cleaned as Tokens cleans it (the presets
// of Options.Clean, and the encoded blocks of DropJunk), each run of white
// space and control characters made one space, trimmed, and cut to at
// most n runes, at the last space or before the punctuation that ends a
// word (not inside "4.151" or "semi-annual"; a word is cut only when it is
// the first, as in scripts written without spaces, and then not between a
// letter and its combining marks), with "…" appended when it was cut. n <= 0 gives "". Only the
// cleaning reads all of s; the excerpt itself stops after n runes. The
// result is raw corpus text: escape it where it is shown.
func (t *Tokenizer) Excerpt(s string, n int) string {
	var scratch [512]byte
	return string(t.AppendExcerpt(scratch[:0], s, n))
}

// AppendExcerpt appends the excerpt of s (Excerpt) to dst and returns the
// extended slice, for a caller that keeps many excerpts in few
// allocations.
func (t *Tokenizer) AppendExcerpt(dst []byte, s string, n int) []byte {
	if n <= 0 {
		return dst
	}
	return t.appendExcerpt(dst, t.prepare(s), n)
}

// appendExcerpt is AppendExcerpt of the prepared text s, for n > 0.
func (t *Tokenizer) appendExcerpt(dst []byte, s string, n int) []byte {
	if n <= 0 {
		return dst
	}
	runes, space := 0, false
	lastSpace := -1 // where the last space was written
	for i, r := range s {
		if unicode.IsSpace(r) || unicode.IsControl(r) {
			space = runes > 0
			continue
		}
		need := 1
		if space {
			need = 2 // the space before r, kept only with r
		}
		if runes+need > n {
			switch {
			case need == 2 || endsWord(s[i:]):
				// r starts a word, or ends the last one ("rose." "dlrs),")
			case lastSpace >= 0:
				dst = dst[:lastSpace] // not inside a word, nor a number ("4.151", "semi-annual")
			case isMark(r):
				dst = dropCluster(dst) // not between a letter and its accent
			}
			return append(dst, "…"...)
		}
		if space {
			lastSpace = len(dst)
			dst = append(dst, ' ')
			space = false
		}
		runes += need - 1
		if r == utf8.RuneError {
			// An invalid byte (Tokens separates words at it) or U+FFFD
			// itself: shown as U+FFFD, so that the excerpt is valid UTF-8.
			dst = utf8.AppendRune(dst, r)
		} else {
			dst = append(dst, s[i:i+utf8.RuneLen(r)]...)
		}
		runes++
	}
	return dst
}

// endsWord reports whether s starts with punctuation that ends a word: a
// run of punctuation followed by white space, a control character or the
// end of the text.
func endsWord(s string) bool {
	for i, r := range s {
		if !unicode.IsPunct(r) {
			return i > 0 && (unicode.IsSpace(r) || unicode.IsControl(r))
		}
	}
	return s != ""
}

// isMark reports whether r is a combining mark, which belongs to the
// letter before it.
func isMark(r rune) bool { return unicode.In(r, unicode.Mn, unicode.Me, unicode.Mc) }

// dropCluster removes the last letter of b and the marks after it.
func dropCluster(b []byte) []byte {
	for len(b) > 0 {
		r, size := utf8.DecodeLastRune(b)
		b = b[:len(b)-size]
		if !isMark(r) {
			break
		}
	}
	return b
}
