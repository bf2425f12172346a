package infer

import (
	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/topn"
)

// TopDocs returns, for each of the k topics, the n documents of highest
// weight in theta (rows as Infer returns them), highest first, ties to
// the lower document: a topic's most representative documents, which
// show a reader what it is about. Fewer than n where theta has fewer
// rows. Time O(k D log n).
func TopDocs(theta [][]float64, k, n int) [][]int {
	top := make([][]int, k)
	for j := range top {
		top[j] = topn.Indices(len(theta), n, func(d int) float64 { return theta[d][j] })
	}
	return top
}

// TopicDoc is a document shown with a topic: its index in the corpus,
// id, the topic's weight in it, and the start of its text when the corpus
// keeps excerpts (corpus.ReadOptions.Excerpt).
type TopicDoc struct {
	Doc    int     `json:"-"`
	ID     string  `json:"id"`
	Weight float64 `json:"weight"`
	Text   string  `json:"text,omitempty"`
}

// TopicDocs returns the n most representative documents of each of the k
// topics (TopDocs) of c, whose topic weights theta holds, with their ids,
// weights and excerpts.
func TopicDocs(c *corpus.Corpus, theta [][]float64, k, n int) [][]TopicDoc {
	out := make([][]TopicDoc, k)
	for j, docs := range TopDocs(theta, k, n) {
		for _, d := range docs {
			td := TopicDoc{Doc: d, ID: c.DocIDs[d], Weight: theta[d][j]}
			if c.Excerpts != nil {
				td.Text = c.Excerpts[d]
			}
			out[j] = append(out[j], td)
		}
	}
	return out
}
