package corpus

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// CheckDistinct refuses two paths that name one file (os.SameFile:
// another spelling, a link) or a file or directory that a directory also
// given reads (FormatDir): its documents would count twice, as
// overlapping globs made them. Paths that cannot be stat'ed are left to
// the reader's error. Read calls it; a program that reads the paths
// otherwise (hull-beam's pipeline) calls it before. (A link inside a directory to a file given beside it is
// not looked for: that would walk the directory before the read.)
func CheckDistinct(paths []string) error {
	infos := make([]os.FileInfo, len(paths))
	for i, p := range paths {
		infos[i], _ = os.Stat(p)
	}
	for i := range paths {
		for j := range i {
			if infos[i] != nil && infos[j] != nil && os.SameFile(infos[i], infos[j]) {
				return fmt.Errorf("corpus: %s and %s are the same file: its documents would count twice (give it once)", paths[j], paths[i])
			}
		}
	}
	for i, p := range paths {
		for j, dir := range paths {
			if i != j && infos[i] != nil && infos[j] != nil && infos[j].IsDir() && readBelow(infos[j], p, infos[i]) {
				return fmt.Errorf("corpus: %s is inside %s, which reads it too: its documents would count twice (give one of them)", p, dir)
			}
		}
	}
	return nil
}

// readBelow reports whether reading the directory dir reads p, whose
// FileInfo is fi, too: p (a file, or a directory) lies below dir through
// directories that are no links, none of them, nor p, hidden (the
// directory read follows links to files only, and skips names starting
// with "."), as the system resolves the links on p's own path.
func readBelow(dir os.FileInfo, p string, fi os.FileInfo) bool {
	start := p
	if !fi.IsDir() {
		start = filepath.Dir(p) // p itself may be a link to a file: the read follows it
	}
	real, err := filepath.EvalSymlinks(start)
	if err == nil {
		real, err = filepath.Abs(real)
	}
	if err != nil {
		return false
	}
	hidden := !fi.IsDir() && strings.HasPrefix(filepath.Base(p), ".")
	for {
		if up, err := os.Stat(real); err == nil && os.SameFile(up, dir) {
			return !hidden
		}
		parent := filepath.Dir(real)
		if parent == real {
			return false
		}
		hidden = hidden || strings.HasPrefix(filepath.Base(real), ".")
		real = parent
	}
}
