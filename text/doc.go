// Package text turns raw text into tokens for topic models.
//
// A Tokenizer, built by New from Options, decodes bytes into text, cleans
// the text of what is not prose, splits it into words, lowercases them,
// drops short words, junk and stop words, and optionally stems what
// remains. Options records all of it, so that a model can store how its
// corpus was made (Options.Resolved) and new text be prepared alike;
// Options.Equivalent compares two records (length limits recorded at
// their defaults, as 0 or as the value, are alike). The rules, in the
// order they apply:
//
//  1. Decoding. Tokenizer.Decode (or Decode) turns the bytes of a unit of
//     input (a file, a line, a record) into text under Options.Encoding.
//     Under EncodingAuto, the default, valid UTF-8 is kept and a unit that
//     is not valid UTF-8 is decoded entirely as Windows-1252 (Latin-1 with
//     curly quotes, dashes and the euro sign); EncodingUTF8 replaces each
//     invalid byte by U+FFFD; EncodingLatin1 decodes every unit as
//     Windows-1252. A leading byte-order mark is dropped. Decode reports
//     whether the unit was not valid UTF-8, so that callers can count such
//     units. Tokens itself takes a string: an invalid byte in it, like
//     U+FFFD, separates tokens, and Tokens never fails. No Unicode
//     normalization is done: a precomposed "é" and "e" followed by U+0301
//     give different tokens.
//
//  2. Cleaning. The presets of Options.Clean rewrite the whole text,
//     CleanMarkup first, then CleanEmail (see CleanText): CleanMarkup
//     removes SGML, HTML and XML tags, comments, scripts and styles and
//     decodes character entities; CleanEmail keeps of a mail or Usenet
//     post its subject and its own prose, without headers, quoted replies
//     and their attributions, signature, or encoded attachments. With
//     Options.DropJunk, the lines of uuencoded and base64 data are then
//     dropped (DropEncodedBlocks: a uuencoded line must have the length
//     its first character announces, so a "begin" line followed by prose
//     in capitals drops nothing).
//
//  3. Boundaries. A token is a maximal run of letters
//     (unicode.IsLetter), digits (unicode.IsDigit), marks (unicode.IsMark,
//     such as combining accents and the vowel signs of Indic scripts) and
//     hidden format characters that starts with a letter or a digit. The
//     hidden ones are the invisible characters that may stand inside a
//     word: SOFT HYPHEN U+00AD (also Windows-1252's byte 0xAD and HTML's
//     &shy;), ZERO WIDTH NON-JOINER and JOINER U+200C and U+200D, WORD
//     JOINER U+2060 and ZERO WIDTH NO-BREAK SPACE U+FEFF; folding drops
//     them (rule 5), so "inter&shy;national" gives "international" and a
//     Persian word written with a non-joiner stays one token. Outside a
//     token they separate, as every other format character (U+200E,
//     U+202A...) does everywhere, and ZERO WIDTH SPACE U+200B everywhere:
//     Thai and Khmer text marks its word breaks with it. Inside a token, one joiner between a
//     token rune and a directly following letter or digit is kept: an
//     apostrophe (' or U+2019) or a hyphen ('-', U+2010 or U+2011).
//     Everything else separates tokens: white space, punctuation, symbols,
//     other dashes, and apostrophes or hyphens at the edge of a word or
//     doubled. So "don't", "rock'n'roll" and "state-of-the-art" are single
//     tokens, "'quoted'" gives "quoted" and "well--known" gives "well" and
//     "known". Scripts written without spaces (Chinese, Japanese, Thai)
//     are not segmented: a run of their letters is one token, ZERO WIDTH
//     SPACES put between its words as line-break hints included.
//     Options.Rules set to RulesEnglish also joins a '.' or ',' between
//     two ASCII digits ("1,000", "3.5", not "1" and "000"), and a '.'
//     between two ASCII letters that each stand alone ("U.S." gives
//     "u.s").
//
//  4. Length, numbers and junk. A token of fewer than Options.MinLen
//     runes (DefaultMinLen, 2, if zero) is dropped, and so is one of more
//     than Options.MaxTokenLen runes (no limit if zero, unless DropJunk).
//     Numbers ("1988", "3-4") are tokens like words, unless
//     Options.DropNumbers drops every token without a letter. With
//     Options.DropJunk, a token with a letter and a digit between the
//     same joiners is dropped ("x11r5", "mp3", "10th", "1980s", the debris
//     of encoded data, but not "30-year-old" or "covid-19"), and so is a
//     token longer than DefaultMaxTokenLen, 25 runes, if MaxTokenLen is
//     zero. These rules look at the token as found, before folding and
//     stemming, but for its hidden characters, which lengths do not count.
//
//  5. Folding. Every rune is lowercased by unicode.ToLower (as by
//     strings.ToLower), except the 21 lower-case letters that are case
//     variants of another letter (of one unicode.SimpleFold orbit), which
//     become that letter, the lower case of their upper case: the final
//     sigma ς becomes σ (so "ΣΟΦΟΣ" and "σοφος" give "σοφοσ"), the long s
//     ſ becomes s, the micro sign µ Greek μ, the Greek symbol forms (ϑ, ϕ,
//     ϖ...) their letters. All the case variants of a letter thus fold
//     alike, and the dotless ı, whose upper case I is not its variant,
//     stays ı. U+2019 becomes ' and U+2010 and U+2011 become -, and the
//     hidden format characters of rule 3 are dropped.
//
//  6. Stop words. A token equal to a stop word is dropped. The stop words
//     are the embedded English list (EnglishStopWords) unless
//     Options.NoDefaultStopWords, plus Options.StopWords and the words of
//     Options.StopWordFiles, all folded like tokens. The check comes
//     before stemming, so stop lists name surface forms ("having",
//     "isn't"). With Options.DropPossessive, a final "'s" is then dropped
//     ("Reagan's" gives "reagan"), and what remains is checked again
//     against the minimum length, the number and junk filters of rule 4
//     (under DropNumbers, "1980's" gives "1980", which has no letter and
//     is dropped) and the stop words.
//
//  7. Stemming. With Options.Stem, a token is replaced by its English
//     Snowball (Porter2) stem, from github.com/kljensen/snowball, but for
//     a token holding a '.', a number or an abbreviation of RulesEnglish
//     (Porter2 would make "u.s" "u."). Snowball's own stop words are
//     stemmed like any token (english.Stem with stemStopWords true): the
//     stop words are those of rule 6, checked before. The English list
//     holds every Snowball stop word whose stem differs ("having",
//     "during", "only"...), so this shows only without it
//     (NoDefaultStopWords), where "having" gives "have" and "during"
//     "dure". The stem is checked again against the minimum length and
//     the stop words, so a stop list may also name stems ("run" drops
//     "running", "have" drops "having").
//
// Every returned token is therefore valid UTF-8, lowercase, at least
// MinLen runes long and not a stop word. The zero Options decode
// leniently but clean nothing and drop no junk: the tokens of a text are
// what they were before cleaning and the junk filter existed.
//
// Tokenizer.Excerpt gives the start of a text as a reader sees it rather
// than its tokens: cleaned as in step 2, white space collapsed, cut at a
// word after n runes (the text hull shows beside a topic's documents);
// Tokenizer.TokensAndExcerpt gives both of one text, cleaning it once.
//
// # Cost
//
// Tokens takes O(len(s)) time: each rune is classified once, through a
// table for ASCII and package unicode for the rest, and a token already in
// lower case is returned as a substring of s, without allocation. The
// cleaning presets and DropEncodedBlocks are linear too, whatever the
// input (an unclosed '<' or quote does not make them rescan), and cost a
// copy of the text. Stemming costs more per token; a Tokenizer caches the
// stems of up to 65,536 distinct words. A Tokenizer is safe for concurrent
// use.
package text
