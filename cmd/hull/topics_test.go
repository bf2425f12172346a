package main

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/report"
)

// escapeModel saves a model whose words hold ESC [2J, BEL, NUL and U+202E
// (and a printable non-ASCII word), word 0 the anchor of topic 1.
func escapeModel(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "m.json")
	m := &model.Model{
		Algorithm: "anchor", K: 2,
		Vocab:   []string{"a\x1b[2Jb", "be\al", "nu\x00l", "rl\u202eo", "wörd"},
		Topics:  [][]float64{{0.4, 0.3, 0.15, 0.1, 0.05}, {0.05, 0.1, 0.15, 0.3, 0.4}},
		Anchors: []int{0, 4},
	}
	if err := model.Save(path, m); err != nil {
		t.Fatal(err)
	}
	return path
}

// Words print with their control and bidirectional characters escaped;
// printable words as they are.
func TestTopicsEscapesWords(t *testing.T) {
	path := escapeModel(t)
	code, out, errOut := hull(t, "topics", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := "topic  1      -  *a\\x1b[2Jb* be\\al nu\\x00l rl\\u202eo wörd (anchor *a\\x1b[2Jb*)\n" +
		"topic  2      -  *wörd* rl\\u202eo nu\\x00l be\\al a\\x1b[2Jb (anchor *wörd*)\n"
	if out != want {
		t.Errorf("topics printed\n%q, want\n%q", out, want)
	}
	for _, r := range out {
		if r != '\n' && (r < ' ' || r == '\u202e') {
			t.Errorf("output holds %U", r)
		}
	}

	code, out, errOut = hull(t, "topics", path, "--json")
	if code != 0 {
		t.Fatalf("--json: exit %d: %s", code, errOut)
	}
	if strings.ContainsAny(out, "\x1b\a\x00\u202e") || !strings.Contains(out, `rl\u202eo`) {
		t.Errorf("--json printed raw control characters: %q", out)
	}
	var got struct {
		Topics []struct {
			Words  []string `json:"words"`
			Anchor string   `json:"anchor"`
		} `json:"topics"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Topics) != 2 || !slices.Equal(got.Topics[0].Words, []string{"a\x1b[2Jb", "be\al", "nu\x00l", "rl\u202eo", "wörd"}) || got.Topics[0].Anchor != "a\x1b[2Jb" {
		t.Errorf("--json words %+v: want the words themselves", got.Topics)
	}
}

// --top below 0 is refused before the model is read.
func TestTopicsBadTop(t *testing.T) {
	expectBadInput(t, []badInput{
		{"negative --top", []string{"topics", escapeModel(t), "--top", "-1"}, "--top -1: want >= 0"},
		{"negative --top before the model", []string{"topics", "no-such-model.json", "--top", "-2"}, "--top -2"},
	})
	// A --top above the vocabulary lists every word: it once sized a
	// buffer and ran the process out of memory.
	path := escapeModel(t)
	for _, args := range [][]string{{"topics", path, "--top", "99999999999"}, {"topics", path, "--json", "--top", "99999999999"}} {
		code, out, errOut := hull(t, args...)
		if code != 0 || strings.Count(out, "wörd") != 3 { // each topic's list, and the second's anchor
			t.Errorf("%v: exit %d, stderr %q, output %q", args, code, errOut, out)
		}
	}
}

// "hull topics" prints the same shape for every registered learner: one
// share column ("-" where unknown), the top words, and the marked word
// only where the learner has one, named by its kind; --json has the same
// keys for every learner, "anchor" only where there are anchors and
// "characteristic" (of "characteristic_kind") only where there are
// characteristic words instead. Topic-SCORE's vertex words are not
// anchors.
func TestTopicsSameShapeForEveryLearner(t *testing.T) {
	dir := t.TempDir()
	line := regexp.MustCompile(`^topic +(\d+) (?:[ \d]{2}\d\.\d%|     -)  (?:\S+ )*?\S+(?: \((refined from )?(anchor|catchword|vertex word|characteristic word) \*(\S+)\*\))?$`)
	wantKind := map[string]string{"score": "vertex word", "tsvd": "catchword", "gibbs": "", "vb": "", "kmeans": "", "projector": ""}
	for _, name := range learner.Names() {
		spec, _ := learner.Lookup(name)
		args := []string{"fit", "-q", "--algo", name, "-o", filepath.Join(dir, name+".json")}
		if _, ok := spec.Option("iterations"); ok {
			args = append(args, "--iterations", "20") // the demo corpus needs few
		}
		if code, _, errOut := hull(t, args...); code != 0 {
			t.Fatalf("%s: fit: exit %d: %s", name, code, errOut)
		}
		m, err := model.Load(filepath.Join(dir, name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		kind, ok := wantKind[name]
		if !ok {
			kind = "anchor" // anchor, anchor-kl, recover; binning, ddp, rp (novel words)
		}

		code, out, errOut := hull(t, "topics", filepath.Join(dir, name+".json"), "--top", "5")
		if code != 0 {
			t.Fatalf("%s: topics: exit %d: %s", name, code, errOut)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != m.K {
			t.Fatalf("%s: %d lines for K = %d", name, len(lines), m.K)
		}
		for k, l := range lines {
			g := line.FindStringSubmatch(l)
			switch {
			case g == nil || g[1] != strconv.Itoa(k+1):
				t.Errorf("%s: line %q is not %q", name, l, "topic N SHARE% words [(KIND *word*)]")
			case g[3] != kind:
				t.Errorf("%s: line %q marks a word as %q, want %q", name, l, g[3], kind)
			case kind != "" && (g[2] != "") != m.Refined():
				t.Errorf("%s: line %q: says refined %v, model refined %v", name, l, g[2] != "", m.Refined())
			case strings.Contains(l, "%") != (len(m.TopicWeights) == m.K):
				t.Errorf("%s: line %q: share shown %v, model has p(z) %v", name, l, strings.Contains(l, "%"), len(m.TopicWeights) == m.K)
			}
		}

		code, out, errOut = hull(t, "topics", filepath.Join(dir, name+".json"), "--top", "3", "--json")
		if code != 0 {
			t.Fatalf("%s: topics --json: exit %d: %s", name, code, errOut)
		}
		var doc map[string]json.RawMessage
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		wantTop := []string{"k", "topics", "vocab_size"}
		if kind != "" && kind != "anchor" {
			wantTop = append(wantTop, "characteristic_kind")
		}
		if m.Refined() {
			wantTop = append(wantTop, "refined")
		}
		slices.Sort(wantTop)
		if got := slices.Sorted(maps.Keys(doc)); !slices.Equal(got, wantTop) {
			t.Errorf("%s: keys %q, want %q", name, got, wantTop)
		}
		var topics []map[string]any
		json.Unmarshal(doc["topics"], &topics)
		for _, tp := range topics {
			want := []string{"id", "share", "weights", "words"}
			switch kind {
			case "":
			case "anchor":
				want = append(want, "anchor")
			default:
				want = append(want, "characteristic")
			}
			slices.Sort(want)
			if got := slices.Sorted(maps.Keys(tp)); !slices.Equal(got, want) {
				t.Errorf("%s: topic keys %q, want %q", name, got, want)
			}
			if _, isNum := tp["share"].(float64); isNum != (len(m.TopicWeights) == m.K) {
				t.Errorf("%s: share %v", name, tp["share"])
			}
			if words, _ := tp["words"].([]any); len(words) != 3 {
				t.Errorf("%s: %d words, want 3", name, len(words))
			}
		}
	}
}

// A refined model's marked words are the words its topics started from,
// and both outputs say so: the rectified anchor fit refines its topics.
func TestTopicsOfARefinedModel(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.json")
	if code, _, errOut := hull(t, "fit", "-q", "--rectify", "ap", "-o", path); code != 0 {
		t.Fatalf("fit: exit %d: %s", code, errOut)
	}
	code, out, errOut := hull(t, "topics", path, "--top", "3")
	if code != 0 {
		t.Fatalf("topics: exit %d: %s", code, errOut)
	}
	line := regexp.MustCompile(`^topic +\d+ +\d+\.\d%  \S+ \S+ \S+ \(refined from anchor \*\S+\*\)$`)
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if !line.MatchString(l) {
			t.Errorf("line %q does not say its anchor is the word its topic was refined from", l)
		}
	}
	code, out, errOut = hull(t, "topics", path, "--json")
	if code != 0 {
		t.Fatalf("topics --json: exit %d: %s", code, errOut)
	}
	var doc struct{ Refined bool }
	if err := json.Unmarshal([]byte(out), &doc); err != nil || !doc.Refined {
		t.Errorf("topics --json: refined %v (%v), want true", doc.Refined, err)
	}
}

// With INPUT, each topic's line is followed by its documents of highest
// weight: the start of their text for raw text, else their words; --json
// gives them under "docs". A hostile line is escaped.
func TestTopicsDocs(t *testing.T) {
	dir := t.TempDir()
	var lines []string
	for i := range 40 {
		words := []string{"apple pear fruit juice orchard", "rain snow storm cloud weather"}[i%2]
		lines = append(lines, words+" "+words+" number "+strconv.Itoa(i))
	}
	lines[0] = "apple pear fruit \x1b[2J juice \u202e orchard apple pear"
	input, modelPath := fitLines(t, dir, lines)
	code, out, errOut := hull(t, "topics", "-q", modelPath, input, "--top-docs", "20", "--excerpt", "30", "--near-copy", "0")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	docLine := regexp.MustCompile(`^    (0\.\d{3}|1\.000)  (\d+)  (.*)$`)
	shown := 0
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if strings.HasPrefix(line, "topic ") {
			continue
		}
		m := docLine.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("line %q is neither a topic nor a document", line)
		}
		n, _ := strconv.Atoi(m[2])
		want := lines[n-1]
		if n == 1 {
			want = `apple pear fruit [2J juice \u202e…` // ESC a space, U+202E escaped
		} else {
			want = cutASCII(want, 30)
		}
		if m[3] != want {
			t.Errorf("document %d shown as %q, want %q", n, m[3], want)
		}
		shown++
	}
	if shown != 40 || !strings.Contains(out, `\u202e`) {
		t.Errorf("%d documents shown, want 20 for each of 2 topics, the first among them:\n%s", shown, out)
	}

	// By default the lines of the same words are near-copies: each topic
	// shows a document for each group, and counts the rest on it.
	code, out, errOut = hull(t, "topics", "-q", modelPath, input, "--top-docs", "20", "--excerpt", "30")
	if code != 0 {
		t.Fatalf("near-copies: exit %d: %s", code, errOut)
	}
	copyLine := regexp.MustCompile(`^    [01]\.\d{3}  \d+  .*?(  \(\+(\d+) near-cop(y|ies)\))?$`)
	perTopic := map[int]int{}
	topic := 0
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if strings.HasPrefix(line, "topic ") {
			topic++
			continue
		}
		m := copyLine.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("near-copies: line %q is neither a topic nor a document", line)
		}
		perTopic[topic] += 1 + atoi(m[2])
	}
	if !reflect.DeepEqual(perTopic, map[int]int{1: 40, 2: 40}) || strings.Count(out, "\n    ") >= 20 {
		t.Errorf("near-copies: documents shown and passed over %v, want 40 a topic in fewer than 20 lines:\n%s", perTopic, out)
	}

	code, out, _ = hull(t, "topics", "-q", modelPath, input, "--top-docs", "1", "--json")
	var got struct {
		Topics []struct {
			Docs []struct {
				ID     string
				Weight float64
				Text   string
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &got); code != 0 || err != nil {
		t.Fatalf("--json: exit %d, %v: %s", code, err, out)
	}
	for k, tp := range got.Topics {
		if len(tp.Docs) != 1 || tp.Docs[0].Text == "" || tp.Docs[0].Weight <= 0.5 {
			t.Errorf("--json: topic %d's documents %+v, want one with its text and weight above 0.5", k, tp.Docs)
		}
	}

	// With --labels, each topic's line is followed by its documents'
	// labels: the odd lines (fruit) are labelled "fruit", the even ones
	// "weather" but line 2, "<b>odd</b>", and line 40 not at all.
	var tsv strings.Builder
	for i := 1; i < 40; i++ {
		label := []string{"weather", "fruit"}[i%2]
		if i == 2 {
			label = "<b>odd</b>\u202e"
		}
		fmt.Fprintf(&tsv, "%d\t%s\n", i, label)
	}
	labelsPath := filepath.Join(dir, "labels.tsv")
	if err := os.WriteFile(labelsPath, []byte(tsv.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = hull(t, "topics", "-q", modelPath, input, "--top-docs", "1", "--labels", labelsPath)
	if code != 0 {
		t.Fatalf("--labels: exit %d: %s", code, errOut)
	}
	labelLines := regexp.MustCompile(`(?m)^    labels: (.*)$`).FindAllStringSubmatch(out, -1)
	slices.SortFunc(labelLines, func(a, b []string) int { return strings.Compare(a[1], b[1]) })
	if len(labelLines) != 2 || labelLines[0][1] != "fruit 100% (20) of 20 labelled documents" ||
		labelLines[1][1] != `weather 95% (18), <b>odd</b>\u202e 5% (1) of 19 labelled documents` {
		t.Errorf("--labels: label lines %q in\n%s", labelLines, out)
	}
	code, out, _ = hull(t, "topics", "-q", modelPath, input, "--top-docs", "1", "--labels", labelsPath, "--top-labels", "1", "--json")
	var withLabels struct {
		Topics []struct {
			Labels struct {
				Docs   int
				Labels []struct {
					Label string
					Docs  int
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &withLabels); code != 0 || err != nil {
		t.Fatalf("--labels --json: exit %d, %v: %s", code, err, out)
	}
	for k, tp := range withLabels.Topics {
		top := map[int]int{20: 20, 19: 18} // fruit's documents, weather's
		if l := tp.Labels; len(l.Labels) != 1 || top[l.Docs] == 0 || l.Labels[0].Docs != top[l.Docs] {
			t.Errorf("--labels --json: topic %d's labels %+v, want fruit 20 of 20 or weather 18 of 19", k, l)
		}
	}

	// --by-label: each label's documents' mean topic weights, the label
	// "fruit" almost all on the topic of the fruit lines.
	code, out, errOut = hull(t, "topics", "-q", modelPath, input, "--top-docs", "1", "--labels", labelsPath, "--by-label", "--top-labels", "1")
	if code != 0 {
		t.Fatalf("--by-label: exit %d: %s", code, errOut)
	}
	fruitTopic := regexp.MustCompile(`(?m)^topic +(\d+) .*apple`).FindStringSubmatch(out)
	byLabel := regexp.MustCompile(`(?m)^    fruit \(20 documents\): topic (\d+) (\d+)%$`).FindStringSubmatch(out)
	if fruitTopic == nil || byLabel == nil || byLabel[1] != fruitTopic[1] || atoi(byLabel[2]) < 90 || !strings.Contains(out, "\n    <b>odd</b>\\u202e (1 document): topic ") {
		t.Errorf("--by-label: the fruit label's line %q for the fruit topic %q in\n%s", byLabel, fruitTopic, out)
	}
	code, out, _ = hull(t, "topics", "-q", modelPath, input, "--labels", labelsPath, "--by-label", "--json")
	var byLabelJSON struct {
		ByLabel []struct {
			Label  string
			Docs   int
			Shares []float64
		} `json:"by_label"`
	}
	if err := json.Unmarshal([]byte(out), &byLabelJSON); code != 0 || err != nil || len(byLabelJSON.ByLabel) != 3 {
		t.Fatalf("--by-label --json: exit %d, %v, %d labels: %s", code, err, len(byLabelJSON.ByLabel), out)
	}
	if l := byLabelJSON.ByLabel[0]; l.Label != "fruit" || l.Docs != 20 || len(l.Shares) != 2 || math.Abs(l.Shares[0]+l.Shares[1]-1) > 1e-9 {
		t.Errorf("--by-label --json: first label %+v, want fruit's 20 documents and 2 shares summing to 1", l)
	}

	// A numeric corpus has no text: the documents are shown by their words.
	numModel, numInput := inferFixture(t, 30)
	code, out, errOut = hull(t, append([]string{"topics", "-q", numModel, "--top-docs", "1"}, numInput...)...)
	if code != 0 {
		t.Fatalf("numeric input: exit %d: %s", code, errOut)
	}
	if !regexp.MustCompile(`(?m)^    [01]\.\d{3}  \S+  \S+ ×\d+, `).MatchString(out) {
		t.Errorf("numeric input: no document shown by its words:\n%s", out)
	}
}

func TestTopicsDocsBadFlags(t *testing.T) {
	modelPath, input := inferFixture(t, 5)
	labels := filepath.Join(t.TempDir(), "labels.tsv")
	if err := os.WriteFile(labels, []byte("no-such-document\tx\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Documents that are labelled but have no word the model knows.
	unknown, unknownLabels := filepath.Join(t.TempDir(), "unknown.jsonl"), filepath.Join(t.TempDir(), "unknown.tsv")
	os.WriteFile(unknown, []byte(`{"id":"a","items":["recipe"]}`+"\n"+`{"id":"b","items":["zz"]}`+"\n"+`{"id":"c","items":["zz"]}`+"\n"), 0o644)
	os.WriteFile(unknownLabels, []byte("b\tX\nc\tY\n"), 0o644)
	expectBadInput(t, []badInput{
		{"labelled documents without words", []string{"topics", modelPath, unknown, "--labels", unknownLabels}, "the 2 documents it labels have no word the model knows"},
		{"report: labelled documents without words", []string{"report", modelPath, unknown, "--labels", unknownLabels, "-o", filepath.Join(t.TempDir(), "r.html")}, "the 2 documents it labels have no word"},
		{"docs without input", []string{"topics", modelPath, "--top-docs", "2"}, "--top-docs"},
		{"excerpt without input", []string{"topics", modelPath, "--excerpt", "20"}, "--excerpt"},
		{"input flag without input", []string{"topics", modelPath, "--stem"}, "--stem"},
		{"docs 0", append([]string{"topics", modelPath, "--top-docs", "0"}, input...), "--top-docs 0"},
		{"excerpt", append([]string{"topics", modelPath, "--excerpt", "-1"}, input...), "--excerpt -1"},
		{"near-copy", append([]string{"topics", modelPath, "--near-copy", "1.1"}, input...), "--near-copy 1.1: want 0 to 1"},
		{"near-copy NaN", append([]string{"topics", modelPath, "--near-copy", "NaN"}, input...), "--near-copy NaN"},
		{"near-copy without input", []string{"topics", modelPath, "--near-copy", "0.5"}, "--near-copy"},
		{"labels without input", []string{"topics", modelPath, "--labels", labels}, "--labels"},
		{"top labels without labels", append([]string{"topics", modelPath, "--top-labels", "2"}, input...), "--top-labels"},
		{"by label without labels", append([]string{"topics", modelPath, "--by-label"}, input...), "--by-label"},
		{"top labels 0", append([]string{"topics", modelPath, "--labels", labels, "--top-labels", "0"}, input...), "--top-labels 0"},
		{"missing labels", append([]string{"topics", modelPath, "--labels", labels + ".none"}, input...), "--labels"},
		{"labels of other ids", append([]string{"topics", modelPath, "--labels", labels}, input...), "none of the 1 ids labels a document"},
		{"missing input", []string{"topics", modelPath, filepath.Join(t.TempDir(), "none.txt")}, "none.txt"},
		{"excerpt of numeric input", append([]string{"topics", modelPath, "--excerpt", "20"}, input...), "--excerpt: only raw text has a text to show, and this input is uci"},
		{"report: excerpt of numeric input", append([]string{"report", modelPath, "-o", filepath.Join(t.TempDir(), "r.html"), "--excerpt", "20"}, input...), "--excerpt: only raw text"},
	})
}

// TestTopicsLeavesOutDocsWithoutWords checks that a document with none of
// the model's words, whose weights are the prior's, is said, and neither
// shown under a topic nor counted with its label.
func TestTopicsLeavesOutDocsWithoutWords(t *testing.T) {
	dir := t.TempDir()
	var lines []string
	for i := range 20 {
		lines = append(lines, []string{"apple pear fruit juice orchard", "rain snow storm cloud weather"}[i%2]+" "+strconv.Itoa(i))
	}
	_, modelPath := fitLines(t, dir, lines)
	other := filepath.Join(dir, "other.txt")
	if err := os.WriteFile(other, []byte("apple pear fruit\nzzzqqq xxyyzz\nrain snow storm\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	labels := filepath.Join(dir, "labels.tsv")
	if err := os.WriteFile(labels, []byte("1\tfruit\n2\tspam\n3\tweather\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := hull(t, "topics", modelPath, other, "--labels", labels, "--by-label", "--top-docs", "3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(errOut, "note: 1 document has no word of weight in the model's topics (\"2\"); such documents are left out of the topics' documents and labels") {
		t.Errorf("no note of the document without words on stderr:\n%s", errOut)
	}
	if regexp.MustCompile(`(?m)^    [01]\.\d{3}  2  `).MatchString(out) || strings.Contains(out, "spam") || strings.Count(out, "of 1 labelled document") != 2 {
		t.Errorf("the document without words is shown or counted:\n%s", out)
	}
}

// cutASCII returns the excerpt of n characters of the ASCII text s, one
// space between words: s whole, or cut at a word with "…".
func cutASCII(s string, n int) string {
	switch {
	case len(s) <= n:
		return s
	case s[n] == ' ':
		return s[:n] + "…"
	}
	return s[:strings.LastIndexByte(s[:n], ' ')] + "…"
}

// atoi returns the number s spells, 0 for none.
func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// TestTopicsLambda checks that --lambda lists each topic's most relevant
// words (report.TopRelevant, p(w) from the model's p(z) without INPUT),
// which on the demo corpus differ from its most probable, and that
// --lambda 1 lists the most probable.
func TestTopicsLambda(t *testing.T) {
	modelPath, input := inferFixture(t, 200)
	m, err := model.Load(modelPath)
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := hull(t, "topics", modelPath, "--lambda", "0.6", "--top", "8", "--json")
	var got struct {
		Lambda *float64
		Topics []struct{ Words []string }
	}
	if err := json.Unmarshal([]byte(out), &got); code != 0 || err != nil {
		t.Fatalf("--lambda 0.6 --json: exit %d, %v: %s%s", code, err, out, errOut)
	}
	shares, _ := report.ModelShares(m)
	pw := report.Marginal(m, shares)
	differ := 0
	for k, tp := range got.Topics {
		var want, probable []string
		for _, w := range report.TopRelevant(m, pw, k, 0.6, 8) {
			want = append(want, m.Vocab[w])
		}
		for _, w := range m.TopWords(k, 8) {
			probable = append(probable, m.Vocab[w])
		}
		if !slices.Equal(tp.Words, want) {
			t.Errorf("topic %d at lambda 0.6: %q, want %q", k+1, tp.Words, want)
		}
		if !slices.Equal(want, probable) {
			differ++
		}
	}
	if got.Lambda == nil || *got.Lambda != 0.6 || differ == 0 {
		t.Errorf("--json lambda %v; %d topics whose relevant words differ from the most probable, want some", got.Lambda, differ)
	}
	_, plain, _ := hull(t, "topics", modelPath)
	_, one, _ := hull(t, "topics", modelPath, "--lambda", "1")
	_, relevant, _ := hull(t, "topics", modelPath, "--lambda", "0.6")
	if one != plain || relevant == plain {
		t.Errorf("--lambda 1 printed %q, want the default's %q; --lambda 0.6 the same as the default: %v", one, plain, relevant == plain)
	}
	// With INPUT, p(w) comes from the documents' tokens: still relevance.
	code, withDocs, errOut := hull(t, append([]string{"topics", "-q", modelPath, "--lambda", "0", "--top-docs", "1"}, input...)...)
	topicLines := regexp.MustCompile(`(?m)^topic .*$`)
	if code != 0 || !slices.Equal(topicLines.FindAllString(plain, -1), strings.Split(strings.TrimSuffix(plain, "\n"), "\n")) ||
		slices.Equal(topicLines.FindAllString(withDocs, -1), topicLines.FindAllString(plain, -1)) {
		t.Errorf("--lambda 0 with INPUT: exit %d: %s%s", code, withDocs, errOut)
	}
	expectBadInput(t, []badInput{
		{"lambda above 1", []string{"topics", modelPath, "--lambda", "1.5"}, "--lambda 1.5: want 0 to 1"},
		{"lambda NaN", []string{"topics", modelPath, "--lambda", "NaN"}, "--lambda NaN"},
		{"lambda without words", []string{"topics", modelPath, "--top", "0", "--lambda", "0.6"}, "--lambda: --top 0 shows no words to rank"},
	})
}

// fitLines writes lines to DIR/docs.txt, one document each, and fits two
// topics to them in DIR/m.json; it returns both paths.
func fitLines(t *testing.T, dir string, lines []string) (input, modelPath string) {
	t.Helper()
	input, modelPath = filepath.Join(dir, "docs.txt"), filepath.Join(dir, "m.json")
	if err := os.WriteFile(input, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := hull(t, "fit", "-q", "-k", "2", input, "-o", modelPath); code != 0 {
		t.Fatalf("fit: exit %d: %s", code, errOut)
	}
	return input, modelPath
}

// TestTopicsLeavesOutUnexplainedDocs: a document whose words all have
// zero weight in every topic gets the prior mean, and was shown as a
// topic's document (at weight 1/K), counted as its topic's labelled
// document, and not counted in the note; it is left out as an empty
// document is.
func TestTopicsLeavesOutUnexplainedDocs(t *testing.T) {
	dir := t.TempDir()
	m := writeFile(t, dir, "m.json", `{"format":2,"algorithm":"x","k":2,"vocab":["apple","banana","cherry","durian","elder"],"topics":[[0.5,0.5,0,0,0],[0,0.25,0.75,0,0]],"provenance":{"seed":0}}`)
	docs := writeFile(t, dir, "docs.txt", "durian elder durian\napple banana\ncherry cherry\n")
	labels := writeFile(t, dir, "labels.tsv", "1\tspam\n2\tfruit\n3\tberry\n")
	code, out, errOut := hull(t, "topics", m, docs, "--format", "lines", "--top-docs", "3", "--labels", labels, "--near-copy", "0")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if regexp.MustCompile(`(?m)^    \d\.\d{3}  1  `).MatchString(out) || strings.Contains(out, "spam") || strings.Count(out, "of 1 labelled document") != 2 {
		t.Errorf("the document without a word of weight is shown or counted:\n%s", out)
	}
	if !strings.Contains(errOut, "note: 1 document has no word of weight in the model's topics (\"1\"); such documents are left out of the topics' documents and labels") {
		t.Errorf("no note of the document on stderr:\n%s", errOut)
	}
}

// TestTopicsLambdaSubnormalAlpha: with a model whose alpha sums to a
// subnormal number, an empty document's weights were +Inf, and --lambda
// ranked the words by NaN (topic 2's in index order, "banana cherry").
func TestTopicsLambdaSubnormalAlpha(t *testing.T) {
	dir := t.TempDir()
	const head = `{"format":2,"algorithm":"x","k":2,"vocab":["apple","banana","cherry"],"topics":[[0.5,0.5,0],[0,0.25,0.75]],`
	docs := writeFile(t, dir, "docs.txt", "zzz yyy\napple banana apple\n")
	var want string
	for i, alpha := range []string{"0.1", "1e-320"} {
		m := writeFile(t, dir, fmt.Sprintf("m%d.json", i), head+`"alpha":[`+alpha+`,`+alpha+`],"provenance":{"seed":0}}`)
		code, out, errOut := hull(t, "topics", "-q", m, docs, "--format", "lines", "--lambda", "0.5", "--top", "3")
		if code != 0 {
			t.Fatalf("alpha %s: exit %d: %s", alpha, code, errOut)
		}
		line := strings.Split(out, "\n")[2]
		if i == 0 {
			want = line
		} else if line != want || !strings.Contains(line, "cherry banana") {
			t.Errorf("alpha %s: topic 2 is %q, want %q (as with alpha 0.1)", alpha, line, want)
		}
	}
}
