package terminal

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"

	"github.com/creack/pty"
	"golang.org/x/sys/unix"
)

// session is one process running on its own pseudo-terminal, in its own
// session and process group, with a goroutine reading its output.
type session struct {
	cmd    *exec.Cmd
	master *os.File

	exited chan struct{} // closed when the process has exited
	code   int           // its exit status (128+N if killed by signal N), set before exited is closed

	// tracer is the exec gate, nil when the command runs without one;
	// ungated is set when a gate was asked for but ptrace is not
	// allowed here.
	tracer  *tracer
	ungated bool

	readDone chan struct{} // closed when the reader has stopped

	mu       sync.Mutex
	strip    stripper
	lines    lineStage
	pending  []byte // bytes of a character split across reads
	received int64  // bytes read so far, to tell when output goes quiet
	progress func(string)
}

// startSession runs cmd on a new pseudo-terminal, under gate when it is
// not nil. Output goes, plain, to out and, as it arrives, to progress
// (when non-nil) from the reader goroutine.
func startSession(cmd *exec.Cmd, out *capped, progress func(string), gate ExecGate) (*session, error) {
	master, slave, err := openPTY()
	if err != nil {
		return nil, fmt.Errorf("open a pseudo-terminal: %w", err)
	}
	defer slave.Close()
	cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
	// A new session makes the command a process group leader with the
	// terminal as its controlling tty: killing -pid reaches everything it
	// started (unless it left the group on purpose), and when the
	// terminal goes away its processes get SIGHUP as in a real terminal.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	s := &session{
		cmd:      cmd,
		master:   master,
		exited:   make(chan struct{}),
		readDone: make(chan struct{}),
		lines:    lineStage{out: out},
		progress: progress,
	}
	exited := func(code int) {
		s.code = code
		close(s.exited)
	}
	if gate != nil {
		t, err := startTraced(cmd, gate, exited)
		switch {
		case err == nil:
			s.tracer = t
			go s.read()
			return s, nil
		case errors.Is(err, syscall.EPERM) || errors.Is(err, syscall.ENOSYS) || errors.Is(err, syscall.EACCES):
			// ptrace is forbidden here (a container's seccomp profile,
			// Yama): run without the gate, and say so. A command that
			// cannot start at all fails again below with its own error.
			s.ungated = true
			cmd = cloneCmd(cmd)
			s.cmd = cmd
		default:
			master.Close()
			return nil, err
		}
	}
	if err := cmd.Start(); err != nil {
		master.Close()
		return nil, err
	}
	go func() { exited(exitCode(cmd.Wait())) }()
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

// refused returns what the exec gate stopped, nil if nothing.
func (s *session) refused() *Refusal {
	if s.tracer == nil {
		return nil
	}
	return s.tracer.Refused()
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
	tios, err := unix.IoctlGetTermios(int(s.Fd()), unix.TCGETS)
	if err == nil {
		tios.Lflag &^= unix.ECHO | unix.ECHONL
		err = unix.IoctlSetTermios(int(s.Fd()), unix.TCSETS, tios)
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

func (s *session) read() {
	defer close(s.readDone)
	buf := make([]byte, 32<<10)
	var plain []byte
	for {
		n, err := s.master.Read(buf)
		if n > 0 {
			s.mu.Lock()
			s.received += int64(n)
			plain = s.strip.strip(plain[:0], buf[:n])
			s.lines.write(plain)
			s.emit(plain)
			s.mu.Unlock()
		}
		if err != nil {
			// EIO once every process has closed the terminal, or
			// ErrClosed when herm closed it: the end either way.
			s.mu.Lock()
			plain = s.strip.flush(plain[:0])
			s.lines.write(plain)
			s.lines.flush()
			s.emit(plain)
			if len(s.pending) > 0 && s.progress != nil {
				s.progress(string(s.pending))
			}
			s.pending = nil
			s.mu.Unlock()
			return
		}
	}
}

// emit hands plain output to the progress callback in whole characters.
// Called with s.mu held.
func (s *session) emit(plain []byte) {
	if s.progress == nil || len(plain) == 0 {
		return
	}
	b := append(s.pending, plain...)
	complete, rest := completeUTF8(b)
	s.pending = append([]byte(nil), rest...)
	if len(complete) > 0 {
		s.progress(string(complete))
	}
}

func (s *session) receivedBytes() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.received
}

// killGroup sends SIGKILL to the session's whole process group. After the
// leader has been reaped its pid may be reused, so then nothing is sent.
// (Group members outliving it got SIGHUP when it exited, as in a real
// terminal.)
func (s *session) killGroup() {
	select {
	case <-s.exited:
		return
	default:
	}
	if p := s.cmd.Process; p != nil {
		// The group id is the pid: the command leads its own session.
		_ = syscall.Kill(-p.Pid, syscall.SIGKILL)
	}
}

// Output draining: after the shell exits, processes it started may still
// hold the terminal. Reading continues until output has been quiet for
// quietPeriod (or drainMax at most), then the terminal is closed.
const (
	quietPeriod = 50 * time.Millisecond
	drainMax    = 2 * time.Second
)

// finish waits for the reader to collect the output that is left, then
// closes the terminal.
func (s *session) finish() {
	deadline := time.NewTimer(drainMax)
	defer deadline.Stop()
	tick := time.NewTicker(quietPeriod)
	defer tick.Stop()
	last := s.receivedBytes()
wait:
	for {
		select {
		case <-s.readDone:
			break wait
		case <-deadline.C:
			break wait
		case <-tick.C:
			now := s.receivedBytes()
			if now == last {
				break wait
			}
			last = now
		}
	}
	s.master.Close()
	<-s.readDone
}

// exitCode turns the result of Wait into a shell-style exit status:
// 128+N for a process killed by signal N.
func exitCode(err error) int {
	if err == nil {
		return 0
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return 128 + int(ws.Signal())
		}
		return ee.ExitCode()
	}
	return -1
}

// sendEOF makes the next reads of the terminal's input return end of
// file, so a command waiting for input (a prompt, `cat` with no file)
// finishes instead of hanging until the timeout. In canonical mode each
// ^D on an empty line is one end of file; several cover a few prompts in
// a row.
func sendEOF(w io.Writer) {
	const eofs = 16
	b := make([]byte, eofs)
	for i := range b {
		b[i] = 0x04
	}
	_, _ = w.Write(b)
}
