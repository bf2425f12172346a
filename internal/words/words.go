// Package words holds the rule a word of a vocabulary file obeys, which
// the corpus readers and writers and the statistics files share: a word
// is not empty, is valid UTF-8 and holds no white space (a line break
// among it: a vocabulary file holds one word per line) and no NUL byte (a
// file holding one reads as binary data). O(len(word)).
package words

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The problems Problem names.
const (
	Empty      = "is empty"
	NotUTF8    = "is not valid UTF-8"
	WhiteSpace = "contains white space"
	NUL        = "contains a NUL byte"
)

// Problem says why w cannot be a word of a vocabulary file (Empty,
// NotUTF8, WhiteSpace, NUL), or "" when it can.
func Problem(w string) string {
	switch {
	case w == "":
		return Empty
	case !utf8.ValidString(w):
		return NotUTF8
	case strings.ContainsFunc(w, unicode.IsSpace):
		return WhiteSpace
	case strings.IndexByte(w, 0) >= 0:
		return NUL
	}
	return ""
}
