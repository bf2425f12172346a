package synth

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"testing"
)

func TestDemoThemesFile(t *testing.T) {
	themes, common, err := parseThemes(demoThemesText)
	if err != nil {
		t.Fatal(err)
	}
	if len(themes) != 10 || len(common) < 35 || len(common) > 45 {
		t.Fatalf("%d themes, %d common words", len(themes), len(common))
	}
	for _, th := range themes {
		if n := len(th.words); n < 25 || n > 30 {
			t.Errorf("theme %s has %d words", th.name, n)
		}
		for _, w := range th.words {
			if strings.Trim(w, "abcdefghijklmnopqrstuvwxyz") != "" {
				t.Errorf("theme %s: word %q is not lowercase ASCII", th.name, w)
			}
		}
	}
	if !slices.Equal(DemoThemes(), themeNames(themes)) {
		t.Fatalf("DemoThemes() = %v", DemoThemes())
	}
}

func TestParseThemesErrors(t *testing.T) {
	for name, text := range map[string]string{
		"duplicate word":  "a: x y\nb: z x\ncommon: c",
		"duplicate theme": "a: x\na: y\ncommon: c",
		"common in theme": "a: x c\ncommon: c",
		"no colon":        "a x y\ncommon: c",
		"no words":        "a:\ncommon: c",
		"no common":       "a: x\nb: y",
		"no themes":       "# nothing\ncommon: c",
	} {
		if _, _, err := parseThemes(text); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	themes, common, err := parseThemes("# comment\n\nsports: ball goal\ncommon: day\n")
	if err != nil || len(themes) != 1 || themes[0].name != "sports" || !slices.Equal(common, []string{"day"}) {
		t.Fatalf("parseThemes = %v, %v, %v", themes, common, err)
	}
}

func TestDemo(t *testing.T) {
	c, m := Demo()
	themes, common, _ := parseThemes(demoThemesText)
	v := len(common)
	for _, th := range themes {
		v += len(th.words)
	}
	checkOutput(t, c, m, 10, v, demoDocs)
	if c2, _ := Demo(); c2.Digest() != c.Digest() {
		t.Fatal("Demo is not deterministic")
	}
	if got := m.TopicLabels; !slices.Equal(got, DemoThemes()) {
		t.Fatalf("TopicLabels = %v", got)
	}
	if mean := float64(c.Tokens()) / float64(c.NumDocs()); math.Abs(mean-demoDocLength) > 1 {
		t.Errorf("mean document length %v, want about %d", mean, demoDocLength)
	}
	commonStart := v - len(common)
	for k, row := range m.Topics {
		th := themes[k]
		lo, hi := m.Anchors[k], m.Anchors[k]+len(th.words)
		if c.Vocab[lo] != th.words[0] || m.TopWords(k, 1)[0] != lo {
			t.Fatalf("topic %d: anchor %q is not the theme's first and most probable word", k, c.Vocab[lo])
		}
		if own := sum(row[lo:hi]); math.Abs(own-demoThemeMass) > 1e-12 {
			t.Errorf("topic %d puts %v on its theme", k, own)
		}
		if other := 1 - sum(row[lo:hi]) - sum(row[commonStart:]); math.Abs(other) > 1e-12 {
			t.Errorf("topic %d puts %v on other themes", k, other)
		}
		if !slices.IsSortedFunc(row[lo:hi], func(a, b float64) int { return cmp.Compare(b, a) }) {
			t.Errorf("topic %d: theme weights not decreasing", k)
		}
	}
	// Every theme word must be frequent enough to serve as an anchor.
	df := c.DocFreq()
	for w := range commonStart {
		if df[w] < 20 {
			t.Errorf("theme word %q occurs in only %d documents", c.Vocab[w], df[w])
		}
	}
}
