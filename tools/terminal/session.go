package terminal

import (
	"errors"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"
)

// session is one process running on its own terminal, killed with
// everything it starts, with a goroutine reading its output. On Unix the
// terminal is a pseudo-terminal and the process leads its own session and
// process group (pty_unix.go); on Windows it is a pair of pipes and the
// process runs in its own job object (pipe_windows.go).
type session struct {
	cmd *exec.Cmd
	// out is where the reader reads the command's output from, in where
	// its input is written; on Unix both are the terminal's master side.
	out, in *os.File
	// group is the command and the processes it starts, to kill together.
	group procGroup

	exited chan struct{} // closed when the process has exited
	code   int           // its exit status (128+N if killed by signal N), set before exited is closed

	// tracer is the exec gate, nil when the command runs without one;
	// ungated is set when a gate was asked for but cannot run here (no
	// ptrace on this platform, or not allowed).
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

// newSession returns the session for cmd, not started yet, reading from
// out and writing to in.
func newSession(cmd *exec.Cmd, out, in *os.File, lines *capped, progress func(string)) *session {
	return &session{
		cmd:      cmd,
		out:      out,
		in:       in,
		exited:   make(chan struct{}),
		readDone: make(chan struct{}),
		lines:    lineStage{out: lines},
		progress: progress,
	}
}

// setExited records the command's exit status; it is called once.
func (s *session) setExited(code int) {
	s.code = code
	close(s.exited)
}

// refused returns what the exec gate stopped, nil if nothing.
func (s *session) refused() *Refusal {
	if s.tracer == nil {
		return nil
	}
	return s.tracer.Refused()
}

func (s *session) read() {
	defer close(s.readDone)
	buf := make([]byte, 32<<10)
	var plain []byte
	for {
		n, err := s.out.Read(buf)
		if n > 0 {
			s.mu.Lock()
			s.received += int64(n)
			plain = s.strip.strip(plain[:0], buf[:n])
			s.lines.write(plain)
			s.emit(plain)
			s.mu.Unlock()
		}
		if err != nil {
			// EIO once every process has closed the terminal (EOF for
			// a pipe), or ErrClosed when herm closed it: the end either
			// way.
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

// write sends data to the command's input, as if typed.
func (s *session) write(data []byte) error {
	_, err := s.in.Write(data)
	return err
}

// killGroup kills the command and every process it started (unless one
// left the group on purpose). Once the command has exited nothing is
// done: on Unix its pid, the group's id, may be in use again. (Group
// members outliving it got SIGHUP when it exited, as in a real terminal.)
func (s *session) killGroup() {
	select {
	case <-s.exited:
		return
	default:
	}
	s.group.kill()
}

// Output draining: after the shell exits, processes it started may still
// hold the terminal. Reading continues until output has been quiet for
// quietPeriod (or drainMax at most), then the terminal is closed.
const (
	quietPeriod = 50 * time.Millisecond
	drainMax    = 2 * time.Second
)

// finish waits for the reader to collect the output that is left, then
// closes the terminal. It is called once the command has exited.
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
	s.out.Close()
	if s.in != s.out {
		s.in.Close()
	}
	<-s.readDone
	s.group.release()
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
