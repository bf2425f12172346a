package text

// stopSet is a set of stop words: an open-addressing hash table with a
// cheap hash of a word's length and three of its bytes. Lookups in running
// text are about twice as fast as with a map, and a []byte needs no
// conversion. It is read-only once built.
type stopSet struct {
	slots []string // len is a power of two at least 4 times the words; "" marks a free slot
	n     int      // number of words
}

// stopHash hashes a non-empty word.
func stopHash[T string | []byte](w T) uint32 {
	n := len(w)
	h := uint32(n)*0x9e3779b1 ^ uint32(w[0])<<16 ^ uint32(w[n-1])<<8 ^ uint32(w[n/2])
	h *= 0x85ebca6b
	return h ^ h>>15
}

// add inserts w, growing the table when it would be more than a quarter full.
func (s *stopSet) add(w string) {
	if w == "" || contains(s, w) {
		return
	}
	if 4*(s.n+1) > len(s.slots) {
		old := s.slots
		s.slots, s.n = make([]string, max(64, 2*len(old))), 0
		for _, e := range old {
			if e != "" {
				s.add(e)
			}
		}
	}
	mask := uint32(len(s.slots) - 1)
	i := stopHash(w) & mask
	for s.slots[i] != "" {
		i = (i + 1) & mask
	}
	s.slots[i] = w
	s.n++
}

// contains reports whether w is in s.
func contains[T string | []byte](s *stopSet, w T) bool {
	if len(w) == 0 || s.n == 0 {
		return false
	}
	mask := uint32(len(s.slots) - 1)
	for i := stopHash(w) & mask; ; i = (i + 1) & mask {
		switch s.slots[i] {
		case "":
			return false
		case string(w):
			return true
		}
	}
}
