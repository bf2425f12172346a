//go:build unix

package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestWriteRefusesNonRegular: a directory, a FIFO and a device node are
// refused and left as they were; so is a missing directory.
func TestWriteRefusesNonRegular(t *testing.T) {
	dir := t.TempDir()
	targets := map[string]os.FileMode{"adir": os.ModeDir}
	os.Mkdir(filepath.Join(dir, "adir"), 0o755)
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644); err == nil {
		targets["fifo"] = os.ModeNamedPipe
	}
	// A character device like /dev/null (1, 3), made only where allowed
	// (root); writing to it would be harmless.
	if err := syscall.Mknod(filepath.Join(dir, "null"), syscall.S_IFCHR|0o666, 1<<8|3); err == nil {
		targets["null"] = os.ModeDevice | os.ModeCharDevice
	} else {
		t.Logf("no device node (%v): not tested", err)
	}
	os.Symlink("fifo", filepath.Join(dir, "link-to-fifo"))
	targets["link-to-fifo"] = os.ModeSymlink
	for name, typ := range targets {
		path := filepath.Join(dir, name)
		for _, check := range []func() error{func() error { return writeString(path, "x") }, func() error { return Check(path) }} {
			if err := check(); !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), path) {
				t.Errorf("%s: error %v, want ErrNotRegular naming it", name, err)
			}
		}
		if fi, err := os.Lstat(path); err != nil || fi.Mode().Type() != typ {
			t.Errorf("%s: now %v (%v), want type %v", name, fi.Mode(), err, typ)
		}
	}
	missing := filepath.Join(dir, "nodir", "m.json")
	if err := writeString(missing, "x"); !errors.Is(err, ErrNoDir) || strings.Contains(err.Error(), tempMarker) {
		t.Errorf("missing directory: %v", err)
	}
	if err := Check(missing); !errors.Is(err, ErrNoDir) || !strings.Contains(err.Error(), "no such directory: "+filepath.Join(dir, "nodir")) {
		t.Errorf("Check, missing directory: %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != len(targets) {
		t.Errorf("%d entries, want %d", len(entries), len(targets))
	}
}

// A link to an open pipe whose target has no path (/dev/stdout on a pipe:
// /proc/self/fd/N -> "pipe:[ino]") is refused as a pipe, not as a missing
// directory "/proc/self/fd".
func TestCheckRefusesAnonymousPipe(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	path := fmt.Sprintf("/proc/self/fd/%d", w.Fd())
	if _, err := os.Lstat(path); err != nil {
		t.Skipf("no /proc (%v)", err)
	}
	if err := Check(path); !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), path+" is a pipe that has no path") {
		t.Errorf("Check(%s): %v, want ErrNotRegular, a pipe that has no path", path, err)
	}
}

// TestCheckRefusesDeletedFile: /proc/self/fd/N of a file deleted while
// open (hull's stdout redirected to a file since removed) is refused as a
// deleted file; it once gave "may not be written (no such file or
// directory)".
func TestCheckRefusesDeletedFile(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "out.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	os.Remove(f.Name())
	path := fmt.Sprintf("/proc/self/fd/%d", f.Fd())
	if _, err := os.Lstat(path); err != nil {
		t.Skipf("no /proc (%v)", err)
	}
	if err := Check(path); !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "is a deleted file that has no path") {
		t.Errorf("Check(%s): %v, want ErrNotRegular, a deleted file", path, err)
	}
}

// TestWriteThroughLinkedDir: a relative link inside a directory reached
// through a link to it points from the real directory, as the kernel
// reads it. d/lnkdir -> real/sub and real/sub/m.json -> ../m.json: a write
// to d/lnkdir/m.json replaces d/real/m.json. It replaced d/m.json, the
// lexical d/lnkdir/../m.json, another file.
func TestWriteThroughLinkedDir(t *testing.T) {
	d := t.TempDir()
	os.MkdirAll(filepath.Join(d, "real", "sub"), 0o755)
	if err := os.Symlink(filepath.Join("real", "sub"), filepath.Join(d, "lnkdir")); err != nil {
		t.Skip(err)
	}
	os.WriteFile(filepath.Join(d, "real", "m.json"), []byte("old"), 0o644)
	os.Symlink(filepath.Join("..", "m.json"), filepath.Join(d, "real", "sub", "m.json"))
	os.WriteFile(filepath.Join(d, "m.json"), []byte("precious"), 0o644)
	if err := Write(filepath.Join(d, "lnkdir", "m.json"), func(w io.Writer) error {
		_, err := io.WriteString(w, "new")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"real/m.json": "new", "m.json": "precious"} {
		if got, _ := os.ReadFile(filepath.Join(d, name)); string(got) != want {
			t.Errorf("%s holds %q, want %q", name, got, want)
		}
	}
	if fi, err := os.Lstat(filepath.Join(d, "real", "sub", "m.json")); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link real/sub/m.json was replaced: %v", err)
	}
}

// deadPID returns the id of a process that has exited.
func deadPID(t *testing.T) int {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}

// TestWriteRemovesStaleTemps simulates a writer killed by kill -9: its
// temporary file is removed by the next write to the same destination,
// those of live processes and of other destinations are kept.
func TestWriteRemovesStaleTemps(t *testing.T) {
	dir := t.TempDir()
	dead, live := deadPID(t), os.Getppid()
	stale := fmt.Sprintf(".m.json%s%d-12345", tempMarker, dead)
	keep := []string{
		fmt.Sprintf(".m.json%s%d-12345", tempMarker, live),     // a live writer
		fmt.Sprintf(".other.json%s%d-12345", tempMarker, dead), // another destination
		fmt.Sprintf(".m.json%s%d-12x45", tempMarker, dead),     // not a name we make
		fmt.Sprintf(".m.json.gz%s%d-12345", tempMarker, dead),  // another destination
		fmt.Sprintf(".m.json%s%d-12345", "-hull-tmp-", dead),   // not a name we make
	}
	for _, name := range append([]string{stale}, keep...) {
		os.WriteFile(filepath.Join(dir, name), []byte("partial"), 0o600)
	}
	if err := writeString(filepath.Join(dir, "m.json"), "x"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, stale)); !os.IsNotExist(err) {
		t.Errorf("stale temporary file of dead process %d kept", dead)
	}
	for _, name := range keep {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s removed", name)
		}
	}
}

// A new file gets 0666 less the umask, as a shell's ">" gives it (it was
// 0644 whatever the umask); the temporary file that replaces an existing
// 0600 file is never wider than 0600 while it is written.
func TestNewFileFollowsUmask(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ umask, want os.FileMode }{{0o077, 0o600}, {0o027, 0o640}, {0o022, 0o644}} {
		path := filepath.Join(dir, fmt.Sprintf("new-%o", c.umask))
		old := syscall.Umask(int(c.umask))
		err := writeString(path, "new")
		syscall.Umask(old)
		if err != nil {
			t.Fatal(err)
		}
		if fi, _ := os.Stat(path); fi.Mode().Perm() != c.want {
			t.Errorf("umask %03o: mode %v, want %v", c.umask, fi.Mode().Perm(), c.want)
		}
	}
	secret := filepath.Join(dir, "secret")
	os.WriteFile(secret, []byte("old"), 0o600)
	err := Write(secret, func(w io.Writer) error {
		matches, _ := filepath.Glob(filepath.Join(dir, ".secret"+tempMarker+"*"))
		if len(matches) != 1 {
			return fmt.Errorf("temporary files %v", matches)
		}
		if fi, err := os.Stat(matches[0]); err != nil || fi.Mode().Perm() != 0o600 {
			return fmt.Errorf("temporary file %v, %v", fi.Mode(), err)
		}
		_, err := io.WriteString(w, "new")
		return err
	})
	if err != nil {
		t.Error(err)
	}
}

// Check refuses a destination that is one of the inputs, by its path or
// through a link, and accepts inputs that are other files or do not
// exist.
func TestCheckRefusesAnInput(t *testing.T) {
	dir := t.TempDir()
	in, other, link := filepath.Join(dir, "in.txt"), filepath.Join(dir, "other.txt"), filepath.Join(dir, "link.txt")
	os.WriteFile(in, []byte("corpus"), 0o644)
	os.WriteFile(other, []byte("x"), 0o644)
	os.Symlink(in, link)
	for _, out := range []string{in, link, filepath.Join(dir, ".", "in.txt")} {
		if err := Check(out, other, in); !errors.Is(err, ErrIsInput) {
			t.Errorf("Check(%s): %v, want ErrIsInput", out, err)
		}
	}
	if err := Check(in, link); !errors.Is(err, ErrIsInput) {
		t.Errorf("Check(in, link): %v, want ErrIsInput", err)
	}
	if err := Check(other, in, filepath.Join(dir, "missing")); err != nil {
		t.Errorf("Check(other): %v", err)
	}
	if err := Check(filepath.Join(dir, "new.json"), in); err != nil {
		t.Errorf("Check(new): %v", err)
	}
	if got, _ := os.ReadFile(in); string(got) != "corpus" {
		t.Errorf("input became %q", got)
	}
}

// Check refuses a destination that is the file standard input reads when
// an input is "-" (hull fit - -o in.jsonl < in.jsonl replaced the corpus
// with the model). (As /dev/stdin it is the process's descriptor 0,
// which the test does not redirect.)
func TestCheckRefusesStdinFile(t *testing.T) {
	dir := t.TempDir()
	in, other := filepath.Join(dir, "in.jsonl"), filepath.Join(dir, "other.json")
	os.WriteFile(in, []byte("corpus"), 0o644)
	f, err := os.Open(in)
	if err != nil {
		t.Fatal(err)
	}
	defer func(saved *os.File) { os.Stdin = saved; f.Close() }(os.Stdin)
	os.Stdin = f
	for _, out := range []string{in, filepath.Join(dir, ".", "in.jsonl")} {
		if err := Check(out, Stdin); !errors.Is(err, ErrIsInput) || !strings.Contains(err.Error(), "standard input") {
			t.Errorf("Check(%s, -): %v, want ErrIsInput naming standard input", out, err)
		}
	}
	if err := Check(other, Stdin); err != nil {
		t.Errorf("Check(other, -): %v", err)
	}
}

// asNobodyEnv names the directory a child test run as user nobody works in.
const asNobodyEnv = "ATOMICFILE_TEST_NOBODY_DIR"

// A file the process may not write is refused with fs.ErrPermission by
// Check and Write and left as it was, though its directory would let it
// be replaced (a 0444 file of the user; another user's 0640 file, which
// became the user's). Run as root, who may write any file, the test
// reruns itself as nobody, for whom root's files are another user's.
func TestRefusesUnwritable(t *testing.T) {
	dir := os.Getenv(asNobodyEnv)
	if dir == "" {
		if os.Geteuid() == 0 {
			dir = rerunAsNobody(t)
		} else {
			dir = t.TempDir()
			os.WriteFile(filepath.Join(dir, "readonly.json"), []byte("old"), 0o444)
			refusesUnwritable(t, dir)
		}
		for _, name := range []string{"readonly.json", "others.json"} {
			if got, err := os.ReadFile(filepath.Join(dir, name)); err == nil && string(got) != "old" {
				t.Errorf("%s became %q", name, got)
			}
		}
		return
	}
	refusesUnwritable(t, dir)
}

// refusesUnwritable checks Check and Write on the files of dir.
func refusesUnwritable(t *testing.T, dir string) {
	for _, name := range []string{"readonly.json", "others.json"} {
		path := filepath.Join(dir, name)
		if _, err := os.Lstat(path); err != nil {
			continue
		}
		if err := Check(path); !errors.Is(err, fs.ErrPermission) {
			t.Errorf("Check(%s): %v, want fs.ErrPermission", name, err)
		}
		if err := writeString(path, "new"); !errors.Is(err, fs.ErrPermission) {
			t.Errorf("Write(%s): %v, want fs.ErrPermission", name, err)
		}
	}
}

// rerunAsNobody makes a directory that nobody may write, holding
// nobody's 0444 file and root's 0640 file, and runs this test there as
// nobody (a copy of the test binary that nobody may run). It returns the
// directory.
func rerunAsNobody(t *testing.T) string {
	const nobody = 65534
	dir, err := os.MkdirTemp("", "atomicfile-nobody-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	exe, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "atomicfile.test")
	for _, err := range []error{
		os.Chmod(dir, 0o777),
		os.WriteFile(bin, exe, 0o755),
		os.WriteFile(filepath.Join(dir, "readonly.json"), []byte("old"), 0o444),
		os.Chown(filepath.Join(dir, "readonly.json"), nobody, nobody),
		os.WriteFile(filepath.Join(dir, "others.json"), []byte("old"), 0o640),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(bin, "-test.run", "^TestRefusesUnwritable$")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), asNobodyEnv+"="+dir)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("as nobody: %v\n%s", err, out)
	}
	return dir
}

// Check refuses a destination inside an input directory, at any depth
// and through links (a second run would read it as input), and accepts
// one beside it, in a directory whose name merely starts alike.
func TestCheckRefusesInsideAnInputDir(t *testing.T) {
	root := t.TempDir()
	in := filepath.Join(root, "docs")
	os.MkdirAll(filepath.Join(in, "sub"), 0o755)
	os.Mkdir(filepath.Join(root, "docs2"), 0o755)
	os.Symlink(in, filepath.Join(root, "link"))
	for _, out := range []string{filepath.Join(in, "model.json"), filepath.Join(in, "sub", "m.json"), filepath.Join(root, "link", "m.json")} {
		if err := Check(out, in); !errors.Is(err, ErrInInputDir) {
			t.Errorf("Check(%s): %v, want ErrInInputDir", out, err)
		}
	}
	if err := Check(filepath.Join(in, "m.json"), filepath.Join(root, "link")); !errors.Is(err, ErrInInputDir) {
		t.Errorf("input through a link: %v, want ErrInInputDir", err)
	}
	for _, out := range []string{filepath.Join(root, "m.json"), filepath.Join(root, "docs2", "m.json")} {
		if err := Check(out, in); err != nil {
			t.Errorf("Check(%s): %v", out, err)
		}
	}
}
