package report

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/internal/textsafe"
	"github.com/hulltopics/hull/internal/topn"
	"github.com/hulltopics/hull/model"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// Words that would run script if a page inserted them as markup: each
// sets window.__pwned.
var hostileWords = []string{
	"</script><script>window.__pwned=1</script>",
	"<img src=x onerror=window.__pwned=1>",
	"<script>window.__pwned=1</script>",
	"<!--",
	"a&amp;b",
	"\u202eevil", // a right-to-left override: escaped for display
}

// testModel returns a model of k topics over v words whose topics share
// frequent words (word w has weight 1/(w+1)) and each have a block of
// words of their own, so that ranking by p(w|z) and by lift differ. The
// words are "w0" ... with hostileWords in the first topic's block, where
// they are among its most probable words.
func testModel(k, v int, seed uint64) *model.Model {
	r := rand.New(rand.NewPCG(seed, 7))
	m := &model.Model{Algorithm: "test", K: k, Vocab: make([]string, v), Topics: make([][]float64, k),
		Params: map[string]any{"alpha": 0.1, "<b>key</b>": "<i>value</i>"}}
	for w := range v {
		m.Vocab[w] = fmt.Sprintf("w%d", w)
	}
	block := v / (2 * k)
	for i, h := range hostileWords {
		m.Vocab[v/2+i] = h
	}
	for t := range k {
		row := make([]float64, v)
		s := 0.0
		for w := range row {
			row[w] = (0.5 + r.Float64()) / float64(w+1)
			if w >= v/2+t*block && w < v/2+(t+1)*block {
				row[w] *= float64(w + 1)
			}
			hostile := t == 0 && w >= v/2 && w < v/2+len(hostileWords)
			if r.IntN(10) == 0 && !hostile {
				row[w] = 0 // zeros: never candidates, never shown
			}
			s += row[w]
		}
		for w := range row {
			row[w] /= s
		}
		m.Topics[t] = row
	}
	m.Provenance = model.Provenance{HullVersion: "test", InputDigest: "abc", Seed: 3}
	return m
}

// hostileExcerpt is the text of the first document of testDocs.
const hostileExcerpt = "<img src=x onerror=window.__pwned=2> \u202eevil </script>"

// testDocs draws d documents from m, the first with a hostile id and
// excerpt, the fourth without an excerpt, and infers their topic weights.
func testDocs(t testing.TB, m *model.Model, d int) (*corpus.Corpus, [][]float64) {
	t.Helper()
	r := rand.New(rand.NewPCG(11, 12))
	b := corpus.NewBuilder(m.Vocab)
	for doc := range d {
		k := doc % m.K
		counts := map[int32]int32{}
		for range 30 {
			u, w := r.Float64(), 0
			for ; w < len(m.Vocab)-1 && u > m.Topics[k][w]; w++ {
				u -= m.Topics[k][w]
			}
			counts[int32(w)]++
		}
		words := make([]int32, 0, len(counts))
		for w := range counts {
			words = append(words, w)
		}
		slices.Sort(words)
		for _, w := range words {
			b.Add(w, counts[w])
		}
		id := fmt.Sprintf("doc%d", doc)
		if doc == 0 {
			id = "<img src=x onerror=window.__pwned=1>"
		}
		b.EndDoc(id)
	}
	c := b.Corpus()
	c.Excerpts = make([]string, d)
	for doc := range d {
		if doc != 3 {
			c.Excerpts[doc] = fmt.Sprintf("The text of document %d", doc)
		}
	}
	c.Excerpts[0] = hostileExcerpt
	theta, err := infer.Infer(context.Background(), m, c, infer.Options{Alpha: infer.AlphaFor(m, 0), Threads: 1})
	if err != nil {
		t.Fatal(err)
	}
	return c, theta
}

// pageOf renders m and returns the page and its data.
func pageOf(t testing.TB, m *model.Model, o HTMLOptions) (string, *page) {
	t.Helper()
	var buf bytes.Buffer
	if err := HTML(context.Background(), &buf, m, o); err != nil {
		t.Fatal(err)
	}
	s := buf.String()
	start := strings.Index(s, `<script type="application/json" id="`+DataElementID+`">`)
	if start < 0 {
		t.Fatal("no data element")
	}
	rest := s[start:]
	rest = rest[strings.Index(rest, ">")+1:]
	var p page
	if err := json.Unmarshal([]byte(pageData(t, s)), &p); err != nil {
		t.Fatal(err)
	}
	return s, &p
}

// pageData returns the JSON of the page s's data element.
func pageData(t testing.TB, s string) string {
	t.Helper()
	start := strings.Index(s, `<script type="application/json" id="`+DataElementID+`">`)
	if start < 0 {
		t.Fatal("no data element")
	}
	rest := s[start:]
	rest = rest[strings.Index(rest, ">")+1:]
	return rest[:strings.Index(rest, "</script>")]
}

// edgePages are models and documents at the edges of what HTML draws: a
// model built by hand without Params, a single topic over a single word,
// and documents none of whose words the model holds.
func edgePages() map[string]struct {
	m *model.Model
	o HTMLOptions
} {
	m := &model.Model{K: 2, Vocab: []string{"a", "b", "c"}, Topics: [][]float64{{0.5, 0.5, 0}, {0, 0.2, 0.8}}}
	empty := &corpus.Corpus{Vocab: m.Vocab, DocIDs: []string{"d1", "d2"}, Offsets: []int64{0, 0, 0}}
	return map[string]struct {
		m *model.Model
		o HTMLOptions
	}{
		"no params":  {m, HTMLOptions{}},
		"K 1, V 1":   {&model.Model{K: 1, Vocab: []string{"a"}, Topics: [][]float64{{1}}}, HTMLOptions{}},
		"empty docs": {m, HTMLOptions{Docs: empty, DocTopics: [][]float64{{0.5, 0.5}, {0.5, 0.5}}}},
	}
}

// The page's script reads every array of the data but the health
// figures' without a check: none of them may be null (a model without
// Params stopped the script before the topics were drawn).
func TestHTMLDataHasNoNull(t *testing.T) {
	var nulls func(path string, v any) []string
	nulls = func(path string, v any) (found []string) {
		switch v := v.(type) {
		case nil:
			return []string{path}
		case map[string]any:
			for key, e := range v {
				if path+key != "health" {
					found = append(found, nulls(path+"."+key, e)...)
				}
			}
		case []any:
			for i, e := range v {
				found = append(found, nulls(fmt.Sprintf("%s[%d]", path, i), e)...)
			}
		}
		return found
	}
	for name, tc := range edgePages() {
		s, _ := pageOf(t, tc.m, tc.o)
		var data any
		if err := json.Unmarshal([]byte(pageData(t, s)), &data); err != nil {
			t.Fatal(err)
		}
		if found := nulls("", data); len(found) > 0 {
			t.Errorf("%s: null at %v", name, found)
		}
	}
}

// The candidates of every topic hold its top words at every position of
// the slider, ranked over the whole vocabulary, and nothing else.
func TestRelevanceCandidatesAreTheUnionOfTheTopLists(t *testing.T) {
	for _, tc := range []struct {
		k, v, n int
	}{{3, 200, 10}, {5, 2000, 30}, {2, 40, 30}, {4, 25, 30}} {
		m := testModel(tc.k, tc.v, uint64(tc.v))
		pw := Marginal(m, []float64{0.5, 0.3, 0.1, 0.05, 0.05}[:tc.k])
		lpw := make([]float64, len(pw))
		for w := range pw {
			lpw[w] = logMarginal(pw[w])
		}
		for k := range m.K {
			got, logp := topicCandidates(m.Topics[k], lpw, tc.n)
			want := map[int]bool{}
			for j := 0; j <= sliderSteps; j++ {
				for _, w := range TopRelevant(m, pw, k, float64(j)/sliderSteps, tc.n) {
					want[w] = true
				}
			}
			if len(got) != len(want) {
				t.Errorf("K %d V %d topic %d: %d candidates, want the %d words of the top lists", tc.k, tc.v, k, len(got), len(want))
			}
			for i, w := range got {
				if !want[w] {
					t.Errorf("K %d V %d topic %d: candidate %q is in no top list", tc.k, tc.v, k, m.Vocab[w])
				}
				if logp[i] != math.Log(m.Topics[k][w]) || (i > 0 && logp[i] > logp[i-1]) {
					t.Errorf("K %d V %d topic %d: candidate %d: log p %v, want %v, sorted down", tc.k, tc.v, k, i, logp[i], math.Log(m.Topics[k][w]))
				}
			}
		}
	}
}

// Hovering a topic's circle shows its hoverWords most probable words, the
// first of its candidates, however few Terms its bars show.
func TestHTMLCandidatesHoldTheTopWords(t *testing.T) {
	m := testModel(4, 500, 3)
	for _, terms := range []int{1, 3, DefaultTerms} {
		_, p := pageOf(t, m, HTMLOptions{Terms: terms})
		for k, tp := range p.Topics {
			var got, want []string
			for _, w := range tp.Cand[:min(hoverWords, len(tp.Cand))] {
				got = append(got, p.Words[w])
			}
			for _, w := range m.TopWords(k, hoverWords) {
				want = append(want, textsafe.Escape(m.Vocab[w]))
			}
			if !slices.Equal(got, want) {
				t.Errorf("Terms %d, topic %d: the first candidates %q, want the top words %q", terms, k+1, got, want)
			}
		}
	}
}

// With documents, the bars shown with no topic selected are the Terms
// words of most tokens in them, ties to the lower word, and none without
// a token; without documents, the words of highest p(w).
func TestHTMLOverallWords(t *testing.T) {
	m := testModel(4, 500, 3)
	c, theta := testDocs(t, m, 40)
	counts := c.WordCounts()
	_, p := pageOf(t, m, HTMLOptions{Docs: c, DocTopics: theta, Terms: 25})
	var got, want []string
	for _, i := range p.Overall {
		got = append(got, p.Words[i])
	}
	for _, w := range topn.Indices(len(counts), 25, func(w int) float64 { return float64(counts[w]) }) {
		want = append(want, textsafe.Escape(m.Vocab[w]))
	}
	if !slices.Equal(got, want) {
		t.Errorf("with documents: %q, want the words of most tokens %q", got, want)
	}
	tiny := corpus.Select(c, []int{1})
	_, p = pageOf(t, m, HTMLOptions{Docs: tiny, DocTopics: theta[1:2], Terms: MaxTerms})
	if n := slices.IndexFunc(p.Overall, func(i int) bool { return p.Count[i] == 0 }); n >= 0 || len(p.Overall) != int(tiny.NNZ()) {
		t.Errorf("one document of %d different words: %d most frequent words, the first without a token at %d", tiny.NNZ(), len(p.Overall), n)
	}
	share, _ := ModelShares(m)
	pw := Marginal(m, share)
	top := topn.Indices(len(pw), DefaultTerms, func(w int) float64 { return pw[w] })
	_, p = pageOf(t, m, HTMLOptions{})
	for r, i := range p.Overall {
		if want := textsafe.Escape(m.Vocab[top[r]]); p.Words[i] != want {
			t.Errorf("without documents: word %d is %q, want %q", r+1, p.Words[i], want)
		}
	}
}

func TestTopRelevantEnds(t *testing.T) {
	m := testModel(3, 300, 1)
	pw := Marginal(m, []float64{1. / 3, 1. / 3, 1. / 3})
	for k := range m.K {
		if got, want := TopRelevant(m, pw, k, 1, 20), m.TopWords(k, 20); !slices.Equal(got, want) {
			t.Errorf("topic %d at lambda 1: %v, want the top words %v", k, got, want)
		}
		lift := TopRelevant(m, pw, k, 0, 20)
		for i := 1; i < len(lift); i++ {
			a, b := m.Topics[k][lift[i-1]]/pw[lift[i-1]], m.Topics[k][lift[i]]/pw[lift[i]]
			if a < b*(1-1e-12) {
				t.Errorf("topic %d at lambda 0: lift %v before %v", k, a, b)
			}
		}
		if slices.Equal(lift, m.TopWords(k, 20)) {
			t.Errorf("topic %d: the same words at lambda 0 and 1", k)
		}
	}
}

func TestJSDivergences(t *testing.T) {
	m := &model.Model{K: 4, Vocab: []string{"a", "b", "c", "d"}, Topics: [][]float64{
		{0.5, 0.5, 0, 0}, {0, 0, 0.5, 0.5}, {0.5, 0.5, 0, 0}, {0.25, 0.25, 0.25, 0.25}}}
	d, err := JSDivergences(context.Background(), m, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	// JS of {1/2, 1/2, 0, 0} and the uniform: M = {3/8, 3/8, 1/8, 1/8}.
	mid := 0.5*(math.Log(0.5/0.375)) + 0.5*(0.5*math.Log(0.25/0.375)+0.5*math.Log(0.25/0.125))
	for _, tc := range []struct {
		a, b int
		want float64
	}{{0, 1, math.Ln2}, {0, 2, 0}, {0, 0, 0}, {1, 3, mid}, {3, 2, mid}} {
		if got := d.At(tc.a, tc.b); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("JS(%d, %d) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// Classical scaling of Euclidean distances gives back the points up to a
// rotation: the same distances.
func TestClassicalScalingRecoversDistances(t *testing.T) {
	pts := [][2]float64{{0, 0}, {3, 0}, {0, 4}, {-1, -2}, {2, 2}}
	n := len(pts)
	d := mat.NewSymDense(n, nil)
	dist := func(a, b [2]float64) float64 { return math.Hypot(a[0]-b[0], a[1]-b[1]) }
	for i := range pts {
		for j := range pts {
			d.SetSym(i, j, dist(pts[i], pts[j]))
		}
	}
	x, err := ClassicalScaling(d, 2)
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		for j := range n {
			got := dist([2]float64{x.At(i, 0), x.At(i, 1)}, [2]float64{x.At(j, 0), x.At(j, 1)})
			if math.Abs(got-d.At(i, j)) > 1e-9 {
				t.Errorf("distance %d-%d: %v, want %v", i, j, got, d.At(i, j))
			}
		}
	}
	if one, err := ClassicalScaling(mat.NewSymDense(1, nil), 2); err != nil || one.At(0, 0) != 0 || one.At(0, 1) != 0 {
		t.Errorf("one point: %v, %v; want the origin", one, err)
	}
}

// Merging words can only shrink a divergence, by at most log 2 times the
// merged mass; a model under the budget is kept whole.
func TestMergeWords(t *testing.T) {
	m := testModel(6, 3000, 5)
	exact, err := JSDivergences(context.Background(), m, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	merged, err := jsDivergences(context.Background(), mergeWords(m.Topics, 500), 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	kept := topn.Indices(len(m.Vocab), 500, func(w int) float64 {
		b := 0.0
		for _, row := range m.Topics {
			b = max(b, row[w])
		}
		return b
	})
	for a := range m.K {
		for b := range m.K {
			tail := 1.0
			for _, w := range kept {
				tail -= (m.Topics[a][w] + m.Topics[b][w]) / 2
			}
			e, g := exact.At(a, b), merged.At(a, b)
			if g > e+1e-12 || e-g > math.Ln2*tail+1e-12 {
				t.Errorf("topics %d, %d: merged %v, exact %v, merged mass %v", a, b, g, e, tail)
			}
		}
	}
}

func TestFastLog(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for range 100000 {
		x := math.Exp(r.Float64()*1400 - 700)
		if d := math.Abs(fastLog(x) - math.Log(x)); d > 1e-15*math.Max(1, math.Abs(math.Log(x))) {
			t.Fatalf("fastLog(%v) = %v, math.Log %v", x, fastLog(x), math.Log(x))
		}
	}
	for _, x := range []float64{1, 2, 0.5, 1e-310, math.SmallestNonzeroFloat64, 1 - 1e-16} {
		if fastLog(x) != math.Log(x) && math.Abs(fastLog(x)-math.Log(x)) > 1e-15 {
			t.Errorf("fastLog(%v) = %v, math.Log %v", x, fastLog(x), math.Log(x))
		}
	}
}

// No word, id, label or parameter can close the data's <script> element
// or open a comment: the data holds no '<' at all, the page exactly its
// two script elements, and the words come back intact.
func TestHTMLEscapesCorpusText(t *testing.T) {
	m := testModel(3, 200, 2)
	m.TopicLabels = []string{"<script>window.__pwned=1</script>", "ok", "</title>"}
	c, theta := testDocs(t, m, 20)
	labels := []eval.TopicLabels{{Docs: 2, Labels: []eval.LabelCount{{Label: "</script>\u202e", Docs: 2}}}, {}, {}}
	s, p := pageOf(t, m, HTMLOptions{Docs: c, DocTopics: theta, Source: "</script>", Title: "<b>title</b>", Labels: labels})
	if n := strings.Count(s, "<script"); n != 2 {
		t.Errorf("%d <script in the page, want 2", n)
	}
	if n := strings.Count(s, "</script"); n != 2 {
		t.Errorf("%d </script in the page, want 2", n)
	}
	if n := strings.Count(s, "<!--"); n != 0 {
		t.Errorf("%d <!-- in the page, want none", n)
	}
	if !strings.Contains(s, "<title>&lt;b&gt;title&lt;/b&gt;</title>") {
		t.Error("the title is not escaped")
	}
	i := strings.Index(s, DataElementID)
	data := s[i+len(DataElementID)+2:]
	data = data[:strings.Index(data, "</script>")]
	if strings.ContainsAny(data, "<>") {
		t.Error("the data holds < or >")
	}
	for _, w := range hostileWords[:5] {
		if !slices.Contains(p.Words, w) {
			t.Errorf("word %q is not in the page's words", w)
		}
	}
	if !slices.Contains(p.Words, `\u202eevil`) {
		t.Errorf("the right-to-left override is not escaped: %q", p.Words)
	}
	if p.Docs.IDs[0] != "<img src=x onerror=window.__pwned=1>" && !slices.Contains(p.Docs.IDs, "<img src=x onerror=window.__pwned=1>") {
		t.Errorf("the hostile id is not among the documents shown: %q", p.Docs.IDs)
	}
	if got := p.Docs.Labels[0].Labels[0].Label; got != `</script>\u202e` {
		t.Errorf("the hostile label is shown as %q", got)
	}
	if want := `<img src=x onerror=window.__pwned=2> \u202eevil </script>`; !slices.Contains(p.Docs.Text, want) {
		t.Errorf("the hostile excerpt is not among the texts shown as %q: %q", want, p.Docs.Text)
	}
}

func TestHTMLData(t *testing.T) {
	m := testModel(4, 500, 3)
	c, theta := testDocs(t, m, 40)
	_, p := pageOf(t, m, HTMLOptions{Docs: c, DocTopics: theta, TopDocs: 5, Terms: 12})
	if len(p.Topics) != 4 || p.K != 4 || p.V != 500 || p.Terms != 12 || p.Docs.N != 40 {
		t.Fatalf("page of K %d, %d topics, V %d, terms %d, %d documents", p.K, len(p.Topics), p.V, p.Terms, p.Docs.N)
	}
	share := TokenShares(c, theta, m.K)
	total := 0.0
	for k, tp := range p.Topics {
		total += tp.Share
		if math.Abs(tp.Share-share[k]) > 1e-3*share[k] {
			t.Errorf("topic %d: share %v, want %v", k, tp.Share, share[k])
		}
		want := topn.Indices(len(theta), 5, func(d int) float64 { return theta[d][k] })
		var got []string
		for _, d := range p.Docs.Top[k] {
			got = append(got, p.Docs.IDs[d])
		}
		var wantIDs []string
		for _, d := range want {
			wantIDs = append(wantIDs, c.DocIDs[d])
		}
		if !slices.Equal(got, wantIDs) {
			t.Errorf("topic %d: documents %q, want %q", k, got, wantIDs)
		}
		for r, d := range p.Docs.Top[k] {
			if want := textsafe.Escape(c.Excerpts[want[r]]); p.Docs.Text[d] != want {
				t.Errorf("topic %d: document %s has text %q, want %q", k, p.Docs.IDs[d], p.Docs.Text[d], want)
			}
		}
		n := 0
		for _, x := range p.Docs.Hist[k] {
			n += x
		}
		if n != 40 {
			t.Errorf("topic %d: histogram of %d documents, want 40", k, n)
		}
	}
	if math.Abs(total-1) > 1e-3 {
		t.Errorf("shares sum to %v", total)
	}
	if p.Health.Docs != 40 || p.Health.K != 4 || len(p.Health.NPMI) != 4 {
		t.Errorf("health of %d documents, K %d, NPMI of %d topics", p.Health.Docs, p.Health.K, len(p.Health.NPMI))
	}
	// A corpus without excerpts gives no text, nor one whose documents
	// shown have empty excerpts (JSON lines' items): the page would say
	// they are shown with their text.
	bare := *c
	bare.Excerpts = nil
	if _, p := pageOf(t, m, HTMLOptions{Docs: &bare, DocTopics: theta}); p.Docs.Text != nil {
		t.Errorf("documents without excerpts shown with text %q", p.Docs.Text)
	}
	bare.Excerpts = make([]string, c.NumDocs())
	if _, p := pageOf(t, m, HTMLOptions{Docs: &bare, DocTopics: theta}); p.Docs.Text != nil {
		t.Errorf("documents of empty excerpts shown with text %q", p.Docs.Text)
	}
	// Every word of a topic's top SearchTop is found, with that topic.
	for k := range m.K {
		for _, w := range m.TopWords(k, DefaultSearchTop) {
			i := slices.Index(p.Words, textsafe.Escape(m.Vocab[w]))
			found := false
			for h := 0; i >= 0 && h < len(p.Hits[i]); h += 2 {
				found = found || int(p.Hits[i][h]) == k
			}
			if !found {
				t.Errorf("topic %d: search does not find %q in it", k, m.Vocab[w])
			}
		}
	}
	// Without documents the shares are the model's p(z).
	m.TopicWeights = []float64{0.4, 0.3, 0.2, 0.1}
	_, p = pageOf(t, m, HTMLOptions{})
	if p.Docs != nil || p.Topics[0].Share != 0.4 || p.Count != nil || !strings.Contains(p.ShareSource, "p(z)") {
		t.Errorf("without documents: docs %v, share %v, counts %v, source %q", p.Docs, p.Topics[0].Share, p.Count, p.ShareSource)
	}
}

// TestHTMLPassesOverNearCopies checks that a topic's documents skip the
// copies of one shown above them, and that the page counts them beside it.
func TestHTMLPassesOverNearCopies(t *testing.T) {
	m := testModel(2, 100, 5)
	c, theta := testDocs(t, m, 6)
	// Documents 6 and 7 copy document 0, whose weights they take a little
	// below its own: topic 1's documents are 0 (2 copies), 2, 4.
	c = corpus.Select(c, []int{0, 1, 2, 3, 4, 5, 0, 0})
	theta = append(theta, []float64{theta[0][0] - 1e-6, theta[0][1] + 1e-6}, []float64{theta[0][0] - 2e-6, theta[0][1] + 2e-6})
	_, p := pageOf(t, m, HTMLOptions{Docs: c, DocTopics: theta, TopDocs: 3, NearCopy: infer.DefaultNearCopy})
	var ids []string
	for _, d := range p.Docs.Top[0] {
		ids = append(ids, p.Docs.IDs[d])
	}
	want := []string{textsafe.Escape(c.DocIDs[0]), "doc2", "doc4"}
	if !slices.Equal(ids, want) || !slices.Equal(p.Docs.Copies[0], []int{2, 0, 0}) {
		t.Errorf("topic 1: documents %q with %v near-copies, want %q with [2 0 0]", ids, p.Docs.Copies[0], want)
	}
	// NearCopy 0 shows them all, and the page has no counts.
	_, p = pageOf(t, m, HTMLOptions{Docs: c, DocTopics: theta, TopDocs: 3})
	copies := 0
	for _, d := range p.Docs.Top[0] {
		if p.Docs.IDs[d] == want[0] {
			copies++
		}
	}
	if copies != 2 || p.Docs.Copies != nil {
		t.Errorf("NearCopy 0: topic 1's documents %v (%q), copies %v; want document 0 and a copy", p.Docs.Top[0], p.Docs.IDs, p.Docs.Copies)
	}
}

// TestHTMLLeavesOutDocsWithoutWords checks that a document with none of
// the model's words, whose weights are the prior's, is neither shown nor
// counted in the histograms or the dominant topics.
func TestHTMLLeavesOutDocsWithoutWords(t *testing.T) {
	m := testModel(2, 100, 5)
	c, theta := testDocs(t, m, 6)
	e := *c
	e.Offsets = append(slices.Clone(c.Offsets), c.Offsets[len(c.Offsets)-1])
	e.DocIDs = append(slices.Clone(c.DocIDs), "empty")
	e.Excerpts = append(slices.Clone(c.Excerpts), "no word of the model")
	theta = append(theta, []float64{0.5, 0.5})
	_, p := pageOf(t, m, HTMLOptions{Docs: &e, DocTopics: theta, TopDocs: 10})
	dominated := 0
	for k := range m.K {
		shown := 0
		for _, x := range p.Docs.Hist[k] {
			shown += x
		}
		if shown != 6 || len(p.Docs.Top[k]) != 6 {
			t.Errorf("topic %d: %d documents in the histogram and %d shown, want 6 and 6", k+1, shown, len(p.Docs.Top[k]))
		}
		dominated += p.Docs.Dominant[k]
	}
	if slices.Contains(p.Docs.IDs, "empty") || dominated != 6 || p.Docs.Empty != 1 {
		t.Errorf("the document without words: shown %v, %d documents dominated, want 6; %d said empty, want 1", slices.Contains(p.Docs.IDs, "empty"), dominated, p.Docs.Empty)
	}
}

func TestHTMLRefuses(t *testing.T) {
	m := testModel(3, 100, 4)
	c, theta := testDocs(t, m, 5)
	other, _ := corpus.Align(c, append(slices.Clone(m.Vocab[:99]), "zz"))
	for _, tc := range []struct {
		name string
		o    HTMLOptions
		want string
	}{
		{"terms", HTMLOptions{Terms: -1}, "Terms = -1"},
		{"top docs", HTMLOptions{TopDocs: MaxTopDocs + 1}, "TopDocs"},
		{"search", HTMLOptions{SearchTop: -2}, "SearchTop"},
		{"threads", HTMLOptions{Threads: -1}, "Threads"},
		{"near-copy", HTMLOptions{NearCopy: 1.5}, "NearCopy = 1.5"},
		{"near-copy NaN", HTMLOptions{NearCopy: math.NaN()}, "NearCopy = NaN"},
		{"weights alone", HTMLOptions{DocTopics: theta}, "DocTopics or Labels without Docs"},
		{"labels alone", HTMLOptions{Labels: make([]eval.TopicLabels, 3)}, "DocTopics or Labels without Docs"},
		{"labels", HTMLOptions{Docs: c, DocTopics: theta, Labels: make([]eval.TopicLabels, 2)}, "Labels of 2 topics for K = 3"},
		{"rows", HTMLOptions{Docs: c, DocTopics: theta[:4]}, "4 rows for 5 documents"},
		{"row length", HTMLOptions{Docs: c, DocTopics: append([][]float64{{1}}, theta[1:]...)}, "row 0 has 1 weights"},
		{"nan", HTMLOptions{Docs: c, DocTopics: append([][]float64{{math.NaN(), 0, 1}}, theta[1:]...)}, "NaN"},
		{"vocabulary", HTMLOptions{Docs: other, DocTopics: theta}, "vocabulary"},
	} {
		var buf bytes.Buffer
		err := HTML(context.Background(), &buf, m, tc.o)
		if err == nil || !strings.Contains(err.Error(), tc.want) || buf.Len() != 0 {
			t.Errorf("%s: %v with %d bytes written; want an error mentioning %q and nothing written", tc.name, err, buf.Len(), tc.want)
		}
	}
	if err := HTML(context.Background(), &bytes.Buffer{}, m, HTMLOptions{Docs: other, DocTopics: theta}); !errors.Is(err, model.ErrVocabMismatch) {
		t.Errorf("a corpus on another vocabulary: %v, want model.ErrVocabMismatch", err)
	}
	bad := testModel(2, 50, 1)
	bad.Topics[0][0] += 1
	if err := HTML(context.Background(), &bytes.Buffer{}, bad, HTMLOptions{}); err == nil {
		t.Error("an invalid model is accepted")
	}
}

// The health given replaces the one measured.
func TestHTMLHealthOption(t *testing.T) {
	m := testModel(3, 100, 4)
	h := eval.TopicHealth(m, nil, 5)
	h.Advice = "try --algo gibbs"
	_, p := pageOf(t, m, HTMLOptions{Health: &h})
	if p.Health.Advice != "try --algo gibbs" || p.Health.Top != 5 {
		t.Errorf("health %+v, want the one given", p.Health)
	}
}

// The page is written in one piece, and a failing writer's error is
// returned.
func TestHTMLWriterError(t *testing.T) {
	m := testModel(2, 50, 1)
	if err := HTML(context.Background(), failWriter{}, m, HTMLOptions{}); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("a failing writer gives %v", err)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func BenchmarkHTMLKOSSized(b *testing.B) {
	m := testModel(20, 6906, 9)
	for b.Loop() {
		if err := HTML(context.Background(), &bytes.Buffer{}, m, HTMLOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestTopicMapRefusesInvalidModels: a topic of another length crashed the
// process (a panic in a worker goroutine); NaN or unnormalised topics gave
// coordinates with a nil error.
func TestTopicMapRefusesInvalidModels(t *testing.T) {
	for name, edit := range map[string]func(m *model.Model){
		"short row": func(m *model.Model) { m.Topics[1] = m.Topics[1][:10] },
		"NaN":       func(m *model.Model) { m.Topics[0][3] = math.NaN() },
		"sum 2":     func(m *model.Model) { floats.Scale(2, m.Topics[2]) },
		"K = 0":     func(m *model.Model) { m.K, m.Topics = 0, nil },
	} {
		m := testModel(4, 30, 1)
		edit(m)
		if _, err := TopicMap(context.Background(), m, 2, nil); err == nil || !strings.HasPrefix(err.Error(), "report: model: ") {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := TopicMap(context.Background(), nil, 1, nil); err == nil {
		t.Error("a nil model: no error")
	}
}

// HTML reports each stage over the K topics, from 0 to K in order, and a
// context done before or during the page stops it with ctx's error,
// writing nothing.
func TestHTMLProgressAndCancel(t *testing.T) {
	m := testModel(12, 300, 3)
	var got []string
	last := map[string]int{}
	progress := func(stage string, done, total int) {
		if total != m.K || done < last[stage] || done > total {
			t.Errorf("%s: %d of %d after %d", stage, done, total, last[stage])
		}
		if _, seen := last[stage]; !seen {
			got = append(got, stage)
			if done != 0 {
				t.Errorf("%s starts at %d", stage, done)
			}
		}
		last[stage] = done
	}
	if err := HTML(context.Background(), io.Discard, m, HTMLOptions{Progress: progress, Threads: 3}); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, []string{mapStage, wordsStage}) || last[mapStage] != m.K || last[wordsStage] != m.K {
		t.Errorf("stages %v ending at %v, want %q then %q, each to %d", got, last, mapStage, wordsStage, m.K)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var buf bytes.Buffer
	if err := HTML(ctx, &buf, m, HTMLOptions{}); !errors.Is(err, context.Canceled) || buf.Len() > 0 {
		t.Errorf("a cancelled context: %v, %d bytes written", err, buf.Len())
	}
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	stop := func(stage string, done, _ int) {
		if stage == wordsStage && done == 1 {
			cancel()
		}
	}
	if err := HTML(ctx, &buf, m, HTMLOptions{Progress: stop, Threads: 1}); !errors.Is(err, context.Canceled) || buf.Len() > 0 {
		t.Errorf("cancelled during %q: %v, %d bytes written", wordsStage, err, buf.Len())
	}
}

// TestJSDivergencesRefusesInvalidModels: a topic of another length
// panicked in a worker goroutine, killing the process; a nil or K = 0
// model panicked too. JSDivergences and TopicMap refuse a negative thread
// count, as HTMLOptions.Threads does.
func TestJSDivergencesRefusesInvalidModels(t *testing.T) {
	short := testModel(4, 30, 1)
	short.Topics[3] = short.Topics[3][:10]
	for name, m := range map[string]*model.Model{"short row": short, "nil": nil, "zero": {}} {
		if _, err := JSDivergences(context.Background(), m, 2, nil); err == nil || !strings.HasPrefix(err.Error(), "report: model: ") {
			t.Errorf("%s: %v", name, err)
		}
	}
	m := testModel(4, 30, 1)
	if _, err := JSDivergences(context.Background(), m, -1, nil); err == nil || err.Error() != "report: threads = -1, want >= 0" {
		t.Errorf("JSDivergences, threads -1: %v", err)
	}
	if _, err := TopicMap(context.Background(), m, -1, nil); err == nil || err.Error() != "report: threads = -1, want >= 0" {
		t.Errorf("TopicMap, threads -1: %v", err)
	}
}

// TestNilArguments: ClassicalScaling of no distances, and ModelShares of
// no model, panicked.
func TestNilArguments(t *testing.T) {
	var none *mat.SymDense
	for name, d := range map[string]mat.Symmetric{"nil": nil, "nil *SymDense": none} {
		if x, err := ClassicalScaling(d, 2); err == nil || x != nil {
			t.Errorf("ClassicalScaling(%s) = %v, %v; want an error", name, x, err)
		}
	}
	if x, err := ClassicalScaling(mat.NewSymDense(2, nil), 0); err == nil || x != nil {
		t.Errorf("ClassicalScaling in 0 dimensions = %v, %v; want an error", x, err)
	}
	for _, m := range []*model.Model{nil, {K: -1}} {
		if s, what := ModelShares(m); s != nil || what != "" {
			t.Errorf("ModelShares(%v) = %v, %q; want nil and \"\"", m, s, what)
		}
	}
}
