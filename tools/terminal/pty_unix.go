//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package terminal

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"syscall"

	"github.com/creack/pty"
	"golang.org/x/sys/unix"
)

// startSession runs cmd on a new pseudo-terminal, under gate when it is
// not nil and confined by box when it is not nil. Output goes, plain, to
// out and, as it arrives, to progress (when non-nil) from the reader
// goroutine.
func startSession(cmd *exec.Cmd, out *capped, progress func(string), gate ExecGate, box *Rules) (*session, error) {
	master, slave, err := openPTY()
	if err != nil {
		return nil, fmt.Errorf("open a pseudo-terminal: %w", err)
	}
	defer slave.Close()
	var enter func() error
	if box != nil {
		e, done, err := confine(cmd, box, box.abi)
		if err != nil {
			master.Close()
			return nil, fmt.Errorf("set up the sandbox: %w", err)
		}
		defer done()
		enter = e
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
	// A new session makes the command a process group leader with the
	// terminal as its controlling tty: killing -pid reaches everything it
	// started (unless it left the group on purpose), and when the
	// terminal goes away its processes get SIGHUP as in a real terminal.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	s := newSession(cmd, master, master, out, progress)
	if gate != nil {
		t, err := startTraced(cmd, gate, s.setExited, enter)
		switch {
		case err == nil:
			s.tracer = t
			s.group = procGroup{pid: cmd.Process.Pid}
			go s.read()
			return s, nil
		case errors.Is(err, errors.ErrUnsupported) || errors.Is(err, syscall.EPERM) ||
			errors.Is(err, syscall.ENOSYS) || errors.Is(err, syscall.EACCES):
			// No exec gate on this platform, or ptrace is forbidden
			// here (a container's seccomp profile, Yama): run without
			// the gate, and say so. A command that cannot start at all
			// fails again below with its own error.
			s.ungated = true
			cmd = cloneCmd(cmd)
			s.cmd = cmd
		default:
			master.Close()
			return nil, err
		}
	}
	if err := startOn(cmd, enter); err != nil {
		master.Close()
		return nil, err
	}
	s.group = procGroup{pid: cmd.Process.Pid}
	go func() { s.setExited(exitCode(cmd.Wait())) }()
	go s.read()
	return s, nil
}

// cloneCmd returns an unstarted copy of cmd (an exec.Cmd runs once).
func cloneCmd(cmd *exec.Cmd) *exec.Cmd {
	c := &exec.Cmd{
		Path: cmd.Path, Args: cmd.Args, Env: cmd.Env, Dir: cmd.Dir,
		Stdin: cmd.Stdin, Stdout: cmd.Stdout, Stderr: cmd.Stderr,
	}
	if cmd.SysProcAttr != nil {
		attr := *cmd.SysProcAttr
		attr.Ptrace = false
		c.SysProcAttr = &attr
	}
	return c
}

// openPTY opens a pseudo-terminal pair. The master is put in non-blocking
// mode under Go's poller, so closing it stops a pending read: a process
// that outlives its shell while holding the terminal cannot keep herm
// waiting. Echo is off: nothing the model types is meant to be shown back.
func openPTY() (master, slave *os.File, err error) {
	m, s, err := pty.Open()
	if err != nil {
		return nil, nil, err
	}
	defer m.Close()
	// A wide terminal, so tables and logs are not wrapped early.
	if err := pty.Setsize(m, &pty.Winsize{Rows: 50, Cols: 200}); err != nil {
		s.Close()
		return nil, nil, err
	}
	tios, err := unix.IoctlGetTermios(int(s.Fd()), ioctlGetTermios)
	if err == nil {
		tios.Lflag &^= unix.ECHO | unix.ECHONL
		err = unix.IoctlSetTermios(int(s.Fd()), ioctlSetTermios, tios)
	}
	if err != nil {
		s.Close()
		return nil, nil, fmt.Errorf("set terminal modes: %w", err)
	}
	fd, err := unix.Dup(int(m.Fd()))
	if err != nil {
		s.Close()
		return nil, nil, err
	}
	unix.CloseOnExec(fd)
	if err := unix.SetNonblock(fd, true); err != nil {
		unix.Close(fd)
		s.Close()
		return nil, nil, err
	}
	return os.NewFile(uintptr(fd), "/dev/ptmx"), s, nil
}

// procGroup is the command's process group: its id is the command's pid,
// as the command leads its own session.
type procGroup struct{ pid int }

// kill sends SIGKILL to the whole group.
func (g procGroup) kill() {
	if g.pid > 0 {
		_ = syscall.Kill(-g.pid, syscall.SIGKILL)
	}
}

// release lets go of the group once the session is finished: on Unix
// there is nothing to let go of.
func (g procGroup) release() {}

// endInput makes the next reads of the terminal's input return end of
// file, so a command waiting for input (a prompt, `cat` with no file)
// finishes instead of hanging until the timeout.
func (s *session) endInput() { sendEOF(s.in) }

// sendEOF writes end-of-file characters to a terminal. In canonical mode
// each ^D on an empty line is one end of file; several cover a few
// prompts in a row.
func sendEOF(w io.Writer) {
	const eofs = 16
	b := make([]byte, eofs)
	for i := range b {
		b[i] = 0x04
	}
	_, _ = w.Write(b)
}

// defaultShell is bash from PATH, else /bin/sh.
func defaultShell() string {
	if p, err := exec.LookPath("bash"); err == nil {
		return p
	}
	return "/bin/sh"
}

// shellDir is the shell's expression for its working directory in the
// state the EXIT trap saves.
const shellDir = `"$PWD"`
