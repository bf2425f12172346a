package report

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

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
	p, data := openPage(ctx, t, b, m, o)
	eval := func(t *testing.T, expr string, out any) {
		t.Helper()
		evalOn(ctx, t, p, expr, out)
	}
	// barWords returns the words of the bars, whose labels may be
	// shortened.
	barWords := func(t *testing.T) []string {
		var ws []string
		eval(t, `(() => { const words = JSON.parse(document.getElementById('`+DataElementID+`').textContent).words;
			return [...document.querySelectorAll('#bars .bar')].map(g => words[g.dataset.word]); })()`, &ws)
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
				t.Errorf("topic 1's bars %q lack the word %q", bars, h)
			}
		}
		var labels []string
		eval(t, `[...document.querySelectorAll('#bars .bar text.word')].map(e => e.textContent)`, &labels)
		for i, l := range labels {
			if l != bars[i] && !(strings.HasSuffix(l, "…") && strings.HasPrefix(bars[i], strings.TrimSuffix(l, "…"))) {
				t.Errorf("topic 1's bar %d is labelled %q, want %q as text, or its start and …", i+1, l, bars[i])
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
		if want := "The 63 documents of the input, their topic weights inferred under the model (1 has no word of the model: left out of what follows, as its weights are the prior's). "; !strings.HasPrefix(note, want) {
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

// TestEdgePagesInBrowser draws the pages of edgePages to the end, and a
// topic's bars: a model without Params stopped the script before the
// topics were drawn.
func TestEdgePagesInBrowser(t *testing.T) {
	b := cdp.ForTest(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	for name, tc := range edgePages() {
		p, _ := openPage(ctx, t, b, tc.m, tc.o)
		var got struct {
			Ready string
			Bars  int
		}
		evalOn(ctx, t, p, `(() => { const ready = document.body.dataset.ready; `+clickTopic(0)+`;
			return {ready: ready, bars: document.querySelectorAll('#bars .bar').length}; })()`, &got)
		if got.Ready != "true" || got.Bars == 0 || len(p.Problems()) > 0 {
			t.Errorf("%s: ready %q, %d bars, problems %q; want a page drawn to the end", name, got.Ready, got.Bars, p.Problems())
		}
	}
}

// openPage writes the page of m and o to a file and opens it in a new
// 1280 x 900 page of b, closed when t ends; it returns the page's data too.
func openPage(ctx context.Context, t *testing.T, b *cdp.Browser, m *model.Model, o HTMLOptions) (*cdp.Page, *page) {
	t.Helper()
	s, data := pageOf(t, m, o)
	path := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := b.NewPage(ctx, 1280, 900)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	if err := p.Navigate(ctx, "file://"+path); err != nil {
		t.Fatal(err)
	}
	return p, data
}

// evalOn evaluates expr in p into out (nil: ignore the value), failing t
// on an error.
func evalOn(ctx context.Context, t *testing.T, p *cdp.Page, expr string, out any) {
	t.Helper()
	if err := p.Eval(ctx, expr, out); err != nil {
		t.Fatal(err)
	}
}

// clickTopic is the script that clicks topic k's circle.
func clickTopic(k int) string {
	return `document.querySelector('#map circle[data-topic="` + strconv.Itoa(k) + `"]').dispatchEvent(new MouseEvent('click', {bubbles: true}))`
}

// press presses key (Tab, Enter or " ") on p as a keyboard does: keyDown,
// typing the key's text, then keyUp.
func press(ctx context.Context, t *testing.T, p *cdp.Page, key string) {
	t.Helper()
	k := map[string]struct {
		code string
		vk   int
		text string
	}{"Tab": {"Tab", 9, ""}, "Enter": {"Enter", 13, "\r"}, " ": {"Space", 32, " "}}[key]
	for _, typ := range []string{"keyDown", "keyUp"} {
		ev := map[string]any{"type": typ, "key": key, "code": k.code, "windowsVirtualKeyCode": k.vk}
		if typ == "keyDown" && k.text != "" {
			ev["text"] = k.text
		}
		if err := p.Call(ctx, "Input.dispatchKeyEvent", ev, nil); err != nil {
			t.Fatal(err)
		}
	}
}

// TestMapKeysInBrowser selects topics with real key events: the focus
// stays on the circle activated, and Tab goes on to the next circle.
// Selecting a topic moved every circle, which took the focus away (to
// <body>) and could hide small circles under the selected one: here
// topic 2, a small near-copy of the large topic 1. The page has Terms 3,
// fewer than the top words the circles name (their aria-label and
// tooltip).
func TestMapKeysInBrowser(t *testing.T) {
	b := cdp.ForTest(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	m := testModel(6, 600, 5)
	for w := range m.Topics[1] {
		m.Topics[1][w] = 0.98*m.Topics[0][w] + 0.02*m.Topics[1][w]
	}
	m.TopicWeights = []float64{0.5, 0.02, 0.12, 0.12, 0.12, 0.12}
	p, _ := openPage(ctx, t, b, m, HTMLOptions{Terms: 3})
	type state struct {
		Active   string // the data-topic of the focused element, or its tag
		Selected string
		Order    []string // the circles' data-topic, in document order
	}
	now := func() state {
		var s state
		evalOn(ctx, t, p, `({active: document.activeElement.getAttribute('data-topic') ?? document.activeElement.tagName,
			selected: document.getElementById('topic-picker').value,
			order: [...document.querySelectorAll('#map circle.topic-circle')].map(c => c.dataset.topic)})`, &s)
		return s
	}
	start := now()
	evalOn(ctx, t, p, `document.getElementById('clear').focus()`, nil)
	for i, step := range []struct{ key, active, selected string }{
		{"Tab", start.Order[0], "-1"},
		{"Enter", start.Order[0], start.Order[0]},
		{"Tab", start.Order[1], start.Order[0]},
		{" ", start.Order[1], start.Order[1]},
		{"Tab", start.Order[2], start.Order[1]},
	} {
		press(ctx, t, p, step.key)
		if got := now(); got.Active != step.active || got.Selected != step.selected || !slices.Equal(got.Order, start.Order) {
			t.Errorf("key %d (%q): focus on %s, topic %s selected, circles in order %v; want focus on circle %s, topic %s selected, circles in order %v",
				i+1, step.key, got.Active, got.Selected, got.Order, step.active, step.selected, start.Order)
		}
	}

	// Every circle keeps a point under the pointer, whatever is selected.
	var hidden map[string][]string
	evalOn(ctx, t, p, `(() => {
		const circles = [...document.querySelectorAll('#map circle.topic-circle')];
		const hidden = () => circles.filter(c => {
			const r = c.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
			for (let dx = -0.9; dx <= 0.9; dx += 0.1) for (let dy = -0.9; dy <= 0.9; dy += 0.1) {
				if (dx * dx + dy * dy < 0.8 && document.elementFromPoint(x + dx * r.width / 2, y + dy * r.height / 2) === c) return false;
			}
			return true;
		}).map(c => c.dataset.topic);
		const out = {};
		for (const c of [null, ...circles]) {
			if (c) c.dispatchEvent(new MouseEvent('click', {bubbles: true}));
			const h = hidden();
			if (h.length > 0) out[c ? c.dataset.topic : 'none'] = h;
		}
		return out;
	})()`, &hidden)
	if len(hidden) > 0 {
		t.Errorf("circles no point of which the pointer reaches, by the topic selected: %v", hidden)
	}

	var labels []string
	evalOn(ctx, t, p, `[...document.querySelectorAll('#map circle.topic-circle')].sort((a, b) => a.dataset.topic - b.dataset.topic).map(c => c.getAttribute('aria-label'))`, &labels)
	for k, label := range labels {
		var top []string
		for _, w := range m.TopWords(k, 5) {
			top = append(top, textsafe.Escape(m.Vocab[w]))
		}
		if want := ": " + strings.Join(top, ", "); !strings.HasSuffix(label, want) {
			t.Errorf("topic %d's circle is labelled %q, want its 5 top words %q", k+1, label, want)
		}
	}
	if pr := p.Problems(); len(pr) > 0 {
		t.Errorf("the page reports problems: %q", pr)
	}
}

// healthOf returns the page's health figures, by their terms.
func healthOf(ctx context.Context, t *testing.T, p *cdp.Page) map[string]string {
	t.Helper()
	var h map[string]string
	evalOn(ctx, t, p, `Object.fromEntries([...document.querySelectorAll('#health dt')].map(dt => [dt.textContent, dt.nextElementSibling.textContent]))`, &h)
	return h
}

// TestDocsWordingInBrowser reads what the page says of the documents: the
// rare topics' threshold above K = 100 (where it is 1/(2K), not 0.5%),
// documents none of which has a word of the model (which are not "none
// given"), and counts of one.
func TestDocsWordingInBrowser(t *testing.T) {
	b := cdp.ForTest(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	t.Run("K 120", func(t *testing.T) {
		m := testModel(120, 2400, 9)
		// 3,000 documents, topic 1 dominant in 13 (0.433%: above 1/240 =
		// 0.417%, below 0.5%) or 12 of them, the others in about 25.
		for _, tc := range []struct {
			first int
			want  string
		}{
			{13, "none (every topic dominates at least 0.417% of the documents)"},
			{12, "1 dominates fewer than 0.417% of the documents: 1"},
		} {
			dominant := make([]int, 3000)
			for d := tc.first; d < len(dominant); d++ {
				dominant[d] = 1 + (d-tc.first)%(m.K-1)
			}
			h := eval.TopicHealth(m, dominant, eval.DefaultTopN)
			p, _ := openPage(ctx, t, b, m, HTMLOptions{Health: &h})
			if got := healthOf(ctx, t, p)["rare topics"]; got != tc.want {
				t.Errorf("topic 1 dominant in %d of 3,000 documents: rare topics %q, want %q", tc.first, got, tc.want)
			}
		}
	})
	t.Run("no word of the model", func(t *testing.T) {
		tc := edgePages()["empty docs"]
		p, _ := openPage(ctx, t, b, tc.m, tc.o)
		h := healthOf(ctx, t, p)
		var got struct{ Summary, Heading string }
		evalOn(ctx, t, p, `(() => { const heading = document.getElementById('words-heading').textContent; `+clickTopic(0)+`;
			return {summary: document.getElementById('docs-summary').textContent, heading: heading}; })()`, &got)
		if want := "none of the 2 documents has a word of the model: the document figures need documents that have one"; h["documents"] != want {
			t.Errorf("health: documents %q, want %q", h["documents"], want)
		}
		if want := "topic 1: the dominant topic of no document (0.0%); 0 give it less than 0.05"; !strings.HasPrefix(got.Summary, want) {
			t.Errorf("topic 1: %q, want it to start with %q", got.Summary, want)
		}
		if want := "No word of the model occurs in the documents (no topic selected)"; got.Heading != want {
			t.Errorf("no topic selected: the bars' heading %q, want %q", got.Heading, want)
		}
	})
	t.Run("one document", func(t *testing.T) {
		m := edgePages()["no params"].m
		c := corpus.FromTokens([][]string{{"c", "c", "b"}})
		c, _ = corpus.Align(c, m.Vocab)
		p, _ := openPage(ctx, t, b, m, HTMLOptions{Docs: c, DocTopics: [][]float64{{0.1, 0.9}}})
		h := healthOf(ctx, t, p)
		var got struct{ Summary, Note, Head string }
		evalOn(ctx, t, p, `(() => { `+clickTopic(1)+`;
			return {summary: document.getElementById('docs-summary').textContent, note: document.getElementById('docs-note').textContent,
				head: document.getElementById('summary').textContent}; })()`, &got)
		for _, tc := range []struct{ name, got, want string }{
			{"health: largest topic", h["largest topic"], "topic 2 is the dominant topic of 100.0% of the 1 document"},
			{"health: near-duplicate pairs", h["near-duplicate pairs"], "the two topics share at least half of their top 3 words"},
			{"health: documents", h["documents"], "too few to judge 2 topics by (want at least 50): no sign of collapse or incoherence is drawn from them"},
			{"topic 2", got.Summary, "topic 2: the dominant topic of 1 document (100.0%); 0 give it less than 0.05"},
			{"the documents' note", got.Note, "The document of the input, its topic weights inferred under the model. "},
			{"the summary", got.Head, "model, K = 2 · 3 words · 1 document, 3 tokens"},
		} {
			if !strings.HasPrefix(tc.got, tc.want) {
				t.Errorf("%s: %q, want it to start with %q", tc.name, tc.got, tc.want)
			}
		}
		if pr := p.Problems(); len(pr) > 0 {
			t.Errorf("the page reports problems: %q", pr)
		}
	})
}

// TestLongWordsInBrowser: a word, an id, a label or a parameter of
// thousands of characters without a break, as URLs, hashes or base64 in
// a corpus, do not widen the page, and a bar's label is shortened, the
// whole word shown on hovering the bar.
func TestLongWordsInBrowser(t *testing.T) {
	b := cdp.ForTest(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	m := testModel(3, 300, 2)
	long, wide := strings.Repeat("x", 3000), strings.Repeat("語", 19) // topic 1's top words
	m.Vocab[150+10], m.Vocab[150+11] = long, wide
	m.TopicLabels = []string{strings.Repeat("l", 2000), "", ""}
	m.Params[strings.Repeat("k", 2000)] = strings.Repeat("v", 2000)
	c, theta := testDocs(t, m, 30)
	c.DocIDs[1] = strings.Repeat("i", 5000)
	c.Excerpts[2] = strings.Repeat("e", 5000)
	p, _ := openPage(ctx, t, b, m, HTMLOptions{Docs: c, DocTopics: theta, TopDocs: 30, Title: strings.Repeat("t", 1000), Source: strings.Repeat("s", 1000)})
	evalOn(ctx, t, p, clickTopic(0), nil)
	evalOn(ctx, t, p, `(() => { const s = document.getElementById('search'); s.value = 'xxx'; s.dispatchEvent(new Event('input')); })()`, nil)
	var got struct {
		Scroll, Client int
		Labels         []string
		Left           float64
		Long           struct{ X, Y float64 }
	}
	evalOn(ctx, t, p, `(() => {
		const labels = [...document.querySelectorAll('#bars .bar text.word')];
		const bar = document.querySelector('#bars .bar[data-word="' + JSON.parse(document.getElementById('hull-report-data').textContent).words.indexOf('xxx'.repeat(1000)) + '"] rect');
		bar.scrollIntoView({block: 'center'});
		const long = bar.getBoundingClientRect();
		return {scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth,
			labels: labels.map(e => e.textContent), left: Math.min(...labels.map(e => e.getBBox().x)), long: {x: long.left + 2, y: long.top + long.height / 2}};
	})()`, &got)
	if got.Scroll > got.Client {
		t.Errorf("the page is %d pixels wide in a window of %d", got.Scroll, got.Client)
	}
	shortened := slices.IndexFunc(got.Labels, func(l string) bool {
		return strings.HasPrefix(l, "xxxxxxxxx") && strings.HasSuffix(l, "…") && utf8.RuneCountInString(l) <= 20
	})
	if shortened < 0 || got.Left < 0 {
		t.Errorf("topic 1's bars are labelled %q, leftmost at %v; want the long word shortened to xxx…, at most 20 characters, all from x >= 0", got.Labels, got.Left)
	}
	if err := p.Move(ctx, got.Long.X, got.Long.Y); err != nil {
		t.Fatal(err)
	}
	var head string
	evalOn(ctx, t, p, `document.querySelector('#tooltip .tip-head').textContent`, &head)
	if head != long {
		t.Errorf("hovering the long word's bar shows %d characters %.30q..., want the whole word", len(head), head)
	}
	if pr := p.Problems(); len(pr) > 0 {
		t.Errorf("the page reports problems: %q", pr)
	}
}

// TestSearchBackslashWordsInBrowser: a word with a backslash, shown with
// it doubled (textsafe.Data, so that it cannot pass for an escape), is
// found typed either way.
func TestSearchBackslashWordsInBrowser(t *testing.T) {
	b := cdp.ForTest(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	m := testModel(3, 300, 2)
	m.Vocab[150+10] = `a\b` // one of topic 1's top words
	p, _ := openPage(ctx, t, b, m, HTMLOptions{})
	for _, typed := range []string{`a\b`, `a\\b`, `a\`} {
		evalOn(ctx, t, p, `(() => { const s = document.getElementById('search'); s.value = ''; s.focus(); })()`, nil)
		if err := p.Type(ctx, typed); err != nil {
			t.Fatal(err)
		}
		var found string
		evalOn(ctx, t, p, `(() => { const w = document.querySelector('#search-results li .word'); return w ? w.textContent : ''; })()`, &found)
		if found != `a\\b` {
			t.Errorf("typing %q finds %q, want the word shown as a\\\\b", typed, found)
		}
	}
}

// TestSearchInvisibleWordsInBrowser: a word holding an invisible or
// unsafe character (shown escaped, textsafe.Data) is found pasted as
// written and typed as shown.
func TestSearchInvisibleWordsInBrowser(t *testing.T) {
	b := cdp.ForTest(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	for _, tc := range []struct {
		word    string
		queries []string // each finds the word, shown as want
		want    string
	}{
		{"co\u00adop", []string{"co\u00adop", `co\u00adop`, "co\u00ad"}, `co\u00adop`}, // soft hyphen
		{"x\U000e0067y", []string{"x\U000e0067y", `x\U000e0067`}, `x\U000e0067y`},      // a tag character
		{"rtl\u200fmark", []string{"rtl\u200fmark", `rtl\u200fm`}, `rtl\u200fmark`},    // a bidi control, unsafe
		{"\ufeffbom", []string{"\ufeffbom", `\ufeffb`}, `\ufeffbom`},                   // not trimmed as white space
	} {
		m := testModel(3, 300, 2)
		m.Vocab[150+10] = tc.word // one of topic 1's top words
		p, _ := openPage(ctx, t, b, m, HTMLOptions{})
		searchFinds(ctx, t, p, tc.queries, tc.want)
	}
}

// searchFinds checks that each query typed in the page's search finds
// want first.
func searchFinds(ctx context.Context, t *testing.T, p *cdp.Page, queries []string, want string) {
	t.Helper()
	for _, query := range queries {
		var found string
		q, _ := json.Marshal(query) // a JavaScript string literal (strconv.Quote's \U is not one)
		evalOn(ctx, t, p, `((q) => { const s = document.getElementById('search'); s.value = q; s.dispatchEvent(new Event('input'));
			const w = document.querySelector('#search-results li .word'); return w ? w.textContent : ''; })(`+string(q)+`)`, &found)
		if found != want {
			t.Errorf("searching %q finds %q, want %q", query, found, want)
		}
	}
}
