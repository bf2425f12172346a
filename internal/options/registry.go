package options

import (
	"maps"
	"slices"
	"sync"
)

// Registry is a set of named specs (learners, generators), safe for
// concurrent use and listed in name order. The zero value is empty and
// ready to use.
type Registry[S any] struct {
	mu    sync.RWMutex
	specs map[string]*S
}

// Add registers s under name; it reports false, leaving the registry as it
// was, when the name is taken.
func (r *Registry[S]) Add(name string, s *S) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, dup := r.specs[name]; dup {
		return false
	}
	if r.specs == nil {
		r.specs = map[string]*S{}
	}
	r.specs[name] = s
	return true
}

// Get returns the spec registered under name.
func (r *Registry[S]) Get(name string) (*S, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	s, ok := r.specs[name]
	return s, ok
}

// Names returns the registered names, sorted.
func (r *Registry[S]) Names() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return slices.Sorted(maps.Keys(r.specs))
}

// All returns the registered specs in the order of Names.
func (r *Registry[S]) All() []*S {
	r.mu.RLock()
	defer r.mu.RUnlock()
	out := make([]*S, 0, len(r.specs))
	for _, n := range slices.Sorted(maps.Keys(r.specs)) {
		out = append(out, r.specs[n])
	}
	return out
}
