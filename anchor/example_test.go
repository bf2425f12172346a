package anchor_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/hulltopics/hull/anchor"
	"github.com/hulltopics/hull/cooc"
	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/eval"
	"github.com/hulltopics/hull/learner"
	"github.com/hulltopics/hull/synth"
)

// Learn 10 topics from a generated corpus with planted anchor words and
// compare them with the truth.
func Example() {
	gen := synth.Separable{LDA: synth.LDA{K: 10, V: 500, Docs: 20000, DocLength: 100, Alpha: 0.1, Beta: 0.1}, AnchorsPerTopic: 1, Style: synth.SeparableArora}
	c, truth, err := gen.Generate(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		fmt.Println(err)
		return
	}
	l, err := anchor.New(anchor.Options{Settings: learner.Settings{Seed: 1}, Recover: anchor.RecoverL2})
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := l.Fit(context.Background(), c, 10)
	if err != nil {
		fmt.Println(err)
		return
	}
	rec, err := eval.L1Recovery(m, truth)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.Algorithm, m.K, "topics, mean l1 below 0.1:", rec.Mean < 0.1)
	// Output: anchor 10 topics, mean l1 below 0.1: true
}

// The defaults of "hull fit": the co-occurrence matrix of the most frequent
// words (here all 500) is rectified by alternating projection before the
// anchors are chosen, and the recovered topics are refined by EM. The
// model's parameters say what was done.
func ExampleDefaultOptions() {
	gen := synth.Separable{LDA: synth.LDA{K: 10, V: 500, Docs: 5000, DocLength: 100, Alpha: 0.1, Beta: 0.1}, AnchorsPerTopic: 1, Style: synth.SeparableArora}
	c, truth, err := gen.Generate(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		fmt.Println(err)
		return
	}
	o := anchor.DefaultOptions()
	o.Seed = 1
	l, err := anchor.New(o)
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := l.Fit(context.Background(), c, 10)
	if err != nil {
		fmt.Println(err)
		return
	}
	rec, err := eval.L1Recovery(m, truth)
	if err != nil {
		fmt.Println(err)
		return
	}
	p := m.Params
	fmt.Println("rectify:", p["rectify"], "chose:", p["rectify_chosen"], "(paper's topics:", p["paper_distinct_words"], "distinct top words,", p["paper_near_duplicate_pairs"], "near-duplicate pairs)")
	fmt.Printf("mean l1 %.2f\n", rec.Mean)
	// Output:
	// rectify: auto chose: none (paper's topics: 91 distinct top words, 0 near-duplicate pairs)
	// mean l1 0.07
}

// Learn from co-occurrence statistics computed in two pieces (as on two
// machines, or by hull's Beam pipeline) and merged: the topics are those
// Fit learns from the documents.
func ExampleLearner_FitStats() {
	gen := synth.Separable{LDA: synth.LDA{K: 5, V: 200, Docs: 4000, DocLength: 100, Alpha: 0.1, Beta: 0.1}, AnchorsPerTopic: 1, Style: synth.SeparableArora}
	c, truth, err := gen.Generate(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		fmt.Println(err)
		return
	}
	first, second := cooc.NewStats(c.Vocab), cooc.NewStats(c.Vocab)
	for d := range c.NumDocs() {
		to := first
		if d >= c.NumDocs()/2 {
			to = second
		}
		if err := to.AddDoc(c.Doc(d)); err != nil {
			fmt.Println(err)
			return
		}
	}
	if err := first.Merge(second); err != nil {
		fmt.Println(err)
		return
	}
	l, err := anchor.New(anchor.Options{Recover: anchor.RecoverL2})
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := l.FitStats(context.Background(), first, 5)
	if err != nil {
		fmt.Println(err)
		return
	}
	rec, err := eval.L1Recovery(m, truth)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.Provenance.Docs, "documents, mean l1 below 0.15:", rec.Mean < 0.15)
	// Output: 4000 documents, mean l1 below 0.15: true
}

// Learn from a statistics file (as "hull stats" or hull's Beam pipeline
// writes it) as it is read: its header first, then Q straight from its
// entries, without holding the statistics themselves.
func ExampleLearner_FitStatsReader() {
	gen := synth.Separable{LDA: synth.LDA{K: 5, V: 200, Docs: 4000, DocLength: 100, Alpha: 0.1, Beta: 0.1}, AnchorsPerTopic: 1, Style: synth.SeparableArora}
	c, truth, err := gen.Generate(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := cooc.FromCorpus(context.Background(), c, cooc.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	var file bytes.Buffer // a file on disk in practice: os.Open, then NewStatsReader
	if _, err := s.WriteTo(&file); err != nil {
		fmt.Println(err)
		return
	}
	r, err := cooc.NewStatsReader(&file, "corpus.stats")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(r.Summary().Vocab), "words,", r.Summary().Docs, "documents")
	l, err := anchor.New(anchor.Options{Recover: anchor.RecoverL2})
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := l.FitStatsReader(context.Background(), r, 5)
	if err != nil {
		fmt.Println(err)
		return
	}
	rec, err := eval.L1Recovery(m, truth)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("mean l1 below 0.15:", rec.Mean < 0.15, "; digest recorded:", m.Provenance.InputDigest == "stats:"+s.Digest())
	// Output:
	// 200 words, 4000 documents
	// mean l1 below 0.15: true ; digest recorded: true
}

// Learn from statistics of the whole corpus and run the refinement on a
// sample of its documents (a shard, say): the refinement needs documents,
// which statistics do not hold.
func ExampleLearner_FitStatsSample() {
	gen := synth.Separable{LDA: synth.LDA{K: 5, V: 200, Docs: 4000, DocLength: 100, Alpha: 0.1, Beta: 0.1}, AnchorsPerTopic: 1, Style: synth.SeparableArora}
	c, truth, err := gen.Generate(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := cooc.FromCorpus(context.Background(), c, cooc.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	first := make([]int, 1000)
	for d := range first {
		first[d] = d
	}
	sample := corpus.Select(c, first)
	l, err := anchor.New(anchor.Options{Recover: anchor.RecoverL2, Rectify: anchor.RectifyAP, Refine: 5})
	if err != nil {
		fmt.Println(err)
		return
	}
	m, err := l.FitStatsSample(context.Background(), s, 5, sample)
	if err != nil {
		fmt.Println(err)
		return
	}
	rec, err := eval.L1Recovery(m, truth)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("refined:", m.Refined(), "on", m.Params["refine_sample_docs"], "documents; mean l1 below 0.15:", rec.Mean < 0.15)
	// Output: refined: true on 1000 documents; mean l1 below 0.15: true
}
