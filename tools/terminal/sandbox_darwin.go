package terminal

import (
	"os"
	"os/exec"
)

// sandboxExec runs a program under a Seatbelt profile given as text.
const sandboxExec = "/usr/bin/sandbox-exec"

// sandboxSupport reports whether macOS's sandbox-exec is there (it is on
// every macOS since 10.5, deprecated in name only). The version is 1:
// the profile made here works on every macOS herm runs on.
func sandboxSupport() (abi int, why string) {
	if _, err := os.Stat(sandboxExec); err != nil {
		return 0, "macOS's " + sandboxExec + " is missing, so commands cannot be sandboxed"
	}
	return 1, ""
}

// confine makes cmd start under sandbox-exec with r's Seatbelt profile:
// the shell and everything it starts run confined by the kernel, herm
// does not. Nothing needs doing on the thread that starts it.
func confine(cmd *exec.Cmd, r *Rules, _ int) (enter func() error, done func(), err error) {
	args := append([]string{"sandbox-exec", "-p", seatbeltProfile(r), "--", cmd.Path}, cmd.Args[1:]...)
	cmd.Path, cmd.Args = sandboxExec, args
	return nil, func() {}, nil
}

// blocksNetwork reports whether the sandbox can refuse the network: the
// Seatbelt profile always can.
func blocksNetwork(int) bool { return true }

// isMainThread is false: on macOS no thread is confined (sandbox-exec
// confines the command), so any thread will do.
func isMainThread() bool { return false }
