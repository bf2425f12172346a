// Package atomicfile writes files so that readers never see a partial one:
// the content goes to a temporary file in the same directory, which is
// synced and renamed over the destination only when complete. A failed
// write leaves the destination as it was and removes the temporary file.
//
// Complexity: one pass over the content, plus a gzip compression when the
// destination name ends in ".gz".
package atomicfile

import (
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Write writes path through write, gzip-compressed when path ends in
// ".gz". The file gets mode 0644.
func Write(path string, write func(io.Writer) error) (err error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if err = writeMaybeGzip(f, strings.HasSuffix(path, ".gz"), write); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err = f.Chmod(0o644); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// writeMaybeGzip runs write on w, through a gzip compressor if zip.
func writeMaybeGzip(w io.Writer, zip bool, write func(io.Writer) error) error {
	if !zip {
		return write(w)
	}
	zw := gzip.NewWriter(w)
	if err := write(zw); err != nil {
		return err
	}
	return zw.Close()
}
