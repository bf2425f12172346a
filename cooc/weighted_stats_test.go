package cooc

import (
	"bytes"
	"context"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
)

// weightedOf returns the statistics of documents lo..hi-1 of c under w,
// added one by one.
func weightedOf(t *testing.T, c *corpus.Corpus, w Weighting, lo, hi int) *Stats {
	t.Helper()
	s, err := NewWeightedStats(c.Vocab, w)
	if err != nil {
		t.Fatal(err)
	}
	for d := lo; d < hi; d++ {
		if err := s.AddDoc(c.Doc(d)); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// Under every weighting the statistics are exact: one pass with any
// thread count, documents added one by one and the merge of three parts
// give the same bytes; their Q is Compute's with the weighting to the
// rounding of the sums, their W the sum of the weights, and the file
// reads back to the same statistics and, through a StatsReader, the same
// Q. The paper's weighting writes neither field, as before weightings.
func TestWeightedStats(t *testing.T) {
	ctx := context.Background()
	c := randomCorpus(7, 240, 30, 40)
	for _, w := range Weightings {
		s, err := FromCorpus(ctx, c, Options{Threads: 1, Weighting: w})
		if err != nil {
			t.Fatal(err)
		}
		s3, err := FromCorpus(ctx, c, Options{Threads: 3, Weighting: w})
		if err != nil {
			t.Fatal(err)
		}
		parts := weightedOf(t, c, w, 150, 240)
		for _, p := range []*Stats{weightedOf(t, c, w, 0, 70), weightedOf(t, c, w, 70, 150)} {
			if err := parts.Merge(p); err != nil {
				t.Fatal(err)
			}
		}
		digest := s.Digest()
		if s3.Digest() != digest || weightedOf(t, c, w, 0, c.NumDocs()).Digest() != digest || parts.Digest() != digest {
			t.Fatalf("%s: the statistics depend on the threads, the order or the parts", w)
		}
		var want int64
		for d := range c.NumDocs() {
			if n := int64(c.DocLen(d)); n >= 2 {
				want += map[Weighting]int64{WeightDocuments: 1, WeightTokens: n, WeightPairs: n * (n - 1)}[w]
			}
		}
		if s.Weight != want || s.Weighting != w {
			t.Fatalf("%s: weighting %q, W = %d, want %d", w, s.Weighting, s.Weight, want)
		}
		q, err := s.Matrix(ctx, 0, 2)
		if err != nil {
			t.Fatal(err)
		}
		exact, err := Compute(ctx, c, Options{Weighting: w})
		if err != nil {
			t.Fatal(err)
		}
		sum := 0.0
		for e, x := range q.Data {
			if math.Abs(x-exact.Data[e]) > 1e-15 {
				t.Fatalf("%s: Q entry %d: %g from the statistics, %g from Compute", w, e, x, exact.Data[e])
			}
			sum += x
		}
		if math.Abs(sum-1) > 1e-12 {
			t.Fatalf("%s: Q sums to %g", w, sum)
		}
		var file bytes.Buffer
		if _, err := s.WriteTo(&file); err != nil {
			t.Fatal(err)
		}
		if got := bytes.Contains(file.Bytes(), []byte(`"weighting"`)); got != (w != WeightDocuments) {
			t.Fatalf("%s: the header names the weighting: %v", w, got)
		}
		back, err := ReadStats(bytes.NewReader(file.Bytes()), "f", 0)
		if err != nil {
			t.Fatal(err)
		}
		if back.Digest() != digest || back.Weighting != w || back.Weight != want || !reflect.DeepEqual(back.Summary(), s.Summary()) {
			t.Fatalf("%s: read back %q, W = %d", w, back.Weighting, back.Weight)
		}
		r, err := NewStatsReader(bytes.NewReader(file.Bytes()), "f")
		if err != nil {
			t.Fatal(err)
		}
		if got, err := r.Matrix(ctx, 0); err != nil || !reflect.DeepEqual(got, q) {
			t.Fatalf("%s: StatsReader.Matrix: %v", w, err)
		}
		if w != WeightDocuments && !strings.Contains(s.String(), "; weighted by "+string(w)+"; ") {
			t.Fatalf("%s: String() = %q", w, s.String())
		}
	}
}

// Statistics of two weightings do not merge or join; an unknown weighting
// is refused; a W that passes 2^63 (pairs of documents of billions of
// tokens) fails every use instead of wrapping around.
func TestWeightedStatsRefusals(t *testing.T) {
	c := randomCorpus(9, 40, 10, 12)
	pairs, tokens := weightedOf(t, c, WeightPairs, 0, 20), weightedOf(t, c, WeightTokens, 20, 40)
	if err := pairs.Merge(tokens); err == nil || !strings.Contains(err.Error(), "weighted by pairs in one statistics and by tokens in the other") {
		t.Fatalf("merging pairs and tokens: %v", err)
	}
	if err := statsOf(c, 0, 20).Merge(pairs); err == nil {
		t.Fatal("merging documents and pairs: no error")
	}
	whole := weightedOf(t, c, WeightPairs, 0, 40).Split(2)
	other := weightedOf(t, c, WeightTokens, 0, 40).Split(2)
	if _, err := Join([]*Stats{whole[0], other[1]}); err == nil {
		t.Fatal("joining rows of two weightings: no error")
	}
	if _, err := NewWeightedStats(c.Vocab, "words"); err == nil {
		t.Fatal(`NewWeightedStats("words"): no error`)
	}
	if _, err := FromCorpus(context.Background(), c, Options{Weighting: "words"}); err == nil {
		t.Fatal(`FromCorpus with weighting "words": no error`)
	}

	huge := &corpus.Corpus{Vocab: []string{"a", "b"}, Offsets: []int64{0, 2}, Words: []int32{0, 1},
		Counts: []int32{math.MaxInt32, math.MaxInt32}, DocIDs: []string{"d"}}
	if _, err := FromCorpus(context.Background(), huge, Options{Weighting: WeightPairs}); !errors.Is(err, ErrOverflow) {
		t.Fatalf("FromCorpus of pairs of %d tokens: %v", 2*int64(math.MaxInt32), err)
	}
	s := weightedOf(t, huge, WeightPairs, 0, 1)
	if _, err := s.WriteTo(new(bytes.Buffer)); !errors.Is(err, ErrOverflow) {
		t.Fatalf("WriteTo: %v", err)
	}
	if _, err := s.Matrix(context.Background(), 0, 1); !errors.Is(err, ErrOverflow) {
		t.Fatalf("Matrix: %v", err)
	}
	if err := weightedOf(t, huge, WeightPairs, 0, 0).Merge(s); !errors.Is(err, ErrOverflow) {
		t.Fatalf("Merge: %v", err)
	}
	if _, err := FromCorpus(context.Background(), huge, Options{Weighting: WeightTokens}); err != nil {
		t.Fatalf("the same document weighted by tokens: %v", err)
	}
}

func TestReadWeightedStatsErrors(t *testing.T) {
	head := statsMagic + `{"vocab":["a"],"doc_freq":[1],"docs":1,"used":1,"tokens":3,"rows":[0,1],"nonzeros":0`
	for _, tc := range []struct {
		name, fields, want string
	}{
		{"documents named", `,"weighting":"documents"`, `weighting "documents" and weight 0: the documents' weighting is written as neither`},
		{"weight alone", `,"weight":1`, `weighting "" and weight 1`},
		{"unknown", `,"weighting":"words","weight":3`, `unknown weighting "words"`},
		{"tokens above", `,"weighting":"tokens","weight":4`, "weight 4 out of range for 1 documents of 2 or more tokens and 3 tokens weighted by tokens"},
		{"pairs below", `,"weighting":"pairs","weight":1`, "weight 1 out of range"},
		{"pairs missing", `,"weighting":"pairs"`, "weight 0 out of range"},
	} {
		_, err := ReadStats(strings.NewReader(head+tc.fields+"}\n"), "f", 0)
		if err == nil || !strings.Contains(err.Error(), "f:2: header: "+tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
}

// BenchmarkFromCorpus: the statistics of 4,000 random documents of up to
// 300 tokens over 3,000 words, under each weighting.
func BenchmarkFromCorpus(b *testing.B) {
	c := randomCorpus(19, 4000, 3000, 300)
	for _, w := range Weightings {
		b.Run(string(w), func(b *testing.B) {
			for b.Loop() {
				if _, err := FromCorpus(context.Background(), c, Options{Threads: 1, Weighting: w}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
