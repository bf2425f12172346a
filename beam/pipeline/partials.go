package pipeline

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path"
	"strings"
	"sync"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/hulltopics/hull/cooc"
)

// Partials says where the statistics of bundles and merged ranges go
// between the steps of the second pass: in files of the directory Dir,
// the elements the runner shuffles holding their names, or, with Dir "",
// in the elements themselves, in hull's statistics format. A runner that
// keeps its elements in memory, as Prism does (several copies of each),
// needs files; a cluster's shuffle carries either.
type Partials struct {
	Dir string
}

// removed holds the directories of partial statistics this process has
// removed: a worker in the launcher's process (Prism's loopback) may still
// finish a bundle after a cancelled run returns, and would make the
// directory again. Remove takes the lock to write, put to read, so that
// no file is written once Remove has begun.
var removed = struct {
	sync.RWMutex
	dirs map[string]bool
}{dirs: map[string]bool{}}

// errRemoved is put's error once the directory is removed.
var errRemoved = errors.New("the run's partial statistics are removed: it was cancelled or has ended")

// put stores s and returns the element that stands for it. The name of a
// file is unique: a bundle that is retried writes other files, and only
// those of the bundles the runner commits are read.
func (p Partials) put(ctx context.Context, s *cooc.Stats, name string) ([]byte, error) {
	if p.Dir == "" {
		var b bytes.Buffer
		_, err := s.WriteTo(&b)
		return b.Bytes(), err
	}
	removed.RLock()
	defer removed.RUnlock()
	if removed.dirs[p.Dir] {
		return nil, fmt.Errorf("%s: %w", p.Dir, errRemoved)
	}
	file := strings.TrimSuffix(p.Dir, "/") + "/" + fmt.Sprintf("%s-%016x.stats", name, rand.Uint64())
	if err := write(ctx, s, file); err != nil {
		return nil, err
	}
	return []byte(file), nil
}

// get returns the statistics an element of put stands for.
func (p Partials) get(ctx context.Context, b []byte) (*cooc.Stats, error) {
	if p.Dir == "" {
		return cooc.ReadStats(bytes.NewReader(b), "partial statistics", 0)
	}
	file := string(b)
	if !isRemote(file) {
		return cooc.LoadStats(file, 0)
	}
	fs, err := filesystem.New(ctx, file)
	if err != nil {
		return nil, err
	}
	defer fs.Close()
	r, err := fs.OpenRead(ctx, file)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return cooc.ReadStats(r, file, 0)
}

// Remove removes the directory of the partial files and what it holds;
// this process writes no file there afterwards.
func (p Partials) Remove(ctx context.Context) error {
	if p.Dir == "" {
		return nil
	}
	removed.Lock()
	defer removed.Unlock()
	removed.dirs[p.Dir] = true
	if !isRemote(p.Dir) {
		return os.RemoveAll(p.Dir)
	}
	fs, err := filesystem.New(ctx, p.Dir)
	if err != nil {
		return err
	}
	defer fs.Close()
	rm, ok := fs.(filesystem.Remover)
	if !ok {
		return fmt.Errorf("%s: the file system cannot remove files", p.Dir)
	}
	files, err := fs.List(ctx, strings.TrimSuffix(p.Dir, "/")+"/*.stats")
	if err != nil {
		return err
	}
	var errs []error
	for _, f := range files {
		errs = append(errs, rm.Remove(ctx, f))
	}
	return errors.Join(errs...)
}

// write writes s to file (not atomically: a partial file is read only
// once the bundle that wrote it is committed).
func write(ctx context.Context, s *cooc.Stats, file string) error {
	if !isRemote(file) {
		if err := os.MkdirAll(path.Dir(file), 0o755); err != nil {
			return err
		}
		f, err := os.Create(file)
		if err != nil {
			return err
		}
		w := bufio.NewWriterSize(f, 1<<20)
		_, err = s.WriteTo(w)
		if err == nil {
			err = w.Flush()
		}
		return errors.Join(err, f.Close())
	}
	fs, err := filesystem.New(ctx, file)
	if err != nil {
		return err
	}
	defer fs.Close()
	w, err := fs.OpenWrite(ctx, file)
	if err != nil {
		return err
	}
	_, err = s.WriteTo(w)
	return errors.Join(err, w.Close())
}
