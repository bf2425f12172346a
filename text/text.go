package text

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	vocabwords "github.com/hulltopics/hull/internal/words"
	"github.com/kljensen/snowball/english"
)

// DefaultMinLen is the minimum token length, in runes, used when
// Options.MinLen is 0.
const DefaultMinLen = 2

// DefaultMaxTokenLen is the maximum token length, in runes, used with
// Options.DropJunk when Options.MaxTokenLen is 0: longer "words" are
// mostly URLs, encoded data and runs of letters without spaces.
const DefaultMaxTokenLen = 25

// Options configures a Tokenizer; the package documentation gives the
// rules it sets. The zero value means: invalid UTF-8 read as Windows-1252,
// no cleaning, the embedded English stop-word list, no stemming, tokens of
// 2 runes or more, numbers kept, no junk filter, RulesBasic boundaries,
// possessives kept.
//
// Options is what a model records as its preprocessing, in JSON; Resolved
// makes it self-contained.
type Options struct {
	// Encoding says how Tokenizer.Decode reads bytes that are not valid
	// UTF-8; "" means EncodingAuto. Tokens itself takes decoded text.
	Encoding Encoding `json:"encoding,omitempty"`
	// Clean lists the cleaning presets Tokens applies to a text before
	// tokenizing it, in the fixed order of CleanText whatever their order
	// here.
	Clean []Clean `json:"clean,omitempty"`
	// StopWords lists extra stop words, folded like tokens; white space
	// around a word is ignored, and white space inside it is an error.
	StopWords []string `json:"stop_words,omitempty"`
	// StopWordFiles lists files of extra stop words: one word per line,
	// '#' starts a comment, blank lines are ignored.
	StopWordFiles []string `json:"stop_word_files,omitempty"`
	// NoDefaultStopWords drops the embedded English list.
	NoDefaultStopWords bool `json:"no_default_stop_words,omitempty"`
	// Stem applies the English Snowball stemmer to every kept token,
	// Snowball's own stop words included.
	Stem bool `json:"stem,omitempty"`
	// MinLen is the minimum token length in runes; 0 means DefaultMinLen.
	MinLen int `json:"min_len,omitempty"`
	// MaxTokenLen is the maximum token length in runes: longer tokens are
	// dropped. 0 means no limit, or DefaultMaxTokenLen with DropJunk.
	MaxTokenLen int `json:"max_token_len,omitempty"`
	// DropNumbers drops tokens without any letter, such as "1988" or "3-4".
	DropNumbers bool `json:"drop_numbers,omitempty"`
	// Rules names the token boundary rules: "" or RulesBasic, or
	// RulesEnglish, which keeps "1,000", "3.5" and "U.S." whole.
	Rules Rules `json:"rules,omitempty"`
	// DropPossessive drops a final "'s" (or ’s) from a token ("Reagan's"
	// gives "reagan"), after the stop-word check of the whole token
	// ("it's" stays a stop word) and before another, and the length,
	// number and junk checks, on what remains ("1980's" gives "1980",
	// dropped with DropNumbers).
	DropPossessive bool `json:"drop_possessive,omitempty"`
	// DropJunk drops what is rarely a word: the lines of encoded binary
	// data, before tokenizing (DropEncodedBlocks); tokens with a letter
	// and a digit between the same joiners ("x11r5", "mp3", "3d", "10th",
	// "1980s", but not "30-year-old" or "covid-19"); and tokens longer than
	// MaxTokenLen (DefaultMaxTokenLen if 0).
	DropJunk bool `json:"drop_junk,omitempty"`
}

// Tokenizer turns raw text into tokens; create it with New. It is safe for
// concurrent use.
type Tokenizer struct {
	enc        Encoding
	clean      []Clean // canonical (ParseClean)
	dropBlocks bool    // DropEncodedBlocks after clean: DropJunk
	stop       stopSet
	minLen     int
	maxLen     int     // math.MaxInt for no limit
	reject     [4]bool // by a span's class&wordStart: [classDigit] is DropNumbers, [classLetter|classDigit] DropJunk (see hasMixedPart)
	stem       bool
	english    bool // Rules is RulesEnglish
	possessive bool // DropPossessive
	stems      stemCache
}

// New returns a Tokenizer for opts. It fails if MinLen or MaxTokenLen is
// negative, Encoding or a Clean preset is unknown, a stop word has white
// space inside or is not valid UTF-8, or a stop-word file cannot be read or
// holds invalid UTF-8.
func New(opts Options) (*Tokenizer, error) {
	if err := opts.validate(); err != nil {
		return nil, err
	}
	extra, err := opts.extraStopWords()
	if err != nil {
		return nil, err
	}
	least, _ := opts.TokenLengths()
	t := &Tokenizer{
		enc:        canonicalEncoding(opts.Encoding),
		clean:      canonicalCleanList(opts.Clean),
		dropBlocks: opts.DropJunk,
		minLen:     least,
		maxLen:     opts.maxTokenLen(),
		stem:       opts.Stem,
		english:    opts.Rules.english(),
		possessive: opts.DropPossessive,
	}
	t.reject[classDigit] = opts.DropNumbers
	t.reject[classLetter|classDigit] = opts.DropJunk
	if !opts.NoDefaultStopWords {
		t.addStopWords(englishStopWords())
	}
	t.addStopWords(extra)
	return t, nil
}

// maxTokenLen returns the longest token kept, math.MaxInt for no limit.
func (o Options) maxTokenLen() int {
	if _, most := o.TokenLengths(); most > 0 {
		return most
	}
	return math.MaxInt
}

// TokenLengths returns the shortest and the longest token o keeps, in
// runes, as New uses them: least is DefaultMinLen for a MinLen of 0, and
// most DefaultMaxTokenLen for a MaxTokenLen of 0 with DropJunk, 0 for no
// limit.
func (o Options) TokenLengths() (least, most int) {
	least, most = cmp.Or(o.MinLen, DefaultMinLen), o.MaxTokenLen
	if most == 0 && o.DropJunk {
		most = DefaultMaxTokenLen
	}
	return least, most
}

// Equivalent reports whether o and p, as Resolved records them, prepare
// text alike: equal but for length limits given at their defaults, which
// records hold as 0 or as the default's value (--drop-junk alone and
// with --max-token-length 25).
func (o Options) Equivalent(p Options) bool {
	a, _ := json.Marshal(o.withLengths())
	b, _ := json.Marshal(p.withLengths())
	return bytes.Equal(a, b)
}

// withLengths returns o with the limits of TokenLengths.
func (o Options) withLengths() Options {
	o.MinLen, o.MaxTokenLen = o.TokenLengths()
	return o
}

// validate checks the fields of o that New cannot take as they are.
func (o Options) validate() error {
	if o.MinLen < 0 {
		return fmt.Errorf("text: MinLen = %d, want >= 0 (the minimum token length)", o.MinLen)
	}
	if o.MaxTokenLen < 0 {
		return fmt.Errorf("text: MaxTokenLen = %d, want >= 0 (the maximum token length, 0 for none)", o.MaxTokenLen)
	}
	if _, err := ParseEncoding(string(o.Encoding)); err != nil {
		return fmt.Errorf("text: Encoding = %q: want auto, utf-8 or latin1", o.Encoding)
	}
	for i, c := range o.Clean {
		if _, err := parseCleanName(string(c)); err != nil {
			return fmt.Errorf("text: Clean[%d] = %q: want email or markup", i, c)
		}
	}
	if _, err := ParseRules(string(o.Rules)); err != nil {
		return fmt.Errorf("text: Rules = %q: want basic or english", o.Rules)
	}
	return nil
}

// extraStopWords returns the folded words of o.StopWords, then those of
// o.StopWordFiles.
func (o Options) extraStopWords() ([]string, error) {
	var words []string
	for i, w := range o.StopWords {
		w = strings.TrimSpace(w)
		switch p := vocabwords.Problem(w); p {
		case "":
			if f := appendFolded(nil, w); len(f) > 0 { // not only hidden runes
				words = append(words, string(f))
			}
		case vocabwords.Empty: // a blank entry is no stop word
		default:
			return nil, fmt.Errorf("text: StopWords[%d] = %q %s", i, w, p)
		}
	}
	for _, path := range o.StopWordFiles {
		fw, err := readStopWordFile(path)
		if err != nil {
			return nil, err
		}
		words = append(words, fw...)
	}
	return words, nil
}

// Resolved returns o made self-contained and canonical, as a model records
// it: the words of StopWordFiles are read into StopWords, which is folded,
// sorted and without duplicates, and StopWordFiles is cleared; Encoding
// and Clean take the form ParseEncoding and ParseClean give ("" stays ""),
// and Rules the form ParseRules gives, RulesBasic recorded as "".
// New(o) and New(resolved) tokenize alike, and the resolved Options work
// where the files are not. It fails where New would.
func (o Options) Resolved() (Options, error) {
	if err := o.validate(); err != nil {
		return Options{}, err
	}
	words, err := o.extraStopWords()
	if err != nil {
		return Options{}, err
	}
	slices.Sort(words)
	r := o
	r.StopWords, r.StopWordFiles = slices.Clip(slices.Compact(words)), nil
	if r.Encoding != "" {
		r.Encoding = canonicalEncoding(r.Encoding)
	}
	r.Clean = canonicalCleanList(r.Clean)
	if r.Rules, _ = ParseRules(string(r.Rules)); r.Rules == RulesBasic {
		r.Rules = "" // recorded as before rule sets existed
	}
	return r, nil
}

func (t *Tokenizer) addStopWords(words []string) {
	for _, w := range words {
		t.stop.add(w)
	}
}

// IsStopWord reports whether w, once lowercased, is one of t's stop words.
func (t *Tokenizer) IsStopWord(w string) bool {
	return contains(&t.stop, appendFolded(nil, w))
}

// Decode returns b as text under the tokenizer's Options.Encoding, and
// whether b was not valid UTF-8 (see Decode).
func (t *Tokenizer) Decode(b []byte) (string, bool) {
	return Decode(b, t.enc)
}

// Tokens appends the tokens of s to dst and returns the extended slice.
// The rules are in the package documentation. A returned token may share
// memory with s, or with the cleaned copy of s when Options.Clean or
// DropJunk rewrote it (like the results of strings.Fields): copy it, for
// example with strings.Clone, to keep it while letting s be collected.
func (t *Tokenizer) Tokens(dst []string, s string) []string {
	return t.tokens(dst, t.prepare(s))
}

// TokensAndExcerpt is Tokens and AppendExcerpt of one text, which it
// cleans once: it appends the tokens of s to toks and its excerpt of n
// runes to ex.
func (t *Tokenizer) TokensAndExcerpt(toks []string, ex []byte, s string, n int) ([]string, []byte) {
	s = t.prepare(s)
	return t.tokens(toks, s), t.appendExcerpt(ex, s, n)
}

// tokens is Tokens of the prepared text s.
func (t *Tokenizer) tokens(dst []string, s string) []string {
	var scratch [64]byte
	buf := scratch[:0]
	for i := 0; i < len(s); {
		var sp span
		if t.english {
			sp = scanEnglish(s, i)
		} else {
			sp = scan(s, i)
		}
		if sp.start == sp.end {
			break
		}
		i = sp.end
		w := s[sp.start:sp.end]
		if !t.admits(sp, w) {
			continue
		}
		if sp.fold() {
			buf = appendFolded(buf[:0], w)
			if contains(&t.stop, buf) {
				continue
			}
			w = string(buf)
		} else if contains(&t.stop, w) {
			continue
		}
		if t.possessive || t.stem {
			if w = t.reduced(w); w == "" {
				continue
			}
		}
		dst = append(dst, w)
	}
	return dst
}

// prepare applies the cleaning presets and the junk filter's dropping of
// encoded blocks to s.
func (t *Tokenizer) prepare(s string) string {
	if t.clean == nil && !t.dropBlocks {
		return s
	}
	s = applyClean(s, t.clean)
	if t.dropBlocks {
		s = DropEncodedBlocks(s)
	}
	return s
}

// admits reports whether the token w found as sp passes the length, number
// and junk filters. Only a non-ASCII token needs its runes counted, and
// only one with hidden runes (isHidden), which folding drops, counted
// without them.
func (t *Tokenizer) admits(sp span, w string) bool {
	if len(w) < t.minLen || t.rejects(sp.class&wordStart, w) {
		return false
	}
	if sp.ascii() {
		return len(w) <= t.maxLen
	}
	n := utf8.RuneCountInString(w)
	if sp.class&classHidden != 0 {
		n -= countHidden(w)
	}
	return n >= t.minLen && n <= t.maxLen
}

// rejects reports whether the number or junk filter drops the token w,
// whose letters and digits are c (wordClass(w), or a span's class and'ed
// with wordStart).
func (t *Tokenizer) rejects(c uint8, w string) bool {
	return t.reject[c] && (c == classDigit || hasMixedPart(w))
}

// reduced returns the folded token w without a final "'s" under
// DropPossessive and stemmed under Stem (but for a token holding a '.',
// which is no word to stem: a number or an abbreviation of RulesEnglish),
// or "" if what remains fails the length, number, junk or stop-word
// filter. Tokens calls it only when one of the two applies, out of its
// loop's common path.
func (t *Tokenizer) reduced(w string) string {
	if t.possessive {
		if base, ok := strings.CutSuffix(w, possessive); ok {
			if utf8.RuneCountInString(base) < t.minLen || t.rejects(wordClass(base), base) || contains(&t.stop, base) {
				return ""
			}
			w = base
		}
	}
	if t.stem && !strings.Contains(w, ".") {
		return t.stemmed(w)
	}
	return w
}

// stemmed returns the stem of the folded token w, or "" if the stem fails
// the length or stop-word filter. The stop words are the Tokenizer's,
// checked before: Snowball's own list, which its stemmer would return
// unstemmed, plays no part ("having" gives "have" when it is no stop word).
func (t *Tokenizer) stemmed(w string) string {
	if st, ok := t.stems.get(w); ok {
		return st
	}
	st := english.Stem(w, true) // true: Snowball's own stop words are stemmed too
	if st != w && (utf8.RuneCountInString(st) < t.minLen || contains(&t.stop, st)) {
		st = ""
	}
	t.stems.put(w, st)
	return st
}

// wordClass returns the classes of the runes of w or'ed together, and'ed
// with wordStart.
func wordClass(w string) (c uint8) {
	for i := 0; i < len(w); {
		x, size := byteClass[w[i]], 1
		if x == classMulti {
			x, size = classRune(w, i)
		}
		c |= x & wordStart
		i += size
	}
	return c
}

// countHidden returns the number of hidden runes (isHidden) in w.
func countHidden(w string) (n int) {
	for _, r := range w {
		if isHidden(r) {
			n++
		}
	}
	return n
}

// hasMixedPart reports whether a part of the token w between joiners has
// both a letter and a digit: "x11r5" and "1980s" do, "30-year-old" does not.
func hasMixedPart(w string) bool {
	var part uint8 // or of the classes of the part's runes
	for i := 0; i < len(w); {
		x, size := byteClass[w[i]], 1
		if x == classMulti {
			x, size = classRune(w, i)
		}
		if x&classJoin != 0 {
			part = 0
		}
		if part |= x & wordStart; part == wordStart {
			return true
		}
		i += size
	}
	return false
}
