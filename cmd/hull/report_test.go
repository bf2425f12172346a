package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hulltopics/hull/internal/cdp"
	"github.com/hulltopics/hull/internal/textsafe"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/report"
)

// reportData returns the data a page written by "hull report" shows.
func reportData(t *testing.T, path string) (k int, words []string, docs int) {
	d := reportPage(t, path)
	if d.Docs != nil {
		docs = d.Docs.N
	}
	return d.K, d.Words, docs
}

// pageData is the part of a page's data the tests read.
type pageData struct {
	K     int
	Words []string
	Docs  *struct {
		N      int
		IDs    []string
		Text   []string
		Labels []struct {
			Docs   int
			Labels []struct {
				Label string
				Docs  int
			}
		}
	}
}

// reportPage returns the data of the page at path.
func reportPage(t *testing.T, path string) pageData {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	i := strings.Index(s, `id="`+report.DataElementID+`">`)
	if i < 0 {
		t.Fatalf("%s: no data element", path)
	}
	s = s[i:]
	s = s[strings.Index(s, ">")+1 : strings.Index(s, "</script>")]
	var d pageData
	if err := json.Unmarshal([]byte(s), &d); err != nil {
		t.Fatal(err)
	}
	return d
}

func TestReport(t *testing.T) {
	modelPath, input := inferFixture(t, 200)
	dir := t.TempDir()
	out := filepath.Join(dir, "r.html")
	code, stdout, errOut := hull(t, append([]string{"report", modelPath, "-o", out, "--threads", "2"}, input...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if stdout != "" || !strings.Contains(errOut, "report: 10 topics, 200 documents: "+out) || !strings.Contains(errOut, "1 of") {
		t.Errorf("stdout %q, stderr %q; want a summary and the unknown word on stderr", stdout, errOut)
	}
	if k, words, docs := reportData(t, out); k != 10 || docs != 200 || len(words) == 0 || slices.Contains(words, "zzz") {
		t.Errorf("page of K %d, %d documents, %d words (with the word the model lacks: %v)", k, docs, len(words), slices.Contains(words, "zzz"))
	}
	alone := filepath.Join(dir, "alone.html")
	if code, _, errOut := hull(t, "report", "-q", modelPath, "-o", alone, "--title", "<i>demo</i>"); code != 0 || errOut != "" {
		t.Fatalf("without input: exit %d, stderr %q", code, errOut)
	}
	page, _ := os.ReadFile(alone)
	if k, _, docs := reportData(t, alone); k != 10 || docs != 0 || !strings.Contains(string(page), "<title>&lt;i&gt;demo&lt;/i&gt;</title>") {
		t.Errorf("without input: K %d, %d documents, or the title unescaped", k, docs)
	}
}

// Raw text is prepared as the model records, without the flags repeated.
func TestReportRawText(t *testing.T) {
	dir := t.TempDir()
	var lines []string
	for i := range 40 {
		words := []string{"apple pear fruit juice orchard", "rain snow storm cloud weather"}[i%2]
		lines = append(lines, fmt.Sprintf("%s %s Document%d", words, words, i))
	}
	input := filepath.Join(dir, "docs.txt")
	if err := os.WriteFile(input, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	modelPath := filepath.Join(dir, "m.json")
	if code, _, errOut := hull(t, "fit", "-q", "-k", "2", input, "-o", modelPath, "--stem"); code != 0 {
		t.Fatalf("fit: exit %d: %s", code, errOut)
	}
	out := filepath.Join(dir, "r.html")
	if code, _, errOut := hull(t, "report", "-q", modelPath, input, "-o", out); code != 0 {
		t.Fatalf("report: exit %d: %s", code, errOut)
	}
	if k, words, docs := reportData(t, out); k != 2 || docs != 40 || !slices.Contains(words, "appl") || slices.Contains(words, "apple") {
		t.Errorf("page of K %d, %d documents, words %q; want 2, 40 and the words stemmed as the model records", k, docs, words)
	}
	// Each document shown with the start of its text: the line, whose
	// number is its id, cut at a space with --excerpt.
	for _, c := range []struct {
		args []string
		cut  bool
	}{{nil, false}, {[]string{"--excerpt", "20"}, true}} {
		if code, _, errOut := hull(t, append([]string{"report", "-q", modelPath, input, "-o", out}, c.args...)...); code != 0 {
			t.Fatalf("report %q: exit %d: %s", c.args, code, errOut)
		}
		d := reportPage(t, out)
		if len(d.Docs.Text) != len(d.Docs.IDs) || len(d.Docs.IDs) == 0 {
			t.Fatalf("report %q: %d texts for %d documents", c.args, len(d.Docs.Text), len(d.Docs.IDs))
		}
		for i, id := range d.Docs.IDs {
			n, _ := strconv.Atoi(id)
			want := lines[n-1]
			if c.cut {
				want = cutASCII(want, 20)
			}
			if d.Docs.Text[i] != want {
				t.Errorf("report %q: document %s shown with %q, want %q", c.args, id, d.Docs.Text[i], want)
			}
		}
	}
	// --labels: the odd lines are labelled "odd", the even ones "even";
	// each topic dominates the lines of one word set, so one label.
	var tsv strings.Builder
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&tsv, "%d\t%s\n", i, []string{"even", "odd"}[i%2])
	}
	labelsPath := filepath.Join(dir, "labels.tsv")
	if err := os.WriteFile(labelsPath, []byte(tsv.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := hull(t, "report", "-q", modelPath, input, "-o", out, "--labels", labelsPath); code != 0 {
		t.Fatalf("report --labels: exit %d: %s", code, errOut)
	}
	d := reportPage(t, out)
	if len(d.Docs.Labels) != 2 {
		t.Fatalf("--labels: labels of %d topics, want 2", len(d.Docs.Labels))
	}
	var got []string
	for _, tl := range d.Docs.Labels {
		if len(tl.Labels) != 1 || tl.Docs != 20 || tl.Labels[0].Docs != 20 {
			t.Errorf("--labels: a topic's labels %+v, want one label of its 20 documents", tl)
			continue
		}
		got = append(got, tl.Labels[0].Label)
	}
	if slices.Sort(got); !slices.Equal(got, []string{"even", "odd"}) {
		t.Errorf("--labels: the topics' labels %q, want even and odd", got)
	}
	if code, _, errOut := hull(t, "report", "-q", modelPath, input, "-o", out, "--excerpt", "0"); code != 0 {
		t.Fatalf("report --excerpt 0: exit %d: %s", code, errOut)
	}
	if d := reportPage(t, out); d.Docs.Text != nil {
		t.Errorf("--excerpt 0: texts %q, want none", d.Docs.Text)
	}
}

func TestReportBadInput(t *testing.T) {
	modelPath, input := inferFixture(t, 5)
	dir := t.TempDir()
	out := filepath.Join(dir, "r.html")
	missing := filepath.Join(dir, "nope.json")
	expectBadInput(t, []badInput{
		{"no model", []string{"report", "-o", out}, "want MODEL, then optionally INPUT files; got none"},
		{"no -o", []string{"report", modelPath}, "-o REPORT.html is required"},
		{"top docs", []string{"report", missing, "-o", out, "--top-docs", "0"}, "--top-docs 0"}, // flags before the model
		{"terms", []string{"report", modelPath, "-o", out, "--terms", "1000"}, "--terms 1000"},
		{"search", []string{"report", modelPath, "-o", out, "--search-top", "-1"}, "--search-top -1"},
		{"threads", []string{"report", modelPath, "-o", out, "--threads", "-2"}, "--threads -2"},
		{"excerpt", append([]string{"report", modelPath, "-o", out, "--excerpt", "-1"}, input...), "--excerpt -1"},
		{"long excerpt", append([]string{"report", modelPath, "-o", out, "--excerpt", "5000"}, input...), "--excerpt 5000: want 0 to 2000"},
		{"excerpt alone", []string{"report", modelPath, "-o", out, "--excerpt", "50"}, "--excerpt"},
		{"labels alone", []string{"report", modelPath, "-o", out, "--labels", modelPath}, "--labels"},
		{"missing labels", append([]string{"report", modelPath, "-o", out, "--labels", missing}, input...), "--labels"},
		{"format", append([]string{"report", modelPath, "-o", out, "--format", "xml"}, input...), "--format"},
		{"missing model", []string{"report", missing, "-o", out}, "nope.json"},
		{"missing dir", []string{"report", modelPath, "-o", filepath.Join(dir, "none", "r.html")}, "-o:"},
		{"output is a directory", []string{"report", modelPath, "-o", dir}, "-o:"},
		{"missing input", []string{"report", modelPath, filepath.Join(dir, "none.txt"), "-o", out}, "none.txt"},
	})
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Error("a failed report left a file")
	}
}

// TestReportInBrowser opens what "hull report" wrote in headless Chromium:
// the map, a click, the slider and the search work on a real model.
func TestReportInBrowser(t *testing.T) {
	b := cdp.ForTest(t)
	modelPath, input := inferFixture(t, 100)
	out := filepath.Join(t.TempDir(), "r.html")
	if code, _, errOut := hull(t, append([]string{"report", "-q", modelPath, "-o", out}, input...)...); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	m, err := model.Load(modelPath)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	p, err := b.NewPage(ctx, 1200, 900)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if err := p.Navigate(ctx, "file://"+out); err != nil {
		t.Fatal(err)
	}
	eval := func(expr string, out any) {
		t.Helper()
		if err := p.Eval(ctx, expr, out); err != nil {
			t.Fatal(err)
		}
	}
	var circles int
	eval(`document.querySelectorAll('#map circle.topic-circle').length`, &circles)
	if circles != m.K {
		t.Errorf("%d circles, want K = %d", circles, m.K)
	}
	var at struct {
		K    int
		X, Y float64
	}
	eval(`(() => {
		for (const c of document.querySelectorAll('#map circle.topic-circle')) {
			const r = c.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
			if (document.elementFromPoint(x, y) === c) return {k: Number(c.dataset.topic), x: x, y: y};
		}
		return {k: -1};
	})()`, &at)
	if at.K < 0 {
		t.Fatal("no circle can be pointed at")
	}
	if err := p.Click(ctx, at.X, at.Y); err != nil {
		t.Fatal(err)
	}
	bars := func(lambda string) []string {
		var ws []string
		eval(`(() => { const l = document.getElementById('lambda'); l.value = `+strconv.Quote(lambda)+`; l.dispatchEvent(new Event('input'));
			return [...document.querySelectorAll('#bars .bar text.word')].map(e => e.textContent); })()`, &ws)
		return ws
	}
	var want []string
	for _, w := range m.TopWords(at.K, report.DefaultTerms) {
		want = append(want, textsafe.Escape(m.Vocab[w]))
	}
	if got := bars("1"); !slices.Equal(got, want) {
		t.Errorf("clicked topic %d at lambda 1: bars %q, want its top words %q", at.K+1, got, want)
	}
	if got := bars("0"); slices.Equal(got, want) || len(got) != len(want) {
		t.Errorf("topic %d: the same %d words at lambda 0 and 1", at.K+1, len(got))
	}
	eval(`document.getElementById('search').focus()`, nil)
	if err := p.Type(ctx, want[0]); err != nil {
		t.Fatal(err)
	}
	var found []string
	eval(`[...document.querySelectorAll('#search-results li:first-child button.hit')].map(b => b.dataset.topic)`, &found)
	if !slices.Contains(found, strconv.Itoa(at.K)) {
		t.Errorf("searching %q finds topics %q, not %d", want[0], found, at.K)
	}
	if pr := p.Problems(); len(pr) > 0 {
		t.Errorf("the page reports problems: %q", pr)
	}
}

// TestReportLeavesOutUnexplainedDocs: a document none of whose words has
// weight in a topic gets the prior mean, and the page showed it among the
// topics' documents and counted its label, as hull topics did.
func TestReportLeavesOutUnexplainedDocs(t *testing.T) {
	dir := t.TempDir()
	m := writeFile(t, dir, "m.json", `{"format":2,"algorithm":"x","k":2,"vocab":["apple","banana","cherry","durian","elder"],"topics":[[0.5,0.5,0,0,0],[0,0.25,0.75,0,0]],"provenance":{"seed":0}}`)
	docs := writeFile(t, dir, "docs.txt", "durian elder durian\napple banana\ncherry cherry\n")
	labels := writeFile(t, dir, "labels.tsv", "1\tspam\n2\tfruit\n3\tberry\n")
	out := filepath.Join(dir, "r.html")
	code, _, errOut := hull(t, "report", m, docs, "--format", "lines", "--labels", labels, "--near-copy", "0", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	d := reportPage(t, out)
	if slices.Contains(d.Docs.IDs, "1") || strings.Contains(fmt.Sprint(d.Docs.Labels), "spam") {
		t.Errorf("the document without a word of weight is shown (ids %q) or its label counted (%v)", d.Docs.IDs, d.Docs.Labels)
	}
	if !strings.Contains(errOut, "note: 1 document has no word of weight in the model's topics") {
		t.Errorf("no note of the document on stderr:\n%s", errOut)
	}
}
