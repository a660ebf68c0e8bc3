package terminal

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"
)

// HasExecGate reports whether this platform has the exec gate. It does
// here; a system may still forbid ptrace (Result.Ungated then says so).
const HasExecGate = true

// traceOptions make the kernel trace every process and thread the command
// starts and stop each program after execve.
const traceOptions = unix.PTRACE_O_TRACEFORK | unix.PTRACE_O_TRACEVFORK |
	unix.PTRACE_O_TRACECLONE | unix.PTRACE_O_TRACEEXEC

// tracer runs one command under the exec gate.
type tracer struct {
	gate   ExecGate
	leader int
	// seen holds the traced processes whose first stop has been handled:
	// a new tracee starts with a SIGSTOP that must not be delivered.
	seen    map[int]bool
	optsSet bool

	mu      sync.Mutex
	refused *Refusal
}

// startTraced starts cmd under the exec gate and returns once it has
// started or failed to. enter, when not nil, confines the tracing thread
// before it starts cmd (the sandbox: see startOn), so the command
// inherits the confinement while its tracer's rules stay those of a
// thread of the same domain. exited is called once, from the tracing
// goroutine, with the shell's exit status when it ends; tracing goes on
// while processes it left behind run.
func startTraced(cmd *exec.Cmd, gate ExecGate, exited func(code int), enter func() error) (*tracer, error) {
	t := &tracer{gate: gate, seen: map[int]bool{}}
	started := make(chan error, 1)
	// ptrace requests must come from the thread that traces. The thread
	// stays locked for good: when this goroutine returns it ends, and the
	// kernel lets go of anything still traced.
	onFreshThread(func() {
		if enter != nil {
			if err := enter(); err != nil {
				started <- sandboxSetupError{err}
				return
			}
		}
		if cmd.SysProcAttr == nil {
			cmd.SysProcAttr = &syscall.SysProcAttr{}
		}
		cmd.SysProcAttr.Ptrace = true
		if err := cmd.Start(); err != nil {
			started <- err
			return
		}
		t.leader = cmd.Process.Pid
		t.seen[t.leader] = true
		started <- nil
		t.loop(exited)
	})
	if err := <-started; err != nil {
		return nil, err
	}
	return t, nil
}

// Refused returns what the gate stopped, nil if nothing.
func (t *tracer) Refused() *Refusal {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.refused
}

// loop services the tracees' stops until none is left. Waiting with
// __WNOTHREAD sees only this thread's children and tracees, never
// processes other parts of herm started.
func (t *tracer) loop(exited func(code int)) {
	leaderDone := false
	for {
		var ws unix.WaitStatus
		pid, err := unix.Wait4(-1, &ws, unix.WALL|unix.WNOTHREAD, nil)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			break // ECHILD: nothing left to trace
		}
		switch {
		case ws.Exited() || ws.Signaled():
			delete(t.seen, pid)
			if pid == t.leader && !leaderDone {
				leaderDone = true
				exited(waitCode(ws))
			}
		case ws.Stopped():
			t.stopped(pid, ws)
		}
	}
	if !leaderDone {
		exited(-1)
	}
}

func waitCode(ws unix.WaitStatus) int {
	if ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return ws.ExitStatus()
}

func (t *tracer) stopped(pid int, ws unix.WaitStatus) {
	sig := ws.StopSignal()
	switch {
	case pid == t.leader && !t.optsSet:
		// The shell's first stop, right after it was executed.
		t.optsSet = true
		if err := unix.PtraceSetOptions(pid, traceOptions); err != nil {
			t.refuse(nil, "the exec gate could not be set up: "+err.Error())
			return
		}
		resume(pid, 0)
		return
	case t.Refused() != nil:
		// The command is being killed; nothing more of it runs, not
		// even a child forked just before its parent died.
		t.seen[pid] = true
		_ = unix.Kill(pid, unix.SIGKILL)
		return
	case !t.seen[pid]:
		t.seen[pid] = true
		if sig == unix.SIGSTOP {
			resume(pid, 0) // a new tracee's first stop
			return
		}
	}
	if sig == unix.SIGTRAP {
		switch ws.TrapCause() {
		case unix.PTRACE_EVENT_EXEC:
			t.exec(pid)
			return
		case unix.PTRACE_EVENT_FORK, unix.PTRACE_EVENT_VFORK, unix.PTRACE_EVENT_CLONE, unix.PTRACE_EVENT_VFORK_DONE:
			resume(pid, 0)
			return
		}
	}
	switch sig {
	case unix.SIGSTOP, unix.SIGTSTP, unix.SIGTTIN, unix.SIGTTOU:
		// Delivering a stop would leave the process stopped in a way
		// only the tracer could end; it goes on instead.
		resume(pid, 0)
	default:
		resume(pid, int(sig))
	}
}

func resume(pid, sig int) {
	// ESRCH: it was killed meanwhile; nothing to do.
	_ = unix.PtraceCont(pid, sig)
}

// exec judges the program pid has just loaded.
func (t *tracer) exec(pid int) {
	proc := "/proc/" + strconv.Itoa(pid)
	e := Exec{PID: pid}
	data, err := os.ReadFile(proc + "/cmdline")
	if err != nil {
		t.refuse(nil, "its arguments could not be read: "+err.Error())
		return
	}
	e.Argv = splitCmdline(data)
	e.Exe, _ = os.Readlink(proc + "/exe")
	e.Dir, _ = os.Readlink(proc + "/cwd")
	if err := t.judge(e); err != nil {
		_ = unix.Kill(pid, unix.SIGKILL)
		t.refuse(e.Argv, err.Error())
		return
	}
	resume(pid, 0)
}

// judge calls the gate; a gate that panics refuses.
func (t *tracer) judge(e Exec) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the exec gate failed: %v", r)
		}
	}()
	return t.gate(e)
}

func splitCmdline(data []byte) []string {
	data = bytes.TrimSuffix(data, []byte{0})
	if len(data) == 0 {
		return nil
	}
	parts := bytes.Split(data, []byte{0})
	argv := make([]string, len(parts))
	for i, p := range parts {
		argv[i] = string(p)
	}
	return argv
}

// refuse records why the command is stopped and kills all of it: every
// traced process, and the shell's process group.
func (t *tracer) refuse(argv []string, reason string) {
	t.mu.Lock()
	if t.refused == nil {
		t.refused = &Refusal{Argv: argv, Reason: reason}
	}
	t.mu.Unlock()
	for pid := range t.seen {
		_ = unix.Kill(pid, unix.SIGKILL)
	}
	_ = unix.Kill(-t.leader, unix.SIGKILL)
}
