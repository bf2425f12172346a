package text

import (
	"strings"
	"sync"
)

// Sizes of a stemCache: it holds at most maxStemCache words (about 10 MB);
// by Zipf's law the words seen first make up most of the tokens that
// follow. Its shards let goroutines sharing a Tokenizer rarely contend.
const (
	maxStemCache    = 1 << 16
	stemCacheShards = 16
)

// stemCache remembers the stems of the words seen so far, for Snowball
// stemming costs ten times as much as tokenizing. It is safe for
// concurrent use; once full it stops growing. The zero value is empty.
type stemCache struct {
	shards [stemCacheShards]stemShard
}

type stemShard struct {
	mu sync.RWMutex
	m  map[string]string // word → stem, or "" for a word whose stem is dropped
}

// shard returns the shard of the non-empty word w.
func (c *stemCache) shard(w string) *stemShard {
	return &c.shards[stopHash(w)%stemCacheShards]
}

// get returns the cached stem of w.
func (c *stemCache) get(w string) (stem string, ok bool) {
	sh := c.shard(w)
	sh.mu.RLock()
	stem, ok = sh.m[w]
	sh.mu.RUnlock()
	return stem, ok
}

// put records the stem of w, copying w, which may share memory with the
// text being tokenized.
func (c *stemCache) put(w, stem string) {
	sh := c.shard(w)
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if len(sh.m) >= maxStemCache/stemCacheShards {
		return
	}
	if sh.m == nil {
		sh.m = make(map[string]string)
	}
	k := strings.Clone(w)
	if stem == w {
		stem = k // the stemmer may return its argument
	}
	sh.m[k] = stem
}
