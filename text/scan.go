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
	classHidden uint8 = 1 << 5 // isHidden: inside a token only, dropped by folding
	foldBit     uint8 = 1 << 7 // folding changes the rune
	wordStart         = classLetter | classDigit
	inWord            = wordStart | classMark | classHidden // continues a token
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

// isHidden reports whether r is an invisible format character that may
// stand inside a word: SOFT HYPHEN (U+00AD, also Windows-1252's byte 0xAD),
// ZERO WIDTH NON-JOINER and JOINER (U+200C, U+200D), WORD JOINER (U+2060)
// and ZERO WIDTH NO-BREAK SPACE (U+FEFF, a byte-order mark out of place).
// Inside a token it is dropped rather than ending the token. ZERO WIDTH
// SPACE (U+200B) is not: Thai and Khmer text marks the breaks between
// its words with it.
func isHidden(r rune) bool {
	switch r {
	case '\u00AD', '\u200C', '\u200D', '\u2060', '\uFEFF':
		return true
	}
	return false
}

// classRune returns the class of the non-ASCII rune starting at s[i], or'ed
// with foldBit if folding changes it, and its width in bytes. Invalid UTF-8
// decodes as a one-byte separator.
func classRune(s string, i int) (info uint8, size int) {
	r, size := utf8.DecodeRuneInString(s[i:])
	switch {
	case r == utf8.RuneError:
		return classSep, size // an invalid byte, or a U+FFFD in the input
	case unicode.IsLetter(r):
		if foldLetter(r) != r {
			return classLetter | foldBit, size
		}
		return classLetter, size
	case unicode.IsDigit(r):
		return classDigit, size
	case unicode.IsMark(r):
		return classMark, size
	case r == rightQuote || r == hyphen || r == nonBreakHyph:
		return classJoin | foldBit, size
	case isHidden(r):
		return classHidden | foldBit, size
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
		if x&inWord == 0 {
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
// lowercased by foldLetter, U+2019 replaced by '\”, U+2010 and U+2011
// replaced by '-', and the hidden runes (isHidden) dropped.
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
		if !isHidden(r) {
			dst = utf8.AppendRune(dst, foldRune(r))
		}
		i += size
	}
	return dst
}

// foldRune folds one non-ASCII rune that is not hidden.
func foldRune(r rune) rune {
	switch r {
	case rightQuote:
		return '\''
	case hyphen, nonBreakHyph:
		return '-'
	}
	return foldLetter(r)
}

// foldLetter returns the lower case of r by unicode.ToLower, but for the
// lower-case letters that are case variants of another letter (of one
// unicode.SimpleFold orbit with it), which become that letter, the lower
// case of their upper case: the final sigma ς becomes σ, as Σ does, so
// that all the case variants of a letter fold alike (TestFoldCaseVariants
// checks the list against package unicode). Other runes, marks included,
// map as by ToLower.
func foldLetter(r rune) rune {
	switch r {
	case '\u00B5', '\u017F', '\u03C2', // µ (micro sign) ſ ς
		'\u03D0', '\u03D1', '\u03D5', '\u03D6', '\u03F0', '\u03F1', '\u03F5', // ϐ ϑ ϕ ϖ ϰ ϱ ϵ
		'\u1C80', '\u1C81', '\u1C82', '\u1C83', '\u1C84', '\u1C85', '\u1C86', '\u1C87', '\u1C88', // Cyrillic ᲀ-ᲈ
		'\u1E9B', '\u1FBE': // ẛ, and the prosgegrammeni ι
		return unicode.ToLower(unicode.ToUpper(r))
	}
	return unicode.ToLower(r)
}
