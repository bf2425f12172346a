package eval

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/synth"
)

// suiteFixture returns an LDA corpus split in two and its truth, and a
// model of the same vocabulary with the truth's topics in another order
// and slightly flattened.
func suiteFixture(t *testing.T) (train, test *corpus.Corpus, truth, m *model.Model) {
	t.Helper()
	c, truth, err := synth.LDA{K: 4, V: 60, Docs: 300, DocLength: 40, Alpha: 0.1, Beta: 0.1}.Generate(rand.New(rand.NewPCG(3, 4)))
	if err != nil {
		t.Fatal(err)
	}
	train, test, err = corpus.Split(c, 0.3, rand.New(rand.NewPCG(5, 6)))
	if err != nil {
		t.Fatal(err)
	}
	m = &model.Model{Algorithm: "test", K: 4, Vocab: truth.Vocab}
	for _, k := range []int{2, 0, 3, 1} {
		row := slices.Clone(truth.Topics[k])
		for w := range row {
			row[w] = 0.9*row[w] + 0.1/float64(len(row))
		}
		m.Topics = append(m.Topics, row)
	}
	return train, test, truth, m
}

func TestMeasure(t *testing.T) {
	train, test, truth, m := suiteFixture(t)
	ctx := context.Background()
	ms, err := Measure(ctx, m, SuiteOptions{Truth: truth, Heldout: test, Reference: train, Top: 5, Seed: 7, Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	l1, _ := L1Recovery(m, truth)
	cos, _ := CosineRecovery(m, truth)
	p, _ := DocumentCompletion(ctx, m, test, PerplexityOptions{Seed: 7})
	coh, _ := TopicCoherence(context.Background(), m, train, 5)
	unique, _ := UniqueWords(m, 5)
	for name, v := range map[string][2]float64{
		"l1 mean": {*ms.L1Mean, l1.Mean}, "l1 max": {*ms.L1Max, l1.Max}, "cosine": {*ms.CosineMean, cos.Mean},
		"perplexity": {*ms.Perplexity, p.Perplexity}, "umass": {*ms.CoherenceUMass, coh.UMass}, "npmi": {*ms.CoherenceNPMI, coh.NPMI},
		"unique": {*ms.UniqueWords, unique}, "least npmi": {*ms.LeastTopicNPMI, slices.Min(coh.TopicNPMI)},
	} {
		if v[0] != v[1] {
			t.Errorf("%s: %v, want %v", name, v[0], v[1])
		}
	}
	if ms.Estimator != p.Estimator || ms.Recovered != nil || ms.RecoveredThreshold != nil {
		t.Errorf("estimator %q, recovered %v at %v", ms.Estimator, ms.Recovered, ms.RecoveredThreshold)
	}
	// The counts behind the perplexity, which hull eval dropped.
	if ms.HeldOutTokens == nil || *ms.HeldOutTokens != p.HeldOutTokens || *ms.HeldOutDocs != p.Docs ||
		*ms.SkippedDocs != p.SkippedDocs || *ms.ZeroProbTokens != p.ZeroProbTokens || p.HeldOutTokens == 0 {
		t.Errorf("held-out counts %v %v %v %v, want those of %+v", ms.HeldOutTokens, ms.HeldOutDocs, ms.SkippedDocs, ms.ZeroProbTokens, p)
	}
	dom, _ := DominantTopics(ctx, m, train, 0) // Reference before Heldout
	h := TopicHealth(m, dom, 5)
	coh, _ = TopicCoherence(context.Background(), m, train, 5)
	h.SetCoherence(m, coh.TopicNPMI)
	if ms.Health == nil || !reflect.DeepEqual(*ms.Health, h) || *ms.DistinctWords != h.DistinctWords || *ms.NearDuplicatePairs != h.NearDuplicatePairs ||
		*ms.LargestTopicShare != h.LargestShare || *ms.RareTopics != len(h.RareTopics) || *ms.EffectiveTopics != h.EffectiveTopics || *ms.HealthDocs != train.NumDocs() || *ms.Collapsed {
		t.Errorf("health %+v, want %+v", ms.Health, h)
	}
	b, _ := json.Marshal(ms)
	var keys map[string]any
	if err := json.Unmarshal(b, &keys); err != nil || len(keys) != 23 {
		t.Errorf("JSON %s: want the 23 keys of hull eval (%v)", b, err)
	}
	if keys["collapsed"] != false || ms.NMI != nil {
		t.Errorf("JSON %s: want collapsed false and no nmi", b)
	}
	// Without corpora: the word figures of health only.
	if ms, err = Measure(ctx, m, SuiteOptions{}); err != nil || ms.DistinctWords == nil || ms.Collapsed == nil || ms.LargestTopicShare != nil || ms.HealthDocs != nil {
		t.Errorf("no corpus: %+v, %v", ms, err)
	}
}

func TestMeasureLabels(t *testing.T) {
	train, test, _, m := suiteFixture(t)
	ctx := context.Background()
	// Label the held-out documents by their dominant topic, except the
	// first ten: NMI and purity 1 over the others.
	dom, err := DominantTopics(ctx, m, test, 0)
	if err != nil {
		t.Fatal(err)
	}
	labels := map[string]string{}
	for d, id := range test.DocIDs[10:] {
		labels[id] = fmt.Sprint("topic ", dom[d+10])
	}
	ms, err := Measure(ctx, m, SuiteOptions{Heldout: test, Labels: labels})
	if err != nil {
		t.Fatal(err)
	}
	if *ms.NMI != 1 || *ms.Purity != 1 || *ms.LabelledDocs != test.NumDocs()-10 {
		t.Errorf("NMI %v, purity %v over %d documents; want 1, 1 over %d", *ms.NMI, *ms.Purity, *ms.LabelledDocs, test.NumDocs()-10)
	}
	// Labels of documents of another corpus only, or no corpus: errors.
	if _, err := Measure(ctx, m, SuiteOptions{Reference: train, Heldout: test, Labels: labels}); err == nil || !strings.Contains(err.Error(), "match") {
		t.Errorf("labels of other documents: %v", err)
	}
	if _, err := Measure(ctx, m, SuiteOptions{Labels: labels}); err == nil {
		t.Error("labels without a corpus: no error")
	}
}

func TestMeasureRecovered(t *testing.T) {
	_, _, truth, m := suiteFixture(t)
	ms, err := Measure(context.Background(), m, SuiteOptions{Truth: truth, CountRecovered: true, RecoveredAt: 0.5})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(ms)
	if got := string(b); !strings.Contains(got, `"recovered":4,"recovered_threshold":0.5`) || ms.L1Mean == nil || ms.Perplexity != nil {
		t.Errorf("JSON %s", got)
	}
	// RecoveredAt 0 is the default threshold, not a cosine of 0.
	if ms, err = Measure(context.Background(), m, SuiteOptions{Truth: truth, CountRecovered: true}); err != nil {
		t.Fatal(err)
	}
	if *ms.RecoveredThreshold != DefaultRecoveredAt {
		t.Errorf("RecoveredAt 0: threshold %v, want DefaultRecoveredAt", *ms.RecoveredThreshold)
	}
	// Another K: the count only.
	m3 := &model.Model{Algorithm: "test", K: 3, Vocab: m.Vocab, Topics: m.Topics[:3]}
	if ms, err = Measure(context.Background(), m3, SuiteOptions{Truth: truth, CountRecovered: true, RecoveredAt: 0.5}); err != nil {
		t.Fatal(err)
	}
	if ms.L1Mean != nil || ms.CosineMean != nil || *ms.Recovered != 3 {
		t.Errorf("K = 3 against 4: l1 %v, cosine %v, recovered %v", ms.L1Mean, ms.CosineMean, *ms.Recovered)
	}
	for name, o := range map[string]SuiteOptions{
		"equal K":   {Truth: truth},
		"no truth":  {CountRecovered: true, RecoveredAt: 0.5},
		"threshold": {Truth: truth, CountRecovered: true, RecoveredAt: 2},
	} {
		if _, err := Measure(context.Background(), m3, o); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestMeasureVocabulary(t *testing.T) {
	train, _, _, m := suiteFixture(t)
	other := &corpus.Corpus{Vocab: slices.Clone(train.Vocab), DocIDs: train.DocIDs, Offsets: train.Offsets, Words: train.Words, Counts: train.Counts}
	other.Vocab[0] = "renamed"
	for _, o := range []SuiteOptions{{Heldout: other}, {Reference: other}} {
		if _, err := Measure(context.Background(), m, o); !errors.Is(err, model.ErrVocabMismatch) {
			t.Errorf("a corpus off the model's vocabulary: error %v, want model.ErrVocabMismatch", err)
		}
	}
}

// TestMeasureOptions checks that options out of range are refused before
// any work with an *OptionError naming the field (issue 15: accepted
// silently).
func TestMeasureOptions(t *testing.T) {
	_, _, truth, m := suiteFixture(t)
	for field, o := range map[string]SuiteOptions{
		"Top":         {Top: -1},
		"RecoveredAt": {Truth: truth, CountRecovered: true, RecoveredAt: -0.5},
		"Threads":     {Threads: -2},
	} {
		_, err := Measure(context.Background(), m, o)
		var oe *OptionError
		if !errors.As(err, &oe) || oe.Field != field {
			t.Errorf("%s: error %v, want an *OptionError for it", field, err)
		}
	}
}

// TestMeasureBadModel: a model that is not one (nil, no topics, a topic
// longer or shorter than the vocabulary) is refused with Validate's
// error, not a panic nor figures.
func TestMeasureBadModel(t *testing.T) {
	for name, m := range map[string]*model.Model{
		"nil":         nil,
		"empty":       {},
		"short topic": {K: 2, Vocab: []string{"a", "b"}, Topics: [][]float64{{0.5, 0.5}, {1}}},
		"long topic":  {K: 2, Vocab: []string{"a", "b"}, Topics: [][]float64{{0.5, 0.25, 0.25}, {1, 0}}},
		"K of 3":      {K: 3, Vocab: []string{"a", "b"}, Topics: [][]float64{{0.5, 0.5}, {1, 0}}},
	} {
		if _, err := Measure(context.Background(), m, SuiteOptions{}); err == nil || !strings.HasPrefix(err.Error(), "eval: model: ") {
			t.Errorf("%s: error %v, want the model's", name, err)
		}
	}
	if _, err := TopicCoherence(context.Background(), &model.Model{K: 1, Vocab: []string{"a"}, Topics: [][]float64{{1}}}, nil, 10); err == nil {
		t.Error("TopicCoherence of no reference corpus (nil): no error")
	}
}

// A top word that no reference document holds is counted: UMass skips its
// pairs and looks better for it, which the measures did not say.
func TestMeasureUnseenTopWords(t *testing.T) {
	vocab := abcdef[:4]
	ref := docsCorpus(vocab, []int32{wa, wb}, []int32{wa, wb, wc})
	m := newModel(vocab, []float64{0.3, 0.2, 0.1, 0.4}) // d first, and unseen
	ms, err := Measure(context.Background(), m, SuiteOptions{Reference: ref, Top: 4})
	if err != nil {
		t.Fatal(err)
	}
	// UMass divides by the frequency of the higher-ranked word: d's 3
	// pairs with the words below it are skipped.
	if ms.UnseenTopWords == nil || *ms.UnseenTopWords != 1 || *ms.SkippedUMassPairs != 3 {
		t.Errorf("unseen %v, skipped %v; want 1 unseen word, 3 skipped pairs", ms.UnseenTopWords, ms.SkippedUMassPairs)
	}
}

// TestMeasureCancelled: a done ctx returned figures and a nil error when
// only the truth or the word figures were asked for; it is ctx's error
// whatever the measures.
func TestMeasureCancelled(t *testing.T) {
	train, test, truth, m := suiteFixture(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for name, o := range map[string]SuiteOptions{
		"zero":  {},
		"truth": {Truth: truth},
		"all":   {Truth: truth, Heldout: test, Reference: train},
	} {
		if ms, err := Measure(ctx, m, o); !errors.Is(err, context.Canceled) || ms != nil {
			t.Errorf("%s: %v, %v; want context.Canceled", name, ms, err)
		}
	}
	var none context.Context // nil
	if _, err := Measure(none, m, SuiteOptions{}); !errors.Is(err, learner.ErrNilContext) {
		t.Errorf("nil ctx: %v, want learner.ErrNilContext", err)
	}
}

// TestMeasureProgress: SuiteOptions.Progress follows the document
// completion on Heldout, then the dominant topics of Reference, each from
// 0 to its documents; it had no Progress at all. The figures are those
// without progress.
func TestMeasureProgress(t *testing.T) {
	train, test, _, m := suiteFixture(t)
	o := SuiteOptions{Heldout: test, Reference: train, Seed: 7, Threads: 2}
	want, err := Measure(context.Background(), m, o)
	if err != nil {
		t.Fatal(err)
	}
	var stages []string
	first, last := map[string]int{}, map[string][2]int{}
	o.Progress = func(stage string, done, total int) {
		if len(stages) == 0 || stages[len(stages)-1] != stage {
			stages = append(stages, stage)
			first[stage] = done
		}
		last[stage] = [2]int{done, total}
	}
	got, err := Measure(context.Background(), m, o)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(stages, []string{CompletionStage, DominantStage}) {
		t.Fatalf("stages %q, want %q then %q", stages, CompletionStage, DominantStage)
	}
	for _, s := range stages {
		if end := last[s]; first[s] != 0 || end[0] != end[1] || end[1] < 1 {
			t.Errorf("stage %q: from %d to %d of %d, want 0 to the total", s, first[s], end[0], end[1])
		}
	}
	if last[DominantStage][1] != train.NumDocs() {
		t.Errorf("dominant topics of %d documents, want Reference's %d", last[DominantStage][1], train.NumDocs())
	}
	if !reflect.DeepEqual(got, want) {
		t.Error("the figures differ with progress")
	}
}
