package corpus

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// The front door for callers that tokenize themselves: a corpus from
// token lists in one call, on a growing or on a fixed vocabulary.

// FromTokens returns the corpus of docs, each document a list of tokens:
// document d has id strconv.Itoa(d+1) (ids "1".."D"), the vocabulary
// holds the distinct tokens in first-seen order and a document's counts
// are the occurrences of its tokens. Tokens are words as they are: not
// lowercased, stemmed or checked (WriteVocab rejects words a vocabulary
// file cannot hold, such as "" or words with white space); the
// vocabulary holds copies, so it keeps no larger string a token was cut
// from alive. A document without tokens is kept as an empty document, as
// the Builder and the readers keep them (Prune drops them); unlike the
// readers, FromTokens also accepts docs without any token, giving a
// corpus without nonzeros (or without documents). It panics if a
// document has more than 2^31-1 tokens (counts are int32). Time
// O(tokens + nnz log nnz), the last term for sorting each document's
// words.
func FromTokens(docs [][]string) *Corpus {
	d := newTextDocs(textInput{}, "tokens", "documents")
	ids := numberIDs(len(docs), seq)
	for i, toks := range docs {
		if err := d.addTokens(ids[i], toks); err != nil {
			panic("corpus: FromTokens: document " + ids[i] + ": " + err.Error())
		}
	}
	return d.b.Corpus()
}

// maxFirstUnknown is the number of unknown words TokensReport lists.
const maxFirstUnknown = 5

// TokensReport says what FromTokensOn kept and dropped.
type TokensReport struct {
	// Tokens is the number of tokens kept (tokens of vocabulary words).
	Tokens int64
	// DroppedTokens is the number of tokens dropped: tokens of words the
	// vocabulary lacks.
	DroppedTokens int64
	// UnknownWords is the number of distinct dropped words.
	UnknownWords int
	// FirstUnknown holds the first (at most 5) distinct unknown words, in
	// the order first seen.
	FirstUnknown []string
	// EmptyDocs is the number of documents left without a token (kept,
	// empty), including those that had none to begin with.
	EmptyDocs int
}

// String returns a one-line summary such as
// `5 tokens (dropped 3 tokens of 2 unknown words: "zebra", "yak"; 1 empty documents; 62.5% of tokens kept)`,
// or just "5 tokens" when nothing was dropped and no document is empty
// (the percentage appears only when tokens were dropped).
func (r TokensReport) String() string {
	s := fmt.Sprintf("%d tokens", r.Tokens)
	if r.DroppedTokens == 0 && r.EmptyDocs == 0 {
		return s
	}
	var parts []string
	if r.DroppedTokens > 0 {
		words := make([]string, len(r.FirstUnknown))
		for i, w := range r.FirstUnknown {
			words[i] = strconv.Quote(w)
		}
		list := strings.Join(words, ", ")
		if r.UnknownWords > len(r.FirstUnknown) {
			list += ", ..."
		}
		parts = append(parts, fmt.Sprintf("dropped %d tokens of %d unknown words: %s", r.DroppedTokens, r.UnknownWords, list))
	}
	if r.EmptyDocs > 0 {
		parts = append(parts, fmt.Sprintf("%d empty documents", r.EmptyDocs))
	}
	if r.DroppedTokens > 0 {
		pct := 100 * float64(r.Tokens) / float64(r.Tokens+r.DroppedTokens)
		parts = append(parts, fmt.Sprintf("%.1f%% of tokens kept", pct))
	}
	return s + " (" + strings.Join(parts, "; ") + ")"
}

// FromTokensOn returns the corpus of docs on the fixed vocabulary vocab
// (typically a model's Vocab, to infer the topics of new documents):
// word index i is vocab[i], and the corpus shares the slice. Document d
// has id strconv.Itoa(d+1); its counts are the occurrences of its tokens
// that vocab holds (a word listed twice in vocab counts under its first
// index). Tokens vocab lacks are dropped and counted in the report;
// documents left without a token are kept, empty, so document d of the
// result is docs[d]. As FromTokens, it panics if a document has more
// than 2^31-1 tokens. Time O(tokens + nnz log nnz).
func FromTokensOn(vocab []string, docs [][]string) (*Corpus, TokensReport) {
	b := NewBuilder(vocab)
	if vocab == nil {
		b = NewBuilder([]string{}) // fixed and empty: every word is unknown
	}
	ids := numberIDs(len(docs), seq)
	var rep TokensReport
	unknown := make(map[string]bool)
	for d, toks := range docs {
		if int64(len(toks)) > math.MaxInt32 {
			panic("corpus: FromTokensOn: document " + ids[d] + ": " + errTooManyTokens.Error())
		}
		kept := false
		for _, w := range toks {
			if i, ok := b.WordIndex(w); ok {
				b.Add(i, 1)
				rep.Tokens++
				kept = true
				continue
			}
			rep.DroppedTokens++
			if !unknown[w] {
				w = strings.Clone(w) // keep no larger string alive
				unknown[w] = true
				if len(rep.FirstUnknown) < maxFirstUnknown {
					rep.FirstUnknown = append(rep.FirstUnknown, w)
				}
			}
		}
		if !kept {
			rep.EmptyDocs++
		}
		b.EndDoc(ids[d])
	}
	rep.UnknownWords = len(unknown)
	return b.Corpus(), rep
}
