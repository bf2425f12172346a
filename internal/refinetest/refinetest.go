// Package refinetest checks a learner's automatic refinement of noisy
// topics (package refine) the same way in every learner's tests. It is
// imported by tests only.
package refinetest

import (
	"reflect"
	"testing"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/refine"
)

// Check fits twice with fit, without the refinement (the zero refine.Auto)
// and with the learners' default (refine.DefaultAuto). When noisy, the
// first fit's topics must be noisy (learner.TopicsNoisy) and the second's
// refined from them: more distinct top words and fewer near-duplicate
// pairs (20 iterations do not always bring the pairs within the rule's
// 2%), Params "refined" true and the unrefined figures those of the
// first fit. Otherwise the first fit's topics must
// be distinct and the second fit the same model, Params "refined" false.
func Check(t *testing.T, noisy bool, fit func(refine.Auto) *model.Model) {
	t.Helper()
	plain := fit(refine.Auto{})
	if _, ok := plain.Params["refine"]; ok {
		t.Fatalf("without the refinement: Params record refine = %v", plain.Params["refine"])
	}
	wasNoisy, distinct, pairs := learner.TopicsNoisy(plain)
	if wasNoisy != noisy {
		t.Fatalf("unrefined: noisy %v (%d distinct top words, %d near-duplicate pairs), the test wants %v", wasNoisy, distinct, pairs, noisy)
	}
	got := fit(refine.DefaultAuto())
	isNoisy, gotDistinct, gotPairs := learner.TopicsNoisy(got)
	t.Logf("%d distinct top words, %d near-duplicate pairs -> %d, %d", distinct, pairs, gotDistinct, gotPairs)
	if !noisy {
		if got.Params["refined"] != false || !reflect.DeepEqual(got.Topics, plain.Topics) {
			t.Errorf("distinct topics: refined %v, topics changed %v; want them kept", got.Params["refined"], !reflect.DeepEqual(got.Topics, plain.Topics))
		}
		return
	}
	if got.Params["refined"] != true || gotDistinct <= distinct || gotPairs > pairs || gotPairs == pairs && pairs > 0 {
		t.Errorf("noisy topics: refined %v, still noisy %v; want refined to more distinct top words and fewer near-duplicate pairs", got.Params["refined"], isNoisy)
	}
	if got.Params["unrefined_distinct_words"] != distinct || got.Params["unrefined_near_duplicate_pairs"] != pairs {
		t.Errorf("unrefined figures %v and %v, want %d and %d", got.Params["unrefined_distinct_words"], got.Params["unrefined_near_duplicate_pairs"], distinct, pairs)
	}
	if tm := got.Provenance.Timings; len(tm) == 0 || tm[len(tm)-1].Stage != refine.Stage {
		t.Errorf("timings %v: want the refinement last", tm)
	}
}

// shared reads the corpus at the paths under ../shared/data (merged, as
// corpus.Read merges them) from a package directory of the module root,
// skipping the test in -short mode or when the data is not there.
func shared(t *testing.T, name string, paths ...string) *corpus.Corpus {
	t.Helper()
	if testing.Short() {
		t.Skip("reads ../shared/data and fits " + name)
	}
	for i, p := range paths {
		paths[i] = "../../shared/data/" + p
	}
	c, err := corpus.Read(paths, corpus.ReadOptions{})
	if err != nil {
		t.Skip(err)
	}
	return c
}

// KOS reads ../shared/data's KOS corpus (see shared).
func KOS(t *testing.T) *corpus.Corpus {
	t.Helper()
	return shared(t, "KOS", "kos/docword.kos.txt.gz")
}

// NIPS reads ../shared/data's NIPS corpus (see shared).
func NIPS(t *testing.T) *corpus.Corpus {
	t.Helper()
	return shared(t, "NIPS", "nips/docword.nips.txt.gz")
}

// AP reads ../shared/data's AP news as raw text, pruned as "hull fit"
// prunes raw text (corpus.RawTextPrune; see shared).
func AP(t *testing.T) *corpus.Corpus {
	t.Helper()
	c := shared(t, "AP", "ap/ap.txt.gz")
	c, _, err := corpus.Prune(c, corpus.RawTextPrune(c.NumDocs()))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Classic reads ../shared/data's four Classic collections (Med, Cran,
// Cisi, Cacm) as one corpus (see shared).
func Classic(t *testing.T) *corpus.Corpus {
	t.Helper()
	return shared(t, "the Classic collections", "classic/med.json", "classic/cran.json", "classic/cisi.json", "classic/cacm.json")
}
