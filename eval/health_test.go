package eval

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/infer"
	"github.com/hulltopics/hull/model"
)

// topWordsModel returns a model over the words w0..w(V-1) whose topic k
// ranks the words of tops[k] first, in that order, and gives the others a
// small equal weight.
func topWordsModel(algorithm string, v int, tops ...[]int) *model.Model {
	m := &model.Model{Algorithm: algorithm, K: len(tops)}
	for w := range v {
		m.Vocab = append(m.Vocab, fmt.Sprintf("w%d", w))
	}
	for _, top := range tops {
		row := make([]float64, v)
		rest := 0.1 / float64(v-len(top))
		for w := range row {
			row[w] = rest
		}
		for i, w := range top {
			row[w] = 0.9 * float64(2*len(top)-i) / float64(len(top)*(3*len(top)+1)/2)
		}
		m.Topics = append(m.Topics, row)
	}
	return m
}

func TestTopicHealthWordFigures(t *testing.T) {
	// Top 4: topics 0 and 1 share 2 words (half: near-duplicates), 0 and
	// 2 share 1, 1 and 2 share none.
	m := topWordsModel("anchor", 20, []int{0, 1, 2, 3}, []int{4, 5, 0, 1}, []int{3, 6, 7, 8})
	h := TopicHealth(m, nil, 4)
	if h.K != 3 || h.Top != 4 || h.DistinctWords != 9 || h.NearDuplicatePairs != 1 || h.Pairs != 3 {
		t.Errorf("K %d, top %d, distinct %d, near-duplicates %d of %d; want 3, 4, 9, 1 of 3",
			h.K, h.Top, h.DistinctWords, h.NearDuplicatePairs, h.Pairs)
	}
	// One pair of three is more than a quarter.
	if !h.Collapsed || len(h.Signs) != 1 || !strings.Contains(h.Signs[0], "1 of the 3 topic pairs") || h.Advice != CollapseAdvice("anchor") {
		t.Errorf("collapsed %v, signs %q, advice %q", h.Collapsed, h.Signs, h.Advice)
	}
	if h.Docs != 0 || h.DocShare != nil || h.LargestTopic != -1 || h.RareTopics != nil {
		t.Errorf("document figures without documents: %+v", h)
	}
	// A model whose topics the rules of package refine let pass is told
	// to refine them whatever the rules say; one that does not say, the
	// default advice; one refined already, no advice to refine (it was
	// told to refine by the 20 iterations it had had).
	for refined, want := range map[any]string{false: "RefineAlways", true: "projection.Options.MinDF", nil: "refine.Auto.Refine: 20"} {
		m := topWordsModel("rp", 20, []int{0, 1, 2, 3}, []int{4, 5, 0, 1}, []int{3, 6, 7, 8})
		if refined != nil {
			m.Params = map[string]any{"refined": refined}
		}
		h := TopicHealth(m, nil, 4)
		if !strings.Contains(h.Advice, want) || refined == true && strings.Contains(h.Advice, "refine.Auto") {
			t.Errorf("refined %v: advice %q, want %q", refined, h.Advice, want)
		}
	}
	if s := h.String(); s != "9 distinct words among the 3 x 4 top words; 1 of 3 topic pairs near-duplicates; collapsed" {
		t.Errorf("String() = %q", s)
	}
	// Top 2: no pair shares a word; 6 different words of 6.
	if h := TopicHealth(m, nil, 2); h.Collapsed || h.DistinctWords != 6 || h.NearDuplicatePairs != 0 || h.Advice != "" {
		t.Errorf("top 2: %+v", h)
	}
	// Top 10 (the default) of 20 words: the top lists overlap a lot.
	if h := TopicHealth(m, nil, 0); h.Top != DefaultTopN {
		t.Errorf("top %d, want %d", h.Top, DefaultTopN)
	}
}

func TestTopicHealthDistinctWords(t *testing.T) {
	// Five topics with top 5 over 9 words: 9 of 25 slots (36%) are
	// different words; of the 10 pairs only those sharing 3 or more count.
	var tops [][]int
	for k := range 5 {
		tops = append(tops, []int{k, k + 1, k + 2, k + 3, k + 4})
	}
	h := TopicHealth(topWordsModel("score", 30, tops...), nil, 5)
	// Pairs (a, b) share 5-(b-a) words: near-duplicates when b-a <= 2,
	// i.e. 4 + 3 = 7 pairs of 10, more than a quarter as well.
	if h.DistinctWords != 9 || h.NearDuplicatePairs != 7 || len(h.Signs) != 2 || !strings.Contains(h.Signs[1], "only 9 different words") {
		t.Errorf("distinct %d, near-duplicates %d, signs %q", h.DistinctWords, h.NearDuplicatePairs, h.Signs)
	}
	// Top 5 each shifted by 3: 5 + 4*3 = 17 of 25 (68%), pairs share 2 words or none.
	tops = nil
	for k := range 5 {
		tops = append(tops, []int{3 * k, 3*k + 1, 3*k + 2, 3*k + 3, 3*k + 4})
	}
	if h := TopicHealth(topWordsModel("score", 30, tops...), nil, 5); h.Collapsed || h.DistinctWords != 17 {
		t.Errorf("shifted by 3: distinct %d, signs %q", h.DistinctWords, h.Signs)
	}
}

func TestTopicHealthDocumentFigures(t *testing.T) {
	// Ten topics with disjoint top words.
	var tops [][]int
	for k := range 10 {
		tops = append(tops, []int{2 * k, 2*k + 1})
	}
	m := topWordsModel("gibbs", 40, tops...)
	repeat := func(k, n int) []int { return slices.Repeat([]int{k}, n) }
	for _, tc := range []struct {
		name     string
		dominant []int
		docs     int
		largest  int
		share    float64
		rare     []int
		signs    int
	}{
		// 400 documents, even except topic 9 with none and topic 8 with one
		// (0.25% < 0.5%); -1 left out.
		{"even", slices.Concat(repeat(0, 45), repeat(1, 50), repeat(2, 50), repeat(3, 50), repeat(4, 50), repeat(5, 50),
			repeat(6, 52), repeat(7, 51), repeat(8, 1), repeat(-1, 7)), 399, 6, 52.0 / 399, []int{8, 9}, 0},
		// Topic 3 takes 60% of the documents: above half and 2/K; the
		// documents spread over 4.5 effective topics, under K/2.
		{"largest", slices.Concat(repeat(3, 60), repeat(0, 5), repeat(1, 5), repeat(2, 5), repeat(4, 5), repeat(5, 5),
			repeat(6, 5), repeat(7, 5), repeat(8, 5)), 100, 3, 0.6, []int{9}, 2},
		// Six topics of ten have no document: more than half are rare, and
		// 3.9 effective topics.
		{"rare", slices.Concat(repeat(0, 30), repeat(1, 30), repeat(2, 20), repeat(3, 20)), 100, 0, 0.3, []int{4, 5, 6, 7, 8, 9}, 2},
		// Three topics hold 90% of the documents, none half of them and
		// none rare (1-2% each): 4.49 effective topics of 10.
		{"few", slices.Concat(repeat(0, 30), repeat(1, 30), repeat(2, 30), repeat(3, 2), repeat(4, 2), repeat(5, 2),
			repeat(6, 1), repeat(7, 1), repeat(8, 1), repeat(9, 1)), 100, 0, 0.3, nil, 1},
		// 49 documents, all of topic 0, are fewer than 5 K: too few to
		// judge, no sign (two of ten topics were told collapsed).
		{"too few", repeat(0, 49), 49, 0, 1, []int{1, 2, 3, 4, 5, 6, 7, 8, 9}, 0},
		{"just enough", repeat(0, 50), 50, 0, 1, []int{1, 2, 3, 4, 5, 6, 7, 8, 9}, 3},
	} {
		h := TopicHealth(m, tc.dominant, 2)
		if h.TooFewDocs != (tc.docs < 50) || h.MinDocs != 50 {
			t.Errorf("%s: too few documents %v, at least %d; want %v, 50", tc.name, h.TooFewDocs, h.MinDocs, tc.docs < 50)
		}
		if h.Docs != tc.docs || h.LargestTopic != tc.largest || h.LargestShare != tc.share || !slices.Equal(h.RareTopics, tc.rare) {
			t.Errorf("%s: docs %d, largest topic %d with %v, rare %v; want %d, %d with %v, rare %v",
				tc.name, h.Docs, h.LargestTopic, h.LargestShare, h.RareTopics, tc.docs, tc.largest, tc.share, tc.rare)
		}
		if len(h.Signs) != tc.signs || h.Collapsed != (tc.signs > 0) {
			t.Errorf("%s: signs %q, collapsed %v", tc.name, h.Signs, h.Collapsed)
		}
		if want := effectiveNumber(h.DocShare); math.Abs(h.EffectiveTopics-want) > 1e-12 {
			t.Errorf("%s: %v effective topics, want %v", tc.name, h.EffectiveTopics, want)
		}
		if tc.signs > 0 && h.Advice != CollapseAdvice("gibbs") {
			t.Errorf("%s: advice %q", tc.name, h.Advice)
		}
		sum := 0.0
		for _, s := range h.DocShare {
			sum += s
		}
		if len(h.DocShare) != 10 || sum < 1-1e-12 || sum > 1+1e-12 {
			t.Errorf("%s: shares %v", tc.name, h.DocShare)
		}
	}
	// K = 2: 90% of the documents in one topic is not a collapse (2/K = 1).
	m2 := topWordsModel("anchor", 10, []int{0, 1}, []int{2, 3})
	if h := TopicHealth(m2, slices.Concat(repeat(0, 90), repeat(1, 10)), 2); h.Collapsed || h.LargestShare != 0.9 {
		t.Errorf("K = 2: %+v", h)
	}
	// K = 300 even topics dominate 0.33% of the documents each: none is
	// rare (the threshold is 1/(2K) = 0.17% above K = 100), and one topic
	// with no document is.
	var many [][]int
	for k := range 300 {
		many = append(many, []int{k})
	}
	m300 := topWordsModel("anchor", 301, many...)
	var even []int
	for k := range 299 {
		even = append(even, repeat(k, 3)...)
	}
	if h := TopicHealth(m300, even, 1); h.Collapsed || !slices.Equal(h.RareTopics, []int{299}) || h.RareShare != 0.5/300 {
		t.Errorf("K = 300, even: rare %v (below %v), signs %q", h.RareTopics, h.RareShare, h.Signs)
	}
	if h := TopicHealth(m, slices.Concat(repeat(0, 50), repeat(1, 50)), 2); h.RareShare != RareTopicShare {
		t.Errorf("K = 10: rare below %v, want %v", h.RareShare, RareTopicShare)
	}
	// No document with a dominant topic: no document figures.
	if h := TopicHealth(m2, []int{-1, -1}, 2); h.Docs != 0 || h.LargestTopic != -1 || h.DocShare != nil {
		t.Errorf("all left out: %+v", h)
	}
	for _, bad := range [][]int{{2}, {-2}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("dominant %v: no panic", bad)
				}
			}()
			TopicHealth(m2, bad, 2)
		}()
	}
}

func TestCollapseAdvice(t *testing.T) {
	for _, algo := range []string{"anchor", "score", "tsvd", "ddp", ""} {
		if a := CollapseAdvice(algo); !strings.Contains(a, "gibbs") {
			t.Errorf("%q: %q does not suggest Gibbs sampling", algo, a)
		}
	}
	for _, algo := range []string{"gibbs", "vb"} {
		if a := CollapseAdvice(algo); strings.Contains(a, "try the gibbs") || !strings.Contains(a, "MaxDF") {
			t.Errorf("%q: %q", algo, a)
		}
	}
	// What the learner itself offers comes first.
	for algo, option := range map[string]string{"rp": "MinDF", "ddp": "MinDF", "binning": "MinDF", "tsvd": "Thresholds = authors", "score": "refine.Auto.Refine", "recover": "anchor.Options.Refine",
		"projector": "refine.Auto.Refine", "kmeans": "refine.Auto.Refine"} {
		a := CollapseAdvice(algo)
		if algo == "recover" && strings.Contains(a, "refine.Auto") {
			t.Errorf("recover: %q names refine.Auto, which anchor.Options lacks", a)
		}
		if !strings.Contains(a, option) || strings.Index(a, option) > strings.Index(a, "gibbs") {
			t.Errorf("%q: %q does not suggest %s before Gibbs sampling", algo, a, option)
		}
		if !strings.HasSuffix(option, "Refine") && strings.Index(a, "Refine") > strings.Index(a, option) {
			t.Errorf("%q: %q suggests %s before the refinement", algo, a, option)
		}
	}
}

// The anchor learners fitted without rectification are told to rectify
// before they are told to try Gibbs sampling: on KOS their collapse is
// the unrectified pipeline's (33 distinct top words, 63 rectified), and
// the advice said only "try the gibbs learner".
func TestCollapseAdviceRectify(t *testing.T) {
	for _, tc := range []struct {
		algo, rectify string
		rectified     bool // the advice to rectify
	}{
		{"anchor", "none", true}, {"anchor-kl", "none", true},
		{"anchor", "ap", false}, {"anchor", "auto", false}, {"anchor", "", false}, {"recover", "none", false},
	} {
		m := topWordsModel(tc.algo, 20, []int{0, 1, 2, 3}, []int{4, 5, 0, 1}, []int{3, 6, 7, 8})
		if tc.rectify != "" {
			m.Params = map[string]any{"rectify": tc.rectify}
		}
		h := TopicHealth(m, nil, 4)
		at, gibbs := strings.Index(h.Advice, "anchor.Options.Rectify = auto"), strings.Index(h.Advice, "gibbs")
		if !h.Collapsed || (at >= 0) != tc.rectified || tc.rectified && at > gibbs || gibbs < 0 {
			t.Errorf("%s, rectify %q: advice %q", tc.algo, tc.rectify, h.Advice)
		}
	}
}

func TestDominantOf(t *testing.T) {
	got := DominantOf([][]float64{{0.2, 0.5, 0.3}, {0.4, 0.4, 0.2}, {0, 0, 0}, {}, {0, 0, 1}})
	if want := []int{1, 0, -1, -1, 2}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// A sample's dominant topics are those of its documents in the whole
// corpus (each document's weights are inferred on their own), the others
// -1; n >= D is the whole corpus.
func TestSampleDominantTopics(t *testing.T) {
	train, _, _, m := suiteFixture(t)
	ctx := context.Background()
	all, err := DominantTopics(ctx, m, train, 2)
	if err != nil {
		t.Fatal(err)
	}
	d := train.NumDocs()
	if got, n, err := SampleDominantTopics(ctx, m, train, d, 1); err != nil || n != d || !slices.Equal(got, all) {
		t.Errorf("n = D: %d sampled, error %v, same as DominantTopics %v", n, err, slices.Equal(got, all))
	}
	n := d / 7
	got, sampled, err := SampleDominantTopics(ctx, m, train, n, 1)
	if err != nil || sampled != n || len(got) != d {
		t.Fatalf("n = %d: %d sampled of %d, error %v", n, sampled, len(got), err)
	}
	grid := make(map[int]bool)
	for i := range n {
		grid[i*d/n] = true
	}
	kept := 0
	for doc, k := range got {
		switch {
		case grid[doc] && k != all[doc]:
			t.Errorf("document %d of the sample: dominant %d, want %d", doc, k, all[doc])
		case !grid[doc] && k != -1:
			t.Errorf("document %d is not in the sample but has dominant topic %d", doc, k)
		case k != -1:
			kept++
		}
	}
	if kept == 0 || kept > n {
		t.Errorf("%d documents with a dominant topic, want 1 to %d", kept, n)
	}
}

func TestDominantTopics(t *testing.T) {
	train, _, _, m := suiteFixture(t)
	ctx := context.Background()
	dom, err := DominantTopics(ctx, m, train, 3)
	if err != nil {
		t.Fatal(err)
	}
	theta, err := infer.Infer(ctx, m, train, infer.Options{Iterations: DominantIterations, Threads: 1})
	if err != nil {
		t.Fatal(err)
	}
	if want := DominantOf(theta); !slices.Equal(dom, want) {
		t.Errorf("dominant topics differ from those of the inferred weights")
	}
	// An empty document has none; a corpus off the vocabulary is refused.
	b := corpus.NewBuilder(m.Vocab)
	b.Add(0, 3)
	b.EndDoc("a")
	b.EndDoc("empty")
	if dom, err := DominantTopics(ctx, m, b.Corpus(), 0); err != nil || len(dom) != 2 || dom[0] < 0 || dom[1] != -1 {
		t.Errorf("dominant %v, error %v; want a topic, then -1", dom, err)
	}
	other := &corpus.Corpus{Vocab: slices.Clone(train.Vocab), DocIDs: train.DocIDs, Offsets: train.Offsets, Words: train.Words, Counts: train.Counts}
	other.Vocab[1] = "renamed"
	if _, err := DominantTopics(ctx, m, other, 0); !errors.Is(err, model.ErrVocabMismatch) {
		t.Errorf("off the vocabulary: %v", err)
	}
}

// effectiveNumber is exp of the entropy of shares, computed as the
// exponential of minus the log of the geometric mean weighted by shares.
func effectiveNumber(shares []float64) float64 {
	prod := 1.0
	for _, s := range shares {
		if s > 0 {
			prod *= math.Pow(s, s)
		}
	}
	return 1 / prod
}

// AddCoherence finds the topics whose top words shun one another. Each
// document holds the ten words of one of three groups, so two words of a
// group always occur together (NPMI 1) and two of different groups never
// (NPMI -1): a topic of one group is coherent, one of five and five words
// of two groups has NPMI (20 - 25)/45 = -0.11 and is incoherent, one of
// 4, 3 and 3 words of the three groups -0.47, below -0.25.
func TestHealthAddCoherence(t *testing.T) {
	var docs [][]string
	for d := range 60 { // at least 50, the fewest judged
		var doc []string
		for w := range 10 {
			doc = append(doc, fmt.Sprintf("w%d", 10*(d%3)+w))
		}
		docs = append(docs, doc)
	}
	c := corpus.FromTokens(docs)
	words := func(ws ...int) []int {
		out := make([]int, len(ws))
		for i, w := range ws {
			out[i] = slices.Index(c.Vocab, fmt.Sprintf("w%d", w))
		}
		return out
	}
	groupA := words(0, 1, 2, 3, 4, 5, 6, 7, 8, 9)
	groupB := words(10, 11, 12, 13, 14, 15, 16, 17, 18, 19)
	twoGroups := words(0, 1, 2, 3, 4, 20, 21, 22, 23, 24)
	threeGroups := words(0, 10, 20, 1, 11, 21, 2, 12, 22, 3)
	for _, tc := range []struct {
		name       string
		tops       [][]int
		incoherent []int
		least      int
		verdict    bool
	}{
		{"coherent", [][]int{groupA, groupB}, nil, 0, false},
		{"one of three", [][]int{groupA, groupB, twoGroups}, []int{2}, 2, true},
		{"one of four, mildly", [][]int{groupA, groupB, groupA, twoGroups}, []int{3}, 3, false},
		{"one of five, strongly", [][]int{groupA, groupB, groupA, groupB, threeGroups}, []int{4}, 4, true},
	} {
		m := topWordsModel("score", 30, tc.tops...)
		m.Vocab = c.Vocab
		h := TopicHealth(m, nil, 0)
		if err := h.AddCoherence(m, c); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(h.IncoherentTopics, tc.incoherent) || h.LeastTopic != tc.least || h.Incoherent != tc.verdict {
			t.Errorf("%s: incoherent %v, least topic %d, verdict %v; want %v, %d, %v (NPMI %.3f)",
				tc.name, h.IncoherentTopics, h.LeastTopic, h.Incoherent, tc.incoherent, tc.least, tc.verdict, h.NPMI)
		}
		if tc.verdict && !strings.HasSuffix(h.String(), "; incoherent") {
			t.Errorf("%s: String() = %q", tc.name, h.String())
		}
	}
	m := topWordsModel("score", 30, groupA, threeGroups)
	m.Vocab = c.Vocab
	h := TopicHealth(m, nil, 0)
	if err := h.AddCoherence(m, c); err != nil {
		t.Fatal(err)
	}
	if math.Abs(h.NPMI[0]-1) > 1e-9 || math.Abs(h.NPMI[1]+21.0/45) > 1e-9 {
		t.Errorf("NPMI %v, want 1 and %.4f", h.NPMI, -21.0/45)
	}
}

func TestIncoherenceAdvice(t *testing.T) {
	refined := map[string]any{model.RefineIterationsParam: 20}
	for _, tc := range []struct {
		algo   string
		params map[string]any
		want   []string
		not    string
	}{
		{"gibbs", nil, []string{"DropJunk", "MinDF", "Iterations"}, "gibbs learner"},
		{"ddp", nil, []string{"DropJunk", "refine.Auto.Refine", "gibbs"}, "Weighting"},
		{"ddp", refined, []string{"DropJunk", "gibbs"}, "refine.Auto"},
		{"anchor", refined, []string{"DropJunk", "Weighting = pairs", "gibbs"}, "refine.Auto"},
		{"recover", map[string]any{"weighting": "tokens"}, []string{"Weighting = pairs", "gibbs"}, "refine.Auto"},
		{"anchor-kl", map[string]any{"weighting": "pairs"}, []string{"DropJunk", "gibbs"}, "Weighting"},
	} {
		a := IncoherenceAdvice(&model.Model{Algorithm: tc.algo, Params: tc.params})
		for _, w := range tc.want {
			if !strings.Contains(a, w) {
				t.Errorf("%s %v: %q lacks %q", tc.algo, tc.params, a, w)
			}
		}
		if strings.Contains(a, tc.not) {
			t.Errorf("%s %v: %q has %q", tc.algo, tc.params, a, tc.not)
		}
	}
}

// Topics each on words of their own are no collapse, however few the words:
// the share of distinct words is of the words listed, not of K x Top.
func TestHealthShortTopics(t *testing.T) {
	m := &model.Model{K: 3, Vocab: []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"},
		Topics: [][]float64{{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, {0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, {0, 0, 0.5, 0.5, 0, 0, 0, 0, 0, 0, 0, 0}}}
	h := TopicHealth(m, nil, 10)
	if h.DistinctWords != 4 || h.NearDuplicatePairs != 0 || h.Collapsed {
		t.Errorf("health %+v: want 4 distinct words, no pair, not collapsed", h)
	}
}

// TestTooFewDocsForCoherence: topics measured on fewer than 5 K
// documents, or 50, get their NPMI but no verdict of incoherence, with
// the documents' figures (TopicHealth) or without (AddCoherence on
// documents of which few, or none, hold a token of the model); 50
// documents for K = 4 get it.
func TestTooFewDocsForCoherence(t *testing.T) {
	m := topWordsModel("anchor", 40, []int{0, 1}, []int{2, 3}, []int{4, 5}, []int{6, 7})
	apart := []float64{-1, -1, -1, -1} // no two top words together
	for _, tc := range []struct {
		docs       int
		incoherent bool
	}{{49, false}, {50, true}} {
		dominant := make([]int, tc.docs)
		for d := range dominant {
			dominant[d] = d % m.K
		}
		h := TopicHealth(m, dominant, 2)
		h.SetCoherence(m, apart)
		if h.Incoherent != tc.incoherent || h.TooFewDocs == tc.incoherent || (h.Advice != "") != tc.incoherent {
			t.Errorf("%d documents for K = 4: incoherent %v, too few %v, advice %q; want incoherent %v", tc.docs, h.Incoherent, h.TooFewDocs, h.Advice, tc.incoherent)
		}
	}
	// Each word alone in a document: every pair of top words apart, NPMI
	// -1; 8 documents, or 8 of words outside the model, are too few.
	var docs [][]string
	for w := range 8 {
		docs = append(docs, []string{fmt.Sprintf("w%d", w)})
	}
	for _, c := range []*corpus.Corpus{corpus.FromTokens(docs), corpus.FromTokens([][]string{{"zz"}, {"yy"}})} {
		c, _ = corpus.Align(c, m.Vocab)
		h := TopicHealth(m, nil, 2)
		if err := h.AddCoherence(m, c); err != nil {
			t.Fatal(err)
		}
		if h.Incoherent || !h.TooFewDocs || h.MinDocs != 50 || len(h.IncoherentTopics) != 4 {
			t.Errorf("%d documents, %d empty: incoherent %v, too few %v (at least %d), incoherent topics %v", c.NumDocs(), c.EmptyDocs(), h.Incoherent, h.TooFewDocs, h.MinDocs, h.IncoherentTopics)
		}
	}
}
