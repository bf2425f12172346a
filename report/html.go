package report

import (
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/internal/ctxio"
	"github.com/hulltopics/hull/internal/parallel"
	"github.com/hulltopics/hull/internal/textsafe"
	"github.com/hulltopics/hull/internal/topn"
	"github.com/hulltopics/hull/internal/version"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
)

// The page: markup with {{name}} slots, its style sheet and its script.
var (
	//go:embed assets/report.html
	pageTemplate string
	//go:embed assets/report.css
	pageCSS string
	//go:embed assets/report.js
	pageJS string
)

// Defaults of HTMLOptions.
const (
	DefaultTerms     = 30
	DefaultTopDocs   = 10
	DefaultSearchTop = 100
)

// Limits of HTMLOptions, which keep the page small enough to open fast.
const (
	MaxTerms     = 200
	MaxTopDocs   = 100
	MaxSearchTop = 1000
)

// The length, in characters (runes), of the start of each document's
// text a page shows beside it: the corpus.ReadOptions.Excerpt of the
// documents hull report reads, by default and at most (the page holds
// the text of at most K x MaxTopDocs documents).
const (
	DefaultExcerpt = 300
	MaxExcerpt     = 2000
)

// DataElementID is the id of the page's <script type="application/json">
// element, which holds everything the page shows as JSON (its fields are
// the page's own and may change between versions; "format" says which).
const DataElementID = "hull-report-data"

// HistogramBins is the number of bins, of equal width over [0, 1], of the
// histogram of a topic's weights in the documents.
const HistogramBins = 20

// The stages HTML reports to HTMLOptions.Progress, each over the K
// topics: the divergences between topics behind their map (TopicMap),
// then the words each topic's bars and the word search draw from.
const (
	mapStage   = "topic map"
	wordsStage = "topic words"
)

// docWords is the number of its most frequent words a document is shown
// with.
const docWords = 10

// hoverWords is the number of its most probable words hovering a topic's
// circle shows, whatever HTMLOptions.Terms: they are among the topic's
// candidates.
const hoverWords = 10

// HTMLOptions are the options of HTML. The zero value draws the model
// alone, with the defaults.
type HTMLOptions struct {
	// Docs, when not nil, are documents to show with the topics: the
	// topics' shares of their tokens, the words of most tokens in them,
	// each topic's most representative documents and the distribution of
	// its weights. Docs must be on the model's vocabulary (corpus.Align).
	// A document is shown by its id, its most frequent words and, when
	// Docs has excerpts (corpus.ReadOptions.Excerpt) and some document
	// shown has a non-empty one, the start of its text.
	Docs *corpus.Corpus
	// DocTopics holds the topic weights of each document of Docs, a row
	// of K weights per document, as infer.Infer returns them; required
	// with Docs.
	DocTopics [][]float64
	// Source names what Docs were read from, shown in the page.
	Source string
	// Labels, when not nil, holds for each topic the labels of the
	// labelled documents of Docs it dominates (eval.LabelsOfTopics),
	// shown with its documents; it requires Docs.
	Labels []eval.TopicLabels
	// Terms is the number of words in a topic's bars, in (0, MaxTerms].
	// Default DefaultTerms.
	Terms int
	// TopDocs is the number of representative documents per topic, in
	// (0, MaxTopDocs]. Default DefaultTopDocs.
	TopDocs int
	// NearCopy is the cosine similarity of word counts at or above which
	// a document is passed over as a near-copy of one shown above it for
	// the topic, and counted beside it (infer.TopicDocs), in [0, 1]: 0
	// shows every document. "hull report" passes infer.DefaultNearCopy.
	NearCopy float64
	// SearchTop is the number of most probable words of each topic that
	// the word search covers (besides the relevance candidates), in
	// (0, MaxSearchTop]. Default DefaultSearchTop.
	SearchTop int
	// Health, when not nil, replaces the health figures HTML measures
	// (eval.TopicHealth of the top eval.DefaultTopN words, with the
	// dominant topics of DocTopics and, with Docs, the topics' coherence
	// in them, Health.AddCoherence): to word the advice for another
	// audience, or to show figures measured on another corpus.
	Health *eval.Health
	// Title is the page's title. Default "hull report: ALGORITHM, K = K".
	Title string
	// Threads is the number of goroutines (0: one per CPU). The page does
	// not depend on it.
	Threads int
	// Progress, when not nil, is told of the topics done in each stage
	// ("topic map", then "topic words"): at K = 200 over 100,000 words
	// they take seconds.
	Progress learner.Progress
}

// HTML writes a self-contained HTML page that shows the topics of m (see
// the package documentation): no request leaves the page, which works
// from a file:// URL. It returns an error, writing nothing, if m is not
// valid, an option is out of range, the documents do not fit the model or
// ctx is done before the page is computed (ctx's error); else the error
// of w.
func HTML(ctx context.Context, w io.Writer, m *model.Model, o HTMLOptions) error {
	p, err := newPage(ctx, m, o)
	if err != nil {
		return err
	}
	return p.write(w)
}

// page is what the page shows, as the script reads it.
type page struct {
	Format      int          `json:"format"`
	Title       string       `json:"title"`
	Algorithm   string       `json:"algorithm"`
	K           int          `json:"k"`
	V           int          `json:"v"`
	Terms       int          `json:"terms"`
	SearchTop   int          `json:"searchTop"`
	ShareSource string       `json:"shareSource"`
	Words       []string     `json:"words"`           // the words the page knows, in vocabulary order
	LogPw       []float64    `json:"logPw"`           // log p(w) of each
	Count       []int64      `json:"count,omitempty"` // with documents: its tokens in them
	Hits        [][]float64  `json:"hits"`            // per word: topic, p(w|z), ... by p(w|z)
	Overall     []int        `json:"overall"`         // the Terms words of most tokens in the documents (none without one), else of highest p(w)
	Topics      []pageTopic  `json:"topics"`
	Docs        *pageDocs    `json:"docs,omitempty"`
	Health      *eval.Health `json:"health"`
	Provenance  [][2]string  `json:"provenance"`
	Params      [][2]string  `json:"params"`
}

// pageTopic is a topic of the page; word numbers index page.Words.
type pageTopic struct {
	Share float64   `json:"share"`
	X     float64   `json:"x"`
	Y     float64   `json:"y"`
	Label string    `json:"label,omitempty"`
	Cand  []int     `json:"cand"` // relevance candidates and the hoverWords top words, by p(w|z), ties to the lower word
	LogP  []float64 `json:"logp"` // log p(w|z) of each
}

// pageDocs are the documents of the page; document numbers index IDs.
type pageDocs struct {
	N        int         `json:"n"`
	Tokens   int64       `json:"tokens"`
	Source   string      `json:"source,omitempty"`
	IDs      []string    `json:"ids"`
	Len      []int       `json:"len"`
	Words    [][]string  `json:"words"`
	Text     []string    `json:"text,omitempty"` // the start of each document's text, when the corpus has it
	Counts   [][]int32   `json:"counts"`
	Top      [][]int     `json:"top"` // per topic, by weight
	Weight   [][]float64 `json:"weight"`
	Copies   [][]int     `json:"copies,omitempty"` // per topic, as Top: the near-copies passed over
	Empty    int         `json:"empty,omitempty"`  // documents without a word of the model, left out
	Hist     [][]int     `json:"hist"`
	Dominant []int       `json:"dominant"`
	// Labels are the labels of the documents each topic dominates, when
	// given.
	Labels []eval.TopicLabels `json:"labels,omitempty"`
}

// check validates o and fills in its defaults.
func (o HTMLOptions) check(m *model.Model) (HTMLOptions, error) {
	for _, f := range []struct {
		name       string
		v          *int
		def, limit int
	}{{"Terms", &o.Terms, DefaultTerms, MaxTerms}, {"TopDocs", &o.TopDocs, DefaultTopDocs, MaxTopDocs}, {"SearchTop", &o.SearchTop, DefaultSearchTop, MaxSearchTop}} {
		if *f.v == 0 {
			*f.v = f.def
		}
		if *f.v < 1 || *f.v > f.limit {
			return o, fmt.Errorf("report: %s = %d, want in [1, %d]", f.name, *f.v, f.limit)
		}
	}
	if o.Threads < 0 {
		return o, fmt.Errorf("report: Threads = %d, want >= 0", o.Threads)
	}
	if !(o.NearCopy >= 0 && o.NearCopy <= 1) {
		return o, fmt.Errorf("report: NearCopy = %v, want in [0, 1]", o.NearCopy)
	}
	if o.Docs == nil {
		if o.DocTopics != nil || o.Labels != nil {
			return o, fmt.Errorf("report: DocTopics or Labels without Docs")
		}
		return o, nil
	}
	if o.Labels != nil && len(o.Labels) != m.K {
		return o, fmt.Errorf("report: Labels of %d topics for K = %d", len(o.Labels), m.K)
	}
	if err := m.CheckVocab(o.Docs.Vocab); err != nil {
		return o, fmt.Errorf("report: Docs: %w", err)
	}
	if len(o.DocTopics) != o.Docs.NumDocs() {
		return o, fmt.Errorf("report: DocTopics has %d rows for %d documents", len(o.DocTopics), o.Docs.NumDocs())
	}
	for d, row := range o.DocTopics {
		if len(row) != m.K {
			return o, fmt.Errorf("report: DocTopics row %d has %d weights for K = %d", d, len(row), m.K)
		}
		for _, x := range row {
			if !(x >= 0 && x <= 1+1e-9) {
				return o, fmt.Errorf("report: DocTopics row %d holds %v, want weights in [0, 1]", d, x)
			}
		}
	}
	return o, nil
}

// newPage computes what the page shows.
func newPage(ctx context.Context, m *model.Model, o HTMLOptions) (*page, error) {
	if err := ctxio.Err(ctx); err != nil {
		return nil, err
	}
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	o, err := o.check(m)
	if err != nil {
		return nil, err
	}
	p := &page{Format: 1, Title: o.Title, Algorithm: textsafe.Escape(m.Algorithm), K: m.K, V: len(m.Vocab), Terms: o.Terms, SearchTop: o.SearchTop}
	if p.Title == "" {
		algo := m.Algorithm
		if algo == "" {
			algo = "model"
		}
		p.Title = fmt.Sprintf("hull report: %s, K = %d", algo, m.K)
	}
	p.Title = textsafe.Escape(p.Title)
	var share []float64
	if o.Docs != nil {
		share, p.ShareSource = TokenShares(o.Docs, o.DocTopics, m.K), "shares of the documents' tokens by their inferred topic weights"
	} else {
		share, p.ShareSource = ModelShares(m)
	}
	xy, err := TopicMap(ctx, m, o.Threads, o.Progress)
	if err != nil {
		return nil, err
	}
	pw := Marginal(m, share)
	lpw := make([]float64, len(pw))
	for w, x := range pw {
		lpw[w] = logMarginal(x)
	}

	// Per topic: the relevance candidates and the top words search covers.
	cand := make([][]int, m.K)
	logp := make([][]float64, m.K)
	top := make([][]int, m.K)
	o.Progress.Report(wordsStage, 0, m.K)
	err = parallel.For(ctx, m.K, 1, o.Threads, func(lo, hi int) {
		for k := lo; k < hi; k++ {
			cand[k], logp[k] = topicCandidates(m.Topics[k], lpw, o.Terms)
			top[k] = topn.Indices(len(m.Vocab), o.SearchTop, func(w int) float64 { return m.Topics[k][w] })
		}
	}, func(done int) { o.Progress.Report(wordsStage, done, m.K) })
	if err != nil {
		return nil, err
	}
	// The words the bars show with no topic selected: the most frequent,
	// in the documents, else under the model.
	var counts []int64
	var overall []int
	if o.Docs != nil {
		counts = o.Docs.WordCounts()
		overall = topn.Indices(len(counts), o.Terms, func(w int) float64 { return float64(counts[w]) })
		overall = slices.DeleteFunc(overall, func(w int) bool { return counts[w] == 0 })
	} else {
		overall = topn.Indices(len(pw), o.Terms, func(w int) float64 { return pw[w] })
	}

	// The words of the page, in vocabulary order.
	at := make([]int32, len(m.Vocab)) // word -> its number in the page, +1; 0 for none
	mark := func(ws []int) {
		for _, w := range ws {
			at[w] = 1
		}
	}
	for k := range m.K {
		mark(cand[k])
		mark(top[k])
	}
	mark(overall)
	for w, in := range at {
		if in != 0 {
			p.Words = append(p.Words, textsafe.Data(m.Vocab[w]))
			p.LogPw = append(p.LogPw, lpw[w])
			at[w] = int32(len(p.Words))
		}
	}
	num := func(w int) int { return int(at[w]) - 1 }
	p.Overall = make([]int, len(overall))
	for i, w := range overall {
		p.Overall[i] = num(w)
	}
	if o.Docs != nil {
		for w, n := range at {
			if n != 0 {
				p.Count = append(p.Count, counts[w])
			}
		}
	}

	// Topics, and search hits: per word the topics that hold it in their
	// top SearchTop words or among their candidates.
	type hit struct {
		k int
		p float64
	}
	hits := make([][]hit, len(p.Words))
	p.Topics = make([]pageTopic, m.K)
	for k := range m.K {
		t := &p.Topics[k]
		t.Share, t.X, t.Y = round4(share[k]), round4(xy.At(k, 0)), round4(xy.At(k, 1))
		if k < len(m.TopicLabels) {
			t.Label = textsafe.Data(m.TopicLabels[k])
		}
		t.Cand = make([]int, len(cand[k]))
		for i, w := range cand[k] {
			t.Cand[i] = num(w)
		}
		t.LogP = logp[k]
		seen := map[int]bool{}
		for _, w := range slices.Concat(top[k], cand[k]) {
			if !seen[w] && m.Topics[k][w] > 0 {
				seen[w] = true
				hits[num(w)] = append(hits[num(w)], hit{k, m.Topics[k][w]})
			}
		}
	}
	p.Hits = make([][]float64, len(hits))
	for i, hs := range hits {
		sort.Slice(hs, func(a, b int) bool { return hs[a].p > hs[b].p || (hs[a].p == hs[b].p && hs[a].k < hs[b].k) })
		p.Hits[i] = make([]float64, 0, 2*len(hs))
		for _, h := range hs {
			p.Hits[i] = append(p.Hits[i], float64(h.k), round4(h.p))
		}
	}

	var dominant []int
	if o.Docs != nil {
		dominant = infer.DominantOfDocs(o.Docs, o.DocTopics)
		if p.Docs, err = newPageDocs(m, o, dominant); err != nil {
			return nil, err
		}
	}
	if o.Health != nil {
		p.Health = o.Health
	} else {
		h := eval.TopicHealth(m, dominant, eval.DefaultTopN)
		if o.Docs != nil {
			if err := h.AddCoherence(m, o.Docs); err != nil {
				return nil, err
			}
		}
		p.Health = &h
	}
	p.Provenance, p.Params = provenance(m)
	return p, nil
}

// ModelShares returns the topics' shares of the tokens as m knows them,
// for Marginal without documents (TokenShares with them), and what they
// are: its p(z), else its Dirichlet alpha normalized, else equal shares.
// A model without topics (nil, or K < 1) gives nil and "".
func ModelShares(m *model.Model) ([]float64, string) {
	if m == nil || m.K < 1 {
		return nil, ""
	}
	norm := func(x []float64) []float64 {
		s := 0.0
		for _, v := range x {
			s += v
		}
		if len(x) != m.K || !(s > 0) {
			return nil
		}
		out := make([]float64, len(x))
		for i, v := range x {
			out[i] = v / s
		}
		return out
	}
	if s := norm(m.TopicWeights); s != nil {
		return s, "the model's topic weights p(z)"
	}
	if s := norm(m.Alpha); s != nil {
		return s, "the model's Dirichlet alpha, normalized"
	}
	s := make([]float64, m.K)
	for k := range s {
		s[k] = 1 / float64(m.K)
	}
	return s, "unknown without documents: equal areas"
}

// topicCandidates returns the words of topic row that are among its n most
// relevant at some position of the slider or among its hoverWords most
// probable, by p(w|z) (ties to the lower word), and their log p(w|z).
func topicCandidates(row, lpw []float64, n int) ([]int, []float64) {
	var nz []int
	var a, l []float64
	for w, p := range row {
		if p > 0 {
			nz = append(nz, w)
			a = append(a, math.Log(p))
			l = append(l, lpw[w])
		}
	}
	pos := append(relevanceCandidates(a, l, n), topn.Indices(len(a), hoverWords, func(i int) float64 { return a[i] })...)
	sort.Slice(pos, func(i, j int) bool { return a[pos[i]] > a[pos[j]] || (a[pos[i]] == a[pos[j]] && pos[i] < pos[j]) })
	pos = slices.Compact(pos) // a word of both lists once
	words := make([]int, len(pos))
	logp := make([]float64, len(pos))
	for i, q := range pos {
		words[i], logp[i] = nz[q], a[q]
	}
	return words, logp
}

// newPageDocs returns the documents the page shows: per topic the TopDocs
// of highest weight (ties to the lower document) but near-copies, the
// near-copies passed over for each, the histogram of its
// weights and the number of documents it dominates.
func newPageDocs(m *model.Model, o HTMLOptions, dominant []int) (*pageDocs, error) {
	c, theta := o.Docs, o.DocTopics
	d := &pageDocs{N: c.NumDocs(), Tokens: c.Tokens(), Source: textsafe.Escape(o.Source), Empty: c.EmptyDocs()}
	d.Top = make([][]int, m.K)
	d.Weight = make([][]float64, m.K)
	d.Copies = make([][]int, m.K)
	d.Hist = make([][]int, m.K)
	d.Dominant = make([]int, m.K)
	for _, k := range dominant {
		if k >= 0 {
			d.Dominant[k]++
		}
	}
	shown := map[int]int{} // document -> its number in the page
	var order []int
	copies, hasText := false, false
	topDocs, err := infer.TopicDocs(c, theta, m.K, o.TopDocs, o.NearCopy)
	if err != nil {
		return nil, err
	}
	for k, docs := range topDocs {
		// Empty, not nil, where no document is shown: the script reads
		// every array of the page's data, and null would stop it.
		d.Top[k], d.Weight[k] = make([]int, 0, len(docs)), make([]float64, 0, len(docs))
		d.Hist[k] = make([]int, HistogramBins)
		for doc, row := range theta {
			if !c.Empty(doc) { // without tokens, the prior's weights
				d.Hist[k][min(int(row[k]*HistogramBins), HistogramBins-1)]++
			}
		}
		d.Copies[k] = make([]int, len(docs))
		for r, td := range docs {
			if _, ok := shown[td.Doc]; !ok {
				shown[td.Doc] = len(order)
				order = append(order, td.Doc)
			}
			d.Top[k] = append(d.Top[k], shown[td.Doc])
			d.Weight[k] = append(d.Weight[k], round4(td.Weight))
			d.Copies[k][r] = td.Copies
			copies = copies || td.Copies > 0
		}
	}
	if !copies {
		d.Copies = nil
	}
	for _, tl := range o.Labels {
		shown := eval.TopicLabels{Docs: tl.Docs, Labels: make([]eval.LabelCount, len(tl.Labels))}
		for i, l := range tl.Labels {
			shown.Labels[i] = eval.LabelCount{Label: textsafe.Data(l.Label), Docs: l.Docs}
		}
		d.Labels = append(d.Labels, shown)
	}
	d.IDs, d.Len = make([]string, 0, len(order)), make([]int, 0, len(order))
	d.Words, d.Counts = make([][]string, 0, len(order)), make([][]int32, 0, len(order))
	for _, doc := range order {
		d.IDs = append(d.IDs, textsafe.Data(c.DocIDs[doc]))
		d.Len = append(d.Len, c.DocLen(doc))
		words, counts := c.FrequentTerms(doc, docWords)
		ws := make([]string, len(words))
		for i, w := range words {
			ws[i] = textsafe.Data(m.Vocab[w])
		}
		d.Words = append(d.Words, ws)
		d.Counts = append(d.Counts, counts)
		if c.Excerpts != nil {
			d.Text = append(d.Text, textsafe.Escape(c.Excerpts[doc]))
			hasText = hasText || c.Excerpts[doc] != ""
		}
	}
	if !hasText { // the page then says the documents are shown without text
		d.Text = nil
	}
	return d, nil
}

// provenance returns what the page says of where m comes from, and its
// parameters, as (label, value) pairs.
func provenance(m *model.Model) (prov, params [][2]string) {
	pv := m.Provenance
	add := func(label, value string) { prov = append(prov, [2]string{label, textsafe.Escape(value)}) }
	add("algorithm", m.Algorithm)
	add("topics, words", fmt.Sprintf("K = %d, V = %d", m.K, len(m.Vocab)))
	if pv.InputDigest != "" {
		add("corpus digest", pv.InputDigest)
	}
	if pv.Docs > 0 {
		add("documents fitted", strconv.Itoa(pv.Docs))
	}
	add("seed", strconv.FormatUint(pv.Seed, 10))
	if pv.Threads > 0 {
		add("threads", strconv.Itoa(pv.Threads))
	}
	if len(pv.Timings) > 0 {
		var parts []string
		total := 0.0
		for _, t := range pv.Timings {
			parts = append(parts, fmt.Sprintf("%s %.3g s", t.Stage, t.Seconds))
			total += t.Seconds
		}
		add("fit time", fmt.Sprintf("%.3g s (%s)", total, strings.Join(parts, ", ")))
	}
	if pv.Preprocessing != nil {
		add("preprocessing", pv.Preprocessing.String())
	}
	if pv.HullVersion != "" {
		add("fitted by", "hull "+pv.HullVersion)
	}
	add("report by", "hull "+version.Version)
	params = make([][2]string, 0, len(m.Params)) // [] for none: the script reads its length
	keys := make([]string, 0, len(m.Params))
	for key := range m.Params {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	for _, key := range keys {
		v := "null"
		if x := m.Params[key]; x != nil {
			v = fmt.Sprint(x)
		}
		params = append(params, [2]string{textsafe.Escape(key), textsafe.Escape(v)})
	}
	return prov, params
}

// round4 rounds x to 4 significant digits: the figures the page only
// shows need no more.
func round4(x float64) float64 {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 4, 64), 64)
	return r
}

// Content-Security-Policy of the page: nothing but its own script and
// style sheet, identified by their hashes, and images from data: URLs.
// Markup that got into the page some other way could not run.
var pageCSP = fmt.Sprintf("default-src 'none'; script-src '%s'; style-src '%s'; img-src data:; base-uri 'none'; form-action 'none'",
	hashSource(pageJS), hashSource(pageCSS))

func hashSource(s string) string {
	h := sha256.Sum256([]byte(s))
	return "sha256-" + base64.StdEncoding.EncodeToString(h[:])
}

// write writes the page: the template with its slots filled in, the data
// as JSON in which json.Marshal escapes <, > and & (as \u003c, \u003e,
// \u0026), so that no word can close the <script> element holding it.
func (p *page) write(w io.Writer) error {
	data, err := json.Marshal(p)
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	slots := map[string]string{
		"title":     html.EscapeString(p.Title),
		"csp":       pageCSP,
		"generator": "hull " + version.Version,
		"css":       pageCSS,
		"js":        pageJS,
		"data":      string(data),
	}
	rest := pageTemplate
	for {
		i := strings.Index(rest, "{{")
		if i < 0 {
			_, err := io.WriteString(w, rest)
			return err
		}
		j := strings.Index(rest[i:], "}}")
		if j < 0 {
			panic("report: unclosed slot in the page template")
		}
		value, ok := slots[rest[i+2:i+j]]
		if !ok {
			panic("report: unknown slot " + rest[i:i+j+2] + " in the page template")
		}
		if _, err := io.WriteString(w, rest[:i]); err != nil {
			return err
		}
		if _, err := io.WriteString(w, value); err != nil {
			return err
		}
		rest = rest[i+j+2:]
	}
}
