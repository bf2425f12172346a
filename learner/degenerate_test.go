package learner_test

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/learner"
)

// TestDegenerateCorpora fits every registered learner, at K = 2 and 3, on
// corpora too small or too regular to hold K topics: each gives a valid
// model or an error that says what is wrong once (no panic, no prefix
// repeated as in "kmeans: kmeans:").
func TestDegenerateCorpora(t *testing.T) {
	corpora := map[string][][]string{
		"one document":        {{"a", "b", "c", "d", "e", "a", "b"}},
		"identical documents": {{"a", "b", "c", "d"}, {"a", "b", "c", "d"}, {"a", "b", "c", "d"}, {"a", "b", "c", "d"}},
		"one token each":      {{"a"}, {"b"}, {"c"}, {"d"}, {"e"}, {"a"}},
		"three words":         {{"a", "b"}, {"b", "c"}, {"c", "a"}, {"a", "a"}},
		"disjoint pairs":      {{"a", "a", "b"}, {"c", "c", "d"}, {"e", "e", "f"}, {"g", "g", "h"}},
		"empty documents":     {{}, {"a", "b", "c"}, {}, {"c", "d", "e"}, {"a", "e"}},
		"two words":           {{"a", "b"}, {"a", "b"}, {"b", "a", "a"}},
	}
	prefix := regexp.MustCompile(`^[a-z-]+$`)
	repeated := func(msg string) bool { // a leading "name: " said twice
		seen := map[string]bool{}
		for _, p := range strings.Split(msg, ": ") {
			if !prefix.MatchString(p) {
				break
			}
			if seen[p] {
				return true
			}
			seen[p] = true
		}
		return false
	}
	for name, docs := range corpora {
		c := corpus.FromTokens(docs)
		for _, sp := range learner.Specs() {
			if strings.HasPrefix(sp.Name, "fake") { // registry_test's stand-ins, which fit nothing
				continue
			}
			opts := map[string]string{}
			if _, ok := shortRuns[sp.Name]; ok {
				opts = shortRuns[sp.Name]
			}
			l, err := sp.Build(learner.Settings{Seed: 1}, opts)
			if err != nil {
				t.Fatalf("%s: %v", sp.Name, err)
			}
			for _, k := range []int{2, 3} {
				m, err := l.Fit(context.Background(), c, k)
				switch {
				case err != nil && repeated(err.Error()):
					t.Errorf("%s, %s, K = %d: %v: a prefix repeated", name, sp.Name, k, err)
				case err == nil:
					if verr := m.Validate(); verr != nil || m.K != k {
						t.Errorf("%s, %s, K = %d: model of K = %d: %v", name, sp.Name, k, m.K, verr)
					}
				}
			}
		}
	}
}

// TestMalformedCorpora: every registered learner refuses, with
// CheckCorpus's error, a corpus no reader makes (nil, built by hand with
// a word index out of range or offsets that decrease, or a vocabulary a
// model cannot hold), and a huge K: each made a fit panic, or a model
// that fails to load.
func TestMalformedCorpora(t *testing.T) {
	good := corpus.FromTokens([][]string{{"a", "b", "c"}, {"b", "c", "d"}, {"a", "d", "e"}, {"e", "a", "b"}})
	badIndex := *good
	badIndex.Words = append([]int32(nil), good.Words...)
	badIndex.Words[1] = 1000
	badOffsets := *good
	badOffsets.Offsets = append([]int64(nil), good.Offsets...)
	badOffsets.Offsets[2] = 0
	dupVocab := *good
	dupVocab.Vocab = []string{"a", "a", "c", "d", "e"}
	cases := map[string]*corpus.Corpus{"nil": nil, "word index": &badIndex, "offsets": &badOffsets, "repeated word": &dupVocab}
	for _, sp := range learner.Specs() {
		if strings.HasPrefix(sp.Name, "fake") {
			continue
		}
		l, err := sp.Build(learner.Settings{Seed: 1}, shortRuns[sp.Name])
		if err != nil {
			t.Fatal(err)
		}
		for name, c := range cases {
			want := learner.CheckCorpus(c)
			if want == nil {
				t.Fatalf("%s: CheckCorpus accepts it", name)
			}
			if _, err := l.Fit(context.Background(), c, 2); err == nil || err.Error() != want.Error() {
				t.Errorf("%s, %s: %v, want %v", sp.Name, name, err, want)
			}
		}
		if _, err := l.Fit(context.Background(), good, 1<<62); err == nil {
			t.Errorf("%s: K = 2^62 fitted", sp.Name)
		}
	}
	if err := learner.CheckCorpus(good); err != nil {
		t.Errorf("a good corpus: %v", err)
	}
}

// TestZeroCorpus: every learner, made by name with New, takes the zero
// corpus.Corpus for the empty corpus it stands for and says so with
// CheckCorpus's error of a corpus without a word; they all said
// "corpus: Offsets must start with 0".
func TestZeroCorpus(t *testing.T) {
	const want = "learner: the corpus has no word (no document, or every one empty)"
	for _, c := range []*corpus.Corpus{{}, {Vocab: []string{"a"}}, corpus.FromTokens(nil)} {
		if err := learner.CheckCorpus(c); err == nil || err.Error() != want {
			t.Errorf("CheckCorpus(%+v) = %v, want %q", c, err, want)
		}
	}
	for _, name := range learner.Names() {
		if strings.HasPrefix(name, "fake") { // registry_test's stand-ins, which fit nothing
			continue
		}
		l, err := learner.New(name, learner.Settings{Seed: 1}, shortRuns[name])
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, err := l.Fit(context.Background(), &corpus.Corpus{}, 2); err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %q", name, err, want)
		}
	}
}

// TestHugeOptions: option values Build accepts, at the top of their type's
// range, give an error or a model: they panicked (a sketch size wrapped
// around, a V x MaxInt projection) or ran for ages (a floor lowered by one
// from MaxInt).
func TestHugeOptions(t *testing.T) {
	c := corpus.FromTokens([][]string{{"a", "b", "c", "a"}, {"b", "c", "d", "b"}, {"a", "d", "e", "e"}, {"e", "a", "b", "c"},
		{"c", "d", "e", "d"}, {"a", "b", "e", "a"}})
	for _, tc := range []struct{ algo, option string }{
		{"projector", "Oversample"},
		{"recover", "ProjectDim"},
		{"score", "MinCentreSize"},
	} {
		l, err := learner.New(tc.algo, learner.Settings{Seed: 1, Threads: 1}, map[string]string{tc.option: "9223372036854775807"})
		if err != nil {
			continue // refused at once: fine
		}
		if m, err := l.Fit(context.Background(), c, 2); err == nil {
			if verr := m.Validate(); verr != nil {
				t.Errorf("%s %s: %v", tc.algo, tc.option, verr)
			}
		}
	}
}

// TestKAboveVocabulary: every learner that bounds K by the vocabulary
// refuses K = V + 2 with an error wrapping learner.ErrTooFewWords, so that
// a caller can tell "lower K" from other failures; gibbs and vb fit it.
func TestKAboveVocabulary(t *testing.T) {
	var docs [][]string
	for d := range 60 {
		docs = append(docs, []string{"a", "b", "c", "d", "e"}[d%5:])
	}
	c := corpus.FromTokens(docs)
	for _, sp := range learner.Specs() {
		if strings.HasPrefix(sp.Name, "fake") {
			continue
		}
		l, err := sp.Build(learner.Settings{Seed: 1}, shortRuns[sp.Name])
		if err != nil {
			t.Fatal(err)
		}
		_, err = l.Fit(context.Background(), c, c.NumWords()+2)
		switch sp.Name {
		case "gibbs", "vb": // no bound by V
			if err != nil {
				t.Errorf("%s, K = V + 2: %v", sp.Name, err)
			}
		case "kmeans": // bound by the distinct documents, not by V
		default:
			if !errors.Is(err, learner.ErrTooFewWords) {
				t.Errorf("%s, K = V + 2: %v does not wrap ErrTooFewWords", sp.Name, err)
			}
		}
	}
}
