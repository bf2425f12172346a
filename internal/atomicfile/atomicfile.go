// Package atomicfile writes files so that readers never see a partial one:
// the content goes to a temporary file in the destination's directory,
// which is synced and renamed over the destination only when complete, and
// the directory is synced after the rename. A failed write leaves the
// destination as it was and removes the temporary file.
//
// The destination is resolved first:
//
//   - A symbolic link is followed (the whole chain, as a shell's ">"
//     does): the link stays and its target gets the new content. A dangling
//     link creates its target.
//   - An existing destination must be a regular file: a directory, device,
//     FIFO or socket is refused with an error wrapping ErrNotRegular, never
//     replaced.
//   - An existing file keeps its permission bits (a 0600 file stays 0600)
//     and, where the process may set them, its owner and group; a new file
//     gets mode 0666 less the process's umask, as a shell's ">" gives it
//     (0644 under the usual umask 022, 0600 under 077). Other hard links
//     to the old file keep the old content.
//   - An existing destination the process may not write (a read-only
//     file, another user's file) is refused with an error wrapping
//     fs.ErrPermission, as a shell's ">" refuses it, though the directory
//     would let the file be replaced.
//   - A destination that is one of the command's inputs (Check's inputs:
//     the same file, by any path or link, or the file standard input
//     reads for the input "-") is refused with an error wrapping
//     ErrIsInput: writing it would destroy what is being read.
//     One inside an input directory (at any depth) is refused with an
//     error wrapping ErrInInputDir: the next run would read it as input.
//   - A writer of a set of files into a directory refuses, by CheckAbsent,
//     a file of the set that an earlier write left and this one would not
//     replace (ErrStale).
//
// Temporary files are named ".NAME.hull-tmp-PID-RANDOM" after the
// destination NAME and the writing process. A process killed while writing
// (kill -9, a second Ctrl-C, a power cut) leaves its temporary file behind;
// the next write to the same destination removes those of processes that
// are no longer alive (on Unix; elsewhere they are left). On a file system
// shared between machines, a process id is only meaningful on its own
// machine: a live writer elsewhere may lose its temporary file and fail,
// but a destination is never left partial.
//
// Complexity: one pass over the content, plus a gzip compression when the
// destination name ends in ".gz", and one directory listing.
package atomicfile

import (
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"

	"github.com/hulltopics/hull/internal/ctxio"
)

// ErrNotRegular is wrapped by the error for a destination that exists and
// is not a regular file (or a link to one).
var ErrNotRegular = errors.New("not a regular file: refusing to replace it")

// ErrNoDir is wrapped by the error for a destination whose directory does
// not exist or is not a directory.
var ErrNoDir = errors.New("no such directory")

// ErrIsInput is wrapped by Check's error for a destination that is one of
// the inputs it was given.
var ErrIsInput = errors.New("it is also an input: refusing to replace it")

// ErrInInputDir is wrapped by Check's error for a destination inside a
// directory among its inputs.
var ErrInInputDir = errors.New("it is inside an input directory, whose files the command reads: refusing to write there")

// ErrStale is wrapped by CheckAbsent's error for a file that an earlier
// write of a set of files left and that this write does not replace:
// kept beside the new files, it would no longer match them.
var ErrStale = errors.New("left by an earlier write, and this one does not replace it: it would no longer match the new files (remove it, or write to another directory)")

// newFileMode is the mode of a file that did not exist, before the umask.
const newFileMode = 0o666

// tempMode is the mode of a temporary file that will replace an existing
// file, until it gets that file's mode: never wider while being written.
const tempMode = 0o600

// tempMarker separates the destination's name from the process id in a
// temporary file's name.
const tempMarker = ".hull-tmp-"

// maxNameInTemp bounds the bytes of the destination's name kept in a
// temporary file's name, so that the latter fits in NAME_MAX (255).
const maxNameInTemp = 200

// Write writes path through write, gzip-compressed when path ends in
// ".gz", as the package describes. It is Prepare then Commit.
func Write(path string, write func(io.Writer) error) error {
	p, err := Prepare(path, write)
	if err != nil {
		return err
	}
	return p.Commit()
}

// Pending is a complete, synced temporary file waiting to be renamed over
// its destination: Commit renames it, Discard removes it. Preparing a set
// of files first and committing them together keeps the window in which
// only some are new as short as a few renames.
type Pending struct {
	temp   string // the temporary file
	target string // the destination, symbolic links resolved
	done   bool   // committed or discarded
}

// WriteContext is Write that stops once ctx is done: every write of
// write fails with ctx's error from then on, and a ctx done when write
// returns discards the file, so an interrupt during the write leaves the
// destination as it was.
func WriteContext(ctx context.Context, path string, write func(io.Writer) error) error {
	p, err := PrepareContext(ctx, path, write)
	if err != nil {
		return err
	}
	return p.Commit()
}

// PrepareContext is Prepare whose writes fail with ctx's error once ctx
// is done (and which returns that error, leaving no temporary file, when
// ctx is done as write returns). A caller committing several files checks
// ctx once more before the first Commit.
func PrepareContext(ctx context.Context, path string, write func(io.Writer) error) (*Pending, error) {
	p, err := Prepare(path, func(w io.Writer) error { return write(ctxio.Writer(ctx, w)) })
	if err == nil {
		if err = ctxio.Err(ctx); err != nil {
			p.Discard()
			return nil, err
		}
	}
	return p, err
}

// Target returns the destination the pending file will replace, symbolic
// links resolved.
func (p *Pending) Target() string { return p.target }

// Prepare resolves path (see the package comment), removes the stale
// temporary files of dead processes for it and writes the content through
// write to a new temporary file beside it, synced and closed, with the
// destination's mode. It returns an error wrapping ErrNotRegular or
// ErrNoDir for a destination that cannot be written, and the error of
// write or of the file system otherwise; then no temporary file is left.
func Prepare(path string, write func(io.Writer) error) (_ *Pending, err error) {
	target, old, err := resolve(path)
	if err != nil {
		return nil, err
	}
	removeStale(target)
	perm := os.FileMode(newFileMode) // the kernel applies the umask
	if old != nil {
		perm = tempMode
	}
	f, err := createTemp(target, perm)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot create a file in %s: %w", path, filepath.Dir(target), unwrapPath(err))
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if err = writeMaybeGzip(f, strings.HasSuffix(path, ".gz"), write); err != nil {
		return nil, fmt.Errorf("writing %s: %w", path, err)
	}
	if old != nil {
		keepOwner(f, old)
		if err = f.Chmod(old.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)); err != nil {
			return nil, err
		}
	}
	if err = f.Sync(); err != nil {
		return nil, fmt.Errorf("writing %s: %w", path, err)
	}
	if err = f.Close(); err != nil {
		return nil, fmt.Errorf("writing %s: %w", path, err)
	}
	return &Pending{temp: f.Name(), target: target}, nil
}

// Commit renames the temporary file over its destination and syncs the
// directory. On error the temporary file is removed.
func (p *Pending) Commit() error {
	if p.done {
		return errors.New("atomicfile: Commit after Commit or Discard")
	}
	p.done = true
	if err := os.Rename(p.temp, p.target); err != nil {
		os.Remove(p.temp)
		return err
	}
	return syncDir(filepath.Dir(p.target))
}

// Discard removes the temporary file. After Commit or Discard it does
// nothing.
func (p *Pending) Discard() {
	if !p.done {
		p.done = true
		os.Remove(p.temp)
	}
}

// Remove removes the regular file at path (a symbolic link is followed and
// its target removed) and syncs its directory, so that the removal is
// durable before what follows. A missing file is not an error; a
// non-regular one is refused with an error wrapping ErrNotRegular.
func Remove(path string) error {
	target, old, err := resolve(path)
	if err != nil || old == nil {
		return err
	}
	if err := os.Remove(target); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return syncDir(filepath.Dir(target))
}

// MakeDir makes the directory dir and its missing parents, or refuses an
// existing non-directory, for a command that checks its output before
// long work. remove removes the directories it created, deepest first,
// when still empty: a command that fails before writing leaves nothing.
func MakeDir(dir string) (remove func(), err error) {
	var created []string
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		st, err := os.Stat(d)
		if err == nil {
			if !st.IsDir() {
				return nil, fmt.Errorf("%s: not a directory", d)
			}
			break
		}
		if !errors.Is(err, os.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) { // ENOTDIR: an ancestor is a file, named below
			return nil, err
		}
		created = append(created, d)
		if filepath.Dir(d) == d {
			break
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return func() {
		for _, d := range created {
			os.Remove(d)
		}
	}, nil
}

// Check reports whether path can be written, before the work that makes
// its content: its directory exists and accepts a new file (tried by
// creating and removing a temporary file), it is a regular file or does
// not exist, and it is none of inputs (the files the command reads; one
// that does not exist is skipped; "-" is standard input, which may be a
// file redirected with "<") nor inside one of them that is a directory.
// The error wraps ErrNoDir, ErrNotRegular, ErrIsInput,
// ErrInInputDir, fs.ErrPermission or the file system's error, and names
// path.
func Check(path string, inputs ...string) error {
	target, fi, err := resolve(path)
	if err != nil {
		return err
	}
	if in := inputDirHolding(target, inputs); in != "" {
		return fmt.Errorf("%s (in %s): %w", path, in, ErrInInputDir)
	}
	if fi != nil {
		for _, in := range inputs {
			if ii, err := statInput(in); err == nil && os.SameFile(fi, ii) {
				return fmt.Errorf("%s: %w", sameFileName(path, in), ErrIsInput)
			}
		}
	}
	f, err := createTemp(target, tempMode)
	if err != nil {
		return fmt.Errorf("%s: cannot create a file in %s: %w", path, filepath.Dir(target), unwrapPath(err))
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// Stdin is the input name that stands for standard input.
const Stdin = "-"

// statInput returns the FileInfo of the input in: for Stdin, of the file
// standard input reads (a shell's "<" makes it any file, which -o must
// not replace).
func statInput(in string) (os.FileInfo, error) {
	if in == Stdin {
		return os.Stdin.Stat()
	}
	return os.Stat(in)
}

// sameFileName names path, found to be the input in, for a message.
func sameFileName(path, in string) string {
	switch in {
	case path:
		return path
	case Stdin:
		return path + " (the file standard input reads)"
	}
	return fmt.Sprintf("%s (the same file as %s)", path, in)
}

// CheckAbsent returns an error wrapping ErrStale that names the first of
// paths that exists (a file of any kind, or a link), nil when none does:
// the files of a set that a write leaves out, such as the documents' file
// of an export written without documents into a directory that holds
// one.
func CheckAbsent(paths ...string) error {
	for _, p := range paths {
		if _, err := os.Lstat(p); err == nil {
			return fmt.Errorf("%s: %w", p, ErrStale)
		}
	}
	return nil
}

// inputDirHolding returns the first of inputs that is a directory holding
// target at any depth, links resolved, or "".
func inputDirHolding(target string, inputs []string) string {
	dir, err := filepath.EvalSymlinks(filepath.Dir(target))
	if err != nil {
		return ""
	}
	if dir, err = filepath.Abs(dir); err != nil {
		return ""
	}
	for _, in := range inputs {
		if in == Stdin {
			continue // a stream, not the directory "-"
		}
		if st, err := os.Stat(in); err != nil || !st.IsDir() {
			continue
		}
		d, err := filepath.EvalSymlinks(in)
		if err == nil {
			d, err = filepath.Abs(d)
		}
		if err != nil {
			continue
		}
		if rel, err := filepath.Rel(d, dir); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return in
		}
	}
	return ""
}

// resolve follows the symbolic links of path and returns the destination,
// with its FileInfo when it exists (nil otherwise). The destination's
// directory must exist; an existing destination must be a regular file.
func resolve(path string) (target string, fi os.FileInfo, err error) {
	target = path
	for hops := 0; ; hops++ {
		fi, err = os.Lstat(target)
		if errors.Is(err, fs.ErrNotExist) {
			fi = nil
			break
		}
		if err != nil {
			return "", nil, err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			break
		}
		if hops == 40 {
			return "", nil, fmt.Errorf("%s: too many levels of symbolic links", path)
		}
		link, err := os.Readlink(target)
		if err != nil {
			return "", nil, err
		}
		if !filepath.IsAbs(link) {
			// Relative to the directory the link is in, as the kernel
			// reads it: with that directory's own links followed, for
			// "dirlink/../m.json" is not "m.json" (a lexical join).
			dir := filepath.Dir(target)
			if real, err := filepath.EvalSymlinks(dir); err == nil {
				dir = real
			}
			link = filepath.Join(dir, link)
		}
		target = link
	}
	if fi == nil && target != path {
		// A link to no path: the kernel still opens a link of /proc to
		// an anonymous pipe, a socket or a deleted file (/dev/stdout on
		// a pipe is /proc/self/fd/1 -> "pipe:[N]"), but there is no
		// directory to write a file in and rename it from.
		if st, err := os.Stat(path); err == nil {
			return "", nil, fmt.Errorf("%s is a %s that has no path (a link to %q): %w", path, noPathKind(st.Mode()), filepath.Base(target), ErrNotRegular)
		}
	}
	name := path
	if target != path {
		name = fmt.Sprintf("%s (a link to %s)", path, target)
	}
	if fi != nil && !fi.Mode().IsRegular() {
		return "", nil, fmt.Errorf("%s is a %s: %w", name, kind(fi.Mode()), ErrNotRegular)
	}
	if fi != nil {
		if err := writable(target); err != nil {
			return "", nil, fmt.Errorf("%s: may not be written (%w): refusing to replace it", name, err)
		}
	}
	if strings.HasSuffix(path, "/") || strings.HasSuffix(path, string(filepath.Separator)) {
		return "", nil, fmt.Errorf("%s: a directory, not a file name: %w", path, ErrNotRegular)
	}
	dir := filepath.Dir(target)
	switch di, err := os.Stat(dir); {
	case errors.Is(err, fs.ErrNotExist):
		return "", nil, fmt.Errorf("%s: %w: %s", name, ErrNoDir, dir)
	case err != nil:
		return "", nil, err
	case !di.IsDir():
		return "", nil, fmt.Errorf("%s: %w: %s is a file", name, ErrNoDir, dir)
	}
	return target, fi, nil
}

// noPathKind names what an open file without a path is: a pipe (an
// anonymous one has ModeNamedPipe too), a socket, or a deleted file.
func noPathKind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "pipe"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m.IsRegular():
		return "deleted file"
	}
	return kind(m)
}

// kind names the type of a non-regular file.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "directory"
	case m&fs.ModeCharDevice != 0:
		return "character device"
	case m&fs.ModeDevice != 0:
		return "block device"
	case m&fs.ModeNamedPipe != 0:
		return "named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "socket"
	}
	return "non-regular file"
}

// tempPrefix returns the name prefix of the temporary files of target.
func tempPrefix(target string) string {
	base := filepath.Base(target)
	if len(base) > maxNameInTemp {
		base = base[:maxNameInTemp]
	}
	return "." + base + tempMarker
}

// createTemp creates a new temporary file for target in its directory,
// with permission bits perm less the umask, named after target and this
// process and numbered by tempCount.
func createTemp(target string, perm os.FileMode) (*os.File, error) {
	prefix := filepath.Join(filepath.Dir(target), tempPrefix(target)+strconv.Itoa(os.Getpid())+"-")
	for try := 0; ; try++ {
		name := prefix + strconv.FormatUint(tempCount.Add(1), 10)
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if !errors.Is(err, fs.ErrExist) || try == 1000 {
			return f, err
		}
	}
}

// tempCount numbers the temporary files of this process.
var tempCount atomic.Uint64

// removeStale removes the temporary files of target left by processes that
// are no longer alive. Errors are ignored: a stale file left is harmless.
func removeStale(target string) {
	removeTemps(target, func(pid int) bool { return pid != os.Getpid() && !alive(pid) })
}

// RemoveOwnTemps removes the temporary files this process has open for
// path: the cleanup of a process that exits on an interrupt while a write
// of its own, on another goroutine, has not yet seen it (hull-beam's last
// step). Errors are ignored, as for stale files.
func RemoveOwnTemps(path string) {
	if target, _, err := resolve(path); err == nil {
		removeTemps(target, func(pid int) bool { return pid == os.Getpid() })
	}
}

// removeTemps removes the temporary files of target whose writer's
// process id the predicate picks.
func removeTemps(target string, pick func(pid int) bool) {
	dir := filepath.Dir(target)
	prefix := tempPrefix(target)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok || !e.Type().IsRegular() {
			continue
		}
		pidText, random, ok := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidText)
		if !ok || err != nil || pid <= 0 || !allDigits(random) || !pick(pid) {
			continue
		}
		os.Remove(filepath.Join(dir, e.Name()))
	}
}

func allDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// syncDir syncs directory dir, so that a rename or removal in it survives
// a crash. File systems that cannot sync a directory are not an error.
func syncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !syncUnsupported(err) {
		return fmt.Errorf("syncing directory %s: %w", dir, err)
	}
	return nil
}

// unwrapPath returns the cause of a *fs.PathError, whose path (a temporary
// name) would only confuse the user.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
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
