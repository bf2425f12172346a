package synth

import (
	"fmt"
	"math"

	"github.com/hulltopics/hull/internal/memory"
)

// genSize holds the sizes that bound what a generator allocates: K topics
// over V words, Docs documents of DocLength tokens (the mean, with
// Poisson).
type genSize struct {
	name                  string // the generator's registered name
	k, v, docs, docLength int
}

// sizer is implemented by every generator of this package.
type sizer interface{ size() genSize }

func (g LDA) size() genSize { return genSize{"lda", g.K, g.V, g.Docs, g.DocLength} }
func (s Separable) size() genSize {
	z := s.LDA.size()
	z.name = "separable"
	return z
}
func (g Ke) size() genSize         { return genSize{"ke", g.K, g.V, g.Docs, g.DocLength} }
func (g Dominant) size() genSize   { return genSize{"dominant", g.K, g.V, g.Docs, g.DocLength} }
func (g Correlated) size() genSize { return genSize{"correlated", g.K, g.V, g.Docs, g.DocLength} }
func (g Swimmer) size() genSize {
	docs := g.Docs
	if docs == 0 {
		docs = SwimmerPoses
	}
	return genSize{"swimmer", SwimmerTopics + 1, SwimmerSize * SwimmerSize, docs, g.DocLength}
}
func (g Semi) size() genSize {
	z := genSize{name: "semi", docs: g.Docs, docLength: g.DocLength}
	if g.Model != nil {
		z.k, z.v = g.Model.K, len(g.Model.Vocab)
	}
	return z
}

// The memory of a generated corpus, its truth and the weights
// GenerateWeights returns. Per topic and word: the topic (8 bytes), its
// alias table (12) and a copy (8: Semi's renormalised topics), and the
// garbage of writing the truth a topic at a time (model.Save). Per word
// of the vocabulary: its string, its line of vocab.txt and its JSON in
// the truth. "hull synth lda --vocab-size 1000000 --docs 1 --doc-length
// 2" peaked at 189 MB with -k 2, 745-770 MB with -k 20 and 1.79 GB with
// -k 50 (418 MB with -k 2 over 2,000,000 words): 35 bytes a topic and
// word and 164 a word measured, counted as 36 and 170. Per document: its id (about 30
// bytes), its offset (8), the id WriteDir numbers it with (about 26), its
// weights' slice header (24) and a shuffled plan (8, Dominant); plus 8
// bytes per topic for its weights. Per nonzero, at most min(DocLength, V)
// in a document: its word and count (8).
const (
	topicWordBytes = 36
	vocabWordBytes = 170
	docBytes       = 96
	docTopicBytes  = 8
	nnzBytes       = 8
)

// estimateBytes returns the bytes a generator of sizes z needs, at most
// MaxInt64/2.
func estimateBytes(z genSize) int64 {
	k, v, docs, n := float64(z.k), float64(z.v), float64(z.docs), float64(z.docLength)
	need := k*v*topicWordBytes + v*vocabWordBytes + docs*(docBytes+k*docTopicBytes) + docs*min(n, v)*nnzBytes + 4*n
	return int64(min(need, math.MaxInt64/2))
}

// EstimateBytes returns the memory g needs to generate its corpus, its
// truth and (GenerateWeights) the documents' weights, in bytes: O(KV +
// Docs*(K + min(DocLength, V))). Every generator of this package refuses
// to start, with a *learner.MemoryError, when it exceeds half the RAM; a
// caller with a limit of its own can check this first. It returns -1 for
// a Generator of another package.
func EstimateBytes(g Generator) int64 {
	s, ok := g.(sizer)
	if !ok {
		return -1
	}
	return estimateBytes(s.size())
}

// checkSize returns a *learner.MemoryError when a generator
// of sizes z needs more than half the RAM: Generate calls it after
// Validate, before it allocates anything.
func checkSize(z genSize) error {
	what := fmt.Sprintf("synth: %s: %d documents of %d tokens over %d words and %d topics", z.name, z.docs, z.docLength, z.v, z.k)
	return memory.Check(what, estimateBytes(z), 0, "reduce the number of documents, their length or the vocabulary")
}
