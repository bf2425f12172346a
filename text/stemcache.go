package text

import (
	"strings"
	"sync"
	"sync/atomic"
)

// maxStemCache bounds the number of words a stemCache holds (about 10 MB):
// by Zipf's law the words seen first are most of the tokens of what follows.
const maxStemCache = 1 << 16

// stemCache remembers the stems of the words seen so far, for Snowball
// stemming costs ten times as much as tokenizing. It is safe for concurrent
// use; once full it stops growing.
type stemCache struct {
	m sync.Map // word → stem, or "" for a word whose stem is dropped
	n atomic.Int64
}

// get returns the cached stem of w.
func (c *stemCache) get(w string) (string, bool) {
	v, ok := c.m.Load(w)
	if !ok {
		return "", false
	}
	return v.(string), true
}

// put records the stem of w, copying w, which may share memory with the
// text being tokenized.
func (c *stemCache) put(w, stem string) {
	if c.n.Load() >= maxStemCache {
		return
	}
	k := strings.Clone(w)
	if stem == w {
		stem = k // the stemmer may return its argument
	}
	if _, loaded := c.m.LoadOrStore(k, stem); !loaded {
		c.n.Add(1)
	}
}
