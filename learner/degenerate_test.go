package learner_test

import (
	"context"
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
