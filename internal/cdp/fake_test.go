package cdp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// fakeEnv, when set, makes the test binary a fake browser (fakeBrowser)
// instead of running the tests: the browser of the tests of Close and of
// the errors after an exit, which need no Chromium.
const fakeEnv = "HULL_CDP_FAKE_BROWSER"

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeEnv); mode != "" {
		os.Exit(fakeBrowser(mode))
	}
	os.Exit(m.Run())
}

// fakeBrowser speaks the protocol on fds 3 and 4 as the browser does: it
// answers every command with an empty result and exits once it has
// answered Browser.close. In mode "noisy" it first writes 40 lines to
// stderr, and exits at its second command without answering it.
func fakeBrowser(mode string) int {
	in, out := bufio.NewReader(os.NewFile(3, "commands")), os.NewFile(4, "responses")
	if mode == "noisy" {
		for i := range 40 {
			fmt.Fprintf(os.Stderr, "noise %d\n", i)
		}
		os.Stderr.Close()
	}
	for n := 1; ; n++ {
		raw, err := in.ReadBytes(0)
		if err != nil || mode == "noisy" && n == 2 {
			return 0
		}
		var m message
		if err := json.Unmarshal(raw[:len(raw)-1], &m); err != nil {
			return 1
		}
		fmt.Fprintf(out, "{\"id\":%d,\"result\":{}}\x00", m.ID)
		if m.Method == "Browser.close" {
			return 0
		}
	}
}

// startFake starts the test binary as a fake browser in mode, through
// the shell script wrapper (the test binary's path follows it), as
// $HULL_CHROMIUM may name one.
func startFake(t *testing.T, mode, wrapper string) *Browser {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the fake browser's wrapper is a shell script")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(t.TempDir(), "browser")
	if err := os.WriteFile(script, []byte("#!/bin/sh\n"+wrapper+"\nexec "+strconv.Quote(self)+" \"$@\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv(fakeEnv, mode)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	b, err := Start(ctx, script)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestCloseBounded: Close returns soon after the browser exits even when
// a helper it leaves holds its stderr and fd 4 (it waited for the helper,
// 20 s here, without limit), and the helper, in the browser's process
// group, is killed.
func TestCloseBounded(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "helper.pid")
	b := startFake(t, "plain", "sleep 20 &\necho $! >"+strconv.Quote(pidFile))
	start := time.Now()
	b.Close()
	if d := time.Since(start); d > 7*time.Second {
		t.Errorf("Close took %v with a helper holding the pipes, want at most 7 s", d.Round(time.Millisecond))
	}
	pid, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	// A killed process must still be scheduled to die: on a loaded
	// machine /proc shows it running for a moment after the SIGKILL.
	var stat []byte
	for range 40 {
		stat, err = os.ReadFile("/proc/" + strings.TrimSpace(string(pid)) + "/stat")
		if err != nil || strings.Contains(string(stat), ") Z ") { // a zombie is dead, not yet reaped
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Errorf("the helper %s runs on 2 s after Close: %s", strings.TrimSpace(string(pid)), stat)
}

// TestErrorAfterExit: the error of a call on a browser that has exited
// carries the last lines of its stderr, not the 8 KB kept (forty lines
// of dbus warnings in every failed call of a test).
func TestErrorAfterExit(t *testing.T) {
	b := startFake(t, "noisy", "")
	defer b.Close()
	err := b.Call(context.Background(), "", "Browser.getVersion", nil, nil)
	if err == nil {
		t.Fatal("a call the browser exited at: no error")
	}
	if n := strings.Count(err.Error(), "noise"); n != 5 || !strings.Contains(err.Error(), "noise 35") || !strings.Contains(err.Error(), "noise 39") {
		t.Errorf("the error holds %d lines of stderr, want the last 5: %v", n, err)
	}
}

// TestLastLines: a final line break starts no line of its own (the last
// five lines of "...\n" were four and an empty one).
func TestLastLines(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"a\nb\nc\n", "b\nc"},
		{"a\nb\nc", "b\nc"},
		{"c\n", "c"},
		{"", ""},
	} {
		if got := lastLines(tc.in, 2); got != tc.want {
			t.Errorf("lastLines(%q, 2) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
