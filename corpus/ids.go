package corpus

import (
	"path/filepath"
	"strings"
)

// distinctIDs renames, for Read, the ids that more than one of cs hold,
// read from paths: each such document's id becomes "NAME#ID", NAME the
// shortest tail of its path that tells the inputs apart (inputNames).
// Should a renamed id meet another input's id as read (an id "b#1"
// beside b's "1"), every id of every input is renamed, which leaves none
// alike: the names are distinct and hold no '#', and a reader gives
// distinct ids within an input. It returns how many ids it renamed, the
// first ("" for none) and whether it renamed them all.
func distinctIDs(paths []string, cs []*Corpus) (renamed int, first string, all bool) {
	inputs := make(map[string]int) // the number of inputs holding each id
	for _, c := range cs {
		for _, id := range c.DocIDs {
			inputs[id]++
		}
	}
	shared := func(id string) bool { return inputs[id] > 1 }
	if !anyID(cs, shared) {
		return 0, "", false
	}
	names := inputNames(paths)
	rename := shared
	ids := renameIDs(cs, names, rename)
	if all = repeats(ids); all {
		rename = func(string) bool { return true }
		ids = renameIDs(cs, names, rename)
	}
	for i, c := range cs {
		for d, id := range c.DocIDs {
			if rename(id) {
				if renamed == 0 {
					first = ids[i][d]
				}
				renamed++
			}
		}
		c.DocIDs = ids[i]
	}
	return renamed, first, all
}

// anyID reports whether some id of cs satisfies f.
func anyID(cs []*Corpus, f func(string) bool) bool {
	for _, c := range cs {
		for _, id := range c.DocIDs {
			if f(id) {
				return true
			}
		}
	}
	return false
}

// renameIDs returns the ids of each of cs, those that rename says as
// names[i] + "#" + id.
func renameIDs(cs []*Corpus, names []string, rename func(string) bool) [][]string {
	out := make([][]string, len(cs))
	for i, c := range cs {
		out[i] = make([]string, len(c.DocIDs))
		for d, id := range c.DocIDs {
			if rename(id) {
				id = names[i] + "#" + id
			}
			out[i][d] = id
		}
	}
	return out
}

// repeats reports whether an id occurs twice in ids.
func repeats(ids [][]string) bool {
	seen := make(map[string]bool)
	for _, in := range ids {
		for _, id := range in {
			if seen[id] {
				return true
			}
			seen[id] = true
		}
	}
	return false
}

// inputNames returns for each path the fewest of the last elements of
// its file's absolute path, links resolved, joined by "/", that no other
// path ends with: the base names when they differ, "s1/docword.txt" and
// "s2/docword.txt" for two docword.txt. A name does not depend on how its
// path is spelled ("./s1/docword.txt", an absolute path, another working
// directory, a link), so neither do the corpus's ids and digest. The
// paths are distinct files (CheckDistinct), so their resolved forms are
// distinct and the whole of them tells them apart. '%' and '#' in a name
// are written %25 and %23, so that a name ends at the first '#' of an id
// and no two renamed ids are alike.
func inputNames(paths []string) []string {
	elems := make([][]string, len(paths))
	longest := 0
	for i, p := range paths {
		elems[i] = strings.Split(filepath.ToSlash(resolved(p)), "/")
		longest = max(longest, len(elems[i]))
	}
	escape := strings.NewReplacer("%", "%25", "#", "%23")
	names := make([]string, len(paths))
	for n := 1; ; n++ {
		seen := make(map[string]int)
		for i, e := range elems {
			names[i] = escape.Replace(strings.Join(e[max(0, len(e)-n):], "/"))
			seen[names[i]]++
		}
		distinct := true
		for _, count := range seen {
			distinct = distinct && count == 1
		}
		if distinct || n >= longest {
			return names
		}
	}
}

// resolved returns the absolute path of p's file, its links resolved, or
// p cleaned where that fails.
func resolved(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	if real, err := filepath.EvalSymlinks(p); err == nil {
		return real
	}
	return filepath.Clean(p)
}
