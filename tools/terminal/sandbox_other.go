//go:build !linux && !darwin

package terminal

import (
	"errors"
	"fmt"
	"os/exec"
	"runtime"
)

// sandboxSupport reports that there is no sandbox for commands here.
func sandboxSupport() (abi int, why string) {
	return 0, fmt.Sprintf("herm has no sandbox for commands on %s (it has one on Linux, with Landlock, and on macOS)", runtime.GOOS)
}

// confine cannot confine a command here; Backend never asks it to, as
// sandboxSupport says there is no sandbox.
func confine(*exec.Cmd, *Rules, int) (enter func() error, done func(), err error) {
	return nil, nil, fmt.Errorf("no sandbox on %s: %w", runtime.GOOS, errors.ErrUnsupported)
}

// blocksNetwork reports that nothing blocks the network here.
func blocksNetwork(int) bool { return false }

// isMainThread is false: nothing is confined here.
func isMainThread() bool { return false }
