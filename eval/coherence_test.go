package eval

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/synth"
)

// docsCorpus returns a corpus over vocab whose document d holds the
// words of docs[d] (word indices, repeated for counts).
func docsCorpus(vocab []string, docs ...[]int32) *corpus.Corpus {
	b := corpus.NewBuilder(vocab)
	for d, words := range docs {
		for _, w := range words {
			b.Add(w, 1)
		}
		b.EndDoc("d" + strconv.Itoa(d))
	}
	return b.Corpus()
}

const (
	wa int32 = iota
	wb
	wc
	wd
	we
	wf
)

var abcdef = []string{"a", "b", "c", "d", "e", "f"}

func TestCoherenceByHand(t *testing.T) {
	vocab := abcdef[:5]
	// Reference: D(a)=3, D(b)=2, D(c)=2, D(d)=1, D(e)=0;
	// D(a,b)=2, D(a,c)=2, D(b,c)=1, every pair with d or e 0. M = 4.
	ref := docsCorpus(vocab,
		[]int32{wa, wb, wa},
		[]int32{wa, wb, wc},
		[]int32{wa, wc},
		[]int32{wd},
	)
	m := newModel(vocab,
		[]float64{0.5, 0.3, 0.2, 0, 0}, // top 3: a, b, c
		[]float64{0.2, 0, 0, 0.5, 0.3}, // top 3: d, e, a
	)
	c, err := TopicCoherence(context.Background(), m, ref, 3)
	if err != nil {
		t.Fatal(err)
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := TopicCoherence(done, m, ref, 3); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled context gives %v", err)
	}
	// Topic 0, UMass: (b|a) log(2.01/3) + (c|a) log(2.01/3) + (c|b) log(1.01/2).
	u0 := 2*math.Log(2.01/3) + math.Log(1.01/2)
	// Topic 1, UMass: (e|d) log(0.01/1) + (a|d) log(0.01/1); (a|e) is
	// skipped, D(e) = 0.
	u1 := 2 * math.Log(0.01)
	// Topic 0, NPMI: (a,b): p=1/2, p(a)=3/4, p(b)=1/2:
	// log((1/2)/(3/8)) / log 2 = log(4/3)/log 2; (a,c) the same;
	// (b,c): p=1/4 = p(b)p(c), so 0. Mean 2 log(4/3) / (3 log 2).
	n0 := 2 * math.Log(4.0/3) / (3 * math.Log(2))
	// Topic 1, NPMI: no pair co-occurs, -1 each.
	n1 := -1.0
	want := Coherence{
		UMass: (u0 + u1) / 2, NPMI: (n0 + n1) / 2,
		TopicUMass: []float64{u0, u1}, TopicNPMI: []float64{n0, n1},
		TopN: 3, UnseenWords: 1, SkippedPairs: 1,
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-12 }
	if !near(c.UMass, want.UMass) || !near(c.NPMI, want.NPMI) || c.TopN != want.TopN ||
		c.UnseenWords != want.UnseenWords || c.SkippedPairs != want.SkippedPairs {
		t.Fatalf("got %+v\nwant %+v", c, want)
	}
	for k := range 2 {
		if !near(c.TopicUMass[k], want.TopicUMass[k]) || !near(c.TopicNPMI[k], want.TopicNPMI[k]) {
			t.Fatalf("got %+v\nwant %+v", c, want)
		}
	}
}

func TestCoherenceTopN(t *testing.T) {
	vocab := abcdef[:4]
	ref := docsCorpus(vocab, []int32{wa, wb, wc, wd}, []int32{wa, wb})
	m := newModel(vocab, []float64{0.4, 0.3, 0.2, 0.1})
	for _, c := range []struct{ topN, want int }{{0, 4}, {2, 2}, {99, 4}} {
		got, err := TopicCoherence(context.Background(), m, ref, c.topN)
		if err != nil {
			t.Fatal(err)
		}
		if got.TopN != c.want {
			t.Errorf("topN %d: TopN = %d, want %d", c.topN, got.TopN, c.want)
		}
	}
	// Top 2: a, b always together: UMass log(2.01/2), NPMI 1.
	got, _ := TopicCoherence(context.Background(), m, ref, 2)
	if math.Abs(got.UMass-math.Log(2.01/2)) > 1e-12 || got.NPMI != 1 {
		t.Errorf("top 2: %+v", got)
	}
	// A single top word has no pair.
	got, _ = TopicCoherence(context.Background(), m, ref, 1)
	if got.UMass != 0 || got.NPMI != 0 {
		t.Errorf("top 1: %+v", got)
	}
}

// A topic on fewer words than the top n is scored on those words: words
// it never draws are none of its top words (they were, by index, and
// their pairs counted; the second topic's shorter list panicked).
func TestCoherenceShortTopics(t *testing.T) {
	vocab := abcdef[:4]
	ref := docsCorpus(vocab, []int32{wa, wb, wc, wd}, []int32{wa, wb}, []int32{wc})
	m := newModel(vocab, []float64{0.4, 0.3, 0.2, 0.1}, []float64{0.5, 0.5, 0, 0}, []float64{0, 0, 1, 0})
	got, err := TopicCoherence(context.Background(), m, ref, 3)
	if err != nil {
		t.Fatal(err)
	}
	if got.TopN != 3 || got.TopicNPMI[1] != 1 || got.TopicUMass[2] != 0 || got.TopicNPMI[2] != 0 {
		t.Errorf("short topics: %+v, want TopN 3, topic 2 on a, b (NPMI 1), topic 3 on c alone (0)", got)
	}
}

func TestCoherenceErrors(t *testing.T) {
	vocab := abcdef[:3]
	m := newModel(vocab, []float64{0.5, 0.5, 0})
	for _, c := range []struct {
		name string
		m    *model.Model
		ref  *corpus.Corpus
		want string
	}{
		{"size", m, docsCorpus(abcdef[:4], []int32{0}), "4 words, the model 3"},
		{"words", m, docsCorpus([]string{"a", "x", "c"}, []int32{0}), `"x"`},
		{"empty", m, docsCorpus(vocab), "no documents"},
		{"model", newModel(vocab, []float64{0.5, 0.4, 0}), docsCorpus(vocab, []int32{0}), "sums"},
	} {
		_, err := TopicCoherence(context.Background(), c.m, c.ref, 10)
		if err == nil || !strings.Contains(err.Error(), c.want) || (c.name == "size" || c.name == "words") != errors.Is(err, model.ErrVocabMismatch) {
			t.Errorf("%s: err = %v, want one mentioning %s", c.name, err, c.want)
		}
	}
}

// TestCoherenceTruthBeatsNoise checks on an LDA corpus that the true topics
// are more coherent, by both measures, than topics whose words are
// scrambled.
func TestCoherenceTruthBeatsNoise(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	c, truth, err := synth.LDA{K: 5, V: 300, Docs: 400, DocLength: 50, Alpha: 0.1, Beta: 0.05}.Generate(rng)
	if err != nil {
		t.Fatal(err)
	}
	noise := newModel(truth.Vocab)
	for _, row := range truth.Topics {
		perm := rng.Perm(len(row))
		shuffled := make([]float64, len(row))
		for i, j := range perm {
			shuffled[j] = row[i]
		}
		noise.Topics = append(noise.Topics, shuffled)
	}
	noise.K = len(noise.Topics)
	good, err := TopicCoherence(context.Background(), truth, c, 10)
	if err != nil {
		t.Fatal(err)
	}
	bad, err := TopicCoherence(context.Background(), noise, c, 10)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("truth %.2f / %.3f, noise %.2f / %.3f (UMass / NPMI)", good.UMass, good.NPMI, bad.UMass, bad.NPMI)
	if !(good.UMass > bad.UMass+10 && good.NPMI > bad.NPMI+0.1) {
		t.Errorf("truth %.2f / %.3f, noise %.2f / %.3f (UMass / NPMI)", good.UMass, good.NPMI, bad.UMass, bad.NPMI)
	}
	if good.NPMI <= 0 || good.NPMI > 1 || good.UMass > 0 {
		t.Errorf("truth: UMass %.2f, NPMI %.3f out of range", good.UMass, good.NPMI)
	}
}

// LeastNPMI is the least of the topics' NPMI, NaN without topics.
func TestLeastNPMI(t *testing.T) {
	if got := (Coherence{TopicNPMI: []float64{0.2, -0.4, 0.1}}).LeastNPMI(); got != -0.4 {
		t.Errorf("LeastNPMI = %v, want -0.4", got)
	}
	if got := (Coherence{}).LeastNPMI(); !math.IsNaN(got) {
		t.Errorf("LeastNPMI of no topics = %v, want NaN", got)
	}
}
