package anchor

import (
	"bytes"
	"context"
	"errors"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hulltopics/hull/cooc"
	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/refinetest"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/refine"
	"github.com/hulltopics/hull/text"
)

// TestFitStatsMatchesFit: learning from the statistics of a corpus,
// merged from two halves, gives Fit's anchors and its topics to the
// rounding of the sums, for the paper's pipeline, the rectified one and
// each recovery; from their file (FitStatsReader), exactly FitStats's
// model.
func TestFitStatsMatchesFit(t *testing.T) {
	c, _ := separable(t, 3000, 3)
	half := c.NumDocs() / 2
	s := cooc.NewStats(c.Vocab)
	rest := cooc.NewStats(c.Vocab)
	for d := range c.NumDocs() {
		to := s
		if d >= half {
			to = rest
		}
		if err := to.AddDoc(c.Doc(d)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Merge(rest); err != nil {
		t.Fatal(err)
	}
	for _, o := range []Options{
		{Recover: RecoverL2},
		{Recover: RecoverKL},
		{Recover: Original},
		{Recover: RecoverL2, Rectify: RectifyAP, RectifyWords: 200},
	} {
		o.Threads = 2
		l, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		want, err := l.Fit(context.Background(), c, 10)
		if err != nil {
			t.Fatal(err)
		}
		got, err := l.FitStats(context.Background(), s, 10)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got.Anchors, want.Anchors) {
			t.Fatalf("%s/%s: anchors %v from the statistics, %v from the corpus", o.Recover, o.Rectify, got.Anchors, want.Anchors)
		}
		if d := maxDiff(got, want); d > 1e-9 {
			t.Fatalf("%s/%s: topics differ by %g", o.Recover, o.Rectify, d)
		}
		if got.Provenance.Docs != c.NumDocs() || got.Provenance.InputDigest != "stats:"+s.Digest() {
			t.Fatalf("provenance %+v", got.Provenance)
		}
		if err := got.Validate(); err != nil {
			t.Fatal(err)
		}
		var file bytes.Buffer
		if _, err := s.WriteTo(&file); err != nil {
			t.Fatal(err)
		}
		r, err := cooc.NewStatsReader(&file, "s.stats")
		if err != nil {
			t.Fatal(err)
		}
		read, err := l.FitStatsReader(context.Background(), r, 10)
		if err != nil {
			t.Fatal(err)
		}
		read.Provenance.Timings, got.Provenance.Timings = nil, nil
		if !reflect.DeepEqual(read, got) {
			t.Fatalf("%s/%s: FitStatsReader's model differs from FitStats's", o.Recover, o.Rectify)
		}
	}
}

func maxDiff(a, b *model.Model) float64 {
	d := 0.0
	for k := range a.Topics {
		for w := range a.Topics[k] {
			d = math.Max(d, math.Abs(a.Topics[k][w]-b.Topics[k][w]))
		}
	}
	return d
}

// TestFitStatsSkipsRefine: the default options refine with the documents;
// from statistics the refinement is skipped and recorded.
func TestFitStatsSkipsRefine(t *testing.T) {
	c, _ := separable(t, 1000, 4)
	s, err := cooc.FromCorpus(context.Background(), c, cooc.Options{})
	if err != nil {
		t.Fatal(err)
	}
	o := DefaultOptions()
	o.Rectify = RectifyAP
	var logged []string
	o.Log = func(line string) { logged = append(logged, line) }
	l, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	m, err := l.FitStats(context.Background(), s, 10)
	if err != nil {
		t.Fatal(err)
	}
	if m.Params["refine_skipped"] != DefaultRefine || len(logged) == 0 {
		t.Fatalf("refine_skipped = %v, log %q", m.Params["refine_skipped"], logged)
	}
	if _, err := l.FitStats(context.Background(), s.Split(2)[0], 10); err == nil {
		t.Fatal("FitStats on a range of rows succeeded")
	}
	o.MaxMemory = 1000
	l, _ = New(o)
	if _, err := l.FitStats(context.Background(), s, 10); err == nil {
		t.Fatal("FitStats above MaxMemory succeeded")
	}
	// From a file, the refusal comes before Q is read: the reader is
	// still at the first entry, the digest unknown.
	var file bytes.Buffer
	s.WriteTo(&file)
	r, err := cooc.NewStatsReader(&file, "s.stats")
	if err != nil {
		t.Fatal(err)
	}
	_, err = l.FitStatsReader(context.Background(), r, 10)
	if _, ok := errors.AsType[*learner.MemoryError](err); !ok || r.Summary().Digest != "" {
		t.Fatalf("FitStatsReader above MaxMemory: %v, digest %q: want a memory error before the entries are read", err, r.Summary().Digest)
	}
}

// TestFitStatsSample: from statistics, the refinement runs on a sample of
// the documents. With the whole corpus as the sample (its words in another
// order) the model is Fit's, refinement included, to the rounding of the
// sums, for RectifyAuto (rectified, which always refines, on KOS);
// for recover's auto (which refines noisy topics) within 0.01: its
// inversion clips to zero 28 weights that are a rounding above zero from
// the other input, and EM keeps a zero weight at zero while a positive one
// can grow. The reader gives the same model; a sample over other words is
// refused.
func TestFitStatsSample(t *testing.T) {
	c := refinetest.KOS(t)
	s, err := cooc.FromCorpus(context.Background(), c, cooc.Options{})
	if err != nil {
		t.Fatal(err)
	}
	shuffled := reversedVocab(c)
	for _, o := range []Options{
		{Recover: RecoverL2, Rectify: RectifyAuto, Refine: 5}, // KOS: rectified and refined
		{Recover: Original, Rectify: RectifyAuto, Refine: 5},
	} {
		tol := 1e-9
		if o.Recover == Original {
			tol = 0.01
		}
		o.Threads = 2
		l, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		want, err := l.Fit(context.Background(), c, 10)
		if err != nil {
			t.Fatal(err)
		}
		if !want.Refined() {
			t.Fatalf("%s/%s: Fit did not refine on KOS: the case tests nothing", o.Recover, o.Rectify)
		}
		got, err := l.FitStatsSample(context.Background(), s, 10, shuffled)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got.Anchors, want.Anchors) || maxDiff(got, want) > tol || got.Refined() != want.Refined() {
			t.Fatalf("%s/%s: anchors %v (Fit's %v), topics %g apart, refined %v (Fit: %v)", o.Recover, o.Rectify,
				got.Anchors, want.Anchors, maxDiff(got, want), got.Refined(), want.Refined())
		}
		if got.Params["refine_sample_docs"] != c.NumDocs() || got.Params["refine_skipped"] != nil {
			t.Fatalf("params %v", got.Params)
		}
		var file bytes.Buffer
		if _, err := s.WriteTo(&file); err != nil {
			t.Fatal(err)
		}
		r, err := cooc.NewStatsReader(&file, "s.stats")
		if err != nil {
			t.Fatal(err)
		}
		read, err := l.FitStatsReaderSample(context.Background(), r, 10, shuffled)
		if err != nil {
			t.Fatal(err)
		}
		read.Provenance.Timings, got.Provenance.Timings = nil, nil
		if !reflect.DeepEqual(read, got) {
			t.Fatalf("%s/%s: FitStatsReaderSample's model differs from FitStatsSample's", o.Recover, o.Rectify)
		}
	}
	noRefine := DefaultOptions()
	noRefine.Refine = 0
	l0, _ := New(noRefine)
	if _, err := l0.FitStatsSample(context.Background(), s, 10, c); !isOptionError(err, "Refine") {
		t.Fatalf("a sample with Refine 0: %v, want an OptionError on Refine", err)
	}
	other := &corpus.Corpus{Vocab: []string{"zzz1", "zzz2"}, Offsets: []int64{0, 2}, Words: []int32{0, 1}, Counts: []int32{3, 4}, DocIDs: []string{"x"}}
	l, _ := New(DefaultOptions())
	if _, err := l.FitStatsSample(context.Background(), s, 10, other); !errors.Is(err, ErrSampleVocab) {
		t.Fatalf("a sample over other words: %v", err)
	}
	// Raw text tokenized otherwise (stemmed here, not there) is refused;
	// tokenized alike, it is taken.
	s.Preprocessing = &corpus.Preprocessing{Format: corpus.FormatLines, Text: &text.Options{}}
	stemmed := *c
	stemmed.Preprocessing = &corpus.Preprocessing{Format: corpus.FormatLines, Text: &text.Options{Stem: true}}
	if _, err := l.FitStatsSample(context.Background(), s, 10, &stemmed); !errors.Is(err, ErrSamplePreparation) || !strings.Contains(err.Error(), "stem") {
		t.Fatalf("a stemmed sample for statistics not stemmed: %v", err)
	}
	// Raw text for statistics of tokens made elsewhere, and the other way
	// round, are refused too.
	if _, err := l.FitStatsSample(context.Background(), s, 10, c); !errors.Is(err, ErrSamplePreparation) || !strings.Contains(err.Error(), "read as tokens already made (format uci") {
		t.Fatalf("a UCI sample for statistics of raw text: %v", err)
	}
	fromUCI, err := cooc.FromCorpus(context.Background(), c, cooc.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.FitStatsSample(context.Background(), fromUCI, 10, &stemmed); !errors.Is(err, ErrSamplePreparation) || !strings.Contains(err.Error(), "raw text tokenized by hull") {
		t.Fatalf("a raw-text sample for statistics of a UCI corpus: %v", err)
	}
	stemmed.Preprocessing.Text.Stem = false
	in := statsInput(s)
	if err := in.setSample(&stemmed); err != nil {
		t.Fatalf("a sample tokenized as the statistics: %v", err)
	}
	// A UCI corpus that hull corpus saved from raw text records how its
	// words were made: tokenized alike, it is taken; otherwise not.
	saved := *c
	saved.Preprocessing = &corpus.Preprocessing{Format: corpus.FormatUCI, Saved: &corpus.Preprocessing{Format: corpus.FormatLines, Text: &text.Options{}}}
	if err := in.setSample(&saved); err != nil {
		t.Fatalf("a saved sample tokenized as the statistics: %v", err)
	}
	// The statistics of the saved files themselves record no Saved
	// record (as hull-beam's and older hulls' do not): the sample is taken
	// (it was refused as raw text against tokens).
	fromSaved, err := cooc.FromCorpus(context.Background(), &saved, cooc.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if fromSaved.Preprocessing.Saved != nil {
		t.Fatalf("statistics record %s", fromSaved.Preprocessing)
	}
	ofSaved := statsInput(fromSaved)
	if err := ofSaved.setSample(&saved); err != nil {
		t.Fatalf("a saved sample for the statistics of its files: %v", err)
	}
	saved.Preprocessing.Saved.Text.Stem = true
	if err := in.setSample(&saved); !errors.Is(err, ErrSamplePreparation) {
		t.Fatalf("a saved sample stemmed, for statistics not stemmed: %v", err)
	}
}

// TestFitStatsSampleMemory: the copy of a sample put on the statistics'
// vocabulary is counted before it is made; a sample on that vocabulary
// is not copied and not counted.
func TestFitStatsSampleMemory(t *testing.T) {
	c := refinetest.KOS(t)
	s, err := cooc.FromCorpus(context.Background(), c, cooc.Options{})
	if err != nil {
		t.Fatal(err)
	}
	shuffled := reversedVocab(c)
	o := DefaultOptions()
	o.Refine = 2
	copied := corpus.AlignBytes(shuffled, c.Vocab)
	if copied == 0 || corpus.AlignBytes(c, c.Vocab) != 0 {
		t.Fatalf("AlignBytes: %d for the reversed vocabulary, %d for the same", copied, corpus.AlignBytes(c, c.Vocab))
	}
	v := int64(c.NumWords())
	o.MaxMemory = max(EstimateStatsBytes(s.Summary(), 10, o), refine.EstimateBytes(c, 10)+24*v) + copied/2
	l, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	_, err = l.FitStatsSample(context.Background(), s, 10, shuffled)
	if _, ok := errors.AsType[*learner.MemoryError](err); !ok {
		t.Fatalf("a sample to copy, above the limit by half its copy: %v", err)
	}
	if _, err := l.FitStatsSample(context.Background(), s, 10, c); err != nil {
		t.Fatalf("the same sample on the statistics' vocabulary: %v", err)
	}
}

// reversedVocab returns c over its vocabulary in reverse order.
func reversedVocab(c *corpus.Corpus) *corpus.Corpus {
	vocab := slices.Clone(c.Vocab)
	slices.Reverse(vocab)
	out, _ := corpus.Align(c, vocab)
	return out
}

// isOptionError reports whether err is a *learner.OptionError on field.
func isOptionError(err error, field string) bool {
	oe, ok := errors.AsType[*learner.OptionError](err)
	return ok && oe.Field == field
}

// TestFitStatsNil: no statistics (nil) is an error of every FitStats
// variant, not a panic.
func TestFitStatsNil(t *testing.T) {
	l, err := New(DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	ctx, sample := context.Background(), corpus.FromTokens([][]string{{"a", "b"}})
	for name, fit := range map[string]func() (*model.Model, error){
		"FitStats":             func() (*model.Model, error) { return l.FitStats(ctx, nil, 2) },
		"FitStatsSample":       func() (*model.Model, error) { return l.FitStatsSample(ctx, nil, 2, sample) },
		"FitStatsReader":       func() (*model.Model, error) { return l.FitStatsReader(ctx, nil, 2) },
		"FitStatsReaderSample": func() (*model.Model, error) { return l.FitStatsReaderSample(ctx, nil, 2, sample) },
	} {
		if m, err := fit(); err == nil || m != nil {
			t.Errorf("%s(nil): model %v, error %v; want an error", name, m != nil, err)
		}
	}
}

// TestFitStatsSampleOfAnotherCorpus: documents of another corpus given as
// the refinement sample get a warning on the log (NIPS for KOS's
// statistics: the refinement made the topics NIPS's under KOS's anchor
// words, and the log said only how many tokens were dropped); a shard of
// the corpus gets none.
func TestFitStatsSampleOfAnotherCorpus(t *testing.T) {
	c := refinetest.KOS(t)
	s, err := cooc.FromCorpus(context.Background(), c, cooc.Options{})
	if err != nil {
		t.Fatal(err)
	}
	fit := func(sample *corpus.Corpus) (string, *model.Model) {
		var log strings.Builder
		o := DefaultOptions()
		o.Log = func(line string) { log.WriteString(line + "\n") }
		l, _ := New(o)
		m, err := l.FitStatsSample(context.Background(), s, 5, sample)
		if err != nil {
			t.Fatal(err)
		}
		return log.String(), m
	}
	// The model keeps the measures the warning rests on, which -q hides.
	params := func(m *model.Model) (dropped, dispersion float64) {
		dropped, _ = m.Params["refine_sample_dropped"].(float64)
		dispersion, _ = m.Params["refine_sample_dispersion"].(float64)
		return dropped, dispersion
	}
	log, m := fit(refinetest.NIPS(t))
	if !strings.Contains(log, "warning: the refinement sample may not be documents of the statistics' corpus: 44% of its tokens") {
		t.Errorf("NIPS as the sample of KOS's statistics: no warning in\n%s", log)
	}
	if dropped, x := params(m); dropped < 0.43 || dropped > 0.45 || x <= foreignDispersion {
		t.Errorf("NIPS as the sample: the model records %v dropped, dispersion %v; want 0.44 and above %v", dropped, x, foreignDispersion)
	}
	first := make([]int, 300)
	for d := range first {
		first[d] = d
	}
	log, m = fit(corpus.Select(c, first))
	if strings.Contains(log, "warning") {
		t.Errorf("KOS's first 300 documents as the sample: %s", log)
	}
	if dropped, x := params(m); dropped != 0 || x <= 0 || x > 5 {
		t.Errorf("KOS's first 300 documents: the model records %v dropped, dispersion %v; want 0 and about 2", dropped, x)
	}
}
