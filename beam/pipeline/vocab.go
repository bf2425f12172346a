package pipeline

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/hulltopics/hull/cooc"
	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/textsafe"
	"github.com/hulltopics/hull/text"
)

// The first pass: the vocabulary, the number of documents and the
// preprocessing record, as corpus.Read and corpus.Prune make them.

// WordStat is what the inputs say of one word: the documents it occurs
// in, and where it is first seen: the input's index << 32 | the word's
// index in that input's vocabulary. corpus.Merge numbers the words of
// the merged corpus in that order (the words of the first input in its
// order, then the new words of the second, ...).
type WordStat struct {
	DF    int64
	First int64
}

// mergeWordStats is the combine of WordStats: sum, min.
func mergeWordStats(a, b WordStat) WordStat {
	return WordStat{DF: a.DF + b.DF, First: min(a.First, b.First)}
}

// Meta is what the inputs say of themselves, merged as corpus.Merge merges
// their preprocessing records.
type Meta struct {
	Inputs int   // inputs merged
	Docs   int64 // documents, empty ones included (corpus.Corpus.NumDocs)
	Format string
	Mixed  bool   // the inputs are of several formats: the record's is ""
	Text   string // JSON of the text options of a tokenized input, "" if none was
}

// mergeMeta is the combine of Metas.
func mergeMeta(a, b Meta) Meta {
	if a.Inputs == 0 {
		return b
	}
	if b.Inputs == 0 {
		return a
	}
	m := Meta{Inputs: a.Inputs + b.Inputs, Docs: a.Docs + b.Docs, Format: a.Format, Mixed: a.Mixed || b.Mixed || a.Format != b.Format}
	if m.Mixed {
		m.Format = ""
	}
	// Every tokenized input records the same options; take one whatever
	// the order of the merges.
	m.Text = a.Text
	if m.Text == "" || (b.Text != "" && b.Text < m.Text) {
		m.Text = b.Text
	}
	return m
}

// prune returns the pruning of the merged corpus: opts when set, else
// hull fit's default (cmd/hull rawTextPrune).
func (m Meta) prune(opts *corpus.PruneOptions) corpus.PruneOptions {
	switch {
	case opts != nil:
		return *opts
	case m.Text != "":
		return corpus.RawTextPrune(int(m.Docs))
	}
	return corpus.PruneOptions{}
}

// Entry is a word kept by the document-frequency bounds, or a stop word
// of a corpus whose words are tokens already, which pruning drops first
// and records (corpus.PruneOptions.StopWords).
type Entry struct {
	Word  string
	DF    int64
	First int64
	Stop  bool
}

// scanFn reads an input and emits its words and its Meta.
type scanFn struct {
	Read ReadConfig
}

func (fn *scanFn) ProcessElement(ctx context.Context, sh Shard, words func(string, WordStat), metas func(Meta)) error {
	if err := acquire(ctx); err != nil {
		return err
	}
	defer release()
	start := time.Now()
	c, err := fn.Read.read(ctx, sh.Path)
	if err != nil {
		return err
	}
	df := c.DocFreq()
	for w, word := range c.Vocab {
		words(word, WordStat{DF: int64(df[w]), First: int64(sh.Index)<<32 | int64(w)})
	}
	m := Meta{Inputs: 1, Docs: int64(c.NumDocs())}
	if p := c.Preprocessing; p != nil {
		m.Format = string(p.Format)
		if p.Text != nil {
			js, err := json.Marshal(p.Text)
			if err != nil {
				return err
			}
			m.Text = string(js)
		}
	}
	metas(m)
	scanMillis.Inc(ctx, time.Since(start).Milliseconds())
	inputsRead.Inc(ctx, 1)
	scanRSS.Update(ctx, peakRSS())
	progress(ctx, "vocabulary pass: %s: %d documents, %d words, %v", textsafe.Escape(sh.Path), c.NumDocs(), c.NumWords(), time.Since(start).Round(time.Millisecond))
	return nil
}

// keepFn keeps the words within the document-frequency bounds of the
// pruning (MinDF, MaxDF as corpus.MaxDFDocs rounds it), the rules that
// need no other word, and marks the stop words of inputs whose words may
// be tokens already (not tokenized, or JSON lines, whose items stand
// beside its texts, alone or merged with inputs of other formats): the
// tokenizer's stop list never reached them, so they are matched to Stop
// (the extra stop words of the text options) as the tokenizer matches
// tokens (text.Tokenizer.IsStopWord), as "hull fit" does.
type keepFn struct {
	Prune *corpus.PruneOptions
	Stop  []string

	tok *text.Tokenizer // of Stop alone, made at the first stop word check
}

func (fn *keepFn) ProcessElement(word string, st WordStat, meta Meta, emit func(Entry)) error {
	// A merge of several formats records none ("") and may hold items.
	if (meta.Text == "" || meta.Format == string(corpus.FormatJSONL) || meta.Format == "") && len(fn.Stop) > 0 {
		if fn.tok == nil {
			tok, err := text.New(text.Options{StopWords: fn.Stop, NoDefaultStopWords: true})
			if err != nil {
				return err
			}
			fn.tok = tok
		}
		if fn.tok.IsStopWord(word) {
			emit(Entry{Word: word, DF: st.DF, First: st.First, Stop: true})
			return nil
		}
	}
	opts := meta.prune(fn.Prune)
	if st.DF < int64(opts.MinDF) || st.DF > int64(corpus.MaxDFDocs(opts.MaxDF, int(meta.Docs))) {
		return nil
	}
	emit(Entry{Word: word, DF: st.DF, First: st.First})
	return nil
}

// Plan is the outcome of the first pass, a side input of the second: the
// vocabulary, the preprocessing record and the number of row ranges.
type Plan struct {
	Vocab         []string
	Preprocessing *corpus.Preprocessing
	Ranges        int
	// BadInput, when the inputs cannot give statistics (pruning kept no
	// word, or text options were set for inputs that hold no raw text),
	// says why: the second pass fails with it, marked as bad input.
	// planFn itself does not fail: Prism then started the second pass
	// without its side input about one run in eight, and that error, not
	// this one, was the run's.
	BadInput string
}

// planFn orders the kept words by first position, applies MaxVocab and
// emits the Plan, in JSON.
type planFn struct {
	Prune      *corpus.PruneOptions
	RangeBytes int64
	// TextSet names the options set of those only raw text uses
	// (textOptionsSet), refused when no input is raw text.
	TextSet []string
}

func (fn *planFn) ProcessElement(ctx context.Context, meta Meta, words func(*Entry) bool, emit func([]byte)) error {
	if meta.Text == "" {
		format := cmp.Or(meta.Format, "already tokenized")
		if len(fn.TextSet) > 0 {
			return emitBad(emit, fmt.Sprintf("Options.%s: only raw text is tokenized, and the inputs are %s (their words are tokens already)",
				strings.Join(fn.TextSet, ", Options."), format))
		}
		if fn.Prune != nil && fn.Prune.IsZero() {
			return emitBad(emit, fmt.Sprintf("%s: only raw text is pruned by default, and the inputs are %s (their words are tokens already)", keepAll, format))
		}
	}
	var kept, stop []Entry
	var e Entry
	for words(&e) {
		if e.Stop {
			stop = append(stop, e)
		} else {
			kept = append(kept, e)
		}
	}
	byFirst := func(a, b Entry) int { return cmp.Compare(a.First, b.First) }
	slices.SortFunc(kept, byFirst)
	slices.SortFunc(stop, byFirst)
	opts := meta.prune(fn.Prune)
	for _, e := range stop {
		opts.StopWords = append(opts.StopWords, e.Word)
	}
	if opts.MaxVocab > 0 && len(kept) > opts.MaxVocab {
		// corpus.Prune: the MaxVocab of highest document frequency, ties to
		// the lower word index, kept in their order.
		byDF := slices.Clone(kept)
		slices.SortStableFunc(byDF, func(a, b Entry) int { return cmp.Compare(b.DF, a.DF) })
		keep := make(map[int64]bool, opts.MaxVocab)
		for _, e := range byDF[:opts.MaxVocab] {
			keep[e.First] = true
		}
		kept = slices.DeleteFunc(kept, func(e Entry) bool { return !keep[e.First] })
	}
	if len(kept) == 0 {
		return emitBad(emit, fmt.Sprintf("%v: no word of the %d documents passes %s", errNothingLeft, meta.Docs, opts))
	}
	p := Plan{Vocab: make([]string, len(kept)), Preprocessing: &corpus.Preprocessing{Format: corpus.Format(meta.Format), Prune: &opts}}
	for i, e := range kept {
		p.Vocab[i] = e.Word
	}
	if meta.Text != "" {
		p.Preprocessing.Text = new(text.Options)
		if err := json.Unmarshal([]byte(meta.Text), p.Preprocessing.Text); err != nil {
			return err
		}
	}
	p.Ranges = ranges(len(p.Vocab), fn.RangeBytes)
	js, err := json.Marshal(p)
	if err != nil {
		return err
	}
	progress(ctx, "vocabulary: %d inputs, %d documents, %d words kept (%s); the statistics go in %d ranges of rows",
		meta.Inputs, meta.Docs, len(p.Vocab), p.Preprocessing, p.Ranges)
	emit(js)
	return nil
}

// keepAll names a zero Options.Prune, which keeps every word, in errors.
const keepAll = "Options.Prune (zero: keep every word)"

// emitBad emits the Plan of inputs that cannot give statistics, for why.
func emitBad(emit func([]byte), why string) error {
	js, err := json.Marshal(Plan{BadInput: why})
	if err != nil {
		return err
	}
	emit(js)
	return nil
}

// rawTextFields are the fields of the read options that only raw text
// uses, as errors name them (after "Options."), in the order they are
// named: all but the extra stop words, which also drop the words of
// inputs that are tokens already.
var rawTextFields = []string{"Text.Encoding", "Text.Clean", "Text.NoDefaultStopWords", "Text.Stem", "Text.MinLen", "Text.MaxTokenLen",
	"Text.DropNumbers", "Text.Rules", "Text.DropPossessive", "Text.DropJunk", "Strict"}

// textOptionsSet names the fields of rawTextFields that o sets to other
// than their defaults or that o.Given names (given explicitly). o.Text
// is resolved (text.Options.Resolved).
func textOptionsSet(o Options) []string {
	t := o.Text
	set := map[string]bool{
		"Text.Encoding":           t.Encoding != "" && t.Encoding != text.EncodingAuto,
		"Text.Clean":              len(t.Clean) > 0,
		"Text.NoDefaultStopWords": t.NoDefaultStopWords,
		"Text.Stem":               t.Stem,
		"Text.MinLen":             t.MinLen != 0 && t.MinLen != text.DefaultMinLen,
		"Text.MaxTokenLen":        t.MaxTokenLen != 0,
		"Text.DropNumbers":        t.DropNumbers,
		"Text.Rules":              t.Rules != "" && t.Rules != text.RulesBasic,
		"Text.DropPossessive":     t.DropPossessive,
		"Text.DropJunk":           t.DropJunk,
		"Strict":                  o.Strict,
	}
	var names []string
	for _, f := range rawTextFields {
		if set[f] || slices.Contains(o.Given, f) {
			names = append(names, f)
		}
	}
	return names
}

// ranges returns the number of row ranges of statistics over v words, so
// that each holds at most about rangeBytes.
func ranges(v int, rangeBytes int64) int {
	n := (cooc.EstimateStatsBytes(v) + rangeBytes - 1) / rangeBytes
	return int(max(1, min(n, int64(v))))
}

// vocabulary adds the first pass to s: the Plan of the inputs, in JSON.
func vocabulary(s beam.Scope, shards beam.PCollection, o Options, rc ReadConfig) beam.PCollection {
	s = s.Scope("vocabulary")
	words, metas := beam.ParDo2(s, &scanFn{Read: rc}, shards)
	meta := beam.Combine(s, mergeMeta, metas)
	stats := beam.CombinePerKey(s, mergeWordStats, words)
	kept := beam.ParDo(s, &keepFn{Prune: o.Prune, Stop: o.Text.StopWords}, stats, beam.SideInput{Input: meta})
	return beam.ParDo(s, &planFn{Prune: o.Prune, RangeBytes: o.RangeBytes, TextSet: textOptionsSet(o)}, meta, beam.SideInput{Input: kept})
}
