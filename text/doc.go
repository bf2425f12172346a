// Package text turns raw text into tokens for topic models.
//
// A Tokenizer, built by New from Options, splits a text into words,
// lowercases them, drops short words and stop words, and optionally stems
// what remains. Tokens applies these rules, in this order:
//
//  1. Decoding. The text is read as UTF-8. An invalid byte, like U+FFFD,
//     separates tokens; Tokens never fails. No Unicode normalization is
//     done: a precomposed "é" and "e" followed by U+0301 give different
//     tokens.
//
//  2. Boundaries. A token is a maximal run of letters (unicode.IsLetter),
//     digits (unicode.IsDigit) and marks (unicode.IsMark, such as
//     combining accents and the vowel signs of Indic scripts) that starts
//     with a letter or a digit. Inside it, one joiner between a token rune
//     and a following letter or digit is kept: an apostrophe (' or U+2019)
//     or a hyphen ('-', U+2010 or U+2011). Everything else separates
//     tokens: white space, punctuation, symbols, other dashes, and
//     apostrophes or hyphens at the edge of a word or doubled. So "don't",
//     "rock'n'roll" and "state-of-the-art" are single tokens, "'quoted'"
//     gives "quoted" and "well--known" gives "well" and "known". Scripts
//     written without spaces (Chinese, Japanese, Thai) are not segmented:
//     a run of their letters is one token.
//
//  3. Folding. Every rune is lowercased by unicode.ToLower (as by
//     strings.ToLower); U+2019 becomes ' and U+2010 and U+2011 become -.
//
//  4. Length. A token of fewer than Options.MinLen runes (DefaultMinLen,
//     2, if zero) is dropped. Numbers ("1988", "3-4") are tokens like
//     words, unless Options.DropNumbers drops every token without a letter.
//
//  5. Stop words. A token equal to a stop word is dropped. The stop words
//     are the embedded English list (EnglishStopWords) unless
//     Options.NoDefaultStopWords, plus the words of Options.StopWordFiles,
//     all folded like tokens. The check comes before stemming, so stop
//     lists name surface forms ("having", "isn't").
//
//  6. Stemming. With Options.Stem, a token is replaced by its English
//     Snowball (Porter2) stem, from github.com/kljensen/snowball. The stem
//     is checked again against the minimum length and the stop words, so a
//     stop list may also name stems ("run" drops "running").
//
// Every returned token is therefore valid UTF-8, lowercase, at least
// MinLen runes long and not a stop word.
//
// # Cost
//
// Tokens takes O(len(s)) time: each rune is classified once, through a
// table for ASCII and package unicode for the rest, and a token already in
// lower case is returned as a substring of s, without allocation.
// Stemming costs more per token; a Tokenizer caches the stems of up to
// 65,536 distinct words. A Tokenizer is safe for concurrent use.
package text
