package pipeline

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
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

// Entry is a word kept by the document-frequency bounds.
type Entry struct {
	Word  string
	DF    int64
	First int64
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
	log.Infof(ctx, "vocabulary pass: %s: %d documents, %d words, %v", textsafe.Escape(sh.Path), c.NumDocs(), c.NumWords(), time.Since(start).Round(time.Millisecond))
	return nil
}

// keepFn keeps the words within the document-frequency bounds of the
// pruning (MinDF, MaxDF), the rules that need no other word.
type keepFn struct {
	Prune *corpus.PruneOptions
}

func (fn *keepFn) ProcessElement(word string, st WordStat, meta Meta, emit func(Entry)) {
	opts := meta.prune(fn.Prune)
	if st.DF < int64(opts.MinDF) || (opts.MaxDF > 0 && float64(st.DF) > opts.MaxDF*float64(meta.Docs)) {
		return
	}
	emit(Entry{Word: word, DF: st.DF, First: st.First})
}

// Plan is the outcome of the first pass, a side input of the second: the
// vocabulary, the preprocessing record and the number of row ranges.
type Plan struct {
	Vocab         []string
	Preprocessing *corpus.Preprocessing
	Ranges        int
	// NothingLeft, when pruning kept no word, says so: the second pass
	// fails with it, marked as bad input. planFn itself does not fail:
	// Prism then started the second pass without its side input about
	// one run in eight, and that error, not this one, was the run's.
	NothingLeft string
}

// planFn orders the kept words by first position, applies MaxVocab and
// emits the Plan, in JSON.
type planFn struct {
	Prune      *corpus.PruneOptions
	RangeBytes int64
}

func (fn *planFn) ProcessElement(ctx context.Context, meta Meta, words func(*Entry) bool, emit func([]byte)) error {
	var kept []Entry
	var e Entry
	for words(&e) {
		kept = append(kept, e)
	}
	slices.SortFunc(kept, func(a, b Entry) int { return cmp.Compare(a.First, b.First) })
	opts := meta.prune(fn.Prune)
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
		js, err := json.Marshal(Plan{NothingLeft: fmt.Sprintf("no word of the %d documents passes %s", meta.Docs, opts)})
		if err != nil {
			return err
		}
		emit(js)
		return nil
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
	log.Infof(ctx, "vocabulary: %d inputs, %d documents, %d words kept (%s); the statistics go in %d ranges of rows",
		meta.Inputs, meta.Docs, len(p.Vocab), p.Preprocessing, p.Ranges)
	emit(js)
	return nil
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
	kept := beam.ParDo(s, &keepFn{Prune: o.Prune}, stats, beam.SideInput{Input: meta})
	return beam.ParDo(s, &planFn{Prune: o.Prune, RangeBytes: o.RangeBytes}, meta, beam.SideInput{Input: kept})
}
