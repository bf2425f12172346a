package text

import (
	"unicode"
	"unicode/utf8"
)

// Excerpt returns the start of s as a reader would see it, for showing a
// document beside its topics: s cleaned as Tokens cleans it (the presets
// of Options.Clean, and the encoded blocks of DropJunk), each run of white
// space and control characters made one space, trimmed, and cut to at
// most n runes, before punctuation or at the last space (a word is cut
// only when it is the first, as in scripts written without spaces), with
// "…" appended when it was cut. n <= 0 gives "". Only the
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
	if t.clean != nil || t.dropBlocks {
		s = t.prepare(s)
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
			if need == 1 && lastSpace >= 0 && !unicode.IsPunct(r) {
				dst = dst[:lastSpace] // not inside a word
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
