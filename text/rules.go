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
	// "000", and "U.S." gives "u" and "s" (dropped as shorter than 2
	// runes). The default.
	RulesBasic Rules = "basic"
	// RulesEnglish keeps the units English text writes with punctuation
	// inside: a '.' or ',' between two ASCII digits joins a number
	// ("1,000", "3.5", "1.000.000"), and a '.' between two ASCII letters
	// that each stand alone joins an abbreviation ("U.S." gives "u.s",
	// "a.m." gives "a.m", a stop word).
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

// scanEnglish returns the first token of s at or after byte i by
// RulesEnglish: scan's token, joined to the next one across each '.' or
// ',' that punctJoins. Kept out of scan, whose loop the check slowed by
// 4-7% under the basic rules (docs/BENCHMARKS.md, "Go benchmarks").
func scanEnglish(s string, i int) span {
	sp := scan(s, i)
	for sp.end+1 < len(s) && (s[sp.end] == '.' || s[sp.end] == ',') && punctJoins(s, sp.start, sp.end) {
		next := scan(s, sp.end+1) // starts there: punctJoins saw a letter or digit
		sp.end, sp.class = next.end, sp.class|next.class
	}
	return sp
}

// punctJoins reports whether the '.' or ',' at s[i] (i+1 < len(s); the
// caller checks both, without a call), just after a token that starts at
// s[start] (start < i), joins it to the byte after it under RulesEnglish:
// a '.' or ',' between two ASCII digits, or a '.' between two ASCII
// letters that are each a part of one letter, the first after the token's
// start or another such '.', the second before the end of s or an ASCII
// byte that is no letter or digit.
func punctJoins(s string, start, i int) bool {
	prev, next := s[i-1], s[i+1]
	if isASCIIDigit(prev) && isASCIIDigit(next) {
		return true
	}
	return s[i] == '.' && isASCIILetter(prev) && isASCIILetter(next) &&
		(i-1 == start || s[i-2] == '.') &&
		(i+2 == len(s) || byteClass[s[i+2]]&(wordStart|classMulti) == 0)
}

// possessive is the suffix Options.DropPossessive drops, as folded.
const possessive = "'s"
