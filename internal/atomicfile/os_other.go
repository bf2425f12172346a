//go:build !unix

package atomicfile

import "os"

// alive reports true: without a portable probe, temporary files of other
// processes are never removed.
func alive(pid int) bool { return true }

// keepOwner does nothing outside Unix.
func keepOwner(f *os.File, old os.FileInfo) {}

// syncUnsupported reports true: directories are not synced outside Unix.
func syncUnsupported(err error) bool { return true }
