package text

import (
	"unicode"
	"unicode/utf8"
)

// Rune classes seen by the scanner, as bit flags so that or-ing the classes
// of a token's runes tells whether it has a letter and needs folding.
const (
	classSep    uint8 = 0      // ends a token
	classLetter uint8 = 1 << 0 // unicode.IsLetter
	classDigit  uint8 = 1 << 1 // unicode.IsDigit
	classMark   uint8 = 1 << 2 // unicode.IsMark: inside a token only
	classJoin   uint8 = 1 << 3 // apostrophe or hyphen: between two word runes only
	classMulti  uint8 = 1 << 4 // in byteClass: a non-ASCII or invalid byte, see classRune
	foldBit     uint8 = 1 << 7 // folding changes the rune
	wordStart         = classLetter | classDigit
)

// byteClass holds the class of each ASCII byte, with foldBit for the
// upper-case letters, and classMulti for the other bytes, so that scan needs
// no function call for ASCII text.
var byteClass = func() (class [256]uint8) {
	for c := utf8.RuneSelf; c < len(class); c++ {
		class[c] = classMulti
	}
	for c := '0'; c <= '9'; c++ {
		class[c] = classDigit
	}
	for c := 'a'; c <= 'z'; c++ {
		class[c] = classLetter
		class[c-'a'+'A'] = classLetter | foldBit
	}
	class['\''] = classJoin
	class['-'] = classJoin
	return class
}()

// Non-ASCII joiners and what they fold to.
const (
	rightQuote   = '\u2019' // RIGHT SINGLE QUOTATION MARK, folds to '\''
	hyphen       = '\u2010' // HYPHEN, folds to '-'
	nonBreakHyph = '\u2011' // NON-BREAKING HYPHEN, folds to '-'
)

// classRune returns the class of the non-ASCII rune starting at s[i], or'ed
// with foldBit if folding changes it, and its width in bytes. Invalid UTF-8
// decodes as a one-byte separator.
func classRune(s string, i int) (info uint8, size int) {
	r, size := utf8.DecodeRuneInString(s[i:])
	switch {
	case r == utf8.RuneError:
		return classSep, size // an invalid byte, or a U+FFFD in the input
	case unicode.IsLetter(r):
		if unicode.ToLower(r) != r {
			return classLetter | foldBit, size
		}
		return classLetter, size
	case unicode.IsDigit(r):
		return classDigit, size
	case unicode.IsMark(r):
		return classMark, size
	case r == rightQuote || r == hyphen || r == nonBreakHyph:
		return classJoin | foldBit, size
	}
	return classSep, size
}

// span is one token found by scan: s[start:end] before folding.
type span struct {
	start, end int
	class      uint8 // or of the classes of the token's runes, with classMulti if one is not ASCII
}

func (sp span) fold() bool  { return sp.class&foldBit != 0 }
func (sp span) ascii() bool { return sp.class&classMulti == 0 }

// scan returns the first token of s at or after byte i by the basic rules;
// sp.start == sp.end when there is none (scanEnglish extends it). It
// decodes each rune once, except the first of the token, and needs no
// function call for ASCII text. The two-line lookup "byteClass, else
// classRune" is written out three times because a function doing it would
// not be inlined.
func scan(s string, i int) (sp span) {
	for i < len(s) {
		x, size := byteClass[s[i]], 1
		if x == classMulti {
			x, size = classRune(s, i)
		}
		if x&wordStart != 0 {
			break
		}
		i += size
	}
	sp.start = i
	for i < len(s) {
		x, size := byteClass[s[i]], 1
		if x&wordStart != 0 { // fast path: an ASCII letter or digit
			sp.class |= x
			i++
			continue
		}
		if x == classMulti {
			x, size = classRune(s, i)
			x |= classMulti
		}
		if x&(wordStart|classMark) == 0 {
			if x&classJoin == 0 || i+size == len(s) {
				break
			}
			y, size2 := byteClass[s[i+size]], 1
			if y == classMulti {
				y, size2 = classRune(s, i+size)
				y |= classMulti
			}
			if y&wordStart == 0 {
				break
			}
			x |= y
			size += size2
		}
		sp.class |= x
		i += size
	}
	sp.end = i
	return sp
}

// appendFolded appends the folded form of the token w to dst: every rune
// lowercased by unicode.ToLower, U+2019 replaced by '\”, U+2010 and U+2011
// replaced by '-'.
func appendFolded(dst []byte, w string) []byte {
	for i := 0; i < len(w); {
		if b := w[i]; b < utf8.RuneSelf {
			if byteClass[b]&foldBit != 0 {
				b += 'a' - 'A'
			}
			dst = append(dst, b)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(w[i:])
		dst = utf8.AppendRune(dst, foldRune(r))
		i += size
	}
	return dst
}

// foldRune folds one non-ASCII rune.
func foldRune(r rune) rune {
	switch r {
	case rightQuote:
		return '\''
	case hyphen, nonBreakHyph:
		return '-'
	}
	return unicode.ToLower(r)
}
