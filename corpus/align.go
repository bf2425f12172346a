package corpus

// AlignReport says what Align had to drop.
type AlignReport struct {
	// UnknownWords is the number of distinct words of the input that the
	// target vocabulary lacks.
	UnknownWords int
	// DroppedTokens is the number of tokens of those words.
	DroppedTokens int64
	// Tokens is the number of tokens kept.
	Tokens int64
}

// Align returns c re-indexed onto vocab by word string: a document keeps
// its id and the counts of the words vocab knows; words vocab lacks are
// dropped and counted. Documents left empty are kept (callers decide), so
// document i of the result is document i of c. Models and their test or
// reference corpora are joined this way. Time O(nnz + V).
func Align(c *Corpus, vocab []string) (*Corpus, AlignReport) {
	index := make(map[string]int32, len(vocab))
	for i, w := range vocab {
		if _, dup := index[w]; !dup {
			index[w] = int32(i)
		}
	}
	remap := make([]int32, c.NumWords())
	var rep AlignReport
	for i, w := range c.Vocab {
		j, ok := index[w]
		if !ok {
			j = -1
		}
		remap[i] = j
	}
	unknown := make([]bool, c.NumWords())
	b := NewBuilder(vocab)
	for d := 0; d < c.NumDocs(); d++ {
		words, counts := c.Doc(d)
		for q, w := range words {
			if j := remap[w]; j >= 0 {
				b.Add(j, counts[q])
				rep.Tokens += int64(counts[q])
			} else {
				unknown[w] = true
				rep.DroppedTokens += int64(counts[q])
			}
		}
		b.EndDoc(c.DocIDs[d])
	}
	for _, u := range unknown {
		if u {
			rep.UnknownWords++
		}
	}
	return b.Corpus(), rep
}
