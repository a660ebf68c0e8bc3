package terminal

import (
	"context"
	"errors"
	"time"
)

// Process is a command running in the background on its own terminal.
type Process struct {
	ID      string // "proc_N", unique within its Backend
	Command string
	Dir     string
	PID     int
	Started time.Time
	// Sandboxed is set when the process runs in the sandbox.
	Sandboxed bool

	s    *session
	out  *capped
	done chan struct{} // closed once the process exited and its output is in
	// kept are the repository files the sandbox guards, as they were
	// when the process started (sandbox_restore.go).
	kept *guardSnapshot

	// Set before done is closed.
	exitCode int
	ended    time.Time
}

func (p *Process) watch() {
	<-p.s.exited
	p.s.finish()
	p.exitCode = p.s.code
	p.ended = time.Now()
	p.kept.restore() // what it changed of the repository's config and hooks
	close(p.done)
}

// Output returns the plain output so far (head and tail when it is over
// the backend's LogLimit), including an unfinished last line such as a
// prompt.
func (p *Process) Output() string {
	p.s.mu.Lock()
	defer p.s.mu.Unlock()
	text, _ := p.out.text()
	if !p.s.lines.overwrite {
		text += string(p.s.lines.line)
	}
	return text
}

// OutputSize is the number of plain-text bytes produced so far, kept or
// not; a poller can compare it between calls to see whether anything new
// arrived.
func (p *Process) OutputSize() int64 {
	p.s.mu.Lock()
	defer p.s.mu.Unlock()
	return p.out.total + int64(len(p.s.lines.line))
}

// Done is closed when the process has exited and its output is complete.
func (p *Process) Done() <-chan struct{} { return p.done }

// Running reports whether the process is still running.
func (p *Process) Running() bool {
	select {
	case <-p.done:
		return false
	default:
		return true
	}
}

// ExitCode returns the exit status once the process has exited.
func (p *Process) ExitCode() (code int, exited bool) {
	select {
	case <-p.done:
		return p.exitCode, true
	default:
		return 0, false
	}
}

// Refused returns what the exec gate stopped, nil if nothing.
func (p *Process) Refused() *Refusal { return p.s.refused() }

// Ungated reports whether the process was started without the exec gate it
// asked for, because this platform has none or this system does not allow
// tracing.
func (p *Process) Ungated() bool { return p.s.ungated }

// Ended returns when the process exited (zero while it runs).
func (p *Process) Ended() time.Time {
	select {
	case <-p.done:
		return p.ended
	default:
		return time.Time{}
	}
}

// Wait waits for the process to exit, or for ctx.
func (p *Process) Wait(ctx context.Context) (int, error) {
	select {
	case <-p.done:
		return p.exitCode, nil
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}

// Kill kills the process and its process group, and waits until it has
// exited.
func (p *Process) Kill() {
	if !p.Running() {
		return
	}
	p.s.killGroup()
	<-p.done
}

// ErrExited is returned when writing to a process that has exited.
var ErrExited = errors.New("process has exited")

// Write sends data to the process's terminal, as if typed (on Windows, to
// its input pipe).
func (p *Process) Write(data string) error {
	if !p.Running() {
		return ErrExited
	}
	return p.s.write([]byte(data))
}
