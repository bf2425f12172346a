package corpus

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
)

// PruneOptions selects the words Prune keeps. The zero value keeps every
// word (and Prune then only drops empty documents, unless KeepEmptyDocs).
type PruneOptions struct {
	// MinDF drops words occurring in fewer than MinDF documents: 0 keeps
	// every word, 1 drops the words that occur in no document.
	MinDF int `json:"min_df,omitempty"`
	// MaxDF drops words occurring in more than MaxDF*D documents, D being
	// the number of documents before pruning (MaxDFDocs rounds it); 0
	// means no limit.
	MaxDF float64 `json:"max_df,omitempty"`
	// MaxVocab keeps, among the words passing MinDF and MaxDF, the
	// MaxVocab of highest document frequency (ties go to the lower word
	// index); 0 keeps them all.
	MaxVocab int `json:"max_vocab,omitempty"`
	// StopWords are dropped first, matched exactly: the stop list of a
	// corpus whose words are tokens already (numeric formats, JSON
	// items), which the tokenizer's list never reached.
	StopWords []string `json:"stop_words,omitempty"`
	// KeepEmptyDocs keeps the documents that are empty, or left empty by
	// the words dropped, in their place: to give every input document a
	// row (topic weights inferred for new documents), not to learn from.
	KeepEmptyDocs bool `json:"keep_empty_docs,omitempty"`
}

// IsZero reports whether o keeps every word.
func (o PruneOptions) IsZero() bool {
	return o.MinDF == 0 && o.MaxDF == 0 && o.MaxVocab == 0 && len(o.StopWords) == 0
}

// PruneReport tells what Prune did. Words dropped by a rule are not
// counted again under a later one (StopWords, MinDF, MaxDF, MaxVocab
// apply in that order).
type PruneReport struct {
	WordsBefore, WordsAfter                     int
	DroppedStopWords                            int
	DroppedMinDF, DroppedMaxDF, DroppedMaxVocab int
	DocsBefore, DocsAfter, DroppedEmptyDocs     int
	TokensBefore, TokensAfter                   int64
}

// String returns a one-line summary of the corpus left, such as
// "3428 documents, 5000 words, 400000 tokens (dropped 1906 words: 1200 by
// min-df, 6 by max-df, 700 by max-vocab; 2 empty documents; 85.5% of tokens
// kept)", the parenthesis only when pruning dropped something, with "N
// stop words, " before the counts by rule when it dropped stop words.
func (r PruneReport) String() string {
	s := fmt.Sprintf("%d documents, %d words, %d tokens", r.DocsAfter, r.WordsAfter, r.TokensAfter)
	if !r.Dropped() {
		return s
	}
	pct := 100.0
	if r.TokensBefore > 0 {
		pct = 100 * float64(r.TokensAfter) / float64(r.TokensBefore)
	}
	stop := ""
	if r.DroppedStopWords > 0 {
		stop = fmt.Sprintf("%d stop words, ", r.DroppedStopWords)
	}
	return s + fmt.Sprintf(" (dropped %d words: %s%d by min-df, %d by max-df, %d by max-vocab; %d empty documents; %.1f%% of tokens kept)",
		r.WordsBefore-r.WordsAfter, stop, r.DroppedMinDF, r.DroppedMaxDF, r.DroppedMaxVocab, r.DroppedEmptyDocs, pct)
}

// Dropped reports whether pruning removed any word or document.
func (r PruneReport) Dropped() bool {
	return r.WordsAfter != r.WordsBefore || r.DocsAfter != r.DocsBefore
}

// MaxDFDocs returns the most documents a word may occur in and pass
// PruneOptions.MaxDF = maxDF over docs documents: maxDF*docs rounded
// down, all of docs when maxDF is 0 (no limit). The product is taken as
// the decimal fraction it stands for, exactly, at any docs: in float64
// 0.29*100 is 28.999999999999996, which dropped a word of 29 of 100
// documents. The fraction is maxDF's shortest decimal (strconv's 'g',
// -1: "0.29"), the one a flag or a JSON record gives; so 1.0/3, which
// is 0.3333333333333333, over 3 documents gives 0.
func MaxDFDocs(maxDF float64, docs int) int {
	if maxDF == 0 {
		return docs
	}
	frac, ok := new(big.Rat).SetString(strconv.FormatFloat(maxDF, 'g', -1, 64))
	if !ok { // not finite: validate refuses it
		return docs
	}
	n := frac.Mul(frac, new(big.Rat).SetInt64(int64(docs)))
	floor := new(big.Int).Quo(n.Num(), n.Denom()) // n >= 0
	if !floor.IsInt64() || floor.Int64() > int64(docs) {
		return docs
	}
	return int(floor.Int64())
}

// validate reports invalid options.
func (o PruneOptions) validate() error {
	switch {
	case o.MinDF < 0:
		return fmt.Errorf("prune: negative MinDF %d", o.MinDF)
	case o.MaxVocab < 0:
		return fmt.Errorf("prune: negative MaxVocab %d", o.MaxVocab)
	case !(o.MaxDF >= 0 && o.MaxDF <= 1):
		return fmt.Errorf("prune: MaxDF %v outside [0,1] (a fraction of the documents)", o.MaxDF)
	}
	return nil
}

// Prune returns a new corpus keeping the words selected by opts (in their
// original order) and the documents left non-empty (every document with
// KeepEmptyDocs), with a report. It is an error when opts is invalid or
// when no word or no token is left.
// c is not modified; when every word and document is kept, the result
// shares c's vocabulary, ids and counts instead of copying them (a corpus
// is not modified once built), so that a large corpus is not held twice.
// Prune runs in O(nnz + V log V).
func Prune(c *Corpus, opts PruneOptions) (*Corpus, PruneReport, error) {
	if c == nil {
		return nil, PruneReport{}, errNoCorpus
	}
	if err := c.Validate(); err != nil {
		return nil, PruneReport{}, err
	}
	rep := PruneReport{WordsBefore: c.NumWords(), DocsBefore: c.NumDocs(), TokensBefore: c.Tokens()}
	if err := opts.validate(); err != nil {
		return nil, rep, err
	}
	keep := selectWords(c.Vocab, c.DocFreq(), c.NumDocs(), opts, &rep)
	out := restrict(c, keep, opts.KeepEmptyDocs)
	out.Preprocessing = c.Preprocessing.withPrune(opts)
	rep.WordsAfter = out.NumWords()
	rep.DocsAfter = out.NumDocs()
	rep.DroppedEmptyDocs = rep.DocsBefore - rep.DocsAfter
	rep.TokensAfter = out.Tokens()
	if rep.WordsAfter == 0 || rep.TokensAfter == 0 {
		return nil, rep, errors.New("prune: nothing left: " + rep.String())
	}
	return out, rep, nil
}

// selectWords returns which words of vocab pass opts given their
// document frequencies df over numDocs documents, counting drops in rep.
func selectWords(vocab []string, df []int, numDocs int, opts PruneOptions, rep *PruneReport) []bool {
	keep := make([]bool, len(df))
	stop := make(map[string]bool, len(opts.StopWords))
	for _, w := range opts.StopWords {
		stop[w] = true
	}
	var kept []int
	maxDF := MaxDFDocs(opts.MaxDF, numDocs)
	for w, n := range df {
		switch {
		case stop[vocab[w]]:
			rep.DroppedStopWords++
		case n < opts.MinDF:
			rep.DroppedMinDF++
		case n > maxDF:
			rep.DroppedMaxDF++
		default:
			keep[w] = true
			kept = append(kept, w)
		}
	}
	if opts.MaxVocab > 0 && len(kept) > opts.MaxVocab {
		slices.SortStableFunc(kept, func(a, b int) int { return df[b] - df[a] })
		for _, w := range kept[opts.MaxVocab:] {
			keep[w] = false
			rep.DroppedMaxVocab++
		}
	}
	return keep
}

// restrict returns c restricted to the kept words (renumbered in order),
// without the documents left empty unless keepEmpty: c's storage itself
// when that is all of it, else a copy sized exactly (one counting pass
// first).
func restrict(c *Corpus, keep []bool, keepEmpty bool) *Corpus {
	remap := make([]int32, len(keep))
	out := &Corpus{Offsets: []int64{0}}
	for w, k := range keep {
		remap[w] = -1
		if k {
			remap[w] = int32(len(out.Vocab))
			out.Vocab = append(out.Vocab, c.Vocab[w])
		}
	}
	nnz, docs := keptSize(c, remap)
	if keepEmpty {
		docs = c.NumDocs()
	}
	if len(out.Vocab) == c.NumWords() && nnz == c.NNZ() && docs == c.NumDocs() {
		shared := *c
		return &shared
	}
	out.Words, out.Counts = make([]int32, 0, nnz), make([]int32, 0, nnz)
	out.DocIDs, out.Offsets = make([]string, 0, docs), make([]int64, 1, docs+1)
	for d := range c.NumDocs() {
		words, counts := c.Doc(d)
		start := len(out.Words)
		for i, w := range words {
			if nw := remap[w]; nw >= 0 {
				out.Words = append(out.Words, nw)
				out.Counts = append(out.Counts, counts[i])
			}
		}
		if len(out.Words) > start || keepEmpty {
			out.DocIDs = append(out.DocIDs, c.DocIDs[d])
			if c.Excerpts != nil {
				out.Excerpts = append(out.Excerpts, c.Excerpts[d])
			}
			out.Offsets = append(out.Offsets, int64(len(out.Words)))
		}
	}
	return out
}

// keptSize returns the nonzeros and the non-empty documents c keeps under
// remap (-1: a word dropped).
func keptSize(c *Corpus, remap []int32) (nnz int64, docs int) {
	for d := range c.NumDocs() {
		words, _ := c.Doc(d)
		n := 0
		for _, w := range words {
			if remap[w] >= 0 {
				n++
			}
		}
		nnz += int64(n)
		if n > 0 {
			docs++
		}
	}
	return nnz, docs
}
