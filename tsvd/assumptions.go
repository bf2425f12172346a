package tsvd

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/hulltopics/hull/corpus"
)

// Defaults of AssumptionOptions: the values of the paper's Table 1 (section
// 4.1).
const (
	DefaultCheckAlpha = 0.4
	DefaultCheckBeta  = 0.3
	DefaultCheckDelta = 0.05
	DefaultCheckGamma = 2.3
	DefaultCheckEps0  = 1.0 / 3
)

// AssumptionOptions are the parameters of CheckAssumptions; the zero value
// of each field selects the paper's (Table 1, section 4.1).
type AssumptionOptions struct {
	// Alpha and Beta: a document has a dominant topic when its largest
	// weight is >= Alpha and every other weight <= Beta. Defaults 0.4 and
	// 0.3.
	Alpha, Beta float64
	// Delta: a document is nearly pure when its largest weight is >= 1 -
	// Delta. Default 0.05.
	Delta float64
	// Gamma and Eps0 are the parameters of step 5 (Catchwords) applied to
	// the clusters T_l; w0 = 1/K, so eps0 w0 = 1/(3K) by default, and
	// Gamma = 2.3 (section 4.1).
	Gamma, Eps0 float64
	// Threads is the number of goroutines (0: one per CPU); it never
	// changes the result.
	Threads int
}

// Assumptions are the paper's Table 1 quantities for a corpus and its
// document-topic weights.
type Assumptions struct {
	// K is the number of topics; Docs the documents with at least one
	// token, on which every share is taken; EmptyDocs the others.
	K         int `json:"k"`
	Docs      int `json:"docs"`
	EmptyDocs int `json:"empty_docs"`
	// DominantShare is the share of the documents with a dominant topic
	// (largest weight >= Alpha, every other <= Beta).
	DominantShare float64 `json:"dominant_share"`
	// PureShare is the share of nearly pure documents (largest weight >=
	// 1 - Delta).
	PureShare float64 `json:"pure_share"`
	// TopicsWithCatchwords is the share of the K topics whose set of
	// catchwords S_l is not empty.
	TopicsWithCatchwords float64 `json:"topics_with_catchwords"`
	// MeanCatchwordFrequency is the paper's footnote 6:
	// (1/K) sum_l (1/|T_l|) sum_{i in S_l} sum_{j in T_l} A_ij, the
	// average over topics of the mean total frequency of the topic's
	// catchwords in its documents (a topic with no document or no
	// catchword counts 0).
	MeanCatchwordFrequency float64 `json:"mean_catchword_frequency"`
	// CatchwordRank is floor(Eps0 Docs / (2K)) (at least 1, at most Docs), the rank of
	// g(i, l) in step 5.
	CatchwordRank int `json:"catchword_rank"`
	// ClusterSizes holds |T_l|: the documents whose largest weight is on
	// topic l (the lower topic on ties).
	ClusterSizes []int `json:"cluster_sizes"`
	// Catchwords holds S_l, word indices, highest g(i, l) first.
	Catchwords [][]int `json:"-"`
	// CatchwordFrequency holds each topic's term of the mean.
	CatchwordFrequency []float64 `json:"catchword_frequency"`
	// Options are the options used, defaults filled in.
	Options AssumptionOptions `json:"-"`
}

// CheckAssumptions measures the dominant topic and catchwords assumptions
// of the paper (section 3.1) as its Table 1 does (section 4.1), for the
// documents of c and their topic weights theta (one row of K weights per
// document, each summing to 1, e.g. from package infer). The catchwords
// are found as in section 4.1: the documents are clustered by their
// largest weight into T_1..T_K, then step 5 (Catchwords) runs on those
// clusters with eps0 w0 = Eps0/K and Gamma. Empty documents are left out
// of every share. It returns an error when theta does not have one row of
// K >= 1 finite weights per document or an option is out of range. Time
// O(nnz log nnz + D K + V K).
func CheckAssumptions(ctx context.Context, c *corpus.Corpus, theta [][]float64, o AssumptionOptions) (*Assumptions, error) {
	if c == nil {
		return nil, errors.New("tsvd: CheckAssumptions: no corpus (nil)")
	}
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("tsvd: CheckAssumptions: %w", err)
	}
	o, err := o.withDefaults()
	if err != nil {
		return nil, err
	}
	switch {
	case len(theta) != c.NumDocs():
		return nil, fmt.Errorf("tsvd: CheckAssumptions: %d rows of weights for %d documents", len(theta), c.NumDocs())
	case c.NumDocs() == 0 || len(theta[0]) == 0:
		return nil, fmt.Errorf("tsvd: CheckAssumptions: no documents or no topics")
	}
	k := len(theta[0])
	a := &Assumptions{K: k, ClusterSizes: make([]int, k), CatchwordFrequency: make([]float64, k), Options: o}
	labels := make([]int, c.NumDocs())
	dominant, pure := 0, 0
	for d, row := range theta {
		if len(row) != k {
			return nil, fmt.Errorf("tsvd: CheckAssumptions: document %d has %d weights, document 0 %d", d, len(row), k)
		}
		top := 0
		for l, w := range row {
			if math.IsNaN(w) || math.IsInf(w, 0) {
				return nil, fmt.Errorf("tsvd: CheckAssumptions: document %d has weight %v", d, w)
			}
			if w > row[top] {
				top = l
			}
		}
		if c.Offsets[d] == c.Offsets[d+1] {
			a.EmptyDocs++
			labels[d] = -1
			continue
		}
		a.Docs++
		labels[d] = top
		a.ClusterSizes[top]++
		if row[top] >= 1-o.Delta {
			pure++
		}
		if row[top] >= o.Alpha && othersAtMost(row, top, o.Beta) {
			dominant++
		}
	}
	if a.Docs == 0 {
		return nil, fmt.Errorf("tsvd: CheckAssumptions: every document is empty")
	}
	a.DominantShare = float64(dominant) / float64(a.Docs)
	a.PureShare = float64(pure) / float64(a.Docs)
	a.CatchwordRank = catchwordRank(o.Eps0*float64(a.Docs)/(2*float64(k)), a.Docs)
	sets, err := Catchwords(ctx, c, labels, k, CatchwordOptions{Rank: a.CatchwordRank, Gamma: o.Gamma, Threads: o.Threads})
	if err != nil {
		return nil, err
	}
	a.Catchwords = sets
	catch := make([]int, c.NumWords()) // 1 + the topic a word is a catchword of
	withCW := 0
	for l, set := range sets {
		if len(set) > 0 {
			withCW++
		}
		for _, i := range set {
			catch[i] = l + 1 // Gamma < 1 may give a word to several topics: handled below
		}
	}
	sums := make([]float64, k)
	for d, l := range labels {
		if l < 0 {
			continue
		}
		n := c.DocLen(d)
		words, counts := c.Doc(d)
		for p, w := range words {
			if catch[w] == l+1 || (o.Gamma < 1 && inSet(sets[l], int(w))) {
				sums[l] += float64(counts[p]) / float64(n)
			}
		}
	}
	total := 0.0
	for l, s := range sums {
		if a.ClusterSizes[l] > 0 {
			a.CatchwordFrequency[l] = s / float64(a.ClusterSizes[l])
		}
		total += a.CatchwordFrequency[l]
	}
	a.TopicsWithCatchwords = float64(withCW) / float64(k)
	a.MeanCatchwordFrequency = total / float64(k)
	return a, nil
}

// Validate returns an error when an option is out of range (zero fields
// stand for their defaults).
func (o AssumptionOptions) Validate() error {
	_, err := o.withDefaults()
	return err
}

// withDefaults returns o with its zero fields set to the defaults, or an
// error for a field out of range.
func (o AssumptionOptions) withDefaults() (AssumptionOptions, error) {
	if o.Alpha == 0 {
		o.Alpha = DefaultCheckAlpha
	}
	if o.Beta == 0 {
		o.Beta = DefaultCheckBeta
	}
	if o.Delta == 0 {
		o.Delta = DefaultCheckDelta
	}
	if o.Gamma == 0 {
		o.Gamma = DefaultCheckGamma
	}
	if o.Eps0 == 0 {
		o.Eps0 = DefaultCheckEps0
	}
	switch {
	case !(o.Alpha > 0 && o.Alpha <= 1), !(o.Beta > 0 && o.Beta <= 1), !(o.Delta > 0 && o.Delta < 1):
		return o, fmt.Errorf("tsvd: Alpha = %v, Beta = %v, Delta = %v: want Alpha, Beta in (0, 1], Delta in (0, 1)", o.Alpha, o.Beta, o.Delta)
	case !(o.Gamma > 0) || math.IsInf(o.Gamma, 1) || !(o.Eps0 > 0) || math.IsInf(o.Eps0, 1):
		return o, fmt.Errorf("tsvd: Gamma = %v, Eps0 = %v: want positive", o.Gamma, o.Eps0)
	case o.Threads < 0:
		return o, fmt.Errorf("tsvd: Threads = %d, want >= 0", o.Threads)
	}
	return o, nil
}

// othersAtMost reports whether every entry of row but row[top] is <= beta.
func othersAtMost(row []float64, top int, beta float64) bool {
	for l, w := range row {
		if l != top && w > beta {
			return false
		}
	}
	return true
}

// inSet reports whether i is in set.
func inSet(set []int, i int) bool {
	for _, j := range set {
		if j == i {
			return true
		}
	}
	return false
}
