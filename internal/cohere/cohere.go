// Package cohere counts how often the top words of topics occur in the
// documents of a corpus, alone and in pairs: the kernel of the NPMI and
// UMass coherence (eval.TopicCoherence) and of the learners' judgement of
// incoherent topics (learner.TopicsIncoherent).
//
// Only the distinct top words matter: one pass over the documents lists,
// for each, the documents holding it, in O(nnz) time and O(sum of their
// document frequencies) memory; a pair then costs a merge of two lists.
package cohere

import (
	"math"

	"github.com/hulltopics/hull/corpus"
)

// Index holds, for each distinct word of some lists of top words, the
// increasing list of the documents that contain it.
type Index struct {
	// Docs is the number of documents indexed (numbered 0 to Docs-1 in
	// the lists).
	Docs int
	slot []int32   // slot[w] numbers the distinct top words, -1 for others
	docs [][]int32 // docs[slot[w]] lists the documents holding w
}

// New indexes the documents of c for the words of top (word ids of c's
// vocabulary): all of them when maxDocs <= 0 or D <= maxDocs, else
// maxDocs of them evenly spaced (documents floor(i D / maxDocs)), which
// bounds the memory at 4 maxDocs bytes per distinct word.
func New(c *corpus.Corpus, top [][]int, maxDocs int) *Index {
	numDocs := c.NumDocs()
	x := &Index{Docs: numDocs, slot: make([]int32, c.NumWords())}
	if maxDocs > 0 && numDocs > maxDocs {
		x.Docs = maxDocs
	}
	for i := range x.slot {
		x.slot[i] = -1
	}
	var n int32
	for _, words := range top {
		for _, w := range words {
			if x.slot[w] < 0 {
				x.slot[w] = n
				n++
			}
		}
	}
	x.docs = make([][]int32, n)
	for i := range x.Docs {
		words, _ := c.Doc(int(int64(i) * int64(numDocs) / int64(x.Docs)))
		for _, w := range words {
			if s := x.slot[w]; s >= 0 {
				x.docs[s] = append(x.docs[s], int32(i))
			}
		}
	}
	return x
}

// Freq returns the number of documents holding w, a word of the lists.
func (x *Index) Freq(w int) int { return len(x.docs[x.slot[w]]) }

// Unseen returns the number of distinct words of the lists that occur in
// no document.
func (x *Index) Unseen() int {
	n := 0
	for _, list := range x.docs {
		if len(list) == 0 {
			n++
		}
	}
	return n
}

// Together returns the number of documents holding both a and b, words of
// the lists.
func (x *Index) Together(a, b int) int {
	p, q := x.docs[x.slot[a]], x.docs[x.slot[b]]
	n, i, j := 0, 0, 0
	for i < len(p) && j < len(q) {
		switch {
		case p[i] < q[j]:
			i++
		case p[i] > q[j]:
			j++
		default:
			n++
			i++
			j++
		}
	}
	return n
}

// NPMI returns the normalised pointwise mutual information of words a and
// b over the documents (Bouma 2009, document co-occurrence as in Lau et
// al. 2014): log(p(a,b) / (p(a) p(b))) / -log p(a,b), -1 when they never
// occur together (its limit), 1 when both occur in every document.
func (x *Index) NPMI(a, b int) float64 {
	return x.NPMIOf(a, b, x.Together(a, b))
}

// NPMIOf is NPMI for words a and b that occur together in co documents
// (Together), for a caller that needs co for another measure too.
func (x *Index) NPMIOf(a, b, co int) float64 {
	if co == 0 {
		return -1
	}
	logM := math.Log(float64(x.Docs))
	logPab := math.Log(float64(co)) - logM
	if logPab >= 0 {
		return 1
	}
	pmi := math.Log(float64(co)) + logM - math.Log(float64(x.Freq(a))) - math.Log(float64(x.Freq(b)))
	return max(-1, min(1, pmi/-logPab))
}

// TopicNPMI returns the mean NPMI over the pairs of words, 0 for fewer
// than two words.
func (x *Index) TopicNPMI(words []int) float64 {
	var sum float64
	pairs := 0
	for i := 1; i < len(words); i++ {
		for j := range i {
			sum += x.NPMI(words[i], words[j])
			pairs++
		}
	}
	if pairs == 0 {
		return 0
	}
	return sum / float64(pairs)
}
