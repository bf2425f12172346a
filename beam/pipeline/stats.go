package pipeline

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/hulltopics/hull/cooc"
	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/textsafe"
)

// The second pass: the statistics of every document on the vocabulary,
// accumulated per bundle, merged per range of rows, joined and written.

// accumulateFn reads inputs and adds their documents, on the Plan's
// vocabulary, to one cooc.Stats per bundle, which FinishBundle emits in
// ranges of rows keyed by the range.
type accumulateFn struct {
	Read      ReadConfig
	Partials  Partials
	Weighting cooc.Weighting

	planJSON []byte // the Plan the fields below are of
	plan     Plan
	index    map[string]int32
	acc      *cooc.Stats // nil until the bundle's first input
	slot     bool        // the bundle holds a slot (see slots)
}

// StartBundle decodes the Plan, unless it is the previous bundle's.
func (fn *accumulateFn) StartBundle(_ context.Context, planJSON []byte, _ func(int, []byte)) error {
	fn.acc = nil
	if !bytes.Equal(planJSON, fn.planJSON) {
		fn.plan = Plan{}
		if err := json.Unmarshal(planJSON, &fn.plan); err != nil {
			// Decoded afresh by the next bundle, whatever its plan.
			fn.plan, fn.planJSON, fn.index = Plan{}, nil, nil
			return fmt.Errorf("pipeline: decoding the plan of the vocabulary pass (the statistics pass's side input): %w", err)
		}
		fn.planJSON = slices.Clone(planJSON)
		fn.index = make(map[string]int32, len(fn.plan.Vocab))
		for i, w := range fn.plan.Vocab {
			fn.index[w] = int32(i)
		}
	}
	if fn.plan.BadInput != "" {
		return markBad(errors.New(fn.plan.BadInput))
	}
	return nil
}

// ProcessElement adds the documents of an input. The bundle takes a slot
// with its first input and keeps it to its end, for it holds an
// accumulator until then: a worker process holds at most one per CPU.
func (fn *accumulateFn) ProcessElement(ctx context.Context, sh Shard, _ []byte, _ func(int, []byte)) (err error) {
	if !fn.slot {
		if err := acquire(ctx); err != nil {
			return err
		}
		fn.slot = true
	}
	defer func() {
		if err != nil { // the bundle fails: FinishBundle will not run
			fn.acc, fn.slot = nil, false
			release()
			err = markInput(err)
		}
	}()
	start := time.Now()
	c, err := fn.Read.read(ctx, sh.Path)
	if err != nil {
		return err
	}
	read := time.Since(start)
	docs := c.NumDocs()
	c = fn.restrict(c) // without the documents the pruning emptied
	// Word by word over the input's documents (cooc.FromCorpus), not
	// document by document into the accumulator (cooc.Stats.AddDoc), whose
	// pairs land all over its 8 V^2 bytes: about 4 times faster at
	// V = 5,000.
	s, err := cooc.FromCorpus(ctx, c, cooc.Options{Weighting: fn.Weighting})
	if err != nil {
		return err
	}
	if fn.acc == nil {
		fn.acc = s
	} else if err := fn.acc.Merge(s); err != nil {
		return err
	}
	readMillis.Inc(ctx, read.Milliseconds())
	addMillis.Inc(ctx, (time.Since(start) - read).Milliseconds())
	progress(ctx, "statistics pass: %s: %d documents read (%d kept) in %v, added in %v", textsafe.Escape(sh.Path), docs, c.NumDocs(),
		read.Round(time.Millisecond), (time.Since(start) - read).Round(time.Millisecond))
	return nil
}

// restrict returns the documents of c on the Plan's vocabulary, without
// those left without a word, as corpus.Prune keeps them, with the Plan's
// preprocessing record.
func (fn *accumulateFn) restrict(c *corpus.Corpus) *corpus.Corpus {
	remap := make([]int32, c.NumWords())
	for i, w := range c.Vocab {
		j, ok := fn.index[w]
		if !ok {
			j = -1
		}
		remap[i] = j
	}
	out := &corpus.Corpus{Vocab: fn.plan.Vocab, Offsets: []int64{0}, Preprocessing: fn.plan.Preprocessing,
		Words: make([]int32, 0, c.NNZ()), Counts: make([]int32, 0, c.NNZ())}
	type term struct{ w, k int32 }
	var terms []term
	for d := range c.NumDocs() {
		words, counts := c.Doc(d)
		terms = terms[:0]
		for q, w := range words {
			if j := remap[w]; j >= 0 {
				terms = append(terms, term{j, counts[q]})
			}
		}
		if len(terms) == 0 {
			continue
		}
		slices.SortFunc(terms, func(a, b term) int { return cmp.Compare(a.w, b.w) })
		for _, t := range terms {
			out.Words = append(out.Words, t.w)
			out.Counts = append(out.Counts, t.k)
		}
		out.DocIDs = append(out.DocIDs, c.DocIDs[d])
		out.Offsets = append(out.Offsets, int64(len(out.Words)))
	}
	return out
}

func (fn *accumulateFn) FinishBundle(ctx context.Context, _ []byte, emit func(int, []byte)) error {
	if fn.slot {
		defer release()
		fn.slot = false
	}
	if fn.acc == nil {
		return nil
	}
	start := time.Now()
	parts := fn.acc.Split(fn.plan.Ranges)
	fn.acc = nil // copied into the parts
	for r, p := range parts {
		b, err := fn.Partials.put(ctx, p, fmt.Sprintf("bundle-range%d", r))
		if err != nil {
			return err
		}
		parts[r] = nil
		emit(r, b)
	}
	splitMillis.Inc(ctx, time.Since(start).Milliseconds())
	bundles.Inc(ctx, 1)
	accumulateRSS.Update(ctx, peakRSS())
	return nil
}

// mergeFn merges the statistics of one range of rows from every bundle,
// reading one at a time. A combine would do no better: a bundle emits one
// element per range, so there is nothing to combine before the shuffle.
type mergeFn struct {
	Partials Partials
}

func (fn *mergeFn) ProcessElement(ctx context.Context, r int, parts func(*[]byte) bool, emit func(int, []byte)) (err error) {
	defer func() { err = markInput(err) }()
	start := time.Now()
	var sum *cooc.Stats
	var b []byte
	n := 0
	for parts(&b) {
		s, err := fn.Partials.get(ctx, b)
		switch {
		case err != nil:
			return err
		case sum == nil:
			sum = s
		default:
			if err := sum.Merge(s); err != nil {
				return err
			}
		}
		n++
	}
	out, err := fn.Partials.put(ctx, sum, fmt.Sprintf("range%d", r))
	if err != nil {
		return err
	}
	mergeMillis.Inc(ctx, time.Since(start).Milliseconds())
	mergeRSS.Update(ctx, peakRSS())
	progress(ctx, "merged range %d of %d bundles in %v", r, n, time.Since(start).Round(time.Millisecond))
	emit(r, out)
	return nil
}

// writeFn joins the ranges, writes the file and removes the partial
// statistics.
type writeFn struct {
	Output   string
	Partials Partials
}

func (fn *writeFn) ProcessElement(ctx context.Context, _ int, ranges func(*[]byte) bool) (err error) {
	defer func() { err = markInput(err) }()
	start := time.Now()
	var parts []*cooc.Stats
	var b []byte
	for ranges(&b) {
		s, err := fn.Partials.get(ctx, b)
		if err != nil {
			return err
		}
		parts = append(parts, s)
	}
	s, err := cooc.Join(parts)
	if err != nil {
		return err
	}
	parts = nil
	if s.Docs == 0 {
		return fmt.Errorf("%w: no document holds a word of the vocabulary", errNothingLeft)
	}
	if err := save(ctx, s, fn.Output); err != nil {
		return err
	}
	if err := fn.Partials.Remove(ctx); err != nil {
		log.Warnf(ctx, progressMark+"removing the partial statistics: %v", err)
	}
	writeMillis.Inc(ctx, time.Since(start).Milliseconds())
	writeRSS.Update(ctx, peakRSS())
	progress(ctx, "wrote %s: %d documents (%d of 2 or more tokens), %d words, %d tokens; %s",
		textsafe.Escape(fn.Output), s.Docs, s.Used, len(s.Vocab), s.Tokens, s.Preprocessing)
	return nil
}

// save writes s to path atomically: a local path with cooc.Stats.Save
// (a temporary file renamed into place), a remote one to a temporary name
// renamed (or copied and removed, as the file system can) into place.
// A name ending in ".gz" is gzip-compressed.
func save(ctx context.Context, s *cooc.Stats, path string) error {
	if !isRemote(path) {
		return s.Save(ctx, path)
	}
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return err
	}
	defer fs.Close()
	tmp := fmt.Sprintf("%s.tmp-%d", path, time.Now().UnixNano())
	w, err := fs.OpenWrite(ctx, tmp)
	if err != nil {
		return err
	}
	var out io.Writer = w
	var zw *gzip.Writer
	if strings.HasSuffix(path, ".gz") {
		zw = gzip.NewWriter(w)
		out = zw
	}
	_, err = s.WriteTo(out)
	if zw != nil && err == nil {
		err = zw.Close()
	}
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return filesystem.Rename(ctx, fs, tmp, path)
}

// statistics adds the second pass to s.
func statistics(s beam.Scope, shards, plan beam.PCollection, o Options, rc ReadConfig) {
	s = s.Scope("statistics")
	ps := Partials{Dir: o.PartialsDir}
	parts := beam.ParDo(s, &accumulateFn{Read: rc, Partials: ps, Weighting: o.Weighting}, shards, beam.SideInput{Input: plan})
	merged := beam.ParDo(s, &mergeFn{Partials: ps}, beam.GroupByKey(s, parts))
	all := beam.GroupByKey(s, beam.AddFixedKey(s, beam.DropKey(s, merged)))
	beam.ParDo0(s, &writeFn{Output: o.Output, Partials: ps}, all)
}
