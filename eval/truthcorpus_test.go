package eval_test

import (
	"context"
	"errors"
	"testing"

	"github.com/hulltopics/hull/anchor"
	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/model"
	"github.com/hulltopics/hull/synth"
)

// withDigest returns a model that records digest as its corpus's.
func withDigest(digest string) *model.Model {
	return &model.Model{Provenance: model.Provenance{InputDigest: digest}}
}

func TestCheckTruthCorpus(t *testing.T) {
	for _, tc := range []struct {
		name, model, truth string
		noDigest, mismatch bool
	}{
		{"same", "abc", "abc", false, false},
		{"other", "abc", "abd", false, true},
		{"statistics", "stats:abc", "abc", false, true},
		{"model without", "", "abc", true, false},
		{"truth without", "abc", "", true, false},
		{"neither", "", "", true, false},
	} {
		err := eval.CheckTruthCorpus(withDigest(tc.model), withDigest(tc.truth))
		if (err == nil) != (!tc.noDigest && !tc.mismatch) || errors.Is(err, eval.ErrNoDigest) != tc.noDigest ||
			errors.Is(err, eval.ErrCorpusMismatch) != tc.mismatch {
			t.Errorf("%s: %v; want no digest %v, mismatch %v", tc.name, err, tc.noDigest, tc.mismatch)
		}
		var me *eval.CorpusMismatchError
		if errors.As(err, &me) != tc.mismatch || tc.mismatch && (me.Model != tc.model || me.Truth != tc.truth) {
			t.Errorf("%s: %#v, want a *CorpusMismatchError of model %q, truth %q: %v", tc.name, me, tc.model, tc.truth, tc.mismatch)
		}
	}
	want := "eval: the truth is of the corpus of digest abd, the model was fitted on a corpus of digest abc"
	if err := eval.CheckTruthCorpus(withDigest("abc"), withDigest("abd")); err == nil || err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
}

// A model fitted on the truth's corpus passes; one fitted on that corpus
// pruned does not, though its documents are the same.
func TestCheckTruthCorpusFitted(t *testing.T) {
	c, truth := synth.Demo()
	fit := func(c *corpus.Corpus) *model.Model {
		t.Helper()
		l, err := anchor.New(anchor.Options{})
		if err != nil {
			t.Fatal(err)
		}
		m, err := l.Fit(context.Background(), c, truth.K)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	if err := eval.CheckTruthCorpus(fit(c), truth); err != nil {
		t.Errorf("fitted on the truth's corpus: %v", err)
	}
	pruned, _, err := corpus.Prune(c, corpus.PruneOptions{MaxVocab: c.NumWords() - 1})
	if err != nil {
		t.Fatal(err)
	}
	err = eval.CheckTruthCorpus(fit(pruned), truth)
	var me *eval.CorpusMismatchError
	if !errors.As(err, &me) || me.Truth != c.Digest() || me.Model != pruned.Digest() {
		t.Errorf("fitted on the pruned corpus: %v; want a *CorpusMismatchError of model %s, truth %s", err, pruned.Digest(), c.Digest())
	}
}
