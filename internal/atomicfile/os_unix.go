//go:build unix

package atomicfile

import (
	"errors"
	"os"
	"syscall"
)

// alive reports whether process pid exists (signal 0 probes it; EPERM
// means it exists under another user).
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// keepOwner gives f the owner and group of old where the process may
// (root, or a group it belongs to); failures are ignored.
func keepOwner(f *os.File, old os.FileInfo) {
	st, ok := old.Sys().(*syscall.Stat_t)
	if !ok {
		return
	}
	if int(st.Uid) == os.Geteuid() && int(st.Gid) == os.Getegid() {
		return
	}
	if f.Chown(int(st.Uid), int(st.Gid)) != nil {
		f.Chown(-1, int(st.Gid))
	}
}

// writable returns the error of access(2) for writing path: EACCES for a
// file the process may not write (root may write any), EROFS on a
// read-only file system.
func writable(path string) error {
	const wOK = 2 // W_OK
	return syscall.Access(path, wOK)
}

// syncUnsupported reports whether err means that the file system cannot
// sync a directory.
func syncUnsupported(err error) bool {
	return errors.Is(err, syscall.EINVAL) || errors.Is(err, syscall.ENOTSUP)
}
