package text

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/kljensen/snowball/english"
)

func mustNew(tb testing.TB, opts Options) *Tokenizer {
	tb.Helper()
	tok, err := New(opts)
	if err != nil {
		tb.Fatal(err)
	}
	return tok
}

func writeFile(tb testing.TB, name, content string) string {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		tb.Fatal(err)
	}
	return path
}

// tokenCase is a case of Tokens: New(opts).Tokens(nil, in) gives want.
type tokenCase struct {
	name string
	opts Options
	in   string
	want []string
}

// checkTokens runs each case as a subtest.
func checkTokens(t *testing.T, cases []tokenCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := mustNew(t, tc.opts).Tokens(nil, tc.in); !slices.Equal(got, tc.want) {
				t.Errorf("Tokens(%q) with %+v = %q, want %q", tc.in, tc.opts, got, tc.want)
			}
		})
	}
}

func TestTokens(t *testing.T) {
	noStop := Options{NoDefaultStopWords: true}
	checkTokens(t, []tokenCase{
		{"empty", Options{}, "", nil},
		{"only separators", Options{}, " ,.;--'' \t\n", nil},
		{"lowercase", noStop, "Hello WORLD", []string{"hello", "world"}},
		{"apostrophe kept inside", noStop, "don't rock'n'roll", []string{"don't", "rock'n'roll"}},
		{"right quote normalised", noStop, "Don’t", []string{"don't"}},
		{"apostrophes at edges dropped", noStop, "'quoted' ''twice''", []string{"quoted", "twice"}},
		{"double apostrophe splits", noStop, "don''t", []string{"don"}},
		{"hyphen kept inside", noStop, "state-of-the-art", []string{"state-of-the-art"}},
		{"hyphens at edges dropped", noStop, "-lead trail- --both--", []string{"lead", "trail", "both"}},
		{"double hyphen splits", noStop, "well--known", []string{"well", "known"}},
		{"unicode hyphens normalised", noStop, "co\u2010op non\u2011stop", []string{"co-op", "non-stop"}},
		{"other dashes split", noStop, "pre\u2013war big\u2014deal", []string{"pre", "war", "big", "deal"}},
		{"joiner after digit", noStop, "1980's 3-4", []string{"1980's", "3-4"}},
		{"french", Options{}, "Ça coûte 5€ à Zürich", []string{"ça", "coûte", "zürich"}},
		{"german sharp s", noStop, "STRAßE Straße", []string{"straße", "straße"}},
		{"greek", noStop, "ΟΔΟΣ Αθήνα", []string{"οδοσ", "αθήνα"}},
		{"turkish dotted I", noStop, "İSTANBUL", []string{"istanbul"}},
		{"kelvin sign", noStop, "\u212Aelvin", []string{"kelvin"}},
		{"combining marks inside", noStop, "Cafe\u0301 nai\u0308ve", []string{"cafe\u0301", "nai\u0308ve"}},
		{"leading mark dropped", noStop, "\u0301abc", []string{"abc"}},
		{"devanagari marks", noStop, "हिन्दी भाषा", []string{"हिन्दी", "भाषा"}},
		{"cjk is one run", noStop, "東京は日本の首都です。大阪", []string{"東京は日本の首都です", "大阪"}},
		{"digits kept", noStop, "In 1988, 1,000.50 $", []string{"in", "1988", "000", "50"}},
		{"drop numbers", Options{NoDefaultStopWords: true, DropNumbers: true}, "In 1988 3-4 b2b", []string{"in", "b2b"}},
		{"arabic-indic digits", noStop, "٢٠٢٤", []string{"٢٠٢٤"}},
		{"min length default", noStop, "a an ox", []string{"an", "ox"}},
		{"min length 1", Options{NoDefaultStopWords: true, MinLen: 1}, "a b", []string{"a", "b"}},
		{"min length 4 counts runes", Options{NoDefaultStopWords: true, MinLen: 4}, "été zürich", []string{"zürich"}},
		{"stop words", Options{}, "The cat and THE hat", []string{"cat", "hat"}},
		{"stop contraction", Options{}, "It’s isn't theirs", nil},
		{"stemming", Options{Stem: true}, "Running runs ran easily", []string{"run", "run", "ran", "easili"}},
		{"stop before stemming", Options{Stem: true}, "having being", nil},
		{"invalid utf-8 separates", noStop, "ab\xffcd\xc3", []string{"ab", "cd"}},
		{"replacement char separates", noStop, "ab\uFFFDcd", []string{"ab", "cd"}},
		{"basic splits numbers and abbreviations", noStop, "U.S. exports of 1,000.50 tons, Reagan's", []string{"exports", "of", "000", "50", "tons", "reagan's"}},
		{"rules keep possessives", Options{NoDefaultStopWords: true, Rules: RulesEnglish}, "Reagan's U.S.", []string{"reagan's", "u.s"}},
	})
}

func TestTokensAppends(t *testing.T) {
	tok := mustNew(t, Options{})
	dst := tok.Tokens([]string{"keep"}, "new words")
	if want := []string{"keep", "new", "words"}; !slices.Equal(dst, want) {
		t.Errorf("got %q, want %q", dst, want)
	}
}

func TestStopWordFiles(t *testing.T) {
	path := writeFile(t, "stop.txt", "\ufeff# comment\nCat  # trailing comment\n\n  Don’t \nrun\n")
	tok := mustNew(t, Options{StopWordFiles: []string{path}, Stem: true})
	got := tok.Tokens(nil, "the cat don't stop running dogs")
	if want := []string{"stop", "dog"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q (the stem \"run\" is a stop word)", got, want)
	}
	for _, w := range []string{"cat", "CAT", "don't", "the"} {
		if !tok.IsStopWord(w) {
			t.Errorf("IsStopWord(%q) = false", w)
		}
	}
	tok = mustNew(t, Options{StopWordFiles: []string{path}, NoDefaultStopWords: true})
	if got, want := tok.Tokens(nil, "the cat"), []string{"the"}; !slices.Equal(got, want) {
		t.Errorf("without the default list: got %q, want %q", got, want)
	}
	// A gzip-compressed file is read as every input is.
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("Cat\nrun\n"))
	zw.Close()
	tok = mustNew(t, Options{StopWordFiles: []string{writeFile(t, "stop.txt.gz", gz.String())}, NoDefaultStopWords: true})
	if got, want := tok.Tokens(nil, "the cat runs"), []string{"the", "runs"}; !slices.Equal(got, want) {
		t.Errorf("gzip: got %q, want %q", got, want)
	}
}

// FuzzStopWords parses arbitrary stop-word files: no panic; an error names
// the file and, for a bad line, the line; every word is non-empty, valid
// UTF-8 and without white space, and is a stop word of a Tokenizer built
// from the file: the word as the file gives it stops that word in text.
func FuzzStopWords(f *testing.F) {
	for _, s := range []string{
		"\ufeff# comment\nCat  # trailing comment\n\n  Don’t \nrun\n", "new york\n", "th\xffree\n",
		"İSTANBUL\n\u212Aelvin\nco\u2010op\n", "#\n##\n  #x\n", strings.Repeat("a", 70000) + "\n",
		"\u200b\nth\u00ade\nσοφος\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		words, err := parseStopWords(bytes.NewReader(data), "fuzz")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz:") {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		tok := &Tokenizer{minLen: 1}
		tok.addStopWords(words)
		for _, w := range words {
			switch {
			case w == "" || !utf8.ValidString(w) || strings.ContainsFunc(w, unicode.IsSpace):
				t.Fatalf("stop word %q", w)
			case !tok.IsStopWord(w):
				t.Fatalf("stop word %q of the file does not stop itself", w)
			}
		}
	})
}

func TestStopWordsLongLine(t *testing.T) {
	_, err := parseStopWords(strings.NewReader("a\n"+strings.Repeat("b", 70000)+"\n"), "long.txt")
	if err == nil || !strings.HasPrefix(err.Error(), "long.txt:2: ") {
		t.Fatalf("error %v, want one at long.txt:2", err)
	}
}

func TestNewErrors(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.txt")
	badUTF8 := writeFile(t, "bad.txt", "one\ntwo\nth\xffree\n")
	spaced := writeFile(t, "spaced.txt", "new york\n")
	nul := writeFile(t, "nul.txt", "one\ntw\x00o\n")
	badGzip := writeFile(t, "bad.txt.gz", "\x1f\x8bjunk")
	tests := []struct {
		name string
		opts Options
		want string
	}{
		{"missing file", Options{StopWordFiles: []string{missing}}, missing},
		{"invalid utf-8", Options{StopWordFiles: []string{badUTF8}}, badUTF8 + ":3: invalid UTF-8"},
		{"white space", Options{StopWordFiles: []string{spaced}}, spaced + `:1: stop word "new york" contains white space`},
		{"NUL byte", Options{StopWordFiles: []string{nul}}, nul + ":2: a NUL byte at byte 3 of the line"},
		{"damaged gzip", Options{StopWordFiles: []string{badGzip}}, badGzip + ": truncated gzip stream"},
		{"negative MinLen", Options{MinLen: -1}, "text: MinLen = -1, want >= 0"},
		{"negative MaxTokenLen", Options{MaxTokenLen: -3}, "text: MaxTokenLen = -3, want >= 0"},
		{"unknown encoding", Options{Encoding: "ebcdic"}, `text: Encoding = "ebcdic": want auto, utf-8 or latin1`},
		{"unknown preset", Options{Clean: []Clean{CleanEmail, "html"}}, `text: Clean[1] = "html": want email or markup`},
		{"unknown rules", Options{Rules: "french"}, `text: Rules = "french": want basic or english`},
		{"stop word with space", Options{StopWords: []string{"ok", "new york"}}, `text: StopWords[1] = "new york" contains white space`},
		{"stop word not UTF-8", Options{StopWords: []string{"th\xffe"}}, `text: StopWords[0] = "th\xffe" is not valid UTF-8`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(tc.opts)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("New: error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestEnglishStopWords(t *testing.T) {
	words := EnglishStopWords()
	if n := len(words); n < 300 || n > 550 {
		t.Errorf("%d stop words, want 300-550", n)
	}
	seen := make(map[string]bool)
	for _, w := range words {
		if seen[w] {
			t.Errorf("duplicate stop word %q", w)
		}
		seen[w] = true
		if w != strings.ToLower(w) || strings.ContainsFunc(w, unicode.IsSpace) {
			t.Errorf("stop word %q is not a lowercase word", w)
		}
	}
	for _, w := range []string{"the", "and", "of", "don't", "isn't", "themselves"} {
		if !seen[w] {
			t.Errorf("%q missing from the stop words", w)
		}
	}
	words[0] = "changed"
	if EnglishStopWords()[0] == "changed" {
		t.Error("EnglishStopWords returns the shared slice")
	}
}

// TestTokensAliasing checks that tokens needing no folding share memory
// with the input, and that the others do not alias the scratch buffer.
func TestTokensAliasing(t *testing.T) {
	tok := mustNew(t, Options{NoDefaultStopWords: true})
	s := "beta GAMMA DELTA"
	got := tok.Tokens(nil, s)
	if want := []string{"beta", "gamma", "delta"}; !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	if unsafe.StringData(got[0]) != unsafe.StringData(s) {
		t.Error("an unchanged token was copied")
	}
}

func TestTokensAllocs(t *testing.T) {
	tok := mustNew(t, Options{})
	s := strings.Repeat("the quick brown fox jumps over the lazy dog's back, state-of-the-art. ", 20)
	dst := tok.Tokens(nil, s)
	allocs := testing.AllocsPerRun(100, func() { dst = tok.Tokens(dst[:0], s) })
	if allocs != 0 {
		t.Errorf("Tokens on lowercase ASCII: %.1f allocations, want 0", allocs)
	}
}

// refJoiners normalises the joiners for refTokens.
var refJoiners = strings.NewReplacer("\u2019", "'", "\u2010", "-", "\u2011", "-")

// refTokens is a slow, direct transcription of the rules in doc.go, used
// to check Tokens; tok, built from opts, gives the stop words.
func refTokens(tok *Tokenizer, opts Options, s string) []string {
	s = CleanText(s, opts.Clean)
	if opts.DropJunk {
		s = DropEncodedBlocks(s)
	}
	minLen, maxLen := cmp.Or(opts.MinLen, DefaultMinLen), opts.MaxTokenLen
	if maxLen == 0 && opts.DropJunk {
		maxLen = DefaultMaxTokenLen
	}
	englishRules := opts.Rules.english()
	// junk reports whether the number or junk filter drops word.
	junk := func(word []rune) bool {
		return opts.DropNumbers && !slices.ContainsFunc(word, unicode.IsLetter) || opts.DropJunk && refMixed(word)
	}
	var out []string
	for _, word := range refWords(s, englishRules) {
		n := len(word) - refCount(word, refHidden) // folding drops the hidden runes
		if n < minLen || maxLen > 0 && n > maxLen || junk(word) {
			continue
		}
		w := refFold(word)
		if contains(&tok.stop, w) {
			continue
		}
		if opts.DropPossessive {
			if base, ok := strings.CutSuffix(w, "'s"); ok {
				if utf8.RuneCountInString(base) < minLen || junk([]rune(base)) || contains(&tok.stop, base) {
					continue
				}
				w = base
			}
		}
		if opts.Stem && !strings.Contains(w, ".") {
			st := english.Stem(w, true)
			if st != w && (utf8.RuneCountInString(st) < minLen || contains(&tok.stop, st)) {
				continue
			}
			w = st
		}
		out = append(out, w)
	}
	return out
}

// refMixed reports whether a part of word between joiners has a letter
// and a digit.
func refMixed(word []rune) bool {
	for part := range strings.FieldsFuncSeq(string(word), refIsJoin) {
		if strings.ContainsFunc(part, unicode.IsLetter) && strings.ContainsFunc(part, unicode.IsDigit) {
			return true
		}
	}
	return false
}

func refIsJoin(r rune) bool { return strings.ContainsRune("'-\u2019\u2010\u2011", r) }

// refHidden reports whether r is one of the invisible format characters
// that rule 3 keeps inside a token and rule 5 drops.
func refHidden(r rune) bool { return strings.ContainsRune("\u00AD\u200C\u200D\u2060\uFEFF", r) }

// refCount returns the number of runes of word for which f is true.
func refCount(word []rune, f func(rune) bool) (n int) {
	for _, r := range word {
		if f(r) {
			n++
		}
	}
	return n
}

// refFold folds word by rule 5: the hidden runes dropped, the joiners
// normalised, and every other rune by refFoldRune.
func refFold(word []rune) string {
	var b strings.Builder
	for _, r := range word {
		if !refHidden(r) {
			b.WriteRune(refFoldRune(r))
		}
	}
	return refJoiners.Replace(b.String())
}

// refFoldRune is foldLetter as its doc defines it: the lower case of the
// upper case of a letter when that upper case is in the letter's
// unicode.SimpleFold orbit, else unicode.ToLower.
func refFoldRune(r rune) rune {
	if u := unicode.ToUpper(r); u != r && unicode.IsLetter(r) {
		for x := unicode.SimpleFold(r); x != r; x = unicode.SimpleFold(x) {
			if x == u {
				return unicode.ToLower(u)
			}
		}
	}
	return unicode.ToLower(r)
}

// refWords splits s into the runes of its tokens (rule 3, boundaries),
// under RulesEnglish if english.
func refWords(s string, english bool) (words [][]rune) {
	isStart := func(r rune) bool { return r != utf8.RuneError && (unicode.IsLetter(r) || unicode.IsDigit(r)) }
	rs := []rune(s)
	at := func(k int) rune { // rs[k], or a space outside rs
		if k < 0 || k >= len(rs) {
			return ' '
		}
		return rs[k]
	}
	digit := func(r rune) bool { return '0' <= r && r <= '9' }
	letter := func(r rune) bool { return 'a' <= r|0x20 && r|0x20 <= 'z' }
	// joins reports whether the '.' or ',' at rs[j] joins the token from
	// rs[i]: a number's separator or an abbreviation's dot.
	joins := func(i, j int) bool {
		prev, next := at(j-1), at(j+1)
		switch {
		case rs[j] != '.' && rs[j] != ',':
			return false
		case digit(prev) && digit(next):
			return true
		}
		after := at(j + 2)
		return rs[j] == '.' && letter(prev) && letter(next) && (j-1 == i || at(j-2) == '.') &&
			after < utf8.RuneSelf && !isStart(after)
	}
	for i := 0; i < len(rs); {
		if !isStart(rs[i]) {
			i++
			continue
		}
		j := i + 1
		for j < len(rs) {
			if isStart(rs[j]) || unicode.IsMark(rs[j]) || refHidden(rs[j]) {
				j++
			} else if english && joins(i, j) {
				j += 2
			} else if refIsJoin(rs[j]) && j+1 < len(rs) && isStart(rs[j+1]) {
				j += 2
			} else {
				break
			}
		}
		words = append(words, rs[i:j])
		i = j
	}
	return words
}

// fuzzOptions decodes the option bits of FuzzTokens.
func fuzzOptions(bits, more uint8) Options {
	return Options{
		Stem:               bits&1 != 0,
		DropNumbers:        bits&2 != 0,
		NoDefaultStopWords: bits&4 != 0,
		MinLen:             int(bits>>3) % 5,
		Clean:              [][]Clean{nil, {CleanMarkup}, {CleanEmail}, {CleanEmail, CleanMarkup}}[more&3],
		DropJunk:           more&4 != 0,
		MaxTokenLen:        int(more>>3) % 8,
		Rules:              []Rules{"", RulesEnglish}[more>>7],
		DropPossessive:     more&0x40 != 0,
	}
}

// FuzzTokens checks the output guarantees of Tokens and compares it with
// refTokens, under options with and without cleaning and the junk filter.
// The Tokenizer is built afresh each time, for its stem cache would make
// coverage depend on earlier inputs.
func FuzzTokens(f *testing.F) {
	for i, s := range []string{
		"", "Hello, World!", "don't stop-believing", "Ça coûte 5€ à Zürich",
		"東京は日本の首都です", "Cafe\u0301 -'x'-", "ab\xffcd", "İSTANBUL \u212Aelvin",
		"Running easily generously", "y'all it’s co\u2010op", "1988 3-4 b2b x11r5",
		"<p>Fish &amp; chips</p><script>x</script>", "From: a@b\nSubject: Re: hi\n\n> q\nok\n-- \nsig",
		"begin 644 f\nM" + strings.Repeat("A", 60) + "\nend\nword",
		"U.S. a.m. 1,000.50 Reagan's it's U.S.-made e.g.x 3.5.a",
		"inter\u00adnational می\u200cخواهم \u200bx\u2060y\ufeff ΣΟΦΟΣ σοφος ſ µ ı 1980's 1\u00ad,000 having",
	} {
		f.Add(s, uint8(i), uint8(i*37))
		f.Add(s, uint8(i), uint8(i*37)|0xc0) // RulesEnglish, DropPossessive
	}
	f.Fuzz(func(t *testing.T, s string, bits, more uint8) {
		opts := fuzzOptions(bits, more)
		tok, err := New(opts)
		if err != nil {
			t.Fatal(err)
		}
		got := tok.Tokens(nil, s)
		for _, w := range got {
			switch {
			case !utf8.ValidString(w):
				t.Fatalf("token %q is not valid UTF-8", w)
			case strings.ToLower(w) != w:
				t.Fatalf("token %q is not lowercase", w)
			case tok.IsStopWord(w):
				t.Fatalf("token %q is a stop word", w)
			case utf8.RuneCountInString(w) < tok.minLen:
				t.Fatalf("token %q is shorter than %d", w, tok.minLen)
			}
		}
		if want := refTokens(tok, opts, s); !slices.Equal(got, want) {
			t.Fatalf("Tokens(%q) with %+v = %q, reference gives %q", s, opts, got, want)
		}
	})
}

// TestTokensConcurrent shares one stemming Tokenizer between goroutines
// (run with -race).
func TestTokensConcurrent(t *testing.T) {
	tok := mustNew(t, Options{Stem: true})
	want := tok.Tokens(nil, "Running runners ran races, generously and easily.")
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 100 {
				if got := tok.Tokens(nil, "Running runners ran races, generously and easily."); !slices.Equal(got, want) {
					t.Errorf("got %q, want %q", got, want)
					return
				}
			}
		})
	}
	wg.Wait()
}

// TestPossessiveNumbers checks that the number and junk filters also judge
// what remains once DropPossessive has cut "'s": "1980's" has a letter,
// "1980" none.
func TestPossessiveNumbers(t *testing.T) {
	checkTokens(t, []tokenCase{
		{"drop numbers", Options{DropNumbers: true, DropPossessive: true}, "in the 1980's and 1990’s, 747's flew; 1988 Reagan's", []string{"flew", "reagan"}},
		{"english rules and junk", Options{DropNumbers: true, DropJunk: true, DropPossessive: true, Rules: RulesEnglish},
			"1,000's of 3.5's and B-52's, x11's", []string{"b-52"}},
		{"numbers kept", Options{DropPossessive: true}, "the 1980's", []string{"1980"}},
		{"possessive kept", Options{DropNumbers: true}, "the 1980's", []string{"1980's"}},
	})
}

// TestStemSnowballStopWords checks that Stem stems every kept token,
// Snowball's own stop words included: the stop words are the Tokenizer's.
func TestStemSnowballStopWords(t *testing.T) {
	checkTokens(t, []tokenCase{
		{"no stop words", Options{NoDefaultStopWords: true, Stem: true}, "having saving doing going being during ourselves",
			[]string{"have", "save", "do", "go", "be", "dure", "ourselv"}},
		{"stems as stop words", Options{NoDefaultStopWords: true, Stem: true, StopWords: []string{"have", "do"}}, "having doing going", []string{"go"}},
		{"the English list stops them first", Options{Stem: true}, "having doing being during ourselves going", []string{"go"}},
	})
}

// TestHiddenFormatCharacters checks that the invisible format characters
// of isHidden are dropped inside a token rather than splitting it, and
// that they neither make nor join tokens elsewhere.
func TestHiddenFormatCharacters(t *testing.T) {
	noStop := Options{NoDefaultStopWords: true}
	checkTokens(t, []tokenCase{
		{"soft hyphen entity", Options{NoDefaultStopWords: true, Clean: []Clean{CleanMarkup}},
			"inter&shy;national lang&shy;uage", []string{"international", "language"}},
		{"zero width non-joiner", noStop, "می\u200cخواهم", []string{"میخواهم"}},
		{"zero width joiner", noStop, "क्\u200dष", []string{"क्ष"}},
		{"zero width space separates", noStop, "zero\u200bwidth", []string{"zero", "width"}},
		{"zero width space in Thai", noStop, "ภาษา\u200bไทย", []string{"ภาษา", "ไทย"}},
		{"word joiner", noStop, "word\u2060joiner", []string{"wordjoiner"}},
		{"byte-order mark inside", noStop, "bom\ufeffinside", []string{"bominside"}},
		{"several", noStop, "A\u00ad\u2060B", []string{"ab"}},
		{"at the edges", noStop, "\u00adword\u00ad \u200b", []string{"word"}},
		{"alone", noStop, "one \u200b two \u00ad\u2060", []string{"one", "two"}},
		{"before a joiner", noStop, "Don\u00ad't", []string{"don't"}},
		{"stop word", Options{}, "th\u00ade", nil},
		{"not counted in the length", Options{NoDefaultStopWords: true, MaxTokenLen: 4}, "inter\u00adnet ab\u00adcd", []string{"abcd"}},
		{"not counted in the minimum", Options{NoDefaultStopWords: true, MinLen: 3}, "ab\u00ad\u00ad abc\u00ad", []string{"abc"}},
		{"other format characters split", noStop, "left\u200eright", []string{"left", "right"}},
	})
	// Windows-1252's byte 0xAD is the soft hyphen.
	tok := mustNew(t, noStop)
	s, _ := tok.Decode([]byte("inter\xadnational"))
	if got, want := tok.Tokens(nil, s), []string{"international"}; !slices.Equal(got, want) {
		t.Errorf("Tokens(%q) = %q, want %q", s, got, want)
	}
	// A stop word of hidden runes alone is none.
	if tok := mustNew(t, Options{StopWords: []string{"\u2060"}, StopWordFiles: []string{writeFile(t, "s.txt", "\u00ad\n")}}); tok.stop.n != len(englishStopWords()) {
		t.Errorf("%d stop words, want the %d of the English list", tok.stop.n, len(englishStopWords()))
	}
	if r, err := (Options{StopWords: []string{"\u2060"}}).Resolved(); err != nil || len(r.StopWords) != 0 {
		t.Errorf("Resolved: %q, %v; want no stop words", r.StopWords, err)
	}
}

// TestFoldCaseVariants checks that the case variants of a letter give one
// token ("ΣΟΦΟΣ" and "σοφος"), and checks foldLetter's table against
// package unicode: for every letter, foldLetter is refFoldRune, lowercase
// and folds to itself, and the letters of its unicode.SimpleFold orbit
// fold alike.
func TestFoldCaseVariants(t *testing.T) {
	got := mustNew(t, Options{NoDefaultStopWords: true}).Tokens(nil, "ΣΟΦΟΣ σοφος Σοφός ſtate STATE µm μm")
	if want := []string{"σοφοσ", "σοφοσ", "σοφόσ", "state", "state", "μm", "μm"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if !unicode.IsLetter(r) {
			continue
		}
		f := foldLetter(r)
		switch {
		case f != refFoldRune(r):
			t.Fatalf("foldLetter(%U) = %U, want %U", r, f, refFoldRune(r))
		case unicode.ToLower(f) != f || foldLetter(f) != f:
			t.Fatalf("foldLetter(%U) = %U, which lowercases to %U and folds to %U", r, f, unicode.ToLower(f), foldLetter(f))
		}
		for x := unicode.SimpleFold(r); x != r; x = unicode.SimpleFold(x) {
			if unicode.IsLetter(x) && foldLetter(x) != f {
				t.Fatalf("foldLetter(%U) = %U, but foldLetter(%U) = %U", r, f, x, foldLetter(x))
			}
		}
	}
}
