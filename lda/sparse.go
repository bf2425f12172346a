package lda

import "math/bits"

// topicID is the type of a token's topic: uint16 when K <= 65536.
type topicID interface{ ~uint16 | ~uint32 }

// packed is the type of one entry of a word's sparse topic counts: the
// count in the high bits, the topic in the low topicBits bits.
type packed interface{ ~uint32 | ~uint64 }

// topicBits returns the bits needed to store a topic in [0, k).
func topicBits(k int) uint { return uint(max(1, bits.Len(uint(k-1)))) }

// fitsUint32 reports whether counts up to maxCount pack with a topic of
// [0, k) into 32 bits.
func fitsUint32(k int, maxCount int64) bool {
	return maxCount < int64(1)<<(32-topicBits(k))
}

// wordTopics holds the topic-word counts n_wt sparsely, word by word, as
// in SparseLDA and MALLET (typeTopicCounts): the row of word w is
// e[start[w]:start[w+1]], holding min(K, n_w) entries for the n_w tokens of
// w: the nonzero counts packed as count<<shift | topic and sorted in
// decreasing order (so by decreasing count), then zeros. An entry of
// count 0 is never stored, so a row never overflows.
type wordTopics[E packed] struct {
	start []int64
	e     []E
	shift uint
	mask  E
	one   E // 1 << shift: a count of one
}

// newWordTopics returns empty rows for words of the given frequencies.
func newWordTopics[E packed](freq []int64, k int) wordTopics[E] {
	wt := wordTopics[E]{start: make([]int64, len(freq)+1), shift: topicBits(k)}
	wt.mask = E(1)<<wt.shift - 1
	wt.one = E(1) << wt.shift
	for w, n := range freq {
		wt.start[w+1] = wt.start[w] + min(int64(k), n)
	}
	wt.e = make([]E, wt.start[len(freq)])
	return wt
}

func (wt *wordTopics[E]) row(w int32) []E { return wt.e[wt.start[w]:wt.start[w+1]] }

// inc adds one token of topic t to word w's row, keeping it sorted.
func (wt *wordTopics[E]) inc(w int32, t int) {
	row := wt.row(w)
	tt := E(t)
	i := 0
	for row[i] != 0 && row[i]&wt.mask != tt {
		i++
	}
	v := row[i]
	if v == 0 {
		v = tt
	}
	v += wt.one
	for i > 0 && row[i-1] < v {
		row[i] = row[i-1]
		i--
	}
	row[i] = v
}

// dec removes one token of topic t from word w's row, keeping it sorted;
// the topic must be present.
func (wt *wordTopics[E]) dec(w int32, t int) {
	row := wt.row(w)
	tt := E(t)
	i := 0
	for row[i]&wt.mask != tt || row[i] == 0 {
		i++
	}
	v := row[i] - wt.one
	if v < wt.one { // count 0: drop the entry
		for i+1 < len(row) && row[i+1] != 0 {
			row[i] = row[i+1]
			i++
		}
		row[i] = 0
		return
	}
	for i+1 < len(row) && row[i+1] > v {
		row[i] = row[i+1]
		i++
	}
	row[i] = v
}
