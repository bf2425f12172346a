//go:build !unix

package atomicfile

import (
	"io/fs"
	"os"
)

// alive reports true: without a portable probe, temporary files of other
// processes are never removed.
func alive(pid int) bool { return true }

// writable checks the read-only attribute: the permission bits Go
// reports for a file outside Unix.
func writable(path string) error {
	st, err := os.Stat(path)
	if err == nil && st.Mode().Perm()&0o200 == 0 {
		return fs.ErrPermission
	}
	return nil
}

// keepOwner does nothing outside Unix.
func keepOwner(f *os.File, old os.FileInfo) {}

// syncUnsupported reports true: directories are not synced outside Unix.
func syncUnsupported(err error) bool { return true }
