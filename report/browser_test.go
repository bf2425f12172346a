package report

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/internal/cdp"
	"github.com/hulltopics/hull/internal/textsafe"
	"github.com/hulltopics/hull/internal/topn"
	"github.com/hulltopics/hull/model"
)

// TestHTMLInBrowser opens a page in headless Chromium and uses it as a
// person would: one browser for all the checks. The model's first topic
// holds hostileWords among its top words and the first document has a
// hostile id.
func TestHTMLInBrowser(t *testing.T) {
	b := cdp.ForTest(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	m := testModel(6, 400, 21)
	c, theta := testDocs(t, m, 60)
	labels := make([]eval.TopicLabels, m.K)
	labels[1] = eval.TopicLabels{Docs: 10, Labels: []eval.LabelCount{{Label: "<i>grain</i>", Docs: 7}, {Label: "sugar", Docs: 3}}}
	labels[2] = eval.TopicLabels{Docs: 1, Labels: []eval.LabelCount{{Label: "cocoa", Docs: 1}}}
	o := HTMLOptions{Docs: c, DocTopics: theta, TopDocs: 20, Source: "<b>docs</b>", Labels: labels}
	s, data := pageOf(t, m, o)
	path := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := b.NewPage(ctx, 1280, 900)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if err := p.Navigate(ctx, "file://"+path); err != nil {
		t.Fatal(err)
	}
	eval := func(t *testing.T, expr string, out any) {
		t.Helper()
		if err := p.Eval(ctx, expr, out); err != nil {
			t.Fatal(err)
		}
	}
	barWords := func(t *testing.T) []string {
		var ws []string
		eval(t, `[...document.querySelectorAll('#bars .bar text.word')].map(e => e.textContent)`, &ws)
		return ws
	}
	setLambda := func(t *testing.T, v string) {
		eval(t, `(() => { const l = document.getElementById('lambda'); l.value = `+strconv.Quote(v)+`; l.dispatchEvent(new Event('input')); })()`, nil)
	}
	words := func(ws []int) []string {
		out := make([]string, len(ws))
		for i, w := range ws {
			out[i] = textsafe.Escape(m.Vocab[w])
		}
		return out
	}
	pw := Marginal(m, TokenShares(c, theta, m.K))

	t.Run("loads", func(t *testing.T) {
		var got struct {
			Ready   string
			Circles int
			Scripts int
			Imgs    int
		}
		eval(t, `({ready: document.body.dataset.ready, circles: document.querySelectorAll('#map circle.topic-circle').length,
			scripts: document.scripts.length, imgs: document.images.length})`, &got)
		if got.Ready != "true" || got.Circles != m.K || got.Scripts != 2 || got.Imgs != 0 {
			t.Errorf("ready %q, %d circles, %d scripts, %d images; want true, %d, 2, 0", got.Ready, got.Circles, got.Scripts, got.Imgs, m.K)
		}
		if pr := p.Problems(); len(pr) > 0 {
			t.Errorf("the page reports problems: %q", pr)
		}
		if r := p.Requests(); len(r) > 0 {
			t.Errorf("the page made network requests: %q", r)
		}
	})

	// k is a topic whose circle's centre shows that circle, not another.
	var k int
	var x, y float64
	t.Run("hover", func(t *testing.T) {
		var found struct {
			K    int
			X, Y float64
		}
		eval(t, `(() => {
			for (const c of document.querySelectorAll('#map circle.topic-circle')) {
				const r = c.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
				if (document.elementFromPoint(x, y) === c) return {k: Number(c.dataset.topic), x: x, y: y};
			}
			return {k: -1};
		})()`, &found)
		if found.K < 0 {
			t.Fatal("no circle can be pointed at")
		}
		k, x, y = found.K, found.X, found.Y
		if err := p.Move(ctx, x, y); err != nil {
			t.Fatal(err)
		}
		var tip struct {
			Hidden bool
			Text   string
		}
		eval(t, `({hidden: document.getElementById('tooltip').hidden, text: document.getElementById('tooltip').textContent})`, &tip)
		want := strings.Join(words(m.TopWords(k, 10)), ", ")
		if tip.Hidden || !strings.Contains(tip.Text, want) || !strings.Contains(tip.Text, fmt.Sprintf("topic %d", k+1)) {
			t.Errorf("hovering topic %d: tooltip hidden %v, %q; want its top words %q", k+1, tip.Hidden, tip.Text, want)
		}
	})

	t.Run("health", func(t *testing.T) {
		var terms []string
		eval(t, `[...document.querySelectorAll('#health dt')].map(e => e.textContent)`, &terms)
		var coherence string
		eval(t, `(() => { for (const dt of document.querySelectorAll('#health dt')) if (dt.textContent === 'incoherent topics') return dt.nextElementSibling.textContent; return ''; })()`, &coherence)
		h := data.Health
		want := fmt.Sprintf("the least NPMI %.3f (topic %d)", h.NPMI[h.LeastTopic], h.LeastTopic+1)
		if !slices.Contains(terms, "incoherent topics") || !strings.Contains(coherence, want) {
			t.Errorf("health terms %q, incoherent topics %q; want it to end with %q", terms, coherence, want)
		}
	})

	t.Run("click selects", func(t *testing.T) {
		if err := p.Click(ctx, x, y); err != nil {
			t.Fatal(err)
		}
		var sel struct {
			Selected []int
			Picker   string
		}
		eval(t, `({selected: [...document.querySelectorAll('#map circle.selected')].map(c => Number(c.dataset.topic)),
			picker: document.getElementById('topic-picker').value})`, &sel)
		if !slices.Equal(sel.Selected, []int{k}) || sel.Picker != strconv.Itoa(k) {
			t.Errorf("clicking topic %d selects %v (picker %q)", k, sel.Selected, sel.Picker)
		}
		if got, want := barWords(t), words(m.TopWords(k, DefaultTerms)); !slices.Equal(got, want) {
			t.Errorf("topic %d at lambda 1: bars %q, want its top words %q", k, got, want)
		}
	})

	t.Run("slider re-ranks", func(t *testing.T) {
		differ := 0
		for topic := range m.K {
			eval(t, `document.querySelector('#map circle[data-topic="`+strconv.Itoa(topic)+`"]').dispatchEvent(new MouseEvent('click', {bubbles: true}))`, nil)
			var first []string
			for _, lambda := range []string{"1", "0", "0.37", "0.6"} {
				setLambda(t, lambda)
				l, _ := strconv.ParseFloat(lambda, 64)
				got, want := barWords(t), words(TopRelevant(m, pw, topic, l, DefaultTerms))
				if !slices.Equal(got, want) {
					t.Errorf("topic %d at lambda %s: bars %q, want %q", topic, lambda, got, want)
				}
				if lambda == "1" {
					first = got
				} else if lambda == "0" && !slices.Equal(got, first) {
					differ++
				}
			}
		}
		if differ == 0 {
			t.Error("no topic's words change between lambda 1 and 0")
		}
		setLambda(t, "1")
	})

	t.Run("search", func(t *testing.T) {
		for _, word := range []string{"w3", "w210"} {
			eval(t, `(() => { const s = document.getElementById('search'); s.value = ''; s.focus(); })()`, nil)
			if err := p.Type(ctx, word); err != nil {
				t.Fatal(err)
			}
			var got struct {
				Word   string
				Topics []int
				Hits   []int
			}
			eval(t, `(() => { const li = document.querySelector('#search-results li');
				return {word: li.querySelector('.word').textContent, topics: [...li.querySelectorAll('button.hit')].map(b => Number(b.dataset.topic)),
					hits: [...document.querySelectorAll('#map circle.hit')].map(c => Number(c.dataset.topic)).sort((a, b) => a - b)}; })()`, &got)
			want := searchTopics(m, pw, word)
			if got.Word != word || !slices.Equal(got.Topics, want) {
				t.Errorf("search %q: first result %q in topics %v, want %v", word, got.Word, got.Topics, want)
			}
			sorted := slices.Sorted(slices.Values(want))
			if !slices.Equal(got.Hits, sorted) {
				t.Errorf("search %q: circles %v marked, want %v", word, got.Hits, sorted)
			}
			if len(want) == 0 {
				t.Errorf("search %q: the test wants a word some topic holds", word)
			}
		}
	})

	t.Run("documents", func(t *testing.T) {
		eval(t, `document.querySelector('#map circle[data-topic="1"]').dispatchEvent(new MouseEvent('click', {bubbles: true}))`, nil)
		var got struct {
			IDs    []string
			Texts  []string
			Head   string
			Labels string
			Bins   int
		}
		eval(t, `({ids: [...document.querySelectorAll('#docs tbody tr td.id')].map(e => e.textContent),
			labels: document.getElementById('docs-labels').textContent,
			texts: [...document.querySelectorAll('#docs tbody tr')].map(tr => { const e = tr.querySelector('.excerpt'); return e ? e.textContent : ''; }),
			head: document.getElementById('docs-words-head').textContent,
			bins: document.querySelectorAll('#hist rect.bin').length})`, &got)
		var want, wantTexts []string
		for _, d := range topn.Indices(len(theta), o.TopDocs, func(d int) float64 { return theta[d][1] }) {
			want = append(want, textsafe.Escape(c.DocIDs[d]))
			wantTexts = append(wantTexts, textsafe.Escape(c.Excerpts[d]))
		}
		if !slices.Equal(got.IDs, want) || got.Bins != HistogramBins-1 {
			t.Errorf("topic 2: documents %q and %d bins, want %q and %d", got.IDs, got.Bins, want, HistogramBins-1)
		}
		if want := "The labels of the 10 labelled documents it dominates: <i>grain</i> 70.0% (7), sugar 30.0% (3)."; got.Labels != want {
			t.Errorf("topic 2: labels %q, want %q", got.Labels, want)
		}
		var one string
		eval(t, `(() => { document.querySelector('#map circle[data-topic="2"]').dispatchEvent(new MouseEvent('click', {bubbles: true}));
			return document.getElementById('docs-labels').textContent; })()`, &one)
		if want := "The label of the labelled document it dominates: cocoa 100.0% (1)."; one != want {
			t.Errorf("topic 3: labels %q, want %q", one, want)
		}
		if !slices.Equal(got.Texts, wantTexts) || !strings.HasPrefix(got.Head, "its text") {
			t.Errorf("topic 2: texts %q under the heading %q, want %q under \"its text, ...\"", got.Texts, got.Head, wantTexts)
		}
	})

	t.Run("hostile text stays text", func(t *testing.T) {
		eval(t, `document.querySelector('#map circle[data-topic="0"]').dispatchEvent(new MouseEvent('click', {bubbles: true}))`, nil)
		bars := barWords(t)
		docTopic := -1 // a topic that shows the first document, of the hostile id
		for k := range m.K {
			if slices.Contains(topn.Indices(len(theta), o.TopDocs, func(d int) float64 { return theta[d][k] }), 0) {
				docTopic = k
			}
		}
		if docTopic < 0 {
			t.Fatal("no topic shows the first document")
		}
		for _, h := range hostileWords {
			if !slices.Contains(bars, textsafe.Escape(h)) {
				t.Errorf("topic 1's bars %q lack the word %q as text", bars, h)
			}
		}
		eval(t, `(() => { const s = document.getElementById('search'); s.value = ''; s.focus(); })()`, nil)
		if err := p.Type(ctx, "<img"); err != nil {
			t.Fatal(err)
		}
		eval(t, `document.querySelector('#map circle[data-topic="`+strconv.Itoa(docTopic)+`"]').dispatchEvent(new MouseEvent('click', {bubbles: true}))`, nil)
		for k := range m.K { // every tooltip
			var c struct{ X, Y float64 }
			eval(t, `(() => { const r = document.querySelector('#map circle[data-topic="`+strconv.Itoa(k)+`"]').getBoundingClientRect();
				return {x: r.left + r.width / 2, y: r.top + r.height / 2}; })()`, &c)
			p.Move(ctx, c.X, c.Y)
		}
		var got struct {
			Pwned   bool
			Found   string
			Doc     string
			Imgs    int
			Scripts int
			Labels  []string
		}
		eval(t, `({pwned: window.__pwned !== undefined, found: document.querySelector('#search-results li .word').textContent,
			doc: [...document.querySelectorAll('#docs td.id, #docs .excerpt')].map(e => e.textContent).join('|'),
			imgs: document.images.length, scripts: document.scripts.length,
			labels: [...document.querySelectorAll('#provenance dd, #params dt, #params dd, #docs-note')].map(e => e.textContent)})`, &got)
		if got.Pwned || got.Imgs != 0 || got.Scripts != 2 {
			t.Errorf("hostile words ran: window.__pwned set %v, %d images, %d scripts", got.Pwned, got.Imgs, got.Scripts)
		}
		if got.Found != hostileWords[1] {
			t.Errorf("searching <img finds %q, want %q", got.Found, hostileWords[1])
		}
		if !strings.Contains(got.Doc, "<img src=x onerror=window.__pwned=1>") || !strings.Contains(got.Doc, textsafe.Escape(hostileExcerpt)) {
			t.Errorf("topic %d's documents %q lack the hostile id or text as text", docTopic+1, got.Doc)
		}
		if all := strings.Join(got.Labels, "|"); !strings.Contains(all, "<b>key</b>") || !strings.Contains(all, "<i>value</i>") || !strings.Contains(all, "<b>docs</b>") {
			t.Errorf("parameters and source not shown as text: %q", all)
		}
		if pr := p.Problems(); len(pr) > 0 {
			t.Errorf("the page reports problems: %q", pr)
		}
	})

	t.Run("near-copies counted", func(t *testing.T) {
		// Documents 60 and 61 copy document 0, a little below its weights.
		docs := make([]int, 0, c.NumDocs()+2)
		for d := range c.NumDocs() {
			docs = append(docs, d)
		}
		cc := corpus.Select(c, append(docs, 0, 0))
		tc := append(slices.Clone(theta), slices.Clone(theta[0]), slices.Clone(theta[0]))
		k := 0 // document 0's dominant topic
		for j, x := range theta[0] {
			if x > theta[0][k] {
				k = j
			}
		}
		tc[60][k] -= 1e-6
		tc[61][k] -= 2e-6
		// And a document without a word of the model, left out.
		cc.Offsets = append(cc.Offsets, cc.Offsets[len(cc.Offsets)-1])
		cc.DocIDs = append(cc.DocIDs, "empty")
		cc.Excerpts = append(cc.Excerpts, "no word of the model")
		tc = append(tc, slices.Clone(theta[0]))
		s, _ := pageOf(t, m, HTMLOptions{Docs: cc, DocTopics: tc, TopDocs: 20, NearCopy: 0.9})
		copyPath := filepath.Join(t.TempDir(), "copies.html")
		if err := os.WriteFile(copyPath, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := p.Navigate(ctx, "file://"+copyPath); err != nil {
			t.Fatal(err)
		}
		var got []string
		eval(t, fmt.Sprintf(`(() => { document.querySelector('#map circle[data-topic="%d"]').dispatchEvent(new MouseEvent('click', {bubbles: true}));
			return [...document.querySelectorAll('#docs tbody tr')].map(tr => { const e = tr.querySelector('.copies'); return e ? tr.querySelector('td.id').textContent + ': ' + e.textContent : ''; }).filter(x => x); })()`, k), &got)
		if want := []string{"<img src=x onerror=window.__pwned=1>: +2 near-copies of it not shown, ranked above the last document shown"}; !slices.Equal(got, want) {
			t.Errorf("topic %d: near-copies shown as %q, want %q", k+1, got, want)
		}
		var note string
		eval(t, `document.getElementById('docs-note').textContent`, &note)
		if want := "The 63 documents of the input, their topic weights inferred under the model (1 has no word of the model: left out of what follows, as their weights are the prior's). "; !strings.HasPrefix(note, want) {
			t.Errorf("the documents' note %q, want it to start with %q", note, want)
		}
		if pr := p.Problems(); len(pr) > 0 {
			t.Errorf("the page reports problems: %q", pr)
		}
	})
	if t.Failed() {
		png, err := p.Screenshot(ctx)
		if err == nil {
			out := filepath.Join(os.TempDir(), "hull-report-test-failure.png")
			os.WriteFile(out, png, 0o644)
			t.Logf("screenshot of the page: %s; page data has %d words", out, len(data.Words))
		}
	}
}

// searchTopics returns the topics the page lists for word: those holding it
// among their DefaultSearchTop most probable words or their relevance
// candidates, by p(w|z), ties to the lower topic.
func searchTopics(m *model.Model, pw []float64, word string) []int {
	w := slices.Index(m.Vocab, word)
	lpw := make([]float64, len(pw))
	for i := range pw {
		lpw[i] = logMarginal(pw[i])
	}
	var ks []int
	for k := range m.K {
		cand, _ := topicCandidates(m.Topics[k], lpw, DefaultTerms)
		if m.Topics[k][w] > 0 && (slices.Contains(m.TopWords(k, DefaultSearchTop), w) || slices.Contains(cand, w)) {
			ks = append(ks, k)
		}
	}
	sort.SliceStable(ks, func(a, b int) bool { return m.Topics[ks[a]][w] > m.Topics[ks[b]][w] })
	return ks
}

// TestEdgePagesInBrowser draws the pages of edgePages to the end: a
// model without Params stopped the script before the topics were drawn.
func TestEdgePagesInBrowser(t *testing.T) {
	b := cdp.ForTest(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	dir := t.TempDir()
	for name, tc := range edgePages() {
		s, _ := pageOf(t, tc.m, tc.o)
		path := filepath.Join(dir, strings.ReplaceAll(name, " ", "-")+".html")
		if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		p, err := b.NewPage(ctx, 1024, 768)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Navigate(ctx, "file://"+path); err != nil {
			t.Fatal(err)
		}
		var got struct {
			Ready string
			Bars  int
		}
		if err := p.Eval(ctx, `({ready: document.body.dataset.ready, bars: document.querySelectorAll('#bars .bar').length})`, &got); err != nil {
			t.Fatal(err)
		}
		if got.Ready != "true" || got.Bars == 0 || len(p.Problems()) > 0 {
			t.Errorf("%s: ready %q, %d bars, problems %q; want a page drawn to the end", name, got.Ready, got.Bars, p.Problems())
		}
		p.Close()
	}
}
