package text

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestZeroOptionsUnchanged checks that the new options, left zero, keep
// the tokens of the AP corpus exactly as before them: the hashes are those
// of the package at commit 55b742d.
func TestZeroOptionsUnchanged(t *testing.T) {
	docs, _ := apDocs(t)
	for _, tc := range []struct {
		opts   Options
		tokens int
		sha256 string
	}{
		{Options{}, 513048, "24e1f29898e66938e4d0d444c4d411786bb19ab561be0ec294942272975940f1"},
		{Options{Stem: true, DropNumbers: true}, 492315, "b5c33b2430faa64f6d0cbca5805accb088b95f5e8125b6ae84e4cc7f6cfbd4ef"},
		{Options{MinLen: 1, NoDefaultStopWords: true}, 919522, "4ea6bd951bc529d3f800efa75064f9664c2699d4e034cd655a9ca04b09f22d58"},
	} {
		tok := mustNew(t, tc.opts)
		h := sha256.New()
		n := 0
		for _, d := range docs {
			for _, w := range tok.Tokens(nil, d) {
				io.WriteString(h, w+"\n")
				n++
			}
		}
		if got := fmt.Sprintf("%x", h.Sum(nil)); n != tc.tokens || got != tc.sha256 {
			t.Errorf("%+v: %d tokens, hash %s; want %d, %s", tc.opts, n, got, tc.tokens, tc.sha256)
		}
	}
}

func TestJunk(t *testing.T) {
	noStop := Options{NoDefaultStopWords: true}
	junk := Options{NoDefaultStopWords: true, DropJunk: true}
	checkTokens(t, []tokenCase{
		{"mixed letters and digits", junk, "a4b2 x11r5 3d mp3 1980s 10th b2b mid-1980s x11-r5 hello 1988 3-4", []string{"hello", "1988", "3-4"}},
		{"mixed across joiners kept", junk, "30-year-old covid-19 b-52 F\u201016 1980's", []string{"30-year-old", "covid-19", "b-52", "f-16", "1980's"}},
		{"marks do not mix", junk, "e\u0301t\u0301e\u0301 ٢\u0301٠", []string{"e\u0301t\u0301e\u0301", "٢\u0301٠"}},
		{"with drop numbers", Options{NoDefaultStopWords: true, DropJunk: true, DropNumbers: true}, "x11 1988 word", []string{"word"}},
		{"default max length", junk, "internationalization antidisestablishmentarianism", []string{"internationalization"}},
		{"max length 25 kept", junk, strings.Repeat("a", 25) + " " + strings.Repeat("b", 26), []string{strings.Repeat("a", 25)}},
		{"max length alone", Options{NoDefaultStopWords: true, MaxTokenLen: 5}, "short longer x11r5", []string{"short", "x11r5"}},
		{"max length counts runes", Options{NoDefaultStopWords: true, MaxTokenLen: 6}, "zürich zürichs", []string{"zürich"}},
		{"max length with junk", Options{NoDefaultStopWords: true, DropJunk: true, MaxTokenLen: 30}, "antidisestablishmentarianism", []string{"antidisestablishmentarianism"}},
		{"no limit by default", noStop, strings.Repeat("a", 100), []string{strings.Repeat("a", 100)}},
		{"non-ASCII digits", junk, "a٢ ٢٠٢٤", []string{"٢٠٢٤"}},
		{"encoded blocks", junk, "Picture:\n" + base64Lines(binary(200)) + "nice", []string{"picture", "nice"}},
		{"encoded blocks kept without junk", noStop, "xy\n" + strings.Repeat(strings.Repeat("Ab", 20)+"\n", 3), []string{"xy", "abababababababababababababababababababab", "abababababababababababababababababababab", "abababababababababababababababababababab"}},
	})
}

func TestTokensClean(t *testing.T) {
	tok := mustNew(t, Options{Clean: []Clean{CleanEmail}, DropJunk: true})
	got := tok.Tokens(nil, newsPost)
	want := []string{"best", "graphics", "card", "matrox", "card", "works", "well", "driver", "supports", "accelerated", "drawing"}
	if !slices.Equal(got, want) {
		t.Errorf("news post: got %q, want %q", got, want)
	}
	tok = mustNew(t, Options{Clean: []Clean{CleanMarkup}})
	got = tok.Tokens(nil, reutersRecord)
	want = []string{"26-feb-1987", "15", "10", "44", "60", "grain", "grain", "carloadings", "washington", "feb", "26", "grain", "shipments", "conrail", "rose", "12", "pct", "reuter"}
	if !slices.Equal(got, want) {
		t.Errorf("Reuters record: got %q, want %q", got, want)
	}
}

func TestResolved(t *testing.T) {
	path := writeFile(t, "stop.txt", "# mine\nCat\nDon’t\nzebra\n")
	opts := Options{
		Encoding:      "CP1252",
		Clean:         []Clean{CleanEmail, "Markup", CleanEmail},
		StopWords:     []string{" Zebra ", "Apple", "", "cat"},
		StopWordFiles: []string{path},
		Stem:          true,
		DropJunk:      true,
	}
	saved := fmt.Sprintf("%+v", opts)
	r, err := opts.Resolved()
	if err != nil {
		t.Fatal(err)
	}
	want := Options{
		Encoding:  EncodingLatin1,
		Clean:     []Clean{CleanMarkup, CleanEmail},
		StopWords: []string{"apple", "cat", "don't", "zebra"},
		Stem:      true,
		DropJunk:  true,
	}
	if !reflect.DeepEqual(r, want) {
		t.Errorf("Resolved = %+v, want %+v", r, want)
	}
	if got := fmt.Sprintf("%+v", opts); got != saved {
		t.Errorf("Resolved changed its receiver to %+v", got)
	}
	in := "The cat and the zebra ate an apple; don't <b>panic</b> about x11r5.\n-- \nsig"
	a, b := mustNew(t, opts).Tokens(nil, in), mustNew(t, r).Tokens(nil, in)
	if !slices.Equal(a, b) || len(a) == 0 {
		t.Errorf("New(opts) gives %q, New(resolved) %q", a, b)
	}
	if again, err := r.Resolved(); err != nil || !reflect.DeepEqual(again, r) {
		t.Errorf("Resolved of resolved options = %+v, %v; want them unchanged", again, err)
	}
	if z, err := (Options{}).Resolved(); err != nil || !reflect.DeepEqual(z, Options{}) {
		t.Errorf("Resolved of the zero Options = %+v, %v", z, err)
	}
	if _, err := (Options{StopWordFiles: []string{path + ".missing"}}).Resolved(); err == nil {
		t.Error("Resolved with a missing stop-word file: no error")
	}
	if _, err := (Options{MaxTokenLen: -1}).Resolved(); err == nil {
		t.Error("Resolved with MaxTokenLen -1: no error")
	}
}

func TestOptionsJSON(t *testing.T) {
	if b, err := json.Marshal(Options{}); err != nil || string(b) != "{}" {
		t.Errorf("zero Options marshal to %s, %v; want {}", b, err)
	}
	opts := Options{
		Encoding: EncodingUTF8, Clean: []Clean{CleanMarkup}, StopWords: []string{"a"}, StopWordFiles: []string{"f"},
		NoDefaultStopWords: true, Stem: true, MinLen: 3, MaxTokenLen: 20, DropNumbers: true, Rules: RulesEnglish, DropPossessive: true, DropJunk: true,
	}
	b, err := json.Marshal(opts)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"encoding":"utf-8","clean":["markup"],"stop_words":["a"],"stop_word_files":["f"],` +
		`"no_default_stop_words":true,"stem":true,"min_len":3,"max_token_len":20,"drop_numbers":true,"rules":"english","drop_possessive":true,"drop_junk":true}`
	if string(b) != want {
		t.Errorf("got %s\nwant %s", b, want)
	}
	var back Options
	if err := json.Unmarshal(b, &back); err != nil || !reflect.DeepEqual(back, opts) {
		t.Errorf("round trip: %+v, %v", back, err)
	}
}

func TestRulesEnglish(t *testing.T) {
	english := Options{Rules: RulesEnglish}
	checkTokens(t, []tokenCase{
		{"numbers whole", english, "In 1988, 1,000.50 tons; 3.5 pct, 1.000.000", []string{"1988", "1,000.50", "tons", "3.5", "pct", "1.000.000"}},
		{"separator not between digits", english, "1988. 12,ab 55., ,55 xy.55", []string{"1988", "12", "ab", "55", "55", "xy", "55"}},
		{"abbreviations", english, "U.S. U.K.-based J.F.K. the U.N.", []string{"u.s", "u.k", "based", "j.f.k", "u.n"}},
		{"stop abbreviations", english, "at 9 a.m. or p.m., e.g. i.e.", nil},
		{"no abbreviation of longer parts", english, "St.Louis U.Sa e.gg Dx.X end.The", []string{"st", "louis", "sa", "gg", "dx", "end"}},
		{"possessives kept", english, "Reagan's Moody’s", []string{"reagan's", "moody's"}},
		{"possessives dropped", Options{DropPossessive: true}, "Reagan's Moody’s workers' IBM'S", []string{"reagan", "moody", "workers", "ibm"}},
		{"stop contraction before possessive", Options{DropPossessive: true}, "it's he's let's one's", nil},
		{"possessive then length", Options{DropPossessive: true, MinLen: 3}, "ox's cat's", []string{"cat"}},
		{"drop numbers", Options{Rules: RulesEnglish, DropNumbers: true}, "1,000 3.5 U.S.", []string{"u.s"}},
		{"junk", Options{Rules: RulesEnglish, DropJunk: true}, "$3.5m 1,000", []string{"1,000"}},
		{"stem", Options{Rules: RulesEnglish, DropPossessive: true, Stem: true}, "Reagan's running U.S.", []string{"reagan", "run", "u.s"}},
		{"name is case-blind", Options{Rules: "English"}, "1,000", []string{"1,000"}},
		{"basic by name", Options{Rules: RulesBasic}, "1,000 Reagan's", []string{"000", "reagan's"}},
	})
}

func TestParseRules(t *testing.T) {
	for in, want := range map[string]Rules{"": RulesBasic, "basic": RulesBasic, " English ": RulesEnglish} {
		if got, err := ParseRules(in); err != nil || got != want {
			t.Errorf("ParseRules(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := ParseRules("french"); err == nil || !strings.Contains(err.Error(), "want basic or english") {
		t.Errorf("ParseRules(french): error %v", err)
	}
	for in, want := range map[Rules]Rules{"": "", "Basic": "", "ENGLISH": RulesEnglish} {
		if r, err := (Options{Rules: in}).Resolved(); err != nil || r.Rules != want {
			t.Errorf("Resolved with Rules %q: %q, %v; want %q", in, r.Rules, err, want)
		}
	}
}

// TestEquivalent: options that differ only by a length limit given at
// its default prepare text alike, as records of earlier hulls hold them
// either way; other differences do not.
func TestEquivalent(t *testing.T) {
	junk := Options{DropJunk: true}
	for _, tc := range []struct {
		a, b Options
		want bool
	}{
		{junk, Options{DropJunk: true, MaxTokenLen: DefaultMaxTokenLen}, true},
		{Options{}, Options{MinLen: DefaultMinLen}, true},
		{Options{Stem: true, MinLen: DefaultMinLen}, Options{Stem: true}, true},
		{Options{}, Options{MaxTokenLen: DefaultMaxTokenLen}, false}, // a limit without DropJunk
		{junk, Options{DropJunk: true, MaxTokenLen: 30}, false},
		{Options{}, Options{MinLen: 3}, false},
		{Options{}, Options{Stem: true}, false},
	} {
		if got := tc.a.Equivalent(tc.b); got != tc.want || tc.b.Equivalent(tc.a) != tc.want {
			t.Errorf("%+v and %+v: Equivalent %v, want %v", tc.a, tc.b, got, tc.want)
		}
		la, ma := tc.a.TokenLengths()
		lb, mb := tc.b.TokenLengths()
		if tc.want && (la != lb || ma != mb) {
			t.Errorf("%+v and %+v: lengths %d-%d and %d-%d", tc.a, tc.b, la, ma, lb, mb)
		}
	}
}
