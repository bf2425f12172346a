package infer

import (
	"errors"
	"fmt"

	"github.com/hulltopics/hull/corpus"
	"github.com/hulltopics/hull/internal/topn"
)

// TopDocs returns, for each of the k topics, the n documents of highest
// weight in theta (rows as Infer returns them), highest first, ties to
// the lower document: a topic's most representative documents, which
// show a reader what it is about. Fewer than n where theta has fewer
// rows. It returns an error, before any work, unless k >= 1, every row
// holds k weights and n >= 0. Time O(k D log n).
func TopDocs(theta [][]float64, k, n int) ([][]int, error) {
	if err := checkTopDocs(theta, k, n); err != nil {
		return nil, err
	}
	top := make([][]int, k)
	for j := range top {
		top[j] = topn.Indices(len(theta), n, func(d int) float64 { return theta[d][j] })
	}
	return top, nil
}

// checkTopDocs returns TopDocs' error.
func checkTopDocs(theta [][]float64, k, n int) error {
	switch {
	case k < 1:
		// make([][]int, k) panicked on a negative k.
		return fmt.Errorf("infer: %d topics, want >= 1", k)
	case n < 0:
		return fmt.Errorf("infer: %d documents per topic, want >= 0", n)
	}
	for d, row := range theta {
		if len(row) != k {
			return fmt.Errorf("infer: document %d has %d topic weights, want %d", d, len(row), k)
		}
	}
	return nil
}

// DefaultNearCopy is the cosine similarity of word counts at or above
// which "hull topics" and "hull report" take a document for a near-copy
// of one shown above it (TopicDocs). News wires repeat stories and fill
// templates: on the README's Reuters model, topic 4's three documents of
// highest weight are "U.K. MONEY MARKET GIVEN FURTHER 663 MLN STG HELP",
// "... 284 ..." and "... 152 ...", and the third is passed over as a
// near-copy of the first ("hull topics" with and without --near-copy 0).
const DefaultNearCopy = 0.9

// TopicDoc is a document shown with a topic: its index in the corpus,
// id, the topic's weight in it, the start of its text when the corpus
// keeps excerpts (corpus.ReadOptions.Excerpt), and how many near-copies
// of it TopicDocs passed over: those ranked above the topic's last
// document chosen, which is where its search stops.
type TopicDoc struct {
	Doc    int     `json:"-"`
	ID     string  `json:"id"`
	Weight float64 `json:"weight"`
	Text   string  `json:"text,omitempty"`
	Copies int     `json:"near_copies,omitempty"`
}

// TopicDocs returns the n most representative documents of each of the k
// topics of c, whose topic weights theta holds: its documents of highest
// weight (TopDocs), with their ids, weights and excerpts, but those
// without tokens (none of their words in the model), whose weights are
// the prior's. A document whose words all have zero weight in every topic
// gets the prior's weights too: pass the corpus EmptyUnexplained returns
// to leave it out as well. With nearCopy in (0, 1], a document whose word counts have
// cosine similarity at least nearCopy (corpus.Corpus.Cosine) with those
// of a document already chosen for the topic is passed over, and counted
// in that document's Copies (the last chosen such): three copies of one
// story tell a reader no more than one. nearCopy 0 keeps every
// document. It returns an error, before any work, for a corpus that fails
// Validate, and unless theta holds one
// row of k weights per document of c, n >= 0 and nearCopy is in [0, 1].
// Time O(k D log m) for the m documents ranked down to the last
// chosen, plus O(n m t) for the similarities of documents of t terms.
func TopicDocs(c *corpus.Corpus, theta [][]float64, k, n int, nearCopy float64) ([][]TopicDoc, error) {
	if c == nil {
		return nil, errors.New("infer: no corpus (nil)")
	}
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("infer: %w", err)
	}
	switch {
	case len(theta) != c.NumDocs():
		return nil, fmt.Errorf("infer: topic weights of %d documents for a corpus of %d", len(theta), c.NumDocs())
	case !(nearCopy >= 0 && nearCopy <= 1):
		return nil, fmt.Errorf("infer: near-copy similarity %v, want a cosine in [0, 1] (0: keep every document)", nearCopy)
	}
	if err := checkTopDocs(theta, k, n); err != nil {
		return nil, err
	}
	out := make([][]TopicDoc, k)
	for j := range out {
		out[j] = topicDocs(c, theta, j, n, nearCopy)
	}
	return out, nil
}

// topicDocs returns topic j's documents for TopicDocs. It ranks the
// documents n at first, and four times as many each time near-copies
// leave fewer than n.
func topicDocs(c *corpus.Corpus, theta [][]float64, j, n int, nearCopy float64) []TopicDoc {
	var chosen []TopicDoc
	judged := 0 // the documents of rank below judged have been taken or passed over
	for m := n; len(chosen) < n && judged < len(theta); m *= 4 {
		ranked := topn.Indices(len(theta), m, func(d int) float64 { return theta[d][j] })
		for _, d := range ranked[judged:] {
			if c.Empty(d) {
				continue // its weights are the prior's, not its own
			}
			if i := copyOf(c, d, chosen, nearCopy); i >= 0 {
				chosen[i].Copies++
				continue
			}
			td := TopicDoc{Doc: d, ID: c.DocIDs[d], Weight: theta[d][j]}
			if c.Excerpts != nil {
				td.Text = c.Excerpts[d]
			}
			if chosen = append(chosen, td); len(chosen) == n {
				break
			}
		}
		judged = len(ranked)
	}
	return chosen
}

// copyOf returns the last of the chosen documents of which d is a
// near-copy, or -1. The last first: copies share their document's weights
// and rank just below it, so that a run of copies of the document chosen
// last costs one similarity each, not one per document chosen.
func copyOf(c *corpus.Corpus, d int, chosen []TopicDoc, nearCopy float64) int {
	if nearCopy <= 0 {
		return -1
	}
	for i := len(chosen) - 1; i >= 0; i-- {
		if c.Cosine(d, chosen[i].Doc) >= nearCopy {
			return i
		}
	}
	return -1
}
