package model

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/topn"

	"gonum.org/v1/gonum/floats"
)

// FormatVersion is the version of the model file format that Save writes.
// Version 2 made Params scalar and gave the learners' per-topic and
// per-document results typed fields; Read migrates version 1 files.
const FormatVersion = 2

// Model is a learned (or true) topic model: K topics, each a probability
// distribution over the V words of Vocab, plus what is known of how it was
// made. Topics is K x V, row k being topic k. Every field survives Save and
// Load with its Go type, except that the numbers of Params come back as
// float64 (use Param).
type Model struct {
	// Format is the file format version, FormatVersion when saved.
	Format int `json:"format"`
	// Algorithm names the learner, as accepted by "hull fit --algo".
	Algorithm string `json:"algorithm"`
	// Params holds the learner's scalar parameters and summary figures
	// (numbers, strings, booleans, or nil for a number JSON cannot hold,
	// such as infinity). Validate rejects anything else.
	Params map[string]any `json:"params,omitempty"`
	// K is the number of topics.
	K int `json:"k"`
	// Vocab holds the word of each column of Topics.
	Vocab []string `json:"vocab"`
	// Topics holds K rows of V probabilities, each summing to 1.
	Topics [][]float64 `json:"topics"`
	// Alpha holds the Dirichlet hyperparameters of document-topic weights
	// where the learner estimates them on an absolute scale.
	Alpha []float64 `json:"alpha,omitempty"`
	// TopicWeights holds p(z), the corpus-wide share of each topic, where
	// known (it gives Alpha up to scale).
	TopicWeights []float64 `json:"topic_weights,omitempty"`
	// TopicCovariance holds the K x K topic-topic matrix R = E[W W^T]
	// where known.
	TopicCovariance [][]float64 `json:"topic_covariance,omitempty"`
	// Anchors holds the anchor word index of each topic where the learner
	// finds one: anchor words, or the representative novel word of the
	// projection learners.
	Anchors []int `json:"anchors,omitempty"`
	// TopicWords holds, per topic, the indices of words the learner found
	// characteristic of it, most characteristic first: TSVD's catchwords,
	// the words nearest Topic-SCORE's vertices, the projection learners'
	// cluster of novel words. A topic's list may be empty.
	TopicWords [][]int `json:"topic_words,omitempty"`
	// TopicLabels names each topic where known (a generator's themes).
	TopicLabels []string `json:"topic_labels,omitempty"`
	// TopicSource says how each topic was obtained where a learner may fall
	// back from its method (for example TSVD's "catchwords" or
	// "cluster-mean"); see the learner's documentation.
	TopicSource []string `json:"topic_source,omitempty"`
	// ClusterSizes holds the size of each topic's cluster where the learner
	// clusters (documents for TSVD, Projector and k-means, words for the
	// projection learners).
	ClusterSizes []int `json:"cluster_sizes,omitempty"`
	// DominantTopic holds, for each training document, the topic the learner
	// assigned it to, -1 for none (TSVD).
	DominantTopic []int `json:"dominant_topic,omitempty"`
	// SingularValues holds the singular values of the learner's truncated
	// SVD, largest first.
	SingularValues []float64 `json:"singular_values,omitempty"`
	// Simplex holds the low-dimensional geometry of a learner that finds the
	// topics as the vertices of a simplex (Topic-SCORE), for plotting.
	Simplex *Simplex `json:"simplex,omitempty"`
	// Provenance says where the model came from.
	Provenance Provenance `json:"provenance"`
}

// Simplex is a learner's simplex in a low-dimensional space: the vertices
// found, the points they were found among and a sample of the cloud of
// words. Every row has the same dimension.
type Simplex struct {
	// Vertices holds K rows, the vertex of each topic.
	Vertices [][]float64 `json:"vertices"`
	// Centres holds the cluster centres the vertices were chosen from.
	Centres [][]float64 `json:"centres,omitempty"`
	// VertexCentres holds, per topic, the index in Centres of its vertex.
	VertexCentres []int `json:"vertex_centres,omitempty"`
	// Sample holds a sample of the points (one per word), in their first
	// coordinates: each row has the same length, at most the vertices'.
	Sample [][]float64 `json:"sample,omitempty"`
	// SampleWords holds the word index of each row of Sample.
	SampleWords []int `json:"sample_words,omitempty"`
}

// Provenance records how a model was made.
type Provenance struct {
	// HullVersion is the version of hull that fitted the model.
	HullVersion string `json:"hull_version,omitempty"`
	// InputDigest is the digest of the corpus the model was fitted on
	// (corpus.Corpus.Digest), or "stats:" and the digest of the
	// co-occurrence statistics it was fitted from; "hull eval --truth"
	// and eval.CheckTruthCorpus compare it.
	InputDigest string `json:"input_digest,omitempty"`
	// Seed is the seed of the fit's random choices.
	Seed uint64 `json:"seed"`
	// Threads is the number of goroutines the fit ran on (a learner's
	// result does not depend on it, unless its documentation says so).
	Threads int `json:"threads,omitempty"`
	// Docs is the number of documents of the corpus the learner was
	// given (corpus.Corpus.NumDocs: after the pruning, which drops the
	// documents it leaves empty), or that the statistics counted.
	Docs int `json:"docs,omitempty"`
	// Timings holds the wall time of each stage of the fit, in order.
	Timings []Timing `json:"timings,omitempty"`
	// Preprocessing is how the input became the corpus the model was
	// fitted on (format, decoding, cleaning, tokenizer, pruning), as the
	// corpus recorded it; nil when unknown. infer and eval prepare new raw
	// text with it.
	Preprocessing *corpus.Preprocessing `json:"preprocessing,omitempty"`
}

// Timing is the wall time of one stage of a fit.
type Timing struct {
	Stage   string  `json:"stage"`
	Seconds float64 `json:"seconds"`
}

// Validate checks that m is well formed: K >= 1; a vocabulary of distinct,
// non-empty words of valid UTF-8 (ValidateVocab: white space is allowed,
// and the exports that cannot hold it refuse it); K rows of len(Vocab)
// finite, non-negative probabilities summing to 1 within 1e-6; Params of
// scalars; every string (labels, sources, algorithm, Params' keys and
// values, provenance) of valid UTF-8, which encoding/json would otherwise
// write as U+FFFD; finite numbers in every float field but Params, which
// JSON cannot otherwise hold (Save writes a non-finite number of Params as
// null); and optional per-topic and per-document fields of the right
// length and range. Errors name the field.
func (m *Model) Validate() error {
	if m == nil {
		return errors.New("model: no model (nil)")
	}
	switch {
	case m.K < 1:
		return fmt.Errorf("model: K = %d: a model holds at least one topic (an empty or foreign JSON object?)", m.K)
	case len(m.Topics) != m.K:
		return fmt.Errorf("model: K = %d but %d topics", m.K, len(m.Topics))
	}
	if err := ValidateVocab(m.Vocab); err != nil {
		return fmt.Errorf("model: %w", err)
	}
	v := len(m.Vocab)
	for k, row := range m.Topics {
		if len(row) != v {
			return fmt.Errorf("model: topic %d has %d weights for %d words", k, len(row), v)
		}
		s := 0.0
		for i, x := range row {
			if math.IsNaN(x) || math.IsInf(x, 0) || x < 0 {
				return fmt.Errorf("model: topic %d word %d: invalid probability %v", k, i, x)
			}
			s += x
		}
		if math.Abs(s-1) > 1e-6 {
			return fmt.Errorf("model: topic %d sums to %v, not 1", k, s)
		}
	}
	for key, x := range m.Params {
		switch x.(type) {
		case nil, bool, string, float64, float32, int, int64, int32, uint64, uint32, uint:
		case []any: // as a model file's JSON decodes
			return fmt.Errorf("model: params[%q] is a JSON array, want a number, string or boolean", key)
		case map[string]any:
			return fmt.Errorf("model: params[%q] is a JSON object, want a number, string or boolean", key)
		default:
			return fmt.Errorf("model: params[%q] is a %T, want a number, string or boolean", key, x)
		}
	}
	if err := m.Provenance.Preprocessing.Validate(); err != nil {
		return fmt.Errorf("model: provenance: %w", err)
	}
	for i, t := range m.Provenance.Timings {
		if notFinite(t.Seconds) {
			// JSON holds no NaN or infinity: Save failed naming no field.
			return fmt.Errorf("model: provenance timings[%d] (%q) seconds = %v, want a finite number", i, t.Stage, t.Seconds)
		}
	}
	if err := validUTF8(reflect.ValueOf(*m), ""); err != nil {
		return fmt.Errorf("model: %w", err)
	}
	return errors.Join(m.validPerTopic(), m.validWords(), m.validSimplex())
}

// notFinite reports whether x is NaN or infinite.
func notFinite(x float64) bool { return math.IsNaN(x) || math.IsInf(x, 0) }

// validUTF8 returns an error naming the field, by its JSON path below
// path, of the first string v holds (in its exported fields, elements,
// map keys and values, pointers and interfaces) that is not valid UTF-8:
// encoding/json writes such bytes as U+FFFD, and Load returned another
// model than the one saved. The vocabulary, which ValidateVocab checks,
// and the values of types that hold no string are skipped.
func validUTF8(v reflect.Value, path string) error {
	switch v.Kind() {
	case reflect.String:
		if s := v.String(); !utf8.ValidString(s) {
			return fmt.Errorf("%s %q is not valid UTF-8", path, s)
		}
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			return validUTF8(v.Elem(), path)
		}
	case reflect.Slice, reflect.Array:
		if !holdsStrings(v.Type().Elem()) {
			return nil
		}
		for i := range v.Len() {
			if err := validUTF8(v.Index(i), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
	case reflect.Map:
		// In the order of the keys, so that the error names the same one
		// every time.
		keys := v.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(fmt.Sprint(a), fmt.Sprint(b)) })
		for _, k := range keys {
			if err := validUTF8(k, path+" key"); err != nil {
				return err
			}
			if err := validUTF8(v.MapIndex(k), fmt.Sprintf("%s[%q]", path, fmt.Sprint(k))); err != nil {
				return err
			}
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if !f.IsExported() || name == "-" || t == reflect.TypeFor[Model]() && f.Name == "Vocab" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			if path != "" {
				name = path + "." + name
			}
			if err := validUTF8(v.Field(i), name); err != nil {
				return err
			}
		}
	}
	return nil
}

// holdsStrings reports whether a value of type t can hold a string.
func holdsStrings(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.String, reflect.Interface, reflect.Struct, reflect.Map:
		return true
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return holdsStrings(t.Elem())
	}
	return false
}

// ValidateVocab returns an error unless vocab holds at least one word and
// its words are non-empty and distinct (a word's topic weights are found
// by it) and valid UTF-8 (which every reader and writer of words needs).
// A word may hold white space, which no corpus reader gives (a model built
// by hand can hold phrases): the exports that cannot hold it refuse it
// (export.ErrWhitespace). Errors name the word's index.
func ValidateVocab(vocab []string) error {
	if len(vocab) == 0 {
		return fmt.Errorf("empty vocabulary")
	}
	for i, w := range vocab {
		switch {
		case w == "":
			return fmt.Errorf("vocabulary word %d is empty", i)
		case !utf8.ValidString(w):
			return fmt.Errorf("vocabulary word %d %q is not valid UTF-8", i, w)
		}
	}
	// The words' indices sorted by word: 4 bytes a word, where a map of
	// the words took 25 times more, before the memory check of every fit
	// (learner.CheckCorpus).
	order := make([]int32, len(vocab))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int { return cmp.Or(strings.Compare(vocab[a], vocab[b]), cmp.Compare(a, b)) })
	first, second := -1, -1 // of the repeated word whose second occurrence comes first
	for n := 1; n < len(order); n++ {
		a, b := order[n-1], order[n]
		if vocab[a] == vocab[b] && (n < 2 || vocab[order[n-2]] != vocab[a]) && (second < 0 || int(b) < second) {
			first, second = int(a), int(b)
		}
	}
	if second >= 0 {
		return fmt.Errorf("vocabulary words %d and %d are both %q", first, second, vocab[first])
	}
	return nil
}

// validPerTopic checks the lengths of the optional per-topic fields and the
// values of the weights.
func (m *Model) validPerTopic() error {
	for _, f := range []struct {
		name string
		n    int
	}{
		{"alpha", len(m.Alpha)}, {"topic_weights", len(m.TopicWeights)}, {"anchors", len(m.Anchors)},
		{"topic_covariance", len(m.TopicCovariance)}, {"topic_words", len(m.TopicWords)},
		{"topic_labels", len(m.TopicLabels)}, {"topic_source", len(m.TopicSource)}, {"cluster_sizes", len(m.ClusterSizes)},
	} {
		if f.n != 0 && f.n != m.K {
			return fmt.Errorf("model: %s has %d entries for K = %d", f.name, f.n, m.K)
		}
	}
	for _, f := range []struct {
		name string
		x    []float64
	}{{"alpha", m.Alpha}, {"topic_weights", m.TopicWeights}, {"singular_values", m.SingularValues}} {
		for k, x := range f.x {
			if math.IsNaN(x) || math.IsInf(x, 0) || x < 0 {
				return fmt.Errorf("model: %s[%d] = %v, want a finite number >= 0", f.name, k, x)
			}
			if x == 0 && f.name == "alpha" {
				// Inference under the model divides by it (it loaded, then
				// hull eval failed with "infer: alpha of topic 0 is 0").
				return fmt.Errorf("model: alpha[%d] = 0, want a Dirichlet parameter > 0", k)
			}
		}
	}
	if s := floats.Sum(m.TopicWeights); len(m.TopicWeights) > 0 && math.Abs(s-1) > 1e-6 {
		// p(z): hull topics printed shares of 300 digits of weights that
		// summed to 1e301.
		return fmt.Errorf("model: topic_weights sum to %v, want a distribution p(z) (sum 1)", s)
	}
	if s := floats.Sum(m.Alpha); math.IsInf(s, 0) {
		// Inference under the model normalizes by the sum: hull infer
		// wrote rows of zeros and hull eval dropped its document figures.
		return fmt.Errorf("model: alpha sums to %v, want values whose sum is finite", s)
	}
	for a, row := range m.TopicCovariance {
		if len(row) != m.K {
			return fmt.Errorf("model: topic_covariance row %d has %d entries for K = %d", a, len(row), m.K)
		}
		// JSON holds no NaN or infinity: Save failed naming no field.
		if b := slices.IndexFunc(row, notFinite); b >= 0 {
			return fmt.Errorf("model: topic_covariance[%d][%d] = %v, want a finite number", a, b, row[b])
		}
	}
	for k, n := range m.ClusterSizes {
		if n < 0 {
			return fmt.Errorf("model: cluster_sizes[%d] = %d, want a count >= 0", k, n)
		}
	}
	for d, k := range m.DominantTopic {
		if k < -1 || k >= m.K {
			return fmt.Errorf("model: dominant_topic of document %d is %d, outside [-1,%d)", d, k, m.K)
		}
	}
	return nil
}

// validWords checks that every word index is in the vocabulary.
func (m *Model) validWords() error {
	v := len(m.Vocab)
	for k, a := range m.Anchors {
		if a < 0 || a >= v {
			return fmt.Errorf("model: anchor of topic %d is word %d, outside [0,%d)", k, a, v)
		}
	}
	for k, ws := range m.TopicWords {
		for _, w := range ws {
			if w < 0 || w >= v {
				return fmt.Errorf("model: topic_words of topic %d holds word %d, outside [0,%d)", k, w, v)
			}
		}
	}
	return nil
}

func (m *Model) validSimplex() error {
	s := m.Simplex
	if s == nil {
		return nil
	}
	if len(s.Vertices) != m.K {
		return fmt.Errorf("model: simplex has %d vertices for K = %d", len(s.Vertices), m.K)
	}
	dim := len(s.Vertices[0])
	for _, rows := range [][][]float64{s.Vertices, s.Centres} {
		for i, r := range rows {
			if len(r) != dim {
				return fmt.Errorf("model: simplex row %d has %d coordinates, want %d", i, len(r), dim)
			}
		}
	}
	for i, r := range s.Sample {
		if len(r) != len(s.Sample[0]) || len(r) > dim || len(r) == 0 {
			return fmt.Errorf("model: simplex sample row %d has %d coordinates, want %d (at most %d)", i, len(r), len(s.Sample[0]), dim)
		}
	}
	// JSON holds no NaN or infinity: Save failed naming no field.
	for _, f := range []struct {
		name string
		rows [][]float64
	}{{"vertices", s.Vertices}, {"centres", s.Centres}, {"sample", s.Sample}} {
		for i, r := range f.rows {
			if j := slices.IndexFunc(r, notFinite); j >= 0 {
				return fmt.Errorf("model: simplex %s[%d][%d] = %v, want a finite number", f.name, i, j, r[j])
			}
		}
	}
	if len(s.SampleWords) != len(s.Sample) {
		return fmt.Errorf("model: simplex has %d sample words for %d sample rows", len(s.SampleWords), len(s.Sample))
	}
	for _, w := range s.SampleWords {
		if w < 0 || w >= len(m.Vocab) {
			return fmt.Errorf("model: simplex sample word %d outside [0,%d)", w, len(m.Vocab))
		}
	}
	if n := len(s.VertexCentres); n != 0 && n != m.K {
		return fmt.Errorf("model: simplex has %d vertex centres for K = %d", n, m.K)
	}
	for _, c := range s.VertexCentres {
		if c < 0 || c >= len(s.Centres) {
			return fmt.Errorf("model: simplex vertex centre %d outside [0,%d)", c, len(s.Centres))
		}
	}
	return nil
}

// ErrVocabMismatch is wrapped by the errors of every function that needs a
// corpus on a model's vocabulary and is given another; corpus.Align (or
// corpus.FromTokensOn) puts a corpus on a model's vocabulary.
var ErrVocabMismatch = errors.New("corpus vocabulary differs from the model's")

// CheckVocab returns an error wrapping ErrVocabMismatch, naming the first
// difference, unless vocab is m.Vocab word for word.
func (m *Model) CheckVocab(vocab []string) error {
	if len(vocab) != len(m.Vocab) {
		return fmt.Errorf("model: %w: %d words, the model %d (align the corpus to the model's vocabulary first)", ErrVocabMismatch, len(vocab), len(m.Vocab))
	}
	for i := range vocab {
		if vocab[i] != m.Vocab[i] {
			return fmt.Errorf("model: %w: word %d is %q, the model's %q (align the corpus to the model's vocabulary first)", ErrVocabMismatch, i, vocab[i], m.Vocab[i])
		}
	}
	return nil
}

// Param returns the number Params holds under key, whatever its Go type
// (an int when the learner set it, a float64 after Load), and whether it
// holds one.
func (m *Model) Param(key string) (float64, bool) {
	switch x := m.Params[key].(type) {
	case float64:
		return x, true
	case float32:
		return float64(x), true
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	case int32:
		return float64(x), true
	case uint64:
		return float64(x), true
	case uint32:
		return float64(x), true
	case uint:
		return float64(x), true
	}
	return 0, false
}

// TopWords returns the indices of the n most probable words of topic k,
// most probable first; ties go to the lower word index. Only words of
// positive probability are top words: a topic on fewer than n words gives
// fewer (words it never draws, listed by index, made topics on disjoint
// words look like near-copies of one another). n <= 0 gives none. It
// panics if k is out of range or m is malformed (a row longer than the
// vocabulary: check models built by hand with Validate).
func (m *Model) TopWords(k, n int) []int {
	row := m.Topics[k]
	top := topn.Indices(len(row), n, func(w int) float64 { return row[w] })
	for i, w := range top {
		if !(row[w] > 0) {
			return top[:i]
		}
	}
	return top
}

// TopWordOverlap compares the n most probable words of the topics
// (TopWords: fewer for a topic on fewer words): it returns how many
// different words the top-word lists hold, how many topic pairs share at
// least half of the longer list of the two (near duplicates: whatever the
// order of the topics, and a topic on one word is no near-copy of every
// topic that lists it), and how many slots the lists hold (at most
// K x n), against which distinct is a share. Topics that are near-copies of one another, the sign of
// collapsed topics, give few distinct words and many such pairs.
// Time O(K V log n) to rank the words and O(K^2 n) to compare them. It
// panics as TopWords on a malformed m.
func (m *Model) TopWordOverlap(n int) (distinct, nearDuplicatePairs, slots int) {
	top := make([][]int, m.K)
	seen := map[int]bool{}
	for k := range top {
		top[k] = m.TopWords(k, n)
		slots += len(top[k])
		for _, w := range top[k] {
			seen[w] = true
		}
	}
	mark := make([]int, len(m.Vocab)) // mark[w] = a+1 while comparing with topic a
	for a := range top {
		for _, w := range top[a] {
			mark[w] = a + 1
		}
		for b := a + 1; b < len(top); b++ {
			shared := 0
			for _, w := range top[b] {
				if mark[w] == a+1 {
					shared++
				}
			}
			if longer := max(len(top[a]), len(top[b])); longer > 0 && 2*shared >= longer {
				nearDuplicatePairs++
			}
		}
	}
	return len(seen), nearDuplicatePairs, slots
}
