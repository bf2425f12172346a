//go:build !unix

package cdp

import (
	"os"
	"os/exec"
)

// ownGroup does nothing: without Unix process groups, helpers of the
// browser are left to cmd.WaitDelay and Close's bounded wait.
func ownGroup(cmd *exec.Cmd) {}

// killGroup kills p alone.
func killGroup(p *os.Process) { p.Kill() }
