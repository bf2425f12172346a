package text

import (
	"fmt"
	"strings"
)

// Rules names a set of token boundary rules (rule 3 of the package
// documentation). The zero value, "", means RulesBasic.
type Rules string

// The rule sets. Their names are what ParseRules returns; Options records
// RulesBasic as "".
const (
	// RulesBasic splits a token at every character other than a letter,
	// digit, mark or a joiner between two of them: "1,000" gives "1" and
	// "000", "U.S." gives "u" and "s" (dropped as shorter than 2 runes),
	// and "Reagan's" gives "reagan's". The default.
	RulesBasic Rules = "basic"
	// RulesEnglish keeps the units English text writes with punctuation
	// inside: a '.' or ',' between two ASCII digits joins a number
	// ("1,000", "3.5", "1.000.000"); a '.' between two ASCII letters that
	// each stand alone joins an abbreviation ("U.S." gives "u.s", "a.m."
	// gives "a.m", a stop word); and the possessive "'s" (or ’s) is
	// dropped from the end of a token ("Reagan's" gives "reagan"), after
	// the stop-word check of the whole token ("it's" stays a stop word)
	// and before another on what remains.
	RulesEnglish Rules = "english"
)

// ParseRules returns the Rules named s, ignoring case: "" or "basic", or
// "english". The error for any other name lists the valid ones.
func ParseRules(s string) (Rules, error) {
	switch r := Rules(strings.ToLower(strings.TrimSpace(s))); r {
	case "", RulesBasic:
		return RulesBasic, nil
	case RulesEnglish:
		return r, nil
	}
	return "", fmt.Errorf("text: unknown token rules %q: want basic or english", s)
}

// english reports whether r, which validate has accepted, is RulesEnglish.
func (r Rules) english() bool {
	parsed, _ := ParseRules(string(r))
	return parsed == RulesEnglish
}

// isASCIIDigit reports whether b is '0' to '9' (isASCIILetter, in
// markup.go, whether it is a letter).
func isASCIIDigit(b byte) bool { return '0' <= b && b <= '9' }

// punctJoins reports whether, under RulesEnglish, the '.' or ',' at s[i]
// (scan checks which byte it is, without a call) joins the token that
// starts at s[start] (start < i) to the byte after it: a '.' or ',' between
// two ASCII digits, or a '.' between two ASCII letters that are each a
// part of one letter, the first after the token's start or another such
// '.', the second before the end of s or an ASCII byte that is no letter
// or digit.
func punctJoins(s string, start, i int) bool {
	if i+1 >= len(s) {
		return false
	}
	prev, next := s[i-1], s[i+1]
	if isASCIIDigit(prev) && isASCIIDigit(next) {
		return true
	}
	return s[i] == '.' && isASCIILetter(prev) && isASCIILetter(next) &&
		(i-1 == start || s[i-2] == '.') &&
		(i+2 == len(s) || byteClass[s[i+2]]&(wordStart|classMulti) == 0)
}

// possessive is the suffix RulesEnglish drops, as folded.
const possessive = "'s"
