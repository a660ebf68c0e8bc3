package e2e

import (
	"crypto/rand"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// tmuxTerm runs herm full-screen in a detached tmux session of its own
// server (its socket in the test's temp dir, so parallel tests never share
// one and nothing is left behind) and reads the screen back with
// capture-pane.
type tmuxTerm struct {
	t      *testing.T
	e      *env
	sock   string
	stderr string
}

// needTmux skips the test when tmux is not installed (.ci/run installs it).
func needTmux(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
}

// startTUI starts `herm args...` in a width×height tmux window.
func startTUI(t *testing.T, e *env, width, height int, args ...string) *tmuxTerm {
	t.Helper()
	return startTUIWith(t, e, width, height, nil, args...)
}

// startTUIWith is startTUI on a tmux server with these global options
// (name, value pairs) set before herm starts: an option such as
// focus-events acts on what herm asks of the terminal as it starts.
func startTUIWith(t *testing.T, e *env, width, height int, options []string, args ...string) *tmuxTerm {
	t.Helper()
	needTmux(t)
	var b [4]byte
	rand.Read(b[:])
	x := &tmuxTerm{t: t, e: e, sock: tmuxSocket(t), stderr: filepath.Join(e.work, "..", fmt.Sprintf("stderr-%x.log", b))}
	quoted := []string{shellQuote(hermBin)}
	for _, a := range args {
		quoted = append(quoted, shellQuote(a))
	}
	// exec replaces the shell so the pane's process is herm itself.
	command := "exec " + strings.Join(quoted, " ") + " 2>" + shellQuote(x.stderr)
	// One tmux command line: the first command starts the server, the
	// options are set, then the session starts herm.
	var newSession []string
	newSession = append(newSession, "-f", "/dev/null")
	for i := 0; i+1 < len(options); i += 2 {
		newSession = append(newSession, "set-option", "-g", options[i], options[i+1], ";")
	}
	newSession = append(newSession, "new-session", "-d", "-s", "herm",
		"-x", fmt.Sprint(width), "-y", fmt.Sprint(height), "-c", e.work)
	for _, v := range e.vars {
		newSession = append(newSession, "-e", v)
	}
	newSession = append(newSession, "-e", "TERM=xterm-256color", command)
	if out, err := x.cmd(newSession...).CombinedOutput(); err != nil {
		t.Fatalf("tmux new-session: %v\n%s", err, out)
	}
	t.Cleanup(func() { x.cmd("kill-server").Run() })
	return x
}

// tmuxSocket returns a path for a tmux server's socket in a directory of
// the test's own. A socket path must fit in sun_path (108 bytes on Linux,
// 104 on macOS): a test with a long name gets a shorter temp dir, removed
// the same way.
func tmuxSocket(t *testing.T) string {
	dir := t.TempDir()
	if len(dir) > 90 {
		d, err := os.MkdirTemp("", "herm-tmux-")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.RemoveAll(d) })
		dir = d
	}
	return filepath.Join(dir, "tmux.sock")
}

func (x *tmuxTerm) cmd(args ...string) *exec.Cmd {
	c := exec.Command("tmux", append([]string{"-S", x.sock}, args...)...)
	c.Env = append(os.Environ(), "TMUX=") // never talk to a surrounding tmux
	return c
}

// screen returns the visible pane, lines right-trimmed.
func (x *tmuxTerm) screen() string {
	out, err := x.cmd("capture-pane", "-p", "-t", "herm").Output()
	if err != nil {
		return ""
	}
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// waitFor polls the screen until cond holds (20 s at most) and returns it.
func (x *tmuxTerm) waitFor(what string, cond func(string) bool) string {
	x.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		s := x.screen()
		if cond(s) {
			return s
		}
		if time.Now().After(deadline) {
			x.t.Fatalf("timed out waiting for %s; screen:\n%s\nstderr:\n%s", what, s, x.readStderr())
		}
		time.Sleep(15 * time.Millisecond)
	}
}

func (x *tmuxTerm) waitText(what string, texts ...string) string {
	x.t.Helper()
	return x.waitFor(what, func(s string) bool {
		for _, t := range texts {
			if !strings.Contains(s, t) {
				return false
			}
		}
		return true
	})
}

// keys sends tmux key names (Enter, Escape, Tab, C-c, Up…).
func (x *tmuxTerm) keys(keys ...string) {
	x.t.Helper()
	if out, err := x.cmd(append([]string{"send-keys", "-t", "herm"}, keys...)...).CombinedOutput(); err != nil {
		x.t.Fatalf("send-keys %v: %v %s", keys, err, out)
	}
}

// typeText types literal text.
func (x *tmuxTerm) typeText(s string) {
	x.t.Helper()
	if out, err := x.cmd("send-keys", "-t", "herm", "-l", s).CombinedOutput(); err != nil {
		x.t.Fatalf("send-keys: %v %s", err, out)
	}
}

func (x *tmuxTerm) resize(width, height int) {
	x.t.Helper()
	if out, err := x.cmd("resize-window", "-t", "herm", "-x", fmt.Sprint(width), "-y", fmt.Sprint(height)).CombinedOutput(); err != nil {
		x.t.Fatalf("resize-window: %v %s", err, out)
	}
}

// waitExit waits for herm to leave (the session ends with its process).
func (x *tmuxTerm) waitExit() {
	x.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for x.cmd("has-session", "-t", "herm").Run() == nil {
		if time.Now().After(deadline) {
			x.t.Fatalf("herm did not exit; screen:\n%s", x.screen())
		}
		time.Sleep(15 * time.Millisecond)
	}
}

func (x *tmuxTerm) pid() string {
	out, err := x.cmd("display-message", "-p", "-t", "herm", "#{pane_pid}").Output()
	if err != nil {
		x.t.Fatal(err)
	}
	return strings.TrimSpace(string(out))
}

func (x *tmuxTerm) readStderr() string {
	b, _ := os.ReadFile(x.stderr)
	return string(b)
}

func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
